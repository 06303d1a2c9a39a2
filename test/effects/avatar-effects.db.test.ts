/**
 * Voice mode's effects up to the LiveKit boundary: the data-channel messages of both
 * providers, the room actor over a stand-in of livekit-client's Room (the real client
 * needs a LiveKit server, which cannot run here), the fake provider's room timing, and
 * the widget's calls against the real server with the built-in fake provider.
 */
import { describe, expect, it } from 'vitest';
import { createActor, sendTo, setup } from 'xstate';
import type { AvatarEvent, AvatarSession, RoomCommand } from '../../machines/avatar';
import { createFakeAvatarProvider } from '../../server/avatar/fake';
import { createAvatarClient } from '../../src/api/avatar';
import { createHttp, type TokenSource } from '../../src/api/client';
import { COMMAND_TOPIC, livekitRoom, sayCommand, talkEvent, type LiveKit } from '../../src/effects/avatar-room';
import { fakeIdleMs, talkMs } from '../../src/effects/fake-avatar-room';
import { ORIGIN, startServer } from '../server/harness';

const bytes = (v: unknown) => new TextEncoder().encode(JSON.stringify(v));

describe('data-channel messages', () => {
  it("reads both providers' talking events", () => {
    expect(talkEvent(bytes({ type: 'avatar_start_talking', task_id: 't1' }))).toEqual({ type: 'AVATAR.TALK_START' });
    expect(talkEvent(bytes({ type: 'avatar_stop_talking' }))).toEqual({ type: 'AVATAR.TALK_END' });
    expect(talkEvent(bytes({ event_type: 'avatar.speak_started' }))).toEqual({ type: 'AVATAR.TALK_START' });
    expect(talkEvent(bytes({ event_type: 'avatar.speak_ended' }))).toEqual({ type: 'AVATAR.TALK_END' });
    expect(talkEvent(bytes({ event_type: 'user.speak_started' }))).toBeNull();
    expect(talkEvent(new TextEncoder().encode('not json'))).toBeNull();
    expect(talkEvent(bytes(null))).toBeNull();
  });

  it("says a text with LiveAvatar's speak command", () => {
    expect(JSON.parse(new TextDecoder().decode(sayCommand('Hello "there"')))).toEqual({
      event_type: 'avatar.speak_text',
      text: 'Hello "there"',
    });
  });
});

/** A stand-in of livekit-client's Room: events by name, a connect the test settles, data sent kept. */
function fakeLiveKit() {
  const rooms: FakeRoom[] = [];
  class FakeRoom {
    handlers = new Map<string, ((...a: unknown[]) => void)[]>();
    published: { data: string; options: unknown }[] = [];
    disconnected = false;
    settle!: { resolve: () => void; reject: (e: unknown) => void };
    constructor(readonly options: unknown) {
      rooms.push(this);
    }
    on(event: string, fn: (...a: unknown[]) => void) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn]);
      return this;
    }
    emit(event: string, ...args: unknown[]) {
      for (const fn of this.handlers.get(event) ?? []) fn(...args);
    }
    removeAllListeners() {
      this.handlers.clear();
      return this;
    }
    connect(url: string, token: string) {
      this.url = `${url} ${token}`;
      return new Promise<void>((resolve, reject) => (this.settle = { resolve, reject }));
    }
    url = '';
    async disconnect() {
      this.disconnected = true;
    }
    localParticipant = {
      publishData: async (data: Uint8Array, options: unknown) =>
        void this.published.push({ data: new TextDecoder().decode(data), options }),
    };
  }
  const RoomEvent = { TrackSubscribed: 'trackSubscribed', DataReceived: 'dataReceived', Disconnected: 'disconnected' };
  return { lk: { Room: FakeRoom, RoomEvent } as unknown as LiveKit, rooms };
}

const SESSION: AvatarSession = { sessionId: 's1', url: 'wss://rooms.example', accessToken: 'lk-token', speech: 'data-channel' };

