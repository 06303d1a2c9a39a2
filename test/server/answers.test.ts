/** The answer engines without an outside service: retrieval, follow-ups, the built-in engine and the engine choice. */
import { describe, expect, it } from 'vitest';
import { answerFromSources, createBuiltinEngine, MAX_QUOTES, requiredMatches } from '../../server/answers/builtin';
import { headingQuestion, suggestFollowUps } from '../../server/answers/follow-ups';
import { createAnswerEngine, ProviderError, type AnswerRequest, type SourceDoc } from '../../server/answers/index';
import { demoDocuments } from '../../server/demo/content';
import { extractText } from '../../server/documents';
import {
  buildIndex,
  inverseDocFreq,
  MAX_PASSAGE_WORDS,
  MIN_PASSAGE_WORDS,
  normalizeWhitespace,
  PAGE_SOURCE,
  queryTerms,
  rankPassages,
  requestPassages,
  splitPassages,
  splitSentences,
  stem,
  stripInlineMarkdown,
  tokenize,
  topPassages,
  wordCount,
  type Passage,
} from '../../server/answers/retrieval';

const FEES = `# Fees guide

Our fees are simple and shown before you invest. There are two kinds of fee: the advice fee we charge for our
service, and the fund fees charged by the fund managers.

## Advice fee

The advice fee is 0.45% a year of the value of your portfolio, charged monthly from your cash balance.
Portfolios over £250,000 pay 0.25% on the part above that amount. There is no fee to open an account, to top up,
or to withdraw.

## Fund fees

Each fund charges its own ongoing charge, usually between 0.1% and 0.3% a year. This is taken inside the fund
price, so you will not see it as a separate payment.

## Switching and leaving

You can switch between portfolios at any time without a charge. If you leave, we transfer your investments or
pay out the cash; there is no exit fee.
`;

const RISK = `# Risk profiles

We match you to one of five risk profiles, from Cautious to Adventurous, based on your answers to the questionnaire.

## How we choose your risk profile

Your risk profile depends on how long you plan to invest, how you would feel if your portfolio fell in value, and
how much of your savings you can afford to lose. A longer time horizon usually allows a higher risk profile.

## Cautious

A Cautious portfolio holds mostly bonds and cash. It aims for steady growth with small ups and downs, and suits
goals less than five years away.

## Adventurous

An Adventurous portfolio holds mostly shares from around the world. Its value can rise and fall sharply from year
to year, so it suits goals more than ten years away.

## Changing your profile

You can retake the questionnaire at any time; if your circumstances change, we suggest a new profile and you
choose whether to switch.
`;

// Plain text, as a docx arrives: a title line, no markdown.
const SUPER = `Superannuation basics

Superannuation, or super, is money your employer pays into a fund to save for your retirement. Your employer must
pay the super guarantee, currently 11.5% of your ordinary earnings, into your chosen super fund.

You can add extra contributions from your pre-tax salary through salary sacrifice. Concessional contributions are
taxed at 15% in the fund, and the yearly cap is $27,500.

You can usually access your super when you reach your preservation age and retire.
`;

const PRIVACY = `# Privacy policy

We keep your personal details safe and only use them to provide our service. We never sell your data to anyone.
You can ask us for a copy of the data we hold about you, and ask us to correct it.

## Cookies

Our website uses cookies to remember your preferences and to understand how visitors use the site.
`;

const DOCS: SourceDoc[] = [
  { id: 'd-fees', name: 'Fees guide', text: FEES },
  { id: 'd-risk', name: 'Risk profiles', text: RISK },
  { id: 'd-super', name: 'Super explained.docx', text: SUPER },
  { id: 'd-privacy', name: 'Privacy policy', text: PRIVACY },
];

// The visible text of a dashboard page, as the widget extracts it: one block per line.
const PAGE = `Your portfolio
Balance £12,340.17
Your current risk profile is Balanced. A Balanced portfolio holds a mix of shares and bonds.
Your next review meeting is on 14 May with Priya Shah, your adviser.
Recent activity
Monthly top-up of £200 received on 3 March.`;

