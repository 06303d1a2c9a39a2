/**
 * The built-in engine with the real programs: espeak-ng speaks, ffmpeg encodes
 * webm/opus as the widget's recorder does, and ffmpeg + PocketSphinx transcribe.
 * (Debian's PocketSphinx recognises espeak's "hello world" at speed 160 at any
 * volume once `pcm.ts` has conditioned it; most other synthetic phrases come
 * out as other words, so that is the phrase.) Aborts and time limits use a
 * stand-in program that announces itself through a FIFO and then hangs, so the
 * tests wait on that event rather than a delay.
 */
import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access, chmod, mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPocketsphinxTranscriber, DEFAULT_POCKETSPHINX_MODEL_DIR, detectPocketsphinx } from '../../server/transcribe/pocketsphinx';
import { TranscriptionError } from '../../server/transcribe/types';

const execFileAsync = promisify(execFile);

async function runs(command: string, args: string[]): Promise<boolean> {
  try {
    await execFileAsync(command, args);
    return true;
  } catch {
    return false;
  }
}

const hasFfmpeg = await runs('ffmpeg', ['-version']);
const hasEspeak = await runs('espeak-ng', ['--version']);
const hasPocketsphinx = await detectPocketsphinx();
const missing = [
  ...(hasEspeak ? [] : ['espeak-ng']),
  ...(hasFfmpeg ? [] : ['ffmpeg']),
  ...(hasPocketsphinx ? [] : ['pocketsphinx with pocketsphinx-en-us']),
];
if (missing.length > 0) {
  console.warn(
    `Skipping real speech-to-text tests: ${missing.join(', ')} not found ` +
      '(apt-get install espeak-ng ffmpeg pocketsphinx pocketsphinx-en-us).',
  );
}
const canSpeakAndRecognise = missing.length === 0;

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'transcribe-test-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function expectTranscriptionError(promise: Promise<unknown>, kind: TranscriptionError['kind'], message?: RegExp) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TranscriptionError);
  expect((error as TranscriptionError).kind).toBe(kind);
  if (message) expect((error as TranscriptionError).message).toMatch(message);
}

describe('the real engine', () => {
  let webm: Buffer;

  async function encode(name: string, ffmpegInput: string[]): Promise<Buffer> {
    const out = path.join(dir, `${name}.webm`);
    await execFileAsync('ffmpeg', ['-loglevel', 'error', '-y', ...ffmpegInput, '-c:a', 'libopus', '-b:a', '32k', out]);
    return readFile(out);
  }

  beforeAll(async () => {
    if (!canSpeakAndRecognise) return;
    const wav = path.join(dir, 'out.wav');
    await execFileAsync('espeak-ng', ['-s', '160', '-w', wav, 'hello world']);
    webm = await encode('out', ['-i', wav]);
  });

  it.skipIf(!canSpeakAndRecognise)('transcribes spoken webm/opus', async () => {
    const started = performance.now();
    const text = await createPocketsphinxTranscriber().transcribe(webm, 'speech.webm', 'audio/webm;codecs=opus');
    console.info(`PocketSphinx transcribed ${webm.length} bytes of webm/opus in ${Math.round(performance.now() - started)} ms: "${text}"`);
    expect(text.toLowerCase()).toContain('hello');
    expect(text.toLowerCase()).toContain('world');
  });

  it.skipIf(!canSpeakAndRecognise)('decodes mp4/aac too (what Safari before 18.4 records)', async () => {
    const mp4 = path.join(dir, 'out.mp4');
    await execFileAsync('ffmpeg', ['-loglevel', 'error', '-y', '-i', path.join(dir, 'out.wav'), '-c:a', 'aac', '-b:a', '64k', mp4]);
    // AAC's priming samples move the speech by a few ms, and this recogniser is sensitive to where its
    // frames fall (see test/e2e/dictation.test.ts): the words are not asserted, only that speech was heard
    const text = await createPocketsphinxTranscriber().transcribe(await readFile(mp4), 'audio.mp4', 'audio/mp4');
    expect(text).toMatch(/^[a-z' ]*[a-z]$/);
  });

  it.skipIf(!canSpeakAndRecognise)('a quiet recording is heard the same', async () => {
    const quiet = await encode('quiet', ['-i', path.join(dir, 'out.wav'), '-af', 'volume=0.05']);
    const text = await createPocketsphinxTranscriber().transcribe(quiet, 'speech.webm', 'audio/webm');
    expect(text.toLowerCase()).toContain('hello');
    expect(text.toLowerCase()).toContain('world');
  });

  it.skipIf(!canSpeakAndRecognise)('silence transcribes to nothing', async () => {
    const silence = await encode('silence', ['-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=mono', '-t', '1']);
    expect(await createPocketsphinxTranscriber().transcribe(silence, 'speech.webm', 'audio/webm')).toBe('');
  });

  it.skipIf(!canSpeakAndRecognise)('audio over the length limit is bad audio', async () => {
    const transcriber = createPocketsphinxTranscriber({ maxDurationSeconds: 0.5 });
    await expectTranscriptionError(transcriber.transcribe(webm, 'speech.webm', 'audio/webm'), 'bad-audio', /longer than 0.5 seconds/);
  });

  it.skipIf(!canSpeakAndRecognise)('hands the recogniser a temporary file and removes it afterwards', async () => {
    // A stand-in recogniser that answers with the -infile path it was given.
    const echoInfile = path.join(dir, 'echo-infile.sh');
    await writeFile(echoInfile, '#!/bin/sh\necho "$2"\n');
    await chmod(echoInfile, 0o755);
    const samples = await createPocketsphinxTranscriber({ pocketsphinxPath: echoInfile }).transcribe(webm, 'a.webm', 'audio/webm');
    expect(path.dirname(path.dirname(samples))).toBe(tmpdir());
    await expect(access(path.dirname(samples))).rejects.toThrow(/ENOENT/);
  });

  it.skipIf(!canSpeakAndRecognise)('a recogniser that fails is an engine error', async () => {
    const transcriber = createPocketsphinxTranscriber({ pocketsphinxPath: '/bin/false' });
    await expectTranscriptionError(transcriber.transcribe(webm, 'speech.webm', 'audio/webm'), 'engine', /exited with code 1/);
  });

  it.skipIf(!hasFfmpeg)('garbage bytes are bad audio', async () => {
    const garbage = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251));
    await expectTranscriptionError(
      createPocketsphinxTranscriber().transcribe(garbage, 'speech.webm', 'audio/webm'),
      'bad-audio',
      /could not be decoded/,
    );
  });
});

