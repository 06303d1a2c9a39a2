/**
 * Voice mode's words (the part of the widget's catalogue, src/messages.ts, that loads with voice
 * mode's chunk): the status line's texts by the avatar machine's codes, widget-spec §4 and §8 word
 * for word. Typed by the codes, so a code without its words fails `tsc`.
 */
import { ROOM_DELETED, type AvatarFailure, type AvatarStatus } from '../../machines/avatar';

/** widget-spec §8: each failure's message, shown as 'Error: {message}'. */
export const AVATAR_FAILURE_TEXT: Record<AvatarFailure, string> = {
  TOKEN_FAILED: 'Failed to fetch session token',
  SESSION_FAILED: 'Failed to create streaming session',
  CLIENT_FAILED: 'LiveKit client failed to load',
  CONNECT_FAILED: 'Failed to connect to avatar',
};

/** LiveKit's DisconnectReason values, in words; 5 (ROOM_DELETED) is the spec's 'Idle timeout' (widget-spec §4). */
const DISCONNECT_REASONS: Record<number, string> = {
  0: 'unknown reason',
  1: 'left',
  2: 'joined elsewhere',
  3: 'server shut down',
  4: 'removed from the room',
  [ROOM_DELETED]: 'Idle timeout',
  6: 'connection state mismatch',
  7: 'could not join',
};

/** The disconnect reason as the status shows it ('Room disconnected: {reason}'). */
export const disconnectText = (reason: number | null): string => DISCONNECT_REASONS[reason ?? 0] ?? `reason ${reason}`;

type Code = NonNullable<AvatarStatus>['code'];
type Status<C extends Code> = Extract<NonNullable<AvatarStatus>, { code: C }>;

/**
 * The status line by code (widget-spec §4 "Voice/avatar mode" and "Recording flow", §8 "Voice"): the spec's words
 * where it gives them ('Connecting to avatar...', 'Media stream ready', 'Transcribing', 'Room disconnected: {reason}',
 * 'Error: {message}', 'No speech detected', 'Transcription failed', 'Recording failed'); ours for the rest.
 */
const STATUS_TEXT: { [C in Code]: (s: Status<C>) => string } = {
  connecting: () => 'Connecting to avatar...',
  ready: () => 'Media stream ready',
  listening: () => 'Listening...',
  transcribing: () => 'Transcribing',
  thinking: () => 'Thinking...',
  speaking: () => 'Speaking...',
  muted: () => 'Microphone muted',
  failed: (s) => `Error: ${AVATAR_FAILURE_TEXT[s.failure]}`,
  disconnected: (s) => `Room disconnected: ${disconnectText(s.reason)}`,
  problem: ({ problem: p }) =>
    p.code === 'no-speech' ? 'No speech detected' : p.code === 'recording-failed' ? 'Recording failed' : 'Transcription failed',
};

/** The status line (widget-spec §4, §8): '' when there is nothing to say. */
export const voiceStatusText = (status: AvatarStatus): string => (status ? STATUS_TEXT[status.code](status as never) : '');

// The voice-mode view's own words (widget-spec §2 "Voice-mode view", §4), by code.
export const VOICE_MODE = 'Voice mode';
export const AVATAR = "The assistant's avatar";
/** A browser that refused sound without a click of its own gets this button. */
export const PLAY_SOUND = 'Play sound';
export const START_NEW_SESSION = 'Start new session';
/** The mic button, by whether the microphone is muted. */
export const UNMUTE = 'Click to unmute';
export const MUTE = 'Click to mute';
export const CLOSE_VOICE_MODE = 'Close voice mode';
