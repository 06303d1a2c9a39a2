/**
 * The conversation (widget-spec §4, §5, §8 "Chat"): the messages of the current
 * chat session, sending with a typing indicator, follow-up and response buttons,
 * and loading a session's history.
 *
 * The actors do the I/O: `loadHistory` and `send` (the browser versions add the
 * visitor's id, the path and the page text), and `reportClick` (a button click,
 * widget-spec §7 button-click; failures are only logged). The session id a send
 * creates is reported as the emitted `session.changed`, for the widget to store.
 *
 * The composer's text (`draft`) lives here too, so the rules about it are written
 * once: Enter submits unless an answer is on its way, and a failed message comes
 * back into an empty composer (and leaves it when Try again sends it).
 */
import { assign, emit, fromPromise, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { notProvided } from './not-provided';

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
  messages: ChatMessage[];
  /** @default null */
  chatSessionId: string | null;
  followUps: FollowUp[];
  responseButtons: ActionButton[];
  /** The text of the last send that failed, so the visitor can send it again. @default null */
  failedText: string | null;
  /** Counts local messages, for their ids. @default 0 */
  localSeq: number;
  /**
   * Messages sent while the history was loading or an answer was on its way (a button, the
   * programmatic API): they go in order, one at a time, as soon as the chat is ready. @default []
   */
  queue: string[];
  /** The composer's text. @default '' */
  draft: string;
  /**
   * The item the visitor asks about (Ask question on a phone, widget-spec §4): shown as 'Asking about:
   * {name}', and every message carries its context until it is dismissed or a new chat starts. @default null
   */
  about: ChatAbout | null;
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
  /** Send a message from anywhere (a follow-up, a button, the programmatic API): queued while busy. */
  | { type: 'CHAT.SEND'; text: string }
  /** The composer's text changed. */
  | { type: 'CHAT.TYPE'; text: string }
  /** Enter or the send button: sends the draft, held while an answer is on its way. */
  | { type: 'CHAT.SUBMIT' }
  /** A follow-up, response or action button was clicked: reported (widget-spec §7 button-click). */
  | { type: 'BUTTON.CLICKED'; buttonId: string }
  | { type: 'CHAT.RETRY' }
  /** Load a chat session (null: a fresh conversation with only the page's presence videos). */
  | { type: 'CHAT.LOAD'; chatSessionId: string | null }
  /** Reload the current session (path change, window closed). */
  | { type: 'CHAT.RELOAD' }
  | { type: 'CHAT.NEW' }
  /** Ask about an item (null: stop asking about it). */
  | { type: 'CHAT.ABOUT'; about: ChatAbout | null };

export type ChatEmitted = { type: 'session.changed'; chatSessionId: string | null } | { type: 'message.received'; message: ChatMessage } | { type: 'send.failed'; error: string };

/** widget-spec §5: a message is sent only if its trimmed text is non-empty. */
export const canSendText = (text: string) => text.trim().length > 0;

/** What a failed send shows: the client's error text (widget-spec §8). */
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const chatMachine = setup({
  types: {
    context: {} as ChatContext,
    events: {} as ChatEvent,
    input: {} as ChatInput,
    emitted: {} as ChatEmitted,
  },
  actors: {
    loadHistory: fromPromise<{ messages: ChatMessage[]; chatSessionId: string | null }, { chatSessionId: string | null }>(notProvided('loadHistory')),
    send: fromPromise<SendResult, { text: string; chatSessionId: string | null; about?: object }>(notProvided('send')),
    reportClick: fromPromise<void, { buttonId: string; chatSessionId: string | null }>(notProvided('reportClick')),
  },
  guards: {
    hasText: ({ event }) => event.type === 'CHAT.SEND' && canSendText(event.text),
    hasDraft: ({ context }) => canSendText(context.draft),
    hasFailedText: ({ context }) => context.failedText !== null,
    hasQueuedText: ({ context }) => context.queue.length > 0,
    /** widget-spec §8: the server no longer knows the stored session (history 404). */
    isSessionGone: ({ event }) => (event as { error?: { code?: unknown } }).error?.code === 'SESSION_NOT_FOUND',
  },
  actions: {
    /** The visitor's message shows at once; the typing indicator follows it. */
    queue: assign({ queue: ({ context, event }) => (event.type === 'CHAT.SEND' ? [...context.queue, event.text] : context.queue) }),
    queueDraft: assign({ queue: ({ context }) => [...context.queue, context.draft], draft: '' }),
    setDraft: assign({ draft: ({ context, event }) => (event.type === 'CHAT.TYPE' ? event.text : context.draft) }),
    /** The draft leaves the composer when it is sent. */
    clearDraft: assign({ draft: '' }),
    reportClick: spawnChild('reportClick', {
      input: ({ context, event }) => ({ buttonId: event.type === 'BUTTON.CLICKED' ? event.buttonId : '', chatSessionId: context.chatSessionId }),
    }),
    addPending: assign(({ context, event }) => {
      const [queued, ...rest] = context.queue;
      const text = (event.type === 'CHAT.SEND' ? event.text : event.type === 'CHAT.SUBMIT' ? context.draft : queued ?? context.failedText ?? '').trim();
      const pending: ChatMessage = { id: `pending-${context.localSeq + 1}`, role: 'user', content: text, createdAt: '', type: 'TEXT' };
      return {
        // a failed send leaves its message (still `pending-…`) and an error bubble; the next send replaces both
        messages: [...context.messages.filter((m) => !m.isError && !m.id.startsWith('pending-')), pending],
        localSeq: context.localSeq + 1,
        followUps: [],
        responseButtons: [],
        failedText: null,
        // the failed text that came back into the composer leaves it once the conversation moves on
        draft: context.failedText !== null && context.draft === context.failedText ? '' : context.draft,
        queue: event.type === 'CHAT.SEND' || event.type === 'CHAT.SUBMIT' ? context.queue : rest,
      };
    }),
    useChatSession: assign({ chatSessionId: ({ event }) => (event.type === 'CHAT.LOAD' ? event.chatSessionId : null) }),
    forgetSession: assign({ chatSessionId: null, messages: [], followUps: [], responseButtons: [], failedText: null, about: null }),
    clearHistory: assign({ messages: [], followUps: [], responseButtons: [] }),
    emitSessionCleared: emit({ type: 'session.changed', chatSessionId: null }),
  },
}).createMachine({
  id: 'chat',
  context: ({ input }) => ({
    messages: [],
    chatSessionId: input.chatSessionId,
    followUps: [],
    responseButtons: [],
    failedText: null,
    localSeq: 0,
    queue: [],
    draft: '',
    about: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      on: {
        'CHAT.RELOAD': { target: 'loading', reenter: true },
        // nothing typed is lost: a message sent now goes once the history is in
        'CHAT.SEND': { guard: 'hasText', actions: 'queue' },
        'CHAT.SUBMIT': { guard: 'hasDraft', actions: 'queueDraft' },
      },
      invoke: {
        src: 'loadHistory',
        input: ({ context }) => ({ chatSessionId: context.chatSessionId }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => {
            // a reload that finds the same conversation keeps the buttons under its last answer
            const same = event.output.chatSessionId === context.chatSessionId && event.output.messages.at(-1)?.id === context.messages.at(-1)?.id;
            return {
              messages: event.output.messages,
              chatSessionId: event.output.chatSessionId,
              followUps: same ? context.followUps : [],
              responseButtons: same ? context.responseButtons : [],
            };
          }),
        },
        // widget-spec §8: a history failure gives an empty history. Only a session the server no longer
        // knows is forgotten; after any other failure (a network blip) the session is kept for the next load.
        onError: [
          { guard: 'isSessionGone', target: 'ready', actions: ['forgetSession', 'emitSessionCleared'] },
          { target: 'ready', actions: 'clearHistory' },
        ],
      },
    },
    ready: {
      always: { guard: 'hasQueuedText', target: 'sending', actions: 'addPending' },
      on: {
        // a reload waits for nothing: it is skipped while a message is on its way (its answer arrives anyway)
        'CHAT.RELOAD': 'loading',
        'CHAT.SEND': { guard: 'hasText', target: 'sending', actions: 'addPending' },
        'CHAT.SUBMIT': { guard: 'hasDraft', target: 'sending', actions: ['addPending', 'clearDraft'] },
        'CHAT.RETRY': { guard: 'hasFailedText', target: 'sending', actions: 'addPending' },
      },
    },
    sending: {
      on: {
        // a button or the programmatic API may send while an answer is on its way: it goes next
        'CHAT.SEND': { guard: 'hasText', actions: 'queue' },
      },
      invoke: {
        src: 'send',
        input: ({ context }) => ({ text: context.messages.at(-1)!.content, chatSessionId: context.chatSessionId, about: context.about?.context }),
        onDone: {
          target: 'ready',
          actions: [
            assign(({ context, event }) => ({
              messages: [...context.messages.slice(0, -1), event.output.userMessage, event.output.aiMessage],
              chatSessionId: event.output.chatSessionId,
              followUps: event.output.followUps,
              responseButtons: event.output.responseButtons,
            })),
            emit(({ event }) => ({ type: 'session.changed' as const, chatSessionId: event.output.chatSessionId })),
            emit(({ event }) => ({ type: 'message.received' as const, message: event.output.aiMessage })),
          ],
        },
        onError: {
          target: 'ready',
          // widget-spec §8: the typing indicator goes; the error is shown as an error-styled message; the text is kept
          actions: [
            assign(({ context, event }) => ({
              failedText: context.messages.at(-1)!.content,
              // nothing typed is lost: the failed message comes back into an empty composer
              draft: context.draft === '' ? context.messages.at(-1)!.content : context.draft,
              localSeq: context.localSeq + 1,
              messages: [
                ...context.messages,
                {
                  id: `error-${context.localSeq + 1}`,
                  role: 'ai' as const,
                  content: errorText(event.error),
                  createdAt: '',
                  type: 'TEXT' as const,
                  isError: true,
                },
              ],
            })),
            emit(({ event }) => ({ type: 'send.failed' as const, error: errorText(event.error) })),
          ],
        },
      },
    },
  },
  on: {
    'CHAT.TYPE': { actions: 'setDraft' },
    'CHAT.ABOUT': { actions: assign({ about: ({ event }) => event.about }) },
    'BUTTON.CLICKED': { actions: 'reportClick' },
    'CHAT.LOAD': {
      target: '.loading',
      actions: ['useChatSession', emit(({ event }) => ({ type: 'session.changed' as const, chatSessionId: event.chatSessionId }))],
    },
    // widget-spec §4: New chat clears the session id and its storage entry, then reloads history
    'CHAT.NEW': { target: '.loading', actions: ['forgetSession', 'emitSessionCleared'] },
  },
});

export type ChatActor = ActorRefFrom<typeof chatMachine>;
export type ChatSnapshot = SnapshotFrom<typeof chatMachine>;

export const selectMessages = (s: ChatSnapshot) => s.context.messages;
export const selectIsTyping = (s: ChatSnapshot) => s.matches('sending');
export const selectIsLoading = (s: ChatSnapshot) => s.matches('loading');
export const selectFollowUps = (s: ChatSnapshot) => s.context.followUps;
export const selectResponseButtons = (s: ChatSnapshot) => s.context.responseButtons;
export const selectChatSessionId = (s: ChatSnapshot) => s.context.chatSessionId;
export const selectFailedText = (s: ChatSnapshot) => s.context.failedText;
export const selectQueue = (s: ChatSnapshot) => s.context.queue;
export const selectDraft = (s: ChatSnapshot) => s.context.draft;
export const selectAbout = (s: ChatSnapshot) => s.context.about;
/** The composer may send its draft now (text in it, and no answer on its way). */
export const selectCanSubmit = (s: ChatSnapshot) => s.can({ type: 'CHAT.SUBMIT' });
