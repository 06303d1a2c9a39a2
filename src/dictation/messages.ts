/**
 * Dictation's words (the part of the widget's catalogue, src/messages.ts, that loads with
 * dictation's chunk): the status line of widget-spec §4 "Dictate mode" and the texts of §8 "Voice"
 * by the recording machine's problem codes, word for word in English, with the reasons the effects
 * report as codes (a microphone's refusal, a failed transcription's HTTP status). Typed by the codes,
 * so a code without its words fails `tsc`. The names below take the active locale's words
 * (src/words.ts), now and as it changes.
 */
import type { RecordingFailure, RecordingProblem } from '../../machines/recording';
import { onWords } from '../words';

type Code = RecordingProblem['code'];

/** Why the microphone or the recorder failed, by the code the effects report (src/effects/microphone.ts). */
const RECORDING_FAILURE: Record<RecordingFailure, string> = {
  denied: 'microphone access was denied',
  'not-found': 'no microphone was found',
  'in-use': 'the microphone is in use or unavailable',
  'not-started': 'the microphone could not start',
  insecure: 'recording needs a secure (https) page',
  unsupported: 'this browser cannot record audio',
  interrupted: 'the recording stopped unexpectedly',
};

const EN = {
  /**
   * widget-spec §8 "Voice": a recording problem's text, by code, with its reason in words after a colon: why the
   * microphone or the recorder failed, or what is known of a failed transcription ('HTTP error! status: N', or
   * 'Invalid response from API'; nothing when the call got no answer).
   */
  PROBLEM_TEXT: {
    'no-speech': () => 'No speech detected',
    'recording-failed': (p) => `Recording failed: ${RECORDING_FAILURE[p.reason]}`,
    'transcription-failed': ({ fault: f }) =>
      f
        ? `Transcription failed: ${f.code === 'http' ? `HTTP error! status: ${f.status}` : 'Invalid response from API'}`
        : 'Transcription failed',
  } as { [C in Code]: (p: Extract<RecordingProblem, { code: C }>) => string },

  /** The status line while the microphone starts, while recording, and while transcribing. */
  DICTATION_STATUS: {
    starting: 'Starting the microphone…',
    recording: 'Recording… press send when you are done',
    transcribing: 'Transcribing',
  },

  /** A failed transcription's button: the same recording again. */
  RETRY: 'Retry',
  /** widget-spec §4: the dictate button, a cancel button while recording; the send button stops and transcribes. */
  DICTATE: 'Dictate',
  CANCEL_DICTATION: 'Cancel dictation',
  STOP_AND_TRANSCRIBE: 'Stop and transcribe',
};

/** Dictation's words (a locale's chunk has them: src/locales/). */
export type DictationWords = typeof EN;

export let { PROBLEM_TEXT, DICTATION_STATUS, RETRY, DICTATE, CANCEL_DICTATION, STOP_AND_TRANSCRIBE } = EN;

onWords('dictation', EN, (w) => {
  ({ PROBLEM_TEXT, DICTATION_STATUS, RETRY, DICTATE, CANCEL_DICTATION, STOP_AND_TRANSCRIBE } = w);
});

/** The status line's text of a recording's problem ('' for none). */
export const problemText = (problem: RecordingProblem | null): string => (problem ? PROBLEM_TEXT[problem.code](problem as never) : '');
