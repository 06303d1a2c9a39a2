/**
 * The Chat tab (widget-spec §2 "Chat", §4 "Send button", §5, §8 "Chat"): messages,
 * timestamps and avatars, the typing indicator, follow-up and response buttons,
 * a failed send, the composer's keys and send button, the page-awareness banner
 * and video messages.
 */
import { cleanup, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toButton } from '../../src/api/chat-client';
import type { ActionButton } from '../../machines/chat';
import { ApiError } from '../../src/api/client';
import { formatTimestamp } from '../../src/format';
import { input, message, renderChatTab, renderWindow, reply } from './widget-harness';
import { FOCUS_DELAY_MS } from '../../machines/constants';
import type { AnyActorRef, InspectionEvent } from 'xstate';

vi.mock('../../src/markdown/markdown-chunk', () => ({ Markdown: ({ text }: { text: string }) => <p data-testid="md">{text}</p> }));

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A fixed local time (no zone: the same wall-clock time in every time zone). */
const AT = '2026-03-04T15:07:00';

const chatTab = renderChatTab;

const log = () => screen.getByRole('log', { name: 'Conversation' });
const items = () => within(log()).queryAllByRole('listitem');
const typing = () => screen.queryByRole('status', { name: /is typing$/ });
const sendButton = () => screen.getByRole('button', { name: 'Send message' });

/** A button as the server sends it, through the client's own mapping. */
const wireButton = (b: Record<string, unknown>): ActionButton => {
  const out = toButton(b);
  if (!out) throw new Error('invalid button');
  return out;
};

describe('messages', () => {
  const history = [
    message('user', 'What is a pension?', { createdAt: AT }),
    message('ai', 'A way to save for retirement.', { createdAt: AT }),
  ];

  it('shows each message with its role', async () => {
    await chatTab({ history, appearance: { agentName: 'Ada' } });
    const [user, ai] = items();
    expect(user!.getAttribute('data-role')).toBe('user');
    expect(user!.textContent).toContain('You said:');
    expect(user!.textContent).toContain('What is a pension?');
    expect(ai!.getAttribute('data-role')).toBe('ai');
    expect(ai!.textContent).toContain('Ada said:');
    // AI answers go through the (lazily loaded) markdown renderer
    expect((await within(ai!).findByTestId('md')).textContent).toBe('A way to save for retirement.');
    expect(within(user!).queryByTestId('md')).toBeNull();
  });

  it("shows the 'D Mon, h:mm AM/PM' timestamp", async () => {
    await chatTab({ history });
    const times = log().querySelectorAll('time');
    expect(times).toHaveLength(2);
    expect(times[0]!.textContent).toBe(formatTimestamp(AT));
    expect(times[0]!.textContent).toBe('4 Mar, 3:07 PM');
    expect(times[0]!.getAttribute('datetime')).toBe(AT);
  });

  it('showTimestamps: false hides them', async () => {
    await chatTab({ history, appearance: { showTimestamps: false } });
    expect(items()).toHaveLength(2);
    expect(log().querySelector('time')).toBeNull();
    expect(screen.queryByText('4 Mar, 3:07 PM')).toBeNull();
  });

  it('showAvatars toggles the avatars', async () => {
    const { unmount } = await chatTab({ history, appearance: { showAvatars: true } });
    expect(log().querySelectorAll('[data-part="avatar"]')).toHaveLength(2);
    unmount();
    await chatTab({ history, appearance: { showAvatars: false } });
    expect(items()).toHaveLength(2);
    expect(log().querySelector('[data-part="avatar"]')).toBeNull();
  });

  it('chatFormat sets the data-format attribute', async () => {
    const { unmount } = await chatTab({ history, appearance: { chatFormat: 'compact' } });
    expect(items().map((li) => li.getAttribute('data-format'))).toEqual(['compact', 'compact']);
    unmount();
    await chatTab({ history });
    expect(items().map((li) => li.getAttribute('data-format'))).toEqual(['comfy', 'comfy']);
  });

  it('shows a loading status while the history loads, then an empty prompt', async () => {
    const { fakes } = renderWindow({ tab: 'chat', history: 'manual', appearance: { agentName: 'Ada' } });
    expect(screen.getByText('Loading conversation…')).toBeTruthy();
    await fakes.loadHistory.last().resolve({ messages: [], chatSessionId: null });
    expect(screen.queryByText('Loading conversation…')).toBeNull();
    expect(screen.getByText(/Ask Ada anything about this page\./)).toBeTruthy();
  });

  it('a VIDEO message renders a video with controls, and its script', async () => {
    await chatTab({
      history: [
        message('ai', 'Our fees, explained', {
          type: 'VIDEO',
          videoUrl: 'https://cdn.test/fees.mp4',
          thumbnailUrl: 'https://cdn.test/fees.jpg',
          script: 'Hello, in this video we explain our fees.',
        }),
      ],
    });
    const video = log().querySelector('video')!;
    expect(video).not.toBeNull();
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.getAttribute('src')).toBe('https://cdn.test/fees.mp4');
    expect(video.getAttribute('aria-label')).toBe('Our fees, explained');
    expect(screen.getByText('Video script')).toBeTruthy();
    expect(screen.getByText('Hello, in this video we explain our fees.')).toBeTruthy();
  });
});

