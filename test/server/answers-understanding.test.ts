/**
 * The built-in engine understands a visitor's words (synonyms, tables read with their
 * headers), quotes only what answers, declines what it should not answer, and proposes
 * follow-ups a person would click.
 */
import { describe, expect, it } from 'vitest';
import { answerFromSources } from '../../server/answers/builtin';
import { headingQuestion, isTopic, suggestFollowUps } from '../../server/answers/follow-ups';
import type { AnswerRequest, SourceDoc } from '../../server/answers/index';
import { buildQuery, pointedFocus } from '../../server/answers/query';
import {
  MAX_TABLE_WORDS,
  PAGE_SOURCE,
  buildIndex,
  rankPassages,
  requestPassages,
  splitPassages,
  tabTables,
  tableRowSentence,
  wordCount,
} from '../../server/answers/retrieval';
import { questionScope } from '../../server/answers/scope';
import * as words from '../../server/answers/words';

// A product statement as a word processor's text arrives: plain lines, numbered headings, a tab table.
const STATEMENT = [
  'Product Disclosure Statement',
  'Balanced Index Fund',
  'Issued by Example Funds Ltd. Read it in full before you decide to invest in the fund.',
  '1. About the fund',
  'The Balanced Index Fund is a low-cost index fund: it invests in index funds that track each market rather than trying to beat it.',
  '2. Fees and costs',
  'There is a single investment fee of 0.5% a year, taken from the fund monthly.',
  'Fee\tAmount\tHow it is paid',
  'Investment fee\t0.5% a year\tDeducted from the fund monthly.',
  'Withdrawal fee\tNil\tNot charged.',
  '3. How to withdraw',
  'You can withdraw some or all of your money at any time:',
  'Log in to your account, choose Withdraw, and enter the amount.',
  'The money usually reaches your bank within five business days.',
  '4. Complaints',
  'If you have a complaint about the fund, contact us first; we answer within 30 days.',
].join('\n');

// An adviser's guide in markdown, with a table of profiles and an adviser fee.
const GUIDE = `# Adviser guide

## How our advisers are paid

Our adviser fee is $400, charged once for your advice; it is not taken from the fund.

## Risk profiles

| Risk profile | Growth | Defensive | Time horizon |
| --- | ---: | ---: | --- |
| Cautious | 40% | 60% | 3+ years |
| Moderately aggressive | 70% | 30% | 6+ years |
| Aggressive | 90% | 10% | 7+ years |

## Complaints

If you are not happy with our advice or the fund, write to our complaints officer.
`;

const DOCS: SourceDoc[] = [
  { id: 'pds', name: 'Product Disclosure Statement', text: STATEMENT },
  { id: 'guide', name: 'Adviser guide', text: GUIDE },
];

// The journey's home page as the page reader sends it now: light markdown.
const HOME_PAGE = `# Your recommended journeys

## Retirement

Plan the retirement you want, and see how long your savings could last.

## Saving for a goal

Choose your goal and we suggest how much to put aside each month.

- Travelling overseas
- Buying your first home
- Starting a business`;

// The same page as an older widget sends it: one flat line, skip link included.
const FLAT_PAGE =
  'Skip to content Your recommended journeys Retirement Plan the retirement you want, and see how long your savings could last. ' +
  'Saving for a goal Choose your goal and we suggest how much to put aside each month. Travelling overseas Buying your first home Starting a business';

function ask(question: string, overrides: Partial<AnswerRequest> = {}) {
  return answerFromSources({ question, pageText: null, pagePath: '/', documents: DOCS, history: [], ...overrides });
}

/** The quoted lines of an answer, without the '> ' marker. */
function quotes(content: string): string[] {
  return content
    .split('\n')
    .filter((line) => line.startsWith('> '))
    .map((line) => line.slice(2));
}

