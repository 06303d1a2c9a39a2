/**
 * Voice mode's words (the part of the widget's catalogue, src/messages.ts, that loads with voice
 * mode's chunk): the status line's texts by the avatar machine's codes, widget-spec §4 and §8 word
 * for word in English. Typed by the codes, so a code without its words fails `tsc`. The names below
 * take the active locale's words (src/words.ts), now and as it changes.
 */
import { ROOM_DELETED, type AvatarFailure, type AvatarStatus } from '../../machines/avatar';
import { onWords } from '../words';

type Code = NonNullable<AvatarStatus>['code'];
type Status<C extends Code> = Extract<NonNullable<AvatarStatus>, { code: C }>;

const EN = {
  /** widget-spec §8: each failure's message, shown as 'Error: {message}'. */
  AVATAR_FAILURE_TEXT: {
    TOKEN_FAILED: 'Failed to fetch session token',
    SESSION_FAILED: 'Failed to create streaming session',
    CLIENT_FAILED: 'LiveKit client failed to load',
    CONNECT_FAILED: 'Failed to connect to avatar',
  } as Record<AvatarFailure, string>,

  /** LiveKit's DisconnectReason values, in words; 5 (ROOM_DELETED) is the spec's 'Idle timeout' (widget-spec §4). */
  DISCONNECT_REASONS: {
    0: 'unknown reason',
    1: 'left',
    2: 'joined elsewhere',
    3: 'server shut down',
    4: 'removed from the room',
    [ROOM_DELETED]: 'Idle timeout',
    6: 'connection state mismatch',
    7: 'could not join',
  } as Record<number, string>,
  /** A reason LiveKit may add later, by its number. */
  otherReason: (reason: number | null) => `reason ${reason}`,

  /**
   * The status line by code (widget-spec §4 "Voice/avatar mode" and "Recording flow", §8 "Voice"): the spec's words
   * where it gives them ('Connecting to avatar...', 'Media stream ready', 'Transcribing', 'Room disconnected: {reason}',
   * 'Error: {message}', 'No speech detected', 'Transcription failed', 'Recording failed'); ours for the rest.
   * (`failure` and `reason` are the texts of `AVATAR_FAILURE_TEXT` and `disconnectText`.)
   */
  STATUS_TEXT: {
    connecting: () => 'Connecting to avatar...',
    ready: () => 'Media stream ready',
    listening: () => 'Listening...',
    transcribing: () => 'Transcribing',
    thinking: () => 'Thinking...',
    speaking: () => 'Speaking...',
    muted: () => 'Microphone muted',
    failed: (_s, failure) => `Error: ${failure}`,
    disconnected: (_s, reason) => `Room disconnected: ${reason}`,
    problem: ({ problem: p }) =>
      p.code === 'no-speech' ? 'No speech detected' : p.code === 'recording-failed' ? 'Recording failed' : 'Transcription failed',
  } as { [C in Code]: (s: Status<C>, text: string) => string },

  // The voice-mode view's own words (widget-spec §2 "Voice-mode view", §4), by code.
  VOICE_MODE: 'Voice mode',
  AVATAR: "The assistant's avatar",
  /** A browser that refused sound without a click of its own gets this button. */
  PLAY_SOUND: 'Play sound',
  START_NEW_SESSION: 'Start new session',
  /** The mic button, by whether the microphone is muted. */
  UNMUTE: 'Click to unmute',
  MUTE: 'Click to mute',
  CLOSE_VOICE_MODE: 'Close voice mode',
};

/** Voice mode's words (a locale's chunk has them: src/locales/). */
export type VoiceWords = typeof EN;

export let {
  AVATAR_FAILURE_TEXT,
  DISCONNECT_REASONS,
  otherReason,
  STATUS_TEXT,
  VOICE_MODE,
  AVATAR,
  PLAY_SOUND,
  START_NEW_SESSION,
  UNMUTE,
  MUTE,
  CLOSE_VOICE_MODE,
} = EN;

onWords('voice', EN, (w) => {
  ({
    AVATAR_FAILURE_TEXT,
    DISCONNECT_REASONS,
    otherReason,
    STATUS_TEXT,
    VOICE_MODE,
    AVATAR,
    PLAY_SOUND,
    START_NEW_SESSION,
    UNMUTE,
    MUTE,
    CLOSE_VOICE_MODE,
  } = w);
});

/** The disconnect reason as the status shows it ('Room disconnected: {reason}'). */
export const disconnectText = (reason: number | null): string => DISCONNECT_REASONS[reason ?? 0] ?? otherReason(reason);

/** The status line (widget-spec §4, §8): '' when there is nothing to say. */
export const voiceStatusText = (status: AvatarStatus): string =>
  status
    ? STATUS_TEXT[status.code](
        status as never,
        status.code === 'failed'
          ? AVATAR_FAILURE_TEXT[status.failure]
          : status.code === 'disconnected'
            ? disconnectText(status.reason)
            : '',
      )
    : '';
