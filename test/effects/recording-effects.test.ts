/**
 * The pure parts of dictation's effects and its API call (widget-spec §5, §7, §8, §9):
 * the level, the wave's bars, the recording format, the microphone's failure reasons,
 * and POST {api}/transcribe over the widget's HTTP layer with a fake fetch.
 */
import { describe, expect, it } from 'vitest';
import { TranscriptionFailure } from '../../machines/recording';
import { createHttp, type TokenSource } from '../../src/api/client';
import { audioFileName, createTranscriber } from '../../src/api/transcribe';
import { problemText } from '../../src/dictation/messages';
import { barHeight, microphoneFailure, nextBars, quietBars, recorderMimeType, rms, spectrumLevel } from '../../src/effects/microphone';
import { SPEECH_LEVEL_THRESHOLD, WAVE_DISPLAY } from '../../machines/on-demand-constants';

describe('the level (widget-spec §5: speech is an RMS over 0.1)', () => {
  it('is the RMS of the time-domain signal', () => {
    expect(rms([])).toBe(0);
    expect(rms(new Float32Array(4096))).toBe(0);
    expect(rms([0.5, -0.5, 0.5, -0.5])).toBeCloseTo(0.5);
    // a full-scale sine has an RMS of 1/√2
    const sine = Float32Array.from({ length: 4800 }, (_, i) => Math.sin((2 * Math.PI * 440 * i) / 48000));
    expect(rms(sine)).toBeCloseTo(Math.SQRT1_2, 3);
    // a quiet room (-40 dBFS noise) is not speech; a voice at -12 dBFS is
    expect(rms(sine.map((x) => x * 0.01))).toBeLessThan(SPEECH_LEVEL_THRESHOLD);
    expect(rms(sine.map((x) => x * 0.25))).toBeGreaterThan(SPEECH_LEVEL_THRESHOLD);
  });
});

describe('the wave (widget-spec §9: 30 bars, 3 to 40 px, level threshold 10)', () => {
  it('averages the spectrum, or its first bins (the speech band)', () => {
    expect(spectrumLevel([])).toBe(0);
    expect(spectrumLevel(Uint8Array.from([0, 10, 20, 30]))).toBe(15);
    expect(spectrumLevel(Uint8Array.from([90, 60, 0, 0]), 2)).toBe(75);
    expect(spectrumLevel(Uint8Array.from([90]), 5)).toBe(90);
    expect(spectrumLevel(Uint8Array.from([90]), 0)).toBe(0);
  });

  it('a bar is 3 px at or under the threshold, taller with the level, at most 40 px', () => {
    expect(barHeight(0)).toBe(WAVE_DISPLAY.minHeight);
    expect(barHeight(10)).toBe(3);
    expect(barHeight(15)).toBeGreaterThan(3);
    expect(barHeight(50)).toBeGreaterThan(barHeight(20));
    // a clear voice (45 to 95 in the speech band) fills most of the height
    expect(barHeight(70)).toBeGreaterThan(25);
    expect(barHeight(100)).toBe(40);
    expect(barHeight(255)).toBe(WAVE_DISPLAY.maxHeight);
    expect(barHeight(Number.NaN)).toBe(3);
  });

  it('scrolls: 30 bars, the newest on the right', () => {
    const quiet = quietBars();
    expect(quiet).toEqual(Array(30).fill(3));
    let bars = quiet;
    for (const level of [5, 60, 255]) bars = nextBars(bars, level);
    expect(bars).toHaveLength(30);
    expect(bars.slice(-3)).toEqual([3, barHeight(60), 40]);
    expect(nextBars([], 255)).toEqual([40]);
  });
});

describe('the recording format (widget-spec §9: webm/opus; mp4 where webm cannot be recorded)', () => {
  it('prefers webm/opus, then webm, then mp4 (Safari before 18.4), else the browser default', () => {
    expect(recorderMimeType(() => true)).toBe('audio/webm;codecs=opus');
    expect(recorderMimeType((t) => t === 'audio/webm')).toBe('audio/webm');
    expect(recorderMimeType((t) => t === 'audio/mp4')).toBe('audio/mp4');
    expect(recorderMimeType(() => false)).toBe('');
  });

  it('names the upload by its container', () => {
    expect(audioFileName('audio/webm;codecs=opus')).toBe('audio.webm');
    expect(audioFileName('audio/mp4')).toBe('audio.mp4');
    expect(audioFileName('audio/mp4;codecs=mp4a.40.2')).toBe('audio.mp4');
    expect(audioFileName('audio/ogg;codecs=opus')).toBe('audio.ogg');
    expect(audioFileName('')).toBe('audio.webm');
  });
});