describe('synonyms', () => {
  it('"buy a house" finds "first home"', () => {
    for (const pageText of [HOME_PAGE, FLAT_PAGE]) {
      const result = ask('Which journey suits me if I want to buy a house?', { pageText });
      expect(result.sources).toEqual([PAGE_SOURCE]);
      expect(quotes(result.content).join(' ')).toContain('Buying your first home');
    }
    // Without the synonyms, the page's words do not meet the question's.
    const index = buildIndex(requestPassages({ pageText: HOME_PAGE, documents: [] }));
    const plain = rankPassages(index, buildQuery('buy a house', false));
    const withSynonyms = rankPassages(index, 'buy a house');
    expect(plain.some((r) => r.passage.text.includes('first home'))).toBe(false);
    expect(withSynonyms[0]!.passage.text).toContain('Buying your first home');
  });

  it('"take my money out" finds withdrawing, and "costs" finds fees', () => {
    const out = ask('How do I take my money out?');
    expect(out.sources).toEqual(['Product Disclosure Statement']);
    expect(quotes(out.content)[0]).toMatch(/^You can withdraw some or all of your money at any time: Log in to your account/);
    // The section's other line about the money answers as well: it is quoted too.
    expect(quotes(out.content).join(' ')).toContain('The money usually reaches your bank within five business days.');

    expect(quotes(ask('Is there an exit fee?').content).join(' ')).toContain('Withdrawal fee: Amount Nil');

    const costs = ask('What does it cost?');
    expect(quotes(costs.content).join(' ')).toMatch(/investment fee of 0\.5% a year/);
  });

  it('plain words find the documents’ terms: stop working, a trip abroad, a mistake, kept overseas', () => {
    const guide: SourceDoc = {
      id: 'adviser',
      name: 'Our advice service',
      text: [
        '# Our advice service',
        '## Planning ahead',
        'We help you plan the income you will need in retirement.',
        '## Goals you can save for',
        '- Travelling overseas',
        '- A new car',
        '## Compensation',
        'We hold professional indemnity insurance that covers the advice our representatives give.',
        '## Where your information is stored',
        'Some of our service providers store data outside Australia, in the United States.',
      ].join('\n\n'),
    };
    const cases: [string, RegExp][] = [
      ['Can you help me plan to stop working one day?', /retirement/],
      ['Can I save for a trip abroad?', /Travelling overseas/],
      ['Are you insured if an adviser makes a mistake?', /professional indemnity/],
      ['Is my data kept overseas?', /outside Australia/],
    ];
    for (const [question, expected] of cases) {
      const result = ask(question, { documents: [guide] });
      expect(quotes(result.content).join(' ')).toMatch(expected);
    }
  });

  it('a phrase of two words or more is searched whole, its small words aside: "birthday" finds "date of birth"', () => {
    const page = '# About you\n\nWe need a few details first.\n\n## Date of birth\n\nType it as DD/MM/YYYY, for example 15/06/1990.';
    expect(quotes(ask('How do I type my birthday?', { pageText: page, documents: [] }).content).join(' ')).toContain('DD/MM/YYYY');
    const complaints: SourceDoc = {
      id: 'p',
      name: 'Privacy policy',
      text: '# Privacy policy\n\n## Complaints\n\nWrite to our privacy officer. We acknowledge your complaint within a day and respond within 30 days.',
    };
    expect(quotes(ask('How quickly will you answer a privacy complaint?', { documents: [complaints] }).content).join(' ')).toContain(
      '30 days',
    );
  });

  it('"saved" is keeping, not money: a verb is not a synonym of the noun it stems like', () => {
    const alternatives = buildQuery('Are my answers saved as I go?').concepts.flatMap((c) => c.alternatives.map((a) => a.terms.join(' ')));
    expect(alternatives).not.toContain('monei');
    expect(alternatives).not.toContain('cash');
  });

  it('"how long" asks for a duration', () => {
    expect(quotes(ask('How long does a withdrawal take?').content)).toEqual([
      '**How to withdraw:** The money usually reaches your bank within five business days.',
    ]);
  });

  it('a phrase that means something only whole is not searched word by word', () => {
    const query = buildQuery('How do I take money out?');
    // "take" alone would match "takes", "taken"…: only the phrase's meaning (withdraw) is searched.
    expect(query.concepts.some((c) => c.alternatives.some((a) => a.terms.join(' ') === 'take'))).toBe(false);
    expect(query.concepts.some((c) => c.alternatives.some((a) => a.terms.join(' ') === 'withdraw'))).toBe(true);
  });
});

