/**
 * Voice mode with the live avatar (widget-spec §2 "Voice-mode view", §4 "Voice/avatar
 * mode", §7, §8 "Voice", §9): a session token from our server, a streaming session,
 * the LiveKit client (a chunk of its own), the room, and the conversation loop.
 *
 *   idle → fetchingToken → creatingSession → loadingClient → live { connecting → waitingForMedia → ready }
 *        → disconnected ('Room disconnected: {reason}', 'Start new session')
 *   any step's failure → failed ('Error: {message}', 'Start new session')
 *
 * In `ready` the visitor talks: the recording machine (voice mode) is told when to record.
 * It records unless the mic is muted or the avatar is talking; 1000 ms after the avatar
 * stops talking it records again (widget-spec §4, §9 "Avatar speech end delay"). The mic
 * button cycles record → mute → unmute. A keep-alive runs while the room is up; the
 * provider ends an idle session after 300 s (LiveKit reason 5, shown as 'Idle timeout').
 *
 * The effects are actors: `fetchToken` (GET {api}/interactive-avatar/get-session-token),
 * `createSession`, `loadClient` (the LiveKit chunk), `room` (joins, reports tracks, talking
 * and the disconnect; leaves on cleanup), `keepAlive`, `stopSession`; and `recorder`, the
 * recording machine with its own effects, provided by the widget.
 */
