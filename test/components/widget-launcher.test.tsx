/**
 * The launcher, the proactive bubble and the window placeholder (widget-spec §2
 * "Widget parts", §4 "Window", §8 appearance errors), rendered by `App` over a real
 * widget machine.
 */
import { act, screen, within } from '@testing-library/preact';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { flush, renderApp, stubResizeObserver } from './widget-harness';

vi.mock('../../src/markdown/markdown-chunk', () => ({ Markdown: ({ text }: { text: string }) => <p data-testid="md">{text}</p> }));

/** A DOMRect. */
const box = (left: number, top: number, width: number, height: number) =>
  ({ left, top, width, height, right: left + width, bottom: top + height, x: left, y: top, toJSON: () => ({}) }) as DOMRect;

/** The page's hit-testing (happy-dom's finds nothing): `control` is found at the points of its box, while it is on the page. */
function hitTests(control: Element) {
  const spy = vi.spyOn(document, 'elementFromPoint').mockImplementation((x, y) => {
    const r = control.getBoundingClientRect();
    return control.isConnected && r.left <= x && x < r.right && r.top <= y && y < r.bottom ? control : document.body;
  });
  onTestFinished(() => spy.mockRestore());
}

/** The next animation frame (the bubble's checks run in one), then what the machines and Preact do after it. */
async function frame() {
  await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
  await flush();
}

const openButton = (name = 'AI Agent') => screen.getByRole('button', { name: `Open chat with ${name}` });
/** The launcher while the window is open (the placeholder has its own 'Close chat' button). */
const closeLauncher = () => screen.getByRole('button', { name: 'Close chat', expanded: true });

