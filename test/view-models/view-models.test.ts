/**
 * The widget's view models (src/view-models) in Node: what each area shows for a
 * snapshot, and which events its intents send. Real machines, fake effects, no DOM.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { DEFAULT_APPEARANCE, mergeAppearance } from '../../contract/appearance';
import { chatMachine, type ChatMessage, type SendInput, type SendResult } from '../../machines/chat';
import type { SiteConfig } from '../../machines/site';
import { sessionsMachine, type ChatSession } from '../../machines/sessions';
import { windowMachine } from '../../machines/window';
import { connectChat } from '../../src/view-models/chat';
import { connectChatWindow } from '../../src/view-models/window-chrome';
import { connectSettings } from '../../src/view-models/settings';
import { HELP_QUESTION } from '../../src/messages';
import { connectHistory } from '../../src/view-models/history';
import { formatTimestamp } from '../../src/format';
import { launcherLook } from '../../src/launcher-frame';
import { connectLauncher } from '../../src/view-models/launcher';
import { windowOverEmptyPage } from '../fixtures/window';

const CONFIG: SiteConfig = { agentPageAwareness: false, interactiveAvatarId: '', referenceWebpage: '' };
const never = <T>() => new Promise<T>(() => undefined);

function actors(history: ChatMessage[] = []) {
  const windowActor = createActor(windowOverEmptyPage, { input: { path: '/', isMobile: false } }).start();
  const chatActor = createActor(
    chatMachine.provide({
      actors: {
        loadHistory: fromPromise<{ messages: ChatMessage[]; chatSessionId: string | null }, { chatSessionId: string | null }>(async () => ({
          messages: history,
          chatSessionId: 's1',
        })),
        send: fromPromise<SendResult, SendInput>(() => never()),
        sendButtonClick: fromPromise<void, { buttonId: string; chatSessionId: string | null }>(async () => undefined),
      },
    }),
    { input: { chatSessionId: 's1' } },
  ).start();
  return { windowActor, chatActor };
}

describe('launcher', () => {
  it('names the launcher by state, shows the bubble only while closed, and refuses a script URL as an icon', () => {
    const { windowActor } = actors();
    const a = mergeAppearance({ agentName: 'Ada', launcher: { launcherIconType: 'image', launcherIcon: 'javascript:alert(1)' } });
    const view = (reachable = true) =>
      connectLauncher({
        window: windowActor.getSnapshot(),
        appearance: a,
        loadError: null,
        reachable,
        send: windowActor.send.bind(windowActor),
        retry: () => undefined,
      });
    windowActor.send({ type: 'BUBBLE.SHOW', bubble: { text: 'Hi' } });
    expect(view()).toMatchObject({ open: false, bubble: { text: 'Hi' }, error: null, reachable: true });
    expect(launcherLook(a, view())).toMatchObject({ label: 'Ada', icon: '', offline: false });
    // issue 13: while the server does not answer, the live dot says so (the core's name says it in words)
    expect(launcherLook(a, view(false))).toMatchObject({ label: 'Ada', offline: true });
    view().toggle();
    expect(view()).toMatchObject({ open: true, bubble: null });
    expect(launcherLook(a, view())).toMatchObject({ label: 'Ada' });
  });

  it("shows the settings' error in the window, with Retry where trying again can help (widget-spec §8)", () => {
    const { windowActor } = actors();
    const view = (loadError: 'INVALID_API_KEY' | 'FAILED' | null) =>
      connectLauncher({
        window: windowActor.getSnapshot(),
        appearance: DEFAULT_APPEARANCE,
        loadError,
        reachable: true,
        send: () => undefined,
        retry,
      });
    const retry = () => undefined;
    expect(view('INVALID_API_KEY').error).toBe('Invalid API key. Please check your configuration.');
    expect(view('FAILED').error).toBe('Unable to load chat widget. Please try again later.');
    expect(view(null).error).toBeNull();
    // issue 13: Retry where trying again can help (a failed load), not for a refused key
    expect(view('INVALID_API_KEY').retry).toBeNull();
    expect(view('FAILED').retry).toBe(retry);
    expect(view(null).retry).toBeNull();
  });
});

describe('chat', () => {
  it('the composer: voice mode without text (disabled without an avatar), send with it', async () => {
    const { windowActor, chatActor } = actors();
    const view = (config = CONFIG) =>
      connectChat({ chat: chatActor.getSnapshot(), chatActor, windowActor, appearance: DEFAULT_APPEARANCE, config });
    expect(view().composer).toMatchObject({ mode: 'voice', button: { disabled: true, label: 'Voice mode not available' } });
    expect(view({ ...CONFIG, interactiveAvatarId: 'av' }).composer.button).toEqual({ disabled: false, label: 'Voice mode' });
    view().composer.type('Hello');
    expect(view().composer).toMatchObject({ mode: 'send', draft: 'Hello', button: { disabled: false, label: 'Send message' } });
  });

  it('Stop while an answer is on its way; a question not delivered says why under it, with its one action', async () => {
    const { windowActor, chatActor } = actors();
    const view = () =>
      connectChat({ chat: chatActor.getSnapshot(), chatActor, windowActor, appearance: DEFAULT_APPEARANCE, config: CONFIG });
    await vi.waitFor(() => expect(chatActor.getSnapshot().matches('ready')).toBe(true));
    view().composer.type('Why?');
    view().composer.submit();
    expect(view().composer).toMatchObject({ mode: 'stop', button: { label: 'Stop', disabled: false } });
    chatActor.send({ type: 'CHAT.SEND', text: 'And then?' });
    const [, waiting] = view().messages;
    expect(view().noteOf(waiting!)).toMatchObject({ text: 'Waiting to send', action: 'Cancel' });
    view().noteOf(waiting!)!.run!();
    expect(view().noteOf(view().messages[1]!)).toMatchObject({ text: 'Stopped', action: 'Try again' });
    view().composer.press();
    const [stopped] = view().messages;
    expect(view().noteOf(stopped!)).toMatchObject({ text: 'Stopped', action: 'Try again' });
    expect(view().composer.mode).toBe('voice');
    view().noteOf(stopped!)!.run!();
    expect(view().typing).toBe(true);
    expect(view().messages.map((m) => [m.content, m.status])).toEqual([
      ['And then?', 'stopped'],
      ['Why?', 'sending'],
    ]);
    expect(view().noteOf(view().messages[1]!)).toBeNull();
  });

  it("the status line: loading, 'Failed to load chat history' with Retry (never the empty prompt), then the empty prompt", async () => {
    const windowActor = createActor(windowMachine, { input: { path: '/', isMobile: false } }).start();
    let fail = true;
    const chatActor = createActor(
      chatMachine.provide({
        actors: {
          loadHistory: fromPromise<{ messages: ChatMessage[]; chatSessionId: string | null }, { chatSessionId: string | null }>(
            async () => {
              if (fail) throw new Error('Failed to load chat history');
              return { messages: [], chatSessionId: null };
            },
          ),
        },
      }),
      { input: { chatSessionId: null } },
    ).start();
    const view = () =>
      connectChat({ chat: chatActor.getSnapshot(), chatActor, windowActor, appearance: DEFAULT_APPEARANCE, config: CONFIG });
    expect(view()).toMatchObject({ status: 'Loading conversation…', emptyText: null, reload: null });
    await vi.waitFor(() => expect(view().status).toBe('Failed to load chat history'));
    expect(view().emptyText).toBeNull();
    fail = false;
    view().reload!();
    await vi.waitFor(() => expect(view().status).toBeNull());
    expect(view().emptyText).toMatch(/anything about this page/);
  });

  it('timestamps only when the appearance shows them', () => {
    const { windowActor, chatActor } = actors();
    const at = '2026-03-04T15:07:00';
    const view = (showTimestamps: boolean) =>
      connectChat({
        chat: chatActor.getSnapshot(),
        chatActor,
        windowActor,
        appearance: mergeAppearance({ showTimestamps }),
        config: CONFIG,
      });
    expect(view(true).timestamp(at)).toBe('4 Mar, 3:07 PM');
    expect(view(false).timestamp(at)).toBe('');
  });

  it("formats 'D Mon, h:mm AM/PM' with every month's abbreviation, midnight and noon", () => {
    const months = Array.from({ length: 12 }, (_, m) => formatTimestamp(`2026-${String(m + 1).padStart(2, '0')}-09T00:05:00`));
    expect(months).toEqual(
      ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].map((mon) => `9 ${mon}, 12:05 AM`),
    );
    expect(formatTimestamp('2026-11-23T12:30:00')).toBe('23 Nov, 12:30 PM');
    expect(formatTimestamp('not a time')).toBe('');
  });
});

describe('history', () => {
  it("names unnamed sessions 'Unnamed Chat', counts messages, marks the current one", async () => {
    const { windowActor, chatActor } = actors();
    const sessionsActor = createActor(
      sessionsMachine.provide({
        actors: {
          loadSessions: fromPromise<ChatSession[]>(async () => [
            { id: 's1', name: null, lastMessageTimestamp: '', totalMessages: 1 },
            { id: 's2', name: 'Fees', lastMessageTimestamp: '', totalMessages: 3 },
          ]),
          renameSession: fromPromise<{ id: string; name: string | null }, { id: string; name: string }>(() => never()),
        },
      }),
    ).start();
    sessionsActor.send({ type: 'SESSIONS.LOAD' });
    await vi.waitFor(() => expect(sessionsActor.getSnapshot().context.sessions).toHaveLength(2));
    const view = () =>
      connectHistory({ sessions: sessionsActor.getSnapshot(), sessionsActor, chat: chatActor.getSnapshot(), chatActor, windowActor });
    expect(view().items.map((i) => [i.name, i.meta, i.current])).toEqual([
      ['Unnamed Chat', '1 message', true],
      ['Fees', '3 messages', false],
    ]);
    view().items[1]!.startRename();
    view().rename.change('Fee questions');
    view().rename.commit();
    expect(view().items[1]!.name).toBe('Updating...');
  });
});

describe('chat window', () => {
  it("'Get help' opens the site's help page, or asks the agent from the Chat tab", () => {
    const { windowActor, chatActor } = actors();
    const nav = { assign: vi.fn(), openTab: vi.fn() };
    const view = (referenceWebpage: string) =>
      connectSettings({
        windowActor,
        chat: chatActor,
        appearance: DEFAULT_APPEARANCE,
        config: { ...CONFIG, referenceWebpage },
        nav,
      });
    const help = (v: ReturnType<typeof view>) => v.items.find((i) => i.label === 'Get help')!.onSelect();
    help(view('https://help.example/'));
    expect(nav.openTab).toHaveBeenCalledWith('https://help.example/');
    const asked = vi.fn();
    windowActor.on('chat.asked', asked);
    vi.useFakeTimers();
    help(view('javascript:alert(1)'));
    expect(windowActor.getSnapshot().context.tab).toBe('chat');
    vi.advanceTimersByTime(100);
    vi.useRealTimers();
    expect(asked).toHaveBeenCalledWith({ type: 'chat.asked', text: HELP_QUESTION });
  });

  it('the navigation menu is the four tabs and New chat; the sheet is limited to 400 px and 90% of the viewport', () => {
    const { windowActor, chatActor } = actors();
    const view = connectChatWindow({
      window: windowActor.getSnapshot(),
      windowActor,
      chat: chatActor,
      appearance: DEFAULT_APPEARANCE,
      viewportHeight: 800,
    });
    expect(view.navigation.map((i) => [i.label, i.current])).toEqual([
      ['Home', true],
      ['Chat', false],
      ['History', false],
      ['Settings', false],
      ['New chat', undefined],
    ]);
    expect([view.sheet.min, view.sheet.max]).toEqual([400, 720]);
  });
});
