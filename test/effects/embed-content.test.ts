/**
 * The host-page slots' calls and loads (src/effects/embed-content.ts) over the real HTTP
 * layer (createHttp) with a fetch answered from a table in each test: the smart-doc boot
 * with the API key and its footer buttons, the video boot (widget-spec §7), every failure's
 * text (§5, §8), the checks on each answer (§3 "Smart doc response", "Smart doc footer
 * button", "Video response"), the URLs a viewer may load, and a document's content by its
 * file URL (§2 "Viewers by type", §8 "Viewers"). The actors run as they do in the slot
 * machine: createActor(logic, { input }), awaited with toPromise.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import type { DocView, SlotItem, SlotKind } from '../../machines/slot';
import { createHttp, type TokenSource } from '../../src/api/client';
import {
  documentContent,
  readFooterButtons,
  readSmartDoc,
  readVideo,
  resourceUrl,
  slotBoot,
  type MarkdownContent,
} from '../../src/effects/embed-content';
import { Markdown } from '../../src/markdown/markdown';

const BASE = 'https://svc.example/base/';
const API_KEY = 'site-key-1';
const BEARER = 'bearer-1';

/** What the fake fetch answers for a URL: a response made afresh for each request, or a network failure. */
type Answer = (() => Response) | 'network failure';

interface Recorded {
  url: string;
  method: string;
  headers: Headers;
  credentials: RequestCredentials | undefined;
}

const json =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const status = (code: number) => () => new Response(`status ${code}`, { status: code });
const raw =
  (text: string, code = 200) =>
  () =>
    new Response(text, { status: code });

/** The widget's HTTP layer over a fetch answered from `table`, and the requests it made. */
function fakeHttp(table: Record<string, Answer>) {
  const requests: Recorded[] = [];
  const doFetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    requests.push({ url, method: init.method ?? 'GET', headers: new Headers(init.headers), credentials: init.credentials });
    const answer = table[url];
    if (answer === undefined) throw new Error(`test: no answer for ${url}`);
    if (answer === 'network failure') throw new TypeError('fetch failed');
    return answer();
  };
  const tokens: TokenSource = { get: async () => BEARER, received: () => {}, rejected: () => {} };
  // the base without its trailing slash: the client adds it
  const http = createHttp({
    apiUrl: 'https://svc.example/api',
    baseUrl: BASE.slice(0, -1),
    apiKey: API_KEY,
    tokens,
    fetch: doFetch as typeof fetch,
  });
  return { http, requests };
}

/** Runs the boot actor as the slot machine does, to its output or its error. */
function boot(http: ReturnType<typeof fakeHttp>['http'], kind: SlotKind, token: string): Promise<SlotItem> {
  const actor = createActor(slotBoot(http), { input: { kind, token } });
  actor.start();
  return toPromise(actor);
}

const docBoot = (token = 'doc-tok') => `${BASE}smart-doc/${token}/boot`;
const footerUrl = (token = 'doc-tok') => `${BASE}smart-doc/${token}/footer-buttons`;
const videoBoot = (token = 'vid-tok') => `${BASE}video/${token}/boot`;