describe('without the programs', () => {
  it('empty audio is bad audio', async () => {
    await expectTranscriptionError(createPocketsphinxTranscriber().transcribe(Buffer.alloc(0), 'a.webm', 'audio/webm'), 'bad-audio');
  });

  it('a missing ffmpeg is an engine error, not bad audio', async () => {
    const transcriber = createPocketsphinxTranscriber({ ffmpegPath: path.join(dir, 'no-such-ffmpeg') });
    await expectTranscriptionError(transcriber.transcribe(Buffer.from('x'), 'a.webm', 'audio/webm'), 'engine', /ENOENT/);
  });

  it('an already aborted signal rejects with its reason before any work', async () => {
    const reason = new Error('client went away');
    const transcriber = createPocketsphinxTranscriber({ ffmpegPath: path.join(dir, 'no-such-ffmpeg') });
    await expect(transcriber.transcribe(Buffer.from('x'), 'a.webm', 'audio/webm', AbortSignal.abort(reason))).rejects.toBe(reason);
  });

  it('detection fails when a program or the model is missing', async () => {
    expect(await detectPocketsphinx({ ffmpegPath: path.join(dir, 'no-such-ffmpeg') })).toBe(false);
    expect(await detectPocketsphinx({ pocketsphinxPath: path.join(dir, 'no-such-pocketsphinx') })).toBe(false);
    expect(await detectPocketsphinx({ modelDir: path.join(dir, 'no-such-model') })).toBe(false);
  });

  it.skipIf(!hasPocketsphinx)('detection finds the Debian packages', async () => {
    await access(DEFAULT_POCKETSPHINX_MODEL_DIR, constants.R_OK);
    expect(await detectPocketsphinx()).toBe(true);
  });
});

describe('stopping a hung program', () => {
  let fifo: string;
  let hanging: string;

  beforeAll(async () => {
    fifo = path.join(dir, 'started');
    await execFileAsync('mkfifo', [fifo]);
    // Reports its pid and second argument (the recogniser's -infile), then
    // hangs; `exec` makes that pid the one the engine has to kill.
    hanging = path.join(dir, 'hanging.sh');
    await writeFile(hanging, `#!/bin/sh\necho "$$ $2" > '${fifo}'\nexec sleep 600\n`);
    await chmod(hanging, 0o755);
  });

  afterEach(async () => {
    // Releases a reader still blocked on the FIFO if a test failed early
    // (opening a FIFO for writing without blocking fails when nobody reads).
    await open(fifo, constants.O_WRONLY | constants.O_NONBLOCK).then(
      (handle) => handle.close(),
      () => undefined,
    );
  });

  /** Resolves once the stand-in has started, with its pid and second argument. */
  async function started(): Promise<{ pid: number; arg: string }> {
    const [pid, arg] = (await readFile(fifo, 'utf8')).trim().split(' ');
    return { pid: Number(pid), arg: arg ?? '' };
  }

  function isRunning(pid: number): boolean {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }

  it('aborting kills the process and rejects with the reason', async () => {
    const controller = new AbortController();
    const reason = new Error('client went away');
    const announced = started();
    const result = createPocketsphinxTranscriber({ ffmpegPath: hanging }).transcribe(
      Buffer.from('audio'),
      'a.webm',
      'audio/webm',
      controller.signal,
    );
    const { pid } = await announced;
    expect(isRunning(pid)).toBe(true);

    controller.abort(reason);
    await expect(result).rejects.toBe(reason);
    expect(isRunning(pid)).toBe(false);
  });

  it('the time limit kills the process and is an engine error', async () => {
    const announced = started();
    const result = createPocketsphinxTranscriber({ ffmpegPath: hanging, timeoutMs: 300 }).transcribe(
      Buffer.from('audio'),
      'a.webm',
      'audio/webm',
    );
    const { pid } = await announced;
    await expectTranscriptionError(result, 'engine', /longer than 300 ms/);
    expect(isRunning(pid)).toBe(false);
  });

  it.skipIf(!hasFfmpeg)('aborting during recognition kills the recogniser and removes its file', async () => {
    const controller = new AbortController();
    const reason = new Error('client went away');
    const tone = path.join(dir, 'tone.webm');
    await execFileAsync('ffmpeg', ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=f=440:d=1', '-c:a', 'libopus', tone]);
    const announced = started();
    const result = createPocketsphinxTranscriber({ pocketsphinxPath: hanging }).transcribe(
      await readFile(tone),
      'a.webm',
      'audio/webm',
      controller.signal,
    );
    const { pid, arg: samples } = await announced;
    await access(samples);

    controller.abort(reason);
    await expect(result).rejects.toBe(reason);
    expect(isRunning(pid)).toBe(false);
    await expect(access(path.dirname(samples))).rejects.toThrow(/ENOENT/);
  });
});
