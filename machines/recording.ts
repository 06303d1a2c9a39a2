/**
 * Recording (widget-spec §4 "Dictate mode" and "Recording flow", §5, §8 "Voice", §9):
 * the microphone is acquired, the recorder runs while a meter listens for speech,
 * and the recording stops by itself after a silence once speech was heard (or when
 * the visitor presses send). A recording with speech and enough audio is
 * transcribed; anything else is 'No speech detected'.
 *
 *   idle → active { acquiring → capturing { listening { waitingForSpeech → speaking ⇄ trailingSilence } → finalising } }
 *        → checking → transcribing → idle (dictation) | waitingForResponse → active (voice)
 *                   → noSpeech → idle (dictation) | active after the restart delay (voice)
 *
 * The effects are actors: `microphone` (holds the stream for the whole of `active` and
 * releases every track when `active` ends, however it ends), `recorder` (the
 * MediaRecorder, stopped by `RECORDER.STOP`, reporting `RECORDER.DONE` with the audio),
 * `meter` (the speech level and the wave bars, polled) and `transcribe` (the API call).
 * The machine never looks inside the stream or the audio; it passes them on.
 *
 * What a transcription gives is emitted as `transcribed`: dictation puts it into the
 * composer, voice mode sends it as a message and reports `RESPONSE.DONE` when the
 * answer is over, and recording starts again.
 */
import { assign, emit, fromCallback, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  MAX_RECORDING_MS,
  MIN_AUDIO_SIZE_BYTES,
  NO_SPEECH_TIMEOUT_MS,
  RESTART_DELAY_MS,
  SILENCE_TIMEOUT_MS,
  SPEECH_LEVEL_THRESHOLD,
} from './on-demand-constants';

/** Dictation puts the text into the composer; voice mode sends it and records again after the answer. */
export type RecordingMode = 'dictation' | 'voice';

/**
 * Why the microphone or the recorder failed, as a code (the view words it after 'Recording failed: '):
 * access `denied`, no microphone (`not-found`), the microphone `in-use` (or unreadable), `not-started` for
 * any other refusal, an `insecure` (http) page, a browser that is `unsupported`, a recording `interrupted`.
 */
export type RecordingFailure = 'denied' | 'not-found' | 'in-use' | 'not-started' | 'insecure' | 'unsupported' | 'interrupted';

/**
 * What is known of a failed transcription (widget-spec §8): an HTTP error with its status ('HTTP error! status: N'),
 * or an answer without text (`invalid`: 'Invalid response from API').
 */
export type TranscriptionFault = { code: 'http'; status: number } | { code: 'invalid' };

/** Why the last recording gave no text; the view maps each to the text of widget-spec §8. */
export type RecordingProblem =
  /** 'Recording failed': the microphone or the recorder could not start; `reason` says why. */
  | { code: 'recording-failed'; reason: RecordingFailure }
  /** 'No speech detected': no speech was heard, the audio was too small, or the transcript was empty. */
  | { code: 'no-speech' }
  /** 'Transcription failed'; `fault` says what is known of it (null when the call got no answer). */
  | { code: 'transcription-failed'; fault: TranscriptionFault | null };

/** What the meter reads, and the recorder gives: opaque to the machine. */
export type AudioStream = MediaStream;

export interface RecordingContext {
  mode: RecordingMode;
  /** The microphone's stream while `active`. @default null */
  stream: AudioStream | null;
  /** Whether the level went over SPEECH_LEVEL_THRESHOLD during this recording. @default false */
  heardSpeech: boolean;
  /** The wave's bar heights in px while listening. @default [] */
  bars: number[];
  /** The last recording, kept until it is transcribed (a failed one can be sent again). @default null */
  audio: Blob | null;
  /** The last recording's problem, shown until the next one starts. @default null */
  problem: RecordingProblem | null;
  /** Recordings started so far (voice mode's status says 'Media stream ready' through the first). @default 0 */
  takes: number;
}

export interface RecordingInput {
  /** @default 'dictation' */
  mode?: RecordingMode;
}

