/**
 * The journey's languages: which one a visitor reads (their choice in the header, remembered on this device, then
 * the browser's languages), with the page's `lang` and direction and the figures' formats. English is the catalogue
 * itself (journey/messages.ts and the modules that load on demand) and is all a first visit in English loads; another
 * locale's words come with ./locale-words.ts, loaded only then.
 */
import { useSyncExternalStore } from 'react';
import { setFormatLocale } from './format';
import { LOCALE_NAMES } from './messages';

/** The journey's locales: English (the default), Arabic (right to left) and Simplified Chinese. */
export type Locale = keyof typeof LOCALE_NAMES;
export const LOCALES = Object.keys(LOCALE_NAMES) as Locale[];

/** The catalogue modules a locale mirrors (journey/locales/<locale>/<module>.ts). */
export type CatalogueModule = 'messages' | 'messages-on-demand' | 'messages-advice' | 'messages-records';

/** Whether a locale is written right to left. */
export const isRightToLeft = (locale: Locale): boolean => locale === 'ar';

/** `<html lang>`: the page's own English tag (Australian English), or the locale's. */
const htmlLang = (locale: Locale) => (locale === 'en' ? 'en-AU' : locale);

/**
 * The journey's locale for a BCP 47 tag, or null: any `ar…` is Arabic; `zh`, `zh-CN`, `zh-SG` and `zh-Hans…` are
 * Simplified Chinese, while `zh-TW`, `zh-HK`, `zh-MO` and `zh-Hant…` (Traditional) match nothing; `en…` is English.
 */
export function matchLocale(tag: string): Locale | null {
  const [lang, sub = ''] = tag.toLowerCase().split(/[-_](.*)/);
  if (lang === 'ar' || lang === 'en') return lang;
  return lang === 'zh' && /^((hans|cn|sg)(-|$)|$)/.test(sub) ? 'zh-Hans' : null;
}

/** The first of the tags that matches a locale (the visitor's choice, then the browser's languages in order), else English. */
export const chooseLocale = (tags: readonly (string | null)[]): Locale =>
  tags.map((t) => (t ? matchLocale(t) : null)).find((l): l is Locale => l !== null) ?? 'en';

/** Where the visitor's choice of language is remembered (the journey's local storage). */
export const LOCALE_KEY = 'investment-journey:locale';

/** The visitor's choice of language, if they made one on this device (null where storage is blocked). */
export function chosenLocale(): string | null {
  try {
    return localStorage.getItem(LOCALE_KEY);
  } catch {
    return null;
  }
}

/** Remembers the visitor's choice of language (for this page only where storage is blocked). */
export function rememberLocale(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_KEY, locale);
  } catch {
    // storage blocked: the choice holds until the page is left
  }
}

let active: Locale = 'en';
/** The catalogue modules the views have asked for (in any locale): a switch of language assigns each of them. */
const shown = new Set<CatalogueModule>();
const listeners = new Set<() => void>();
const words = () => import('./locale-words');

/** The active locale. */
export const activeLocale = (): Locale => active;

/** The active locale, for a component to render again when it changes. */
export const useLocale = (): Locale =>
  useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, activeLocale);

/**
 * The catalogue module's words in the active locale: resolves at once in English, or once the locale's are assigned
 * (or kept English, where they fail to load). The loaders of what shows them wait on it before they import their
 * views, so whatever a view's module says as it loads is in the locale too.
 */
export function wordsReady(module: CatalogueModule): Promise<unknown> {
  shown.add(module);
  // a loader that cannot load leaves English: the view's own import says whether the page can show
  return active === 'en'
    ? Promise.resolve()
    : words()
        .then((w) => w.wordsReady(active, module))
        .catch(() => false);
}

/** The page's language and direction, the figures' formats, and the embedded widget's language. */
function showLocale(locale: Locale): void {
  active = locale;
  // the Intl locale: the page's, Arabic with Latin digits so that figures read as in the English statement
  setFormatLocale(locale === 'ar' ? 'ar-u-nu-latn' : htmlLang(locale), isRightToLeft(locale));
  const html = document.documentElement;
  html.lang = htmlLang(locale);
  html.dir = isRightToLeft(locale) ? 'rtl' : 'ltr';
  // the widget reads <html lang> as it starts; one already running switches with the page
  (window as { AIChatWidget?: { setLocale?: (tag: string) => void } }).AIChatWidget?.setLocale?.(htmlLang(locale));
}

/**
 * Makes `locale` the journey's, and renders it again: the page's language and direction at once, then its words
 * (resolves once they are assigned). Where a locale's first words cannot load, the journey stays English, its
 * direction and formats too. `load` replaces the locale chunks (tests).
 */
export async function setLocale(locale: Locale, load?: import('./locale-words').LoadWords): Promise<void> {
  const previous = active;
  showLocale(locale);
  // English before any other language needs no words: it is the catalogue itself
  if (locale !== 'en' || previous !== 'en') {
    const loaded = await words().then(
      (w) => w.setWords(locale, load, shown),
      () => false,
    );
    if (!loaded && active === locale) showLocale('en');
  }
  for (const l of listeners) l();
}
