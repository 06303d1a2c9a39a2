/**
 * `AIChatWidget.setAppearance` (src/preview.ts) in the widget (happy-dom): the page's fields show live on the
 * launcher and in the open window, invalid ones are dropped, null shows the site's own again, and the look stored
 * for the next visit is left as it was.
 */
import { screen, waitFor as until } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { settingsKey } from '../../src/launcher-frame';
import { preview } from '../../src/preview';
import { applyTheme } from '../../src/theme';
import { renderApp } from './widget-harness';

describe('AIChatWidget.setAppearance', () => {
  it('shows the fields live on the launcher and in the open window, and null the site’s own again', async () => {
    const stored = JSON.stringify({ appearance: { agentName: 'Ada' }, config: {} });
    localStorage.setItem(settingsKey('k'), stored);
    const h = renderApp({ open: true, tab: 'home', appearance: { agentName: 'Ada', launcher: { backgroundColor: '#112233' } } });
    const button = h.rt.launcher.button;
    await screen.findByRole('dialog', { name: 'Ada' });
    expect(h.rt.host.style.getPropertyValue('--aiw-launcher-bg')).toBe('#112233');

    preview(h.rt.site, { agentName: 'Preview', launcher: { backgroundColor: '#ff0000', alignment: 'left', size: 'huge' } });
    expect(await screen.findByRole('dialog', { name: 'Preview' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Preview' })).toBeTruthy();
    await until(() => expect(h.rt.host.style.getPropertyValue('--aiw-launcher-bg')).toBe('#ff0000'));
    expect(h.rt.launcher.frame.dataset.align).toBe('left');
    // the invalid size is dropped: the site's own (the stylesheet's default) stays
    expect(h.rt.host.style.getPropertyValue('--aiw-launcher-size')).toBe('60px');

    h.rt.windowActor.send({ type: 'WINDOW.CLOSE' });
    await until(() => expect(button.getAttribute('aria-label')).toBe('Open chat with Preview'));

    preview(h.rt.site, null);
    await until(() => expect(button.getAttribute('aria-label')).toBe('Open chat with Ada'));
    expect(h.rt.host.style.getPropertyValue('--aiw-launcher-bg')).toBe('#112233');
    expect(h.rt.launcher.frame.dataset.align).toBe('right');
    // the look stored for the next visit is the site's, untouched
    expect(localStorage.getItem(settingsKey('k'))).toBe(stored);
    localStorage.clear();
  });

  it('removes a variable an appearance leaves empty, so a value an earlier one set does not linger', () => {
    const host = document.createElement('div');
    applyTheme(host, { 'chat-bg': '#00ff00', 'chat-radius': '4px' });
    expect(host.style.getPropertyValue('--aiw-chat-bg')).toBe('#00ff00');
    // a refused colour reaches here as '' (src/theme.ts `safe`): the stylesheet's default shows again
    applyTheme(host, { 'chat-bg': '', 'chat-radius': '8px' });
    expect(host.style.getPropertyValue('--aiw-chat-bg')).toBe('');
    expect(host.style.getPropertyValue('--aiw-chat-radius')).toBe('8px');
  });
});
