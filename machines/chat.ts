/**
 * The conversation (widget-spec §4, §5, §8 "Chat"; issue 13): the messages of the current
 * chat session, sending with a typing indicator, follow-up and response buttons,
 * and loading a session's history.
 *
 * The actors do the I/O: `loadHistory` and `send` (the browser versions add the
 * visitor's id, the path and the page text, and cancel the request when the machine
 * leaves the state that runs it), and `sendButtonClick` (a button click, widget-spec §7
 * button-click; failures are only logged). The session id a send creates is reported
 * as the emitted `session.changed`, for the widget to store.
 *
 * Every question is a message from the moment it is sent: `queued` (its turn comes: one
 * is `sending` at a time, so a message never goes twice at once), then the server's own
 * copy with the answer, or given up (`failed`, with an error message after it, or
 * `stopped` by the visitor), each keeping its own Try again. An answer that streams
 * (issue 16) is a message too while it is written (`streaming`, after its question, its
 * text growing with each `ANSWER.DELTA`); cut off by Stop or a failure, what was written of
 * it stays (`stopped` or `failed`), the server's copy replacing it at the next reload. A send that got no answer
 * (NETWORK) is queued again and the chat waits (`offline`) for `NETWORK.BACK` or its own
 * backoff; a 429 holds the composer (`cooling`) for its Retry-After; a history that could
 * not load is `loadFailed`, never an empty chat.
 *
 *   loading ──▶ ready ⇄ sending ──no answer──▶ offline ──back / backoff──▶ ready
 *      ▲  └─failed─▶ loadFailed    └──429──▶ cooling ──Retry-After──▶ ready
 *
 * The composer's text (`draft`) lives here too, so the rules about it are written
 * once: Enter submits unless an answer is on its way or a 429 holds it, and a question
 * that failed or was stopped comes back into an empty composer.
 */
