/**
 * The launcher, drawn in one place (src/launcher-frame.ts, part of widget.js; issue 13): its first
 * frame from the stored settings or the boot's answer before any module of the widget has loaded,
 * then painted by App with the same code, so the hand-over changes nothing a visitor sees.
 */
import { fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLauncherFrame, drawFirstFrame, ELEMENT_NAME } from '../../src/launcher-frame';
import { renderApp } from './widget-harness';

const KEY = 'key-1';
const LOOK = { agentName: 'Ada', launcher: { alignment: 'left', pulseAnimation: true, showLiveStatus: true, backgroundColor: '#112233' } };
const store = (appearance: unknown, config: unknown = { agentPageAwareness: false, interactiveAvatarId: '', referenceWebpage: '' }) =>
  localStorage.setItem(`ai_chat_settings_${KEY}`, JSON.stringify({ appearance, config }));
const bootAnswer = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
const launcherIn = (root: ShadowRoot) => root.querySelector<HTMLButtonElement>('[data-part="launcher"]');

afterEach(() => {
  document.querySelector(ELEMENT_NAME)?.remove();
  localStorage.clear();
  vi.useRealTimers();
});

describe('the launcher’s first frame', () => {
  it('is drawn at once from the settings stored on an earlier visit, without waiting for the boot', async () => {
    store(LOOK);
    const frame = drawFirstFrame(KEY, new Promise<Response>(() => undefined), 1000);
    const button = launcherIn(frame.shadow)!;
    // named by the agent's name alone: words of a language come with the core (docs/embedding.md "Languages")
    expect(button.getAttribute('aria-label')).toBe('Ada');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.hasAttribute('data-pulse')).toBe(true);
    expect(button.querySelector('[data-part="live-dot"]')).not.toBeNull();
    expect(frame.shadow.querySelector('[data-part="frame"]')!.getAttribute('data-align')).toBe('left');
    expect(frame.host.style.getPropertyValue('--aiw-launcher-bg')).toBe('#112233');
    // the element was added to the page, its styles adopted in its shadow root
    expect(document.querySelector(ELEMENT_NAME)).toBe(frame.host);
    expect(frame.shadow.adoptedStyleSheets.length).toBe(1);
    await frame.drawn;
  });

  it('on a first visit, is drawn from the boot’s answer, which the engine can still read', async () => {
    const boot = bootAnswer({ token: 't', appearance: LOOK });
    const frame = drawFirstFrame(KEY, boot, 1000);
    expect(launcherIn(frame.shadow)).toBeNull();
    await frame.drawn;
    expect(launcherIn(frame.shadow)!.getAttribute('aria-label')).toBe('Ada');
    expect(await (await boot).json()).toMatchObject({ token: 't' });
  });

  it('draws nothing for a refused boot or one that does not answer in time: the engine shows the launcher later', async () => {
    const refused = drawFirstFrame(KEY, bootAnswer({ error: 'INVALID_API_KEY', appearance: LOOK }, 401), 1000);
    await refused.drawn;
    expect(launcherIn(refused.shadow)).toBeNull();
    refused.host.remove();

    vi.useFakeTimers();
    const hung = drawFirstFrame(KEY, new Promise<Response>(() => undefined), 1000);
    let settled = false;
    void hung.drawn.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    expect(launcherIn(hung.shadow)).toBeNull();
  });

  it('ignores hostile or malformed settings: stylesheet defaults, an inert icon, no script URL', async () => {
    store({
      agentName: 42,
      launcher: {
        backgroundColor: 'red;}:host{display:none',
        size: 'huge',
        launcherIconType: 'image',
        launcherIcon: 'javascript:alert(1)',
      },
    });
    const frame = drawFirstFrame(KEY, undefined, 1000);
    const button = launcherIn(frame.shadow)!;
    expect(button.getAttribute('aria-label')).toBe('AI Agent');
    expect(frame.host.style.getPropertyValue('--aiw-launcher-bg')).toBe('');
    expect(frame.host.style.getPropertyValue('--aiw-launcher-size')).toBe('');
    expect(button.querySelector('img')).toBeNull();
    expect(button.querySelector('svg')).not.toBeNull();
    frame.host.remove();

    // an SVG icon is an image of its markup, never live markup
    const hostile = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>';
    store({ launcher: { launcherIconType: 'svg', launcherIcon: hostile } });
    const other = drawFirstFrame(KEY, undefined, 1000);
    const img = launcherIn(other.shadow)!.querySelector('img')!;
    expect(img.getAttribute('src')!.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(other.shadow.querySelector('script')).toBeNull();

    // stored settings that are not an object with its config are not used
    other.host.remove();
    localStorage.setItem(`ai_chat_settings_${KEY}`, '{"appearance":"x"}');
    expect(launcherIn(drawFirstFrame(KEY, undefined, 1000).shadow)).toBeNull();
  });

  it('a click shows the window’s placeholder; the engine hears of it when it takes over', () => {
    store(LOOK);
    const frame = drawFirstFrame(KEY, undefined, 1000);
    fireEvent.click(launcherIn(frame.shadow)!);
    const dialog = within(frame.shadow as unknown as HTMLElement).getByRole('dialog', { name: 'Ada' });
    // words of no language before the core (and the locale) loads: an ellipsis, a busy dialog, the agent's name
    expect(dialog.textContent).toBe('…');
    expect(dialog.getAttribute('aria-busy')).toBe('true');
    expect(launcherIn(frame.shadow)!.getAttribute('aria-label')).toBe('Ada');
    expect(launcherIn(frame.shadow)!.getAttribute('aria-expanded')).toBe('true');
    expect(frame.takeOver()).toBe(true);
  });

  it('uses the element the page wrote, and reports it as the page’s', () => {
    const own = document.createElement(ELEMENT_NAME);
    document.body.append(own);
    const frame = drawFirstFrame(KEY, undefined, 1000);
    expect(frame.host).toBe(own);
    expect(frame.existing).toBe(true);
    expect(frame.takeOver()).toBe(false);
  });
});

