/**
 * The locale machine's effects (machines/locale.ts): where its candidates come from on the page, and
 * `words`, which loads a locale's chunk (src/locales/) and puts its words in place (src/words.ts).
 */
import { fromPromise } from 'xstate';
import type { Locale, LocaleSources } from '../../machines/locale';
import { putWords, type LocaleWords } from '../words';

/** A locale's chunk: its words. */
export type WordsChunk = () => Promise<{ words: LocaleWords }>;

/** Each locale but English (which the bundles hold) is a chunk of its own, loaded only when it is shown. */
const CHUNKS: Record<Exclude<Locale, 'en'>, WordsChunk> = {
  ar: () => import('../locales/ar'),
  'zh-Hans': () => import('../locales/zh-hans'),
};

/**
 * Puts a locale's words in place (English's at once) and gives the locale shown: English when the chunk
 * cannot load (which it says in the console). A newer locale's load ends this one's: its words never show.
 */
export const localeWords = (chunks: Record<Exclude<Locale, 'en'>, WordsChunk> = CHUNKS) =>
  fromPromise<Locale, Locale>(async ({ input, signal }) => {
    const words =
      input === 'en'
        ? null
        : await chunks[input]().then(
            (m) => m.words,
            (err: unknown) => {
              console.warn('AI chat widget:', err);
              return null;
            },
          );
    if (!signal.aborted) putWords(words);
    return words ? input : 'en';
  });

/** The candidates the page gives (machines/locale.ts `LocaleSources`): the script tag's `data-locale`, the page's `<html lang>`, the browser's languages. */
export const pageLocaleSources = (script: Element | null | undefined, appearance?: string): LocaleSources => ({
  attribute: script?.getAttribute('data-locale'),
  appearance,
  page: document.documentElement.lang,
  browser: navigator.languages,
});
