/**
 * The History tab (widget-spec §2 "History", §4 "Renaming a session", §5, §8
 * "Rename failure"): the empty state, the items with name, time, count and the
 * current-session badge, opening a session, New Chat, and inline rename.
 */
import { act, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { ApiError } from '../../src/api/client';
import { formatTimestamp } from '../../src/format';
import { flush, message, renderWindow, session, type HarnessOptions } from './widget-harness';
import { RENAME_ERROR_HINT_MS } from '../../machines/constants';

vi.mock('../../src/markdown/markdown-chunk', () => ({ Markdown: ({ text }: { text: string }) => <p data-testid="md">{text}</p> }));

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const AT = '2026-03-04T15:07:00';
const SESSIONS = [session('s1', 'Pension questions', 3, AT), session('s2', null, 1, AT), session('s3', 'Fees', 12, '')];

/** The History tab with its sessions loaded. */
async function historyTab(options: HarnessOptions = {}) {
  const h = renderWindow({ tab: 'history', sessions: SESSIONS, ...options });
  await screen.findByRole('list');
  return h;
}

const list = () => screen.getByRole('list');
const item = (name: string) =>
  screen.getAllByRole('listitem').find((li) => li.querySelector('[data-part="history-name"]')?.textContent === name)!;
const openItem = (name: string) => within(item(name)).getByRole('button', { name: new RegExp(`^${name}`) });
const nameInput = () => screen.getByRole('textbox', { name: 'Chat name' }) as HTMLInputElement;

/** Clicks 'Rename {name}' and waits for the inline input to take focus (it does so in an effect). */
async function startRename(user: { click: (el: Element) => Promise<void> }, name: string) {
  await user.click(screen.getByRole('button', { name: `Rename ${name}` }));
  await vi.waitFor(() => expect(document.activeElement).toBe(nameInput()));
  return nameInput();
}

describe('History tab', () => {
  it('shows the empty state', async () => {
    const { fakes } = renderWindow({ tab: 'history', sessions: [] });
    expect(await screen.findByText('No chat history yet')).toBeTruthy();
    expect(screen.getByText('Start a conversation to see your chat sessions here')).toBeTruthy();
    expect(fakes.loadSessions.calls).toHaveLength(1);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows a loading status while the sessions load', async () => {
    const { fakes } = renderWindow({ tab: 'history', sessions: 'manual' });
    expect(screen.getByRole('status').textContent).toBe('Loading chats…');
    await fakes.loadSessions.last().resolve([session('s1', 'First')]);
    expect(screen.queryByText('Loading chats…')).toBeNull();
    expect(screen.getByText('First')).toBeTruthy();
  });

  it("shows each session's name ('Unnamed Chat' for none), last message time and 'N message(s)'", async () => {
    await historyTab();
    const names = [...list().querySelectorAll('[data-part="history-name"]')].map((n) => n.textContent);
    expect(names).toEqual(['Pension questions', 'Unnamed Chat', 'Fees']);
    expect(within(item('Pension questions')).getByText(`${formatTimestamp(AT)} · 3 messages`)).toBeTruthy();
    expect(within(item('Unnamed Chat')).getByText(/· 1 message$/)).toBeTruthy();
    expect(within(item('Fees')).getByText(/12 messages$/)).toBeTruthy();
    expect(within(item('Pension questions')).getByRole('button', { name: 'Rename Pension questions' })).toBeTruthy();
    expect(within(item('Unnamed Chat')).getByRole('button', { name: 'Rename Unnamed Chat' })).toBeTruthy();
  });

  it("marks the chat's current session with the 'current session' badge", async () => {
    const { chat } = await historyTab({ chatSessionId: 's3' });
    await waitFor(chat, (s) => s.matches('ready'));
    expect(within(item('Fees')).getByText('current session')).toBeTruthy();
    expect(openItem('Fees').getAttribute('aria-current')).toBe('true');
    expect(item('Fees').hasAttribute('data-current')).toBe(true);
    expect(screen.getAllByText('current session')).toHaveLength(1);
    expect(openItem('Pension questions').hasAttribute('aria-current')).toBe(false);
  });

  it('selecting a session loads it and switches to the Chat tab', async () => {
    const { user, fakes, windowActor, chat } = await historyTab({
      chatSessionId: 's3',
      history: (id) => (id === 's1' ? [message('user', 'Can I retire at 55?'), message('ai', 'Usually from 57.')] : []),
    });
    await waitFor(chat, (s) => s.matches('ready'));
    await user.click(openItem('Pension questions'));

    expect(fakes.loadHistory.last().input).toEqual({ chatSessionId: 's1' });
    expect(windowActor.getSnapshot().context.tab).toBe('chat');
    expect(await screen.findByText('Can I retire at 55?')).toBeTruthy();
    expect(chat.getSnapshot().context.chatSessionId).toBe('s1');

    // back in History, the badge has moved
    await user.click(screen.getByRole('button', { name: 'Navigation' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'History' }));
    await screen.findByRole('list');
    expect(within(item('Pension questions')).getByText('current session')).toBeTruthy();
    expect(within(item('Fees')).queryByText('current session')).toBeNull();
  });

  it('New Chat clears the session and shows the Chat tab', async () => {
    const { user, fakes, windowActor, chat } = await historyTab({
      chatSessionId: 's1',
      history: (id) => (id ? [message('user', 'Old question')] : []),
    });
    await waitFor(chat, (s) => s.matches('ready'));
    expect(chat.getSnapshot().context.messages).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'New Chat' }));
    expect(windowActor.getSnapshot().context.tab).toBe('chat');
    expect(fakes.loadHistory.last().input).toEqual({ chatSessionId: null });
    await waitFor(chat, (s) => s.matches('ready'));
    expect(chat.getSnapshot().context.chatSessionId).toBeNull();
    expect(screen.queryByText('Old question')).toBeNull();
  });
});

