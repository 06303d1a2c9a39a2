/**
 * Ask question (widget-spec §2 "Smart doc modal", §4 "Ask question", "Modal close"):
 * on a phone the question goes to the chat window with the item as its context
 * (`ask.inChat`, for the chat to act on); elsewhere the modal opens with the item
 * beside a chat of its own. Closing keeps the modal's content for the 300 ms of its
 * closing (`cleanupDelay`), then clears it.
 *
 *   closed ──ASK──▶ open { loadingHistory → ready { idle ⇄ sending } } ──MODAL.CLOSE──▶ closing ──300 ms──▶ closed
 *
 * The modal's chat keeps one chat session per item (its history loads on open). A failed
 * send becomes a failed AI bubble; a failed history load is kept as a flag. The view maps
 * both to widget-spec §8's texts.
 */
import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { SlotItem, SlotKind, SmartDoc } from './slot';
import { MODAL_CLOSE_CLEANUP_MS } from './on-demand-constants';

/** widget-spec §3 "Smart doc context sent with messages". */
export interface SmartDocContext {
  documents: { id: string; name: string; type: string; version: number; embedToken: string }[];
  totalDocuments: number;
  /** The id of the document asked about. */
  activeDocument: string | null;
}

/** What a message about an item carries (widget-spec §3 "Send-message request": a smart doc or video context). */
export type AskContext =
  | { smartDocContext: SmartDocContext; additionalNamespaces: string[] }
  | { videoContext: { id: string; name: string; embedToken: string } };

/** An item the visitor asks about. */
export interface AskItem {
  kind: SlotKind;
  token: string;
  /** The document's or video's name: 'Chat about {name}', 'Asking about: {name}'. */
  name: string;
  context: AskContext;
}

/**
 * The item for a loaded slot: a document comes with every document on the page (the
 * context's `documents`), itself active; a video with its own context.
 */
export function askItem(item: SlotItem, pageDocuments: readonly { token: string; doc: SmartDoc }[]): AskItem {
  if (item.kind === 'video') {
    const { id, name } = item.video;
    return { kind: 'video', token: item.token, name, context: { videoContext: { id, name, embedToken: item.token } } };
  }
  const listed = new Map<string, SmartDocContext['documents'][number]>();
  for (const { token, doc } of [{ token: item.token, doc: item.doc }, ...pageDocuments]) {
    if (!listed.has(doc.smartDocId))
      listed.set(doc.smartDocId, { id: doc.smartDocId, name: doc.name, type: doc.type, version: doc.versionNumber, embedToken: token });
  }
  const documents = [...listed.values()];
  return {
    kind: 'smart-doc',
    token: item.token,
    name: item.doc.name,
    context: {
      smartDocContext: { documents, totalDocuments: documents.length, activeDocument: item.doc.smartDocId },
      additionalNamespaces: [item.doc.smartDocId],
    },
  };
}

/** A message of the modal's chat; `failed` marks the bubble of a send that failed. */
export interface ModalMessage {
  role: 'user' | 'ai';
  content: string;
  /** @default undefined */
  failed?: true;
}

export interface ModalHistory {
  messages: ModalMessage[];
  chatSessionId: string | null;
}

export interface AskModalContext {
  /** The item the modal is about; kept while it closes. @default null */
  item: AskItem | null;
  /** @default [] */
  messages: ModalMessage[];
  /** @default '' */
  draft: string;
  /** The item's chat session, once it has one. @default null */
  chatSessionId: string | null;
  /** The history could not load (widget-spec §8 'Unable to load chat history…'). @default false */
  historyFailed: boolean;
}

export type AskModalEvent =
  | { type: 'ASK'; item: AskItem }
  | { type: 'MODAL.CLOSE' }
  | { type: 'DRAFT.CHANGE'; text: string }
  | { type: 'MESSAGE.SEND' };

export type AskModalEmitted = { type: 'ask.inChat'; item: AskItem };

