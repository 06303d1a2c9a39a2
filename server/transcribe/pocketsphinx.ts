/**
 * The built-in speech-to-text engine: ffmpeg decodes the upload to 16 kHz mono
 * 16-bit PCM, the level and a silent lead-in are fixed (see `pcm.ts`), and CMU
 * PocketSphinx (Debian's `pocketsphinx` 0.8+5prealpha with
 * `pocketsphinx-en-us`) recognises it from a temporary file that is always
 * removed. Both programs run as child processes, never through a shell.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { conditionForRecogniser, RECOGNISER_SAMPLE_RATE } from './pcm';
import { TranscriptionError, type Transcriber } from './types';

/** Where the commands and the model live, and the limits of one transcription. */
export interface PocketsphinxOptions {
  /** The ffmpeg command, looked up on PATH unless a path is given. @default 'ffmpeg' */
  ffmpegPath?: string;
  /** The recogniser command, looked up on PATH unless a path is given. @default 'pocketsphinx_continuous' */
  pocketsphinxPath?: string;
  /**
   * The US English model folder, holding `en-us/` (acoustic model), `en-us.lm.bin`
   * and `cmudict-en-us.dict`. @default '/usr/share/pocketsphinx/model/en-us' (where `pocketsphinx-en-us` installs it)
   */
  modelDir?: string;
  /** The limit for decoding plus recognition; both processes are killed when it passes. @default 60000 */
  timeoutMs?: number;
  /**
   * Longer audio is refused as bad audio, which also bounds the memory the
   * decoded samples take. Recognition runs at about a fifth of real time on
   * one core, so two minutes fit the default time limit. @default 120
   */
  maxDurationSeconds?: number;
}

/** Where Debian's `pocketsphinx-en-us` package installs the model (`dpkg -L pocketsphinx-en-us`). */
export const DEFAULT_POCKETSPHINX_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_DURATION_SECONDS = 120;
// Enough of stderr to explain a failure without holding a chatty process's whole log.
const STDERR_TAIL_CHARS = 2_000;

interface ResolvedOptions {
  ffmpegPath: string;
  pocketsphinxPath: string;
  modelDir: string;
  timeoutMs: number;
  maxDurationSeconds: number;
}

function resolveOptions(options: PocketsphinxOptions): ResolvedOptions {
  return {
    ffmpegPath: options.ffmpegPath ?? 'ffmpeg',
    pocketsphinxPath: options.pocketsphinxPath ?? 'pocketsphinx_continuous',
    modelDir: options.modelDir ?? DEFAULT_POCKETSPHINX_MODEL_DIR,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxDurationSeconds: options.maxDurationSeconds ?? DEFAULT_MAX_DURATION_SECONDS,
  };
}

/** The files inside the model folder that the recogniser is pointed at. */
function modelFiles(modelDir: string): { hmm: string; lm: string; dict: string } {
  return {
    hmm: path.join(modelDir, 'en-us'),
    lm: path.join(modelDir, 'en-us.lm.bin'),
    dict: path.join(modelDir, 'cmudict-en-us.dict'),
  };
}

interface RunResult {
  /** The exit code, or null when the process was ended by a signal. */
  code: number | null;
  stdout: Buffer;
  /** The last {@link STDERR_TAIL_CHARS} characters of stderr. */
  stderr: string;
  /** Whether stdout passed `maxStdoutBytes`; the process was killed then. */
  overflowed: boolean;
}

interface RunOptions {
  /** Written to stdin, which is then closed. */
  input?: Buffer;
  /** Kills the process once its output passes this many bytes. @default Infinity */
  maxStdoutBytes?: number;
}

/** Thrown by {@link run} when the process could not be started at all (missing binary, permissions). */
class SpawnError extends Error {}

/** Thrown by {@link run} when `signal` ended the process; the caller decides what the abort meant. */
class RunAborted extends Error {}

/**
 * Runs a command to completion. On abort the process is killed, and the
 * promise settles only once it has exited, so nothing outlives the call.
 */
function run(command: string, args: readonly string[], signal: AbortSignal, options: RunOptions = {}): Promise<RunResult> {
  const { input, maxStdoutBytes = Infinity } = options;
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new RunAborted());
      return;
    }
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let overflowed = false;
    let stderr = '';
    let spawnError: Error | undefined;
    // SIGKILL: neither program holds state worth a graceful exit, and a wedged
    // decoder must not outlive the request.
    const kill = (): void => {
      child.kill('SIGKILL');
    };
    child.stdout.on('data', (chunk: Buffer) => {
      if (overflowed) return;
      stdoutBytes += chunk.length;
      if (stdoutBytes > maxStdoutBytes) {
        overflowed = true;
        kill();
      } else {
        stdout.push(chunk);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS);
    });
    signal.addEventListener('abort', kill, { once: true });
    child.on('error', (error) => {
      // Also emitted when a kill fails; 'close' follows in every case and settles.
      spawnError ??= error;
    });
    child.on('close', (code) => {
      signal.removeEventListener('abort', kill);
      if (child.pid === undefined) reject(new SpawnError(`could not run ${command}: ${spawnError?.message}`));
      else if (signal.aborted) reject(new RunAborted());
      else resolve({ code, stdout: Buffer.concat(stdout), stderr: stderr.trim(), overflowed });
    });
    // A decoder that rejects the input exits before reading all of it; the
    // resulting EPIPE is expected and its exit code tells the real story.
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}

