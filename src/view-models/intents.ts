/**
 * Intents more than one part of the window offers, written once: a new chat,
 * asking from anywhere, and a button's click.
 */
import type { ActionButton, ChatActor } from '../../machines/chat';
import type { WindowActor } from '../../machines/window';

/** widget-spec §4: New chat clears the session (the chat machine reloads) and shows the Chat tab. */
export function startNewChat(chat: ChatActor, win: WindowActor): void {
  chat.send({ type: 'CHAT.NEW' });
  win.send({ type: 'TAB.SELECT', tab: 'chat' });
}

/** Sends a message from anywhere: the window opens on the Chat tab and the message follows (widget-spec §4). */
export function ask(win: WindowActor, text: string): void {
  win.send({ type: 'WINDOW.ASK', text });
}

/**
 * An action or response button (widget-spec §3, §5): the click is reported; a message
 * button asks its message (a link opens in a new tab by itself, rendered as a link).
 */
export function clickButton(chat: ChatActor, win: WindowActor, b: ActionButton): void {
  chat.send({ type: 'BUTTON.CLICKED', buttonId: b.id });
  if (b.kind === 'message') ask(win, b.message);
}

/** External links open in a new tab without opener or referrer (widget-spec §5); other URLs are not links. */
export const isSafeLink = (url: string) => /^https?:\/\//i.test(url);
