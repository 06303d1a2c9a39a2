/**
 * Voice mode (widget-spec §2 "Voice-mode view", §4 "Voice/avatar mode"): the chunk the
 * composer loads on the first click of the voice button. It starts the voice machine
 * (machines/voice.ts, which runs the avatar machine and carries voice mode's reactions
 * to the conversation) with the browser's effects (or a test's), where chat messages
 * keep the avatar session, and how an answer is said (`speakable`). The view is the
 * avatar's video with its status line, Start new session, the mic button and the
 * close-voice button.
 */
import type { ComponentType } from 'react';
import { speakable } from '../../contract/speech';
import { fromCallback, fromPromise } from 'xstate';
import {
  avatarMachine,
  selectCanRestart,
  selectIsActive,
  selectIsConnecting,
  selectIsMuted,
  selectIsTalking,
  selectStatus,
  selectTracks,
  type AvatarActor,
  type AvatarSession,
  type AvatarSnapshot,
  type RoomCommand,
} from '../../machines/avatar';
import type { RecordingActor } from '../../machines/recording';
import { voiceMachine, type ChatExtras } from '../../machines/voice';
import { createAvatarClient } from '../api/avatar';
import type { Http } from '../api/client';
import { createTranscriber } from '../api/transcribe';
import type { DictationEffects } from '../dictation/index';
import { livekitRoomCallback, type LiveKit, type RoomArgs } from '../effects/avatar-room';
import { fakeRoomCallback, isFakeRoom } from '../effects/fake-avatar-room';
import { meter, microphone, recorder, recordingWith } from '../effects/microphone';
import { adoptStyles } from '../styles/adopt';
import voiceCss from '../styles/voice.css';
import { AVATAR, CLOSE_VOICE_MODE, MUTE, PLAY_SOUND, START_NEW_SESSION, UNMUTE, VOICE_MODE, voiceStatusText } from './messages';
import type { Spawn } from '../runtime';

/** The avatar machine's effects (the room is chosen per session) and the recorder's. */
export interface VoiceEffects {
  fetchToken: () => Promise<string>;
  startSession: (token: string) => Promise<AvatarSession>;
  /** Loads what the session's room needs (the LiveKit chunk, or nothing for the fake provider's rooms). */
  loadClient: (session: AvatarSession) => Promise<void>;
  /** The room for a session: LiveKit's, or the fake provider's stand-in. */
  room: (args: RoomArgs) => () => void;
  keepAlive: (token: string, sessionId: string) => Promise<void>;
  stopSession: (token: string, sessionId: string) => Promise<void>;
  recording: DictationEffects;
}

/** What the view takes from the chat window's bundle (see src/dictation: Preact ships once, no shared chunk). */
export interface VoiceHostParts {
  useEffect: typeof import('react').useEffect;
  useRef: typeof import('react').useRef;
  useState: typeof import('react').useState;
  useSelector: <T>(actor: AvatarActor, select: (s: AvatarSnapshot) => T) => T;
  Icon: ComponentType<{ name: 'mic' | 'close' | 'voice' }>;
}

export interface VoiceDeps {
  effects: VoiceEffects;
  host: VoiceHostParts;
  /** Chat messages sent from now on carry the avatar session (widget-spec §3 sessionToken, streamSessionId); null ends that. */
  setChatExtras: (extras: ChatExtras) => void;
  /** Runs the voice machine in the widget's system (src/runtime.ts `Spawn`). */
  spawn: Spawn;
}

export interface Voice {
  /** The voice-mode view; `onClosed` runs when voice mode ends (the composer shows the text input again). */
  View: ComponentType<{ onClosed: () => void }>;
}

/** A promise actor over a plain async function of its input. */
const fromAsync = <I, O>(fn: (input: I) => Promise<O>) => fromPromise<O, I>(({ input }) => fn(input));

export function createVoice({ effects, host, setChatExtras, spawn }: VoiceDeps): Voice {
  const recorder = recordingWith(effects.recording);
  const avatar = avatarMachine.provide({
    actors: {
      fetchToken: fromAsync(() => effects.fetchToken()),
      createSession: fromAsync((input: { token: string }) => effects.startSession(input.token)),
      loadClient: fromAsync((input: { session: AvatarSession }) => effects.loadClient(input.session)),
      room: fromCallback<RoomCommand, { session: AvatarSession }>((args) => effects.room(args)),
      keepAlive: fromAsync((input: { session: AvatarSession; token: string }) => effects.keepAlive(input.token, input.session.sessionId)),
      stopSession: fromAsync((input: { session: AvatarSession; token: string }) =>
        effects.stopSession(input.token, input.session.sessionId),
      ),
      recorder,
    },
  });
  // the voice machine (machines/voice.ts) carries the reactions; its avatar is what the view shows
  const { actor: voice } = spawn(
    'voice',
    voiceMachine.provide({ actors: { avatar }, actions: { setChatExtras: (_, extras) => setChatExtras(extras) } }),
    { speakable },
  );
  const actor = voice.getSnapshot().children.avatar as AvatarActor;

  return { View: voiceView(host, actor) };
}

