/**
 * Dictation's view model (widget-spec §4 "Dictate mode", §8 "Voice", §9 wave display):
 * what the dictate and send buttons are while recording, the status line, the wave
 * and the Retry. Loaded with the dictation chunk; the composer renders it.
 */
import {
  selectBars,
  selectCanRetry,
  selectIsAcquiring,
  selectIsListening,
  selectIsTranscribing,
  selectPhase,
  selectProblem,
  type RecordingActor,
  type RecordingSnapshot,
} from '../../machines/recording';
import { CANCEL_DICTATION, DICTATE, DICTATION_STATUS, problemText, STOP_AND_TRANSCRIBE } from '../dictation/messages';

/** The rule for dictated text and the draft lives with the dictation machine. */
export { appendDictation } from '../../machines/dictation';

export function connectDictation(s: RecordingSnapshot, actor: RecordingActor) {
  const phase = selectPhase(s);
  const listening = selectIsListening(s);
  const transcribing = selectIsTranscribing(s);
  const busy = phase !== 'idle';
  const problem = selectProblem(s);
  const status = selectIsAcquiring(s)
    ? DICTATION_STATUS.starting
    : listening
      ? DICTATION_STATUS.recording
      : transcribing
        ? DICTATION_STATUS.transcribing
        : problemText(problem);
  return {
    /** Recording or transcribing: the dictate button cancels. */
    busy,
    /** widget-spec §4: the dictate button becomes a cancel button while recording. */
    dictate: {
      label: busy ? CANCEL_DICTATION : DICTATE,
      icon: busy ? ('close' as const) : ('mic' as const),
      onClick: () => actor.send({ type: busy ? 'RECORD.CANCEL' : 'RECORD.START' }),
    },
    /** While recording, send stops and transcribes (widget-spec §4); null when the send button is the usual one. */
    send: listening ? { label: STOP_AND_TRANSCRIBE, onClick: () => actor.send({ type: 'RECORD.SEND' }) } : null,
    /** Announced politely (the composer keeps it in a live region). */
    status,
    /** The status is a problem (shown in the error colour). */
    isProblem: !busy && problem !== null,
    /** widget-spec §9: the wave's bar heights in px, while recording. */
    bars: listening ? selectBars(s) : null,
    /** 'Transcribing' shows the wave loading indicator. */
    transcribing,
    /** A failed transcription can be sent again (the same recording). */
    retry: selectCanRetry(s) ? () => actor.send({ type: 'RECORD.RETRY' }) : null,
  };
}