function request(question: string, overrides: Partial<AnswerRequest> = {}): AnswerRequest {
  return { question, pageText: null, pagePath: '/dashboard', documents: DOCS, history: [], ...overrides };
}

/** The quoted lines of an answer, without the '> ' marker. */
function quotes(content: string): string[] {
  return content
    .split('\n')
    .filter((line) => line.startsWith('> '))
    .map((line) => line.slice(2));
}

/** Every quote is made of sentences (or cut parts of sentences) of the given sources; a table row is read with its headers. */
function expectQuotedFrom(content: string, sources: { text: string }[]) {
  const corpus = sources
    .map(
      (s) =>
        `${normalizeWhitespace(s.text).replace(/\n/g, ' ')} ${splitPassages(s.text, 'Doc')
          .map((p) => p.text)
          .join(' ')}`,
    )
    .join(' ');
  for (const quote of quotes(content)) {
    // A quote may start with the heading it answers under, in bold.
    const [, heading, text] = /^(?:\*\*(.+?):\*\* )?(.*)$/.exec(quote)!;
    if (heading) expect(corpus).toContain(heading.replace(/\\(.)/g, '$1'));
    for (const part of text!.split(' … ')) expect(corpus).toContain(part.replace(/^… | …$/g, ''));
  }
}

describe('tokenize', () => {
  it('lower-cases, drops punctuation and stop words', () => {
    expect(tokenize('What are the FEES, and how do I pay them?!')).toEqual(['fee', 'pay']);
    expect(tokenize('the a of and to in is it')).toEqual([]);
  });

  it('folds plurals, -ing and -ed onto the same term', () => {
    expect(tokenize('fees charges policies taxes switches cookies')).toEqual(tokenize('fee charge policy tax switch cookie'));
    expect(tokenize('charging charged investing invested saving')).toEqual(tokenize('charge charge invest invest save'));
    expect(tokenize('applies applied applying')).toEqual(tokenize('apply apply apply'));
  });

  it('is Unicode-aware: accents, full-width letters, possessives, contractions, numbers', () => {
    expect(tokenize('Café RÉSUMÉ naïve')).toEqual(tokenize('cafe resume naive'));
    expect(tokenize('ＦＥＥＳ')).toEqual(['fee']);
    expect(tokenize("the investor's portfolio, investors’ portfolios")).toEqual(['investor', 'portfolio', 'investor', 'portfolio']);
    expect(tokenize("don't")).toEqual([]);
    expect(tokenize('£250,000 at 0.45% for 5 years')).toEqual(['250000', '0.45', '5', 'year']);
  });

  it('indexes Han and kana runs as character bigrams', () => {
    expect(tokenize('退休金')).toEqual(['退休', '休金']);
    expect(tokenize('Привет мир')).toEqual(['привет', 'мир']);
  });

  it('stems with Porter, keeping short words as they are', () => {
    expect(['bus', 'class', 'status', 'analysis', 'bring', 'need', 'red'].map(stem)).toEqual([
      'bus',
      'class',
      'statu',
      'analysi',
      'bring',
      'need',
      'red',
    ]);
    expect(tokenize('retire retirement retiring')).toEqual(['retir', 'retir', 'retir']);
    expect(tokenize('ETF ETFs tax')).toEqual(['etf', 'etf', 'tax']);
  });

  it('queryTerms lists distinct terms in order', () => {
    expect(queryTerms('Fees, fees and more fees for switching?')).toEqual(['fee', 'switch']);
  });
});

describe('text cleanup', () => {
  it('collapses whitespace', () => {
    expect(normalizeWhitespace('  a\u00a0\u00a0 b\t c \r\n\r\n\r\n\r\n d\u200b e ')).toBe('a b c\n\nd e');
  });

  it('strips inline markdown and HTML, keeping the text', () => {
    expect(stripInlineMarkdown('**Bold**, _em_, [a link](https://x.test), ![alt](i.png), `code`, <b>tag</b>, snake_case_name')).toBe(
      'Bold, em, a link, alt, code, tag, snake_case_name',
    );
  });

  it('splits sentences, not at abbreviations, initials or decimals', () => {
    expect(splitSentences('Fees are low, e.g. 0.45% a year. Dr. Smith and J. Jones agree! Ready? Yes.')).toEqual([
      'Fees are low, e.g. 0.45% a year.',
      'Dr. Smith and J. Jones agree!',
      'Ready?',
      'Yes.',
    ]);
  });

  it('counts words', () => {
    expect(wordCount(' one  two\nthree ')).toBe(3);
    expect(wordCount('')).toBe(0);
  });
});

