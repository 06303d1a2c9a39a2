/** Messages asked from anywhere, delivered to the chat (in the launcher's bundle: the chat may not be loaded yet). */
import type { WindowActor } from '../machines/window';
import type { Conversation } from './runtime';

/**
 * The one path for a message asked from anywhere (widget-spec §4): when the window's
 * ask is due, it goes to the chat, whose module may still be loading (the chat
 * queues it behind its history). Returns the teardown.
 */
export function relayAsks(windowActor: WindowActor, conversation: () => Promise<Pick<Conversation, 'chat'>>): () => void {
  const sub = windowActor.on('chat.asked', (e) => {
    conversation().then(
      ({ chat }) => chat.send({ type: 'CHAT.SEND', text: e.text }),
      () => undefined, // the window shows why it could not load
    );
  });
  return () => sub.unsubscribe();
}
