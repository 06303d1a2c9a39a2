/**
 * Conditioning of decoded audio (16-bit little-endian mono PCM) before
 * PocketSphinx hears it. Debian's 0.8+5prealpha recogniser is sensitive to
 * the input level and to speech that starts at the very first sample: on
 * espeak-ng test speech, the same words at different volumes or without a
 * lead-in came out as different words. A fixed level and a silent lead-in
 * remove both variables.
 */

/** The sample rate PocketSphinx's en-us model expects. */
export const RECOGNISER_SAMPLE_RATE = 16_000;

/**
 * The peak level the audio is scaled to, in dBFS. Chosen by measurement: on
 * espeak-ng phrases encoded as webm/opus, -6 to -10 dBFS recognised best and
 * full scale worst.
 */
export const TARGET_PEAK_DBFS = -8;

/** The most a quiet recording is amplified, in dB, so that near-silence is not blown up into "speech". */
export const MAX_GAIN_DB = 30;

/** Silence added before and after the speech, in seconds: the recogniser's voice-activity detector needs a lead-in to catch the first syllable. */
export const SILENCE_PADDING_SECONDS = 0.5;

/**
 * Scales `pcm` (s16le) so its peak sits at {@link TARGET_PEAK_DBFS}, amplifying
 * by at most {@link MAX_GAIN_DB}, and surrounds it with
 * {@link SILENCE_PADDING_SECONDS} of silence. Digital silence stays silent.
 * A trailing odd byte (half a sample) is dropped.
 */
export function conditionForRecogniser(pcm: Buffer): Buffer {
  const samples = Math.floor(pcm.length / 2);
  let peak = 0;
  for (let i = 0; i < samples; i++) {
    const value = Math.abs(pcm.readInt16LE(i * 2));
    if (value > peak) peak = value;
  }
  const gain = peak === 0 ? 1 : Math.min((32_767 * 10 ** (TARGET_PEAK_DBFS / 20)) / peak, 10 ** (MAX_GAIN_DB / 20));

  const padding = Math.round(SILENCE_PADDING_SECONDS * RECOGNISER_SAMPLE_RATE) * 2;
  // Buffer.alloc zero-fills, which is the padding.
  const out = Buffer.alloc(padding + samples * 2 + padding);
  for (let i = 0; i < samples; i++) {
    const scaled = Math.round(pcm.readInt16LE(i * 2) * gain);
    out.writeInt16LE(Math.max(-32_768, Math.min(32_767, scaled)), padding + i * 2);
  }
  return out;
}
