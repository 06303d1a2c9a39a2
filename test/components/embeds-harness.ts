/**
 * startEmbeds (src/embeds/index.tsx) for component tests: the real embeds, slot, video-player and
 * Ask-question machines with their real effects, a real window machine, and only the
 * network faked. `net` answers every request from a table of routes (method and URL
 * without its query) and records it; the `Http` is the widget's own (`createHttp`) over
 * that fetch, so bearer calls, the API key header and JSON bodies are the real ones.
 * The machines run in a system of their own under a root that spawns parts as the widget's does,
 * with the window in it. The widget's element is a host with an open shadow root (the modal lives
 * in it), and `conversation` is a fake of the chat window's module that puts a fake chat in the
 * system, for Ask question on a phone.
 */
import { within } from '@testing-library/preact';
import type { IBrowserSettings } from 'happy-dom';
import { vi } from 'vitest';
import { assign, createActor, fromCallback, setup, stopChild, type AnyActorLogic, type AnyActorRef, type InspectionEvent } from 'xstate';
import type { WidgetActor } from '../../machines/widget';
import { windowMachine } from '../../machines/window';
import { createHttp } from '../../src/api/client';
import { startEmbeds } from '../../src/embeds/index';
import { spawnIn } from '../../src/chat-window/conversation';
import type { Conversation } from '../../src/runtime';

export const BASE = 'https://svc.test/';
export const API = 'https://svc.test/api';
export const FILES = 'https://files.test/';

/** happy-dom's handle on its window (its settings). */
const happyDOM = () => (window as unknown as { happyDOM: { settings: IBrowserSettings } }).happyDOM;

/** A request the fake network saw. */
export interface Seen {
  method: string;
  /** The full URL, query included. */
  url: string;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  /** The JSON body, parsed, when there was one. */
  body: unknown;
}

type Answer = Response | ((req: Seen) => Response | Promise<Response>);

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
export const text = (body: string, status = 200) => new Response(body, { status });

/** A promise the test settles: an answer that stays pending (a loading state) until then. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => (resolve = res));
  return { promise, resolve };
}

/** The network: routes by `METHOD url-without-query`, every request recorded; an unknown route is a 599. */
export function fakeNetwork() {
  const routes = new Map<string, Answer>();
  const requests: Seen[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = String(input instanceof Request ? input.url : input);
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const seen: Seen = { method, url, headers: new Headers(init.headers), credentials: init.credentials, body };
    requests.push(seen);
    const answer = routes.get(`${method} ${url.split('?')[0]}`);
    if (!answer) return text(`no route for ${method} ${url}`, 599);
    return typeof answer === 'function' ? answer(seen) : answer.clone();
  });
  return {
    fetch,
    requests,
    /** Answers `METHOD url` (the URL without its query) with a response, or a function of the request. */
    route(method: string, url: string, answer: Answer) {
      routes.set(`${method} ${url}`, answer);
    },
    /** The requests to a URL (without its query), by method. */
    to: (method: string, url: string) => requests.filter((r) => r.method === method && r.url.split('?')[0] === url),
  };
}
export type FakeNetwork = ReturnType<typeof fakeNetwork>;

/** widget-spec §3 "Smart doc response" → smartDoc, as the service sends it: a text file by default. */
export const smartDoc = (over: Record<string, unknown> = {}) => ({
  smartDocId: 'doc-1',
  name: 'Product Guide',
  type: 'txt',
  versionNumber: 3,
  fileUrl: `${FILES}guide.txt`,
  embedSettings: { hideDocHeader: false, hideDocFooter: false },
  ...over,
});

/** widget-spec §3 "Video response" → video, as the service sends it; `settings` go into its embedSettings. */
export const video = (over: Record<string, unknown> = {}, settings: Record<string, unknown> = {}) => ({
  id: 'vid-1',
  name: 'Getting Started',
  description: 'A tour',
  videoUrl: `${FILES}tour.mp4?v=1&lang=en`,
  thumbnailUrl: `${FILES}tour.jpg`,
  embedSettings: {
    hideVideoHeader: false,
    shareEnabled: true,
    askQuestionEnabled: true,
    controls: true,
    autoplay: false,
    loop: false,
    mute: false,
    ...settings,
  },
  ...over,
});

/** The text file of the default document. */
export const GUIDE_TEXT = 'Fees: 1% a year.\n  Exit fee: none.';

/**
 * The routes of a smart document: its boot (`doc`), its footer buttons (none unless given) and,
 * for the default text document, its file.
 */
export function serveDoc(net: FakeNetwork, token: string, doc: Record<string, unknown> = smartDoc(), footer: Answer = json([])) {
  net.route('GET', `${BASE}smart-doc/${token}/boot`, json({ success: true, smartDoc: doc }));
  net.route('GET', `${BASE}smart-doc/${token}/footer-buttons`, footer);
  if (doc.fileUrl === `${FILES}guide.txt`) net.route('GET', `${FILES}guide.txt`, text(GUIDE_TEXT));
}

/** The route of a video's boot. */
export function serveVideo(net: FakeNetwork, token: string, v: Record<string, unknown> = video()) {
  net.route('GET', `${BASE}video/${token}/boot`, json({ success: true, video: v }));
}

