/**
 * The room of the server's built-in fake provider (AVATAR_PROVIDER=fake, session URL
 * `fake:…`): no LiveKit server exists offline, so the widget plays the avatar itself,
 * with real media tracks: a canvas drawn at 25 fps (`captureStream`) for the video and
 * an oscillator (`MediaStreamAudioDestinationNode`) for the audio. Told to say a text,
 * it reports talking for a time in proportion to the text, the mouth moving and the
 * tone sounding meanwhile. `?idle=MS` in the URL ends the room after that long without
 * speech, with LiveKit's reason 5 (ROOM_DELETED), as a provider's idle timeout does.
 */
import { ROOM_DELETED, type AvatarSession } from '../../machines/avatar';
import type { RoomArgs } from './avatar-room';

/** How long the fake avatar talks for a text: 60 ms a character, between 1 and 8 seconds. */
export const talkMs = (text: string) => Math.min(8000, Math.max(1000, text.length * 60));

/** The fake room's idle timeout from its URL (`fake:ID?idle=MS`); null for none. */
export function fakeIdleMs(url: string): number | null {
  const idle = /[?&]idle=(\d+)/.exec(url)?.[1];
  return idle ? Number(idle) : null;
}

/** The fake room as a plain callback (see fakeAvatarRoom). */
export function fakeRoomCallback({ input, sendBack, receive }: RoomArgs) {
  const canvas = document.createElement('canvas');
  canvas.width = 320;
  canvas.height = 240;
  const g = canvas.getContext('2d');
  const audio = new AudioContext();
  void audio.resume().catch(() => undefined);
  const tone = audio.createOscillator();
  const gain = audio.createGain();
  gain.gain.value = 0;
  const sink = audio.createMediaStreamDestination();
  tone.connect(gain).connect(sink);
  tone.start();
  const video = canvas.captureStream(25).getVideoTracks()[0];
  const sound = sink.stream.getAudioTracks()[0];

  let talkingUntil = 0;
  let frame = 0;
  const draw = () => {
    if (!g) return;
    const talking = performance.now() < talkingUntil;
    g.fillStyle = '#1e3a8a';
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.fillStyle = '#fde68a';
    g.beginPath();
    g.arc(160, 120, 80, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = '#1f2937';
    g.fillRect(128, 95, 12, 12);
    g.fillRect(180, 95, 12, 12);
    const open = talking ? 6 + 10 * Math.abs(Math.sin(frame / 3)) : 3;
    g.fillRect(135, 150, 50, open);
    frame++;
  };
  const painter = setInterval(draw, 40);
  draw();

  const timers = new Set<ReturnType<typeof setTimeout>>();
  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
    return t;
  };
  const idleMs = fakeIdleMs(input.session.url);
  let idle: ReturnType<typeof setTimeout> | undefined;
  const armIdle = () => {
    if (idleMs === null) return;
    if (idle) clearTimeout(idle);
    idle = later(idleMs, () => sendBack({ type: 'ROOM.DISCONNECTED', reason: ROOM_DELETED }));
  };

  later(0, () => {
    sendBack({ type: 'ROOM.CONNECTED' });
    if (video) sendBack({ type: 'ROOM.TRACK', kind: 'video', track: video });
    if (sound) sendBack({ type: 'ROOM.TRACK', kind: 'audio', track: sound });
    armIdle();
  });

  receive((command) => {
    const ms = talkMs(command.text);
    talkingUntil = performance.now() + ms;
    gain.gain.value = 0.05;
    tone.frequency.value = 180;
    sendBack({ type: 'AVATAR.TALK_START' });
    if (idle) clearTimeout(idle);
    later(ms, () => {
      gain.gain.value = 0;
      sendBack({ type: 'AVATAR.TALK_END' });
      armIdle();
    });
  });

  return () => {
    clearInterval(painter);
    for (const t of timers) clearTimeout(t);
    video?.stop();
    sound?.stop();
    tone.stop();
    void audio.close().catch(() => undefined);
  };
}

/** Rooms of the server's fake provider have `fake:` URLs. */
export const isFakeRoom = (session: AvatarSession) => session.url.startsWith('fake:');
