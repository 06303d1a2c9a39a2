/**
 * The browser's effects of the recording machine (machines/recording.ts): the
 * microphone, the MediaRecorder and a level meter, each a `fromCallback` actor
 * whose cleanup undoes what it started. Loaded with the dictation chunk.
 *
 * The meter is an AnalyserNode polled on timers: no AudioWorklet (it needs a script
 * URL) and no wasm, so it runs under the widget's strict CSP (`script-src 'self'`).
 */
import { fromCallback, fromPromise } from 'xstate';
import {
  recordingMachine,
  type AudioStream,
  type RecorderCommand,
  type RecordingEvent,
  type RecordingFailure,
} from '../../machines/recording';
import {
  AUDIO_PROCESSING_BUFFER,
  DICTATE_RECORDER_TIMESLICE_MS,
  METER_INTERVAL_MS,
  WAVE_DISPLAY,
} from '../../machines/on-demand-constants';

/** The level of a time-domain signal: its RMS, 0 (silence) to 1 (full scale). widget-spec §5 compares it with 0.1. */
export function rms(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) {
    const x = samples[i] ?? 0;
    sum += x * x;
  }
  return Math.sqrt(sum / samples.length);
}

/**
 * The wave's level is read where speech is, up to 4 kHz: over the whole spectrum (to 22 or
 * 24 kHz) a voice averages about 20 of 255 and the bars would hardly move.
 */
export const SPEECH_BAND_HZ = 4000;
/** The level at which a bar is at its full height: measured, a clear voice averages 45 to 95 in the speech band. */
export const FULL_LEVEL = 100;

/** The average of the first `count` bins of a byte frequency spectrum (0 to 255): the wave display's audio level (widget-spec §9). */
export function spectrumLevel(bins: ArrayLike<number>, count = bins.length): number {
  const n = Math.min(count, bins.length);
  if (n <= 0) return 0;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += bins[i] ?? 0;
  return sum / n;
}

/** A bar for an audio level: the least height at or under the threshold, taller with the level up to the most. */
export function barHeight(level: number): number {
  if (!(level > WAVE_DISPLAY.threshold)) return WAVE_DISPLAY.minHeight;
  const share = Math.min(1, (level - WAVE_DISPLAY.threshold) / (FULL_LEVEL - WAVE_DISPLAY.threshold));
  return Math.round(WAVE_DISPLAY.minHeight + share * (WAVE_DISPLAY.maxHeight - WAVE_DISPLAY.minHeight));
}

/** The wave before any sound: every bar at the least height. */
export const quietBars = (): number[] => Array.from({ length: WAVE_DISPLAY.bars }, () => WAVE_DISPLAY.minHeight);

/** The wave scrolls: each reading adds a bar on the right and the oldest leaves on the left. */
export const nextBars = (bars: number[], level: number): number[] => [...bars.slice(1 - WAVE_DISPLAY.bars), barHeight(level)];

/**
 * The recording format: webm/opus where the browser records it (widget-spec §9), else
 * mp4 (Safari before 18.4), else the browser's own default ('').
 */
export function recorderMimeType(isTypeSupported: (type: string) => boolean): string {
  for (const type of ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4']) if (isTypeSupported(type)) return type;
  return '';
}

/** The reason's code, for 'Recording failed: …' (src/dictation/messages.ts words it), from getUserMedia's error. */
export function microphoneFailure(err: unknown): RecordingFailure {
  const name = (err as { name?: unknown } | null)?.name;
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'not-found';
    case 'NotReadableError':
    case 'AbortError':
      return 'in-use';
    default:
      return 'not-started';
  }
}

const stopTracks = (stream: MediaStream) => {
  for (const t of stream.getTracks()) t.stop();
};

