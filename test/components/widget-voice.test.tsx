/**
 * Voice mode's view and its ties to the conversation (widget-spec §2 "Voice-mode view",
 * §4 "Voice/avatar mode", §8): the real avatar, recording and chat machines with the
 * server calls, the room and the microphone faked.
 */
import { act, render, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { useEffect, useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import type { AvatarEvent, AvatarSession, RoomCommand } from '../../machines/avatar';
import { useSelector } from '../../src/use-selector';
import type { RoomArgs } from '../../src/effects/avatar-room';
import { Icon } from '../../src/icons';
import { createVoice, type Voice } from '../../src/voice/index';
import { spawnIn } from '../../src/chat-window/conversation';
import { createHarness, fakeRecording, flush, input, renderChatTab, reply } from './widget-harness';

const SESSION: AvatarSession = { sessionId: 'sess-1', url: 'fake:sess-1', accessToken: 'room-token', speech: 'data-channel' };

afterEach(() => {
  vi.restoreAllMocks();
});

async function voiceMode() {
  const h = createHarness({ open: true, tab: 'chat' });
  await waitFor(h.chat, (s) => s.matches('ready'));
  const recording = fakeRecording();
  const room = { send: null as ((e: AvatarEvent) => void) | null, said: [] as string[], joined: 0, left: 0 };
  const calls = { stop: [] as string[], keepAlive: 0, tokens: 0 };
  const extras: unknown[] = [];
  const voice: Voice = createVoice({
    effects: {
      fetchToken: async () => `avatar-token-${++calls.tokens}`,
      startSession: async () => SESSION,
      loadClient: async () => undefined,
      room: ({ sendBack, receive }: RoomArgs) => {
        room.joined++;
        room.send = sendBack;
        receive((c: RoomCommand) => room.said.push(c.text));
        return () => void room.left++;
      },
      keepAlive: async () => void calls.keepAlive++,
      stopSession: async (_token, sessionId) => void calls.stop.push(sessionId),
      recording: recording.effects,
    },
    host: { useEffect, useRef, useState, useSelector, Icon },
    setChatExtras: (e) => void extras.push(e),
    spawn: spawnIn(h.root),
  });
  const onClosed = vi.fn();
  const user = userEvent.setup();
  render(<voice.View onClosed={onClosed} />);
  const roomSays = async (e: AvatarEvent) => {
    await act(async () => room.send?.(e));
    await flush();
  };
  return { h, voice, recording, room, calls, extras, onClosed, user, roomSays };
}

const status = () => screen.getByRole('status').textContent;

describe('voice mode', () => {
  it("connects: 'Connecting to avatar...' with a spinner, then 'Media stream ready' and recording, with the mic button to mute", async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
    const v = await voiceMode();
    await vi.waitFor(() => expect(v.room.joined).toBe(1));
    expect(status()).toBe('Connecting to avatar...');
    expect(document.querySelector('[data-part="spinner"]')).not.toBeNull();
    await v.roomSays({ type: 'ROOM.CONNECTED' });
    await v.roomSays({ type: 'ROOM.TRACK', kind: 'video', track: { kind: 'video' } as MediaStreamTrack });
    await v.roomSays({ type: 'ROOM.TRACK', kind: 'audio', track: { kind: 'audio' } as MediaStreamTrack });
    expect(status()).toBe('Media stream ready');
    expect(document.querySelector('[data-part="spinner"]')).toBeNull();
    const video = document.querySelector('video') as HTMLVideoElement;
    expect(video.srcObject).toBeInstanceOf(MediaStream);
    expect(play).toHaveBeenCalled();
    expect(v.recording.live()).toBe(true);
    expect(v.extras.at(-1)).toEqual({ sessionToken: 'avatar-token-1', streamSessionId: 'sess-1' });

    await v.user.click(screen.getByRole('button', { name: 'Click to mute' }));
    expect(v.recording.live()).toBe(false);
    expect(screen.getByRole('button', { name: 'Click to unmute' }).getAttribute('aria-pressed')).toBe('true');
    await v.user.click(screen.getByRole('button', { name: 'Click to unmute' }));
    expect(v.recording.live()).toBe(true);
    // voice mode stops with the widget's root, as `destroy()` stops it
    v.h.root.stop();
  });

  it('the loop: what the visitor says is sent as a message; the answer is said on the data channel; recording pauses while the avatar talks', async () => {
    const v = await voiceMode();
    await vi.waitFor(() => expect(v.room.joined).toBe(1));
    await v.roomSays({ type: 'ROOM.CONNECTED' });
    await v.roomSays({ type: 'ROOM.TRACK', kind: 'video', track: {} as MediaStreamTrack });
    await v.roomSays({ type: 'ROOM.TRACK', kind: 'audio', track: {} as MediaStreamTrack });
    await v.recording.level(0.5);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await v.recording.level(0);
    await act(async () => void vi.advanceTimersByTime(1500));
    vi.useRealTimers();
    await v.recording.transcribe[0]!.resolve('what are the fees');
    expect(v.h.fakes.send.last().input.text).toBe('what are the fees');
    await v.h.fakes.send.last().resolve(reply('what are the fees', 'The fee is 0.5% a year.'));
    expect(v.room.said).toEqual(['The fee is 0.5% a year.']);
    await v.roomSays({ type: 'AVATAR.TALK_START' });
    expect(v.recording.live()).toBe(false);
    await v.roomSays({ type: 'AVATAR.TALK_END' });
    await vi.waitFor(() => expect(v.recording.live()).toBe(true), { timeout: 3000 });
    v.h.root.stop();
  });

  it('the status line follows the recording: listening, transcribing, thinking, speaking, listening, muted; a polite live region changed once per change', async () => {
    const v = await voiceMode();
    await vi.waitFor(() => expect(v.room.joined).toBe(1));
    await v.roomSays({ type: 'ROOM.CONNECTED' });
    await v.roomSays({ type: 'ROOM.TRACK', kind: 'video', track: {} as MediaStreamTrack });
    await v.roomSays({ type: 'ROOM.TRACK', kind: 'audio', track: {} as MediaStreamTrack });
    const line = screen.getByRole('status');
    expect(line.getAttribute('aria-live')).toBe('polite');
    expect(line.getAttribute('aria-atomic')).toBe('true');
    expect(status()).toBe('Media stream ready');
    // every change of the line's text, as a screen reader hears it
    const heard: string[] = [];
    const observer = new MutationObserver(() => heard.push(line.textContent ?? ''));
    observer.observe(line, { childList: true, characterData: true, subtree: true });

    await v.recording.level(0.5);
    expect(status()).toBe('Listening...');
    // the meter's readings re-render nothing
    for (const level of [0.6, 0.7, 0.5]) await v.recording.level(level);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await v.recording.level(0);
    await act(async () => void vi.advanceTimersByTime(1500));
    vi.useRealTimers();
    // widget-spec §4 "Recording flow"
    expect(status()).toBe('Transcribing');
    await v.recording.transcribe[0]!.resolve('what are the fees');
    expect(status()).toBe('Thinking...');
    await v.h.fakes.send.last().resolve(reply('what are the fees', 'The fee is 0.5% a year.'));
    await v.roomSays({ type: 'AVATAR.TALK_START' });
    expect(status()).toBe('Speaking...');
    await v.roomSays({ type: 'AVATAR.TALK_END' });
    await vi.waitFor(() => expect(status()).toBe('Listening...'), { timeout: 3000 });
    await v.user.click(screen.getByRole('button', { name: 'Click to mute' }));
    expect(status()).toBe('Microphone muted');
    await flush();
    observer.disconnect();
    expect(heard).toEqual(['Listening...', 'Transcribing', 'Thinking...', 'Speaking...', 'Listening...', 'Microphone muted']);
    v.h.root.stop();
  });

  it("a browser that refuses sound without its own click gets 'Play sound', which plays", async () => {
    let allowed = false;
    const play = vi
      .spyOn(HTMLMediaElement.prototype, 'play')
      .mockImplementation(() => (allowed ? Promise.resolve() : Promise.reject(new Error('NotAllowedError'))));
    const v = await voiceMode();
    await vi.waitFor(() => expect(v.room.joined).toBe(1));
    await v.roomSays({ type: 'ROOM.CONNECTED' });
    await v.roomSays({ type: 'ROOM.TRACK', kind: 'video', track: {} as MediaStreamTrack });
    await v.roomSays({ type: 'ROOM.TRACK', kind: 'audio', track: {} as MediaStreamTrack });
    const button = await screen.findByRole('button', { name: 'Play sound' });
    allowed = true;
    await v.user.click(button);
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Play sound' })).toBeNull());
    expect(play).toHaveBeenCalledTimes(2);
    v.h.root.stop();
  });

  it("idle timeout: 'Room disconnected: Idle timeout' and Start new session reconnects", async () => {
    const v = await voiceMode();
    await vi.waitFor(() => expect(v.room.joined).toBe(1));
    await v.roomSays({ type: 'ROOM.DISCONNECTED', reason: 5 });
    expect(status()).toBe('Room disconnected: Idle timeout');
    expect(v.room.left).toBe(1);
    await v.user.click(screen.getByRole('button', { name: 'Start new session' }));
    await vi.waitFor(() => expect(v.room.joined).toBe(2));
    expect(v.calls.tokens).toBe(2);
    v.h.root.stop();
  });

  it('close ends the session, leaves the room, releases the microphone and gives the text input back', async () => {
    const v = await voiceMode();
    await vi.waitFor(() => expect(v.room.joined).toBe(1));
    await v.roomSays({ type: 'ROOM.CONNECTED' });
    await v.roomSays({ type: 'ROOM.TRACK', kind: 'video', track: {} as MediaStreamTrack });
    await v.roomSays({ type: 'ROOM.TRACK', kind: 'audio', track: {} as MediaStreamTrack });
    await v.user.click(screen.getByRole('button', { name: 'Close voice mode' }));
    await flush();
    expect(v.calls.stop).toEqual(['sess-1']);
    expect(v.room.left).toBe(1);
    expect(v.recording.live()).toBe(false);
    expect(v.onClosed).toHaveBeenCalledTimes(1);
    expect(v.extras.at(-1)).toBeNull();
    v.h.root.stop();
  });

  it('closing the chat window ends voice mode', async () => {
    const v = await voiceMode();
    await vi.waitFor(() => expect(v.room.joined).toBe(1));
    await act(async () => v.h.windowActor.send({ type: 'WINDOW.CLOSE' }));
    await flush();
    expect(v.room.left).toBe(1);
    expect(v.onClosed).toHaveBeenCalled();
    v.h.root.stop();
  });

  it("voice mode's chunk cannot load: 'Error: LiveKit client failed to load' in the composer's place; closing it brings the composer back, and the next click tries again", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const h = await renderChatTab({ config: { interactiveAvatarId: 'Anna' } });
    await h.user.click(screen.getByRole('button', { name: 'Voice mode' }));
    expect((await screen.findByRole('status')).textContent).toBe('Error: LiveKit client failed to load');
    expect(screen.queryByRole('textbox', { name: /^Message/ })).toBeNull();
    await h.user.click(screen.getByRole('button', { name: 'Close voice mode' }));
    await vi.waitFor(() => expect(document.activeElement).toBe(input()));
    await h.user.click(screen.getByRole('button', { name: 'Voice mode' }));
    expect((await screen.findByRole('status')).textContent).toBe('Error: LiveKit client failed to load');
    expect(error).toHaveBeenCalledTimes(2);
    expect(h.voiceLoads.count).toBe(2);
  });
});
