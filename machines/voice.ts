/**
 * Voice mode in the widget's system (widget-spec §4 "Voice/avatar mode"): the avatar machine (spawned as
 * `avatar`, with its recorder as `recorder` while the room is up) and the reactions around it, as
 * transitions: what the visitor said is sent as a chat message; the chat's answer is said by the avatar
 * (where the session takes speech on the data channel); a failed send lets the visitor talk again; closing
 * the window ends voice mode. While the room is up, chat messages carry the avatar session. The avatar's,
 * the recorder's, the chat's and the window's facts reach it through the widget's `facts` relays
 * (machines/widget.ts).
 */
import { sendTo, setup } from 'xstate';
import { avatarMachine, type AvatarEmitted } from './avatar';
import type { ChatEmitted } from './chat';
import type { RecordingEmitted } from './recording';
import { facts } from './widget';
import type { WindowEmitted } from './window';

/** What chat messages carry in voice mode (widget-spec §3 sessionToken, streamSessionId); null: nothing. */
export type ChatExtras = { sessionToken: string; streamSessionId: string } | null;

export interface VoiceInput {
  /** The text the avatar says for an answer's markdown (contract/speech.ts `speakable`). */
  speakable: (markdown: string) => string;
}

type Fact<T extends VoiceEvent['type']> = Extract<VoiceEvent, { type: T }>;
type VoiceEvent = AvatarEmitted | RecordingEmitted | ChatEmitted | WindowEmitted;

export const voiceMachine = setup({
  types: { context: {} as VoiceInput, input: {} as VoiceInput, events: {} as VoiceEvent },
  actors: { avatar: avatarMachine, facts },
  actions: {
    /** Chat messages sent from now on carry `extras` (the widget provides where they are kept). */
    setChatExtras: (_, _extras: ChatExtras) => undefined,
  },
}).createMachine({
  id: 'voice',
  context: ({ input }) => input,
  invoke: [
    { src: 'avatar', id: 'avatar', systemId: 'avatar' },
    { src: 'facts', input: 'avatar' },
    { src: 'facts', input: 'chat' },
    { src: 'facts', input: 'window' },
  ],
  on: {
    // where the session takes speech on the data channel, the avatar says the answer
    'message.received': {
      actions: sendTo('avatar', ({ context, event }) => ({
        type: 'AVATAR.SAY' as const,
        text: context.speakable((event as Fact<'message.received'>).message.content),
      })),
    },
    'window.closed': { actions: sendTo('avatar', { type: 'VOICE.CLOSE' }) },
  },
  initial: 'away',
  states: {
    away: {
      entry: { type: 'setChatExtras', params: null },
      on: { 'room.joined': 'inRoom' },
    },
    // the room is up: the recorder's facts are heard, and messages carry the avatar session
    inRoom: {
      entry: {
        type: 'setChatExtras',
        params: ({ event }) => {
          const { sessionToken, streamSessionId } = event as Fact<'room.joined'>;
          return { sessionToken, streamSessionId };
        },
      },
      invoke: { src: 'facts', input: 'recorder' },
      on: {
        transcribed: {
          actions: sendTo(
            ({ system }) => system.get('chat'),
            ({ event }) => ({ type: 'CHAT.SEND', text: (event as Fact<'transcribed'>).text }),
          ),
        },
        // no answer is coming: the visitor may talk again
        'send.failed': { actions: sendTo(({ system }) => system.get('recorder'), { type: 'RESPONSE.DONE' }) },
        'room.left': 'away',
      },
    },
  },
});
