/**
 * The statement's situation and contacts in each locale (journey/screens/statement.tsx): the words around the
 * catalogue's (the full stops, the list of debts, a label's letter case, the advisers' hours, AFCA's contacts) are
 * the locale's too, where they once were English in every language.
 */
import { act, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import * as ArOnDemand from '../../journey/locales/ar/messages-on-demand';
import * as Ar from '../../journey/locales/ar/messages';
import * as ZhOnDemand from '../../journey/locales/zh-Hans/messages-on-demand';
import * as Zh from '../../journey/locales/zh-Hans/messages';
import { setLocale } from '../../journey/locale';
import type { LoadWords } from '../../journey/locale-words';
import type { Answers } from '../../machines/journey-answers';
import { completeAnswers } from '../fixtures/answers';
import { renderJourney } from './render-journey';

const WORDS = { ar: { messages: Ar, 'messages-on-demand': ArOnDemand }, 'zh-Hans': { messages: Zh, 'messages-on-demand': ZhOnDemand } };
const load: LoadWords = async (locale, module) =>
  module === 'messages-advice' || module === 'messages-records' ? {} : WORDS[locale][module];

/** Complete answers with two debts: a credit card and a car loan, at a rate that does not stop the advice. */
function withDebts(): Answers {
  const row = { owner: 'self', taxDeductible: 'no', interestRate: '5', repaymentAmount: '100', frequency: 'monthly' } as const;
  return {
    ...completeAnswers(),
    debts: {
      answer: 'yes',
      rows: [
        { id: 1, type: 'credit-card', value: '2000', ...row },
        { id: 2, type: 'car-loan', value: '9000', ...row },
      ],
    },
  };
}

/** The statement's list items and paragraphs, as read. */
async function statementText(): Promise<string[]> {
  const soa = await screen.findByRole('article');
  return [...soa.querySelectorAll('li, p')].map((e) => e.textContent ?? '');
}

afterEach(async () => {
  await act(() => setLocale('en'));
});

// first, the switch from English with the statement shown (its words not yet assigned in any locale); then each locale
// chosen before the statement shows, English last
describe('the statement’s situation and contacts', () => {
  it('switches to Chinese from the picker while the statement shows in English', async () => {
    renderJourney('/statement-of-advice', withDebts());
    expect(await statementText()).toContain('Debts: credit card and car loan.');
    await act(() => setLocale('zh-Hans', load));
    await waitFor(async () => expect(await statementText()).toContain('债务：信用卡和汽车贷款。'));
    expect(screen.getByRole('heading', { name: '您的情况' })).toBeTruthy();
  });

  it('in Simplified Chinese: Chinese punctuation, 和 joining the debts, the hours and AFCA’s contacts in Chinese', async () => {
    await act(() => setLocale('zh-Hans', load));
    renderJourney('/statement-of-advice', withDebts());
    const text = await statementText();
    expect(text).toContain('受雇。');
    expect(text).toContain('债务：信用卡和汽车贷款。');
    expect(text.join('\n')).toContain('（澳大利亚东部标准时间（AEST）周一至周五上午 9 点至下午 5 点）');
    expect(text.join('\n')).toContain(
      '网站 www.afca.org.au、电子邮件 info@afca.org.au、电话 1800 931 678，或邮寄至 GPO Box 3, Melbourne VIC 3001。',
    );
    expect(text.join('\n')).not.toMatch(/9am|Monday|, or /);
  });

  it('in Arabic: و joining the debts, the hours and AFCA’s contacts in Arabic', async () => {
    await act(() => setLocale('ar', load));
    renderJourney('/statement-of-advice', withDebts());
    const text = await statementText();
    expect(text).toContain('الديون: بطاقة ائتمان وقرض سيارة.');
    expect(text.join('\n')).toContain('من الاثنين إلى الجمعة');
    expect(text.join('\n')).toContain('أو بالبريد على العنوان \u2066GPO Box 3, Melbourne VIC 3001\u2069.');
    expect(text.join('\n')).not.toMatch(/9am|Monday|, or /);
  });

  it('in English: as before, with the debts a list of the locale', async () => {
    renderJourney('/statement-of-advice', withDebts());
    const text = await statementText();
    expect(text).toContain('Age 38, single.');
    expect(text).toContain('Employed.');
    expect(text).toContain('Debts: credit card and car loan.');
    expect(text.join('\n')).toContain('(9am to 5pm AEST, Monday to Friday)');
    expect(text.join('\n')).toContain(': www.afca.org.au, info@afca.org.au, 1800 931 678, or GPO Box 3, Melbourne VIC 3001.');
  });
});
