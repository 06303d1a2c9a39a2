/**
 * The browser's effects of the conversation's machines (chat, sessions, action
 * buttons), over the chat client: each call adds what the machines do not know
 * (the visitor's id, the page's path, text and address). Loaded with the chat window.
 */
import { fromCallback, fromPromise } from 'xstate';
import type { ActionButton, ChatMessage, SendInput, SendResult } from '../../machines/chat';
import type { ChatSession } from '../../machines/sessions';
import type { ChatClient } from '../api/chat-client';
import { loadOnce } from '../chat-window/conversation';
import { newUuid, writeChatSessionId } from './storage';

export interface ConversationDeps {
  client: ChatClient;
  userSessionId: string;
  /** The host page's path now (the window machine knows it). */
  path: () => string;
  /** widget-spec §5: the visible page text goes with each message when page awareness is on. */
  pageAwareness: boolean;
  /**
   * Resolves once the site's settings are usable (page awareness is known), rejects with the window's
   * error when they failed: a message waits for them, and fails with them.
   */
  settings: () => Promise<unknown>;
  /** More fields for each message (voice mode's avatar session). */
  extra?: () => Record<string, string> | null;
}

/**
 * The page reader (./page-text), a chunk of its own: loaded as the conversation starts with page awareness
 * on (`pageReader`), and awaited by a send that comes before it arrives. A load that failed is forgotten
 * (the next send tries again), and its send goes without the page's text rather than not at all.
 */
const loadReader = loadOnce(() => import('./page-text'));

/** The page's text as a reader sees it; '' when the reader could not load. */
const pageText = () =>
  loadReader().then(
    (m) => m.extractPageText(document.body),
    () => '',
  );

/** The actors the chat, sessions and action-buttons machines are provided with, plus where the session id is kept. */
export function chatEffects(deps: ConversationDeps) {
  const { client, userSessionId, path } = deps;
  // each question's clientMessageId, by its id in the chat: the same each time it is sent again
  // (the ids are the chat's own, `qN`: none is a key an object already has)
  const clientIds: Record<string, string> = {};
  const clientId = (id: string) => (clientIds[id] ??= newUuid());
  return {
    chat: {
      // each call is cancelled when the chat leaves the state that runs it (a reload, Stop, another session)
      loadHistory: fromPromise<{ messages: ChatMessage[]; chatSessionId: string | null }, { chatSessionId: string | null }>(
        ({ input, signal }) => client.history({ userSessionId, path: path(), chatSessionId: input.chatSessionId }, signal),
      ),
      // the answer streams (issue 16): its text goes to the chat at most once per animation frame, so that
      // the answer is laid out and its markdown rendered no more often than the screen is drawn
      send: fromPromise<SendResult, SendInput>(async ({ input, signal }) => {
        await deps.settings();
        const webPageContent = deps.pageAwareness ? await pageText() : '';
        let frame = 0;
        let text = '';
        let chatSessionId: string | undefined;
        const write = () => {
          frame = 0;
          input.answer?.send({ type: 'ANSWER.DELTA', id: input.id, text, chatSessionId });
        };
        return client
          .send(
            {
              message: input.text,
              clientMessageId: clientId(input.id),
              webPageContent,
              userSessionId,
              path: path(),
              chatSessionId: input.chatSessionId,
              ...deps.extra?.(),
              // widget-spec §3: the smart doc or video context of Ask question, and the ids of the documents and
              // videos in the page's slots (the item asked about among them)
              ...input.about,
              ...input.page,
            },
            signal,
            input.answer &&
              ((soFar, session) => {
                text = soFar;
                chatSessionId = session;
                frame ||= requestAnimationFrame(write);
              }),
          )
          .finally(() => cancelAnimationFrame(frame));
      }),
      sendButtonClick: fromPromise<void, { buttonId: string; chatSessionId: string | null }>(({ input }) =>
        client.buttonClick({ ...input, userSessionId, pageUrl: location.href, referrerUrl: document.referrer }),
      ),
    },
    sessions: {
      loadSessions: fromPromise<ChatSession[]>(() => client.sessions(userSessionId)),
      renameSession: fromPromise<{ id: string; name: string | null }, { id: string; name: string }>(({ input }) =>
        client.renameSession({ userSessionId, chatSessionId: input.id, name: input.name }),
      ),
    },
    actionButtons: {
      loadActionButtons: fromPromise<ActionButton[], { path: string }>(({ input }) => client.actionButtons(input.path)),
    },
    /** Loads the page reader when the conversation starts with page awareness on, so it is there before the first send. */
    pageReader: fromCallback(() => {
      if (deps.pageAwareness) loadReader().catch(() => undefined);
    }),
    /** widget-spec §3: the current chat is kept in local storage (`ai_chat_session_id`). */
    rememberChatSession: writeChatSessionId,
  };
}
