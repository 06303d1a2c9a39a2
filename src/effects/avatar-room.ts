/**
 * The avatar's room as an actor (machines/avatar.ts `room`): it joins the session's
 * LiveKit room, reports the connection, the avatar's audio and video tracks, its
 * talking and the disconnect (with LiveKit's reason), says texts on the data channel
 * when told to, and leaves the room on cleanup. LiveKit itself is a chunk of its own;
 * this module only receives it.
 */
import { fromCallback } from 'xstate';
import type { AvatarEvent, AvatarSession, RoomCommand } from '../../machines/avatar';

/** The few parts of livekit-client the room uses (the chunk hands them over). */
export interface LiveKit {
  Room: typeof import('livekit-client').Room;
  RoomEvent: typeof import('livekit-client').RoomEvent;
}

/** LiveAvatar takes commands on this data-channel topic and reports on `agent-response`. */
export const COMMAND_TOPIC = 'agent-control';

/**
 * The avatar's talking from a data-channel message, in either provider's words: HeyGen's
 * `{"type":"avatar_start_talking"}` / `avatar_stop_talking`, LiveAvatar's
 * `{"event_type":"avatar.speak_started"}` / `avatar.speak_ended`. Anything else: null.
 */
export function talkEvent(payload: Uint8Array): Extract<AvatarEvent, { type: 'AVATAR.TALK_START' | 'AVATAR.TALK_END' }> | null {
  let message: { type?: unknown; event_type?: unknown };
  try {
    message = JSON.parse(new TextDecoder().decode(payload)) as typeof message;
  } catch {
    return null;
  }
  const kind = typeof message?.type === 'string' ? message.type : typeof message?.event_type === 'string' ? message.event_type : '';
  if (kind === 'avatar_start_talking' || kind === 'avatar.speak_started') return { type: 'AVATAR.TALK_START' };
  if (kind === 'avatar_stop_talking' || kind === 'avatar.speak_ended') return { type: 'AVATAR.TALK_END' };
  return null;
}

/** The data-channel command that makes the avatar say `text` as it is (LiveAvatar's `avatar.speak_text`). */
export const sayCommand = (text: string): Uint8Array<ArrayBuffer> =>
  new TextEncoder().encode(JSON.stringify({ event_type: 'avatar.speak_text', text })) as Uint8Array<ArrayBuffer>;

/** What a room callback gets (xstate's fromCallback arguments, narrowed). */
export interface RoomArgs {
  input: { session: AvatarSession };
  sendBack: (event: AvatarEvent) => void;
  receive: (listener: (command: RoomCommand) => void) => void;
}

/** The room actor over a loaded livekit-client. */
export const livekitRoom = (load: () => Promise<LiveKit>) =>
  fromCallback<RoomCommand, { session: AvatarSession }>(livekitRoomCallback(load));

/** The same as a plain callback, for a room actor that picks its kind of room by the session. */
export function livekitRoomCallback(load: () => Promise<LiveKit>) {
  return ({ input, sendBack, receive }: RoomArgs) => {
    let left = false;
    let room: InstanceType<LiveKit['Room']> | null = null;
    void load().then(
      ({ Room, RoomEvent }) => {
        if (left) return;
        const r = new Room({ adaptiveStream: true, dynacast: true });
        room = r;
        r.on(RoomEvent.TrackSubscribed, (track) => {
          if (track.kind === 'audio' || track.kind === 'video')
            sendBack({ type: 'ROOM.TRACK', kind: track.kind, track: track.mediaStreamTrack });
        });
        r.on(RoomEvent.DataReceived, (payload) => {
          const e = talkEvent(payload);
          if (e) sendBack(e);
        });
        r.on(RoomEvent.Disconnected, (reason) => {
          if (!left) sendBack({ type: 'ROOM.DISCONNECTED', reason: reason ?? 0 });
        });
        r.connect(input.session.url, input.session.accessToken).then(
          () => !left && sendBack({ type: 'ROOM.CONNECTED' }),
          () => !left && sendBack({ type: 'ROOM.FAILED' }),
        );
      },
      () => !left && sendBack({ type: 'ROOM.FAILED' }),
    );
    receive((command) => {
      void room?.localParticipant.publishData(sayCommand(command.text), { reliable: true, topic: COMMAND_TOPIC }).catch(() => undefined);
    });
    return () => {
      left = true;
      if (room) {
        room.removeAllListeners();
        void room.disconnect();
      }
    };
  };
}
