/**
 * Speech-to-text through an OpenAI-compatible `POST /audio/transcriptions`
 * endpoint (OpenAI itself, or a self-hosted server speaking the same API).
 */
import { TranscriptionError, type Transcriber } from './types';
import { describeFetchError, endpointUrl, errorDetail } from '../openai-compat';

/** Where the endpoint is and how to call it. */
export interface OpenAiTranscriberOptions {
  /** The API root, with or without a trailing '/', e.g. `https://api.openai.com/v1`. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …`. */
  apiKey: string;
  /** The `model` form field, e.g. `whisper-1`. */
  model: string;
  /** The limit for the whole exchange, reply body included. @default 60000 */
  timeoutMs?: number;
  /** Replaces the global `fetch` (tests, proxies). @default globalThis.fetch */
  fetchImpl?: typeof fetch;
}

const DEFAULT_TIMEOUT_MS = 60_000;
// Enough of an error body to show the service's own explanation.
const ERROR_BODY_CHARS = 500;

/**
 * Creates the OpenAI-compatible engine. Throws at once when `baseUrl` is not
 * an http(s) URL.
 *
 * `transcribe` rejects with `TranscriptionError` kind `'engine'` on a non-2xx
 * status (the message names it), a network error, the time limit or a reply
 * that is not `{ "text": string }`; and with `signal.reason` when the caller's
 * signal aborts.
 */
export function createOpenAiTranscriber(options: OpenAiTranscriberOptions): Transcriber {
  const { apiKey, model, timeoutMs = DEFAULT_TIMEOUT_MS, fetchImpl = fetch } = options;
  const url = endpointUrl('STT base URL', options.baseUrl, 'audio/transcriptions');

  return {
    name: 'openai-compatible',
    async transcribe(audio, filename, mimeType, signal) {
      signal?.throwIfAborted();
      const deadline = AbortSignal.timeout(timeoutMs);
      const stop = signal ? AbortSignal.any([signal, deadline]) : deadline;

      const form = new FormData();
      // The service picks the decoder from the file name's extension, so the
      // upload's own name is passed on. (The copy into a plain Uint8Array is
      // what the DOM typings accept: a Buffer may sit on a SharedArrayBuffer.)
      form.append('file', new Blob([new Uint8Array(audio)], { type: mimeType }), filename || 'audio.webm');
      form.append('model', model);

      try {
        const response = await fetchImpl(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json' },
          body: form,
          signal: stop,
        });
        const body = await response.text();
        if (!response.ok) {
          throw new TranscriptionError(
            `The transcription service answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}${errorDetail(body, ERROR_BODY_CHARS)}.`,
            'engine',
          );
        }
        return parseReply(body);
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if (deadline.aborted) {
          throw new TranscriptionError(`The transcription service did not answer within ${timeoutMs} ms.`, 'engine');
        }
        if (error instanceof TranscriptionError) throw error;
        throw new TranscriptionError(`The transcription service could not be reached: ${describeFetchError(error)}`, 'engine');
      }
    },
  };
}

function parseReply(body: string): string {
  let reply: unknown;
  try {
    reply = JSON.parse(body);
  } catch {
    throw new TranscriptionError(
      `The transcription service answered with something other than JSON${errorDetail(body, ERROR_BODY_CHARS)}.`,
      'engine',
    );
  }
  if (typeof reply !== 'object' || reply === null || typeof (reply as { text?: unknown }).text !== 'string') {
    throw new TranscriptionError('The transcription service answered JSON without a "text" string.', 'engine');
  }
  return (reply as { text: string }).text.trim();
}

// undici reports "fetch failed" and keeps the useful part (ECONNREFUSED…) in `cause`.