/** A slot on the page: `attrs` are set as attributes, `html` is its content. */
export function addSlot(className: string, attrs: Record<string, string> = {}, html = ''): HTMLElement {
  const el = document.createElement('div');
  el.className = className;
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  el.innerHTML = html;
  document.body.append(el);
  return el;
}

/** A smart-doc slot with its token, and a video slot with its token. */
export const docSlot = (token: string) => addSlot('smart-doc-embedding-slot', { 'data-embed-token': token });
export const videoSlot = (token: string) => addSlot('video-embedding-slot', { 'data-embed-token': token });

type PartEvent = { type: 'PART.LOADED'; systemId: string; logic: AnyActorLogic; input?: unknown } | { type: 'PART.STOP'; systemId: string };

/** The widget's root as far as the parts see it (machines/widget.ts PART.LOADED, PART.STOP). */
const partsRoot = setup({ types: { events: {} as PartEvent } }).createMachine({
  id: 'root',
  on: {
    'PART.LOADED': {
      actions: assign(({ spawn, event }) => {
        (spawn as (logic: AnyActorLogic, options: object) => unknown)(event.logic, {
          id: event.systemId,
          systemId: event.systemId,
          input: event.input,
        });
        return {};
      }),
    },
    'PART.STOP': { actions: stopChild(({ event }) => (event as Extract<PartEvent, { type: 'PART.STOP' }>).systemId) },
  },
});

export interface EmbedsOptions {
  /** The window machine's first viewport. @default false */
  isMobile?: boolean;
  /** The host page's path. @default '/products' */
  path?: string;
}

/** startEmbeds with the real machines and effects over the fake network. */
export function createEmbeds(options: EmbedsOptions = {}) {
  const net = fakeNetwork();
  // nothing reaches the real network: a fetch that does not go through the Http fails
  vi.stubGlobal('fetch', () => Promise.reject(new Error('the global fetch was used; the widget fetches through its Http')));
  // nor happy-dom's own loads (a pdf's frame, a followed link): an empty page, recorded
  const pages: string[] = [];
  happyDOM().settings.fetch.interceptor = {
    beforeAsyncRequest: async ({ request, window }) => {
      pages.push(request.url);
      return new window.Response('<!doctype html><title>page</title>', { headers: { 'Content-Type': 'text/html' } });
    },
  };

  const http = createHttp({
    apiUrl: API,
    baseUrl: BASE,
    apiKey: 'site-key',
    tokens: { get: async () => 'bearer-1', received: () => undefined, rejected: () => undefined },
    fetch: net.fetch as unknown as typeof fetch,
  });
  // every actor startEmbeds makes, seen through its inspection hook
  const actors: AnyActorRef[] = [];
  const inspect = {
    next: (e: InspectionEvent) => {
      if (e.type === '@xstate.actor') actors.push(e.actorRef as AnyActorRef);
    },
  };
  // the widget's system: a root that runs the parts' machines as the widget's does, with the window in it
  const root = createActor(partsRoot, { inspect }).start();
  const spawn = spawnIn(root as unknown as WidgetActor);
  const windowActor = spawn('window', windowMachine, {
    path: options.path ?? '/products',
    isMobile: options.isMobile ?? false,
  }).actor;
  const host = document.createElement('div');
  host.attachShadow({ mode: 'open' });
  document.body.append(host);

  // the chat window, for Ask question on a phone: it puts a chat in the system, whose events are all that is looked at
  const chatEvents: unknown[] = [];
  const chat = fromCallback(({ receive }) => receive((e) => void chatEvents.push(e)));
  const conversation = vi.fn(() => {
    if (!root.system.get('chat')) spawn('chat', chat);
    return { chat: root.system.get('chat') } as unknown as Conversation;
  });

  const embeds = startEmbeds({ http, windowActor, host, userSessionId: 'visitor-1', conversation, spawn });
  const modalHost = () => host.shadowRoot!.querySelector<HTMLElement>('[data-part="ask-modal-host"]');
  return {
    net,
    /** The pages happy-dom loaded itself (frames, followed links). */
    pages,
    windowActor,
    host,
    conversation,
    chatEvents,
    embeds,
    modalHost,
    /** The root actors made so far of a machine ('slot', 'videoPlayer', 'askModal'). */
    actorsOf: (id: string) => actors.filter((a) => (a as unknown as { logic: { id?: string } }).logic.id === id),
    /** Queries inside the modal's shadow root (from its box, an element that a failed query can print). */
    modal: () => within(modalHost()!.shadowRoot!.firstElementChild as HTMLElement),
    /** The modal's dialog element, if drawn. */
    dialog: () => modalHost()?.shadowRoot?.querySelector('dialog') ?? null,
    /** Stops what the test made. */
    teardown() {
      embeds.stop();
      root.stop();
      host.remove();
      document.body.replaceChildren();
      localStorage.clear();
      vi.unstubAllGlobals();
      happyDOM().settings.fetch.interceptor = null;
      vi.restoreAllMocks();
    },
  };
}
export type Embeds = ReturnType<typeof createEmbeds>;

/**
 * Queries inside a slot's shadow root, from the viewer's box there (an element, so that a
 * failed query can print it; a ShadowRoot cannot be printed).
 */
export const inSlot = (el: HTMLElement) => within(el.shadowRoot!.querySelector<HTMLElement>('[data-part="embed"]')!);

/** The focused element, through open shadow roots. */
export function deepActiveElement(): Element | null {
  let el = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el;
}