const SMART_DOC = {
  smartDocId: 'd1',
  name: 'Product Disclosure Statement',
  type: 'pdf',
  versionNumber: 3,
  fileUrl: '/files/pds.pdf',
  embedSettings: { hideDocHeader: true, hideDocFooter: false },
};
const VIDEO = {
  id: 'v1',
  name: 'How fees work',
  description: 'Two minutes on fees',
  videoUrl: 'https://cdn.example/fees.mp4',
  thumbnailUrl: 'media/fees.jpg',
  captionsUrl: '/media/fees.vtt',
  embedSettings: {
    hideVideoHeader: false,
    shareEnabled: true,
    askQuestionEnabled: true,
    embedBrandColor: '#1d4ed8',
    controls: false,
    autoplay: true,
    loop: true,
    mute: true,
  },
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the smart-doc boot (widget-spec §7)', () => {
  it('sends the API key without credentials, then fetches the footer buttons with the bearer token', async () => {
    const { http, requests } = fakeHttp({ [docBoot()]: json({ success: true, smartDoc: SMART_DOC }), [footerUrl()]: json([]) });
    const item = await boot(http, 'smart-doc', 'doc-tok');
    expect(requests.map((r) => r.url)).toEqual([docBoot(), footerUrl()]);
    const [bootRequest, footerRequest] = requests as [Recorded, Recorded];
    expect(bootRequest.method).toBe('GET');
    expect(bootRequest.headers.get('X-API-Key')).toBe(API_KEY);
    expect(bootRequest.headers.has('Authorization')).toBe(false);
    expect(bootRequest.credentials).toBe('omit');
    // the footer goes through http.authed: the bearer token, no API key
    expect(footerRequest.headers.get('Authorization')).toBe(`Bearer ${BEARER}`);
    expect(footerRequest.headers.has('X-API-Key')).toBe(false);
    expect(footerRequest.credentials).toBe('omit');
    expect(item).toEqual({
      kind: 'smart-doc',
      token: 'doc-tok',
      doc: { ...SMART_DOC, fileUrl: 'https://svc.example/files/pds.pdf' },
      footer: [],
    });
  });

  it('puts the token in the path encoded', async () => {
    const token = 'a/b c?d';
    const encoded = encodeURIComponent(token);
    const { http, requests } = fakeHttp({
      [docBoot(encoded)]: json({ success: true, smartDoc: SMART_DOC }),
      [footerUrl(encoded)]: json([]),
    });
    await expect(boot(http, 'smart-doc', token)).resolves.toMatchObject({ token });
    expect(requests.map((r) => r.url)).toEqual([docBoot(encoded), footerUrl(encoded)]);
  });

  it('defaults the embed settings to shown when the answer leaves them out', async () => {
    const { embedSettings: _, ...bare } = SMART_DOC;
    const { http } = fakeHttp({ [docBoot()]: json({ success: true, smartDoc: { ...bare, fileUrl: null } }), [footerUrl()]: json([]) });
    const item = await boot(http, 'smart-doc', 'doc-tok');
    expect(item.kind === 'smart-doc' && item.doc).toEqual({
      ...bare,
      fileUrl: '',
      embedSettings: { hideDocHeader: false, hideDocFooter: false },
    });
  });

  it.each<[string, Answer, string]>([
    ['404', status(404), 'Smart document not found or invalid token'],
    ['400', status(400), 'Invalid request - origin header required'],
    ['503', status(503), 'Failed to fetch smart document: 503'],
    ['401 (the boot has no bearer token to renew)', status(401), 'Failed to fetch smart document: 401'],
    [
      'success false with an error',
      json({ success: false, error: 'Embedding is disabled for this document' }),
      'Embedding is disabled for this document',
    ],
    ['success false without an error', json({ success: false }), 'Failed to load smart document'],
    ['success false with an empty error', json({ success: false, error: '' }), 'Failed to load smart document'],
    ['a network failure', 'network failure', 'Failed to load smart document'],
    ['a body that is not JSON', raw('<html>oops</html>'), 'Failed to load smart document'],
    ['a JSON array', json([{ success: true }]), 'Failed to load smart document'],
    ['success true without a smartDoc', json({ success: true }), 'Failed to load smart document'],
    [
      'a smartDoc of the wrong types',
      json({ success: true, smartDoc: { ...SMART_DOC, versionNumber: '3' } }),
      'Failed to load smart document',
    ],
    ['a smartDoc without a name', json({ success: true, smartDoc: { ...SMART_DOC, name: undefined } }), 'Failed to load smart document'],
  ])('%s → %s (widget-spec §5, §8)', async (_, answer, text) => {
    const { http, requests } = fakeHttp({ [docBoot()]: answer, [footerUrl()]: json([]) });
    await expect(boot(http, 'smart-doc', 'doc-tok')).rejects.toThrow(new Error(text));
    // a failed boot does not ask for the footer buttons
    expect(requests.map((r) => r.url)).toEqual([docBoot()]);
  });
});

