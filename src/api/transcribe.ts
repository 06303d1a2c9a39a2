/**
 * `POST {api}/transcribe` (widget-spec §7): a recording as a multipart file, its text
 * back. Loaded with the dictation chunk. Failures reject with the recording machine's
 * TranscriptionFailure, its fault a code the view words: an HTTP error with its status (widget-spec §8
 * 'HTTP error! status: N'), an answer without text, or none when the call got no answer.
 */
import { TranscriptionFailure } from '../../machines/recording';
import type { Http } from './client';

/** The upload's file name: the server's engines (and OpenAI-compatible ones) tell the container by it. */
export function audioFileName(type: string): string {
  if (/^audio\/(mp4|aac|m4a)/.test(type)) return 'audio.mp4';
  if (/^audio\/ogg/.test(type)) return 'audio.ogg';
  return 'audio.webm';
}

export function createTranscriber(http: Http): (audio: Blob) => Promise<string> {
  return async (audio) => {
    const form = new FormData();
    form.append('file', audio, audioFileName(audio.type));
    let res: Response;
    try {
      res = await http.authed(`${http.api}/transcribe`, { method: 'POST', body: form });
    } catch {
      throw new TranscriptionFailure(null);
    }
    if (!res.ok) throw new TranscriptionFailure({ code: 'http', status: res.status });
    // checked by hand: the launcher's schema helpers would pull a shared chunk into this one
    const body = (await res.json().catch(() => null)) as { text?: unknown } | null;
    if (typeof body?.text !== 'string') throw new TranscriptionFailure({ code: 'invalid' });
    return body.text;
  };
}
