/**
 * Chooses the speech-to-text engine from the environment: an OpenAI-compatible
 * endpoint when configured, else the built-in PocketSphinx engine where this
 * machine has it, else none (the route answers 501).
 */
import { createOpenAiTranscriber } from './openai';
import { createPocketsphinxTranscriber, detectPocketsphinx } from './pocketsphinx';
import type { Transcriber } from './types';

export type { Transcriber } from './types';

/** What the transcribe route answers (with 501) when {@link createTranscriber} found no engine. */
export const TRANSCRIPTION_DISABLED_MESSAGE =
  'Transcription is not enabled on this server. Install the Debian packages ffmpeg, pocketsphinx and ' +
  'pocketsphinx-en-us, or set STT_BASE_URL, STT_API_KEY and STT_MODEL for an OpenAI-compatible ' +
  '/audio/transcriptions endpoint.';

const STT_VARIABLES = ['STT_BASE_URL', 'STT_API_KEY', 'STT_MODEL'] as const;

/** Seams for tests; production passes only `env`. */
export interface CreateTranscriberDeps {
  /** @default detectPocketsphinx */
  detect?: () => Promise<boolean>;
}

/**
 * Picks the engine: OpenAI-compatible when `STT_BASE_URL`, `STT_API_KEY` and
 * `STT_MODEL` are all set; otherwise PocketSphinx when {@link detectPocketsphinx}
 * finds it; otherwise `null`. Throws when only some of the `STT_*` variables
 * are set, or `STT_BASE_URL` is not an http(s) URL, so a typo fails at startup
 * instead of silently falling back to the local engine.
 */
export async function createTranscriber(env: NodeJS.ProcessEnv, deps: CreateTranscriberDeps = {}): Promise<Transcriber | null> {
  const set = STT_VARIABLES.filter((name) => (env[name] ?? '').trim() !== '');
  if (set.length === STT_VARIABLES.length) {
    return createOpenAiTranscriber({
      baseUrl: (env.STT_BASE_URL ?? '').trim(),
      apiKey: (env.STT_API_KEY ?? '').trim(),
      model: (env.STT_MODEL ?? '').trim(),
    });
  }
  if (set.length > 0) {
    const missing = STT_VARIABLES.filter((name) => !set.includes(name));
    throw new Error(
      `${set.join(' and ')} ${set.length === 1 ? 'is' : 'are'} set but ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not: ` +
        'set all of STT_BASE_URL, STT_API_KEY and STT_MODEL to use an OpenAI-compatible transcription endpoint, or none of them.',
    );
  }
  const detect = deps.detect ?? detectPocketsphinx;
  return (await detect()) ? createPocketsphinxTranscriber() : null;
}