describe('splitPassages', () => {
  it('keeps markdown headings as context, out of the text, and joins hard-wrapped lines', () => {
    const passages = splitPassages(FEES, 'Fees guide', 'd-fees');
    expect(passages.map((p) => p.headings)).toEqual([
      ['Fees guide'],
      ['Fees guide', 'Advice fee'],
      ['Fees guide', 'Fund fees'],
      ['Fees guide', 'Switching and leaving'],
    ]);
    const advice = passages[1]!;
    expect(advice.sentences[0]).toBe(
      'The advice fee is 0.45% a year of the value of your portfolio, charged monthly from your cash balance.',
    );
    expect(advice.sentences).toHaveLength(3);
    expect(advice).toMatchObject({ source: 'Fees guide', docId: 'd-fees', position: 1 });
    expect(passages.every((p) => !p.text.includes('#') && !p.text.includes('\n'))).toBe(true);
  });

  it('takes a lone title line of plain text as a heading', () => {
    const [passage, ...rest] = splitPassages(SUPER, 'Super');
    expect(rest).toEqual([]);
    expect(passage!.headings).toEqual(['Superannuation basics']);
    expect(passage!.sentences[0]).toMatch(/^Superannuation, or super, is money/);
  });

  it('keeps short lines of page text as sentences of their own', () => {
    const [passage] = splitPassages(PAGE, PAGE_SOURCE);
    expect(passage!.sentences.slice(0, 3)).toEqual(['Your portfolio', 'Balance £12,340.17', 'Your current risk profile is Balanced.']);
  });

  it('makes list items and table rows sentences, each row read with its headers', () => {
    const text = '## Costs\n\n| Fee | Rate |\n|---|---|\n| Advice | 0.45% |\n\n- No exit fee\n- No top-up fee\n1. Free switching';
    const [passage] = splitPassages(text, 'Doc');
    expect(passage!.sentences).toEqual(['Advice: Rate 0.45%', 'No exit fee', 'No top-up fee', 'Free switching']);
    // A table without a header row is read as it is.
    expect(splitPassages('| Advice | 0.45% |\n| Fund | 0.2% |', 'Doc')[0]!.sentences).toEqual(['Advice — 0.45%', 'Fund — 0.2%']);
  });

  it(`cuts long sections into passages of about ${MIN_PASSAGE_WORDS}–${MAX_PASSAGE_WORDS} words, between sentences`, () => {
    const sentence = (n: number) => `Sentence number ${n} talks about pensions and savings for a while here.`;
    const paragraphs = Array.from({ length: 8 }, (_, p) => Array.from({ length: 5 }, (_, s) => sentence(p * 5 + s)).join(' '));
    const passages = splitPassages(`# Long\n\n${paragraphs.join('\n\n')}`, 'Doc');
    expect(passages.length).toBeGreaterThan(2);
    for (const p of passages) {
      expect(wordCount(p.text)).toBeLessThanOrEqual(MAX_PASSAGE_WORDS);
      expect(wordCount(p.text)).toBeGreaterThanOrEqual(MIN_PASSAGE_WORDS);
      expect(p.headings).toEqual(['Long']);
    }
    expect(passages.flatMap((p) => p.sentences)).toEqual(Array.from({ length: 40 }, (_, i) => sentence(i)));
  });

  it('cuts a run-on sentence without punctuation', () => {
    const passages = splitPassages(Array.from({ length: 300 }, (_, i) => `word${i}`).join(' '), 'Doc');
    expect(passages.length).toBe(3);
    expect(passages.every((p) => wordCount(p.text) <= MAX_PASSAGE_WORDS)).toBe(true);
  });

  it('has nothing for empty or heading-only text', () => {
    expect(splitPassages('', 'Doc')).toEqual([]);
    expect(splitPassages('  \n\n# Title\n\n## Sub\n', 'Doc')).toEqual([]);
  });
});