describe('sending', () => {
  it('shows the message at once and the typing indicator while sending; the answer replaces it', async () => {
    const { user, fakes, emitted } = await chatTab({ appearance: { agentName: 'Ada' } });
    await user.type(input(), 'Hello');
    await user.keyboard('{Enter}');

    expect(within(log()).getByText('Hello')).toBeTruthy();
    expect(typing()).not.toBeNull();
    expect(typing()!.getAttribute('aria-label')).toBe('Ada is typing');
    expect(input().value).toBe('');

    await fakes.send.last().resolve(reply('Hello', 'Hi! How can I help?'));
    expect(typing()).toBeNull();
    expect((await within(log()).findByTestId('md')).textContent).toBe('Hi! How can I help?');
    expect(items().map((li) => li.getAttribute('data-role'))).toEqual(['user', 'ai']);
    expect(emitted).toContainEqual({ event: 'message', detail: expect.objectContaining({ content: 'Hi! How can I help?' }) });
  });

  it('shows follow-ups and response buttons after the answer, not while typing', async () => {
    const { user, fakes } = await chatTab();
    await user.type(input(), 'Fees?{Enter}');
    expect(screen.queryByRole('group', { name: 'Suggested questions' })).toBeNull();

    await fakes.send.last().resolve(
      reply('Fees?', 'We charge 0.5%.', {
        followUps: [{ id: 'f1', text: 'Are there exit fees?' }],
        responseButtons: [
          wireButton({ id: 'r1', name: 'Fee schedule', buttonType: 'EXTERNAL_LINK', externalUrl: 'https://example.com/fees' }),
          wireButton({ id: 'r2', name: 'Compare plans', buttonType: 'ACTION', actionMessage: 'Compare your plans' }),
        ],
      }),
    );
    const followUps = screen.getByRole('group', { name: 'Suggested questions' });
    expect(within(followUps).getByRole('button', { name: 'Are there exit fees?' })).toBeTruthy();
    const related = screen.getByRole('group', { name: 'Related links' });
    expect(within(related).getByRole('link', { name: 'Fee schedule' })).toBeTruthy();
    expect(within(related).getByRole('button', { name: 'Compare plans' })).toBeTruthy();

    // a new send hides them until its answer
    await user.type(input(), 'More?{Enter}');
    expect(screen.queryByRole('group', { name: 'Suggested questions' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Related links' })).toBeNull();
  });

  it('an EXTERNAL_LINK response button is a link opening a new tab without opener or referrer, and its click is reported', async () => {
    const { user, fakes, client } = await chatTab();
    await user.type(input(), 'Fees?{Enter}');
    await fakes.send.last().resolve(
      reply('Fees?', 'See the schedule.', {
        responseButtons: [
          wireButton({ id: 'r1', name: 'Fee schedule', buttonType: 'EXTERNAL_LINK', externalUrl: 'https://example.com/fees' }),
        ],
      }),
    );
    const link = screen.getByRole('link', { name: 'Fee schedule' });
    expect(link.getAttribute('href')).toBe('https://example.com/fees');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');

    // keep happy-dom from following the link
    const stop = (e: Event) => e.preventDefault();
    document.addEventListener('click', stop, true);
    try {
      await user.click(link);
    } finally {
      document.removeEventListener('click', stop, true);
    }
    expect(client.buttonClick).toHaveBeenCalledWith(expect.objectContaining({ buttonId: 'r1', chatSessionId: 's-new' }));
  });

  it('clicking a follow-up sends it and reports buttonClick', async () => {
    const { user, fakes, client } = await chatTab();
    await user.type(input(), 'Fees?{Enter}');
    await fakes.send
      .last()
      .resolve(reply('Fees?', 'We charge 0.5%.', { chatSessionId: 's9', followUps: [{ id: 'f1', text: 'Are there exit fees?' }] }));

    await user.click(screen.getByRole('button', { name: 'Are there exit fees?' }));
    expect(fakes.send.calls).toHaveLength(2);
    expect(fakes.send.last().input).toEqual({
      id: expect.any(String),
      text: 'Are there exit fees?',
      chatSessionId: 's9',
      answer: expect.anything(),
    });
    expect(client.buttonClick).toHaveBeenCalledWith({
      buttonId: 'f1',
      chatSessionId: 's9',
      userSessionId: 'visitor-1',
      pageUrl: location.href,
      referrerUrl: document.referrer,
    });
    expect(typing()).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Are there exit fees?' })).toBeNull();
  });

  it('a message response button sends its message in the Chat tab 100 ms later', async () => {
    const { user, fakes, client } = await chatTab();
    await user.type(input(), 'Plans?{Enter}');
    await fakes.send.last().resolve(
      reply('Plans?', 'We have two.', {
        responseButtons: [wireButton({ id: 'r2', name: 'Compare plans', actionMessage: 'Compare your plans' })],
      }),
    );
    vi.useFakeTimers();
    screen.getByRole('button', { name: 'Compare plans' }).click();
    expect(client.buttonClick).toHaveBeenCalledWith(expect.objectContaining({ buttonId: 'r2' }));
    await vi.advanceTimersByTimeAsync(99);
    expect(fakes.send.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fakes.send.calls).toHaveLength(2);
    expect(fakes.send.last().input.text).toBe('Compare your plans');
  });

  it("a failed send shows the error text as an error message with 'Try again', and the text comes back into the input", async () => {
    const { user, fakes, emitted } = await chatTab();
    await user.type(input(), 'Hello there{Enter}');
    expect(input().value).toBe('');
    await fakes.send.last().reject(new ApiError('FAILED', 'Failed to get AI response'));

    expect(typing()).toBeNull();
    const error = items().find((li) => li.hasAttribute('data-error'))!;
    expect(error).toBeTruthy();
    expect(error.getAttribute('data-role')).toBe('ai');
    expect(within(error).getByText('Failed to get AI response')).toBeTruthy();
    // the error is plain text, not an answer rendered as markdown
    expect(within(error).queryByTestId('md')).toBeNull();
    expect(input().value).toBe('Hello there');
    expect(emitted.map((e) => e.event)).toContain('error');

    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(fakes.send.calls).toHaveLength(2);
    expect(fakes.send.last().input.text).toBe('Hello there');
    expect(typing()).not.toBeNull();
    expect(items().some((li) => li.hasAttribute('data-error'))).toBe(false);

    await fakes.send.last().resolve(reply('Hello there', 'Hi!'));
    expect((await within(log()).findByTestId('md')).textContent).toBe('Hi!');
  });

  it('a rate limit (429) says how long to wait, and the send button waits that long, then comes back by itself', async () => {
    const { user, fakes, chat, emitted } = await chatTab();
    await user.type(input(), 'Hello{Enter}');
    vi.useFakeTimers();
    await fakes.send.last().reject(new ApiError('RATE_LIMIT_EXCEEDED', 'RATE_LIMIT_EXCEEDED', 429, 17));
    const error = items().find((li) => li.hasAttribute('data-error'))!;
    expect(within(error).getByText('Too many messages. Please wait 17 seconds before sending again.')).toBeTruthy();
    expect(within(error).getByRole('button', { name: 'Try again' })).toBeTruthy();
    // the §8 code stays for the programmatic API's error event
    expect(emitted).toContainEqual({ event: 'error', detail: new Error('RATE_LIMIT_EXCEEDED') });
    // the failed text came back into the composer; it cannot be sent yet
    expect(input().value).toBe('Hello');
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
    await vi.advanceTimersByTimeAsync(16_999);
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(chat.getSnapshot().matches('ready')).toBe(true);
    expect((sendButton() as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('composer', () => {
  it('Enter sends the trimmed message', async () => {
    const { user, fakes } = await chatTab({ chatSessionId: 's1' });
    await user.type(input(), '   How do I start?   ');
    await user.keyboard('{Enter}');
    expect(fakes.send.calls).toHaveLength(1);
    expect(fakes.send.last().input).toEqual({
      id: expect.any(String),
      text: 'How do I start?',
      chatSessionId: 's1',
      answer: expect.anything(),
    });
    expect(within(log()).getByText('How do I start?')).toBeTruthy();
    expect(input().value).toBe('');
  });

  it('Shift+Enter adds a new line and does not send', async () => {
    const { user, fakes } = await chatTab();
    await user.type(input(), 'Line one');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    await user.type(input(), 'Line two');
    expect(fakes.send.calls).toHaveLength(0);
    expect(input().value).toBe('Line one\nLine two');
  });

  it('a blank message is not sent', async () => {
    const { user, fakes } = await chatTab();
    await user.type(input(), '   ');
    await user.keyboard('{Enter}');
    expect(fakes.send.calls).toHaveLength(0);
    expect(items()).toHaveLength(0);
    // still the voice button: blank text is no text
    expect(screen.getByRole('button', { name: 'Voice mode not available' })).toBeTruthy();
  });

  it("the send button is 'Voice mode not available' and disabled with no text and no avatar id, 'Send message' with text", async () => {
    const { user, fakes } = await chatTab();
    const voice = screen.getByRole('button', { name: 'Voice mode not available' });
    expect(voice.getAttribute('title')).toBe('Voice mode not available');
    expect((voice as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Send message' })).toBeNull();

    await user.type(input(), 'Hi');
    expect(screen.queryByRole('button', { name: 'Voice mode not available' })).toBeNull();
    expect((sendButton() as HTMLButtonElement).disabled).toBe(false);

    await user.click(sendButton());
    expect(fakes.send.last().input.text).toBe('Hi');
    // Stop while the answer is on its way, then the voice button again
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
    await fakes.send.last().resolve(reply('Hi', 'Hello'));
    expect(screen.getByRole('button', { name: 'Voice mode not available' })).toBeTruthy();
  });

  it('while an answer is on its way the send button is Stop and Enter does not send again', async () => {
    const { user, fakes } = await chatTab();
    await user.type(input(), 'First{Enter}');
    await user.type(input(), 'Second');
    expect(screen.queryByRole('button', { name: 'Send message' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(fakes.send.calls).toHaveLength(1);
    expect(input().value).toBe('Second');
  });

  it("with an avatar id the empty send button is the (enabled) 'Voice mode' button", async () => {
    await chatTab({ config: { interactiveAvatarId: 'avatar-1' } });
    const voice = screen.getByRole('button', { name: 'Voice mode' });
    expect((voice as HTMLButtonElement).disabled).toBe(false);
  });

  it('uses the placeholder from the appearance, and its default', async () => {
    const { unmount } = await chatTab();
    expect(input().getAttribute('placeholder')).toBe('Type your message...');
    unmount();
    await chatTab({ appearance: { input: { promptPlaceholder: 'Ask me anything' } } });
    expect(input().getAttribute('placeholder')).toBe('Ask me anything');
  });

  it('the input gets focus 300 ms after the Chat tab opens', async () => {
    vi.useFakeTimers();
    const { chat } = renderWindow({ tab: 'chat' });
    await vi.advanceTimersByTimeAsync(0);
    expect(chat.getSnapshot().matches('ready')).toBe(true);
    expect(document.activeElement).not.toBe(input());
    await vi.advanceTimersByTimeAsync(FOCUS_DELAY_MS - 1);
    expect(document.activeElement).not.toBe(input());
    await vi.advanceTimersByTimeAsync(1);
    expect(document.activeElement).toBe(input());
  });
});

describe('page awareness', () => {
  const BANNER = 'Referencing the current page may slow down AI responses.';

  const SHARED = 'The text of this page is sent with your messages, except parts the site marks as private.';

  it('shows the banner when agentPageAwareness is on, saying that the page’s text is sent (issue 15)', async () => {
    await chatTab({ config: { agentPageAwareness: true } });
    expect(screen.getByText(BANNER)).toBeTruthy();
    expect(screen.getByText(SHARED).closest('[data-part="banner"]')).toBe(screen.getByText(BANNER).closest('[data-part="banner"]'));
  });

  it('does not show it when off', async () => {
    await chatTab({ config: { agentPageAwareness: false } });
    expect(screen.queryByText(BANNER)).toBeNull();
    expect(screen.queryByText(SHARED)).toBeNull();
  });

  it('is hidden by its button, with the focus on the input, and stays hidden on the next visit to the site', async () => {
    localStorage.clear();
    const first = await chatTab({ config: { agentPageAwareness: true }, apiKey: 'site-a' });
    await first.user.click(screen.getByRole('button', { name: 'Hide page notice' }));
    expect(screen.queryByText(BANNER)).toBeNull();
    expect(document.activeElement).toBe(input());
    first.unmount();
    await chatTab({ config: { agentPageAwareness: true }, apiKey: 'site-a' });
    expect(screen.queryByText(BANNER)).toBeNull();
    cleanup();
    // another site has its own choice
    await chatTab({ config: { agentPageAwareness: true }, apiKey: 'site-b' });
    expect(screen.getByText(BANNER)).toBeTruthy();
  });

  it('the Settings tab keeps its words and shows it again', async () => {
    localStorage.clear();
    const h = await chatTab({ config: { agentPageAwareness: true }, apiKey: 'site-a' });
    await h.user.click(screen.getByRole('button', { name: 'Hide page notice' }));
    h.windowActor.send({ type: 'TAB.SELECT', tab: 'settings' });
    const note = await screen.findByRole('group', { name: 'Page awareness' });
    expect(note.textContent).toContain(BANNER);
    expect(note.textContent).toContain(SHARED);
    const toggle = within(note).getByRole('button', { name: 'Show page notice' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await h.user.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem('ai_chat_banner_dismissed_site-a')).toBeNull();
    h.windowActor.send({ type: 'TAB.SELECT', tab: 'chat' });
    expect(await screen.findByText(BANNER)).toBeTruthy();
  });

  it('has no note in Settings without page awareness', async () => {
    const h = await chatTab({ config: { agentPageAwareness: false } });
    h.windowActor.send({ type: 'TAB.SELECT', tab: 'settings' });
    await screen.findByRole('region', { name: 'Settings' });
    expect(screen.queryByRole('group', { name: 'Page awareness' })).toBeNull();
  });
});

describe('the inspector (?inspect) sees the widget as one system', () => {
  it("one observer given to the root sees a message go from the composer to the chat, its send actor and the answer, all in the root's system", async () => {
    const inspected: InspectionEvent[] = [];
    const { user, fakes, root, chat } = await renderChatTab({ inspect: (e) => void inspected.push(e) });
    inspected.length = 0;
    await user.type(input(), 'Hello');
    await user.keyboard('{Enter}');
    await fakes.send.last().resolve(reply('Hello', 'Hi! How can I help?'));

    // every actor the sequence touches belongs to the root's system
    expect(new Set(inspected.map((e) => e.rootId))).toEqual(new Set([root.sessionId]));
    const events = inspected.filter((e): e is InspectionEvent & { type: '@xstate.event' } => e.type === '@xstate.event');
    // the composer's submit (Enter) reaches the chat
    const sent = events.findIndex((e) => e.actorRef === chat && e.event.type === 'CHAT.SUBMIT');
    expect(sent).toBeGreaterThanOrEqual(0);
    // the chat starts its send actor (a child of the chat's), whose answer comes back to the chat
    const sender = inspected.find(
      (e) => e.type === '@xstate.actor' && (e.actorRef as AnyActorRef)._parent === chat && (e.actorRef as AnyActorRef).src === 'send',
    );
    expect(sender).toBeTruthy();
    const done = events.findIndex(
      (e) => e.actorRef === chat && e.event.type.startsWith('xstate.done.actor.') && e.sourceRef === sender!.actorRef,
    );
    expect(done).toBeGreaterThan(sent);
    // and the chat's fact about the answer goes to the root
    expect(events.slice(done).some((e) => e.actorRef === root && e.event.type === 'message.received')).toBe(true);
  });
});
