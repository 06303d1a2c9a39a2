/**
 * The widget for component tests, built the way core.tsx builds it: the widget's root
 * (machines/widget.ts) with the real site machine (which owns the real window machine)
 * and the real conversation machines started as the chat window starts them
 * (`createConversation`), with every effect replaced by a fake. The history, send,
 * sessions and rename calls are promise fakes the test settles by hand; the action
 * buttons and click reports go through the real effects (src/effects) to a fake
 * chat client that records calls; `emitted` records the programmatic API's events.
 * Where `App` draws the bubble (`renderApp`), the bubble is hit-tested over the page
 * by the widget's own effect (src/bubble/hit-test.ts), through the
 * `document.elementFromPoint` a test stubs (happy-dom's finds nothing).
 * `renderWindow` renders the chat window the way core.tsx does (inside
 * `RuntimeContext`); `renderApp` renders the launcher with `App`.
 */
import { act, render, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { onTestFinished, vi } from 'vitest';
import { useEffect } from 'react';
import {
  createActor,
  fromCallback,
  fromPromise,
  waitFor,
  type AnyActorLogic,
  type InspectionEvent,
  type NonReducibleUnknown,
} from 'xstate';
import { mergeAppearance, type Appearance } from '../../contract/appearance';
import type { ActionButton, ChatMessage, SendInput, SendResult } from '../../machines/chat';
import { actionButtonsMachine } from '../../machines/action-buttons';
import { chatMachine } from '../../machines/chat';
import { sessionsMachine } from '../../machines/sessions';
import { siteMachine, type SiteActor, type SiteConfig } from '../../machines/site';
import { networkMachine, type NetworkActor } from '../../machines/network';
import { localeMachine, type LocaleActor, type LocaleSources } from '../../machines/locale';
import { widgetMachine } from '../../machines/widget';
import type { AudioStream, RecorderCommand, RecordingEvent, RecordingFailure } from '../../machines/recording';
import type { ChatSession } from '../../machines/sessions';
import { windowMachine, type PresenceBubble, type Tab, type WindowActor } from '../../machines/window';
import type { ChatClient } from '../../src/api/chat-client';
import { ApiError, type ApiErrorCode } from '../../src/api/client';
import { App } from '../../src/app';
import { createLauncherFrame } from '../../src/launcher-frame';
import { ChatWindow, loadWindowParts } from '../../src/chat-window/chat-window';
import { useSelector } from '../../src/use-selector';
import { createConversation, reportFacts, spawnIn } from '../../src/chat-window/conversation';
import { createDictation } from '../../src/dictation/index';
import { Icon } from '../../src/icons';
import { chatEffects } from '../../src/effects/chat';
import { bubbleWatcher } from '../../src/effects/host-page';
import { keepBannerChoice, settingsLoader } from '../../src/effects/site';
import { windowOverEmptyPage } from '../fixtures/window';
import { bannerDismissed } from '../../src/effects/stored-settings';
import { localeWords, type WordsChunk } from '../../src/effects/locale';
import { RuntimeContext, type Dictation, type Runtime, type WidgetEventName } from '../../src/runtime';

// the Navigation menu's and the History and Settings tabs' chunks, loaded before the tests (the widget loads each as
// the pointer or the focus nears it, or as it first shows)
await loadWindowParts();

/** One call of a controlled fake, settled by the test. */
export interface Call<I, O> {
  input: I;
  settled: boolean;
  resolve: (output: O) => Promise<void>;
  reject: (error: unknown) => Promise<void>;
}

/** Lets promise callbacks, the machines and Preact's (microtask-debounced) renders run. */
export async function flush() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

/**
 * A `fromPromise` actor whose calls are recorded and stay pending until the test
 * settles them, or settled at once by `auto` when it is set.
 */
export function controlled<I, O>(auto?: (input: I) => O) {
  const calls: Call<I, O>[] = [];
  const fake = {
    calls,
    /** When set, every new call resolves with its result (an Error rejects). */
    auto: auto as ((input: I) => O | Error) | undefined,
    logic: fromPromise<O, I>(
      ({ input }) =>
        new Promise<O>((res, rej) => {
          const call: Call<I, O> = {
            input,
            settled: false,
            resolve: async (o) => {
              call.settled = true;
              res(o);
              await flush();
            },
            reject: async (e) => {
              call.settled = true;
              rej(e);
              await flush();
            },
          };
          calls.push(call);
          if (fake.auto) {
            const out = fake.auto(input);
            call.settled = true;
            if (out instanceof Error) rej(out);
            else res(out);
          }
        }),
    ),
    /** The latest call; throws when there is none. */
    last(): Call<I, O> {
      const c = calls.at(-1);
      if (!c) throw new Error('the fake was not called');
      return c;
    },
    /** Calls not settled yet. */
    pending: () => calls.filter((c) => !c.settled),
  };
  return fake;
}

/** A message as the client returns it. */
export const message = (role: 'user' | 'ai', content: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: `${role}-${content}`,
  role,
  content,
  createdAt: '',
  type: 'TEXT',
  ...extra,
});

