/**
 * The rest of the widget's constants (see constants.ts): those only the parts loaded on demand use
 * (the Ask-question modal and the video viewer, dictation, voice mode), named as widget-spec §9
 * names them. Kept apart so that the core neither holds nor re-exports them.
 */

/** widget-spec §4, §9: the modal's content is cleared this long after it closes. */
export const MODAL_CLOSE_CLEANUP_MS = 300;
/** widget-spec §2, §9: how long 'Copied!' shows. */
export const COPY_CONFIRMATION_MS = 2000;
/** widget-spec §4, §9: the speeds the video's speed button cycles through. */
export const VIDEO_SPEEDS = [1, 1.5, 2, 0.5] as const;

/** widget-spec §5, §9: speech is a level over 0.1 (RMS of the float time-domain signal, 0 to 1). */
export const SPEECH_LEVEL_THRESHOLD = 0.1;
/** widget-spec §9: a recording stops after 1500 ms of silence, once speech was heard. */
export const SILENCE_TIMEOUT_MS = 1500;
/** widget-spec §5, §9: a recording is transcribed only if its audio is over 1000 bytes. */
export const MIN_AUDIO_SIZE_BYTES = 1000;
/** widget-spec §9: the audio processing buffer is 4096 samples (the analyser's window). */
export const AUDIO_PROCESSING_BUFFER = 4096;
/** widget-spec §9: the wave display: 30 bars, updated every 150 ms, 3 to 40 px high, audio level threshold 10 (of 255). */
export const WAVE_DISPLAY = { bars: 30, intervalMs: 150, minHeight: 3, maxHeight: 40, threshold: 10 } as const;
/** widget-spec §9: the dictate recorder emits data every 1000 ms. */
export const DICTATE_RECORDER_TIMESLICE_MS = 1000;
/**
 * widget-spec §4, §8: in voice mode recording restarts after 'No speech detected' and after
 * 'Transcription failed'; how soon is not shown. Long enough to read the status.
 */
export const RESTART_DELAY_MS = 1000;
/**
 * A recording that hears no speech for this long stops ('No speech detected'), so a
 * forgotten dictation does not hold the microphone (the spec is silent; our choice).
 */
export const NO_SPEECH_TIMEOUT_MS = 15_000;
/** The longest recording: the built-in transcription engine's limit (server/transcribe). */
export const MAX_RECORDING_MS = 120_000;
/** How often the meter reads the level: single readings drop to 0 between words, the silence window smooths that. */
export const METER_INTERVAL_MS = 50;

/** widget-spec §9: recording resumes 1000 ms after the avatar stops talking. */
export const AVATAR_SPEECH_END_DELAY_MS = 1000;
/** widget-spec §9: the provider ends an avatar session idle for 300 s; a keep-alive well inside that. */
export const KEEP_ALIVE_INTERVAL_MS = 60_000;
