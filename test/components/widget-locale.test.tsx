/**
 * The widget in another locale (happy-dom): `setLocale` loads the locale's chunk (src/locales/) and draws
 * everything again in its words, with the frame's `lang` and `dir`, and back; a chunk that cannot load
 * leaves English and says so in the console.
 */
import { screen, waitFor as until } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { putWords } from '../../src/words';
import { message, renderApp } from './widget-harness';

afterEach(() => {
  putWords(null);
  vi.restoreAllMocks();
});

const AT = '2026-03-04T15:07:00';
const history = [message('user', 'What is a pension?', { createdAt: AT }), message('ai', 'A way to save.', { createdAt: AT })];

describe('the widget’s locale', () => {
  it('setLocale draws the window again in Arabic, right to left, and back in English', async () => {
    const h = renderApp({ open: true, tab: 'chat', history, appearance: { agentName: 'Ada' } });
    await screen.findByRole('region', { name: 'Chat' });
    const frame = h.rt.launcher.frame;
    expect(frame.lang).toBe('en');
    expect(frame.dir).toBe('ltr');

    h.rt.locale.send({ type: 'LOCALE.CHOOSE', tag: 'ar-EG' });
    await waitFor(h.rt.locale, (s) => s.context.shown === 'ar');
    expect(await screen.findByRole('region', { name: 'الدردشة' })).toBeTruthy();
    await until(() => expect(frame.dir).toBe('rtl'));
    expect(frame.lang).toBe('ar');
    // the messages drawn before are drawn again in the locale's words (who said what, and when)
    expect(document.body.textContent).toContain('رسالتك:');
    expect(document.body.textContent).toContain('رد Ada:');
    expect(screen.getByRole('textbox', { name: 'رسالة إلى Ada' })).toBeTruthy();
    // the launcher's name, which widget.js's first frame wrote in English
    expect(h.rt.launcher.button.getAttribute('aria-label')).toBe('إغلاق الدردشة');
    // a time in the locale's words and Latin digits
    expect(frame.querySelector('time')!.textContent).toMatch(/^4 مارس.* 3:07/);

    h.rt.locale.send({ type: 'LOCALE.CHOOSE', tag: 'en-AU' });
    expect(await screen.findByRole('region', { name: 'Chat' })).toBeTruthy();
    await until(() => expect(frame.dir).toBe('ltr'));
    expect(frame.lang).toBe('en');
    expect(document.body.textContent).toContain('You said:');
    expect(frame.querySelector('time')!.textContent).toBe('4 Mar, 3:07 PM');
  });

  it('shows Simplified Chinese for zh-CN', async () => {
    const h = renderApp({ open: true, tab: 'chat', history });
    await screen.findByRole('region', { name: 'Chat' });
    h.rt.locale.send({ type: 'LOCALE.CHOOSE', tag: 'zh-CN' });
    expect(await screen.findByRole('region', { name: '聊天' })).toBeTruthy();
    expect(h.rt.launcher.frame.dir).toBe('ltr');
    expect(h.rt.launcher.frame.lang).toBe('zh-Hans');
  });

  it('a chunk that cannot load leaves English and says so in the console, and the widget works on', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing = () => Promise.reject(new Error('chunk gone'));
    const h = renderApp({ open: true, tab: 'chat', history, localeChunks: { ar: failing, 'zh-Hans': failing } });
    await screen.findByRole('region', { name: 'Chat' });
    h.rt.locale.send({ type: 'LOCALE.CHOOSE', tag: 'ar' });
    await waitFor(h.rt.locale, (s) => s.matches('shown'));
    expect(h.rt.locale.getSnapshot().context.shown).toBe('en');
    expect(warn).toHaveBeenCalledWith('AI chat widget:', expect.any(Error));
    expect(screen.getByRole('region', { name: 'Chat' })).toBeTruthy();
    expect(h.rt.launcher.frame.dir).toBe('ltr');
    expect(document.body.textContent).toContain('You said:');
  });

  it('a refused microphone in Arabic: dictation’s status gives the failure and its reason in Arabic', async () => {
    const h = renderApp({ open: true, tab: 'chat', history, appearance: { locale: 'ar' } });
    await screen.findByRole('region', { name: 'الدردشة' });
    h.recording.state.micError = 'denied';
    await h.user.click(screen.getByRole('button', { name: 'إملاء' }));
    const status = await screen.findByText('فشل التسجيل: رُفض الإذن بالوصول إلى الميكروفون');
    expect(status.getAttribute('role')).toBe('status');
    expect(status.closest('[data-part="dictation"]')?.hasAttribute('data-problem')).toBe(true);
    expect(h.recording.live()).toBe(false);
    // the dictate button is back, in Arabic, to try again
    expect(screen.getByRole('button', { name: 'إملاء' })).toBeTruthy();
  });

  it('comes up in the appearance’s locale when the page says nothing else', async () => {
    renderApp({ open: true, tab: 'chat', history, appearance: { locale: 'ar' } });
    expect(await screen.findByRole('region', { name: 'الدردشة' })).toBeTruthy();
  });
});
