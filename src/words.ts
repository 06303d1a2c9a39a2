/**
 * The active locale's words (docs/embedding.md "Languages"): each part of the widget's catalogue
 * (src/messages.ts, and the parts that load with dictation, voice mode and the viewers) has its
 * English words in its own module, and takes the active locale's from here, now and on every change.
 * A locale other than English is a chunk of its own (src/locales/), which `putWords` puts in place
 * (src/effects/locale.ts); a part loaded later takes them as it loads.
 */

/** A locale's words, by part of the catalogue. */
export type LocaleWords = Record<string, unknown>;

let active: LocaleWords | null = null;
const parts: ((words: LocaleWords | null) => void)[] = [];

/** A part of the catalogue: `apply` is given the active locale's words for `part` (`en` for English), now and on every change. */
export function onWords<T>(part: string, en: T, apply: (words: T) => void): void {
  const take = (w: LocaleWords | null) => apply((w?.[part] as T | undefined) ?? en);
  parts.push(take);
  take(active);
}

/** Puts a locale's words in place of those shown; null for English. */
export function putWords(words: LocaleWords | null): void {
  active = words;
  for (const take of parts) take(words);
}