describe('tables', () => {
  it('reads a row as one sentence with its headers', () => {
    expect(
      tableRowSentence(['Moderately aggressive', '70%', '30%', '6+ years'], ['Risk profile', 'Growth', 'Defensive', 'Time horizon']),
    ).toBe('Moderately aggressive: Growth 70%, Defensive 30%, Time horizon 6+ years');
    expect(tableRowSentence(['', '70%', ''], ['Profile', 'Growth', 'Defensive'])).toBe('Growth 70%');
  });

  it('answers a table row with its headers, from markdown and from tab-separated text', () => {
    const result = ask('What is the moderately aggressive risk profile?');
    // The row, with its headers, under its section's heading (which holds "risk profile").
    expect(quotes(result.content)).toContain('**Risk profiles:** Moderately aggressive: Growth 70%, Defensive 30%, Time horizon 6+ years');
    expect(result.content).not.toMatch(/70% — 30%/);

    // The row whose label is the one asked about comes first, not one that merely contains it.
    const aggressive = ask('What is the time horizon of the aggressive risk profile?');
    expect(quotes(aggressive.content)[0]).toContain('Aggressive: Growth 90%');
    expect(aggressive.content).not.toContain('Moderately aggressive');

    const fee = ask('Is there a withdrawal fee?');
    expect(quotes(fee.content).join(' ')).toContain('Withdrawal fee: Amount Nil, How it is paid Not charged.');
    expect(tabTables('a\tb\n1\t2')).toBe('\n| a | b |\n| --- | --- |\n| 1 | 2 |\n');
  });

  it('never cuts a passage inside a table, unless the table is longer than a passage can be', () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `| Fund ${i} | ${i}% | Yearly |`).join('\n');
    const table = (n: number) =>
      `## Fees\n\nSome words before the table.\n\n| Fund | Fee | Frequency |\n|---|---|---|\n${rows(n)}\n\nAnd a line after it.`;
    const whole = splitPassages(table(20), 'Doc');
    const withRows = whole.filter((p) => p.sentences.some((s) => s.startsWith('Fund ')));
    expect(withRows).toHaveLength(1);
    expect(withRows[0]!.sentences.filter((s) => s.startsWith('Fund '))).toHaveLength(20);

    const long = splitPassages(table(120), 'Doc');
    const pieces = long.filter((p) => p.sentences.some((s) => s.startsWith('Fund ')));
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) {
      expect(wordCount(piece.text)).toBeLessThanOrEqual(MAX_TABLE_WORDS);
      // Every row keeps its headers, and no row is cut.
      for (const row of piece.sentences.filter((s) => s.startsWith('Fund '))) expect(row).toMatch(/^Fund \d+: Fee \d+%, Frequency Yearly$/);
    }
  });
});

