/**
 * The journey's language in the page (journey/locale.ts): a locale's module of words (a stub here, not a translation)
 * replaces the English words on the page, with the page's lang and direction; a locale that fails to load keeps English;
 * the header's picker switches and remembers the choice, and tells the embedded widget.
 */
import { act, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activeLocale, LOCALE_KEY, setLocale } from '../../journey/locale';
import { setWords, type LoadWords } from '../../journey/locale-words';
import { pageHeading, renderJourney } from './render-journey';

/** A stub of a locale's first-visit module: marked words, so a test sees whose they are. */
const STUB = {
  FRAME_WORDS: { back: 'stub:Back', continue: 'stub:Continue', language: 'stub:Language' },
  QUESTION_WORDS: { dateOfBirth: { title: 'stub:What is your date of birth?', label: 'stub:Date of birth' } },
};
/** And of its module of the words that load on demand. */
const STUB_ON_DEMAND = { INTRODUCTION_WORDS: { beforeStart: { documents: 'stub:Documents to read' } } };
const stubLoad: LoadWords = async (_locale, module) =>
  module === 'messages' ? STUB : module === 'messages-on-demand' ? STUB_ON_DEMAND : {};

afterEach(async () => {
  await act(() => setLocale('en'));
  localStorage.clear();
  delete (window as { AIChatWidget?: unknown }).AIChatWidget;
});

describe('the journey in another language', () => {
  it('shows the locale’s words, with the page’s lang and direction', async () => {
    renderJourney('/questionnaire/date-of-birth');
    expect(pageHeading().textContent).toBe('What is your date of birth?');
    await act(() => setLocale('ar', stubLoad));
    expect(pageHeading().textContent).toBe('stub:What is your date of birth?');
    expect(screen.getByRole('button', { name: 'stub:Back' })).toBeTruthy();
    expect(await screen.findByRole('textbox', { name: 'stub:Date of birth' })).toBeTruthy();
    // a word the stub does not have stays English
    expect(screen.getByRole('link', { name: 'Skip to content' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.title).toBe('stub:What is your date of birth? · Horizon Advice');

    await act(() => setLocale('en'));
    expect(pageHeading().textContent).toBe('What is your date of birth?');
    expect(document.documentElement.lang).toBe('en-AU');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('loads the words of a page that loads on demand with it', async () => {
    await act(() => setLocale('ar', stubLoad));
    renderJourney('/investment/before-start');
    expect(await screen.findByRole('heading', { name: 'stub:Documents to read' })).toBeTruthy();
  });

  it('keeps English, left to right, when the locale’s words fail to load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderJourney('/questionnaire/date-of-birth');
    await act(() => setLocale('ar', () => Promise.reject(new Error('offline'))));
    expect(activeLocale()).toBe('en');
    expect(pageHeading().textContent).toBe('What is your date of birth?');
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.documentElement.lang).toBe('en-AU');
    warn.mockRestore();
  });

  it('switches from the header’s picker, remembers the choice and tells the widget', async () => {
    const setWidgetLocale = vi.fn();
    (window as { AIChatWidget?: unknown }).AIChatWidget = { setLocale: setWidgetLocale };
    // the stub stands in for the locale chunks from now on
    await setWords('en', stubLoad);
    const { user } = renderJourney('/questionnaire/date-of-birth');
    const picker = screen.getByRole('combobox', { name: 'Language' });
    expect((picker as HTMLSelectElement).value).toBe('en');
    expect([...(picker as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['English', 'العربية', '简体中文']);
    await user.selectOptions(picker, 'ar');
    await waitFor(() => expect(pageHeading().textContent).toBe('stub:What is your date of birth?'));
    expect(localStorage.getItem(LOCALE_KEY)).toBe('ar');
    expect(setWidgetLocale).toHaveBeenLastCalledWith('ar');
    expect((screen.getByRole('combobox', { name: 'stub:Language' }) as HTMLSelectElement).value).toBe('ar');
  });
});