describe('painting the launcher', () => {
  it('keeps the same button (and so the focus) and only redraws its icon when it changes', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const launcher = createLauncherFrame(host, host);
    launcher.paint(LOOK, { open: false, reachable: true, mobile: false });
    const { button } = launcher;
    button.focus();
    const icon = button.firstChild;
    launcher.paint(LOOK, { open: false, reachable: true, mobile: false });
    expect(button.firstChild).toBe(icon);
    launcher.paint(LOOK, { open: false, reachable: false, mobile: true });
    // the live dot shows it; the core's name says it in words (src/view-models/launcher.ts)
    expect(button.querySelector('[data-part="live-dot"]')!.hasAttribute('data-offline')).toBe(true);
    expect(launcher.frame.hasAttribute('data-mobile')).toBe(true);
    launcher.paint(LOOK, { open: true, reachable: true, mobile: true });
    expect(button.querySelector('[data-part="live-dot"]')).toBeNull();
    expect(launcher.frame.hasAttribute('data-open')).toBe(true);
    expect(document.activeElement).toBe(button);
    host.remove();
  });

  it('is what App draws: the first frame’s launcher and App’s are the same markup', async () => {
    store(LOOK);
    const first = drawFirstFrame(KEY, undefined, 1000);
    const drawn = launcherIn(first.shadow)!.outerHTML;
    first.host.remove();
    renderApp({ appearance: LOOK });
    // App paints from the merged appearance (contract/appearance.ts), the first frame from the raw one; App names
    // the launcher in the locale's words, the first frame by the agent's name alone
    const app = await screen.findByRole('button', { name: 'Open chat with Ada' });
    expect(app.outerHTML.replace('aria-label="Open chat with Ada"', 'aria-label="Ada"')).toBe(drawn);
  });

  it('Escape on the launcher closes the open window, and does nothing while it is closed', () => {
    const host = document.createElement('div');
    const launcher = createLauncherFrame(host, host);
    launcher.onToggle = vi.fn();
    launcher.paint(LOOK, { open: false, reachable: true, mobile: false });
    fireEvent.keyDown(launcher.button, { key: 'Escape' });
    expect(launcher.onToggle).not.toHaveBeenCalled();
    launcher.paint(LOOK, { open: true, reachable: true, mobile: false });
    fireEvent.keyDown(launcher.button, { key: 'Escape' });
    expect(launcher.onToggle).toHaveBeenCalledTimes(1);
  });
});