/** The voice-mode view (widget-spec §2, §4): the avatar, its status, Start new session, mute and close. */
function voiceView({ useEffect, useRef, useState, useSelector, Icon }: VoiceHostParts, actor: AvatarActor) {
  return function VoiceView({ onClosed }: { onClosed: () => void }) {
    // the avatar's own view: it shows the whole of its state
    const s = useSelector(actor, (x) => x);
    const video = useRef<HTMLVideoElement>(null);
    // a browser that refuses sound without a click of its own (Safari) gets one: 'Play sound'
    const [blocked, setBlocked] = useState(false);
    const play = () => {
      const el = video.current;
      if (el)
        Promise.resolve(el.play()).then(
          () => setBlocked(false),
          () => setBlocked(true),
        );
    };
    const tracks = selectTracks(s);
    const muted = selectIsMuted(s);
    // the status follows the recorder too (widget-spec §4 "Recording flow"); a recorder's change that keeps the
    // words (the meter's readings) renders nothing, so the live region speaks once per change
    const recorder = s.children.recorder as RecordingActor | undefined;
    const [, setHeard] = useState('');
    useEffect(() => {
      const sub = recorder?.subscribe((r) => setHeard(voiceStatusText(selectStatus(actor.getSnapshot(), r))));
      return () => sub?.unsubscribe();
    }, [recorder]);
    const status = voiceStatusText(selectStatus(s, recorder?.getSnapshot()));

    // voice mode starts as the view mounts (the visitor clicked the voice button) and ends with it closed
    useEffect(() => {
      adoptStyles(video.current, voiceCss);
      // the voice button that had the focus is gone: it goes to the mic button
      const root = video.current?.getRootNode() as ShadowRoot | Document | undefined;
      if (!root?.activeElement || root.activeElement === document.body)
        video.current?.closest('[data-part="voice"]')?.querySelector<HTMLElement>('[aria-pressed]')?.focus();
      if (!selectIsActive(actor.getSnapshot())) actor.send({ type: 'VOICE.START' });
      const sub = actor.on('voice.closed', onClosed);
      return () => sub.unsubscribe();
    }, []);
    useEffect(() => {
      const el = video.current;
      if (!el) return;
      el.srcObject = tracks ? new MediaStream([tracks.video, tracks.audio]) : null;
      if (tracks) play();
    }, [tracks?.video, tracks?.audio]);

    const micLabel = muted ? UNMUTE : MUTE;
    return (
      <section data-part="voice" aria-label={VOICE_MODE}>
        <div data-part="avatar-stage" data-talking={selectIsTalking(s) || undefined}>
          <video ref={video} data-part="avatar-video" playsInline autoPlay aria-label={AVATAR} />
          {selectIsConnecting(s) && <span data-part="spinner" aria-hidden="true" />}
        </div>
        <p role="status" aria-live="polite" aria-atomic="true" data-part="voice-status">
          {status}
        </p>
        <div data-part="voice-controls">
          {blocked && (
            <button type="button" data-part="voice-restart" onClick={play}>
              {PLAY_SOUND}
            </button>
          )}
          {selectCanRestart(s) && (
            <button type="button" data-part="voice-restart" onClick={() => actor.send({ type: 'VOICE.START' })}>
              {START_NEW_SESSION}
            </button>
          )}
          <button
            type="button"
            data-part="icon-button"
            aria-label={micLabel}
            title={micLabel}
            aria-pressed={muted}
            onClick={() => actor.send({ type: 'MIC.TOGGLE' })}
          >
            <Icon name="mic" />
          </button>
          <button
            type="button"
            data-part="icon-button"
            aria-label={CLOSE_VOICE_MODE}
            title={CLOSE_VOICE_MODE}
            onClick={() => actor.send({ type: 'VOICE.CLOSE' })}
          >
            <Icon name="close" />
          </button>
        </div>
      </section>
    );
  };
}

let livekit: Promise<LiveKit> | undefined;
/** The LiveKit chunk, loaded once. */
const loadLiveKit = () => (livekit ??= import('./livekit'));

/** The browser's voice mode: our server's voice calls, LiveKit (or the fake provider's room), the microphone. */
export function startVoice(deps: Omit<VoiceDeps, 'effects'> & { http: Http }): Voice {
  const client = createAvatarClient(deps.http);
  const livekitRoom = livekitRoomCallback(loadLiveKit);
  return createVoice({
    ...deps,
    effects: {
      fetchToken: () => client.sessionToken(),
      startSession: (token) => client.startSession(token),
      loadClient: async (session) => void (isFakeRoom(session) ? undefined : await loadLiveKit()),
      room: (args) => (isFakeRoom(args.input.session) ? fakeRoomCallback(args) : livekitRoom(args)),
      keepAlive: (token, sessionId) => client.keepAlive(token, sessionId),
      stopSession: (token, sessionId) => client.stopSession(token, sessionId),
      recording: { microphone, recorder, meter, transcribe: createTranscriber(deps.http) },
    },
  });
}