export type RecordingEvent =
  /** The dictate button (or voice mode starting): record. */
  | { type: 'RECORD.START' }
  /** Cancel: the recording (or the transcription on its way) is discarded, the microphone released. */
  | { type: 'RECORD.CANCEL' }
  /** Send: stop now and transcribe what was recorded (widget-spec §4 "Dictate mode"). */
  | { type: 'RECORD.SEND' }
  /** Transcribe the recording whose transcription failed once more. */
  | { type: 'RECORD.RETRY' }
  /** Voice mode: the answer is over (shown, and spoken by the avatar); record again. */
  | { type: 'RESPONSE.DONE' }
  /**
   * Voice mode: stop recording for now (the avatar talks, or the mic is muted): a recording under
   * way is discarded; a transcription under way goes on. RECORD.START records again.
   */
  | { type: 'RECORD.PAUSE' }
  | { type: 'MIC.READY'; stream: AudioStream }
  | { type: 'MIC.FAILED'; reason: RecordingFailure }
  /** A level reading: RMS of the time-domain signal, 0 to 1. */
  | { type: 'METER.LEVEL'; level: number }
  | { type: 'METER.WAVE'; bars: number[] }
  | { type: 'RECORDER.DONE'; audio: Blob }
  | { type: 'RECORDER.FAILED'; reason: RecordingFailure };

/** Sent to the recorder: stop and report the audio. */
export type RecorderCommand = { type: 'RECORDER.STOP' };

export type RecordingEmitted =
  /** A recording was transcribed to non-empty text. */
  | { type: 'transcribed'; text: string }
  /** A recording ended with a problem (also kept in context). */
  | { type: 'failed'; problem: RecordingProblem };

/** A transcription failure, with what is known of it (null when the call got no answer). */
export class TranscriptionFailure extends Error {
  constructor(readonly fault: TranscriptionFault | null) {
    super(fault?.code);
    this.name = 'TranscriptionFailure';
  }
}

/** Whether a recording may be transcribed (widget-spec §5): speech was heard and the audio is over 1000 bytes. */
export const isTranscribable = (heardSpeech: boolean, audio: Blob | null): boolean =>
  heardSpeech && audio !== null && audio.size > MIN_AUDIO_SIZE_BYTES;

/** The trimmed text of the transcribe actor's done event ('' for any other event). */
const transcriptOf = (event: object): string => {
  const output = (event as { output?: unknown }).output;
  return typeof output === 'string' ? output.trim() : '';
};

/**
 * Not machines/not-provided.ts: this machine ships in the dictation chunk, and a module shared with the
 * chat window's machines would be split into a chunk of its own (one more request, more bytes).
 */
const notProvided = (name: string) => (): never => {
  throw new Error(`${name} actor not provided`);
};