describe('requestPassages', () => {
  it('uses the page text only when it is given, first and named "This page"', () => {
    const withPage = requestPassages({ pageText: PAGE, documents: DOCS });
    expect(withPage[0]).toMatchObject({ source: PAGE_SOURCE, docId: null });
    expect(new Set(withPage.map((p) => p.source))).toEqual(new Set([PAGE_SOURCE, ...DOCS.map((d) => d.name)]));
    const without = requestPassages({ pageText: null, documents: DOCS });
    expect(without.some((p) => p.source === PAGE_SOURCE)).toBe(false);
    expect(without.length).toBe(withPage.length - 1);
  });

  it('gives the same passages for the same document again, and follows a rename or an edit', () => {
    const doc = { id: 'd', name: 'Guide', text: '# Guide\n\nThe advice fee is 0.45% a year.' };
    expect(requestPassages({ pageText: null, documents: [{ ...doc }] })).toEqual(requestPassages({ pageText: null, documents: [doc] }));
    expect(requestPassages({ pageText: null, documents: [{ ...doc, name: 'Renamed' }] })[0]!.source).toBe('Renamed');
    expect(requestPassages({ pageText: null, documents: [{ ...doc, text: 'Edited text.' }] })[0]!.text).toBe('Edited text.');
  });
});

describe('BM25 ranking', () => {
  const index = buildIndex(requestPassages({ pageText: null, documents: DOCS }));
  const best = (question: string) => {
    const top = rankPassages(index, question)[0];
    return top && [top.passage.source, top.passage.headings.at(-1)];
  };

  it.each([
    ['How much is the advice fee?', 'Fees guide', 'Advice fee'],
    ['Is there an exit fee when I leave?', 'Fees guide', 'Switching and leaving'],
    ['What are the ongoing charges of the funds?', 'Fees guide', 'Fund fees'],
    ['Which portfolio suits goals more than ten years away?', 'Risk profiles', 'Adventurous'],
    ['What does my risk profile depend on?', 'Risk profiles', 'How we choose your risk profile'],
    ['What happens if my circumstances change?', 'Risk profiles', 'Changing your profile'],
    ['Can I add to my super through salary sacrifice?', 'Super explained.docx', 'Superannuation basics'],
    ['Do you use cookies?', 'Privacy policy', 'Cookies'],
  ])('%s → %s / %s', (question, source, heading) => {
    expect(best(question)).toEqual([source, heading]);
  });

  it('ignores stop words and plurals', () => {
    expect(rankPassages(index, 'What are the fees?')).toEqual(rankPassages(index, 'fee'));
    expect(rankPassages(index, 'cookies')).toEqual(rankPassages(index, 'cookie'));
  });

  it('returns only passages that match a term, best first, ties in source order', () => {
    const ranked = rankPassages(index, 'portfolio');
    expect(ranked.length).toBeGreaterThan(1);
    expect(ranked.every((r) => r.matched.includes('portfolio') && r.score > 0)).toBe(true);
    for (let i = 1; i < ranked.length; i++) {
      const [a, b] = [ranked[i - 1]!, ranked[i]!];
      expect(a.score > b.score || (a.score === b.score && index.passages.indexOf(a.passage) < index.passages.indexOf(b.passage))).toBe(
        true,
      );
    }
    expect(rankPassages(index, 'weather in Paris')).toEqual([]);
    expect(rankPassages(index, 'portfolio', 2)).toHaveLength(2);
  });

  it('weights rare terms above common ones, and more occurrences above fewer', () => {
    expect(inverseDocFreq(10, 0)).toBeGreaterThan(inverseDocFreq(10, 1));
    expect(inverseDocFreq(10, 1)).toBeGreaterThan(inverseDocFreq(10, 9));
    expect(inverseDocFreq(10, 10)).toBeGreaterThan(0);
    const p = (text: string, position: number): Passage => ({ source: 'D', docId: null, headings: [], sentences: [text], text, position });
    const small = buildIndex([p('bonds shares cash', 0), p('bonds bonds shares cash', 1), p('property land', 2)]);
    expect(rankPassages(small, 'bonds').map((r) => r.passage.position)).toEqual([1, 0]);
  });

  it("topPassages gives the page's best passage a place when it is relevant", () => {
    const withPage = buildIndex(requestPassages({ pageText: PAGE, documents: DOCS }));
    const ranked = rankPassages(withPage, 'What is my risk profile?');
    expect(ranked.slice(0, 3).some((r) => r.passage.source === PAGE_SOURCE)).toBe(false);
    const top = topPassages(ranked, 3, 0.5);
    expect(top).toHaveLength(3);
    expect(top.at(-1)!.passage.source).toBe(PAGE_SOURCE);
    expect(topPassages(rankPassages(withPage, 'cookies'), 3, 0.5).some((r) => r.passage.source === PAGE_SOURCE)).toBe(false);
  });
});