describe("the microphone's failures ('Recording failed: …')", () => {
  it('says why, as a code the catalogue words briefly', () => {
    const err = (name: string) => Object.assign(new Error('x'), { name });
    const shown = (e: unknown) => problemText({ code: 'recording-failed', reason: microphoneFailure(e) });
    expect(microphoneFailure(err('NotAllowedError'))).toBe('denied');
    expect(shown(err('NotAllowedError'))).toBe('Recording failed: microphone access was denied');
    expect(shown(err('SecurityError'))).toBe('Recording failed: microphone access was denied');
    expect(microphoneFailure(err('NotFoundError'))).toBe('not-found');
    expect(shown(err('NotFoundError'))).toBe('Recording failed: no microphone was found');
    expect(microphoneFailure(err('NotReadableError'))).toBe('in-use');
    expect(shown(err('NotReadableError'))).toBe('Recording failed: the microphone is in use or unavailable');
    expect(microphoneFailure(err('Weird'))).toBe('not-started');
    expect(shown(err('Weird'))).toBe('Recording failed: the microphone could not start');
    expect(shown(null)).toBe('Recording failed: the microphone could not start');
  });
});

describe('POST {api}/transcribe', () => {
  const tokens: TokenSource = { get: async () => 'tok', received: () => undefined, rejected: () => undefined };
  const transcriber = (respond: (req: Request) => Response | Promise<Response>) => {
    const requests: Request[] = [];
    const fetch = async (url: RequestInfo | URL, init?: RequestInit) => {
      const req = new Request(url, init);
      requests.push(req.clone());
      return respond(req);
    };
    return {
      transcribe: createTranscriber(
        createHttp({ apiUrl: 'http://127.0.0.1:1/api/', baseUrl: 'http://127.0.0.1:1/', apiKey: 'k', tokens, fetch }),
      ),
      requests,
    };
  };
  const audio = new Blob([new Uint8Array(2000)], { type: 'audio/webm;codecs=opus' });

  it('sends the recording as a multipart file with the bearer token, and returns its text', async () => {
    const t = transcriber(() => Response.json({ text: 'hello there' }));
    await expect(t.transcribe(audio)).resolves.toBe('hello there');
    const [req] = t.requests;
    expect(req!.method).toBe('POST');
    expect(req!.url).toBe('http://127.0.0.1:1/api/transcribe');
    expect(req!.headers.get('Authorization')).toBe('Bearer tok');
    const file = (await req!.formData()).get('file') as File;
    expect(file.name).toBe('audio.webm');
    expect(file.size).toBe(2000);
  });

  /** What the status line shows for a transcription's failure. */
  const shown = (err: unknown) =>
    problemText({ code: 'transcription-failed', fault: err instanceof TranscriptionFailure ? err.fault : null });

  it("an HTTP error is 'HTTP error! status: N' (widget-spec §8)", async () => {
    const t = transcriber(() => new Response('nope', { status: 502 }));
    const err = await t.transcribe(audio).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TranscriptionFailure);
    expect((err as TranscriptionFailure).fault).toEqual({ code: 'http', status: 502 });
    expect(shown(err)).toBe('Transcription failed: HTTP error! status: 502');
  });

  it('a body that is not { text: string } is refused; a network failure has no detail', async () => {
    const bad = transcriber(() => Response.json({ text: 42 }));
    await expect(bad.transcribe(audio)).rejects.toMatchObject({ fault: { code: 'invalid' } });
    expect(shown(await bad.transcribe(audio).catch((e: unknown) => e))).toBe('Transcription failed: Invalid response from API');
    const html = transcriber(() => new Response('<html>', { status: 200 }));
    await expect(html.transcribe(audio)).rejects.toMatchObject({ fault: { code: 'invalid' } });
    const down = transcriber(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(down.transcribe(audio)).rejects.toMatchObject({ fault: null });
    expect(shown(await down.transcribe(audio).catch((e: unknown) => e))).toBe('Transcription failed');
  });
});
