/** Messages asked from anywhere, delivered to the chat. */
import type { WindowActor } from '../machines/window';
import type { Conversation } from './runtime';

/**
 * The one path for a message asked from anywhere (widget-spec §4): when the window's
 * ask is due, it goes to the chat (which queues it behind its history, still loading
 * on a first opening). Returns the teardown.
 */
export function relayAsks(windowActor: WindowActor, conversation: () => Pick<Conversation, 'chat'>): () => void {
  const sub = windowActor.on('chat.asked', (e) => conversation().chat.send({ type: 'CHAT.SEND', text: e.text }));
  return () => sub.unsubscribe();
}
