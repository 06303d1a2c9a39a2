/**
 * A message asked before the site's settings are known (`AIChatWidget.send` queued before the widget
 * loaded): the chat window's own effects (src/chat-window/index.tsx) in the widget's root, over the real
 * API client and a fake network, with the site's settings held by the test. It waits for the settings and
 * goes with the page's text, or fails with the window's words when they fail.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromCallback, fromPromise, waitFor } from 'xstate';
import { DEFAULT_APPEARANCE } from '../../contract/appearance';
import type { ChatActor } from '../../machines/chat';
import { siteMachine, type SettingsResult, type SiteActor, type SiteConfig } from '../../machines/site';
import { widgetMachine } from '../../machines/widget';
import type { PresenceBubble, WindowActor } from '../../machines/window';
import { createHttp } from '../../src/api/client';
import { reportFacts } from '../../src/chat-window/conversation';
import { chatWindowPart } from '../../src/chat-window/index';
import { SETTINGS_ERROR_TEXT } from '../../src/messages';
import { PAGE } from '../fixtures/page';
import { controlled } from '../machines/controlled';

const CONFIG: SiteConfig = { agentPageAwareness: true, interactiveAvatarId: '', referenceWebpage: '' };
/** Before the site's settings load, the widget runs with these (no page awareness: widget-spec §3). */
const DEFAULT_CONFIG: SiteConfig = { agentPageAwareness: false, interactiveAvatarId: '', referenceWebpage: '' };

function start() {
  document.body.innerHTML = PAGE;
  const chats: Record<string, unknown>[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const u = String(url);
    const json = (b: unknown) => new Response(JSON.stringify(b), { status: 200, headers: { 'content-type': 'application/json' } });
    if (u.includes('/chat/history')) return json({ history: [], chatSessionId: null });
    if (u.endsWith('/chat')) {
      chats.push(JSON.parse(String(init?.body)));
      return json({
        userMessage: { id: 'u1', role: 'USER', content: 'What fees?', createdAt: '2026-11-21T00:00:00Z' },
        aiMessage: { id: 'a1', role: 'AI', content: '0.7% a year', createdAt: '2026-11-21T00:00:01Z' },
        chatSession: { id: 'c1' },
      });
    }
    return json([]);
  });
  const http = createHttp({
    apiUrl: 'https://api.test/api',
    baseUrl: 'https://api.test/',
    apiKey: 'k',
    tokens: { get: async () => 't', received() {}, rejected() {} },
    fetch,
  });
  const settings = controlled<unknown, SettingsResult>();
  const part = chatWindowPart({
    http,
    userSessionId: 'visitor-1',
    site: () => root.system.get('site') as SiteActor,
    windowActor: () => root.system.get('window') as WindowActor,
  });
  const root = createActor(
    widgetMachine.provide({
      actors: {
        auth: createMachine({}) as never,
        network: createMachine({}) as never,
        site: siteMachine.provide({
          actors: {
            loadSettings: settings.logic,
            presence: fromPromise<PresenceBubble | null, { path: string }>(async () => null),
            rememberGreeting: fromPromise<void>(async () => undefined),
            pathWatcher: fromCallback(() => undefined),
            viewport: fromCallback(() => undefined),
          },
        }),
        ...part.actors,
      },
    }),
    {
      input: {
        site: { path: '/fees', isMobile: false, greeted: true, appearance: DEFAULT_APPEARANCE, config: DEFAULT_CONFIG },
        chatSessionId: null,
        // English from every source: the locale machine loads nothing
        locale: { attribute: null, appearance: '', page: '', browser: [] },
      },
    },
  );
  const errors: unknown[] = [];
  reportFacts(
    root,
    (event, detail) => event === 'error' && errors.push(detail),
    () => undefined,
  );
  root.start();
  const win = root.system.get('window') as WindowActor;
  // what AIChatWidget.send does once the widget runs (src/engine.tsx)
  win.send({ type: 'WINDOW.ASK', text: 'What fees?' });
  const chat = () => root.system.get('chat') as ChatActor;
  return { root, settings, chats, chat, errors, fetch };
}

describe('a message asked while the site’s settings load', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('waits for them, then goes with the page text (page awareness on)', async () => {
    const { settings, chats, chat } = start();
    await vi.waitFor(() =>
      expect(
        chat()
          .getSnapshot()
          .context.messages.map((m) => m.content),
      ).toEqual(['What fees?']),
    );
    expect(chats).toEqual([]);
    settings.calls[0]!.resolve({ appearance: { ok: true, value: DEFAULT_APPEARANCE }, config: { ok: true, value: CONFIG } });
    await waitFor(chat(), (s) => s.matches('ready') && s.context.messages.length === 2);
    expect(chats).toHaveLength(1);
    expect(chats[0]).toMatchObject({ message: 'What fees?', webPageContent: '# Fees and charges\n\nThe investment fee is 0.7% a year.' });
  });

  it("fails with the window's words when they fail: the question is not sent, and the page hears why", async () => {
    const { settings, chats, chat, errors } = start();
    await vi.waitFor(() => expect(chat().getSnapshot().context.messages).toHaveLength(1));
    settings.calls[0]!.resolve({
      appearance: { ok: false, code: 'FAILED', error: new Error('Failed to fetch appearance') },
      config: { ok: false, code: 'FAILED', error: new Error('Failed to fetch config') },
    });
    await waitFor(chat(), (s) => s.context.messages.some((m) => m.status === 'failed'));
    expect(chats).toEqual([]);
    expect(errors.map((e) => (e as Error).message)).toContain(SETTINGS_ERROR_TEXT.FAILED);
    expect(SETTINGS_ERROR_TEXT.FAILED).toBe('Unable to load chat widget. Please try again later.');
  });
});