describe('follow-ups', () => {
  const passages = requestPassages({ pageText: null, documents: DOCS });

  it('turns headings into questions the visitor would ask', () => {
    const at = (heading: string) =>
      headingQuestion({ source: 'Doc', docId: null, headings: ['Doc', heading], sentences: [], text: '', position: 0 });
    expect(at('Fund fees')).toBe('What are the fund fees?');
    expect(at('How we choose your risk profile')).toBe('How do you choose my risk profile?');
    expect(at('What is super?')).toBe('What is super?');
    expect(at('ESG funds')).toBe('What are the ESG funds?');
    expect(at('Our charges')).toBe('What are your charges?');
    expect(at('Your privacy')).toBe('How is my information used?');
    expect(at('Fees')).toBe('What are the fees?');
    expect(at('Withdrawals')).toBe('How do I withdraw?');
    expect(at('How we are paid')).toBe('How are you paid?');
    // A heading of stop words only would be a question that cannot be searched.
    expect(at('Who we are')).toBeNull();
    expect(at('Documents you will receive')).toBe('What are the documents I will receive?');
    expect(at('If you have a complaint')).toBe('What if I have a complaint?');
    expect(at('Risks of investing')).toBe('What are the risks of investing?');
    expect(at('Switching funds')).toBe('How does switching funds work?');
    expect(at('About this guide')).toBe('What is this guide about?');
    expect(at('Skip to content')).toBeNull();
    expect(at('Fee,Amount,Frequency')).toBeNull();
    expect(at('Overview')).toBeNull();
    expect(at('Doc')).toBeNull();
  });

  it('proposes at most three distinct follow-ups, none the question or an earlier one', () => {
    const questions = [
      'How much is the advice fee?',
      'fees',
      'What about fund fees?',
      'What are the risk profiles?',
      'Can I use salary sacrifice?',
    ];
    for (const question of questions) {
      const ranked = rankPassages(buildIndex(passages), question);
      const used = ranked.slice(0, 2).map((r) => r.passage);
      const asked = ['What about switching and leaving?'];
      const followUps = suggestFollowUps({ question, ranked, used, passages, asked });
      expect(followUps.length).toBeGreaterThan(0);
      expect(followUps.length).toBeLessThanOrEqual(3);
      const keys = followUps.map((f) => queryTerms(f).sort().join(' '));
      expect(new Set(keys).size).toBe(keys.length);
      expect(keys).not.toContain(queryTerms(question).sort().join(' '));
      expect(followUps).not.toContain(question);
      expect(followUps).not.toContain('What about switching and leaving?');
      for (const f of followUps) expect(queryTerms(f).every((t) => queryTerms(question).includes(t))).toBe(false);
    }
  });
});

