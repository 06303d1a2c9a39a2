/**
 * Dictation's words (the part of the widget's catalogue, src/messages.ts, that loads with
 * dictation's chunk): the status line of widget-spec §4 "Dictate mode" and the texts of §8 "Voice"
 * by the recording machine's problem codes, word for word. Typed by the codes, so a code without
 * its words fails `tsc`.
 */
import type { RecordingProblem } from '../../machines/recording';

type Code = RecordingProblem['code'];

/** widget-spec §8 "Voice": a recording problem's text, by code; a reason or an HTTP status follows after a colon. */
const PROBLEM_TEXT: { [C in Code]: (p: Extract<RecordingProblem, { code: C }>) => string } = {
  'no-speech': () => 'No speech detected',
  'recording-failed': (p) => `Recording failed: ${p.reason}`,
  'transcription-failed': (p) => (p.detail ? `Transcription failed: ${p.detail}` : 'Transcription failed'),
};

/** The status line's text of a recording's problem ('' for none). */
export const problemText = (problem: RecordingProblem | null): string => (problem ? PROBLEM_TEXT[problem.code](problem as never) : '');

/** The status line while the microphone starts, while recording, and while transcribing. */
export const DICTATION_STATUS = {
  starting: 'Starting the microphone…',
  recording: 'Recording… press send when you are done',
  transcribing: 'Transcribing',
} as const;

/** A failed transcription's button: the same recording again. */
export const RETRY = 'Retry';
/** widget-spec §4: the dictate button, a cancel button while recording; the send button stops and transcribes. */
export const DICTATE = 'Dictate';
export const CANCEL_DICTATION = 'Cancel dictation';
export const STOP_AND_TRANSCRIBE = 'Stop and transcribe';
