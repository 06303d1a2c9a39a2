import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyActorRef } from 'xstate';
import { disconnectText, voiceStatusText } from '../../src/voice/messages';
import {
  avatarMachine,
  selectCanRestart,
  selectIsConnecting,
  selectIsMuted,
  selectStatus,
  selectTracks,
  type AvatarEmitted,
  type AvatarEvent,
  type AvatarSession,
  type RoomCommand,
} from '../../machines/avatar';
import { recordingMachine, type AudioStream, type RecorderCommand, type RecordingEvent } from '../../machines/recording';
import { controlled } from './controlled';
import {
  AVATAR_SPEECH_END_DELAY_MS,
  KEEP_ALIVE_INTERVAL_MS,
  NO_SPEECH_TIMEOUT_MS,
  RESTART_DELAY_MS,
} from '../../machines/on-demand-constants';

const SESSION: AvatarSession = { sessionId: 'sess-1', url: 'wss://rooms.example', accessToken: 'lk-token', speech: 'data-channel' };
const AUDIO = { kind: 'audio' } as MediaStreamTrack;
const VIDEO = { kind: 'video' } as MediaStreamTrack;

/** The avatar machine with fake effects, and the real recording machine (voice mode) over fake audio effects. */
function harness() {
  const log: string[] = [];
  const fetchToken = controlled<unknown, string>();
  const createSession = controlled<{ token: string }, AvatarSession>();
  const loadClient = controlled<{ session: AvatarSession }, void>();
  const stopSession = controlled<{ session: AvatarSession; token: string }, void>();
  const keepAlives: { session: AvatarSession; token: string }[] = [];
  let room: ((e: AvatarEvent) => void) | null = null;
  let meter: ((e: RecordingEvent) => void) | null = null;
  const transcribe = controlled<{ audio: Blob }, string>();
  const recorder = recordingMachine.provide({
    actors: {
      microphone: fromCallback<RecordingEvent>(({ sendBack }) => {
        log.push('mic on');
        sendBack({ type: 'MIC.READY', stream: {} as AudioStream });
        return () => log.push('mic off');
      }),
      recorder: fromCallback<RecorderCommand, { stream: AudioStream }>(({ sendBack, receive }) =>
        receive(() => sendBack({ type: 'RECORDER.DONE', audio: new Blob([new Uint8Array(5000)]) })),
      ),
      meter: fromCallback<RecordingEvent, { stream: AudioStream }>(({ sendBack }) => {
        meter = sendBack;
        return () => {
          meter = null;
        };
      }),
      transcribe: transcribe.logic,
    },
  });
  const actor = createActor(
    avatarMachine.provide({
      actors: {
        fetchToken: fetchToken.logic,
        createSession: createSession.logic,
        loadClient: loadClient.logic,
        room: fromCallback<RoomCommand, { session: AvatarSession }>(({ sendBack, input, receive }) => {
          log.push(`join ${input.session.url}`);
          room = sendBack;
          receive((c) => log.push(`say ${c.text}`));
          return () => {
            log.push('leave');
            room = null;
          };
        }),
        keepAlive: fromPromise<void, { session: AvatarSession; token: string }>(async ({ input }) => void keepAlives.push(input)),
        stopSession: stopSession.logic,
        recorder,
      },
    }),
  );
  const emitted: AvatarEmitted[] = [];
  actor.on('*', (e) => emitted.push(e as AvatarEmitted));
  actor.start();
  const recording = () => actor.getSnapshot().children.recorder as AnyActorRef | undefined;
  return {
    actor,
    log,
    emitted,
    keepAlives,
    fakes: { fetchToken, createSession, loadClient, stopSession, transcribe },
    room: (e: AvatarEvent) => room?.(e),
    level: (level: number) => meter?.({ type: 'METER.LEVEL', level }),
    isRecording: () => recording()?.getSnapshot().matches('active') ?? false,
    recording,
    status: () => voiceStatusText(selectStatus(actor.getSnapshot())),
    /** The status line's code, from the avatar and its recorder (as the voice view reads it). */
    code: () => selectStatus(actor.getSnapshot(), recording()?.getSnapshot())?.code ?? null,
    /** Through the token, the session and the client, into the room with both tracks. */
    async toReady() {
      actor.send({ type: 'VOICE.START' });
      fetchToken.calls.at(-1)!.resolve('stream-token');
      await vi.advanceTimersByTimeAsync(0);
      createSession.calls.at(-1)!.resolve(SESSION);
      await vi.advanceTimersByTimeAsync(0);
      loadClient.calls.at(-1)!.resolve();
      await vi.advanceTimersByTimeAsync(0);
      room?.({ type: 'ROOM.CONNECTED' });
      room?.({ type: 'ROOM.TRACK', kind: 'audio', track: AUDIO });
      room?.({ type: 'ROOM.TRACK', kind: 'video', track: VIDEO });
    },
  };
}