/** The room actor invoked by a small machine that records what it reports and passes ROOM.SAY on. */
function runRoom(load: () => Promise<LiveKit>) {
  const reports: AvatarEvent[] = [];
  const host = setup({ types: { events: {} as AvatarEvent | RoomCommand }, actors: { room: livekitRoom(load) } }).createMachine({
    initial: 'in',
    states: {
      in: {
        invoke: { id: 'room', src: 'room', input: { session: SESSION } },
        on: {
          'ROOM.SAY': { actions: sendTo('room', ({ event }) => event) },
          '*': { actions: ({ event }) => void reports.push(event as AvatarEvent) },
          LEAVE: 'out',
        },
      },
      out: {},
    },
  });
  const actor = createActor(host).start();
  return { room: { send: (e: RoomCommand) => actor.send(e), stop: () => actor.send({ type: 'LEAVE' } as never) }, reports };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('the LiveKit room actor', () => {
  it('joins with the session, reports connected, the two tracks, talking and the reason it was disconnected; says texts on the command topic', async () => {
    const { lk, rooms } = fakeLiveKit();
    const { room, reports } = runRoom(async () => lk);
    await flush();
    const r = rooms[0]!;
    expect(r.url).toBe('wss://rooms.example lk-token');
    r.settle.resolve();
    await flush();
    const audio = { kind: 'audio' } as MediaStreamTrack;
    const video = { kind: 'video' } as MediaStreamTrack;
    r.emit('trackSubscribed', { kind: 'audio', mediaStreamTrack: audio });
    r.emit('trackSubscribed', { kind: 'video', mediaStreamTrack: video });
    r.emit('trackSubscribed', { kind: 'unknown', mediaStreamTrack: {} });
    r.emit('dataReceived', bytes({ type: 'avatar_start_talking' }));
    r.emit('dataReceived', bytes({ hello: 1 }));
    room.send({ type: 'ROOM.SAY', text: 'Hi' });
    await flush();
    expect(r.published).toEqual([
      { data: JSON.stringify({ event_type: 'avatar.speak_text', text: 'Hi' }), options: { reliable: true, topic: COMMAND_TOPIC } },
    ]);
    r.emit('disconnected', 5);
    expect(reports).toEqual([
      { type: 'ROOM.CONNECTED' },
      { type: 'ROOM.TRACK', kind: 'audio', track: audio },
      { type: 'ROOM.TRACK', kind: 'video', track: video },
      { type: 'AVATAR.TALK_START' },
      { type: 'ROOM.DISCONNECTED', reason: 5 },
    ]);
    room.stop();
    expect(r.disconnected).toBe(true);
  });

  it('a failed join or a client that cannot load is ROOM.FAILED; stopped, it reports nothing more', async () => {
    const { lk, rooms } = fakeLiveKit();
    const failed = runRoom(async () => lk);
    await flush();
    rooms[0]!.settle.reject(new Error('could not join'));
    await flush();
    expect(failed.reports).toEqual([{ type: 'ROOM.FAILED' }]);

    const noClient = runRoom(() => Promise.reject(new Error('chunk')));
    await flush();
    expect(noClient.reports).toEqual([{ type: 'ROOM.FAILED' }]);

    const left = runRoom(async () => lk);
    await flush();
    left.room.stop();
    rooms.at(-1)!.settle.resolve();
    rooms.at(-1)!.emit('disconnected', 1);
    await flush();
    expect(left.reports).toEqual([]);
    expect(rooms.at(-1)!.disconnected).toBe(true);
  });
});

describe("the fake provider's room", () => {
  it('talks 60 ms a character, 1 to 8 s; its idle timeout comes from the URL', () => {
    expect(talkMs('hi')).toBe(1000);
    expect(talkMs('x'.repeat(50))).toBe(3000);
    expect(talkMs('x'.repeat(1000))).toBe(8000);
    expect(fakeIdleMs('fake:abc')).toBeNull();
    expect(fakeIdleMs('fake:abc?idle=2500')).toBe(2500);
  });
});

describe("the widget's voice calls, against the server with the fake provider", () => {
  it('token, session, keep-alive and stop; a refused call says its status', async () => {
    const s = await startServer({ avatar: createFakeAvatarProvider('Fake') });
    try {
      const authToken = await s.boot();
      const tokens: TokenSource = { get: async () => authToken, received: () => undefined, rejected: () => undefined };
      const withOrigin: typeof fetch = (url, init) => {
        const headers = new Headers(init?.headers);
        headers.set('Origin', ORIGIN);
        return fetch(url, { ...init, headers });
      };
      const client = createAvatarClient(
        createHttp({ apiUrl: `${s.base}/api`, baseUrl: `${s.base}/`, apiKey: 'unused', tokens, fetch: withOrigin }),
      );
      const token = await client.sessionToken();
      const session = await client.startSession(token);
      expect(session).toMatchObject({ speech: 'data-channel', url: `fake:${session.sessionId}` });
      await client.keepAlive(token, session.sessionId);
      await client.stopSession(token, session.sessionId);
      await expect(client.keepAlive(token, session.sessionId)).rejects.toThrow('HTTP error! status: 404');
      await expect(client.startSession('never-minted')).rejects.toThrow('HTTP error! status: 502');
    } finally {
      await s.stop();
      await s.remove();
    }
  });
});
