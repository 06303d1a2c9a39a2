/**
 * The ongoing conversation Home shows (its last message, with Continue): a session with messages of its
 * own, as the history restores it after a reload; none for a new visitor, whose only message may be the
 * page's video.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectLastMessage, type ChatMessage } from '../../machines/chat';
import { ready } from './chat-fakes';

const msg = (role: 'user' | 'ai', content: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: `${role}-${content}`,
  role,
  content,
  createdAt: '',
  type: 'TEXT',
  ...extra,
});
const pageVideo = msg('ai', 'Welcome', { type: 'VIDEO', source: 'POINT_OF_PRESENCE', videoUrl: 'https://cdn.test/w.mp4' });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('selectLastMessage', () => {
  it('a new visitor has no ongoing conversation, not even with the page video', async () => {
    expect(selectLastMessage((await ready(null, [pageVideo])).snap())).toBeNull();
    expect(selectLastMessage((await ready('s1', [pageVideo])).snap())).toBeNull();
  });

  it("a restored session's last message, the page video aside", async () => {
    const last = msg('ai', 'The fee is 1%.');
    expect(selectLastMessage((await ready('s1', [msg('user', 'Fees?'), last, pageVideo])).snap())).toBe(last);
  });

  it('a new chat ends it', async () => {
    const x = await ready('s1', [msg('user', 'Fees?')]);
    x.actor.send({ type: 'CHAT.NEW' });
    expect(selectLastMessage(x.snap())).toBeNull();
  });
});