describe('renaming a session', () => {
  it('opens an inline input with the name, focused; Enter saves the trimmed name, showing Updating... while pending', async () => {
    const { user, fakes } = await historyTab();
    await startRename(user, 'Pension questions');
    expect(nameInput().value).toBe('Pension questions');
    // the whole name is selected, ready to be replaced
    expect([nameInput().selectionStart, nameInput().selectionEnd]).toEqual([0, 'Pension questions'.length]);

    await user.clear(nameInput());
    await user.type(nameInput(), '  Retirement plans  ');
    await user.keyboard('{Enter}');

    expect(fakes.renameSession.calls).toHaveLength(1);
    expect(fakes.renameSession.last().input).toEqual({ id: 's1', name: 'Retirement plans' });
    // the input is gone; the focus is on the item (it reads 'Updating...' while saving)
    await vi.waitFor(() => expect((document.activeElement as HTMLElement).dataset.part).toBe('history-open'));
    expect(screen.queryByRole('textbox', { name: 'Chat name' })).toBeNull();
    expect(screen.getByText('Updating...')).toBeTruthy();
    // no rename button while saving
    expect(screen.queryByRole('button', { name: /^Rename (Pension questions|Retirement plans)$/ })).toBeNull();

    await fakes.renameSession.last().resolve({ id: 's1', name: 'Retirement plans' });
    expect(screen.queryByText('Updating...')).toBeNull();
    expect(item('Retirement plans')).toBeTruthy();
    expect(screen.queryByText('Pension questions')).toBeNull();
    expect(screen.getByRole('button', { name: 'Rename Retirement plans' })).toBeTruthy();
  });

  it('Escape cancels without saving, and does not close the window', async () => {
    const { user, fakes, windowActor } = await historyTab();
    await startRename(user, 'Fees');
    await user.clear(nameInput());
    await user.type(nameInput(), 'Something else');
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('textbox', { name: 'Chat name' })).toBeNull();
    expect(item('Fees')).toBeTruthy();
    expect(screen.queryByText('Something else')).toBeNull();
    expect(fakes.renameSession.calls).toHaveLength(0);
    expect(windowActor.getSnapshot().matches('open')).toBe(true);
    // the focus comes back to the item instead of being lost with the input
    await vi.waitFor(() => expect(document.activeElement).toBe(item('Fees').querySelector('[data-part="history-open"]')));
  });

  it('blur saves', async () => {
    const { user, fakes } = await historyTab();
    await startRename(user, 'Fees');
    await user.clear(nameInput());
    await user.type(nameInput(), 'Charges');
    await user.click(screen.getByRole('heading', { name: 'AI Agent' }));

    expect(fakes.renameSession.calls).toHaveLength(1);
    expect(fakes.renameSession.last().input).toEqual({ id: 's3', name: 'Charges' });
    expect(screen.getByText('Updating...')).toBeTruthy();
    await fakes.renameSession.last().resolve({ id: 's3', name: 'Charges' });
    expect(item('Charges')).toBeTruthy();
  });

  it('an empty name cancels without calling the service', async () => {
    const { user, fakes } = await historyTab();
    await startRename(user, 'Fees');
    await user.clear(nameInput());
    await user.type(nameInput(), '   ');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('textbox', { name: 'Chat name' })).toBeNull();
    expect(fakes.renameSession.calls).toHaveLength(0);
    expect(item('Fees')).toBeTruthy();
  });

  it('an unchanged name (after trimming) cancels without calling the service', async () => {
    const { user, fakes } = await historyTab();
    await startRename(user, 'Fees');
    await user.type(nameInput(), '  ', { initialSelectionStart: 4, initialSelectionEnd: 4 });
    expect(nameInput().value).toBe('Fees  ');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('textbox', { name: 'Chat name' })).toBeNull();
    expect(fakes.renameSession.calls).toHaveLength(0);

    // and on blur
    await startRename(user, 'Fees');
    await user.click(screen.getByRole('heading', { name: 'AI Agent' }));
    expect(screen.queryByRole('textbox', { name: 'Chat name' })).toBeNull();
    expect(fakes.renameSession.calls).toHaveLength(0);
  });

  it('a session without a name can be named', async () => {
    const { user, fakes } = await historyTab();
    await startRename(user, 'Unnamed Chat');
    expect(nameInput().value).toBe('');
    await user.type(nameInput(), 'Named now{Enter}');
    expect(fakes.renameSession.last().input).toEqual({ id: 's2', name: 'Named now' });
  });

  it("a rejected rename shows 'Failed to update name' for 3 s and keeps the old name", async () => {
    vi.useFakeTimers();
    const { user, fakes } = renderWindow({ tab: 'history', sessions: SESSIONS, fakeTimers: true });
    await vi.advanceTimersByTimeAsync(0);
    await startRename(user, 'Pension questions');
    await user.clear(nameInput());
    await user.type(nameInput(), 'New name{Enter}');
    expect(screen.getByText('Updating...')).toBeTruthy();

    await fakes.renameSession.last().reject(new ApiError('FAILED', 'Failed to update chat session name'));
    const alert = within(item('Pension questions')).getByRole('alert');
    expect(alert.textContent).toBe('Failed to update name');
    expect(screen.queryByText('New name')).toBeNull();
    expect(screen.queryByText('Updating...')).toBeNull();

    await vi.advanceTimersByTimeAsync(RENAME_ERROR_HINT_MS - 1);
    expect(screen.getByText('Failed to update name')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(1);
    expect(screen.queryByText('Failed to update name')).toBeNull();
    expect(item('Pension questions')).toBeTruthy();
  });
});

