/**
 * A small seeded random source for the Monte Carlo: the same seed always gives
 * the same numbers, so the same answers always draw the same chart. The uniform
 * source is mulberry32 (a 32-bit state stepped by 0x6d2b79f5, then mixed).
 */

/** mulberry32's output function: a 32-bit state to a well-mixed unsigned 32-bit integer. */
function mix(a: number): number {
  let t = Math.imul(a ^ (a >>> 15), a | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (t ^ (t >>> 14)) >>> 0;
}

/**
 * Standard normal draws from mulberry32 by Marsaglia's polar method (a variant of
 * Box–Muller without sine and cosine, both values of each pair used). A class
 * with number-only fields keeps the Monte Carlo's inner loop fast.
 */
export class Normals {
  private state: number;
  private spare = 0;
  private hasSpare = false;

  constructor(seed: number) {
    this.state = seed | 0;
  }

  /** A uniform number in (−1, 1). */
  private signed(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    return mix(this.state) / 2_147_483_648 - 1;
  }

  next(): number {
    if (this.hasSpare) {
      this.hasSpare = false;
      return this.spare;
    }
    let x: number;
    let y: number;
    let s: number;
    do {
      x = this.signed();
      y = this.signed();
      s = x * x + y * y;
    } while (s >= 1 || s === 0);
    const f = Math.sqrt((-2 * Math.log(s)) / s);
    this.spare = y * f;
    this.hasSpare = true;
    return x * f;
  }
}