/** A session as the client returns it. */
export const session = (id: string, name: string | null, totalMessages = 2, lastMessageTimestamp = '2026-03-04T15:07:00'): ChatSession => ({
  id,
  name,
  totalMessages,
  lastMessageTimestamp,
});

/** What a send resolves with: the stored user message, the answer, and its buttons. */
export const reply = (
  question: string,
  answer: string,
  extra: Partial<Omit<SendResult, 'userMessage' | 'aiMessage'>> = {},
): SendResult => ({
  userMessage: message('user', question, { id: `u-${question}` }),
  aiMessage: message('ai', answer, { id: `a-${answer}` }),
  chatSessionId: 's-new',
  followUps: [],
  responseButtons: [],
  ...extra,
});

/**
 * Dictation's effects, faked: a microphone that is granted (or refused with `micError`) and
 * counts its releases, a meter the test drives (`level`, `wave`), a recorder whose audio has
 * `audioBytes` bytes, and a transcribe call the test settles by hand.
 */
export function fakeRecording() {
  const state = { micError: null as RecordingFailure | null, audioBytes: 4000, acquired: 0, released: 0 };
  let meter: ((e: RecordingEvent) => void) | null = null;
  const transcribe: { audio: Blob; resolve: (text: string) => Promise<void>; reject: (e: unknown) => Promise<void> }[] = [];
  const effects = {
    microphone: fromCallback<RecordingEvent>(({ sendBack }) => {
      state.acquired++;
      if (state.micError) sendBack({ type: 'MIC.FAILED', reason: state.micError });
      else sendBack({ type: 'MIC.READY', stream: { id: 'fake-mic' } as unknown as AudioStream });
      return () => void state.released++;
    }),
    recorder: fromCallback<RecorderCommand, { stream: AudioStream }>(({ sendBack, receive }) => {
      receive(() => sendBack({ type: 'RECORDER.DONE', audio: new Blob([new Uint8Array(state.audioBytes)], { type: 'audio/webm' }) }));
    }),
    meter: fromCallback<RecordingEvent, { stream: AudioStream }>(({ sendBack }) => {
      meter = sendBack;
      return () => {
        meter = null;
      };
    }),
    transcribe: (audio: Blob) =>
      new Promise<string>((res, rej) =>
        transcribe.push({
          audio,
          resolve: async (text) => {
            res(text);
            await flush();
          },
          reject: async (e) => {
            rej(e);
            await flush();
          },
        }),
      ),
  };
  return {
    state,
    effects,
    transcribe,
    /** The microphone is held now. */
    live: () => state.acquired - state.released > 0,
    async level(level: number) {
      await act(async () => meter?.({ type: 'METER.LEVEL', level }));
      await flush();
    },
    async wave(bars: number[]) {
      await act(async () => meter?.({ type: 'METER.WAVE', bars }));
      await flush();
    },
  };
}