describe('the footer buttons (widget-spec §3, §7: empty on 404 or failure)', () => {
  const bootWithFooter = async (footer: Answer) => {
    const { http } = fakeHttp({ [docBoot()]: json({ success: true, smartDoc: SMART_DOC }), [footerUrl()]: footer });
    const item = await boot(http, 'smart-doc', 'doc-tok');
    if (item.kind !== 'smart-doc') throw new Error('not a document');
    return item.footer;
  };

  it('404: none, and nothing logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(bootWithFooter(status(404))).resolves.toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });

  it("500: none, and §8's 'Failed to fetch footer buttons: 500' logged; the document still loads", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(bootWithFooter(status(500))).resolves.toEqual([]);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn).toHaveBeenCalledWith('AI chat widget: Failed to fetch footer buttons: 500');
  });

  it.each<[string, Answer]>([
    ['a network failure', 'network failure'],
    ['a body that is not JSON', raw('nope')],
  ])('%s: none, and a warning', async (_, answer) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(bootWithFooter(answer)).resolves.toEqual([]);
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]![0])).toContain('AI chat widget: Failed to fetch footer buttons');
  });

  it('keeps LINKs with a usable URL and BUTTONs with an action; drops the rest', async () => {
    const footer = await bootWithFooter(
      json([
        { id: 'b1', label: 'Terms', type: 'LINK', url: 'https://example.com/terms' },
        { id: 'b2', label: 'Ask', type: 'BUTTON', actionType: 'open_chat_modal' },
        { id: 'b3', label: 'Fees', type: 'LINK', url: '/docs/fees' },
        { id: 'b4', label: 'Guide', type: 'LINK', url: 'guide.pdf' },
        { id: 'x1', label: 'Script', type: 'LINK', url: 'javascript:alert(1)' },
        { id: 'x2', label: 'Data', type: 'LINK', url: 'data:text/html,<script>alert(1)</script>' },
        { id: 'x3', label: 'No url', type: 'LINK' },
        { id: 'x4', label: 'Empty url', type: 'LINK', url: '   ' },
        { id: 'x5', label: 'No action', type: 'BUTTON' },
        { id: 'x6', label: 'Other type', type: 'MENU', url: 'https://example.com' },
        { id: 7, label: 'Numeric id', type: 'BUTTON', actionType: 'open_chat_modal' },
        { id: 'x8', type: 'BUTTON', actionType: 'open_chat_modal' },
        null,
        'Terms',
        ['b1'],
      ]),
    );
    expect(footer).toEqual([
      { id: 'b1', label: 'Terms', type: 'LINK', url: 'https://example.com/terms' },
      { id: 'b2', label: 'Ask', type: 'BUTTON', actionType: 'open_chat_modal' },
      { id: 'b3', label: 'Fees', type: 'LINK', url: 'https://svc.example/docs/fees' },
      { id: 'b4', label: 'Guide', type: 'LINK', url: `${BASE}guide.pdf` },
    ]);
  });

  it('an answer that is not a list: none', () => {
    expect(readFooterButtons({ buttons: [] }, BASE)).toEqual([]);
    expect(readFooterButtons(null, BASE)).toEqual([]);
  });
});

