/**
 * The Ask-question modal's chat effects (src/effects/ask-modal.ts) over the real HTTP
 * layer (createHttp) with a fetch answered in each test, and local storage stubbed with a
 * Map: one chat session per item remembered under `ai_chat_embed_session_id:{token}`, its
 * history (GET {api}/chat/history, widget-spec §7, §3 "Chat history response"; a failure
 * is §8's 'Unable to load chat history'), and messages sent with the item's context
 * (POST {api}/chat, §3 "Send-message request" and "Smart doc context sent with messages";
 * the modal reads `response` and `chatSessionId`, and anything else is §8's 'Invalid
 * response from API'). The item comes from askItem (machines/ask-modal.ts), as the
 * widget builds it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { askItem, type AskItem } from '../../machines/ask-modal';
import type { SlotItem, SmartDoc } from '../../machines/slot';
import { createHttp, type TokenSource } from '../../src/api/client';
import { askModalEffects, modalSessionKey, readModalHistory } from '../../src/effects/ask-modal';

const API = 'https://svc.example/api';
const BEARER = 'bearer-1';
const USER = 'user-session-1';

/** A Map-backed local storage; `refuse` makes every call throw, as a browser's private mode may. */
function fakeStorage() {
  const map = new Map<string, string>();
  let refuse = false;
  const check = () => {
    if (refuse) throw new DOMException('refused', 'SecurityError');
  };
  const storage = {
    map,
    refuse: () => {
      refuse = true;
    },
    getItem: (k: string) => {
      check();
      return map.get(k) ?? null;
    },
    setItem: (k: string, v: string) => {
      check();
      map.set(k, String(v));
    },
    removeItem: (k: string) => {
      check();
      map.delete(k);
    },
    clear: () => {
      check();
      map.clear();
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
  return storage;
}

type Answer = (() => Response) | 'network failure';
interface Recorded {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

const json =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const status = (code: number) => () => new Response(`status ${code}`, { status: code });

/** The modal's effects over a fetch answering every request with `answer`, on the page `path`. */
function effects(answer: Answer, path = '/pricing') {
  const requests: Recorded[] = [];
  const doFetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    requests.push({
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    });
    if (answer === 'network failure') throw new TypeError('fetch failed');
    return answer();
  };
  const tokens: TokenSource = { get: async () => BEARER, received: () => {}, rejected: () => {} };
  const http = createHttp({ apiUrl: `${API}/`, baseUrl: 'https://svc.example/', apiKey: 'k', tokens, fetch: doFetch as typeof fetch });
  return { ...askModalEffects({ http, userSessionId: USER, path: () => path }), requests };
}

/** Runs a promise actor as the modal machine does, to its output or its error. */
function run<L extends AnyActorLogic>(logic: L, input: unknown) {
  const actor = createActor(logic, { input } as never);
  actor.start();
  return toPromise(actor);
}

const doc = (id: string, name: string, over: Partial<SmartDoc> = {}): SmartDoc => ({
  smartDocId: id,
  name,
  type: 'pdf',
  versionNumber: 1,
  fileUrl: `https://svc.example/files/${id}.pdf`,
  embedSettings: { hideDocHeader: false, hideDocFooter: false },
  ...over,
});

const PDS = doc('d1', 'Product Disclosure Statement', { type: 'docx', versionNumber: 2 });
const FEES = doc('d2', 'Fee Guide', { type: 'md', versionNumber: 5 });
const TERMS = doc('d3', 'Terms', { versionNumber: 1 });
const pdsSlot: SlotItem = { kind: 'smart-doc', token: 'tok-pds', doc: PDS, footer: [] };
/** The PDS asked about on a page that also shows the fee guide and the terms (and the PDS in a second slot). */
const PDS_ITEM: AskItem = askItem(pdsSlot, [
  { token: 'tok-fees', doc: FEES },
  { token: 'tok-pds-2', doc: PDS },
  { token: 'tok-terms', doc: TERMS },
]);
const VIDEO_ITEM: AskItem = askItem(
  {
    kind: 'video',
    token: 'tok-vid',
    video: {
      id: 'v1',
      name: 'How fees work',
      description: '',
      videoUrl: 'https://cdn.example/v1.mp4',
      thumbnailUrl: '',
      captionsUrl: '',
      embedSettings: {
        hideVideoHeader: false,
        shareEnabled: false,
        askQuestionEnabled: true,
        embedBrandColor: '',
        controls: true,
        autoplay: false,
        loop: false,
        mute: false,
      },
    },
  },
  [],
);

let storage: ReturnType<typeof fakeStorage>;
beforeEach(() => {
  storage = fakeStorage();
  vi.stubGlobal('localStorage', storage);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the history of the item asked about', () => {
  it('without a remembered session: empty, and no request', async () => {
    const { loadHistory, requests } = effects(json({ history: [], chatSessionId: 'x' }));
    await expect(run(loadHistory, { item: PDS_ITEM })).resolves.toEqual({ messages: [], chatSessionId: null });
    expect(requests).toEqual([]);
  });

  it("with one: GET {api}/chat/history with the visitor's session, the page's path and the chat session (widget-spec §7)", async () => {
    storage.map.set('ai_chat_embed_session_id:tok-pds', 'cs-9');
    const { loadHistory, requests } = effects(
      json({ history: [{ role: 'user', content: 'Hi', type: 'TEXT' }], chatSessionId: 'cs-9' }),
      '/pricing/plans',
    );
    await run(loadHistory, { item: PDS_ITEM });
    expect(requests).toHaveLength(1);
    const url = new URL(requests[0]!.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${API}/chat/history`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ userSessionId: USER, path: '/pricing/plans', chatSessionId: 'cs-9' });
    expect(requests[0]!.method).toBe('GET');
    expect(requests[0]!.headers.get('Authorization')).toBe(`Bearer ${BEARER}`);
  });

  it('maps the messages: roles in lower case, user or ai; errors, videos and malformed entries left out', async () => {
    storage.map.set(modalSessionKey('tok-pds'), 'cs-9');
    const history = [
      { role: 'USER', content: 'What are the fees?', type: 'TEXT', createdAt: '2025-01-01T00:00:00Z' },
      { role: 'ai', content: 'They are 1%.', type: 'TEXT' },
      { role: 'AI', content: 'No type given' },
      { role: 'ai', content: 'Welcome video', type: 'VIDEO', source: 'POINT_OF_PRESENCE' },
      { role: 'ai', content: 'Failed to get AI response', type: 'TEXT', isError: true },
      { role: 'assistant', content: 'Any other role is the AI' },
      { role: 'user', content: 42 },
      { content: 'no role' },
      null,
      'text',
    ];
    const { loadHistory } = effects(json({ history, chatSessionId: 'cs-9' }));
    await expect(run(loadHistory, { item: PDS_ITEM })).resolves.toEqual({
      messages: [
        { role: 'user', content: 'What are the fees?' },
        { role: 'ai', content: 'They are 1%.' },
        { role: 'ai', content: 'No type given' },
        { role: 'ai', content: 'Any other role is the AI' },
      ],
      chatSessionId: 'cs-9',
    });
  });

  it("keeps the remembered session's id when the answer does not name one", () => {
    expect(readModalHistory({ history: [] }, 'cs-9')).toEqual({ messages: [], chatSessionId: 'cs-9' });
    expect(readModalHistory({ history: [], chatSessionId: '' }, 'cs-9')).toEqual({ messages: [], chatSessionId: 'cs-9' });
    expect(readModalHistory({ history: [], chatSessionId: 'cs-10' }, 'cs-9')).toEqual({ messages: [], chatSessionId: 'cs-10' });
  });

  it('404: the session is forgotten, and the history is empty', async () => {
    storage.map.set(modalSessionKey('tok-pds'), 'cs-gone');
    storage.map.set(modalSessionKey('tok-fees'), 'cs-other');
    const { loadHistory } = effects(status(404));
    await expect(run(loadHistory, { item: PDS_ITEM })).resolves.toEqual({ messages: [], chatSessionId: null });
    expect(storage.map.has(modalSessionKey('tok-pds'))).toBe(false);
    // another item's session stays
    expect(storage.map.get(modalSessionKey('tok-fees'))).toBe('cs-other');
  });

  it.each<[string, Answer]>([
    ['500', status(500)],
    ['403', status(403)],
    ['a body that is not JSON', () => new Response('<html/>', { status: 200 })],
    ['a body without a history list', json({ messages: [] })],
    ['a network failure', 'network failure'],
  ])("%s: fails with 'Unable to load chat history' (widget-spec §8), and the session is kept", async (_, answer) => {
    storage.map.set(modalSessionKey('tok-pds'), 'cs-9');
    const { loadHistory } = effects(answer);
    await expect(run(loadHistory, { item: PDS_ITEM })).rejects.toThrow(new Error('Unable to load chat history'));
    expect(storage.map.get(modalSessionKey('tok-pds'))).toBe('cs-9');
  });

  it('storage refused (private mode): no remembered session, no request', async () => {
    storage.refuse();
    const { loadHistory, requests } = effects(json({ history: [] }));
    await expect(run(loadHistory, { item: PDS_ITEM })).resolves.toEqual({ messages: [], chatSessionId: null });
    expect(requests).toEqual([]);
  });
});

describe('a question sent about the item', () => {
  it('the context of a document on a page of several: every document once, the one asked about active (widget-spec §3)', () => {
    expect(PDS_ITEM.context).toEqual({
      smartDocContext: {
        documents: [
          { id: 'd1', name: 'Product Disclosure Statement', type: 'docx', version: 2, embedToken: 'tok-pds' },
          { id: 'd2', name: 'Fee Guide', type: 'md', version: 5, embedToken: 'tok-fees' },
          { id: 'd3', name: 'Terms', type: 'pdf', version: 1, embedToken: 'tok-terms' },
        ],
        totalDocuments: 3,
        activeDocument: 'd1',
      },
      additionalNamespaces: ['d1'],
    });
  });

  it("POSTs {api}/chat with the message, the visitor's session, the path, the chat session and the smart doc context", async () => {
    const { send, requests } = effects(json({ response: 'The fees are 1%.', chatSessionId: 'cs-new' }), '/pricing');
    await expect(run(send, { item: PDS_ITEM, message: 'What are the fees?', chatSessionId: null })).resolves.toEqual({
      response: 'The fees are 1%.',
      chatSessionId: 'cs-new',
    });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.url).toBe(`${API}/chat`);
    expect(request!.method).toBe('POST');
    expect(request!.headers.get('Content-Type')).toBe('application/json');
    expect(request!.headers.get('Authorization')).toBe(`Bearer ${BEARER}`);
    expect(request!.body).toEqual({
      message: 'What are the fees?',
      webPageContent: '',
      userSessionId: USER,
      path: '/pricing',
      chatSessionId: null,
      ...PDS_ITEM.context,
    });
    expect(request!.body).toHaveProperty('smartDocContext.activeDocument', 'd1');
    expect(request!.body).toHaveProperty('additionalNamespaces', ['d1']);
  });

  it('a video: the video context, and the chat session it already has', async () => {
    const { send, requests } = effects(json({ response: 'It explains the fees.', chatSessionId: 'cs-5' }), '/learn');
    await run(send, { item: VIDEO_ITEM, message: 'What is this about?', chatSessionId: 'cs-5' });
    expect(requests[0]!.body).toEqual({
      message: 'What is this about?',
      webPageContent: '',
      userSessionId: USER,
      path: '/learn',
      chatSessionId: 'cs-5',
      videoContext: { id: 'v1', name: 'How fees work', embedToken: 'tok-vid' },
    });
  });

  it("remembers the answer's chat session under ai_chat_embed_session_id:{token}, which the next history load uses", async () => {
    const { send } = effects(json({ response: 'Yes.', chatSessionId: 'cs-new' }));
    await run(send, { item: PDS_ITEM, message: 'Q', chatSessionId: null });
    expect(modalSessionKey('tok-pds')).toBe('ai_chat_embed_session_id:tok-pds');
    expect(storage.map.get('ai_chat_embed_session_id:tok-pds')).toBe('cs-new');
    expect(storage.map.size).toBe(1);

    const { loadHistory, requests } = effects(json({ history: [], chatSessionId: 'cs-new' }));
    await run(loadHistory, { item: PDS_ITEM });
    expect(new URL(requests[0]!.url).searchParams.get('chatSessionId')).toBe('cs-new');
  });

  it.each<[string, unknown]>([
    ['without response', { chatSessionId: 'cs-1' }],
    ['without chatSessionId', { response: 'Hi' }],
    ['with a response that is not text', { response: { text: 'Hi' }, chatSessionId: 'cs-1' }],
    ["of the main chat's shape", { aiMessage: { content: 'Hi' }, chatSession: { id: 'cs-1' } }],
    ['that is a list', [{ response: 'Hi', chatSessionId: 'cs-1' }]],
  ])("an answer %s: fails with 'Invalid response from API' (widget-spec §8), logged, nothing remembered", async (_, body) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { send } = effects(json(body));
    await expect(run(send, { item: PDS_ITEM, message: 'Q', chatSessionId: null })).rejects.toThrow(new Error('Invalid response from API'));
    expect(warn).toHaveBeenCalledWith('AI chat widget: Invalid response from API');
    expect(storage.map.size).toBe(0);
  });

  it("an answer that is not JSON: 'Invalid response from API'", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { send } = effects(() => new Response('<html/>', { status: 200 }));
    await expect(run(send, { item: PDS_ITEM, message: 'Q', chatSessionId: null })).rejects.toThrow(new Error('Invalid response from API'));
  });

  it.each<[string, Answer]>([
    ['500', status(500)],
    ['429', status(429)],
    ['404', status(404)],
    ['a network failure', 'network failure'],
  ])("%s: fails with 'Failed to get AI response' (widget-spec §8), and the session stays as it was", async (_, answer) => {
    storage.map.set(modalSessionKey('tok-pds'), 'cs-9');
    const { send } = effects(answer);
    await expect(run(send, { item: PDS_ITEM, message: 'Q', chatSessionId: 'cs-9' })).rejects.toThrow(/Failed to get AI response/);
    expect(storage.map.get(modalSessionKey('tok-pds'))).toBe('cs-9');
  });

  it('storage refused: the answer still comes back', async () => {
    storage.refuse();
    const { send } = effects(json({ response: 'Yes.', chatSessionId: 'cs-new' }));
    await expect(run(send, { item: PDS_ITEM, message: 'Q', chatSessionId: null })).resolves.toEqual({
      response: 'Yes.',
      chatSessionId: 'cs-new',
    });
  });
});