export interface HarnessOptions {
  /** An inspector given to the root's createActor, as `?inspect` does in the widget. */
  inspect?: (event: InspectionEvent) => void;
  /** Overrides given to `mergeAppearance`. */
  appearance?: Record<string, unknown>;
  config?: Partial<SiteConfig>;
  isMobile?: boolean;
  /** The host page's path. @default '/p' */
  path?: string;
  /** The appearance call fails with this code. */
  loadError?: ApiErrorCode | null;
  /** The chat session the chat starts with (stored id). @default null */
  chatSessionId?: string | null;
  /** What loadHistory resolves with (automatically), or per session id; `'manual'` leaves its calls pending. @default [] */
  history?: ChatMessage[] | ((chatSessionId: string | null) => ChatMessage[]) | 'manual';
  /** What loadSessions resolves with (automatically); `'manual'` leaves its calls pending. @default [] */
  sessions?: ChatSession[] | 'manual';
  /** The action buttons for a path. @default none */
  actionButtons?: (path: string) => ActionButton[];
  /** The window opens on this tab (the window is opened before the conversation starts, as in the widget). */
  tab?: Tab;
  /** Open the window before rendering. @default true for renderWindow */
  open?: boolean;
  /** Dictation's chunk cannot load: always, or the first N times. */
  dictationFails?: boolean | number;
  /** The site's API key: the banner's choice is read from and stored in local storage under it, as the widget does. */
  apiKey?: string;
  /** The locale's sources (the widget's: the script tag's, the page's, the browser's). @default the appearance's only */
  locale?: LocaleSources;
  /** The locales' chunks. @default the widget's (src/locales/) */
  localeChunks?: Record<'ar' | 'zh-Hans', WordsChunk>;
  /** The bubble is hit-tested over the page, as in the widget (where App draws it). @default false: it never gives way */
  hitTest?: boolean;
}

/** What {@link startRoot} starts the widget's root with. */
export interface RootOptions {
  /** @default '/p' */
  path?: string;
  isMobile?: boolean;
  appearance: Appearance;
  config: SiteConfig;
  /** The appearance call fails with this code. */
  loadError?: ApiErrorCode | null;
  chatSessionId?: string | null;
  /** The network machine's probe. @default one that never settles */
  probe?: AnyActorLogic;
  /** The conversation's machines, provided with the test's effects. */
  actors: Pick<Parameters<typeof widgetMachine.provide>[0]['actors'] & {}, 'chat' | 'sessions' | 'actionButtons'>;
  emit?: (event: WidgetEventName, detail?: unknown) => void;
  rememberChatSession?: (id: string | null) => void;
  inspect?: (event: InspectionEvent) => void;
  /** The site's API key: the banner's choice is read from and stored in local storage under it. */
  apiKey?: string;
  locale?: LocaleSources;
  localeChunks?: Record<'ar' | 'zh-Hans', WordsChunk>;
  /** The widget's element, where the bubble is drawn: the bubble is hit-tested over the page as in the widget. @default none: it never gives way */
  widget?: Element;
}

/**
 * The widget's root (machines/widget.ts) as core.tsx starts it, with fakes: the site's settings are
 * the test's (the real settings effect over a fake client), nothing of the page is watched, the network
 * has no browser events, and the system's facts go to `emit` as in the widget.
 */
export function startRoot(options: RootOptions) {
  const { appearance, config, loadError } = options;
  const root = createActor(
    widgetMachine.provide({
      actors: {
        site: siteMachine.provide({
          actors: {
            // the real settings effect over a fake client: a load error is the client's ApiError, mapped as in the widget
            loadSettings: settingsLoader({
              appearance: () => (loadError ? Promise.reject(new ApiError(loadError)) : Promise.resolve(appearance)),
              config: () => Promise.resolve(config),
            }),
            presence: fromPromise<PresenceBubble | null, { path: string }>(async () => null),
            rememberGreeting: fromPromise<void>(async () => undefined),
            pathWatcher: fromCallback(() => undefined),
            viewport: fromCallback(() => undefined),
            window: options.widget
              ? windowMachine.provide({ actors: { bubbleOverlap: bubbleWatcher(options.widget) } })
              : windowOverEmptyPage,
          },
        }),
        network: networkMachine.provide({
          actors: {
            probe: (options.probe ?? fromPromise<void>(() => new Promise(() => undefined))) as never,
            connectivity: fromCallback(() => () => undefined),
          },
        }),
        // the widget's own effect: a locale's words from its chunk (src/locales/)
        locale: localeMachine.provide({ actors: { words: localeWords(options.localeChunks) } }),
        ...options.actors,
      },
    }),
    // the site's settings are the test's from the start (the widget waits for them before it renders);
    // greeted: the greeting is the site machine's (tested in Node), these tests show bubbles themselves
    {
      input: {
        site: {
          path: options.path ?? '/p',
          isMobile: options.isMobile ?? false,
          greeted: true,
          appearance,
          config,
          bannerDismissed: options.apiKey ? bannerDismissed(options.apiKey) : false,
        },
        chatSessionId: options.chatSessionId ?? null,
        locale: options.locale ?? { attribute: null, appearance: appearance.locale, page: '', browser: [] },
      },
      inspect: options.inspect,
    },
  );
  reportFacts(root, options.emit ?? (() => undefined), options.rememberChatSession ?? (() => undefined));
  root.start();
  if (options.apiKey) keepBannerChoice(root.system.get('site') as SiteActor, options.apiKey);
  return root;
}