describe('launcher', () => {
  it("is named 'Open chat with {agentName}', collapsed, and toggles the window", async () => {
    const { user, windowActor, rt } = renderApp({ appearance: { agentName: 'Ada' } });
    const button = openButton('Ada');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(button);
    expect(windowActor.getSnapshot().matches('open')).toBe(true);
    expect(closeLauncher().getAttribute('aria-expanded')).toBe('true');
    expect(rt.conversation).toHaveBeenCalled();

    await user.click(closeLauncher());
    expect(windowActor.getSnapshot().matches('closed')).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(openButton('Ada').getAttribute('aria-expanded')).toBe('false');

    // Escape on the launcher of an open window closes it; on a closed one it does nothing
    await user.click(openButton('Ada'));
    closeLauncher().focus();
    await user.keyboard('{Escape}');
    expect(windowActor.getSnapshot().matches('closed')).toBe(true);
    await user.keyboard('{Escape}');
    expect(windowActor.getSnapshot().matches('closed')).toBe(true);
  });

  it('opens the window at once, starting the conversation on the first opening only', async () => {
    const { user, rt } = renderApp({ appearance: { agentName: 'Ada' } });
    expect(rt.conversation).not.toHaveBeenCalled();
    await user.click(openButton('Ada'));
    const window = screen.getByRole('dialog', { name: 'Ada' });
    expect(within(window).queryByText('Loading…')).toBeNull();
    expect(within(window).getByRole('heading', { name: 'Ada' })).toBeTruthy();
    await user.click(closeLauncher());
    await user.click(openButton('Ada'));
    expect(screen.getByRole('dialog', { name: 'Ada' })).toBeTruthy();
    expect(new Set(vi.mocked(rt.conversation).mock.results.map((r) => r.value)).size).toBe(1);
  });

  it('moves the focus into the window on open, and back to the launcher when Escape closes it', async () => {
    const { user } = renderApp({ appearance: { agentName: 'Ada' } });
    openButton('Ada').focus();
    await user.keyboard('{Enter}');
    const window = await screen.findByRole('dialog', { name: 'Ada' });
    await vi.waitFor(() => expect(window.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(openButton('Ada'));
  });

  it("the close button of the window that shows the settings' error closes it", async () => {
    const { user, windowActor, rt } = renderApp({ loadError: 'FAILED' });
    await user.click(openButton());
    expect(rt.conversation).not.toHaveBeenCalled();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close chat' }));
    expect(windowActor.getSnapshot().matches('closed')).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the live dot only with showLiveStatus, and not while open', async () => {
    const { user, unmount } = renderApp({ appearance: { launcher: { showLiveStatus: true } } });
    expect(openButton().querySelector('[data-part="live-dot"]')).not.toBeNull();
    await user.click(openButton());
    expect(closeLauncher().querySelector('[data-part="live-dot"]')).toBeNull();
    unmount();

    renderApp({ appearance: { launcher: { showLiveStatus: false } } });
    expect(openButton().querySelector('[data-part="live-dot"]')).toBeNull();
  });

  it('is aligned by the appearance (data-align)', () => {
    const { container, unmount } = renderApp({ appearance: { launcher: { alignment: 'left' } } });
    expect(container.querySelector('[data-part="frame"]')?.getAttribute('data-align')).toBe('left');
    unmount();
    const right = renderApp();
    expect(right.container.querySelector('[data-part="frame"]')?.getAttribute('data-align')).toBe('right');
  });

  it('marks the pulse and glow effects', async () => {
    const { user } = renderApp({ appearance: { launcher: { pulseAnimation: true, glowEffect: true } } });
    expect(openButton().hasAttribute('data-pulse')).toBe(true);
    expect(openButton().hasAttribute('data-glow')).toBe(true);
    await user.click(openButton());
    // no pulse over an open window
    expect(closeLauncher().hasAttribute('data-pulse')).toBe(false);
  });
});

describe('custom launcher icons', () => {
  const hostile =
    '<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned=1"><script>window.__pwned=2</script><circle r="4" onclick="alert(1)"/></svg>';

  /** Nothing of the icon markup may reach the DOM as live elements or handlers. */
  function expectInert(root: Element) {
    expect(root.querySelector('script')).toBeNull();
    expect(root.querySelector('svg[onload], [onload], [onclick]')).toBeNull();
    expect(root.querySelector('circle')).toBeNull();
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  }

  it('an SVG icon renders as an img with a data:image/svg+xml src, never as markup', () => {
    const { container } = renderApp({ appearance: { launcher: { launcherIconType: 'svg', launcherIcon: hostile } } });
    const img = openButton().querySelector('img');
    expect(img).not.toBeNull();
    expect(img!.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(decodeURIComponent(img!.getAttribute('src')!.split(',').slice(1).join(','))).toBe(hostile);
    // decorative: the button carries the name
    expect(img!.getAttribute('alt')).toBe('');
    expect(openButton().querySelector('svg')).toBeNull();
    expectInert(container);
  });

  it('the close icon is used while open, also as an inert image', async () => {
    const { user, container } = renderApp({
      appearance: { launcher: { launcherIcon: '<svg><path d="M0 0"/></svg>', launcherCloseIconType: 'svg', launcherCloseIcon: hostile } },
    });
    await user.click(openButton());
    const img = closeLauncher().querySelector('img');
    expect(img?.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(hostile)}`);
    expectInert(container);
  });

  it('an image icon keeps an http(s) URL and drops a javascript: URL', () => {
    const { unmount } = renderApp({ appearance: { launcher: { launcherIconType: 'image', launcherIcon: 'https://cdn.test/icon.png' } } });
    expect(openButton().querySelector('img')?.getAttribute('src')).toBe('https://cdn.test/icon.png');
    unmount();
    renderApp({ appearance: { launcher: { launcherIconType: 'image', launcherIcon: 'javascript:alert(1)' } } });
    expect(openButton().querySelector('img')).toBeNull();
  });
});

describe('proactive bubble', () => {
  it('shows its text and opens the window when clicked', async () => {
    const { user, windowActor } = renderApp();
    windowActor.send({ type: 'BUBBLE.SHOW', bubble: { text: 'Questions about pensions?' } });
    const text = await screen.findByRole('button', { name: 'Questions about pensions?' });
    await user.click(text);
    expect(windowActor.getSnapshot().matches('open')).toBe(true);
    // widget-spec §4: on open the bubble is cleared
    expect(screen.queryByText('Questions about pensions?')).toBeNull();
    expect(windowActor.getSnapshot().context.bubble).toBeNull();
  });

  it('is dismissible', async () => {
    const { user, windowActor } = renderApp();
    windowActor.send({ type: 'BUBBLE.SHOW', bubble: { text: 'Hi there' } });
    // (shown once checked clear of the page's controls)
    const bubble = await screen.findByRole('button', { name: 'Hi there' });
    expect(bubble.closest('[role="status"]')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByText('Hi there')).toBeNull();
    expect(windowActor.getSnapshot().matches('closed')).toBe(true);
  });

  it('gives way to a control of the host page while it lies over one, and shows again once clear: as the page scrolls', async () => {
    const { windowActor, embed } = renderApp();
    const control = document.createElement('button');
    document.body.append(control);
    onTestFinished(() => control.remove());
    control.getBoundingClientRect = () => box(16, 400, 120, 44);
    hitTests(control);
    windowActor.send({ type: 'BUBBLE.SHOW', bubble: { text: 'Hi there' } });
    const bubble = (await screen.findByText('Hi there')).closest('[data-part="bubble"]')!;
    bubble.getBoundingClientRect = () => box(70, 540, 300, 210);
    // checked clear of it: the bubble shows, and stays as the page scrolls
    await screen.findByRole('button', { name: 'Hi there' });
    window.dispatchEvent(new Event('scroll'));
    await frame();
    expect(screen.queryByRole('button', { name: 'Hi there' })).not.toBeNull();
    // the page scrolls the control under it: it gives way (hidden, its box kept), and is not dismissed
    control.getBoundingClientRect = () => box(16, 554, 120, 44);
    window.dispatchEvent(new Event('scroll'));
    await frame();
    expect(screen.queryByRole('button', { name: 'Hi there' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dismiss message' })).toBeNull();
    expect((bubble as HTMLElement).style.visibility).toBe('hidden');
    expect(embed.getSnapshot().context.dismissed).toEqual([]);
    // and scrolls it away again: the bubble is back
    control.getBoundingClientRect = () => box(16, 300, 120, 44);
    document.body.dispatchEvent(new Event('scroll'));
    await frame();
    expect(screen.getByRole('button', { name: 'Hi there' })).toBeTruthy();
    expect((bubble as HTMLElement).style.visibility).toBe('');
  });

  it('gives way when the page below it changes size (a section opens under it)', async () => {
    const observers: ResizeObserverCallback[] = [];
    stubResizeObserver(observers);
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    const { windowActor } = renderApp();
    const link = document.createElement('a');
    link.getBoundingClientRect = () => box(20, 600, 180, 24);
    hitTests(link);
    windowActor.send({ type: 'BUBBLE.SHOW', bubble: { text: 'Hi there' } });
    const bubble = (await screen.findByText('Hi there')).closest('[data-part="bubble"]')!;
    bubble.getBoundingClientRect = () => box(70, 540, 300, 210);
    await screen.findByRole('button', { name: 'Hi there' });
    document.body.append(link);
    onTestFinished(() => link.remove());
    for (const cb of observers) cb([], {} as ResizeObserver);
    await frame();
    expect(screen.queryByRole('button', { name: 'Hi there' })).toBeNull();
  });

  it('hides when the window opens from the launcher', async () => {
    const { user, windowActor } = renderApp();
    windowActor.send({ type: 'BUBBLE.SHOW', bubble: { text: 'Hi there', videoUrl: 'https://cdn.test/hi.mp4' } });
    await screen.findByText('Hi there');
    // the bubble's video is named by the bubble's text
    expect(screen.getByLabelText('Hi there').tagName).toBe('VIDEO');
    await user.click(openButton());
    expect(screen.queryByText('Hi there')).toBeNull();
    expect(screen.queryByLabelText('Hi there')).toBeNull();
  });
});

describe('load errors (widget-spec §8, shown to the visitor)', () => {
  it.each([
    ['INVALID_API_KEY', 'Invalid API key. Please check your configuration.'],
    ['INVALID_CONFIGURATION', 'Invalid configuration. Please check your settings.'],
    ['FAILED', 'Unable to load chat widget. Please try again later.'],
    ['RATE_LIMIT_EXCEEDED', 'Unable to load chat widget. Please try again later.'],
  ] as const)('%s shows %j in the window, without loading the chat', async (code, text) => {
    const { user, rt } = renderApp({ loadError: code });
    await user.click(openButton());
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('alert').textContent).toBe(text);
    expect(within(dialog).queryByText('Loading…')).toBeNull();
    expect(rt.conversation).not.toHaveBeenCalled();
  });
});

describe('opening the window (issue 13)', () => {
  it('from the keyboard: the window opens on Home and its input gets the focus, with the keyboard focus ring allowed', async () => {
    const { user, windowActor } = renderApp({ appearance: { agentName: 'Ada' } });
    openButton('Ada').focus();
    await user.keyboard('{Enter}');
    const window = await screen.findByRole('dialog', { name: 'Ada' });
    expect(windowActor.getSnapshot().context.tab).toBe('home');
    // the launcher had a keyboard focus ring (happy-dom: it had the focus): the input may show one too
    expect(window.hasAttribute('data-pointer')).toBe(false);
    await vi.waitFor(() => expect(document.activeElement).toBe(within(window).getByRole('textbox', { name: 'Message Ada' })), {
      timeout: 1000,
    });
    // one keystroke later the visitor is typing
    await user.keyboard('Hi');
    expect((document.activeElement as HTMLTextAreaElement).value).toBe('Hi');
  });
});