describe('History tab: a list that could not load (issue 13)', () => {
  const retry = () => screen.getByRole('button', { name: 'Retry' });

  it.each([
    ['the server is down (NETWORK)', new ApiError('NETWORK', 'Failed to load chat sessions')],
    ['the server fails (500)', new ApiError('FAILED', 'Failed to load chat sessions', 500)],
  ])("%s: 'Failed to load chat sessions' with Retry, never the empty state", async (_why, error) => {
    const { fakes } = renderWindow({ tab: 'history', sessions: 'manual' });
    await fakes.loadSessions.last().reject(error);
    expect(screen.getByRole('alert').textContent).toBe('Failed to load chat sessions');
    expect(retry()).toBeTruthy();
    expect(screen.queryByText('No chat history yet')).toBeNull();
    expect(screen.queryByText('Loading chats…')).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
    // New Chat is still there
    expect(screen.getByRole('button', { name: 'New Chat' })).toBeTruthy();
  });

  it('Retry loads again (the button keeps the focus while it loads) and shows the list', async () => {
    const { user, fakes } = renderWindow({ tab: 'history', sessions: 'manual' });
    await fakes.loadSessions.last().reject(new ApiError('NETWORK', 'Failed to load chat sessions'));
    await user.click(retry());
    expect(fakes.loadSessions.calls).toHaveLength(2);
    expect(screen.getByRole('status').textContent).toBe('Loading chats…');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(retry());
    // a second click while it loads asks for nothing more
    await user.click(retry());
    expect(fakes.loadSessions.calls).toHaveLength(2);

    await fakes.loadSessions.last().resolve(SESSIONS);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(list()).getAllByRole('listitem')).toHaveLength(3);
  });

  it('loads again by itself when the server answers again (network.back), and shows the list', async () => {
    const { fakes, network } = renderWindow({ tab: 'history', sessions: 'manual' });
    await fakes.loadSessions.last().reject(new ApiError('NETWORK', 'Failed to load chat sessions'));
    await act(async () => {
      network.send({ type: 'NETWORK.LOST' });
      network.send({ type: 'NETWORK.BACK' });
    });
    expect(fakes.loadSessions.calls).toHaveLength(2);
    await fakes.loadSessions.last().resolve(SESSIONS);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(list()).getAllByRole('listitem')).toHaveLength(3);
  });

  it('a Retry that fails again shows the failure again, with the focus still on Retry', async () => {
    const { user, fakes } = renderWindow({ tab: 'history', sessions: 'manual' });
    await fakes.loadSessions.last().reject(new ApiError('NETWORK', 'Failed to load chat sessions'));
    await user.click(retry());
    const button = retry();
    await fakes.loadSessions.last().reject(new ApiError('NETWORK', 'Failed to load chat sessions'));
    expect(screen.getByRole('alert').textContent).toBe('Failed to load chat sessions');
    expect(retry()).toBe(button);
    expect(document.activeElement).toBe(button);
  });

  it("Retry that finds no sessions shows 'No chat history yet' (the server said so)", async () => {
    const { user, fakes } = renderWindow({ tab: 'history', sessions: 'manual' });
    await fakes.loadSessions.last().reject(new ApiError('NETWORK', 'Failed to load chat sessions'));
    await user.click(retry());
    await fakes.loadSessions.last().resolve([]);
    expect(screen.getByText('No chat history yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('a reload that fails keeps the sessions shown before, with the failure and Retry above them', async () => {
    const { user, fakes, windowActor } = renderWindow({ tab: 'history', sessions: 'manual' });
    await fakes.loadSessions.last().resolve(SESSIONS);
    // leaving and entering History loads it again (widget-spec §4)
    windowActor.send({ type: 'TAB.SELECT', tab: 'home' });
    windowActor.send({ type: 'TAB.SELECT', tab: 'history' });
    await flush();
    expect(fakes.loadSessions.calls).toHaveLength(2);
    await fakes.loadSessions.last().reject(new ApiError('NETWORK', 'Failed to load chat sessions'));
    expect(screen.getByRole('alert').textContent).toBe('Failed to load chat sessions');
    expect(within(list()).getAllByRole('listitem')).toHaveLength(3);
    // the sessions still work: one opens
    await user.click(openItem('Fees'));
    expect(windowActor.getSnapshot().context.tab).toBe('chat');
  });

  it('the History tab shows the loading status, not the empty state, before its first load has answered', () => {
    renderWindow({ tab: 'history', sessions: 'manual' });
    expect(screen.getByRole('status').textContent).toBe('Loading chats…');
    expect(screen.queryByText('No chat history yet')).toBeNull();
  });
});
