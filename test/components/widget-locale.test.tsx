/**
 * The widget in another locale (happy-dom): `setLocale` loads the locale's chunk (src/locales/) and draws
 * everything again in its words, with the frame's `lang` and `dir`, and back; a chunk that cannot load
 * leaves English and says so in the console. The appearance's texts a site left at their defaults are shown in
 * the locale's words; a site's own text is shown as written.
 */
import { screen, waitFor as until } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { DEFAULT_APPEARANCE } from '../../contract/appearance';
import { words as ar } from '../../src/locales/ar';
import { words as zh } from '../../src/locales/zh-hans';
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

  it('shows the appearance’s default texts in the locale’s words, live, and a site’s own texts as written', async () => {
    // the home title left out (the default), the description written as the English default, the name the site's own
    const h = renderApp({
      open: true,
      tab: 'home',
      history,
      appearance: { agentName: 'Ada', home: { description: 'Ready to continue our conversation?' } },
    });
    await screen.findByRole('heading', { name: 'Welcome back!' });
    expect(document.body.textContent).toContain('Your helpful AI assistant');

    h.rt.locale.send({ type: 'LOCALE.CHOOSE', tag: 'ar' });
    expect(await screen.findByRole('heading', { name: 'مرحبًا بعودتك!' })).toBeTruthy();
    const body = () => document.body.textContent!;
    expect(body()).toContain('هل أنت مستعد لمتابعة محادثتنا؟');
    expect(body()).toContain('جاهز لمساعدتك في أي وقت');
    expect(body()).not.toContain('Welcome back!');
    // the site's own name, as written
    expect(screen.getByRole('heading', { name: 'Ada' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'رسالة إلى Ada' }).getAttribute('placeholder')).toBe('اكتب رسالتك…');

    h.rt.locale.send({ type: 'LOCALE.CHOOSE', tag: 'zh-Hans' });
    expect(await screen.findByRole('heading', { name: '欢迎回来！' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: '给 Ada 发消息' }).getAttribute('placeholder')).toBe('请输入您的消息…');

    h.rt.locale.send({ type: 'LOCALE.CHOOSE', tag: 'en' });
    expect(await screen.findByRole('heading', { name: 'Welcome back!' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Message Ada' }).getAttribute('placeholder')).toBe('Type your message...');
  });

  it('names a default agent in the locale’s words, and shows a site’s own texts as written in any locale', async () => {
    const own = {
      agentName: 'مساعد هورايزن',
      home: { title: 'Hello there', description: 'Ask me anything.' },
      input: { promptPlaceholder: 'Your question' },
    };
    const h = renderApp({ open: true, tab: 'home', history: [], appearance: own });
    h.rt.locale.send({ type: 'LOCALE.CHOOSE', tag: 'ar' });
    const box = await screen.findByRole('textbox', { name: 'رسالة إلى مساعد هورايزن' });
    expect(box.getAttribute('placeholder')).toBe('Your question');
    expect(screen.getByRole('heading', { name: 'Hello there' })).toBeTruthy();
    expect(document.body.textContent).toContain('Ask me anything.');
    expect(h.rt.launcher.button.getAttribute('aria-label')).toBe('إغلاق الدردشة');

    const d = renderApp({ open: false, history: [] });
    d.rt.locale.send({ type: 'LOCALE.CHOOSE', tag: 'ar' });
    await until(() => expect(d.rt.launcher.button.getAttribute('aria-label')).toBe('فتح الدردشة مع المساعد الذكي'));
  });
});

describe('the appearance’s default texts in each locale', () => {
  const defaults = [
    DEFAULT_APPEARANCE.agentName,
    DEFAULT_APPEARANCE.agentDescription,
    DEFAULT_APPEARANCE.home.title,
    DEFAULT_APPEARANCE.home.description,
    DEFAULT_APPEARANCE.input.promptPlaceholder,
  ];
  it.each([
    ['ar', ar],
    ['zh-Hans', zh],
  ])('%s has words for every visitor-facing default of the appearance, and no others', (_, words) => {
    expect([...words.core.SITE_TEXT.keys()].sort()).toEqual([...defaults].sort());
    for (const text of words.core.SITE_TEXT.values()) expect(text).toMatch(/\S/);
  });
});

describe('the greeting bubble in another locale', () => {
  // the demo's site wrote its description in English; the journey's page may be in Arabic or Chinese
  const site = { agentName: 'Horizon Assistant', agentDescription: 'Ask me about your investment journey' };

  it('puts the language’s tagline in place of a description written in another script, and keeps the site’s own name', () => {
    expect(ar.core.greeting(site)).toBe('مرحبًا! أنا Horizon Assistant. جاهز لمساعدتك في أي وقت.');
    expect(zh.core.greeting(site)).toBe('您好！我是 Horizon Assistant。随时为您提供帮助。');
  });

  it('keeps a description written in the language as written, and none when there is none', () => {
    expect(ar.core.greeting({ agentName: 'Ada', agentDescription: 'اسألني عن التقاعد' })).toBe('مرحبًا! أنا Ada. اسألني عن التقاعد.');
    expect(zh.core.greeting({ agentName: 'Ada', agentDescription: '养老金问题，请问我' })).toBe('您好！我是 Ada。养老金问题，请问我。');
    expect(ar.core.greeting({ agentName: 'Ada', agentDescription: ' ' })).toBe('مرحبًا! أنا Ada.');
    expect(zh.core.greeting({ agentName: 'Ada', agentDescription: '' })).toBe('您好！我是 Ada。');
  });
});
