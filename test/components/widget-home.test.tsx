/**
 * The Home tab (widget-spec §2 "Home", §4 "Ask question" action messages): title and
 * description from the appearance, the page's action buttons, and its home video
 * with the script.
 */
import { screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import type { ActionButton } from '../../machines/chat';
import { message, renderWindow } from './widget-harness';
import { ACTION_MESSAGE_DELAY_MS } from '../../machines/constants';

vi.mock('../../src/markdown/markdown-chunk', () => ({ Markdown: ({ text }: { text: string }) => <p data-testid="md">{text}</p> }));

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const BUTTONS: Record<string, ActionButton[]> = {
  '/p': [
    { id: 'b1', name: 'Check my eligibility', kind: 'message', message: 'Am I eligible?' },
    { id: 'b2', name: 'Read the guide', kind: 'link', url: 'https://example.com/guide' },
  ],
  '/other': [{ id: 'b3', name: 'Other page action', kind: 'message', message: 'Tell me about the other page' }],
};

const actions = () => screen.queryByRole('group', { name: 'Suggested actions' });

describe('Home tab', () => {
  it('shows the title and description from the appearance', () => {
    renderWindow({ appearance: { home: { title: 'Hello, saver!', description: 'Ask about your pension.' } } });
    expect(screen.getByRole('heading', { name: 'Hello, saver!' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Hello, saver!' })).toBeTruthy();
    expect(screen.getByText('Ask about your pension.')).toBeTruthy();
  });

  it("defaults to 'Welcome back!'", () => {
    renderWindow();
    expect(screen.getByRole('heading', { name: 'Welcome back!' })).toBeTruthy();
  });

  it('shows the action buttons from the client for the current path, and refreshes them on a path change', async () => {
    const { client, windowActor } = renderWindow({ actionButtons: (path) => BUTTONS[path] ?? [] });
    expect(client.actionButtons).toHaveBeenCalledWith('/p');
    const group = await screen.findByRole('group', { name: 'Suggested actions' });
    expect(within(group).getByRole('button', { name: 'Check my eligibility' })).toBeTruthy();
    const link = within(group).getByRole('link', { name: 'Read the guide' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');

    windowActor.send({ type: 'PATH.CHANGED', path: '/other' });
    expect(await screen.findByRole('button', { name: 'Other page action' })).toBeTruthy();
    expect(client.actionButtons).toHaveBeenLastCalledWith('/other');
    expect(screen.queryByRole('button', { name: 'Check my eligibility' })).toBeNull();
  });

  it('shows no action group when the page has none', async () => {
    const { client } = renderWindow();
    await vi.waitFor(() => expect(client.actionButtons).toHaveBeenCalled());
    expect(actions()).toBeNull();
  });

  it('a message action button switches to the Chat tab and sends its message 100 ms later', async () => {
    vi.useFakeTimers();
    const { user, fakes, client, windowActor, chat } = renderWindow({ actionButtons: (path) => BUTTONS[path] ?? [], fakeTimers: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(chat.getSnapshot().matches('ready')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Check my eligibility' }));
    expect(windowActor.getSnapshot().context.tab).toBe('chat');
    expect(screen.getByRole('region', { name: 'Chat' })).toBeTruthy();
    expect(client.buttonClick).toHaveBeenCalledWith(
      expect.objectContaining({ buttonId: 'b1', userSessionId: 'visitor-1', chatSessionId: null }),
    );
    expect(fakes.send.calls).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(ACTION_MESSAGE_DELAY_MS - 1);
    expect(fakes.send.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fakes.send.calls).toHaveLength(1);
    expect(fakes.send.last().input).toEqual({
      id: expect.any(String),
      text: 'Am I eligible?',
      chatSessionId: null,
      answer: expect.anything(),
    });
    expect(within(screen.getByRole('log')).getByText('Am I eligible?')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'AI Agent is typing' })).toBeTruthy();
  });

  it('shows the home video (a POINT_OF_PRESENCE VIDEO message) with controls and its script', async () => {
    const { chat } = renderWindow({
      history: [
        message('ai', 'Welcome video', {
          id: 'v1',
          type: 'VIDEO',
          source: 'POINT_OF_PRESENCE',
          videoUrl: 'https://cdn.test/welcome.mp4',
          thumbnailUrl: 'https://cdn.test/welcome.jpg',
          script: 'Welcome to our pensions page.',
          triggerEventUrl: '/p',
          showOnVisit: true,
        }),
      ],
    });
    await waitFor(chat, (s) => s.matches('ready'));
    const home = screen.getByRole('region', { name: 'Welcome back!' });
    const video = await vi.waitFor(() => {
      const v = home.querySelector('video');
      if (!v) throw new Error('no video yet');
      return v;
    });
    expect(video.getAttribute('src')).toBe('https://cdn.test/welcome.mp4');
    expect(video.getAttribute('poster')).toBe('https://cdn.test/welcome.jpg');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(within(home).getByText('Video script')).toBeTruthy();
    expect(within(home).getByText('Welcome to our pensions page.')).toBeTruthy();
  });

  it('does not show a video that is not a point-of-presence video', async () => {
    const { chat } = renderWindow({
      history: [
        message('ai', 'Some video', { type: 'VIDEO', source: 'CHAT', videoUrl: 'https://cdn.test/other.mp4' }),
        message('user', 'Hello'),
      ],
    });
    await waitFor(chat, (s) => s.matches('ready'));
    expect(screen.getByRole('region', { name: 'Welcome back!' }).querySelector('video')).toBeNull();
  });

  it('entering the Home tab reloads the history (refreshes the home video)', async () => {
    const { user, fakes, chat } = renderWindow({ tab: 'chat' });
    await waitFor(chat, (s) => s.matches('ready'));
    const before = fakes.loadHistory.calls.length;
    await user.click(screen.getByRole('button', { name: 'Navigation' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Home' }));
    expect(fakes.loadHistory.calls.length).toBe(before + 1);
  });

  it('shows the page-awareness banner only when agentPageAwareness is on', () => {
    const { unmount } = renderWindow({ config: { agentPageAwareness: true } });
    expect(screen.getByText('Referencing the current page may slow down AI responses.')).toBeTruthy();
    unmount();
    renderWindow({ config: { agentPageAwareness: false } });
    expect(screen.queryByText('Referencing the current page may slow down AI responses.')).toBeNull();
  });

  it('hides the banner from its button, for Home and Chat alike, with the focus on Home’s input', async () => {
    const { user, windowActor } = renderWindow({ config: { agentPageAwareness: true } });
    await user.click(screen.getByRole('button', { name: 'Hide page notice' }));
    expect(screen.queryByText('Referencing the current page may slow down AI responses.')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message AI Agent' }));
    windowActor.send({ type: 'TAB.SELECT', tab: 'chat' });
    await screen.findByRole('region', { name: 'Chat' });
    expect(screen.queryByText('Referencing the current page may slow down AI responses.')).toBeNull();
  });
});

describe('Home tab: a composer, so a visitor types at once (issue 13)', () => {
  const box = () => screen.getByRole('textbox', { name: 'Message AI Agent' }) as HTMLTextAreaElement;
  const sendButton = () => screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement;

  it("has a text box with the placeholder and the Chat tab's button: with nothing typed no send (widget-spec §4: voice mode, here not available)", async () => {
    const { user, chat } = renderWindow({ appearance: { input: { promptPlaceholder: 'Ask me anything' } } });
    await waitFor(chat, (s) => s.matches('ready'));
    const home = screen.getByRole('region', { name: 'Welcome back!' });
    expect(home).toBeTruthy();
    expect(box().placeholder).toBe('Ask me anything');
    expect(screen.queryByRole('button', { name: 'Send message' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Voice mode not available' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(box(), 'x');
    expect(sendButton().disabled).toBe(false);
  });

  it('Enter sends the text and shows it in the Chat tab, where the answer comes', async () => {
    const { user, chat, fakes, windowActor } = renderWindow();
    await waitFor(chat, (s) => s.matches('ready'));
    await user.type(box(), 'What are the fees?');
    expect(sendButton().disabled).toBe(false);
    await user.keyboard('{Enter}');
    expect(windowActor.getSnapshot().context.tab).toBe('chat');
    expect(fakes.send.last().input).toEqual({
      id: expect.any(String),
      text: 'What are the fees?',
      chatSessionId: null,
      answer: expect.anything(),
    });
    expect(chat.getSnapshot().context.draft).toBe('');
    expect(screen.getByRole('region', { name: 'Chat' })).toBeTruthy();
    expect(within(screen.getByRole('log')).getByText('What are the fees?')).toBeTruthy();
  });

  it('the send button sends too', async () => {
    const { user, chat, fakes, windowActor } = renderWindow();
    await waitFor(chat, (s) => s.matches('ready'));
    await user.type(box(), 'Hello');
    await user.click(sendButton());
    expect(fakes.send.last().input.text).toBe('Hello');
    expect(windowActor.getSnapshot().context.tab).toBe('chat');
  });

  it('Enter with nothing typed (or blanks) stays on Home and sends nothing; Shift+Enter adds a line', async () => {
    const { user, chat, fakes, windowActor } = renderWindow();
    await waitFor(chat, (s) => s.matches('ready'));
    await user.type(box(), '   {Enter}');
    expect(windowActor.getSnapshot().context.tab).toBe('home');
    expect(fakes.send.calls).toHaveLength(0);
    await user.clear(box());
    await user.type(box(), 'one{Shift>}{Enter}{/Shift}two');
    expect(box().value).toBe('one\ntwo');
    expect(fakes.send.calls).toHaveLength(0);
  });

  it("is the Chat tab's draft: what is typed on Home is there in the Chat tab", async () => {
    const { user, chat, windowActor } = renderWindow();
    await waitFor(chat, (s) => s.matches('ready'));
    await user.type(box(), 'Half a question');
    windowActor.send({ type: 'TAB.SELECT', tab: 'chat' });
    expect(((await screen.findByRole('textbox', { name: 'Message AI Agent' })) as HTMLTextAreaElement).value).toBe('Half a question');
  });

  it('a text sent while the history still loads is kept and goes once it is in (the Chat tab shows it waiting)', async () => {
    const { user, chat, fakes, windowActor } = renderWindow({ history: 'manual' });
    await user.type(box(), 'Early question{Enter}');
    expect(windowActor.getSnapshot().context.tab).toBe('chat');
    expect(fakes.send.calls).toHaveLength(0);
    await fakes.loadHistory.last().resolve({ messages: [], chatSessionId: null });
    await waitFor(chat, (s) => s.matches('sending'));
    expect(fakes.send.last().input.text).toBe('Early question');
  });
});

describe('Home tab: the ongoing conversation', () => {
  const ongoing = () => screen.queryByRole('group', { name: 'Conversation' });

  it('a new visitor (no session) sees no conversation block, the page video being no conversation', async () => {
    const { chat } = renderWindow({
      history: [message('ai', 'Welcome video', { type: 'VIDEO', source: 'POINT_OF_PRESENCE', videoUrl: 'https://cdn.test/w.mp4' })],
    });
    await waitFor(chat, (s) => s.matches('ready'));
    expect(ongoing()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });

  it('after the history loads, the last message (sanitised as in the Chat tab) and Continue to the Chat tab with the focus in its input', async () => {
    const { user, chat, windowActor } = renderWindow({
      chatSessionId: 's-1',
      history: [message('user', 'What are the fees?'), message('ai', 'The fee is 1%. <img src=x onerror="alert(1)">')],
    });
    await waitFor(chat, (s) => s.matches('ready'));
    const block = (await screen.findByRole('group', { name: 'Conversation' })) as HTMLElement;
    // the answer goes through the Chat tab's message (here its markdown renderer's stand-in, as text)
    expect(within(block).getByText('The fee is 1%. <img src=x onerror="alert(1)">')).toBeTruthy();
    expect(within(block).queryByText('What are the fees?')).toBeNull();
    expect(block.querySelector('img')).toBeNull();
    await user.click(within(block).getByRole('button', { name: 'Continue' }));
    expect(windowActor.getSnapshot().context.tab).toBe('chat');
    const log = screen.getByRole('log');
    expect(within(log).getByText('What are the fees?')).toBeTruthy();
    const box = screen.getByRole('textbox', { name: 'Message AI Agent' });
    await vi.waitFor(() => expect((box.getRootNode() as Document).activeElement).toBe(box));
  });

  it("Home's composer is the Chat tab's, with the dictate button (dictation loads on its click)", async () => {
    const { user, chat } = renderWindow();
    await waitFor(chat, (s) => s.matches('ready'));
    const home = screen.getByRole('region', { name: 'Welcome back!' }).parentElement as HTMLElement;
    await user.click(within(home).getByRole('button', { name: 'Dictate' }));
    expect(await screen.findByRole('button', { name: 'Cancel dictation' })).toBeTruthy();
  });
});