describe('avatar machine (widget-spec §4 "Voice/avatar mode", §8 "Voice", §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("connects: token, session, client, room; 'Connecting to avatar...' then 'Media stream ready' once both tracks arrived; recording starts", async () => {
    const h = harness();
    expect(h.status()).toBe('');
    h.actor.send({ type: 'VOICE.START' });
    expect(h.status()).toBe('Connecting to avatar...');
    expect(selectIsConnecting(h.actor.getSnapshot())).toBe(true);
    h.fakes.fetchToken.calls[0]!.resolve('stream-token');
    await vi.advanceTimersByTimeAsync(0);
    expect(h.fakes.createSession.calls[0]!.input).toEqual({ token: 'stream-token' });
    h.fakes.createSession.calls[0]!.resolve(SESSION);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.actor.getSnapshot().value).toBe('loadingClient');
    h.fakes.loadClient.calls[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.log).toEqual(['join wss://rooms.example']);
    expect(h.status()).toBe('Connecting to avatar...');

    h.room({ type: 'ROOM.CONNECTED' });
    h.room({ type: 'ROOM.TRACK', kind: 'video', track: VIDEO });
    expect(h.status()).toBe('Connecting to avatar...');
    expect(h.isRecording()).toBe(false);
    h.room({ type: 'ROOM.TRACK', kind: 'audio', track: AUDIO });
    expect(h.status()).toBe('Media stream ready');
    expect(selectIsConnecting(h.actor.getSnapshot())).toBe(false);
    // joining the room is a fact too: voice mode hears its recorder from then on (machines/voice.ts)
    expect(h.emitted).toEqual([{ type: 'room.joined', sessionToken: 'stream-token', streamSessionId: 'sess-1' }, { type: 'media.ready' }]);
    expect(h.isRecording()).toBe(true);
    expect(h.log.at(-1)).toBe('mic on');
  });

  it('while the avatar talks recording stops; 1000 ms after it stops, recording resumes', async () => {
    const h = harness();
    await h.toReady();
    h.room({ type: 'AVATAR.TALK_START' });
    expect(h.isRecording()).toBe(false);
    expect(h.log.at(-1)).toBe('mic off');
    h.room({ type: 'AVATAR.TALK_END' });
    await vi.advanceTimersByTimeAsync(AVATAR_SPEECH_END_DELAY_MS - 1);
    expect(h.isRecording()).toBe(false);
    // talking again within the pause keeps it stopped
    h.room({ type: 'AVATAR.TALK_START' });
    h.room({ type: 'AVATAR.TALK_END' });
    await vi.advanceTimersByTimeAsync(AVATAR_SPEECH_END_DELAY_MS - 1);
    expect(h.isRecording()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.isRecording()).toBe(true);
  });

  it('the loop: speech is transcribed, recording waits for the answer, the avatar says it, recording resumes', async () => {
    const h = harness();
    await h.toReady();
    const transcribed: string[] = [];
    h.recording()!.on('transcribed', (e: { text: string }) => transcribed.push(e.text));
    h.level(0.5);
    h.level(0);
    await vi.advanceTimersByTimeAsync(1500);
    h.fakes.transcribe.calls[0]!.resolve('what are the fees');
    await vi.advanceTimersByTimeAsync(0);
    expect(transcribed).toEqual(['what are the fees']);
    expect(h.recording()!.getSnapshot().value).toBe('waitingForResponse');
    h.room({ type: 'AVATAR.TALK_START' });
    h.room({ type: 'AVATAR.TALK_END' });
    await vi.advanceTimersByTimeAsync(AVATAR_SPEECH_END_DELAY_MS);
    expect(h.isRecording()).toBe(true);
  });

  it('the status code follows the recorder and the avatar: ready, listening, transcribing, thinking, speaking, listening; muted; a problem', async () => {
    const h = harness();
    expect(h.code()).toBeNull();
    await h.toReady();
    // widget-spec §4: 'Media stream ready' as recording starts, until the visitor is heard
    expect(h.code()).toBe('ready');
    h.level(0.5);
    expect(h.code()).toBe('listening');
    h.level(0);
    await vi.advanceTimersByTimeAsync(1500);
    // widget-spec §4 "Recording flow": 'Transcribing'
    expect(h.code()).toBe('transcribing');
    h.fakes.transcribe.calls[0]!.resolve('what are the fees');
    await vi.advanceTimersByTimeAsync(0);
    expect(h.code()).toBe('thinking');
    h.room({ type: 'AVATAR.TALK_START' });
    expect(h.code()).toBe('speaking');
    h.room({ type: 'AVATAR.TALK_END' });
    // the second after its speech: still the avatar's turn
    await vi.advanceTimersByTimeAsync(AVATAR_SPEECH_END_DELAY_MS - 1);
    expect(h.code()).toBe('speaking');
    await vi.advanceTimersByTimeAsync(1);
    expect(h.code()).toBe('listening');
    h.actor.send({ type: 'MIC.TOGGLE' });
    expect(h.code()).toBe('muted');
    h.actor.send({ type: 'MIC.TOGGLE' });
    expect(h.code()).toBe('listening');
    // nothing said: 'No speech detected' (widget-spec §8), then listening again
    await vi.advanceTimersByTimeAsync(NO_SPEECH_TIMEOUT_MS);
    expect(selectStatus(h.actor.getSnapshot(), h.recording()!.getSnapshot())).toEqual({ code: 'problem', problem: { code: 'no-speech' } });
    expect(voiceStatusText(selectStatus(h.actor.getSnapshot(), h.recording()!.getSnapshot()))).toBe('No speech detected');
    await vi.advanceTimersByTimeAsync(RESTART_DELAY_MS);
    expect(h.code()).toBe('listening');
    // muted while a transcription is under way: muted shows
    h.level(0.5);
    h.level(0);
    await vi.advanceTimersByTimeAsync(1500);
    expect(h.code()).toBe('transcribing');
    h.actor.send({ type: 'MIC.TOGGLE' });
    expect(h.code()).toBe('muted');
  });

  it('the status line in words (widget-spec §4, §8 where they give them)', () => {
    const words = (code: 'ready' | 'connecting' | 'listening' | 'transcribing' | 'thinking' | 'speaking' | 'muted') =>
      voiceStatusText({ code });
    expect(words('connecting')).toBe('Connecting to avatar...');
    expect(words('ready')).toBe('Media stream ready');
    expect(words('transcribing')).toBe('Transcribing');
    expect(words('listening')).toBe('Listening...');
    expect(words('thinking')).toBe('Thinking...');
    expect(words('speaking')).toBe('Speaking...');
    expect(words('muted')).toBe('Microphone muted');
    expect(voiceStatusText({ code: 'problem', problem: { code: 'transcription-failed', fault: { code: 'http', status: 500 } } })).toBe(
      'Transcription failed',
    );
    expect(voiceStatusText({ code: 'problem', problem: { code: 'recording-failed', reason: 'denied' } })).toBe('Recording failed');
    expect(voiceStatusText(null)).toBe('');
  });

  it('the mic button cycles record, mute, unmute; muted, the end of the avatar speech does not resume recording', async () => {
    const h = harness();
    await h.toReady();
    h.actor.send({ type: 'MIC.TOGGLE' });
    expect(selectIsMuted(h.actor.getSnapshot())).toBe(true);
    expect(h.isRecording()).toBe(false);
    h.room({ type: 'AVATAR.TALK_START' });
    h.room({ type: 'AVATAR.TALK_END' });
    await vi.advanceTimersByTimeAsync(AVATAR_SPEECH_END_DELAY_MS * 3);
    expect(h.isRecording()).toBe(false);
    h.actor.send({ type: 'MIC.TOGGLE' });
    expect(selectIsMuted(h.actor.getSnapshot())).toBe(false);
    expect(h.isRecording()).toBe(true);
    // muted while the avatar talks: its end does not unmute
    h.room({ type: 'AVATAR.TALK_START' });
    h.actor.send({ type: 'MIC.TOGGLE' });
    h.room({ type: 'AVATAR.TALK_END' });
    await vi.advanceTimersByTimeAsync(AVATAR_SPEECH_END_DELAY_MS);
    expect(h.isRecording()).toBe(false);
    expect(selectIsMuted(h.actor.getSnapshot())).toBe(true);
  });

  it('muted before the media is ready: recording does not start', async () => {
    const h = harness();
    h.actor.send({ type: 'VOICE.START' });
    h.fakes.fetchToken.calls[0]!.resolve('t');
    await vi.advanceTimersByTimeAsync(0);
    h.fakes.createSession.calls[0]!.resolve(SESSION);
    await vi.advanceTimersByTimeAsync(0);
    h.fakes.loadClient.calls[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    h.actor.send({ type: 'MIC.TOGGLE' });
    h.room({ type: 'ROOM.CONNECTED' });
    h.room({ type: 'ROOM.TRACK', kind: 'audio', track: AUDIO });
    h.room({ type: 'ROOM.TRACK', kind: 'video', track: VIDEO });
    // the media is ready, and the status says why nothing is heard (issue: muted showed only as a red icon)
    expect(h.status()).toBe('Microphone muted');
    expect(h.isRecording()).toBe(false);
  });

  it('the answer is said on the data channel where the session takes speech there; not by the widget otherwise', async () => {
    const h = harness();
    await h.toReady();
    expect(selectTracks(h.actor.getSnapshot())).toEqual({ audio: AUDIO, video: VIDEO });
    h.actor.send({ type: 'AVATAR.SAY', text: 'The fee is 0.5%.' });
    expect(h.log.at(-1)).toBe('say The fee is 0.5%.');

    const server = harness();
    server.actor.send({ type: 'VOICE.START' });
    server.fakes.fetchToken.calls[0]!.resolve('t');
    await vi.advanceTimersByTimeAsync(0);
    server.fakes.createSession.calls[0]!.resolve({ ...SESSION, speech: 'server' });
    await vi.advanceTimersByTimeAsync(0);
    server.fakes.loadClient.calls[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    server.actor.send({ type: 'AVATAR.SAY', text: 'x' });
    expect(server.log.some((l) => l.startsWith('say'))).toBe(false);
  });

  it('keeps the session alive while the room is up', async () => {
    const h = harness();
    await h.toReady();
    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_INTERVAL_MS - 1);
    expect(h.keepAlives).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.keepAlives).toEqual([{ session: SESSION, token: 'stream-token' }]);
    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_INTERVAL_MS);
    expect(h.keepAlives).toHaveLength(2);
  });

  it("idle timeout: reason 5 is 'Room disconnected: Idle timeout'; the room and the microphone are let go; Start new session reconnects", async () => {
    const h = harness();
    await h.toReady();
    h.room({ type: 'ROOM.DISCONNECTED', reason: 5 });
    expect(h.status()).toBe('Room disconnected: Idle timeout');
    expect(selectCanRestart(h.actor.getSnapshot())).toBe(true);
    expect(h.log.slice(-2).sort()).toEqual(['leave', 'mic off']);
    expect(h.emitted.at(-1)).toEqual({ type: 'room.left' });
    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_INTERVAL_MS * 2);
    expect(h.keepAlives).toHaveLength(0);
    h.actor.send({ type: 'VOICE.START' });
    expect(h.status()).toBe('Connecting to avatar...');
    expect(h.fakes.fetchToken.calls).toHaveLength(2);
    expect(disconnectText(3)).toBe('server shut down');
    expect(disconnectText(42)).toBe('reason 42');
  });

  it.each([
    ['fetchToken', 'Error: Failed to fetch session token'],
    ['createSession', 'Error: Failed to create streaming session'],
    ['loadClient', 'Error: LiveKit client failed to load'],
  ] as const)('%s failing: %s, no spinner, Start new session', async (step, text) => {
    const h = harness();
    h.actor.send({ type: 'VOICE.START' });
    const order = ['fetchToken', 'createSession', 'loadClient'] as const;
    for (const s of order) {
      const fake = h.fakes[s];
      if (s === step) {
        fake.calls[0]!.reject(new Error('no'));
        break;
      }
      (fake.calls[0]!.resolve as (v: unknown) => void)(s === 'fetchToken' ? 't' : s === 'createSession' ? SESSION : undefined);
      await vi.advanceTimersByTimeAsync(0);
    }
    await vi.advanceTimersByTimeAsync(0);
    expect(h.status()).toBe(text);
    expect(selectIsConnecting(h.actor.getSnapshot())).toBe(false);
    expect(selectCanRestart(h.actor.getSnapshot())).toBe(true);
  });

  it('close ends the provider session, leaves the room, releases the microphone and gives the text input back', async () => {
    const h = harness();
    await h.toReady();
    h.actor.send({ type: 'VOICE.CLOSE' });
    expect(h.log.slice(-2).sort()).toEqual(['leave', 'mic off']);
    expect(h.fakes.stopSession.calls[0]!.input).toEqual({ session: SESSION, token: 'stream-token' });
    h.fakes.stopSession.calls[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.actor.getSnapshot().value).toBe('idle');
    expect(h.emitted.at(-1)).toEqual({ type: 'voice.closed' });
    expect(h.status()).toBe('');
  });

  it('close before a session exists: nothing to stop; a failing stop still closes', async () => {
    const h = harness();
    h.actor.send({ type: 'VOICE.START' });
    h.actor.send({ type: 'VOICE.CLOSE' });
    expect(h.actor.getSnapshot().value).toBe('idle');
    expect(h.fakes.stopSession.calls).toHaveLength(0);
    expect(h.emitted).toEqual([{ type: 'voice.closed' }]);

    await h.toReady();
    h.actor.send({ type: 'VOICE.CLOSE' });
    h.fakes.stopSession.calls[0]!.reject(new Error('provider down'));
    await vi.advanceTimersByTimeAsync(0);
    expect(h.actor.getSnapshot().value).toBe('idle');
  });
});