/** Asks for the microphone; its cleanup stops every track, also of a stream granted after the recording was cancelled. */
export const microphone = fromCallback<RecordingEvent>(({ sendBack }) => {
  let stream: MediaStream | null = null;
  let over = false;
  const devices = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
  if (!devices?.getUserMedia) {
    // browsers hide mediaDevices on pages that are not secure (http other than localhost)
    sendBack({
      type: 'MIC.FAILED',
      reason: globalThis.isSecureContext === false ? 'insecure' : 'unsupported',
    });
    return;
  }
  devices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true } }).then(
    (s) => {
      if (over) return stopTracks(s);
      stream = s;
      sendBack({ type: 'MIC.READY', stream: s });
    },
    (err: unknown) => {
      if (!over) sendBack({ type: 'MIC.FAILED', reason: microphoneFailure(err) });
    },
  );
  return () => {
    over = true;
    if (stream) stopTracks(stream);
  };
});

/** Records the stream in 1000 ms slices (widget-spec §9) until told to stop, then reports the audio. */
export const recorder = fromCallback<RecorderCommand, { stream: AudioStream }>(({ input, sendBack, receive }) => {
  if (typeof MediaRecorder === 'undefined') {
    sendBack({ type: 'RECORDER.FAILED', reason: 'unsupported' });
    return;
  }
  const mimeType = recorderMimeType((t) => MediaRecorder.isTypeSupported(t));
  const chunks: Blob[] = [];
  let rec: MediaRecorder;
  try {
    rec = new MediaRecorder(input.stream, mimeType ? { mimeType } : undefined);
    rec.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    rec.onerror = () => sendBack({ type: 'RECORDER.FAILED', reason: 'interrupted' });
    rec.start(DICTATE_RECORDER_TIMESLICE_MS);
  } catch {
    sendBack({ type: 'RECORDER.FAILED', reason: 'unsupported' });
    return;
  }
  const done = () => sendBack({ type: 'RECORDER.DONE', audio: new Blob(chunks, { type: rec.mimeType || mimeType || 'audio/webm' }) });
  receive(() => {
    // the last slice arrives before 'stop'
    if (rec.state === 'inactive') return done();
    rec.onstop = done;
    rec.stop();
  });
  return () => {
    rec.ondataavailable = rec.onstop = rec.onerror = null;
    if (rec.state !== 'inactive') rec.stop();
  };
});

/** Polls an analyser of the stream: the level every METER_INTERVAL_MS, the wave every WAVE_DISPLAY.intervalMs. */
export const meter = fromCallback<RecordingEvent, { stream: AudioStream }>(({ input, sendBack }) => {
  const Context = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return;
  const audio = new Context();
  // a context made after the click's activation may start suspended
  void audio.resume().catch(() => undefined);
  const source = audio.createMediaStreamSource(input.stream);
  const analyser = audio.createAnalyser();
  analyser.fftSize = AUDIO_PROCESSING_BUFFER;
  source.connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  const bins = new Uint8Array(analyser.frequencyBinCount);
  const band = Math.max(1, Math.round((SPEECH_BAND_HZ / (audio.sampleRate / 2)) * bins.length));
  let bars = quietBars();
  sendBack({ type: 'METER.WAVE', bars });
  const level = setInterval(() => {
    analyser.getFloatTimeDomainData(samples);
    sendBack({ type: 'METER.LEVEL', level: rms(samples) });
  }, METER_INTERVAL_MS);
  const wave = setInterval(() => {
    analyser.getByteFrequencyData(bins);
    bars = nextBars(bars, spectrumLevel(bins, band));
    sendBack({ type: 'METER.WAVE', bars });
  }, WAVE_DISPLAY.intervalMs);
  return () => {
    clearInterval(level);
    clearInterval(wave);
    source.disconnect();
    void audio.close().catch(() => undefined);
  };
});

/** The recording machine's effects; the browser's by default. */
export interface RecordingEffects {
  microphone: typeof microphone;
  recorder: typeof recorder;
  meter: typeof meter;
  transcribe: (audio: Blob) => Promise<string>;
}

/** The recording machine with these effects, as dictation and voice mode run it. */
export const recordingWith = (effects: RecordingEffects) =>
  recordingMachine.provide({
    actors: {
      microphone: effects.microphone,
      recorder: effects.recorder,
      meter: effects.meter,
      transcribe: fromPromise<string, { audio: Blob }>(({ input }) => effects.transcribe(input.audio)),
    },
  });
