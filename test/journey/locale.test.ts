/** Which language a visitor reads (journey/locale.ts), and how a locale's words replace English (journey/locale-words.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLocale, matchLocale } from '../../journey/locale';
import { parseDateOfBirth } from '../../journey/engine/dates';
import type { MissingAnswer } from '../../journey/engine/inputs';
import { assignWords, setWords, wordsReady } from '../../journey/locale-words';
import * as ArOnDemand from '../../journey/locales/ar/messages-on-demand';
import * as Ar from '../../journey/locales/ar/messages';
import { sayMissing } from '../../journey/messages-on-demand';
import { DASHBOARD_WORDS, FRAME_WORDS, QUESTION_WORDS, sayDateOfBirthProblem, UNIT_WORDS } from '../../journey/messages';

describe('matching a language tag', () => {
  it.each([
    ['ar', 'ar'],
    ['ar-EG', 'ar'],
    ['ar-u-nu-arab', 'ar'],
    ['en', 'en'],
    ['en-AU', 'en'],
    ['en_GB', 'en'],
    ['zh', 'zh-Hans'],
    ['zh-CN', 'zh-Hans'],
    ['zh-SG', 'zh-Hans'],
    ['zh-Hans', 'zh-Hans'],
    ['zh-Hans-AU', 'zh-Hans'],
    ['ZH-hans-cn', 'zh-Hans'],
    ['zh-TW', null],
    ['zh-HK', null],
    ['zh-MO', null],
    ['zh-Hant', null],
    ['zh-Hant-TW', null],
    ['zh-Hansx', null],
    ['fr-FR', null],
    ['', null],
  ])('%s → %s', (tag, locale) => {
    expect(matchLocale(tag)).toBe(locale);
  });

  it('takes the visitor’s choice first, then the browser’s languages in order, past those it has no words for', () => {
    expect(chooseLocale(['ar', 'zh-CN', 'en-AU'])).toBe('ar');
    expect(chooseLocale([null, 'zh-TW', 'fr', 'zh-CN', 'ar'])).toBe('zh-Hans');
    expect(chooseLocale([null, 'de', 'en-GB', 'ar'])).toBe('en');
    expect(chooseLocale(['nonsense', 'ar'])).toBe('ar');
  });

  it('is English when nothing matches', () => {
    expect(chooseLocale([null, 'zh-TW', 'fr'])).toBe('en');
    expect(chooseLocale([])).toBe('en');
  });
});

describe('assigning a locale’s words into the English catalogue', () => {
  it('replaces words, functions and lists in place, key by key, and keeps English where the locale has no word', () => {
    const list = ['one', 'two'];
    const nested = { a: 'A', b: { c: 'C', d: 'D' } };
    const english = { nested, list, said: (n: number) => `${n} years`, kept: 'Kept' };
    assignWords(english, { nested: { b: { c: 'ج' } }, list: ['واحد', 'اثنان'], said: (n: number) => `${n} سنة`, extra: 'x' });
    // the same objects, their words replaced
    expect(english.nested).toBe(nested);
    expect(english.list).toBe(list);
    expect(english).toEqual({
      nested: { a: 'A', b: { c: 'ج', d: 'D' } },
      list: ['واحد', 'اثنان'],
      said: expect.any(Function),
      kept: 'Kept',
    });
    expect(english.said(3)).toBe('3 سنة');
    expect('extra' in english).toBe(false);
  });

  it('never puts an object where a word was, or a word where an object was', () => {
    const english = { word: 'Word', group: { a: 'A' } };
    assignWords(english, { word: { a: 'x' }, group: 'x' });
    expect(english).toEqual({ word: 'Word', group: { a: 'A' } });
  });
});

describe('a locale’s words', () => {
  const stub = {
    FRAME_WORDS: { back: 'stub:Back' },
    QUESTION_WORDS: { dateOfBirth: { title: 'stub:Date?' } },
    DASHBOARD_WORDS: { journeys: [{ title: 'stub:R', text: 'stub:t' }] },
  };
  afterEach(() => setWords('en'));

  it('say the engine’s codes where they are shown: a date of birth’s problem and a missing answer, in the locale', async () => {
    const dob = parseDateOfBirth('31/02/2000', new Date(2026, 0, 1));
    const problem = dob.ok ? null : dob.problem;
    const goal: MissingAnswer = { question: 'goalDetails', answer: 'goal.years', problem: 'yearsOverMax', figures: { max: 50 } };
    const rate: MissingAnswer = { question: 'debts', answer: 'debts', rowId: 1, problem: 'not-rate' };
    const english = [sayDateOfBirthProblem(problem!), sayMissing(goal), sayMissing(rate)];
    expect(english).toEqual([
      '31/02/2000 is not a real date: February 2000 has 29 days.',
      'Enter a goal no more than 50 years away.',
      'Enter the interest rate as a percentage a year, for example 19.99, or leave it empty.',
    ]);
    expect(await setWords('ar')).toBe(true);
    expect(await wordsReady('ar', 'messages-on-demand')).toBe(true);
    const E = Ar.DATE_OF_BIRTH_ERRORS;
    expect([sayDateOfBirthProblem(problem!), sayMissing(goal), sayMissing(rate)]).toEqual([
      E.notReal('31/02/2000', E.months[1]!, 2000, 29),
      ArOnDemand.MISSING_WORDS.goalDetails.yearsOverMax(50),
      Ar.FIELD_MESSAGES.rate['not-rate'],
    ]);
    await setWords('en');
    expect([sayDateOfBirthProblem(problem!), sayMissing(goal), sayMissing(rate)]).toEqual(english);
  });

  it('are assigned into the English catalogue, and switching back to English puts English back', async () => {
    const load = vi.fn(async () => stub);
    expect(await setWords('ar', load)).toBe(true);
    expect(load).toHaveBeenCalledWith('ar', 'messages');
    expect(FRAME_WORDS.back).toBe('stub:Back');
    expect(FRAME_WORDS.continue).toBe('Continue');
    expect(QUESTION_WORDS.dateOfBirth.title).toBe('stub:Date?');
    expect(DASHBOARD_WORDS.journeys).toEqual([{ title: 'stub:R', text: 'stub:t' }]);

    expect(await setWords('en')).toBe(true);
    expect(FRAME_WORDS.back).toBe('Back');
    expect(QUESTION_WORDS.dateOfBirth.title).toBe('What is your date of birth?');
    expect(DASHBOARD_WORDS.journeys.map((j) => j.title)).toEqual([
      'Retirement',
      'Investment',
      'Investment Choice',
      'Financial health check',
    ]);
    expect(UNIT_WORDS.years(2.5)).toBe('2.5 years');
  });

  it('that fail to load leave English, and say so', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await setWords('zh-Hans', () => Promise.reject(new Error('offline')))).toBe(false);
    expect(FRAME_WORDS.back).toBe('Back');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('English stays'), expect.any(Error));
    warn.mockRestore();
  });
});