/**
 * Creates the built-in engine. It does not check that the programs exist;
 * call {@link detectPocketsphinx} first.
 *
 * `transcribe` rejects with `TranscriptionError` kind `'bad-audio'` when ffmpeg
 * cannot decode the upload or it is longer than `maxDurationSeconds`, kind
 * `'engine'` for anything else (a missing program, recognition failing, the
 * time limit), and with `signal.reason` when the caller's signal aborts.
 * Silence transcribes to `''`.
 */
export function createPocketsphinxTranscriber(options: PocketsphinxOptions = {}): Transcriber {
  const { ffmpegPath, pocketsphinxPath, modelDir, timeoutMs, maxDurationSeconds } = resolveOptions(options);
  const model = modelFiles(modelDir);

  return {
    name: 'pocketsphinx',
    async transcribe(audio, _filename, _mimeType, signal) {
      // The container is sniffed by ffmpeg; the name and type a browser sends
      // are not trusted to choose a demuxer.
      signal?.throwIfAborted();
      if (audio.length === 0) throw new TranscriptionError('The audio is empty.', 'bad-audio');

      const deadline = AbortSignal.timeout(timeoutMs);
      const stop = signal ? AbortSignal.any([signal, deadline]) : deadline;
      let dir: string | undefined;
      try {
        const decoded = await run(
          ffmpegPath,
          [
            '-hide_banner',
            '-loglevel',
            'error',
            '-i',
            'pipe:0',
            '-vn',
            '-ac',
            '1',
            '-ar',
            String(RECOGNISER_SAMPLE_RATE),
            '-c:a',
            'pcm_s16le',
            '-f',
            's16le',
            'pipe:1',
          ],
          stop,
          { input: audio, maxStdoutBytes: maxDurationSeconds * RECOGNISER_SAMPLE_RATE * 2 },
        );
        if (decoded.overflowed) {
          throw new TranscriptionError(`The audio is longer than ${maxDurationSeconds} seconds.`, 'bad-audio');
        }
        if (decoded.code === null) {
          // Killed from outside (our own kills surface as aborts): not the upload's fault.
          throw new TranscriptionError('ffmpeg was killed while decoding the audio.', 'engine');
        }
        if (decoded.code !== 0) {
          throw new TranscriptionError(
            `The audio could not be decoded (ffmpeg exited with ${describeExit(decoded.code)}${detail(decoded.stderr)}).`,
            'bad-audio',
          );
        }
        if (decoded.stdout.length < 2) return '';

        // A file, not stdin: Node's child stdio are sockets, which the
        // recogniser cannot fopen() as /dev/stdin. Raw samples, not WAV: it
        // reads any -infile not named "*.wav" as headerless 16 kHz 16-bit PCM.
        dir = await mkdtemp(path.join(tmpdir(), 'transcribe-'));
        const samples = path.join(dir, 'audio.raw');
        await writeFile(samples, conditionForRecogniser(decoded.stdout));
        const recognised = await run(
          pocketsphinxPath,
          ['-infile', samples, '-hmm', model.hmm, '-lm', model.lm, '-dict', model.dict, '-logfn', '/dev/null'],
          stop,
        );
        if (recognised.code !== 0) {
          throw new TranscriptionError(
            `Speech recognition failed (${pocketsphinxPath} exited with ${describeExit(recognised.code)}${detail(recognised.stderr)}).`,
            'engine',
          );
        }
        // One hypothesis line per utterance the recogniser segmented.
        return recognised.stdout
          .toString('utf8')
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line !== '')
          .join(' ');
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if (deadline.aborted) {
          throw new TranscriptionError(`Speech recognition took longer than ${timeoutMs} ms and was stopped.`, 'engine');
        }
        if (error instanceof TranscriptionError) throw error;
        throw new TranscriptionError(`Speech recognition failed: ${error instanceof Error ? error.message : String(error)}`, 'engine');
      } finally {
        if (dir !== undefined) await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

function describeExit(code: number | null): string {
  return code === null ? 'a signal' : `code ${code}`;
}

function detail(stderr: string): string {
  return stderr === '' ? '' : `: ${stderr}`;
}

/**
 * Whether the built-in engine can run here: `ffmpeg -version` succeeds, the
 * recogniser starts, and the model files exist. Never rejects.
 */
export async function detectPocketsphinx(options: PocketsphinxOptions = {}): Promise<boolean> {
  const { ffmpegPath, pocketsphinxPath, modelDir } = resolveOptions(options);
  const model = modelFiles(modelDir);
  // A short limit: this runs at startup, and a healthy binary answers at once.
  const stop = AbortSignal.timeout(10_000);
  try {
    const ffmpeg = await run(ffmpegPath, ['-version'], stop);
    if (ffmpeg.code !== 0) return false;
    // With no -infile the recogniser prints its usage and exits 1 without
    // loading a model. 126/127 are the loader's "cannot execute" codes (a
    // missing shared library, for one), and null means it crashed.
    const recogniser = await run(pocketsphinxPath, [], stop);
    if (recogniser.code === null || recogniser.code >= 126) return false;
    await Promise.all([path.join(model.hmm, 'mdef'), model.lm, model.dict].map((file) => access(file, constants.R_OK)));
    return true;
  } catch {
    return false;
  }
}