const EMPTY = { item: null, messages: [], draft: '', chatSessionId: null, historyFailed: false } satisfies AskModalContext;

export const askModalMachine = setup({
  types: {
    context: {} as AskModalContext,
    events: {} as AskModalEvent,
    emitted: {} as AskModalEmitted,
  },
  actors: {
    /** The item's chat session's messages, if it has one. */
    loadHistory: fromPromise<ModalHistory, { item: AskItem }>(() => {
      throw new Error('loadHistory actor not provided');
    }),
    /** POST {api}/chat with the item's context; the modal reads `response` and `chatSessionId` (widget-spec §3). */
    send: fromPromise<{ response: string; chatSessionId: string }, { item: AskItem; message: string; chatSessionId: string | null }>(() => {
      throw new Error('send actor not provided');
    }),
  },
  delays: { cleanupDelay: MODAL_CLOSE_CLEANUP_MS },
  guards: {
    /** widget-spec §9: a phone's viewport; the widget provides it. */
    isMobile: () => {
      throw new Error('isMobile guard not provided');
    },
    /** widget-spec §5: only a trimmed, non-empty message is sent. */
    canSend: ({ context }) => context.draft.trim() !== '',
  },
  actions: {
    askInChat: emit(({ event }) => ({ type: 'ask.inChat' as const, item: (event as Extract<AskModalEvent, { type: 'ASK' }>).item })),
    openOn: assign(({ event }) => ({ ...EMPTY, item: (event as Extract<AskModalEvent, { type: 'ASK' }>).item })),
  },
}).createMachine({
  id: 'askModal',
  context: EMPTY,
  initial: 'closed',
  states: {
    closed: {
      entry: assign(EMPTY),
      on: {
        ASK: [
          { guard: 'isMobile', actions: 'askInChat' },
          { target: 'open', actions: 'openOn' },
        ],
      },
    },
    open: {
      initial: 'loadingHistory',
      on: {
        'MODAL.CLOSE': 'closing',
        'DRAFT.CHANGE': { actions: assign({ draft: ({ event }) => event.text }) },
      },
      states: {
        loadingHistory: {
          invoke: {
            src: 'loadHistory',
            input: ({ context }) => ({ item: context.item! }),
            onDone: {
              target: 'ready',
              actions: assign(({ event }) => ({ messages: event.output.messages, chatSessionId: event.output.chatSessionId })),
            },
            onError: { target: 'ready', actions: assign({ historyFailed: true }) },
          },
        },
        ready: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'MESSAGE.SEND': {
                  guard: 'canSend',
                  target: 'sending',
                  actions: assign(({ context }) => ({
                    messages: [...context.messages, { role: 'user' as const, content: context.draft.trim() }],
                    draft: '',
                  })),
                },
              },
            },
            sending: {
              invoke: {
                src: 'send',
                input: ({ context }) => ({
                  item: context.item!,
                  message: context.messages.at(-1)!.content,
                  chatSessionId: context.chatSessionId,
                }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) => ({
                    messages: [...context.messages, { role: 'ai' as const, content: event.output.response }],
                    chatSessionId: event.output.chatSessionId,
                  })),
                },
                onError: {
                  target: 'idle',
                  actions: assign(({ context }) => ({
                    messages: [...context.messages, { role: 'ai' as const, content: '', failed: true as const }],
                  })),
                },
              },
            },
          },
        },
      },
    },
    /** Closed for the visitor; the content goes after the cleanup delay (widget-spec §4). */
    closing: {
      after: { cleanupDelay: 'closed' },
      on: {
        ASK: [
          { guard: 'isMobile', target: 'closed', actions: 'askInChat' },
          { target: 'open', actions: 'openOn' },
        ],
      },
    },
  },
});

export type AskModalActor = ActorRefFrom<typeof askModalMachine>;
export type AskModalSnapshot = SnapshotFrom<typeof askModalMachine>;