/** The widget with real machines, controlled effects and recording fakes. */
export function createHarness(options: HarnessOptions = {}) {
  const appearance = mergeAppearance(options.appearance ?? {});
  const config: SiteConfig = { agentPageAwareness: false, interactiveAvatarId: '', referenceWebpage: '', ...options.config };
  const loadError = options.loadError ?? null;

  const history = options.history ?? [];
  const loadHistory = controlled<{ chatSessionId: string | null }, { messages: ChatMessage[]; chatSessionId: string | null }>(
    history === 'manual'
      ? undefined
      : ({ chatSessionId }) => ({ messages: typeof history === 'function' ? history(chatSessionId) : history, chatSessionId }),
  );
  const send = controlled<SendInput, SendResult>();
  const list = options.sessions ?? [];
  const loadSessions = controlled<unknown, ChatSession[]>(list === 'manual' ? undefined : () => list);
  const renameSession = controlled<{ id: string; name: string }, { id: string; name: string | null }>();

  // the chat client behind the effects the fakes above do not replace (action buttons, click reports)
  const notUsed = (name: string) => () => Promise.reject(new Error(`${name}: made by the machines' fakes in these tests`));
  const client = {
    history: vi.fn<ChatClient['history']>(notUsed('history')),
    sessions: vi.fn<ChatClient['sessions']>(notUsed('sessions')),
    renameSession: vi.fn<ChatClient['renameSession']>(notUsed('renameSession')),
    send: vi.fn<ChatClient['send']>(notUsed('send')),
    actionButtons: vi.fn<ChatClient['actionButtons']>(async (path) => options.actionButtons?.(path) ?? []),
    buttonClick: vi.fn<ChatClient['buttonClick']>(async () => undefined),
  } satisfies ChatClient;
  // the window is the root's (below); the effects ask it for the path at call time
  const effects = chatEffects({
    client,
    userSessionId: 'visitor-1',
    path: () => windowActor.getSnapshot().context.path,
    pageAwareness: config.agentPageAwareness,
    // the site's settings are the test's from the start: a message need not wait for them
    settings: async () => undefined,
  });
  const storedSessions: (string | null)[] = [];

  const emitted: { event: WidgetEventName; detail?: unknown }[] = [];
  const recording = fakeRecording();
  /** How many times voice mode's chunk was asked for. */
  const voiceLoads = { count: 0 };
  // the network machine with its probe held by the test (`probe.calls`) and no browser events
  const probe = controlled<NonReducibleUnknown, void>();
  // the element holding the launcher's frame (put on the page by renderApp), where the bubble is drawn
  const host = document.createElement('div');

  // the widget's root as core.tsx starts it, with fakes
  const root = startRoot({
    path: options.path,
    isMobile: options.isMobile,
    appearance,
    config,
    loadError,
    chatSessionId: options.chatSessionId ?? null,
    probe: probe.logic,
    inspect: options.inspect,
    apiKey: options.apiKey,
    locale: options.locale,
    localeChunks: options.localeChunks,
    widget: options.hitTest ? host : undefined,
    actors: {
      chat: chatMachine.provide({ actors: { ...effects.chat, loadHistory: loadHistory.logic, send: send.logic } }),
      sessions: sessionsMachine.provide({ actors: { loadSessions: loadSessions.logic, renameSession: renameSession.logic } }),
      actionButtons: actionButtonsMachine.provide({ actors: effects.actionButtons }),
    },
    emit: (event, detail) => void emitted.push({ event, detail }),
    rememberChatSession: (id) => void storedSessions.push(id),
  });
  const embed = root.system.get('site') as SiteActor;
  const windowActor = root.system.get('window') as WindowActor;
  const network = root.system.get('network') as NetworkActor;
  const locale = root.system.get('locale') as LocaleActor;
  if (options.open) windowActor.send({ type: 'WINDOW.OPEN' });
  if (options.tab) windowActor.send({ type: 'TAB.SELECT', tab: options.tab });

  let dictationFailures = 0;
  const conversation = createConversation({
    root,
    // dictation as the widget makes it (createDictation, the chat window's hooks and icons), with fake effects
    loadDictation: (chatActor) =>
      (typeof options.dictationFails === 'number' ? dictationFailures++ < options.dictationFails : options.dictationFails)
        ? Promise.reject(new Error('dictation chunk failed'))
        : Promise.resolve<Dictation>(
            createDictation({
              chat: chatActor,
              effects: recording.effects,
              host: { useEffect, useSelector, Icon },
              spawn: spawnIn(root),
            }),
          ),
    // voice mode has its own tests (widget-voice.test.tsx); here its chunk is one that cannot load
    loadVoice: () => {
      voiceLoads.count++;
      return Promise.reject(new Error('voice mode is not part of these tests'));
    },
  });
  const { chat, sessions } = conversation;

  // the launcher (plain DOM, as widget.js draws it) in a frame of its own, put on the page by renderApp
  const launcher = createLauncherFrame(host, host);
  const rt: Runtime = { site: embed, windowActor, network, locale, host, launcher, conversation: vi.fn(() => conversation) };

  return {
    rt,
    root,
    embed,
    windowActor,
    network,
    probe,
    chat,
    sessions,
    client,
    conversation,
    emitted,
    storedSessions,
    recording,
    voiceLoads,
    fakes: { loadHistory, send, loadSessions, renameSession },
  };
}