import { assign, emit, fromPromise, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { notProvided } from './not-provided';
import { DEFAULT_RETRY_AFTER_S, FIRST_RESEND_MS, MAX_RESEND_MS } from './constants';

export interface ChatMessage {
  id: string;
  role: 'user' | 'ai';
  content: string;
  /** ISO time; empty when the server sent none. */
  createdAt: string;
  type: 'TEXT' | 'VIDEO';
  source?: string;
  triggerEventUrl?: string;
  showOnVisit?: boolean;
  /** A video's transcript. */
  script?: string;
  videoUrl?: string;
  thumbnailUrl?: string;
  /** WebVTT captions for the video. */
  captionsUrl?: string;
  /** An error shown in the conversation (widget-spec §8: a failed send is shown as an error-styled message). */
  isError?: boolean;
  /** A failed send's error message: why, as a code (the view has the words). */
  failure?: ChatFailure;
  /**
   * A question not delivered (yet), only ever local: `queued` (its turn comes), `sending`, or given
   * up: `failed` (an error message follows it) or `stopped` by the visitor. An answer being written
   * is `streaming`, then, cut off, `stopped` or `failed` (issue 16).
   */
  status?: 'queued' | 'sending' | 'streaming' | 'failed' | 'stopped';
  /** An error message's or a streamed answer's question: its Try again sends that question again. */
  of?: string;
  /** The server stored it (a question whose answer had begun): a reload shows the server's copy instead. */
  stored?: boolean;
  /** An answer cut off before it was complete, as the server stored it (issue 16). */
  incomplete?: boolean;
}

/** A response or action button (widget-spec §3): EXTERNAL_LINK opens its URL, any other type sends its message. */
export type ActionButton =
  | { id: string; name: string; kind: 'link'; url: string }
  | { id: string; name: string; kind: 'message'; message: string };

export interface FollowUp {
  id: string;
  text: string;
}

export interface SendResult {
  userMessage: ChatMessage;
  aiMessage: ChatMessage;
  chatSessionId: string;
  followUps: FollowUp[];
  responseButtons: ActionButton[];
}

export interface ChatContext {
  /** The session's messages, then the questions not delivered (see {@link ChatMessage.status}). */
  messages: ChatMessage[];
  /** @default null */
  chatSessionId: string | null;
  followUps: FollowUp[];
  responseButtons: ActionButton[];
  /** Counts local messages, for their ids. @default 0 */
  localSeq: number;
  /** The composer's text. @default '' */
  draft: string;
  /**
   * The item the visitor asks about (Ask question on a phone, widget-spec §4): shown as 'Asking about:
   * {name}', and every message carries its context until it is dismissed or a new chat starts. @default null
   */
  about: ChatAbout | null;
  /** Calls in a row that got no answer: the fallback resend waits longer after each. @default 0 */
  tries: number;
  /** The last 429's wait in seconds (its Retry-After): the composer is held that long. @default 0 */
  retryAfter: number;
}

/** An embedded document or video the chat's messages are about; `context` goes with each message (widget-spec §3). */
export interface ChatAbout {
  name: string;
  context: object;
}

export interface ChatInput {
  chatSessionId: string | null;
}

export type ChatEvent =
  /** Send a message from anywhere (a follow-up, a button, the programmatic API): it waits its turn. */
  | { type: 'CHAT.SEND'; text: string }
  /** The composer's text changed. */
  | { type: 'CHAT.TYPE'; text: string }
  /** Enter or the send button: sends the draft, held while an answer is on its way or a 429 holds it. */
  | { type: 'CHAT.SUBMIT' }
  /** A follow-up, response or action button was clicked: reported (widget-spec §7 button-click). */
  | { type: 'BUTTON.CLICKED'; buttonId: string }
  /** Try again: a failed or stopped question is sent again (once: it takes its turn at the end). */
  | { type: 'CHAT.RETRY'; id: string }
  /** Stop: the answer on its way is cancelled; its question stays, stopped. */
  | { type: 'CHAT.STOP' }
  /** A question waiting its turn (for the network, say) is not sent after all; it stays, stopped. */
  | { type: 'CHAT.CANCEL'; id: string }
  /** The server answers again after a loss (the network machine's `network.back`): waiting work goes on. */
  | { type: 'NETWORK.BACK' }
  /** Load a chat session (null: a fresh conversation with only the page's presence videos). */
  | { type: 'CHAT.LOAD'; chatSessionId: string | null }
  /** Reload the current session (path change, window closed), or Retry a history that could not load. */
  | { type: 'CHAT.RELOAD' }
  | { type: 'CHAT.NEW' }
  /** Ask about an item (null: stop asking about it). */
  | { type: 'CHAT.ABOUT'; about: ChatAbout | null }
  | AnswerDelta;

export type ChatEmitted =
  | { type: 'session.changed'; chatSessionId: string | null }
  | { type: 'message.received'; message: ChatMessage }
  | { type: 'send.failed'; error: string };

/** widget-spec §5: a message is sent only if its trimmed text is non-empty. */
export const canSendText = (text: string) => text.trim().length > 0;

/**
 * Why a send failed: the client's error code (widget-spec §8: RATE_LIMIT_EXCEEDED with its wait,
 * INVALID_API_KEY, INVALID_CONFIGURATION, SESSION_NOT_FOUND, or FAILED for anything else).
 */
export interface ChatFailure {
  code: string;
  retryAfter: number;
}

/** A failed call's own message, for the programmatic API's 'error' event. */
const errorText = (event: unknown, error = (event as { error?: unknown }).error) =>
  error instanceof Error ? error.message : String(error);
/** A failed call's ApiError fields (src/api/client.ts), as far as they are there. */
const failure = (event: unknown) => (event as { error?: { code?: string; retryAfter?: number; chatSessionId?: string } }).error ?? {};
/** A guard: the call failed with this ApiError code. */
const failedWith =
  (code: string) =>
  ({ event }: { event: unknown }) =>
    failure(event).code === code;
/** The message an event names (Try again, Cancel). */
const named = (c: ChatContext, event: unknown) => c.messages.find((m) => m.id === (event as { id?: string }).id);
/** A message only this widget has: a question not delivered, or an error message. */
const isLocal = (m: ChatMessage) => !!(m.status || m.of) && !m.stored;
const isGivenUp = (m?: ChatMessage) => m?.status === 'failed' || m?.status === 'stopped';
const withStatus = (c: ChatContext, status: ChatMessage['status']) => c.messages.find((m) => m.status === status);

/** A question joins the queue; a failed or stopped copy of it gives way (it shows once). */
function add(c: ChatContext, text: string): Partial<ChatContext> {
  const content = text.trim();
  const n = c.localSeq + 1;
  const gone = c.messages.filter((m) => m.role === 'user' && isGivenUp(m) && m.content === content).map((m) => m.id);
  return {
    messages: [
      ...c.messages.filter((m) => !gone.includes(m.of ?? m.id)),
      { id: `q${n}`, role: 'user', content, createdAt: '', type: 'TEXT', status: 'queued' },
    ],
    localSeq: n,
    // the question that came back into the composer leaves it when it goes again
    draft: gone.length && c.draft === content ? '' : c.draft,
  };
}

/**
 * A question takes a new status; a failed one gets its error message after it. The answer that was
 * streaming for it takes the same status; both are then the server's (it stores a cut-off answer).
 */
function settle(c: ChatContext, q: ChatMessage | undefined, status: ChatMessage['status'], failure?: ChatFailure): Partial<ChatContext> {
  const begun = !!q && c.messages.some((m) => m.status === 'streaming');
  const stored = begun || undefined;
  const after = (of: string): ChatMessage[] =>
    failure ? [{ id: `e${of}`, role: 'ai', content: '', createdAt: '', type: 'TEXT', isError: true, failure, of, stored }] : [];
  return {
    messages: c.messages.flatMap((m) =>
      m === q
        ? [{ ...m, status, stored }, ...(begun ? [] : after(m.id))]
        : m.status === 'streaming'
          ? [{ ...m, status, stored: true }, ...after(m.of!)]
          : [m],
    ),
  };
}

/** Reported by the `send` actor while the answer streams: its text so far (issue 16). */
export interface AnswerDelta {
  type: 'ANSWER.DELTA';
  /** The question's id (a late report of another question's answer is ignored). */
  id: string;
  text: string;
  /** The session the server keeps the question in (a new chat's, decided as the answer starts). */
  chatSessionId?: string;
}

/**
 * What the `send` actor is given: the question, its id in this chat, the session, the Ask-question
 * context, and where to report the answer's text as it streams (the chat itself).
 */
export interface SendInput {
  id: string;
  text: string;
  chatSessionId: string | null;
  about?: object;
  /** What the page's slots add to each message (widget-spec §3 `additionalNamespaces`: the documents and videos they show). */
  page?: object;
  answer?: { send(event: AnswerDelta): void };
}

export const chatMachine = setup({
  types: {
    context: {} as ChatContext,
    events: {} as ChatEvent,
    input: {} as ChatInput,
    emitted: {} as ChatEmitted,
  },
  actors: {
    loadHistory: fromPromise<{ messages: ChatMessage[]; chatSessionId: string | null }, { chatSessionId: string | null }>(
      notProvided('loadHistory'),
    ),
    /** `id` is the question's own (the same for each time an unanswered question is sent again). */
    send: fromPromise<SendResult, SendInput>(notProvided('send')),
    sendButtonClick: fromPromise<void, { buttonId: string; chatSessionId: string | null }>(notProvided('sendButtonClick')),
  },
  delays: {
    /** The fallback resend after sends that got no answer: 4 s, 8 s, … 30 s. */
    resend: ({ context }) => Math.min(MAX_RESEND_MS, FIRST_RESEND_MS * 2 ** (context.tries - 1)),
    /** A 429's Retry-After. */
    retryAfter: ({ context }) => context.retryAfter * 1000,
  },
  guards: {
    hasText: ({ event }) => event.type === 'CHAT.SEND' && canSendText(event.text),
    hasDraft: ({ context }) => canSendText(context.draft),
    canRetry: ({ context, event }) => isGivenUp(named(context, event)),
    hasQueued: ({ context }) => !!withStatus(context, 'queued'),
    /** A report of the answer on its way, not a late one of an earlier question's. */
    isCurrentAnswer: ({ context, event }) => event.type === 'ANSWER.DELTA' && withStatus(context, 'sending')?.id === event.id,
    /** widget-spec §8: the server no longer knows the stored session (history 404). */
    isSessionGone: failedWith('SESSION_NOT_FOUND'),
    /** No answer at all (offline, refused, over its time limit): the question waits for the network. */
    isUnanswered: failedWith('NETWORK'),
    isRateLimited: failedWith('RATE_LIMIT_EXCEEDED'),
  },
  actions: {
    add: assign(({ context, event }) => add(context, (event as { text?: string }).text ?? named(context, event)!.content)),
    submit: assign(({ context }) => ({ ...add(context, context.draft), draft: '' })),
    setDraft: assign({ draft: ({ context, event }) => (event.type === 'CHAT.TYPE' ? event.text : context.draft) }),
    reportClick: spawnChild('sendButtonClick', {
      input: ({ context, event }) => ({
        buttonId: event.type === 'BUTTON.CLICKED' ? event.buttonId : '',
        chatSessionId: context.chatSessionId,
      }),
    }),
    /** The next question goes; the buttons under the last answer go with it. */
    sendNext: assign(({ context }) => ({
      ...settle(context, withStatus(context, 'queued'), 'sending'),
      followUps: [],
      responseButtons: [],
    })),
    /**
     * widget-spec §8: the typing indicator goes; with no answer at all the question waits its turn again, else it
     * is failed, with the error after it, and comes back into an empty composer.
     */
    fail: assign(({ context, event }) => {
      const { code, retryAfter = DEFAULT_RETRY_AFTER_S, chatSessionId = context.chatSessionId } = failure(event);
      const q = withStatus(context, 'sending')!;
      return code === 'NETWORK'
        ? { ...settle(context, q, 'queued'), tries: context.tries + 1 }
        : {
            ...settle(context, q, 'failed', { code: code ?? 'FAILED', retryAfter }),
            draft: context.draft || q.content,
            retryAfter,
            // the server kept the question in a session it made for it: the next question goes there too
            chatSessionId,
          };
    }),
    emitFailed: emit(({ event }) => ({ type: 'send.failed' as const, error: errorText(event) })),
    emitSession: emit(({ context }) => ({ type: 'session.changed' as const, chatSessionId: context.chatSessionId })),
    /** The answer's text so far (issue 16): it shows, after its question, as it is written. */
    write: assign({
      // a new chat's session is known from the first words: Stop or a failure leaves the next question in it
      chatSessionId: ({ context, event }) => (event as AnswerDelta).chatSessionId ?? context.chatSessionId,
      messages: ({ context, event }) =>
        context.messages.flatMap((m): ChatMessage[] =>
          m.status === 'streaming'
            ? []
            : m.id === (event as AnswerDelta).id
              ? [
                  m,
                  {
                    id: `a${m.id}`,
                    role: 'ai',
                    content: (event as AnswerDelta).text,
                    createdAt: '',
                    type: 'TEXT',
                    status: 'streaming',
                    of: m.id,
                  },
                ]
              : [m],
        ),
    }),
    stop: assign(({ context }) => settle(context, withStatus(context, 'sending'), 'stopped')),
    cancel: assign(({ context, event }) => {
      const q = named(context, event);
      return settle(context, q?.status === 'queued' ? q : undefined, 'stopped');
    }),
    forgetSession: assign({ chatSessionId: null, followUps: [], responseButtons: [], about: null }),
    emitSessionCleared: emit({ type: 'session.changed', chatSessionId: null }),
  },
}).createMachine({
  id: 'chat',
  context: ({ input }) => ({
    messages: [],
    chatSessionId: input.chatSessionId,
    followUps: [],
    responseButtons: [],
    localSeq: 0,
    draft: '',
    about: null,
    tries: 0,
    retryAfter: 0,
  }),
  initial: 'loading',
  states: {
    loading: {
      on: { 'CHAT.RELOAD': { target: 'loading', reenter: true } },
      invoke: {
        src: 'loadHistory',
        input: ({ context }) => ({ chatSessionId: context.chatSessionId }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => {
            // a reload that finds the same conversation keeps the buttons under its last answer
            const last = event.output.messages.at(-1);
            const same = event.output.chatSessionId === context.chatSessionId && context.messages.some((m) => m.id === last?.id);
            return {
              // the questions not delivered stay, after the history
              messages: [...event.output.messages, ...context.messages.filter(isLocal)],
              chatSessionId: event.output.chatSessionId,
              followUps: same ? context.followUps : [],
              responseButtons: same ? context.responseButtons : [],
            };
          }),
        },
        // Only a session the server no longer knows is forgotten (its messages with it); after any other
        // failure the chat says it could not load, never that there is no conversation.
        onError: [
          {
            guard: 'isSessionGone',
            target: 'ready',
            actions: ['forgetSession', 'emitSessionCleared', assign({ messages: ({ context }) => context.messages.filter(isLocal) })],
          },
          'loadFailed',
        ],
      },
    },
    /** widget-spec §8 'Failed to load chat history', with Retry; it loads again by itself when the network is back. */
    loadFailed: {
      on: { 'CHAT.RELOAD': 'loading', 'NETWORK.BACK': 'loading' },
    },
    ready: {
      always: { guard: 'hasQueued', target: 'sending' },
      // only here: a reload is skipped while a message is on its way (its answer arrives anyway), waits for the
      // network, or a 429 holds sending
      on: { 'CHAT.RELOAD': 'loading' },
    },
    sending: {
      entry: 'sendNext',
      // issue 16: `waiting` for the answer's first words (the typing indicator), then `streaming` while it is written
      initial: 'waiting',
      states: {
        waiting: {},
        streaming: {},
      },
      on: {
        // Enter is held while an answer is on its way (the draft stays)
        'CHAT.SUBMIT': {},
        'CHAT.STOP': { target: 'ready', actions: ['stop', 'emitSession'] },
        'ANSWER.DELTA': { guard: 'isCurrentAnswer', target: '.streaming', actions: 'write' },
      },
      invoke: {
        src: 'send',
        input: ({ context, self }) => {
          const q = withStatus(context, 'sending')!;
          return {
            id: q.id,
            text: q.content,
            chatSessionId: context.chatSessionId,
            about: context.about?.context,
            // (the embeds' `message`, machines/embeds.ts: there only on a page with slots)
            page: self.system.get('embeds')?.getSnapshot().context.message,
            answer: self,
          };
        },
        onDone: {
          target: 'ready',
          actions: [
            assign(({ context, event }) => ({
              // the question and the answer as the server stored them, in place of the local ones
              messages: context.messages.flatMap((m) =>
                m.status === 'sending' ? [event.output.userMessage, event.output.aiMessage] : m.status === 'streaming' ? [] : [m],
              ),
              chatSessionId: event.output.chatSessionId,
              followUps: event.output.followUps,
              responseButtons: event.output.responseButtons,
              tries: 0,
            })),
            emit(({ event }) => ({ type: 'session.changed' as const, chatSessionId: event.output.chatSessionId })),
            emit(({ event }) => ({ type: 'message.received' as const, message: event.output.aiMessage })),
          ],
        },
        onError: [
          { guard: 'isUnanswered', target: 'offline', actions: ['fail', 'emitFailed'] },
          { guard: 'isRateLimited', target: 'cooling', actions: ['fail', 'emitFailed'] },
          { target: 'ready', actions: ['fail', 'emitFailed', 'emitSession'] },
        ],
      },
    },
    /** Questions wait for the network: sent again on NETWORK.BACK, or after the backoff; none left waiting, nothing to wait for. */
    offline: {
      always: { guard: ({ context }) => !withStatus(context, 'queued'), target: 'ready' },
      after: { resend: 'ready' },
      on: { 'NETWORK.BACK': 'ready' },
    },
    /** A 429: the composer is held for its Retry-After, then sending goes on by itself. */
    cooling: {
      after: { retryAfter: 'ready' },
      on: { 'CHAT.SUBMIT': {} },
    },
  },
  on: {
    // nothing typed is lost: a message sent while busy waits its turn
    'CHAT.SEND': { guard: 'hasText', actions: 'add' },
    'CHAT.SUBMIT': { guard: 'hasDraft', actions: 'submit' },
    'CHAT.RETRY': { guard: 'canRetry', actions: 'add' },
    'CHAT.CANCEL': { actions: 'cancel' },
    'CHAT.TYPE': { actions: 'setDraft' },
    'CHAT.ABOUT': { actions: assign({ about: ({ event }) => event.about }) },
    'BUTTON.CLICKED': { actions: 'reportClick' },
    // another conversation: this one's messages go, with its questions not delivered
    'CHAT.LOAD': {
      target: '.loading',
      actions: [
        assign({ chatSessionId: ({ event }) => event.chatSessionId, messages: [] }),
        emit(({ event }) => ({ type: 'session.changed' as const, chatSessionId: event.chatSessionId })),
      ],
    },
    // widget-spec §4: New chat clears the session id and its storage entry, then reloads history
    'CHAT.NEW': { target: '.loading', actions: ['forgetSession', assign({ messages: [] }), 'emitSessionCleared'] },
  },
});

