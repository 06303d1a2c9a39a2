/** Level and lead-in conditioning of decoded samples before recognition. */
import { describe, expect, it } from 'vitest';
import {
  conditionForRecogniser,
  MAX_GAIN_DB,
  RECOGNISER_SAMPLE_RATE,
  SILENCE_PADDING_SECONDS,
  TARGET_PEAK_DBFS,
} from '../../server/transcribe/pcm';

const padding = SILENCE_PADDING_SECONDS * RECOGNISER_SAMPLE_RATE;
const targetPeak = Math.round(32_767 * 10 ** (TARGET_PEAK_DBFS / 20));

function pcm(...samples: number[]): Buffer {
  const buffer = Buffer.alloc(samples.length * 2);
  samples.forEach((sample, i) => {
    buffer.writeInt16LE(sample, i * 2);
  });
  return buffer;
}

function samplesOf(buffer: Buffer): number[] {
  return Array.from({ length: buffer.length / 2 }, (_, i) => buffer.readInt16LE(i * 2));
}

describe('conditionForRecogniser', () => {
  it('surrounds the audio with silence', () => {
    const out = samplesOf(conditionForRecogniser(pcm(1000, -1000)));
    expect(out).toHaveLength(padding + 2 + padding);
    expect(out.slice(0, padding).every((s) => s === 0)).toBe(true);
    expect(out.slice(padding + 2).every((s) => s === 0)).toBe(true);
  });

  it.each([
    ['loud', 32_000],
    ['quiet', 3_000],
  ])('brings a %s peak to the target level, keeping the shape', (_, peak) => {
    const out = samplesOf(conditionForRecogniser(pcm(peak / 2, -peak, peak / 4))).slice(padding, padding + 3);
    expect(out[1]).toBe(-targetPeak);
    expect(out[0]).toBeCloseTo(-out[1]! / 2, -1);
    expect(out[2]).toBeCloseTo(-out[1]! / 4, -1);
  });

  it(`amplifies near-silence by at most ${MAX_GAIN_DB} dB`, () => {
    const out = samplesOf(conditionForRecogniser(pcm(10, -10)));
    expect(out[padding]).toBe(Math.round(10 * 10 ** (MAX_GAIN_DB / 20)));
  });

  it('leaves digital silence silent and drops a trailing half sample', () => {
    const input = Buffer.concat([pcm(0, 0, 0), Buffer.from([0x7f])]);
    const out = samplesOf(conditionForRecogniser(input));
    expect(out).toHaveLength(padding + 3 + padding);
    expect(out.every((s) => s === 0)).toBe(true);
  });
});
