/**
 * A real widget `Runtime` for component tests: the real widget, chat and sessions
 * machines, with their effects (`loadHistory`, `send`, `loadSessions`,
 * `renameSession`) replaced by promise fakes the test settles by hand, a fake chat
 * client that records calls, the appearance from `mergeAppearance`, and an `emit`
 * that records events. `renderWindow` renders the chat window the way core.tsx does
 * (inside `RuntimeContext`); `renderApp` renders the launcher with `App`.
 */
import { act, render, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { authMachine } from '../../machines/auth';
import { chatMachine } from '../../machines/chat';
import { sessionsMachine } from '../../machines/sessions';
import { widgetMachine, type Tab } from '../../machines/widget';
import { createCoreClient, createHttp, type ActionButton, type ApiErrorCode, type ChatMessage, type ChatSession, type SendResult, type SiteConfig } from '../../src/api/client';
import type { ChatClient } from '../../src/api/chat-client';
import { mergeAppearance } from '../../contract/appearance';
import { App } from '../../src/app';
import { RuntimeContext, type Conversation, type LoadedWindow, type Runtime, type WidgetEventName } from '../../src/runtime';
import { ChatWindow } from '../../src/window/chat-window';
import { wireConversation } from '../../src/window/index';

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
export const reply = (question: string, answer: string, extra: Partial<Omit<SendResult, 'userMessage' | 'aiMessage'>> = {}): SendResult => ({
  userMessage: message('user', question, { id: `u-${question}` }),
  aiMessage: message('ai', answer, { id: `a-${answer}` }),
  chatSessionId: 's-new',
  followUps: [],
  responseButtons: [],
  ...extra,
});

export interface HarnessOptions {
  /** Overrides given to `mergeAppearance`. */
  appearance?: Record<string, unknown>;
  config?: Partial<SiteConfig>;
  isMobile?: boolean;
  /** The host page's path. @default '/p' */
  path?: string;
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
}

/** A runtime with real machines, controlled effects and recording fakes. */
export function createHarness(options: HarnessOptions = {}) {
  const appearance = mergeAppearance(options.appearance ?? {});
  const config: SiteConfig = { agentPageAwareness: false, interactiveAvatarId: '', referenceWebpage: '', ...options.config };

  const widget = createActor(widgetMachine, { input: { path: options.path ?? '/p', isMobile: options.isMobile ?? false } }).start();
  if (options.open) widget.send({ type: 'WINDOW.OPEN' });
  if (options.tab) widget.send({ type: 'TAB.SELECT', tab: options.tab });

  const history = options.history ?? [];
  const loadHistory = controlled<{ chatSessionId: string | null }, { messages: ChatMessage[]; chatSessionId: string | null }>(
    history === 'manual'
      ? undefined
      : ({ chatSessionId }) => ({ messages: typeof history === 'function' ? history(chatSessionId) : history, chatSessionId }),
  );
  const send = controlled<{ text: string; chatSessionId: string | null }, SendResult>();
  const list = options.sessions ?? [];
  const loadSessions = controlled<unknown, ChatSession[]>(list === 'manual' ? undefined : () => list);
  const renameSession = controlled<{ id: string; name: string }, { id: string; name: string | null }>();

  // the chat client's calls the window makes itself (the machines' calls go through the fakes above)
  const notUsed = (name: string) => () => Promise.reject(new Error(`${name}: made by the machines' fakes in these tests`));
  const client = {
    history: vi.fn<ChatClient['history']>(notUsed('history')),
    sessions: vi.fn<ChatClient['sessions']>(notUsed('sessions')),
    renameSession: vi.fn<ChatClient['renameSession']>(notUsed('renameSession')),
    send: vi.fn<ChatClient['send']>(notUsed('send')),
    actionButtons: vi.fn<ChatClient['actionButtons']>(async (path) => options.actionButtons?.(path) ?? []),
    buttonClick: vi.fn<ChatClient['buttonClick']>(async () => undefined),
  } satisfies ChatClient;

  const chat = createActor(chatMachine.provide({ actors: { loadHistory: loadHistory.logic, send: send.logic } }), {
    input: { chatSessionId: options.chatSessionId ?? null },
  }).start();
  const sessions = createActor(sessionsMachine.provide({ actors: { loadSessions: loadSessions.logic, renameSession: renameSession.logic } })).start();
  const emitted: { event: WidgetEventName; detail?: unknown }[] = [];
  // the same wiring as the widget's (src/window/index.tsx), with the fakes
  wireConversation({ widget, emit: (event, detail) => void emitted.push({ event, detail }) }, chat, sessions);

  // the launcher's HTTP layer and auth actor: present for the type, never called by these components
  const http = createHttp({
    apiUrl: 'https://api.test',
    baseUrl: 'https://base.test/',
    apiKey: 'test-key',
    fetch: () => Promise.reject(new Error('no network in component tests')),
    tokens: { get: () => Promise.reject(new Error('no tokens in component tests')), received: () => undefined, rejected: () => undefined },
  });
  const auth = createActor(authMachine.provide({ actors: { boot: fromPromise(() => Promise.reject(new Error('no boot in component tests'))) } }));

  const conversation: Conversation = { chat, sessions, client };
  /** Settles the window module's load for `App` (`rt.conversation()`), pending until then. */
  let loadWindow!: () => Promise<void>;
  let failWindow!: () => Promise<void>;
  const windowModule = new Promise<LoadedWindow>((res, rej) => {
    loadWindow = async () => {
      res({ ...conversation, ChatWindow });
      await flush();
    };
    failWindow = async () => {
      rej(new Error('chunk failed'));
      await flush();
    };
  });
  windowModule.catch(() => undefined);

  const rt: Runtime = {
    client: createCoreClient(http),
    http,
    auth,
    widget,
    appearance,
    config,
    loadError: options.loadError ?? null,
    userSessionId: 'visitor-1',
    host: document.createElement('div'),
    emit: (event, detail) => void emitted.push({ event, detail }),
    conversation: vi.fn(() => windowModule),
  };

  return { rt, widget, chat, sessions, client, conversation, emitted, loadWindow, failWindow, fakes: { loadHistory, send, loadSessions, renameSession } };
}

export type Harness = ReturnType<typeof createHarness>;

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

/** Renders the launcher, the bubble and the window placeholder (`App`). */
export function renderApp(options: HarnessOptions = {}) {
  const h = createHarness(options);
  const user = userEvent.setup();
  const result = render(<App rt={h.rt} />);
  return { ...h, ...result, user };
}

/** The chat window's text area. */
export const input = () => screen.getByRole('textbox', { name: /^Message / }) as HTMLTextAreaElement;