describe('the video boot (widget-spec §7)', () => {
  it('goes through http.authed: the bearer token, no API key, no credentials', async () => {
    const { http, requests } = fakeHttp({ [videoBoot()]: json({ success: true, video: VIDEO }) });
    const item = await boot(http, 'video', 'vid-tok');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe(videoBoot());
    expect(requests[0]!.headers.get('Authorization')).toBe(`Bearer ${BEARER}`);
    expect(requests[0]!.headers.has('X-API-Key')).toBe(false);
    expect(requests[0]!.credentials).toBe('omit');
    expect(item).toEqual({
      kind: 'video',
      token: 'vid-tok',
      video: { ...VIDEO, thumbnailUrl: `${BASE}media/fees.jpg`, captionsUrl: 'https://svc.example/media/fees.vtt' },
    });
  });

  it.each<[string, Answer, string]>([
    ['404', status(404), 'Video not found or invalid token'],
    // widget-spec §8: "equivalent handling for the other statuses"
    ['400', status(400), 'Invalid request - origin header required'],
    ['503', status(503), 'Failed to fetch video: 503'],
    ['success false with an error', json({ success: false, error: 'Video is private' }), 'Video is private'],
    ['success false without an error', json({ success: false }), 'Failed to load video'],
    ['a network failure', 'network failure', 'Failed to load video'],
    ['a body that is not JSON', raw('not json'), 'Failed to load video'],
    ['success true without a video', json({ success: true }), 'Failed to load video'],
    ['a video of the wrong types', json({ success: true, video: { ...VIDEO, id: 1 } }), 'Failed to load video'],
  ])('%s → %s (widget-spec §5, §8)', async (_, answer, text) => {
    const { http } = fakeHttp({ [videoBoot()]: answer });
    await expect(boot(http, 'video', 'vid-tok')).rejects.toThrow(new Error(text));
  });
});

describe('readVideo (widget-spec §3 "Video response")', () => {
  it('defaults what the answer leaves out: no header hidden, no share, no ask, controls on, no autoplay/loop/mute', () => {
    expect(readVideo({ id: 'v1', name: 'Intro' }, BASE)).toEqual({
      id: 'v1',
      name: 'Intro',
      description: '',
      videoUrl: '',
      thumbnailUrl: '',
      captionsUrl: '',
      embedSettings: {
        hideVideoHeader: false,
        shareEnabled: false,
        askQuestionEnabled: false,
        embedBrandColor: '',
        controls: true,
        autoplay: false,
        loop: false,
        mute: false,
      },
    });
  });

  it('takes a flag only when it is a boolean', () => {
    const video = readVideo(
      { id: 'v1', name: 'Intro', embedSettings: { controls: 'false', autoplay: 1, shareEnabled: 'yes', mute: true } },
      BASE,
    );
    expect(video?.embedSettings).toMatchObject({ controls: true, autoplay: false, shareEnabled: false, mute: true });
  });

  it.each(['#1d4ed8', '#ABC', '#abcd', '#11223344'])('keeps the brand colour %s', (colour) => {
    expect(readVideo({ ...VIDEO, embedSettings: { embedBrandColor: colour } }, BASE)?.embedSettings.embedBrandColor).toBe(colour);
  });

  it.each([
    'red',
    '#12',
    '#12345',
    '#1234567',
    '#123456789',
    '#ggg',
    'rgb(0, 0, 0)',
    '#fff; background: url(https://evil.example/x)',
    ' #fff',
    42,
  ])('drops the brand colour %j (only a CSS hex colour is one)', (colour) => {
    expect(readVideo({ ...VIDEO, embedSettings: { embedBrandColor: colour } }, BASE)?.embedSettings.embedBrandColor).toBe('');
  });

  it('drops URLs a viewer must not load', () => {
    const video = readVideo(
      { ...VIDEO, videoUrl: 'javascript:alert(1)', thumbnailUrl: 'data:image/svg+xml,<svg/>', captionsUrl: 'blob:https://x/1' },
      BASE,
    );
    expect(video).toMatchObject({ videoUrl: '', thumbnailUrl: '', captionsUrl: '' });
  });

  it('is null without an id or a name', () => {
    expect(readVideo({ name: 'Intro' }, BASE)).toBeNull();
    expect(readVideo({ id: 'v1' }, BASE)).toBeNull();
    expect(readVideo([VIDEO], BASE)).toBeNull();
  });
});