export type ChatActor = ActorRefFrom<typeof chatMachine>;
export type ChatSnapshot = SnapshotFrom<typeof chatMachine>;

export const selectMessages = (s: ChatSnapshot) => s.context.messages;
/** An answer is on its way (Stop shows, the buttons under the last answer hide). */
export const selectIsWaiting = (s: ChatSnapshot) => s.matches('sending');
/** An answer is on its way and none of it has come yet: the typing indicator. */
export const selectIsTyping = (s: ChatSnapshot) => s.matches({ sending: 'waiting' });
/** An answer is being written into the conversation (issue 16). */
export const selectIsStreaming = (s: ChatSnapshot) => s.matches({ sending: 'streaming' });
export const selectIsLoading = (s: ChatSnapshot) => s.matches('loading');
/** The history could not be loaded (widget-spec §8): not an empty conversation; Retry (CHAT.RELOAD) loads it again. */
export const selectLoadFailed = (s: ChatSnapshot) => s.matches('loadFailed');
/** Questions wait for the network (issue 13). */
export const selectIsOffline = (s: ChatSnapshot) => s.matches('offline');
export const selectFollowUps = (s: ChatSnapshot) => s.context.followUps;
export const selectResponseButtons = (s: ChatSnapshot) => s.context.responseButtons;
export const selectChatSessionId = (s: ChatSnapshot) => s.context.chatSessionId;
/**
 * The ongoing conversation's last message, which Home shows with Continue (after a reload too: the history
 * loads with the session kept); null for a new visitor, whose only messages are the page's own (its video).
 */
export const selectLastMessage = ({ context: { chatSessionId, messages } }: ChatSnapshot) =>
  (chatSessionId && messages.findLast((m) => m.source !== 'POINT_OF_PRESENCE')) || null;
export const selectDraft = (s: ChatSnapshot) => s.context.draft;
export const selectAbout = (s: ChatSnapshot) => s.context.about;
/** The composer may send its draft now (text in it, no answer on its way, no 429 holding it). */
export const selectCanSubmit = (s: ChatSnapshot) => s.can({ type: 'CHAT.SUBMIT' });