import { assign, emit, fromCallback, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { recordingMachine, type RecordingProblem, type RecordingSnapshot } from './recording';
import { AVATAR_SPEECH_END_DELAY_MS, KEEP_ALIVE_INTERVAL_MS } from './on-demand-constants';

/** LiveKit's DisconnectReason ROOM_DELETED: the provider closed the room (widget-spec §4: shown as 'Idle timeout'). */
export const ROOM_DELETED = 5;

/** A started streaming session: where its LiveKit room is and how to join it (widget-spec §3 "Avatar session"). */
export interface AvatarSession {
  sessionId: string;
  /** The LiveKit server's URL (`fake:` for the server's built-in fake provider). */
  url: string;
  /** The token that joins the room. */
  accessToken: string;
  /** How the avatar is told what to say: by our server ('server') or on the room's data channel by the widget. */
  speech: 'server' | 'data-channel';
}

/** What went wrong, as a code: the step that failed (the view shows widget-spec §8's 'Error: {message}'). */
export type AvatarFailure = 'TOKEN_FAILED' | 'SESSION_FAILED' | 'CLIENT_FAILED' | 'CONNECT_FAILED';

export interface AvatarContext {
  token: string | null;
  session: AvatarSession | null;
  /** The avatar's tracks once they arrived (opaque here; the view plays them). */
  audio: MediaStreamTrack | null;
  video: MediaStreamTrack | null;
  /** The visitor muted the mic. @default false */
  muted: boolean;
  /** The avatar is talking. @default false */
  talking: boolean;
  failure: AvatarFailure | null;
  /** The LiveKit disconnect reason; null while connected or never. */
  disconnectReason: number | null;
}

export type AvatarEvent =
  /** The voice button, or 'Start new session'. */
  | { type: 'VOICE.START' }
  /** The close-voice button: end the session and give the text input back. */
  | { type: 'VOICE.CLOSE' }
  /** The mic button: record → mute → unmute. */
  | { type: 'MIC.TOGGLE' }
  | { type: 'ROOM.CONNECTED' }
  | { type: 'ROOM.TRACK'; kind: 'audio' | 'video'; track: MediaStreamTrack }
  | { type: 'ROOM.DISCONNECTED'; reason: number }
  | { type: 'ROOM.FAILED' }
  | { type: 'AVATAR.TALK_START' }
  | { type: 'AVATAR.TALK_END' }
  /** The answer to say: sent on the room's data channel where the session takes speech there. */
  | { type: 'AVATAR.SAY'; text: string };

export type AvatarEmitted =
  /** The room is up with both tracks: the view attaches them. */
  | { type: 'media.ready' }
  /** Voice mode ended (closed): the text input is back. */
  | { type: 'voice.closed' }
  /** The room is joined and the recorder (system id `recorder`) runs: messages carry this session from now on. */
  | { type: 'room.joined'; sessionToken: string; streamSessionId: string }
  /** The room is left and its recorder stopped. */
  | { type: 'room.left' };

/** What the room actor is told: say a text (on the data channel). */
export type RoomCommand = { type: 'ROOM.SAY'; text: string };

/** Not machines/not-provided.ts: see machines/recording.ts (this machine ships in the voice chunk). */
const notProvided = (name: string) => (): never => {
  throw new Error(`${name} actor not provided`);
};

export const avatarMachine = setup({
  types: {
    context: {} as AvatarContext,
    events: {} as AvatarEvent,
    emitted: {} as AvatarEmitted,
  },
  actors: {
    fetchToken: fromPromise<string>(notProvided('fetchToken')),
    createSession: fromPromise<AvatarSession, { token: string }>(notProvided('createSession')),
    /** Loads the room's client for this session (the LiveKit chunk; a local stand-in for the fake provider's rooms). */
    loadClient: fromPromise<void, { session: AvatarSession }>(notProvided('loadClient')),
    room: fromCallback<RoomCommand, { session: AvatarSession }>(notProvided('room')),
    keepAlive: fromPromise<void, { session: AvatarSession; token: string }>(notProvided('keepAlive')),
    stopSession: fromPromise<void, { session: AvatarSession; token: string }>(notProvided('stopSession')),
    /** The recording machine in voice mode; the widget provides it with its effects. */
    recorder: recordingMachine,
  },
  delays: {
    speechEndDelay: AVATAR_SPEECH_END_DELAY_MS,
    keepAliveInterval: KEEP_ALIVE_INTERVAL_MS,
  },
  guards: {
    hasBothTracks: ({ context }) => context.audio !== null && context.video !== null,
    speaksOnDataChannel: ({ context }) => context.session?.speech === 'data-channel',
    isMuted: ({ context }) => context.muted,
    isTalking: ({ context }) => context.talking,
    hasSession: ({ context }) => context.session !== null && context.token !== null,
  },
  actions: {
    reset: assign({
      token: null,
      session: null,
      audio: null,
      video: null,
      muted: false,
      talking: false,
      failure: null,
      disconnectReason: null,
    }),
    fail: assign({ failure: (_, failure: AvatarFailure) => failure }),
    addTrack: assign(({ context, event }) =>
      event.type === 'ROOM.TRACK' ? (event.kind === 'audio' ? { audio: event.track } : { video: event.track }) : context,
    ),
    say: sendTo('room', ({ event }) => ({ type: 'ROOM.SAY' as const, text: event.type === 'AVATAR.SAY' ? event.text : '' })),
    talkStarted: assign({ talking: true }),
    talkEnded: assign({ talking: false }),
    toggleMute: assign({ muted: ({ context }) => !context.muted }),
    recordNow: sendTo('recorder', { type: 'RECORD.START' }),
    stopRecording: sendTo('recorder', { type: 'RECORD.PAUSE' }),
  },
}).createMachine({
  id: 'avatar',
  context: { token: null, session: null, audio: null, video: null, muted: false, talking: false, failure: null, disconnectReason: null },
  initial: 'idle',
  on: {
    // widget-spec §4: the close-voice button ends the session and restores the text input
    'VOICE.CLOSE': '.closing',
  },
  states: {
    idle: {
      on: { 'VOICE.START': 'fetchingToken' },
    },
    fetchingToken: {
      entry: 'reset',
      invoke: {
        src: 'fetchToken',
        onDone: { target: 'creatingSession', actions: assign({ token: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: { type: 'fail', params: 'TOKEN_FAILED' as AvatarFailure } },
      },
    },
    creatingSession: {
      invoke: {
        src: 'createSession',
        input: ({ context }) => ({ token: context.token as string }),
        onDone: { target: 'loadingClient', actions: assign({ session: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: { type: 'fail', params: 'SESSION_FAILED' as AvatarFailure } },
      },
    },
    loadingClient: {
      invoke: {
        src: 'loadClient',
        input: ({ context }) => ({ session: context.session as AvatarSession }),
        onDone: 'live',
        onError: { target: 'failed', actions: { type: 'fail', params: 'CLIENT_FAILED' as AvatarFailure } },
      },
    },
    live: {
      // the room and the recorder live as long as this state: leaving it leaves the room and releases the mic
      invoke: [
        { id: 'room', src: 'room', input: ({ context }) => ({ session: context.session as AvatarSession }) },
        { id: 'recorder', src: 'recorder', systemId: 'recorder', input: { mode: 'voice' } },
      ],
      entry: emit(({ context }) => ({
        type: 'room.joined' as const,
        sessionToken: context.token as string,
        streamSessionId: (context.session as AvatarSession).sessionId,
      })),
      exit: emit({ type: 'room.left' }),
      on: {
        'AVATAR.SAY': { guard: 'speaksOnDataChannel', actions: 'say' },
        'ROOM.DISCONNECTED': { target: 'disconnected', actions: assign({ disconnectReason: ({ event }) => event.reason }) },
        'ROOM.FAILED': { target: 'failed', actions: { type: 'fail', params: 'CONNECT_FAILED' as AvatarFailure } },
      },
      type: 'parallel',
      states: {
        connection: {
          on: {
            'ROOM.TRACK': { actions: 'addTrack' },
            'AVATAR.TALK_START': { actions: 'talkStarted' },
            'AVATAR.TALK_END': { actions: 'talkEnded' },
            'MIC.TOGGLE': { actions: 'toggleMute' },
          },
          initial: 'connecting',
          states: {
            connecting: {
              on: { 'ROOM.CONNECTED': 'waitingForMedia' },
            },
            waitingForMedia: {
              always: { guard: 'hasBothTracks', target: 'ready' },
            },
            ready: {
              entry: emit({ type: 'media.ready' }),
              initial: 'starting',
              states: {
                // widget-spec §4: when both tracks have arrived, recording starts (unless muted meanwhile)
                starting: {
                  always: [{ guard: 'isMuted', target: 'muted' }, { guard: 'isTalking', target: 'avatarTalking' }, { target: 'listening' }],
                },
                listening: {
                  entry: 'recordNow',
                  on: {
                    'AVATAR.TALK_START': { target: 'avatarTalking', actions: 'talkStarted' },
                    'MIC.TOGGLE': { target: 'muted', actions: 'toggleMute' },
                  },
                },
                // while the avatar speaks, recording stops
                avatarTalking: {
                  entry: 'stopRecording',
                  on: { 'AVATAR.TALK_END': { target: 'resuming', actions: 'talkEnded' } },
                },
                // one second after its speech stops, recording resumes unless muted
                resuming: {
                  after: { speechEndDelay: [{ guard: 'isMuted', target: 'muted' }, { target: 'listening' }] },
                  on: { 'AVATAR.TALK_START': { target: 'avatarTalking', actions: 'talkStarted' } },
                },
                muted: {
                  entry: 'stopRecording',
                  on: {
                    'MIC.TOGGLE': [
                      { guard: 'isTalking', target: 'avatarTalking', actions: 'toggleMute' },
                      { target: 'listening', actions: 'toggleMute' },
                    ],
                  },
                },
              },
            },
          },
        },
        // widget-spec §9: the provider ends a session idle for 300 s; a keep-alive while the room is up
        keepAlive: {
          initial: 'waiting',
          states: {
            waiting: { after: { keepAliveInterval: 'pinging' } },
            pinging: {
              invoke: {
                src: 'keepAlive',
                input: ({ context }) => ({ session: context.session as AvatarSession, token: context.token as string }),
                onDone: 'waiting',
                // a missed keep-alive is not fatal: the room says when the session is gone
                onError: 'waiting',
              },
            },
          },
        },
      },
    },
    disconnected: {
      on: { 'VOICE.START': 'fetchingToken' },
    },
    failed: {
      on: { 'VOICE.START': 'fetchingToken' },
    },
    closing: {
      always: [{ guard: 'hasSession', target: 'stopping' }, { target: 'closed' }],
    },
    stopping: {
      invoke: {
        src: 'stopSession',
        input: ({ context }) => ({ session: context.session as AvatarSession, token: context.token as string }),
        onDone: 'closed',
        // the provider ends the session by itself after its idle timeout: the visitor is not held up
        onError: 'closed',
      },
    },
    closed: {
      entry: ['reset', emit({ type: 'voice.closed' })],
      always: 'idle',
    },
  },
});

export type AvatarActor = ActorRefFrom<typeof avatarMachine>;
export type AvatarSnapshot = SnapshotFrom<typeof avatarMachine>;

/**
 * What the status line says (widget-spec §4, §8), as a code with its detail; null when there is nothing to say.
 * In the room, it follows the avatar and its recorder: `listening` (the mic is open), `transcribing` (widget-spec
 * §4 "Recording flow": 'Transcribing'), `thinking` (the message is sent, its answer not yet said), `speaking` (the
 * avatar says it, and for the second after), `muted`, and a recording's `problem` (§8 "Voice").
 */
export type AvatarStatus =
  | { code: 'failed'; failure: AvatarFailure }
  | { code: 'disconnected'; reason: number | null }
  | { code: 'ready' | 'connecting' | 'listening' | 'transcribing' | 'thinking' | 'speaking' | 'muted' }
  | { code: 'problem'; problem: RecordingProblem }
  | null;

/**
 * The status line's code (the voice view has its words), from the avatar and, once the room is up, its recorder
 * (`children.recorder`). 'Media stream ready' (widget-spec §4) stays through the first recording until speech is heard.
 */
export function selectStatus(s: AvatarSnapshot, recorder?: RecordingSnapshot): AvatarStatus {
  if (s.matches('failed')) return { code: 'failed', failure: s.context.failure ?? 'SESSION_FAILED' };
  if (s.matches('disconnected')) return { code: 'disconnected', reason: s.context.disconnectReason };
  if (s.matches({ live: { connection: 'ready' } })) {
    // muted and the avatar talking come first: the recorder is paused then (a transcription under way goes on)
    if (s.matches({ live: { connection: { ready: 'muted' } } })) return { code: 'muted' };
    if (s.context.talking || s.matches({ live: { connection: { ready: 'resuming' } } })) return { code: 'speaking' };
    const r = recorder;
    if (!r) return { code: 'ready' };
    if (r.matches('checking') || r.matches('transcribing')) return { code: 'transcribing' };
    if (r.matches('waitingForResponse')) return { code: 'thinking' };
    if (r.context.problem) return { code: 'problem', problem: r.context.problem };
    // the first recording until speech is heard (the microphone starting included); then every one listens
    return { code: r.context.takes < 2 && !r.context.heardSpeech ? 'ready' : 'listening' };
  }
  if (s.matches('idle') || s.matches('closing') || s.matches('stopping') || s.matches('closed')) return null;
  return { code: 'connecting' };
}
/** The spinner shows while connecting. */
export const selectIsConnecting = (s: AvatarSnapshot) =>
  s.matches('fetchingToken') ||
  s.matches('creatingSession') ||
  s.matches('loadingClient') ||
  s.matches({ live: { connection: 'connecting' } }) ||
  s.matches({ live: { connection: 'waitingForMedia' } });
/** 'Start new session' shows after a disconnect or a failure. */
export const selectCanRestart = (s: AvatarSnapshot) => s.matches('disconnected') || s.matches('failed');
export const selectIsActive = (s: AvatarSnapshot) => !s.matches('idle');
export const selectIsMuted = (s: AvatarSnapshot) => s.context.muted;
export const selectIsTalking = (s: AvatarSnapshot) => s.context.talking;
/** The avatar's tracks, once both arrived. */
export const selectTracks = (s: AvatarSnapshot) =>
  s.context.audio && s.context.video ? { audio: s.context.audio, video: s.context.video } : null;
