/**
 * The widget's locale (machines/locale.ts): the matching rules of one tag, the order of the sources,
 * and the machine that puts a locale's words in place (a fake `words` effect), the newest choice winning.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { appearanceIssues, mergeAppearance } from '../../contract/appearance';
import { localeMachine, matchLocale, resolveLocale, type Locale, type LocaleSources } from '../../machines/locale';

describe('matching one tag', () => {
  it.each([
    ['ar', 'ar'],
    ['ar-SA', 'ar'],
    ['AR-eg', 'ar'],
    ['ar_AE', 'ar'],
    ['en', 'en'],
    ['en-AU', 'en'],
    ['zh', 'zh-Hans'],
    ['zh-CN', 'zh-Hans'],
    ['zh-SG', 'zh-Hans'],
    ['zh-Hans', 'zh-Hans'],
    ['zh-Hans-TW', 'zh-Hans'],
    ['zh_cn', 'zh-Hans'],
    ['zh-TW', null],
    ['zh-HK', null],
    ['zh-MO', null],
    ['zh-Hant', null],
    ['zh-Hant-CN', null],
    ['fr', null],
    ['arn', null],
    ['', null],
    [null, null],
  ])('%s → %s', (tag, locale) => {
    expect(matchLocale(tag)).toBe(locale);
  });

  it('takes the first candidate that matches, else English', () => {
    expect(resolveLocale(['fr', 'zh-TW', 'ar', 'zh'])).toBe('ar');
    expect(resolveLocale(['de', 'zh-HK'])).toBe('en');
    expect(resolveLocale([])).toBe('en');
  });
});

/** The machine with a `words` effect that resolves at once (or as `gate` says) and records what it put in place. */
function start(sources: LocaleSources, gate?: (l: Locale) => Promise<Locale>) {
  const put: Locale[] = [];
  const actor = createActor(
    localeMachine.provide({
      actors: {
        // as the widget's effect does (src/effects/locale.ts): an ended load puts nothing in place
        words: fromPromise<Locale, Locale>(async ({ input, signal }) => {
          const shown = gate ? await gate(input) : input;
          if (!signal.aborted) put.push(shown);
          return shown;
        }),
      },
    }),
    { input: sources },
  ).start();
  const shown = (l: Locale) => waitFor(actor, (s) => s.matches('shown') && s.context.shown === l);
  return { actor, put, shown };
}

const NONE: LocaleSources = { attribute: null, appearance: '', page: '', browser: [] };

describe('the locale machine', () => {
  it('takes the sources in order: the page’s choice, data-locale, the appearance, <html lang>, the browser', async () => {
    const all = { chosen: 'zh', attribute: 'ar', appearance: 'en', page: 'zh-CN', browser: ['ar'] };
    expect((await start(all).shown('zh-Hans')).context.shown).toBe('zh-Hans');
    expect((await start({ ...all, chosen: null }).shown('ar')).context.shown).toBe('ar');
    expect((await start({ ...all, chosen: null, attribute: null }).shown('en')).context.shown).toBe('en');
    expect((await start({ ...NONE, page: 'zh-CN', browser: ['ar'] }).shown('zh-Hans')).context.shown).toBe('zh-Hans');
    expect((await start({ ...NONE, page: 'fr', browser: ['de', 'ar-EG'] }).shown('ar')).context.shown).toBe('ar');
    // a source that matches none of the widget's locales gives way to the next
    expect((await start({ ...NONE, attribute: 'zh-TW', page: 'ar' }).shown('ar')).context.shown).toBe('ar');
  });

  it('shows English with nothing to go on', async () => {
    const { shown, put } = start(NONE);
    await shown('en');
    expect(put).toEqual(['en']);
  });

  it('switches on the page’s choice, and back to the other sources when it is taken back', async () => {
    const { actor, shown } = start({ ...NONE, page: 'zh' });
    await shown('zh-Hans');
    actor.send({ type: 'LOCALE.CHOOSE', tag: 'ar' });
    await shown('ar');
    actor.send({ type: 'LOCALE.CHOOSE', tag: null });
    await shown('zh-Hans');
  });

  it('a page passing something that is not a tag to setLocale breaks nothing: the next choice still counts', async () => {
    const { actor, shown } = start({ ...NONE, page: 'zh' });
    await shown('zh-Hans');
    // objects, even one whose toString throws, are no locale (the other sources decide)
    actor.send({ type: 'LOCALE.CHOOSE', tag: Object.create(null) });
    actor.send({
      type: 'LOCALE.CHOOSE',
      tag: {
        toString: () => {
          throw new Error('no');
        },
      } as never,
    });
    expect(actor.getSnapshot().status).toBe('active');
    actor.send({ type: 'LOCALE.CHOOSE', tag: 'ar' });
    await shown('ar');
  });

  it('takes the appearance’s locale when the settings load (after the script tag’s)', async () => {
    const { actor, shown } = start(NONE);
    await shown('en');
    actor.send({ type: 'LOCALE.APPEARANCE', tag: 'ar' });
    await shown('ar');
    const withTag = start({ ...NONE, attribute: 'zh-Hans' });
    await withTag.shown('zh-Hans');
    withTag.actor.send({ type: 'LOCALE.APPEARANCE', tag: 'ar' });
    await withTag.shown('zh-Hans');
  });

  it('a newer choice while a chunk loads wins: the older words never show', async () => {
    const waiting = new Map<Locale, (l: Locale) => void>();
    const { actor, shown, put } = start(NONE, (l) => (l === 'en' ? Promise.resolve(l) : new Promise((r) => waiting.set(l, r))));
    await shown('en');
    actor.send({ type: 'LOCALE.CHOOSE', tag: 'ar' });
    actor.send({ type: 'LOCALE.CHOOSE', tag: 'zh' });
    waiting.get('zh-Hans')!('zh-Hans');
    await shown('zh-Hans');
    waiting.get('ar')!('ar');
    await Promise.resolve();
    expect(actor.getSnapshot().context.shown).toBe('zh-Hans');
    expect(put.at(-1)).toBe('zh-Hans');
  });

  it('a chunk that could not load leaves English (the effect gives it)', async () => {
    const { shown } = start({ ...NONE, page: 'ar' }, async () => 'en');
    const s = await shown('en');
    expect(s.context.shown).toBe('en');
  });
});

describe('the appearance’s locale', () => {
  it('is a field of the site’s appearance (none by default), which `npm run admin -- site:appearance` checks as it does the others', () => {
    expect(mergeAppearance({}).locale).toBe('');
    expect(mergeAppearance({ locale: 'ar' }).locale).toBe('ar');
    expect(appearanceIssues({ locale: 'zh-Hans' })).toEqual([]);
    expect(appearanceIssues({ locale: 7 })).toEqual(['locale must be a string']);
  });
});
