/**
 * The widget's core module (`widget/core.js`), loaded by widget.js: the custom
 * element with its shadow root, the auth and window machines, the site's
 * settings, the launcher and the bubble. The chat window loads on demand.
 */
import { render } from 'preact';
import { createActor, waitFor, type InspectionEvent, type Observer } from 'xstate';
import { widgetMachine, type Bubble } from '../machines/widget';
import { arr, nullable, obj, optional, str } from './api/schema';
import { connect } from './api/token-source';
import { ApiError, type ApiErrorCode, type Http, type SiteConfig } from './api/client';
import { DEFAULT_APPEARANCE, type Appearance } from '../contract/appearance';
import { App } from './app';
import coreCss from './styles/core.css';
import { applyTheme, launcherVariables } from './theme';
import { watchPath } from './page';
import type { Conversation, LoadedWindow, Runtime, WidgetEventName } from './runtime';
import { defaultMessageKey, readItem, userSessionId, writeItem } from './storage';

export type { WidgetEventName };

export interface StartOptions {
  apiUrl: string;
  apiKey: string;
  baseUrl: string;
  inspect: boolean;
  emit: (event: WidgetEventName, detail?: unknown) => void;
}

/** What the programmatic API calls once the widget is ready. */
export interface WidgetImplementation {
  open(): void;
  close(): void;
  toggle(): void;
  send(text: string): void;
  newChat(): void;
}

export interface CoreModule {
  start(options: StartOptions): Promise<WidgetImplementation>;
}

export const ELEMENT_NAME = 'ai-chat-widget';

const PRESENCE = obj({
  history: arr(obj({ type: optional(str), source: optional(nullable(str)), content: str, videoUrl: optional(nullable(str)), captionsUrl: optional(nullable(str)) })),
});

/** The page's point-of-presence video (it comes first in the page's history), as a bubble; null when it has none. */
async function presenceBubble(http: Http, userSessionId: string, path: string): Promise<Bubble | null> {
  try {
    const h = await http.call(`${http.api}/chat/history?${http.q({ userSessionId, path })}`, {}, PRESENCE, '');
    const v = h.history.find((m) => m.type === 'VIDEO' && m.source === 'POINT_OF_PRESENCE' && m.videoUrl);
    return v ? { text: v.content, videoUrl: v.videoUrl!, captionsUrl: v.captionsUrl ?? undefined } : null;
  } catch {
    return null;
  }
}

/** The first visit's bubble: "Hi! I'm {agentName}. {agentDescription}." (no second stop after a description's own). */
export function greeting(a: Pick<Appearance, 'agentName' | 'agentDescription'>): string {
  const description = a.agentDescription.trim();
  return `Hi! I'm ${a.agentName}.${description ? ` ${description}${/[.!?…]$/.test(description) ? '' : '.'}` : ''}`;
}

/** widget-spec §9: 768 px or narrower, or a mobile user agent. */
export const isMobileViewport = (win: Window = window) =>
  win.matchMedia('(max-width: 768px)').matches || /Android|iPhone|iPad|iPod|Mobile/i.test(win.navigator.userAgent);

class AIChatWidgetElement extends HTMLElement {
  /** Set by start(): `window.enrichUserProfile` calls it (widget-spec §1). */
  enrichUserProfile?: (fields: Record<string, string | number | boolean>) => Promise<void>;
}

function sheet(css: string): CSSStyleSheet {
  const s = new CSSStyleSheet();
  s.replaceSync(css);
  return s;
}

/**
 * Ends the current task, so the host page's own work can run between the boot's steps:
 * issue 4 allows no long task (over 50 ms) during boot at 4x CPU throttling, and module
 * evaluation, creating the actors and starting the first requests together come close.
 */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