describe('built-in engine', () => {
  const engine = createBuiltinEngine();

  it("is named 'built-in'", () => {
    expect(engine.name).toBe('built-in');
  });

  it('quotes the most relevant sentence and names its source', async () => {
    const result = await engine.answer(request('How much is the advice fee?'));
    expect(result.content).toMatch(/^According to \*\*Fees guide\*\*:\n\n> The advice fee is 0\.45% a year of the value of your portfolio/);
    expect(result.content).toMatch(/\n\nSource: Fees guide$/);
    expect(result.sources).toEqual(['Fees guide']);
    expectQuotedFrom(result.content, DOCS);
  });

  it('quotes a second sentence of a passage when it answers another part of the question', async () => {
    const result = await engine.answer(request('How much can I put into super through salary sacrifice?'));
    expect(result.sources).toEqual(['Super explained.docx']);
    // "earnings" is a synonym of salary: the super guarantee's sentence answers the "super" part.
    expect(quotes(result.content)).toEqual([
      'Your employer must pay the super guarantee, currently 11.5% of your ordinary earnings, into your chosen super fund. You can add extra contributions from your pre-tax salary through salary sacrifice.',
    ]);
  });

  it(`quotes at most ${MAX_QUOTES} sentences, all taken from the sources`, async () => {
    for (const question of ['fees', 'What are the risk profiles?', 'portfolio', 'fees and risk profiles for my super']) {
      const result = await engine.answer(request(question, { pageText: PAGE }));
      const sentences = quotes(result.content).flatMap((q) => q.split(' … '));
      expect(sentences.length).toBeGreaterThan(0);
      expect(sentences.length).toBeLessThanOrEqual(MAX_QUOTES);
      expectQuotedFrom(result.content, [...DOCS, { text: PAGE }]);
      for (const source of result.sources) expect(result.content).toContain(source === PAGE_SOURCE ? '**this page**' : `**${source}**`);
    }
  });

  it('groups quotes by source and lists every source', async () => {
    const result = await engine.answer(request('When is my next review meeting with my adviser?', { pageText: PAGE }));
    expect(result.sources).toEqual([PAGE_SOURCE]);
    expect(result.content).toContain(
      'According to **this page**:\n\n> Your next review meeting is on 14 May with Priya Shah, your adviser.',
    );
    expect(result.content).toMatch(/Source: This page$/);
    expect(result.nothingFound).toBeUndefined();
    expect(result.nothingFound).toBeUndefined();

    const both = await engine.answer(request('What is my risk profile?', { pageText: PAGE }));
    expect(both.sources).toEqual(['Risk profiles', PAGE_SOURCE]);
    expect(both.content).toContain('> Your current risk profile is Balanced.');
    expect(both.content).toMatch(/Sources: Risk profiles, This page$/);
  });

  it('uses the page text only when it is given', async () => {
    const question = 'When is my next review meeting with my adviser?';
    const without = await engine.answer(request(question));
    expect(without.sources).toEqual([]);
    expect(without.content).not.toContain('14 May');
    expect(without.content).toMatch(/^I couldn't find anything about that in the site's documents\./);

    const pageOnly = await engine.answer(request(question, { pageText: PAGE, documents: [] }));
    expect(pageOnly.sources).toEqual([PAGE_SOURCE]);
    const missing = await engine.answer(request('How much is the advice fee?', { pageText: PAGE, documents: [] }));
    expect(missing.content).toMatch(/^I couldn't find anything about that in this page\./);
  });

  it('says honestly when nothing matches, and makes nothing up', async () => {
    for (const question of [
      "What's the weather in Paris tomorrow?",
      'Who won the football last night?',
      'How do I bake sourdough bread?',
    ]) {
      const result = await engine.answer(request(question, { pageText: PAGE }));
      expect(result.content).toMatch(/^I couldn't find anything about that in this page or the site's documents\./);
      expect(result.sources).toEqual([]);
      // the inbox's nothing-found state
      expect(result.nothingFound).toBe(true);
      // the inbox's nothing-found state
      expect(result.nothingFound).toBe(true);
      expect(quotes(result.content)).toEqual([]);
      expect(result.content).not.toMatch(/\d/);
      // What it offers instead are the sources' own topics.
      expect(result.followUps.length).toBeLessThanOrEqual(3);
      const headings = new Set(requestPassages({ pageText: PAGE, documents: DOCS }).map(headingQuestion));
      for (const followUp of result.followUps) expect(headings.has(followUp)).toBe(true);
    }
  });

  it('does not answer when too few of the question’s terms match', async () => {
    expect([1, 2, 3, 4, 5, 12].map(requiredMatches)).toEqual([1, 1, 2, 2, 3, 3]);
    // "fund" and "manager" match the fees guide, but football, team and support match nothing.
    const question = 'Which football team does the fund manager support?';
    expect(rankPassages(buildIndex(requestPassages({ pageText: null, documents: DOCS })), question).length).toBeGreaterThan(0);
    const result = await engine.answer(request(question));
    expect(result.sources).toEqual([]);
    expect(result.content).toMatch(/^I couldn't find anything/);
  });

  it('asks for more when the question has no searchable words', async () => {
    const result = await engine.answer(request('What is it?'));
    expect(result.content).toMatch(/^Could you say a little more about what you'd like to know\?/);
    expect(result.nothingFound).toBeUndefined();
    expect(result.nothingFound).toBeUndefined();
    expect(result.sources).toEqual([]);
  });

  it('says when there is nothing to search', async () => {
    const result = await engine.answer(request('How much is the advice fee?', { documents: [] }));
    expect(result).toEqual({ content: expect.stringMatching(/no page text or document/) as unknown, followUps: [], sources: [] });
  });

  it('proposes up to three follow-ups drawn from the sources, never the question or an earlier one', async () => {
    const result = await engine.answer(request('How much is the advice fee?'));
    expect(result.followUps).toEqual([
      'What are the fund fees?',
      'How does switching and leaving work?',
      'How do you choose my risk profile?',
    ]);

    const again = await engine.answer(
      request('What about fund fees?', {
        history: [
          { role: 'user', content: 'What about switching and leaving?' },
          { role: 'ai', content: '…' },
        ],
      }),
    );
    expect(again.followUps.length).toBeGreaterThan(0);
    expect(again.followUps.length).toBeLessThanOrEqual(3);
    expect(again.followUps).not.toContain('What about fund fees?');
    expect(again.followUps).not.toContain('What about switching and leaving?');
    expect(new Set(again.followUps).size).toBe(again.followUps.length);
  });

  it('is deterministic', async () => {
    for (const question of ['How much is the advice fee?', 'portfolio', 'weather']) {
      const first = await engine.answer(request(question, { pageText: PAGE }));
      const second = await createBuiltinEngine().answer(structuredClone(request(question, { pageText: PAGE })));
      expect(second).toEqual(first);
    }
  });

  it('escapes markdown in source names and HTML in quotes', async () => {
    const docs = [
      { id: 'x', name: 'my_notes*draft', text: 'Our adviser is Sam Lee. <img src=x onerror=alert(1)> Sam Lee answers the phone.' },
    ];
    const result = answerFromSources(request('Who is the adviser Sam Lee?', { documents: docs }));
    expect(result.sources).toEqual(['my_notes*draft']);
    expect(result.content).toContain('According to **my\\_notes\\*draft**:');
    expect(result.content).not.toContain('<img');
  });

  it("rejects when the caller's signal has aborted", async () => {
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(engine.answer(request('fees'), controller.signal)).rejects.toThrow('gone');
  });
});

describe('built-in engine, asked about one document (widget-spec §4 "Ask question")', () => {
  // The demo site's documents that have text, as the chat route sends them.
  const demo: SourceDoc[] = demoDocuments().flatMap((d) => {
    const text = extractText(d.type, d.bytes);
    return text === null ? [] : [{ id: d.slug, name: d.name, text }];
  });
  const pds = demo.find((d) => d.name.startsWith('Product Disclosure Statement'))!;
  const focus = { id: pds.id, name: pds.name };
  const page = 'Your plan. There is no withdrawal fee on this plan and withdrawals are paid within five days.';
  const ask = (question: string, extra: Partial<AnswerRequest> = {}) => answerFromSources(request(question, { documents: demo, ...extra }));

  it('answers from the document in focus and names it, though the page and another document match too', () => {
    const question = 'Is there a withdrawal fee?';
    // Without the focus the page answers first.
    const unfocused = ask(question, { pageText: page });
    expect(unfocused.sources[0]).toBe(PAGE_SOURCE);

    const focused = ask(question, { pageText: page, focus });
    expect(focused.sources).toEqual([pds.name]);
    // the first quote says there is none: the fees table's row (which its section's heading ranks first) or the sentence
    expect(focused.content).toMatch(
      /^According to \*\*Product Disclosure Statement – Diversified Index Fund\*\*:\n\n> (?:There is no withdrawal fee\.|[^\n]*withdrawal[^\n]*\bNil\b)/,
    );
    expect(focused.content).toContain('\n\n> There is no withdrawal fee.');
    expect(focused.content).toMatch(/\n\nSource: Product Disclosure Statement – Diversified Index Fund$/);
    expectQuotedFrom(focused.content, [pds]);
  });

  it('falls back to the other sources when the document in focus cannot answer', () => {
    const question = 'Who is the Privacy Officer?';
    const result = ask(question, { focus });
    expect(result.sources).toEqual(['Privacy & Personal Data Protection Policy']);
    expect(result.content).toContain('contact our Privacy Officer at privacy@horizonadvice.example');
    expect(result).toEqual(ask(question));
  });

  it('names the document in focus when nothing matches at all, and offers its topics first', () => {
    const result = ask("What's the weather in Paris tomorrow?", { pageText: page, focus });
    expect(result.content).toMatch(
      /^I couldn't find anything about that in Product Disclosure Statement – Diversified Index Fund or this page or the site's documents\./,
    );
    expect(result.sources).toEqual([]);
    const pdsTopics = new Set(splitPassages(pds.text, pds.name, pds.id).map(headingQuestion));
    expect(pdsTopics.has(result.followUps[0]!)).toBe(true);

    const alone = ask("What's the weather in Paris tomorrow?", { documents: [pds], focus });
    expect(alone.content).toMatch(/^I couldn't find anything about that in Product Disclosure Statement – Diversified Index Fund\./);
  });

  it('a focus without passages (a document without text) leaves the answer as it was', () => {
    const question = 'Is there a withdrawal fee?';
    const textless = { id: 'financial-services-guide', name: 'Financial Services Guide' };
    const result = ask(question, { pageText: page, focus: textless });
    expect(result.sources).toEqual(ask(question, { pageText: page }).sources);
    expect(ask('weather in Paris', { focus: textless }).content).toMatch(
      /^I couldn't find anything about that in Financial Services Guide or the site's documents\./,
    );
  });
});

describe('createAnswerEngine', () => {
  it('is the built-in engine when no LLM variable is set, or all are blank', () => {
    expect(createAnswerEngine({}).name).toBe('built-in');
    expect(createAnswerEngine({ LLM_BASE_URL: '', LLM_API_KEY: ' ', LLM_MODEL: '' }).name).toBe('built-in');
  });

  it('is the OpenAI-compatible engine when all three are set', () => {
    const env = { LLM_BASE_URL: 'http://127.0.0.1:1234/v1', LLM_API_KEY: 'key', LLM_MODEL: 'local-model' };
    expect(createAnswerEngine(env).name).toBe('openai-compatible');
  });

  it('throws, naming what is missing, when only some are set', () => {
    expect(() => createAnswerEngine({ LLM_BASE_URL: 'http://127.0.0.1:1234/v1' })).toThrow(/LLM_API_KEY and LLM_MODEL are not set/);
    expect(() => createAnswerEngine({ LLM_BASE_URL: 'http://127.0.0.1:1234/v1', LLM_API_KEY: 'key' })).toThrow(/LLM_MODEL is not set/);
  });

  it('throws on a base URL that is not http(s)', () => {
    expect(() => createAnswerEngine({ LLM_BASE_URL: 'ftp://example.invalid', LLM_API_KEY: 'k', LLM_MODEL: 'm' })).toThrow(/http\(s\) URL/);
  });

  it('re-exports the contract', () => {
    expect(new ProviderError('x', 500).status).toBe(500);
  });
});