describe('readSmartDoc (widget-spec §3 "Smart doc response")', () => {
  it('is null unless id, name, type are strings and the version a number', () => {
    expect(readSmartDoc(SMART_DOC, BASE)).not.toBeNull();
    expect(readSmartDoc({ ...SMART_DOC, smartDocId: 1 }, BASE)).toBeNull();
    expect(readSmartDoc({ ...SMART_DOC, type: null }, BASE)).toBeNull();
    expect(readSmartDoc({ ...SMART_DOC, versionNumber: undefined }, BASE)).toBeNull();
    expect(readSmartDoc('d1', BASE)).toBeNull();
  });

  it('takes a hide flag only when it is a boolean', () => {
    expect(readSmartDoc({ ...SMART_DOC, embedSettings: { hideDocHeader: 'true', hideDocFooter: true } }, BASE)?.embedSettings).toEqual({
      hideDocHeader: false,
      hideDocFooter: true,
    });
  });
});

describe('resourceUrl: what a viewer may load or link', () => {
  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    '  javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:image/png;base64,AAAA',
    'vbscript:msgbox(1)',
    'blob:https://svc.example/0b1c',
    'file:///etc/passwd',
    'ftp://files.example/a.pdf',
    'mailto:a@b.c',
    'http://[::1',
    '',
    '   ',
  ])('rejects %j', (value) => {
    expect(resourceUrl(value, BASE)).toBe('');
  });

  it.each([null, undefined, 42, {}, ['https://x.example']])('rejects a non-string %j', (value) => {
    expect(resourceUrl(value, BASE)).toBe('');
  });

  it.each([
    ['https://cdn.example/a.mp4', 'https://cdn.example/a.mp4'],
    ['http://cdn.example/a.mp4', 'http://cdn.example/a.mp4'],
    ['  https://cdn.example/a b.pdf  ', 'https://cdn.example/a%20b.pdf'],
    ['/files/a.pdf', 'https://svc.example/files/a.pdf'],
    ['files/a.pdf', 'https://svc.example/base/files/a.pdf'],
    ['//cdn.example/a.pdf', 'https://cdn.example/a.pdf'],
  ])('accepts %j as %s', (value, href) => {
    expect(resourceUrl(value, BASE)).toBe(href);
  });
});

describe("a document's content by its file URL (widget-spec §2, §8)", () => {
  const FILE = 'https://svc.example/files/doc';

  /** Runs the content actor as the slot machine does, with a fetch answering `answer`. */
  function load(view: DocView, answer: Answer) {
    const requests: { url: string; init: RequestInit | undefined }[] = [];
    const doFetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push({ url: String(input), init });
      if (answer === 'network failure') throw new TypeError('fetch failed');
      return answer();
    };
    const actor = createActor(documentContent(doFetch as typeof fetch), { input: { view, url: FILE } });
    actor.start();
    return { result: toPromise(actor), requests };
  }

  it.each<[DocView, string]>([
    ['markdown', 'Failed to load markdown'],
    ['text', 'Failed to load text'],
    ['docx', 'Failed to fetch DOCX'],
    ['pdf', 'Failed to load document'],
  ])('%s: a failed fetch → %s', async (view, text) => {
    await expect(load(view, 'network failure').result).rejects.toThrow(new Error(text));
    await expect(load(view, status(404)).result).rejects.toThrow(new Error(text));
    await expect(load(view, status(500)).result).rejects.toThrow(new Error(text));
  });

  it('fetches the file by its URL without credentials', async () => {
    const { result, requests } = load('text', raw('plain'));
    await result;
    expect(requests).toEqual([{ url: FILE, init: { credentials: 'omit' } }]);
  });

  it('text: the body as it is', async () => {
    await expect(load('text', raw('Line one\n<b>not markup</b>')).result).resolves.toBe('Line one\n<b>not markup</b>');
  });

  it("markdown: the text with the widget's own renderer", async () => {
    const content = (await load('markdown', raw('# Title\n\nBody')).result) as MarkdownContent;
    expect(content.text).toBe('# Title\n\nBody');
    expect(content.Markdown).toBe(Markdown);
  });
});