export async function start(options: StartOptions): Promise<WidgetImplementation> {
  await nextTask();
  if (!customElements.get(ELEMENT_NAME)) customElements.define(ELEMENT_NAME, AIChatWidgetElement);
  let host = document.querySelector(ELEMENT_NAME) as AIChatWidgetElement | null;
  if (!host) {
    host = document.createElement(ELEMENT_NAME) as AIChatWidgetElement;
    document.body.appendChild(host);
  }
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  // All styles live inside the shadow root as adopted sheets: nothing leaks in or out, and no <style> needs a CSP exception.
  shadow.adoptedStyleSheets = [sheet(coreCss)];

  await nextTask();
  let inspect: Observer<InspectionEvent> | undefined;
  if (options.inspect) inspect = await (await import('./inspect')).loadInspector();

  const { client, auth, http } = connect({ apiUrl: options.apiUrl, baseUrl: options.baseUrl, apiKey: options.apiKey, inspect });
  const widget = createActor(widgetMachine, { input: { path: location.pathname, isMobile: isMobileViewport() }, inspect }).start();

  await nextTask();
  let appearance: Appearance = DEFAULT_APPEARANCE;
  let config: SiteConfig = { agentPageAwareness: false, interactiveAvatarId: '', referenceWebpage: '' };
  let loadError: ApiErrorCode | null = null;
  // widget-spec §8: the visitor-facing errors are the appearance's. A failed config alone does not
  // hide a good appearance: the widget runs with the default config (no page awareness, no voice).
  const [appearanceResult, configResult] = await Promise.allSettled([client.appearance(), client.config()]);
  if (appearanceResult.status === 'fulfilled') appearance = appearanceResult.value;
  else {
    loadError = appearanceResult.reason instanceof ApiError ? appearanceResult.reason.code : 'FAILED';
    options.emit('error', appearanceResult.reason);
  }
  if (configResult.status === 'fulfilled') config = configResult.value;
  else if (!loadError) {
    // a refused key or configuration refuses both calls: the appearance's error says it
    const reason: unknown = configResult.reason;
    if (reason instanceof ApiError && (reason.code === 'INVALID_API_KEY' || reason.code === 'INVALID_CONFIGURATION')) loadError = reason.code;
    else console.warn('AI chat widget:', reason instanceof Error ? reason.message : reason);
    options.emit('error', reason);
  }
  applyTheme(host, launcherVariables(appearance));

  let conversation: Promise<LoadedWindow> | null = null;
  const runtime: Runtime = {
    client,
    http,
    auth,
    widget,
    appearance,
    config,
    loadError,
    userSessionId: userSessionId(),
    host,
    emit: options.emit,
    inspect,
    conversation: () =>
      (conversation ??= import('./window/index').then((m) => {
        shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, sheet(m.windowCss)];
        return { ...m.createConversation(runtime), ChatWindow: m.ChatWindow };
      })),
  };

  host.enrichUserProfile = (fields) => client.enrich(fields, runtime.userSessionId);

  const mount = document.createElement('div');
  mount.setAttribute('data-part', 'root');
  shadow.replaceChildren(mount);
  render(<App rt={runtime} />, mount);

  widget.on('window.opened', () => options.emit('open'));
  widget.on('window.closed', () => options.emit('close'));
  watchPath((path) => widget.send({ type: 'PATH.CHANGED', path }));
  const mobileQuery = window.matchMedia('(max-width: 768px)');
  mobileQuery.addEventListener('change', () => widget.send({ type: 'VIEWPORT.CHANGED', isMobile: isMobileViewport() }));

  // The default message shows once per visitor, as a bubble over the launcher; after that, a page with a
  // presence video shows it in the bubble: on arrival, on a path change and when the window closes
  // (widget-spec §2, §4), unless the visitor dismissed it on that page.
  const flag = defaultMessageKey(runtime.userSessionId);
  const dismissed = new Set<string>();
  const offerPresence = async (path: string) => {
    if (loadError || dismissed.has(path)) return;
    const bubble = await presenceBubble(http, runtime.userSessionId, path);
    if (bubble && widget.getSnapshot().context.path === path) widget.send({ type: 'BUBBLE.SHOW', bubble });
  };
  if (!loadError && !readItem(flag)) {
    widget.send({ type: 'BUBBLE.SHOW', bubble: { text: greeting(appearance) } });
    writeItem(flag, '1');
  } else {
    void offerPresence(location.pathname);
  }
  widget.on('bubble.dismissed', (e) => dismissed.add(e.path));
  widget.on('path.changed', (e) => void offerPresence(e.path));
  widget.on('window.closed', () => void offerPresence(widget.getSnapshot().context.path));

  const withChat = async (fn: (c: Conversation) => void) => fn(await runtime.conversation());
  return {
    open: () => widget.send({ type: 'WINDOW.OPEN' }),
    close: () => widget.send({ type: 'WINDOW.CLOSE' }),
    toggle: () => widget.send({ type: 'WINDOW.TOGGLE' }),
    send: (text) => {
      widget.send({ type: 'WINDOW.OPEN' });
      widget.send({ type: 'TAB.SELECT', tab: 'chat' });
      void withChat(async ({ chat }) => {
        await waitFor(chat, (s) => !s.matches('loading'));
        chat.send({ type: 'CHAT.SEND', text });
      });
    },
    newChat: () => void withChat(({ chat }) => chat.send({ type: 'CHAT.NEW' })),
  };
}
