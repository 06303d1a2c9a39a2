/** Token lifetimes as widget-spec §3 writes them: a whole number and a unit, s, m, h or d (`10s`, `30m`, `2h`, `1d`). */

const UNITS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** Milliseconds of a lifetime like `30m`; throws on anything else. */
export function parseDuration(text: string): number {
  const m = /^(\d+)([smhd])$/.exec(text.trim());
  if (!m || Number(m[1]) <= 0) throw new Error(`"${text}" is not a duration like 10s, 30m, 2h or 1d`);
  return Number(m[1]) * UNITS[m[2] as keyof typeof UNITS];
}

/** Writes milliseconds in the largest unit that divides them exactly (30m, not 1800s); whole seconds at least. */
export function formatDuration(ms: number): string {
  for (const unit of ['d', 'h', 'm'] as const) {
    if (ms >= UNITS[unit] && ms % UNITS[unit] === 0) return `${ms / UNITS[unit]}${unit}`;
  }
  return `${Math.max(1, Math.round(ms / 1000))}s`;
}
