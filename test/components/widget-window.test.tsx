/**
 * The chat window's frame (widget-spec §2 "Header", "Hamburger dropdown", "Footer
 * tabs", "Settings"; §4 "Window"): the agent, expand, the bottom sheet's close
 * button, the navigation menu, the settings button, the footer tabs and the Settings tab.
 */
import { screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { transcriptMailto } from '../../src/view-models/settings';
import { createHarness, renderWindow } from './widget-harness';
import { FOCUS_DELAY_MS } from '../../machines/constants';

vi.mock('../../src/markdown/markdown-chunk', () => ({ Markdown: ({ text }: { text: string }) => <p data-testid="md">{text}</p> }));

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const dialog = () => screen.getByRole('dialog');
const body = () => dialog().querySelector('[data-part="body"]')!;

/** Opens a header menu and waits for its first item to take focus (it does so in an effect). */
async function openMenu(user: { click: (el: Element) => Promise<void> }, name: 'Navigation') {
  await user.click(screen.getByRole('button', { name }));
  const menu = screen.getByRole('menu', { name });
  await vi.waitFor(() => expect(document.activeElement).toBe(within(menu).getAllByRole(/^menuitem/)[0]));
  return menu;
}

describe('header', () => {
  it('shows the agent name as the dialog title, and the description', () => {
    renderWindow({ appearance: { agentName: 'Ada', agentDescription: 'Pensions, explained' } });
    expect(screen.getByRole('dialog', { name: 'Ada' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ada' })).toBeTruthy();
    expect(screen.getByText('Pensions, explained')).toBeTruthy();
  });

  it('uses the spec defaults without appearance overrides', () => {
    renderWindow();
    expect(screen.getByRole('heading', { name: 'AI Agent' })).toBeTruthy();
    expect(screen.getByText('Your helpful AI assistant')).toBeTruthy();
  });

  it('Expand toggles data-expanded; the footer tabs show only when expanded', async () => {
    const { user, windowActor } = renderWindow();
    expect(dialog().hasAttribute('data-expanded')).toBe(false);
    expect(screen.queryByRole('navigation', { name: 'Chat sections' })).toBeNull();

    // the label says what the button does next (no aria-pressed as well, which would contradict it)
    const expand = screen.getByRole('button', { name: 'Expand chat window' });
    expect(expand.hasAttribute('aria-pressed')).toBe(false);
    await user.click(expand);
    expect(dialog().hasAttribute('data-expanded')).toBe(true);
    expect(windowActor.getSnapshot().context.expanded).toBe(true);
    const footer = screen.getByRole('navigation', { name: 'Chat sections' });
    expect(
      within(footer)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Home', 'Chat', 'History', 'Settings']);

    const collapse = screen.getByRole('button', { name: 'Collapse chat window' });
    await user.click(collapse);
    expect(dialog().hasAttribute('data-expanded')).toBe(false);
    expect(screen.queryByRole('navigation', { name: 'Chat sections' })).toBeNull();
  });

  it('the footer tabs switch tabs and mark the current one', async () => {
    const { user, windowActor } = renderWindow();
    await user.click(screen.getByRole('button', { name: 'Expand chat window' }));
    const footer = screen.getByRole('navigation', { name: 'Chat sections' });
    expect(within(footer).getByRole('button', { name: 'Home' }).getAttribute('aria-current')).toBe('page');

    await user.click(within(footer).getByRole('button', { name: 'Settings' }));
    expect(windowActor.getSnapshot().context.tab).toBe('settings');
    expect(body().getAttribute('data-tab')).toBe('settings');
    expect(within(footer).getByRole('button', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');
    expect(within(footer).getByRole('button', { name: 'Home' }).hasAttribute('aria-current')).toBe(false);
  });

  it('on mobile: no expand button, a Close chat button and a resize handle', async () => {
    const { user, windowActor } = renderWindow({ isMobile: true });
    expect(screen.queryByRole('button', { name: 'Expand chat window' })).toBeNull();
    expect(dialog().hasAttribute('data-mobile')).toBe(true);
    expect(screen.getByRole('separator', { name: 'Resize chat' }).getAttribute('aria-valuemin')).toBe('400');

    await user.click(screen.getByRole('button', { name: 'Close chat' }));
    expect(windowActor.getSnapshot().matches('closed')).toBe(true);
  });

  it('on mobile the sheet stays above the on-screen keyboard (visualViewport)', async () => {
    // a 844 px tall phone whose keyboard leaves 500 px of the page visible
    const listeners = new Map<string, () => void>();
    const viewport = {
      height: 844,
      offsetTop: 0,
      addEventListener: (t: string, fn: () => void) => listeners.set(t, fn),
      removeEventListener: (t: string) => listeners.delete(t),
    };
    vi.stubGlobal('visualViewport', viewport);
    vi.stubGlobal('innerHeight', 844);
    const { unmount } = renderWindow({ isMobile: true });
    expect(dialog().style.getPropertyValue('--aiw-keyboard')).toBe('0px');
    viewport.height = 500;
    listeners.get('resize')!();
    expect(dialog().style.getPropertyValue('--aiw-keyboard')).toBe('344px');
    expect(dialog().style.getPropertyValue('--aiw-visible-height')).toBe('500px');
    unmount();
    await vi.waitFor(() => expect(listeners.size).toBe(0));
    vi.unstubAllGlobals();
  });

  it('on desktop there is no Close chat button in the header (the launcher closes)', () => {
    renderWindow();
    expect(screen.queryByRole('button', { name: 'Close chat' })).toBeNull();
    expect(screen.queryByRole('separator')).toBeNull();
  });

  it('Escape in the window closes it', async () => {
    const { user, windowActor } = renderWindow();
    screen.getByRole('button', { name: 'Expand chat window' }).focus();
    await user.keyboard('{Escape}');
    expect(windowActor.getSnapshot().matches('closed')).toBe(true);
  });
});

describe('navigation menu', () => {
  it('lists the four tabs and New chat as menu items, focusing the first', async () => {
    const { user } = renderWindow();
    const button = screen.getByRole('button', { name: 'Navigation' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();

    const menu = await openMenu(user, 'Navigation');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const items = within(menu).getAllByRole(/^menuitem/);
    expect(items.map((i) => i.textContent)).toEqual(['Home', 'Chat', 'History', 'Settings', 'New chat']);
    expect(document.activeElement).toBe(items[0]);
    // the tabs are a radio group with the current one checked; New chat is a plain item
    expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((i) => [i.textContent, i.getAttribute('aria-checked')]),
    ).toEqual([
      ['Home', 'true'],
      ['Chat', 'false'],
      ['History', 'false'],
      ['Settings', 'false'],
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'New chat' })).toBeTruthy();
  });

  it('arrow keys move between items; Escape closes the menu only and returns focus', async () => {
    const { user, windowActor } = renderWindow();
    const button = screen.getByRole('button', { name: 'Navigation' });
    await openMenu(user, 'Navigation');
    const items = screen.getAllByRole(/^menuitem/);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[1]);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toBe(items[4]);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(items[4]);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    // the window stays open
    expect(windowActor.getSnapshot().matches('open')).toBe(true);
  });

  it('Tab out of the menu closes it', async () => {
    const { user } = renderWindow();
    await openMenu(user, 'Navigation');
    await user.tab();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('a click outside closes it', async () => {
    const { user } = renderWindow();
    await user.click(screen.getByRole('button', { name: 'Navigation' }));
    expect(screen.getByRole('menu')).toBeTruthy();
    await user.click(screen.getByRole('heading', { name: 'AI Agent' }));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('choosing a tab switches to it and closes the menu', async () => {
    const { user, windowActor, fakes } = renderWindow({ sessions: [] });
    await user.click(screen.getByRole('button', { name: 'Navigation' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'History' }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(windowActor.getSnapshot().context.tab).toBe('history');
    expect(await screen.findByText('No chat history yet')).toBeTruthy();
    // widget-spec §4: the History tab loads sessions
    expect(fakes.loadSessions.calls).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Navigation' }));
    expect(screen.getByRole('menuitemradio', { name: 'History' }).getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByRole('menuitemradio', { name: 'Chat' }));
    expect(screen.getByRole('region', { name: 'Chat' })).toBeTruthy();
  });

  it('New chat forgets the session, reloads the history and shows the Chat tab', async () => {
    const { user, chat, windowActor, fakes } = renderWindow({
      chatSessionId: 's1',
      history: (id) => (id ? [{ id: 'm1', role: 'user', content: 'Old question', createdAt: '', type: 'TEXT' }] : []),
    });
    await waitFor(chat, (s) => s.matches('ready'));
    expect(fakes.loadHistory.last().input).toEqual({ chatSessionId: 's1' });

    await user.click(screen.getByRole('button', { name: 'Navigation' }));
    await user.click(screen.getByRole('menuitem', { name: 'New chat' }));
    expect(windowActor.getSnapshot().context.tab).toBe('chat');
    expect(fakes.loadHistory.last().input).toEqual({ chatSessionId: null });
    await waitFor(chat, (s) => s.matches('ready'));
    expect(chat.getSnapshot().context.chatSessionId).toBeNull();
    expect(screen.queryByText('Old question')).toBeNull();
  });
});

describe('settings button', () => {
  // the header's settings used to be a menu of the Settings tab's two actions, which repeated the tab and covered
  // it: the button now shows the tab, where both actions are (the assertions on the menu's items moved to the tab)
  it("shows the Settings tab with 'Email me a transcript' and 'Get help', and is current while it shows; no menu repeats them", async () => {
    const { user, windowActor } = renderWindow();
    const button = screen.getByRole('button', { name: 'Settings' });
    expect(button.hasAttribute('aria-haspopup')).toBe(false);
    expect(button.hasAttribute('aria-current')).toBe(false);
    await user.click(button);
    expect(windowActor.getSnapshot().context.tab).toBe('settings');
    expect(screen.queryByRole('menu')).toBeNull();
    const settings = screen.getByRole('region', { name: 'Settings' });
    expect(
      within(settings)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Email me a transcript', 'Get help']);
    expect(button.getAttribute('aria-current')).toBe('page');
    await user.click(screen.getByRole('button', { name: 'Navigation' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Chat' }));
    expect(button.hasAttribute('aria-current')).toBe(false);
  });

  it('from the keyboard: Enter shows the tab, and Tab goes on to its actions', async () => {
    const { user, windowActor } = renderWindow({ isMobile: true });
    screen.getByRole('button', { name: 'Settings' }).focus();
    await user.keyboard('{Enter}');
    expect(windowActor.getSnapshot().context.tab).toBe('settings');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close chat' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Email me a transcript' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Get help' }));
  });

  it("'Get help' opens the reference webpage in a new tab without opener or referrer", async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { user } = renderWindow({ config: { referenceWebpage: 'https://help.example.com/faq' } });
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    await user.click(screen.getByRole('button', { name: 'Get help' }));
    expect(open).toHaveBeenCalledWith('https://help.example.com/faq', '_blank', 'noopener,noreferrer');
  });
});

describe('Settings tab', () => {
  it('has both buttons', () => {
    renderWindow({ tab: 'settings' });
    const settings = screen.getByRole('region', { name: 'Settings' });
    expect(within(settings).getByRole('button', { name: 'Email me a transcript' })).toBeTruthy();
    expect(within(settings).getByRole('button', { name: 'Get help' })).toBeTruthy();
  });

  it("'Get help' with a reference webpage calls window.open with it, '_blank' and 'noopener,noreferrer'", async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { user, fakes, windowActor } = renderWindow({ tab: 'settings', config: { referenceWebpage: 'https://help.example.com/' } });
    await user.click(screen.getByRole('button', { name: 'Get help' }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith('https://help.example.com/', '_blank', 'noopener,noreferrer');
    expect(fakes.send.calls).toHaveLength(0);
    expect(windowActor.getSnapshot().context.tab).toBe('settings');
  });

  it("'Get help' without a usable reference webpage asks the agent in the Chat tab", async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { user, chat, fakes, windowActor } = renderWindow({ tab: 'settings', config: { referenceWebpage: 'javascript:alert(1)' } });
    await waitFor(chat, (s) => s.matches('ready'));
    await user.click(screen.getByRole('button', { name: 'Get help' }));
    expect(open).not.toHaveBeenCalled();
    expect(windowActor.getSnapshot().context.tab).toBe('chat');
    // the one path for a message sent from anywhere: it goes after the ask's delay (widget-spec §4)
    await waitFor(chat, (s) => s.matches('sending'));
    expect(fakes.send.last().input.text).toBe('I need help. How can I get help?');
    expect(await screen.findByRole('status', { name: 'AI Agent is typing' })).toBeTruthy();
  });
});

describe('transcript', () => {
  it('is a mailto: link with the conversation as its body', () => {
    const href = transcriptMailto('Ada', [
      { role: 'user', content: 'Hello?', createdAt: '' },
      { role: 'ai', content: 'Hi!', createdAt: '' },
    ]);
    expect(href.startsWith('mailto:?subject=')).toBe(true);
    const url = new URL(href);
    expect(url.searchParams.get('subject')).toBe('Chat transcript: Ada');
    expect(url.searchParams.get('body')).toBe('You:\nHello?\n\nAda:\nHi!');
  });
});

describe('the focus on open (widget-spec §4, §9; issue 13)', () => {
  const box = () => screen.getByRole('textbox', { name: 'Message AI Agent' });

  it('Home opens with its input focused 300 ms after the window (which holds the focus until then)', async () => {
    vi.useFakeTimers();
    renderWindow();
    await vi.advanceTimersByTimeAsync(0);
    expect(document.activeElement).toBe(dialog());
    await vi.advanceTimersByTimeAsync(FOCUS_DELAY_MS - 1);
    expect(document.activeElement).toBe(dialog());
    await vi.advanceTimersByTimeAsync(1);
    expect(document.activeElement).toBe(box());
  });

  it('does not take the focus back from a control the visitor reached first', async () => {
    vi.useFakeTimers();
    renderWindow();
    await vi.advanceTimersByTimeAsync(0);
    const expand = screen.getByRole('button', { name: 'Expand chat window' });
    expand.focus();
    await vi.advanceTimersByTimeAsync(FOCUS_DELAY_MS);
    expect(document.activeElement).toBe(expand);
  });

  it('opened without the keyboard (a click, the API), the input will not show the focus ring until Tab is pressed', async () => {
    // happy-dom has no :focus-visible heuristic (whatever has the focus matches): as in a browser after a
    // click, the element that has the focus when the window opens shows no ring
    const matches = Element.prototype.matches;
    vi.spyOn(Element.prototype, 'matches').mockImplementation(function (this: Element, selector: string) {
      return selector === ':focus-visible' ? false : matches.call(this, selector);
    });
    const { user } = renderWindow();
    vi.mocked(Element.prototype.matches).mockRestore();
    expect(dialog().hasAttribute('data-pointer')).toBe(true);
    await vi.waitFor(() => expect(document.activeElement).toBe(box()), { timeout: 1000 });
    await user.keyboard('Hello');
    expect(dialog().hasAttribute('data-pointer')).toBe(true);
    await user.tab();
    expect(dialog().hasAttribute('data-pointer')).toBe(false);
    // a pointer again holds it back again
    await user.click(box());
    expect(dialog().hasAttribute('data-pointer')).toBe(true);
  });

  it('opened from the keyboard (the launcher showed its focus ring), the ring shows', () => {
    // the launcher, focused from the keyboard, matches :focus-visible when the window mounts
    const launcher = document.createElement('button');
    document.body.append(launcher);
    launcher.focus();
    expect(launcher.matches(':focus-visible')).toBe(true);
    renderWindow();
    expect(dialog().hasAttribute('data-pointer')).toBe(false);
    launcher.remove();
  });
});

describe("feature chunks that could not load are tried again (issue 13; the Conversation's dictation() and voice())", () => {
  it('dictation: after a rejection the next call imports again, and a success is kept', async () => {
    const options = { dictationFails: true };
    const { conversation, root } = createHarness(options);
    await expect(conversation.dictation()).rejects.toThrow('dictation chunk failed');
    await expect(conversation.dictation()).rejects.toThrow('dictation chunk failed');
    // the chunk can be loaded now (the network is back)
    options.dictationFails = false;
    const loaded = await conversation.dictation();
    expect(loaded.Controls).toBeTruthy();
    // and once loaded, the same promise after
    expect(await conversation.dictation()).toBe(loaded);
    root.stop();
  });

  it('voice mode: every attempt after a rejection imports again', async () => {
    const { conversation, voiceLoads, root } = createHarness();
    await expect(conversation.voice()).rejects.toThrow();
    await expect(conversation.voice()).rejects.toThrow();
    expect(voiceLoads.count).toBe(2);
    root.stop();
  });
});