/** Renders the chat window (open, on `tab`) inside the runtime's context. */
export function renderWindow(options: HarnessOptions & { fakeTimers?: boolean } = {}) {
  const h = createHarness({ open: true, ...options });
  const user = userEvent.setup(options.fakeTimers ? { advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : {});
  const result = render(
    <RuntimeContext.Provider value={h.rt}>
      <ChatWindow conversation={h.conversation} />
    </RuntimeContext.Provider>,
  );
  return { ...h, ...result, user };
}

/**
 * Renders the launcher, the bubble and the window placeholder (`App`), as the engine does: into the
 * layer of the launcher's frame (src/launcher-frame.ts), which App paints.
 */
export function renderApp(options: HarnessOptions = {}) {
  const h = createHarness({ hitTest: true, ...options });
  const user = userEvent.setup();
  document.body.append(h.rt.host);
  onTestFinished(() => h.rt.host.remove());
  const result = render(<App rt={h.rt} />, { container: h.rt.launcher.layer });
  const unmount = () => {
    result.unmount();
    h.rt.host.remove();
  };
  // the container is the element holding the launcher's frame
  return { ...h, ...result, container: h.rt.host, unmount, user };
}

/** The chat window open on the Chat tab, with the history loaded. */
export async function renderChatTab(options: HarnessOptions = {}) {
  const h = renderWindow({ tab: 'chat', ...options });
  await waitFor(h.chat, (s) => s.matches('ready'));
  await screen.findByRole('region', { name: 'Chat' });
  return h;
}

/** The chat window's text area. */
export const input = () => screen.getByRole('textbox', { name: /^Message / }) as HTMLTextAreaElement;

/**
 * Stands a ResizeObserver in for the page's until the test unstubs its globals: each one made puts its callback in
 * `observers`, for the test to call as the browser would once a size changes.
 */
export function stubResizeObserver(observers: ResizeObserverCallback[]) {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(cb: ResizeObserverCallback) {
        observers.push(cb);
      }
      observe() {}
      disconnect() {}
    },
  );
}