export const recordingMachine = setup({
  types: {
    context: {} as RecordingContext,
    events: {} as RecordingEvent,
    input: {} as RecordingInput,
    emitted: {} as RecordingEmitted,
  },
  actors: {
    /** Acquires the microphone: `MIC.READY` with the stream or `MIC.FAILED`; its cleanup stops every track. */
    microphone: fromCallback<RecordingEvent>(notProvided('microphone')),
    /** Records the stream until `RECORDER.STOP`, then `RECORDER.DONE` with the audio; `RECORDER.FAILED` if it cannot. */
    recorder: fromCallback<RecorderCommand, { stream: AudioStream }>(notProvided('recorder')),
    /** Reads the stream: `METER.LEVEL` every METER_INTERVAL_MS, `METER.WAVE` every WAVE_DISPLAY.intervalMs. */
    meter: fromCallback<RecordingEvent, { stream: AudioStream }>(notProvided('meter')),
    /** POST {api}/transcribe; rejects with TranscriptionFailure. */
    transcribe: fromPromise<string, { audio: Blob }>(notProvided('transcribe')),
  },
  delays: {
    silenceTimeout: SILENCE_TIMEOUT_MS,
    restartDelay: RESTART_DELAY_MS,
    noSpeechTimeout: NO_SPEECH_TIMEOUT_MS,
    maxRecording: MAX_RECORDING_MS,
  },
  guards: {
    isSpeech: ({ event }) => event.type === 'METER.LEVEL' && event.level > SPEECH_LEVEL_THRESHOLD,
    isSilence: ({ event }) => event.type === 'METER.LEVEL' && !(event.level > SPEECH_LEVEL_THRESHOLD),
    isTranscribable: ({ context }) => isTranscribable(context.heardSpeech, context.audio),
    isVoiceMode: ({ context }) => context.mode === 'voice',
    isDictation: ({ context }) => context.mode === 'dictation',
    hasText: ({ event }) => transcriptOf(event) !== '',
    hasTextInVoiceMode: ({ context, event }) => context.mode === 'voice' && transcriptOf(event) !== '',
  },
  actions: {
    startRecording: assign({
      heardSpeech: false,
      bars: [],
      audio: null,
      problem: null,
      stream: null,
      takes: ({ context }) => context.takes + 1,
    }),
    keepStream: assign({ stream: ({ context, event }) => (event.type === 'MIC.READY' ? event.stream : context.stream) }),
    releaseStream: assign({ stream: null, bars: [] }),
    markSpeech: assign({ heardSpeech: true }),
    setBars: assign({ bars: ({ context, event }) => (event.type === 'METER.WAVE' ? event.bars : context.bars) }),
    stopRecorder: sendTo('recorder', { type: 'RECORDER.STOP' } satisfies RecorderCommand),
    keepAudio: assign({ audio: ({ context, event }) => (event.type === 'RECORDER.DONE' ? event.audio : context.audio) }),
    discard: assign({ audio: null, heardSpeech: false, bars: [], stream: null }),
    failRecording: assign({
      problem: ({ event }) => ({
        code: 'recording-failed' as const,
        reason: 'reason' in event ? event.reason : ('not-started' as const),
      }),
    }),
    setNoSpeech: assign({ problem: { code: 'no-speech' as const }, audio: null }),
    failTranscription: assign({
      // what a TranscriptionFailure knows of it; nothing for any other error
      problem: ({ event }) => ({
        code: 'transcription-failed' as const,
        fault: (event as { error?: { fault?: TranscriptionFault | null } }).error?.fault ?? null,
      }),
    }),
    emitProblem: emit(({ context }) => ({ type: 'failed' as const, problem: context.problem ?? { code: 'no-speech' as const } })),
    emitText: emit(({ event }) => ({ type: 'transcribed' as const, text: transcriptOf(event) })),
    forgetAudio: assign({ audio: null }),
  },
}).createMachine({
  id: 'recording',
  context: ({ input }) => ({
    mode: input?.mode ?? 'dictation',
    stream: null,
    heardSpeech: false,
    bars: [],
    audio: null,
    problem: null,
    takes: 0,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'RECORD.START': 'active' },
    },
    active: {
      entry: 'startRecording',
      exit: 'releaseStream',
      invoke: { id: 'microphone', src: 'microphone' },
      on: {
        'RECORD.CANCEL': { target: 'idle', actions: 'discard' },
        'RECORD.PAUSE': { target: 'idle', actions: 'discard' },
        'MIC.FAILED': { target: 'idle', actions: ['failRecording', 'emitProblem'] },
      },
      initial: 'acquiring',
      states: {
        acquiring: {
          on: { 'MIC.READY': { target: 'capturing', actions: 'keepStream' } },
        },
        capturing: {
          invoke: { id: 'recorder', src: 'recorder', input: ({ context }) => ({ stream: context.stream as AudioStream }) },
          on: {
            'RECORDER.FAILED': { target: '#recording.idle', actions: ['failRecording', 'emitProblem', 'discard'] },
          },
          initial: 'listening',
          states: {
            listening: {
              after: { maxRecording: 'finalising' },
              invoke: { id: 'meter', src: 'meter', input: ({ context }) => ({ stream: context.stream as AudioStream }) },
              on: {
                'METER.WAVE': { actions: 'setBars' },
                'RECORD.SEND': 'finalising',
              },
              initial: 'waitingForSpeech',
              states: {
                waitingForSpeech: {
                  after: { noSpeechTimeout: '#recording.active.capturing.finalising' },
                  on: { 'METER.LEVEL': { guard: 'isSpeech', target: 'speaking', actions: 'markSpeech' } },
                },
                speaking: {
                  on: { 'METER.LEVEL': { guard: 'isSilence', target: 'trailingSilence' } },
                },
                trailingSilence: {
                  // widget-spec §4: it stops automatically after silence, once speech has been detected
                  after: { silenceTimeout: '#recording.active.capturing.finalising' },
                  on: { 'METER.LEVEL': { guard: 'isSpeech', target: 'speaking' } },
                },
              },
            },
            finalising: {
              entry: 'stopRecorder',
              on: { 'RECORDER.DONE': { target: '#recording.checking', actions: 'keepAudio' } },
            },
          },
        },
      },
    },
    checking: {
      always: [{ guard: 'isTranscribable', target: 'transcribing' }, { target: 'noSpeech' }],
    },
    noSpeech: {
      entry: ['setNoSpeech', 'emitProblem'],
      // widget-spec §4: 'No speech detected' and recording restarts (voice mode); dictation stops there
      always: { guard: 'isDictation', target: 'idle' },
      after: { restartDelay: 'active' },
      on: { 'RECORD.CANCEL': 'idle', 'RECORD.PAUSE': 'idle', 'RECORD.START': 'active' },
    },
    transcribing: {
      invoke: {
        src: 'transcribe',
        input: ({ context }) => ({ audio: context.audio as Blob }),
        onDone: [
          { guard: 'hasTextInVoiceMode', target: 'waitingForResponse', actions: ['forgetAudio', 'emitText'] },
          { guard: 'hasText', target: 'idle', actions: ['forgetAudio', 'emitText'] },
          // an empty transcript: nothing was said that the engine could write down
          { target: 'noSpeech' },
        ],
        onError: { target: 'failed', actions: ['failTranscription', 'emitProblem'] },
      },
      on: { 'RECORD.CANCEL': { target: 'idle', actions: 'discard' } },
    },
    failed: {
      // the audio is kept: Retry sends the same recording once more
      on: {
        'RECORD.RETRY': 'transcribing',
        'RECORD.START': 'active',
        'RECORD.CANCEL': { target: 'idle', actions: 'discard' },
        // voice mode, paused (the avatar talks, or muted): no restart; RECORD.START records again
        'RECORD.PAUSE': { target: 'idle', actions: 'discard' },
      },
      // widget-spec §8: 'Transcription failed': auto-recording restarts (voice mode)
      after: { restartDelay: { guard: 'isVoiceMode', target: 'active' } },
    },
    waitingForResponse: {
      // RECORD.START: the avatar has said the answer and its pause is over (machines/avatar.ts)
      on: { 'RESPONSE.DONE': 'active', 'RECORD.START': 'active', 'RECORD.CANCEL': 'idle' },
    },
  },
});

export type RecordingActor = ActorRefFrom<typeof recordingMachine>;
export type RecordingSnapshot = SnapshotFrom<typeof recordingMachine>;

/** The three phases of the design card: idle, recording, waiting (for a transcript or an answer). */
export type RecordingPhase = 'idle' | 'recording' | 'waiting';

export function selectPhase(s: RecordingSnapshot): RecordingPhase {
  if (s.matches('active')) return 'recording';
  if (s.matches('transcribing') || s.matches('waitingForResponse')) return 'waiting';
  return 'idle';
}
/** The microphone is being acquired (the visitor may be looking at the browser's permission prompt). */
export const selectIsAcquiring = (s: RecordingSnapshot) => s.matches({ active: 'acquiring' });
export const selectIsListening = (s: RecordingSnapshot) => s.matches({ active: { capturing: 'listening' } });
export const selectIsTranscribing = (s: RecordingSnapshot) => s.matches('transcribing');
export const selectBars = (s: RecordingSnapshot) => s.context.bars;
export const selectProblem = (s: RecordingSnapshot) => s.context.problem;
export const selectCanRetry = (s: RecordingSnapshot) => s.can({ type: 'RECORD.RETRY' });