describe('quotes', () => {
  it('"What is an index fund?" quotes the definition, and no fee or complaints line', () => {
    const result = ask('What is an index fund?');
    const quoted = quotes(result.content).join(' ');
    expect(quoted).toContain('is a low-cost index fund');
    expect(quoted).not.toMatch(/fee|complain/i);
    expect(result.sources).toEqual(['Product Disclosure Statement']);
  });

  it('shows the heading a quote answers under when the heading holds the question’s words', () => {
    const result = ask('What is the cooling-off period?', {
      documents: [
        {
          id: 'c',
          name: 'Terms',
          text: '# Terms\n\n## Cooling-off period\n\nIf you change your mind, you have 14 days to ask for your money back.',
        },
      ],
    });
    expect(quotes(result.content)).toEqual([
      '**Cooling-off period:** If you change your mind, you have 14 days to ask for your money back.',
    ]);
  });

  it('answers "what is this about?" in the Ask-question modal with the opening of the source in focus', () => {
    const video: SourceDoc = {
      id: 'v',
      name: 'Welcome video',
      text: 'Welcome to Example Advice. In three minutes we show how the advice journey works.',
    };
    const result = ask("What's this video about?", { documents: [...DOCS, video], focus: { id: 'v', name: 'Welcome video' } });
    expect(result.sources).toEqual(['Welcome video']);
    expect(quotes(result.content)[0]).toMatch(/^Welcome to Example Advice\./);
    // Without a video to point at, it says it found nothing rather than quoting a "recording".
    const nothing = ask("What's this video about?", {
      documents: [{ id: 'p', name: 'Privacy', text: 'We keep advice records for seven years. Your voice recording is not kept.' }],
    });
    expect(nothing.sources).toEqual([]);
  });

  it('quotes the sentence that holds the question’s words itself, and a definition’s next line', () => {
    const guide: SourceDoc = {
      id: 'g',
      name: 'Guide',
      text: [
        '# Guide',
        '## About the fund',
        'The Growth Index Fund is a diversified, low-cost index fund. It buys index funds that track each market, so its returns follow the markets’.',
        'You choose one of three risk profiles.',
        '## How we are paid',
        'We charge an adviser fee of $300 for your advice. We take no commissions, and our advisers are paid a salary.',
      ].join('\n\n'),
    };
    expect(quotes(ask('What is an index fund?', { documents: [guide] }).content).join(' ')).toMatch(/track each market/);
    expect(quotes(ask('How are your advisers paid?', { documents: [guide] }).content).join(' ')).toMatch(/paid a salary/);
  });

  it('answers a question asking for several things with the list, not one line of it', () => {
    const doc: SourceDoc = {
      id: 'r',
      name: 'Fund guide',
      text: [
        '# Fund guide',
        '## Risks of investing',
        'All investments carry risk. Returns are not guaranteed. The main risks are:',
        '- Market risk: markets fall, sometimes sharply.',
        '- Currency risk: a rising dollar lowers the value of overseas assets.',
        '## Fees',
        [
          '| Fee | Amount | Frequency |',
          '| --- | --- | --- |',
          '| Upfront adviser fee | $400 | Once |',
          '| Administration fee | 0% | Yearly |',
          '| Investment fee | 0.6% | Yearly |',
        ].join('\n'),
      ].join('\n\n'),
    };
    expect(quotes(ask('What are the risks of investing?', { documents: [doc] }).content).join(' ')).toContain('Market risk');
    const fees = quotes(ask('What fees are listed here?', { documents: [doc] }).content).join(' ');
    for (const fee of ['Upfront adviser fee', 'Administration fee', 'Investment fee']) expect(fees).toContain(fee);
  });

  it('reads the page’s unmarked lines as its labels and options, each with the line under it', () => {
    const page = [
      '# How do you feel about investment risk?',
      'Choose the investment style that suits you.',
      'Cautious',
      'Security over growth.',
      'Moderate',
      'A balance of growth and security.',
      'Date of birth',
      'For example, 15/06/1990 (DD/MM/YYYY)',
    ].join('\n\n');
    // Not headings: "Moderate" is an option, and its meaning is the line under it.
    expect(requestPassages({ pageText: page, documents: [] }).every((p) => p.headings.length === 1)).toBe(true);
    expect(quotes(ask('What does the moderate style mean?', { pageText: page, documents: [] }).content).join(' ')).toContain(
      'Moderate A balance of growth and security.',
    );
    expect(quotes(ask('What format is the date of birth in?', { pageText: page, documents: [] }).content).join(' ')).toContain(
      'DD/MM/YYYY',
    );
  });

  it('answers what the visitor can choose with the page’s own options, never its buttons', () => {
    const journeys = ask('Which journey suits me?', { pageText: HOME_PAGE });
    expect(journeys.sources).toEqual([PAGE_SOURCE]);
    expect(quotes(journeys.content)).toEqual([
      '- Retirement: Plan the retirement you want, and see how long your savings could last.',
      '- Saving for a goal: Choose your goal and we suggest how much to put aside each month.',
    ]);
    const form = '# What is your relationship status?\n\nCouple\n\nSingle\n\nBack\n\nContinue';
    expect(quotes(ask('What can I choose here?', { pageText: form }).content)).toEqual(['- Couple', '- Single']);
    const goals = [
      '# What are you investing for?',
      'Choose the goal that matters most to you right now.',
      'Travelling overseas',
      'Buying your first home',
      'Back',
    ].join('\n\n');
    expect(quotes(ask('What goals can I choose from?', { pageText: `${goals}\n\n${form}` }).content)).toEqual([
      'Choose the goal that matters most to you right now.',
      '- Travelling overseas',
      '- Buying your first home',
    ]);
    // Not a question about choosing: answered from the content as usual.
    expect(ask('What is the relationship status?', { pageText: form }).content).not.toMatch(/- Couple/);
  });

  it('answers from the page first when the question points at what it shows ("this product")', () => {
    const page = '# Your recommended product\n\n## Balanced Index Fund\n\n- Its fees are low: 0.5% a year.\n- You can start with $5,000.';
    const result = ask('What fees will I pay for this product?', { pageText: page });
    expect(result.sources).toEqual([PAGE_SOURCE]);
    expect(quotes(result.content).join(' ')).toContain('0.5% a year');
  });

  it('compares two things with what each is, not with a line that names both', () => {
    const doc: SourceDoc = {
      id: 'a',
      name: 'Asset guide',
      text: [
        '# Asset guide',
        '## Mixes',
        ['| Mix | Growth assets | Defensive assets |', '| --- | --- | --- |', '| Steady | 30% | 70% |', '| Bold | 90% | 10% |'].join('\n'),
        '## What the assets are',
        'Growth assets: shares and property.',
        'Defensive assets are bonds and cash.',
      ].join('\n\n'),
    };
    const quoted = quotes(ask('What is the difference between growth and defensive assets?', { documents: [doc] }).content);
    expect(quoted).toEqual(['Growth assets: shares and property.', 'Defensive assets are bonds and cash.']);
  });

  it('answers "when" with the sentence that says when, following the one that names the thing', () => {
    const page =
      '# Your plan\n\nYour plan is prepared from your answers. Finish the questions and accept our recommendation to read it here.';
    const quoted = quotes(ask('When will I see my plan?', { pageText: page, documents: [] }).content).join(' ');
    expect(quoted).toContain('accept our recommendation');
  });

  it('completes a sentence pointing at what comes next with the section that names it', () => {
    const page = [
      '# Your recommended product',
      'Hi Sam, this is the product we recommend for your goal.',
      '## Balanced Index Fund',
      'A low-cost index portfolio that matches your style.',
    ].join('\n\n');
    const quoted = quotes(ask('Which product do you recommend?', { pageText: page, documents: [] }).content).join(' ');
    expect(quoted).toContain('this is the product we recommend for your goal. Balanced Index Fund: A low-cost index portfolio');
  });

  it('reads the page’s own heading as the topic of what is under it', () => {
    const page =
      '# What is your date of birth?\n\nYou need to be 18 or over to use this advice.\n\nDate of birth\n\nFor example, 15/06/1990\n\nBack';
    const result = ask('How old do I have to be?', { pageText: page, documents: [] });
    expect(quotes(result.content).join(' ')).toContain('18 or over');
    // A heading that asks keeps its question mark when shown with a quote.
    const fees = ask('Do I pay?', { pageText: '# Costs\n\n## Do I pay?\n\nNothing is charged.', documents: [] });
    expect(quotes(fees.content)).toEqual(['**Do I pay?** Nothing is charged.']);
  });

  it('never quotes the page’s buttons: with nothing else to quote, it says it found nothing', () => {
    const result = ask('What is this video about?', { pageText: '# Video\n\nBack\n\nContinue', documents: [] });
    expect(result.content).toMatch(/^I couldn't find anything about that/);
    expect(result.sources).toEqual([]);
    const label = ask('What is the date of birth?', { pageText: '# About you\n\nDate of birth\n\nBack', documents: [] });
    expect(quotes(label.content)).toEqual(['Date of birth']);
  });

  it('does not quote a document title as if it answered', () => {
    const result = ask('Tell me about the Balanced Index Fund');
    expect(quotes(result.content)).not.toContain('Balanced Index Fund');
  });
});

describe('honest when it does not know', () => {
  const help = 'https://help.example/faq';

  it('declines the weather, a share tip and the visitor’s account without inventing anything', () => {
    const page = 'Your statement\n\nExample balance $12,340.17 as at 30 June.';
    for (const question of ["What's the weather in Sydney tomorrow?", 'Give me a hot stock tip', "What's my current account balance?"]) {
      const result = ask(question, { pageText: page });
      expect(result.sources).toEqual([]);
      expect(quotes(result.content)).toEqual([]);
      expect(result.content).not.toMatch(/\d/);
    }
    expect(ask("What's my current account balance?", { pageText: page }).content).toBe(words.ACCOUNT_DATA);
    expect(ask('Which shares should I buy this week?').content).toBe(words.STOCK_TIP);
    expect(ask("What's the weather in Sydney tomorrow?").content).toContain(words.OUT_OF_SCOPE);
  });

  it('points to the site’s help page when it has one', () => {
    const weather = ask("What's the weather in Sydney tomorrow?", { referenceWebpage: help });
    expect(weather.content).toMatch(/\[the site's help page\]\(https:\/\/help\.example\/faq\)\.$/);
    expect(ask('Give me a stock tip', { referenceWebpage: help }).content).toContain(`(${help})`);
    expect(ask('How do I bake bread?', { referenceWebpage: 'javascript:alert(1)' }).content).not.toContain('javascript');
    expect(ask('Give me a stock tip').content).not.toContain('help page');
  });

  it('answers an off-topic word when the site itself talks about it', () => {
    const travel: SourceDoc[] = [
      { id: 't', name: 'Travel cover', text: 'Our travel cover pays out when bad weather cancels your flight.' },
    ];
    const result = ask('Does it cover the weather?', { documents: travel });
    expect(result.sources).toEqual(['Travel cover']);
  });

  it('below the threshold, says so and offers two or three related topics that exist', () => {
    const result = ask('Can I get a discount for students?');
    expect(result.content).toMatch(/^I couldn't find anything about that in the site's documents\. These are some of the topics/);
    expect(result.followUps.length).toBeGreaterThanOrEqual(2);
    expect(result.followUps.length).toBeLessThanOrEqual(3);
  });

  it('declines a live price, and a name no source holds, though other words of the question match', () => {
    for (const question of [
      'What is the price of Bitcoin?',
      'How much is one bitcoin worth today?',
      'What are shares in BHP trading at?',
    ]) {
      expect(questionScope(question).kind).toBe('market-price');
      expect(ask(question).content).toBe(words.MARKET_PRICE);
    }
    expect(questionScope('What is the unit price of the fund?').kind).toBe('content');
    // "capital" matches "capital gains" and "tax" the fund's tax section, but nothing here speaks of France or of that benefit.
    const gains: SourceDoc = { id: 'tax', name: 'Tax guide', text: '# Tax\n\nCapital gains on your units may be taxed when you withdraw.' };
    for (const question of ['What is the capital of France?', 'Is Family Tax Benefit taxed?']) {
      const result = ask(question, { documents: [...DOCS, gains] });
      expect(result.content).toMatch(/^I couldn't find anything about that/);
      expect(result.sources).toEqual([]);
    }
    // A name the sources hold is searched as usual.
    expect(ask('Is the Balanced Index Fund taxed?', { documents: [...DOCS, gains] }).sources.length).toBeGreaterThan(0);
  });

  it('answers personal advice with general information only, pointed to the advice journey', () => {
    for (const question of [
      'Should I invest my savings in the Balanced Index Fund?',
      'Which risk profile should I choose?',
      'Is this fund right for me?',
      'Should I pay off my credit card before investing?',
    ]) {
      expect(questionScope(question).kind).toBe('personal-advice');
      const result = ask(question);
      expect(result.content.startsWith(words.GENERAL_ADVICE_ONLY)).toBe(true);
      expect(result.content).toMatch(/advice journey/);
    }
    // Nothing to quote: the pointer alone.
    expect(ask('Should I invest my savings?', { documents: [] }).content).toBe(words.GENERAL_ADVICE_ONLY);
    // A general question about balances is not a question about the visitor's account.
    expect(questionScope('What happens to my super balance when I retire?').kind).toBe('content');
    for (const question of ["What's my current account balance?", 'Show me my transactions', 'What is my password?']) {
      expect(questionScope(question).kind).toBe('account');
    }
    // Asking which of the site's journeys fits is a question about the site.
    expect(questionScope('Which journey suits me?').kind).toBe('content');
    expect(questionScope('What are the fees?').kind).toBe('content');
  });
});

describe('follow-ups a person would click', () => {
  // A fee schedule stored as raw CSV (as older uploads are) and an old widget's flat page text.
  const csv: SourceDoc = {
    id: 'csv',
    name: 'Fee schedule',
    text: 'Fee,Amount,Frequency,How it is paid,"On a $10,000 investment"\r\nInvestment fee,0.5%,Yearly,Deducted monthly,$50\r\n',
  };
  const chromePage = `Skip to content
Menu
Investment Investment
## How to withdraw

You can withdraw at any time from your account.`;

  it('are real questions from topic headings: never CSV, repeated words or page chrome', () => {
    const questions = [
      'What are the fees?',
      'How do I withdraw?',
      'Which journey suits me?',
      'What is an index fund?',
      'complaints',
      'weather',
    ];
    for (const question of questions) {
      for (const pageText of [FLAT_PAGE, HOME_PAGE, chromePage]) {
        const result = ask(question, { pageText, documents: [...DOCS, csv] });
        expect(result.followUps.length).toBeLessThanOrEqual(3);
        for (const followUp of result.followUps) {
          expect(followUp).toMatch(/^(?:What|How|Who|Why|When|Where|Which|Is|Are|Can|Do|Does)\b.*\?$/);
          expect(followUp).not.toMatch(/,\S|"|skip to|menu/i);
          const wordsOf = followUp
            .toLowerCase()
            .match(/\p{L}+/gu)!
            .filter((w) => w.length > 3);
          expect(new Set(wordsOf).size).toBe(wordsOf.length);
        }
      }
    }
  });

  it('write headings as questions a visitor asks', () => {
    const result = ask('What is an index fund?');
    expect(result.followUps).toEqual(['What are the fees and costs?', 'How do I withdraw?', 'How do I make a complaint?']);
    expect(isTopic('Fee,Amount,Frequency,How it is paid')).toBe(false);
    expect(isTopic('Skip to content')).toBe(false);
    expect(isTopic('Investment Investment')).toBe(false);
    expect(isTopic('Fees and costs')).toBe(true);
  });

  it('ask about a bare name with its parent heading’s noun, and never offer a transcript or a lone name', () => {
    const at = (...headings: string[]) => headingQuestion({ source: 'Doc', docId: null, headings, sentences: [], text: '', position: 1 });
    expect(at('Guide', '3. Risk profiles', 'Cautious')).toBe('What is the cautious profile?');
    expect(at('Guide', 'Risk profiles', 'Highly aggressive')).toBe('What is the highly aggressive profile?');
    expect(at('Your recommended journeys', 'Retirement')).toBe('What is the retirement journey?');
    expect(at('Investment risk profiles explained', 'Cautious')).toBeNull();
    expect(at('Your recommended product', 'Projection')).toBeNull();
    // A heading that reads as a clause or holds a sentence is no question.
    expect(at('Guide', 'What this advice does not cover')).toBeNull();
    expect(at('Guide', 'Not sure? Take the risk questionnaire')).toBeNull();
    expect(at('Guide', 'What is a risk profile')).toBe('What is a risk profile?');
    expect(at('Cautious')).toBeNull();
    expect(at('Welcome video', 'Transcript')).toBeNull();
    for (const question of ['Which journey suits me?', 'What does the cautious profile hold?', 'weather']) {
      for (const pageText of [HOME_PAGE, `${HOME_PAGE}\n\n## Transcript\n\nWelcome. Today we plan your goal.`]) {
        for (const followUp of ask(question, { pageText }).followUps) expect(followUp).not.toMatch(/^What about\b|transcript/i);
      }
    }
  });

  it('lead, when clicked, to an answer', () => {
    for (const question of ['What are the fees?', 'How do I withdraw?', 'What is an index fund?']) {
      for (const followUp of ask(question).followUps) expect(ask(followUp).sources.length).toBeGreaterThan(0);
    }
  });

  it('are deduplicated against what was just answered and asked, at most three', () => {
    const first = ask('How do I withdraw?');
    expect(first.followUps).not.toContain('How do I withdraw?');
    const next = ask(first.followUps[0]!, {
      history: [
        { role: 'user', content: 'How do I withdraw?' },
        { role: 'ai', content: first.content },
      ],
    });
    expect(next.followUps).not.toContain('How do I withdraw?');
    expect(next.followUps).not.toContain(first.followUps[0]);
    expect(next.followUps.length).toBeLessThanOrEqual(3);

    const passages = requestPassages({ pageText: null, documents: DOCS });
    const ranked = rankPassages(buildIndex(passages), 'fees');
    const followUps = suggestFollowUps({ question: 'fees', ranked, used: [ranked[0]!.passage], passages, limit: 2 });
    expect(followUps.length).toBeLessThanOrEqual(2);
  });
});

describe('a question pointing at what the page shows', () => {
  const video: SourceDoc = {
    id: 'v1',
    name: 'Meet your planner',
    text: '## About this video\n\nHow our planners help you set a savings goal.\n\n## Transcript\n\nHello, I help you plan for a goal.',
  };
  const guide: SourceDoc = { id: 'd1', name: 'Fee guide', text: '# Fees\n\nThe yearly fee is 0.5% of your balance.' };
  const ask = (question: string, onPage: AnswerRequest['onPage']): AnswerRequest => ({
    question,
    pageText: '# Welcome\n\nBack',
    pagePath: '/video',
    documents: [video, guide],
    history: [],
    ...(onPage ? { onPage } : {}),
  });

  it('is about the one video in the page’s slots, as in its Ask-question modal', () => {
    const onPage = [{ id: 'v1', name: video.name, kind: 'video' as const }];
    const answer = answerFromSources(ask('What is this video about?', onPage));
    expect(answer.sources).toEqual(['Meet your planner']);
    expect(answer.content).toContain('savings goal');
    expect(pointedFocus(ask('What is this video about?', onPage))).toEqual({ id: 'v1', name: 'Meet your planner' });
    // not without a video on the page, nor for a question that points at nothing, nor over the modal's own focus
    expect(pointedFocus(ask('What is this video about?', undefined))).toBeUndefined();
    expect(pointedFocus(ask('What are the fees?', onPage))).toBeUndefined();
    const modal = { ...ask('What is this video about?', onPage), focus: { id: 'd1', name: 'Fee guide' } };
    expect(pointedFocus(modal)).toEqual({ id: 'd1', name: 'Fee guide' });
  });

  it('is about the one document of its kind, and about none when the page shows two', () => {
    const one = [{ id: 'd1', name: guide.name, kind: 'document' as const }];
    expect(answerFromSources(ask('What does this document say?', one)).sources).toEqual(['Fee guide']);
    const two = [...one, { id: 'd2', name: 'Other', kind: 'document' as const }];
    expect(pointedFocus(ask('What does this document say?', two))).toBeUndefined();
  });
});
