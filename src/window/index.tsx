/**
 * The chat window's module (loaded on first open): the conversation's actors and
 * the window itself. Everything here is on top of what core.tsx started.
 */
import { createActor, fromPromise } from 'xstate';
import { chatMachine } from '../../machines/chat';
import { sessionsMachine } from '../../machines/sessions';
import { createChatClient } from '../api/chat-client';
import { applyTheme } from '../theme';
import { extractPageText } from './page-text';
import { windowVariables } from './theme';
import type { Conversation, Runtime } from '../runtime';
import { readChatSessionId, writeChatSessionId } from '../storage';
import windowCss from '../styles/window.css';

export { ChatWindow } from './chat-window';
export { windowCss };

/** Starts the chat and sessions machines with their browser effects, and wires them to the window's events. */
export function createConversation(rt: Runtime): Conversation {
  const { widget, userSessionId } = rt;
  applyTheme(rt.host, windowVariables(rt.appearance));
  const client = createChatClient(rt.http);
  const path = () => widget.getSnapshot().context.path;
  const chat = createActor(
    chatMachine.provide({
      actors: {
        loadHistory: fromPromise(({ input }: { input: { chatSessionId: string | null } }) =>
          client.history({ userSessionId, path: path(), chatSessionId: input.chatSessionId }),
        ),
        send: fromPromise(({ input }: { input: { text: string; chatSessionId: string | null } }) =>
          client.send({
            message: input.text,
            // widget-spec §5: the visible page text goes with each message when page awareness is on
            webPageContent: rt.config.agentPageAwareness ? extractPageText(document.body) : '',
            userSessionId,
            path: path(),
            chatSessionId: input.chatSessionId,
          }),
        ),
      },
    }),
    { input: { chatSessionId: readChatSessionId() }, inspect: rt.inspect },
  ).start();
  const sessions = createActor(
    sessionsMachine.provide({
      actors: {
        loadSessions: fromPromise(() => client.sessions(userSessionId)),
        renameSession: fromPromise(({ input }: { input: { id: string; name: string } }) =>
          client.renameSession({ userSessionId, chatSessionId: input.id, name: input.name }),
        ),
      },
    }),
    { inspect: rt.inspect },
  ).start();

  wireConversation(rt, chat, sessions);
  return { chat, sessions, client };
}

/** How the conversation follows the window: its events reload history and sessions, and its facts reach the page. */
export function wireConversation(rt: Pick<Runtime, 'widget' | 'emit'>, chat: Conversation['chat'], sessions: Conversation['sessions']): void {
  const { widget } = rt;
  chat.on('session.changed', (e) => writeChatSessionId(e.chatSessionId));
  chat.on('message.received', (e) => rt.emit('message', e.message));
  chat.on('send.failed', (e) => rt.emit('error', new Error(e.error)));
  // widget-spec §2 and §4: a path change reloads history; so does closing the window; the History tab loads sessions
  widget.on('path.changed', () => chat.send({ type: 'CHAT.RELOAD' }));
  widget.on('window.closed', () => chat.send({ type: 'CHAT.RELOAD' }));
  widget.on('tab.entered', (e) => {
    if (e.tab === 'history') sessions.send({ type: 'SESSIONS.LOAD' });
    // Home refreshes the home video (the page's presence video comes with the history)
    if (e.tab === 'home') chat.send({ type: 'CHAT.RELOAD' });
  });
  if (widget.getSnapshot().context.tab === 'history') sessions.send({ type: 'SESSIONS.LOAD' });
}
