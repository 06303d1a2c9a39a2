/**
 * The widget's locale (issue "languages"): which of its locales the visitor reads, as a code. The
 * candidates come in order: the page's own choice (`AIChatWidget.setLocale`), the script tag's
 * `data-locale`, the site's appearance `locale`, the page's `<html lang>`, then the browser's
 * languages; the first that matches one of the widget's locales wins, and English when none does.
 *
 * The words of a locale other than English are a chunk of their own: `words` (an effect the widget
 * provides) loads them and puts them in place of the words shown, English included. While it runs,
 * the words of the locale before stay; a chunk that cannot load leaves English.
 *
 *   loading ──words in place──▶ shown ──a candidate changes──▶ loading
 *      └──chunk failed: English──▶ shown
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { notProvided } from './not-provided';

/** The widget's locales: English (the default), Arabic (right to left), Simplified Chinese. */
export const LOCALES = ['en', 'ar', 'zh-Hans'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * The widget's locale for one BCP 47 tag, or null when it has none: any `ar…` is Arabic; `zh`,
 * `zh-CN`, `zh-SG` and `zh-Hans…` are Simplified Chinese, but `zh-TW`, `zh-HK`, `zh-MO` and
 * `zh-Hant…` (Traditional) are not; any `en…` is English; anything else is none. Case does not matter,
 * and `_` stands for `-`.
 */
export function matchLocale(tag: string | null | undefined): Locale | null {
  // a page may pass anything to setLocale: only a string names a locale (String() of an object can throw)
  const t = (typeof tag === 'string' ? tag : '').trim().toLowerCase().replace(/_/g, '-');
  // the script decides where it is given (zh-Hans-TW is Simplified); else Taiwan, Hong Kong and Macao write Traditional
  return /^(ar|en)\b/.test(t) ? (t.slice(0, 2) as Locale) : /^zh\b(?!-(hant|tw|hk|mo)\b)/.test(t) ? 'zh-Hans' : null;
}

/** The first candidate that matches one of the widget's locales (`matchLocale`), else English. */
export const resolveLocale = (candidates: readonly (string | null | undefined)[]): Locale =>
  candidates.map(matchLocale).find((l) => l) ?? 'en';

/** Where the locale may come from, in the order they count. */
export interface LocaleSources {
  /** The page's `AIChatWidget.setLocale(tag)`; null when it has not chosen. @default null */
  chosen?: string | null;
  /** The script tag's `data-locale`, if any. */
  attribute?: string | null;
  /** The site's appearance `locale` ('' or none when the owner set none). */
  appearance?: string;
  /** The page's `<html lang>` ('' when it has none). */
  page: string;
  /** The browser's languages (`navigator.languages`), in its order. */
  browser: readonly string[];
}

export interface LocaleContext extends LocaleSources {
  /** The locale whose words are in place; English until a chunk loaded. @default 'en' */
  shown: Locale;
}

export type LocaleEvent =
  /** The page chose a locale (`AIChatWidget.setLocale`); null gives the choice back to the other sources. */
  | { type: 'LOCALE.CHOOSE'; tag: string | null }
  /** The site's appearance (loaded, or loaded again) names this locale ('' for none). */
  | { type: 'LOCALE.APPEARANCE'; tag: string };

/** The locale the sources resolve to, in their order. */
export const wantedLocale = (s: LocaleSources): Locale => resolveLocale([s.chosen, s.attribute, s.appearance, s.page, ...s.browser]);

export const localeMachine = setup({
  types: {
    context: {} as LocaleContext,
    input: {} as LocaleSources,
    events: {} as LocaleEvent,
  },
  actors: {
    /**
     * Puts the locale's words in place of those shown (English's too) and gives the locale shown: English
     * when its chunk cannot load.
     */
    words: fromPromise<Locale, Locale>(notProvided('words')),
  },
}).createMachine({
  context: ({ input }) => ({ ...input, shown: 'en' }),
  on: {
    // a change while a chunk loads starts over with the newest locale (the older one's words never show)
    'LOCALE.*': {
      target: '.loading',
      reenter: true,
      actions: assign(({ event }) => (event.type === 'LOCALE.CHOOSE' ? { chosen: event.tag } : { appearance: event.tag })),
    },
  },
  initial: 'loading',
  states: {
    // (English's words are in place at once; a locale already shown is put in place again, from its chunk already loaded)
    loading: {
      invoke: {
        src: 'words',
        input: ({ context }) => wantedLocale(context),
        // (it never fails: a chunk that cannot load gives English)
        onDone: { target: 'shown', actions: assign({ shown: ({ event }) => event.output }) },
      },
    },
    shown: {},
  },
});

export type LocaleActor = ActorRefFrom<typeof localeMachine>;
export type LocaleSnapshot = SnapshotFrom<typeof localeMachine>;

/** The locale whose words the widget shows (the view's `lang`). */
export const selectShownLocale = (s: LocaleSnapshot) => s.context.shown;
/** Arabic is read right to left (the view's `dir`). */
export const directionOf = (locale: Locale): 'rtl' | 'ltr' => (locale === 'ar' ? 'rtl' : 'ltr');
