/**
 * The widget's small DOM-facing pieces in happy-dom: the page text of widget-spec §5,
 * path watching, the appearance as CSS variables, the inspector's redaction, and the
 * conversation's wiring to a real API client over a fake fetch (page awareness).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import type { WindowActor } from '../../machines/window';
import { actionButtonsMachine } from '../../machines/action-buttons';
import { chatMachine } from '../../machines/chat';
import { sessionsMachine } from '../../machines/sessions';
import { startRoot } from './widget-harness';
import type { SiteConfig } from '../../machines/site';
import { greeting } from '../../src/messages';
import { createHttp } from '../../src/api/client';
import { DEFAULT_APPEARANCE, mergeAppearance } from '../../contract/appearance';
import { redactSecrets, REDACTED } from '../../src/inspect';
import { watchPath } from '../../src/effects/host-page';
import { launcherLook } from '../../src/launcher-frame';
import { frameVariables } from '../../src/theme';
import { createChatClient } from '../../src/api/chat-client';
import { createConversation } from '../../src/chat-window/conversation';
import { chatEffects } from '../../src/effects/chat';
import { windowVariables } from '../../src/chat-window/theme';
import { PAGE } from '../fixtures/page';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('path watching', () => {
  it('reports a popstate, and a pushState the app follows with a re-render, once each', async () => {
    const seen: string[] = [];
    history.replaceState(null, '', '/start');
    const stop = watchPath((p) => seen.push(p));
    history.pushState(null, '', '/documents');
    window.dispatchEvent(new PopStateEvent('popstate'));
    history.pushState(null, '', '/eligibility');
    document.body.append(document.createElement('section'));
    await vi.waitFor(() => expect(seen).toEqual(['/documents', '/eligibility']));
    // no change, no report
    document.body.append(document.createElement('section'));
    window.dispatchEvent(new PopStateEvent('popstate'));
    stop();
    history.pushState(null, '', '/after-stop');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await Promise.resolve();
    expect(seen).toEqual(['/documents', '/eligibility']);
  });
});

describe('appearance as CSS variables (widget-spec §3)', () => {
  it('the launcher: size, paddings, colours and the bubble shadow', () => {
    const a = mergeAppearance({
      launcher: {
        size: 72,
        verticalPadding: 30,
        horizontalPadding: 12,
        backgroundColor: '#112233',
        borderColor: 'rgb(1, 2, 3)',
        liveStatusColor: 'lime',
      },
      bubble: { bubbleShadow: true, bubbleShadowColor: '#000000', bubbleShadowIntensity: 0.4 },
      chatBgColor: '#fafafa',
      chatBorderRadius: 8,
    });
    expect(launcherLook(a, { open: false, reachable: true }).vars).toEqual({
      'launcher-size': '72px',
      'launcher-v': '30px',
      'launcher-h': '12px',
      'launcher-bg': '#112233',
      'launcher-border': 'rgb(1, 2, 3)',
      'live-color': 'lime',
    });
    expect(frameVariables(a)).toEqual({
      'bubble-shadow': '0 8px 24px color-mix(in srgb, #000000 40%, transparent)',
      'chat-bg': '#fafafa',
      'chat-radius': '8px',
    });
    expect(frameVariables(mergeAppearance({ bubble: { bubbleShadow: false } }))['bubble-shadow']).toBe('none');
  });

  it('the window: messages, buttons (each with its own gap), input and history', () => {
    const a = mergeAppearance({
      userMessage: { bgColor: '#0000ff', fontStyle: 'italic', borderRadius: 4 },
      responseButton: { gap: 12, padding: '4px 8px' },
      followUpButtons: { gap: 6 },
      input: { inputBorderRadius: 20 },
      chatHistoryList: { activeBgColor: '#eeeeee' },
    });
    expect(windowVariables(a)).toMatchObject({
      'user-bg': '#0000ff',
      'user-font-style': 'italic',
      'user-radius': '4px',
      'response-gap': '12px',
      'response-padding': '4px 8px',
      'follow-up-gap': '6px',
      'input-radius': '20px',
      'history-active-bg': '#eeeeee',
    });
  });

  it('drops a value that could end the declaration or load something', () => {
    const a = mergeAppearance({
      launcher: { backgroundColor: 'red; background-image: url(https://evil.example/x)' },
      agentTitleColor: 'blue}body{color:red',
    });
    expect(launcherLook(a, { open: false, reachable: true }).vars['launcher-bg']).toBe('');
    // the window's styles have no fallbacks: the spec's default takes its place
    expect(windowVariables(a)['agent-title']).toBe(windowVariables(DEFAULT_APPEARANCE)['agent-title']);
    expect(windowVariables(a)['agent-title']).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("sets every variable the window's styles read without a fallback", () => {
    const css = (file: string) =>
      readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/styles', file), 'utf8');
    // the host's own (core.css :host) and the window's
    const defined = {
      ...Object.fromEntries([...css('core.css').matchAll(/(--aiw-[a-z-]+):\s*([^;]+);/g)].map((m) => [m[1]!.slice(6), m[2]!])),
      ...windowVariables(mergeAppearance({})),
    };
    const read = [...css('window.css').matchAll(/var\(--aiw-([a-z-]+)\)/g)].map((m) => m[1]!);
    expect(read.length).toBeGreaterThan(40);
    for (const name of read) expect(defined[name], name).toMatch(/\S/);
  });
});

describe('the greeting bubble', () => {
  it("reads 'Hi! I'm {agentName}. {agentDescription}.' with one full stop, whatever the description ends with", () => {
    expect(greeting({ agentName: 'Ada', agentDescription: 'Your helpful AI assistant' })).toBe("Hi! I'm Ada. Your helpful AI assistant.");
    expect(greeting({ agentName: 'Ada', agentDescription: 'Here to help.' })).toBe("Hi! I'm Ada. Here to help.");
    expect(greeting({ agentName: 'Ada', agentDescription: 'Questions?' })).toBe("Hi! I'm Ada. Questions?");
    expect(greeting({ agentName: 'Ada', agentDescription: '  ' })).toBe("Hi! I'm Ada.");
  });
});

describe('the inspector never sees secrets', () => {
  it('redacts tokens and keys at any depth, leaving everything else as it is', () => {
    const when = new Date(0);
    const context = { token: 'eyJhbGc', usableUntil: 5, nested: { authToken: 'abc', list: [{ apiKey: 'pk_1', ok: 1 }] }, when };
    const out = redactSecrets(context);
    expect(out).toEqual({ token: REDACTED, usableUntil: 5, nested: { authToken: REDACTED, list: [{ apiKey: REDACTED, ok: 1 }] }, when });
    expect(out.when).toBe(when);
    expect(context.token).toBe('eyJhbGc');
    expect(redactSecrets({ type: 'TOKEN.RECEIVED', token: 'x', expiresIn: '1h' })).toEqual({
      type: 'TOKEN.RECEIVED',
      token: REDACTED,
      expiresIn: '1h',
    });
  });
});

describe('the conversation over the real API client (page awareness, widget-spec §5)', () => {
  function setup(config: Partial<SiteConfig>, { lostChats = 0 } = {}) {
    document.body.innerHTML = PAGE;
    const requests: { url: string; body: unknown }[] = [];
    const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const u = String(url);
      requests.push({ url: u, body: init?.body ? JSON.parse(String(init.body)) : null });
      const json = (b: unknown) => new Response(JSON.stringify(b), { status: 200, headers: { 'content-type': 'application/json' } });
      if (u.includes('/chat/history')) return json({ history: [], chatSessionId: null });
      if (u.endsWith('/chat')) {
        if (lostChats-- > 0) throw new TypeError('Failed to fetch');
        return json({
          userMessage: { id: 'u1', role: 'USER', content: 'What fees?', createdAt: '2026-11-21T00:00:00Z' },
          aiMessage: { id: 'a1', role: 'AI', content: '0.7% a year', createdAt: '2026-11-21T00:00:01Z' },
          chatSession: { id: 'c1' },
        });
      }
      return new Response('{}', { status: 404 });
    });
    const http = createHttp({
      apiUrl: 'https://api.test/api',
      baseUrl: 'https://api.test/',
      apiKey: 'k',
      tokens: { get: async () => 't', received() {}, rejected() {} },
      fetch,
    });
    let windowActor: WindowActor | undefined;
    const effects = chatEffects({
      client: createChatClient(http),
      userSessionId: 'visitor-1',
      path: () => windowActor!.getSnapshot().context.path,
      pageAwareness: config.agentPageAwareness ?? false,
      // the settings are the test's from the start
      settings: async () => undefined,
    });
    const rt = { emit: vi.fn() };
    // the widget's root with the conversation's machines over these effects
    const root = startRoot({
      path: '/fees',
      appearance: DEFAULT_APPEARANCE,
      config: { agentPageAwareness: false, interactiveAvatarId: '', referenceWebpage: '', ...config },
      actors: {
        chat: chatMachine.provide({ actors: effects.chat }),
        sessions: sessionsMachine.provide({ actors: effects.sessions }),
        actionButtons: actionButtonsMachine.provide({ actors: effects.actionButtons }),
      },
      emit: rt.emit,
    });
    windowActor = root.system.get('window') as WindowActor;
    const start = () =>
      createConversation({
        root,
        loadDictation: () => Promise.reject(new Error('no dictation in this test')),
        loadVoice: () => Promise.reject(new Error('no voice in this test')),
      });
    return { rt, requests, start };
  }

  it('with page awareness on, each message carries the visible page text', async () => {
    const { rt, requests, start } = setup({ agentPageAwareness: true });
    const { chat } = start();
    await waitFor(chat, (s) => s.matches('ready'));
    chat.send({ type: 'CHAT.SEND', text: 'What fees?' });
    await waitFor(chat, (s) => s.matches('ready') && s.context.messages.length === 2);
    const sent = requests.find((r) => r.url.endsWith('/chat'))!.body;
    expect(sent).toEqual({
      message: 'What fees?',
      // as a reader sees it (src/effects/page-text.ts, its own tests in page-reader.test.tsx)
      webPageContent: '# Fees and charges\n\nThe investment fee is 0.7% a year.',
      userSessionId: 'visitor-1',
      path: '/fees',
      chatSessionId: null,
      // issue 13: the question's own id, the same each time it is sent again (delivered once)
      clientMessageId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(rt.emit).toHaveBeenCalledWith('message', expect.objectContaining({ id: 'a1', role: 'ai' }));
  });

  it('a question sent again carries the same clientMessageId; the next question its own (issue 13: delivered once)', async () => {
    const { requests, start } = setup({}, { lostChats: 1 });
    const { chat } = start();
    await waitFor(chat, (s) => s.matches('ready'));
    chat.send({ type: 'CHAT.SEND', text: 'What fees?' });
    await waitFor(chat, (s) => s.matches('offline'));
    chat.send({ type: 'NETWORK.BACK' });
    await waitFor(chat, (s) => s.matches('ready') && s.context.messages.length === 2);
    chat.send({ type: 'CHAT.SEND', text: 'And exit fees?' });
    await waitFor(chat, (s) => s.matches('ready') && s.context.messages.length === 4);
    const ids = requests.filter((r) => r.url.endsWith('/chat')).map((r) => (r.body as { clientMessageId: string }).clientMessageId);
    expect(ids).toHaveLength(3);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('with page awareness off, no page text goes', async () => {
    const { requests, start } = setup({ agentPageAwareness: false });
    const { chat } = start();
    await waitFor(chat, (s) => s.matches('ready'));
    chat.send({ type: 'CHAT.SEND', text: 'What fees?' });
    await waitFor(chat, (s) => s.context.messages.length === 2);
    expect(requests.find((r) => r.url.endsWith('/chat'))!.body).toMatchObject({ webPageContent: '' });
  });
});
