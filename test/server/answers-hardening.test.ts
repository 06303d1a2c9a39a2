/** The answer engine against hostile input: linear-time patterns, escaped page text, strict lookups. */
import { Lexer, type Token } from 'marked';
import { describe, expect, it } from 'vitest';
import { answerFromSources } from '../../server/answers/builtin';
import { headingQuestion } from '../../server/answers/follow-ups';
import { cleanPageText, splitPassages, stripInlineMarkdown } from '../../server/answers/retrieval';
import { runToolCall } from '../../server/answers/tools';
import { extractNumbers, wordsValue } from '../../server/answers/tools/numbers';
import { takeHomePayTool } from '../../server/answers/tools/take-home-pay';
import { validateArgs } from '../../server/answers/tools/tool';
import type { AnswerRequest, SourceDoc } from '../../server/answers/index';
import { demoDocuments } from '../../server/demo/content';
import { extractText } from '../../server/documents';
import { cpuMark, cpuSince } from '../support/cpu-time';

// The demo site's documents that have text, as the chat route sends them.
const DEMO: SourceDoc[] = demoDocuments().flatMap((d) => {
  const text = extractText(d.type, d.bytes);
  return text === null ? [] : [{ id: d.slug, name: d.name, text }];
});

function request(question: string, overrides: Partial<AnswerRequest> = {}): AnswerRequest {
  return { question, pageText: null, pagePath: '/', documents: DEMO, history: [], ...overrides };
}

/**
 * The fastest of a few runs, in milliseconds of CPU (not of the wall clock, which a busy machine stretches): one
 * slow run says nothing.
 */
function fastest(run: () => void, times = 3): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < times; i++) {
    const start = cpuMark();
    run();
    best = Math.min(best, cpuSince(start));
  }
  return best;
}

/**
 * Work on an input 20 times longer grows about 20 times when linear, and 400 times or more when a
 * pattern backtracks: the bound of 60 times (plus a margin) holds on a loaded machine and fails on that.
 */
function expectLinearTime(short: number, long: number, margin = 250): void {
  expect(long).toBeLessThan(short * 60 + margin);
}

/** A question 20 times longer. */
function expectLinear(make: (scale: number) => string): void {
  const short = fastest(() => answerFromSources(request(make(1))));
  const long = fastest(() => answerFromSources(request(make(20))));
  // a question takes a millisecond or two to answer: a far smaller margin serves
  expectLinearTime(short, long, 50);
}

describe('long questions are answered in linear time', () => {
  it('a comparison that never ends', () => {
    expectLinear((n) => `${'compare fee '.repeat(5 * n)}${'to '.repeat(45 * n)}\nx`);
  });
  it('a request for a suggestion that never names a product', () => {
    expectLinear((n) => `${'suggest '.repeat(10 * n)}${'i '.repeat(60 * n)}`);
  });
  it('a "which" that never names a product', () => {
    expectLinear((n) => `${'which '.repeat(10 * n)}${'fund '.repeat(60 * n)}`);
  });
});

describe('page text is read in linear time', () => {
  const hostile = [
    (n: number) => '**a '.repeat(2500 * n),
    (n: number) => '__a '.repeat(2500 * n),
    (n: number) => '<a '.repeat(2500 * n),
    (n: number) => '[a '.repeat(2500 * n),
    (n: number) => '[a](b '.repeat(1500 * n),
    (n: number) => '![a](b '.repeat(1500 * n),
    (n: number) => '*a '.repeat(2500 * n),
    (n: number) => '`a '.repeat(2500 * n),
  ];
  it.each(hostile.map((make) => [make(1).slice(0, 8), make]))('markup that never closes: %j', (_, make) => {
    const short = fastest(() => stripInlineMarkdown(make(1)), 5);
    const long = fastest(() => stripInlineMarkdown(make(20)));
    expectLinearTime(short, long);
  });

  it('a page of unclosed bold answers quickly', () => {
    const short = fastest(() => answerFromSources(request('What are the fees?', { pageText: '**a '.repeat(2500) })), 2);
    const long = fastest(() => answerFromSources(request('What are the fees?', { pageText: '**a '.repeat(50000) })), 2);
    expectLinearTime(short, long);
  });

  it('still strips the markup it closes', () => {
    expect(stripInlineMarkdown('A **bold** and __strong__ word, *em*, `code`, [link](https://x.example) ![img](i.png) <b>tag</b>.')).toBe(
      'A bold and strong word, em, code, link img tag.',
    );
  });
});

/** The links and images marked's lexer (the widget's markdown reader) finds in an answer. */
function linksIn(markdown: string): string[] {
  const found: string[] = [];
  const walk = (tokens: readonly Token[]) => {
    for (const token of tokens) {
      if (token.type === 'link' || token.type === 'image') found.push(token.raw);
      if ('tokens' in token && token.tokens) walk(token.tokens);
      if ('items' in token && Array.isArray(token.items)) walk(token.items as Token[]);
    }
  };
  walk(new Lexer({ async: false, breaks: false, gfm: true, pedantic: false, silent: false }).lex(markdown));
  return found;
}

describe('quoted page text and documents link nowhere', () => {
  const table = (cell: string) => `# Fee table\n\n| Fee | Note |\n| --- | --- |\n| ${cell} |\n| Exit fee | Nil |\n`;
  it.each([
    ['a link split over two cells', table('Entry fees [click | here](https://evil.example/x)')],
    ['an image split over two cells', table('Entry fees ![click | here](https://evil.example/x.png)')],
    ['a bare address', 'The entry fees are listed at https://evil.example/fees and www.evil.example today.'],
    ['an autolink', 'The entry fees are listed at <https://evil.example/fees> today.'],
    ['a reference definition', '[fees]: https://evil.example/fees\n\nThe entry fees are [fees] today.'],
  ])('%s', (_, text) => {
    const result = answerFromSources(
      request('What are the entry fees?', { documents: [{ id: 'd', name: 'Fees [x](https://evil.example)', text }] }),
    );
    expect(result.content).toContain('evil');
    expect(result.content).not.toMatch(/(?<!\\)\]\(/);
    expect(linksIn(result.content)).toEqual([]);
  });

  it('the page text too', () => {
    const result = answerFromSources(
      request('What are the entry fees?', { documents: [], pageText: table('Entry fees [click | here](https://evil.example/x)') }),
    );
    expect(result.content).toContain('evil');
    expect(linksIn(result.content)).toEqual([]);
  });
});

describe('names a visitor or a model gives are looked up as own keys only', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])('a frequency "%s" is refused', (word) => {
    expect(validateArgs(takeHomePayTool, { income: 85_000, frequency: word }).ok).toBe(false);
    expect(validateArgs(takeHomePayTool, { income: 85_000, per: word }).ok).toBe(false);
    const called = runToolCall('take_home_pay', JSON.stringify({ income: 85_000, frequency: word }));
    expect(called.ok).toBe(false);
    expect(called.content).not.toContain('NaN');
  });

  it.each(['constructor', '__proto__', 'toString'])('an argument named "%s" is refused', (name) => {
    const checked = validateArgs(takeHomePayTool, JSON.parse(`{"income": 85000, "${name}": 1}`));
    expect(checked.ok).toBe(false);
  });

  it('number words are only number words', () => {
    expect(wordsValue('constructor')).toBeNull();
    expect(wordsValue('two hundred and valueOf')).toBeNull();
    expect(wordsValue('two hundred')).toBe(200);
  });

  it('a heading named like an object property is no common question', () => {
    for (const heading of ['Constructor', 'toString', 'valueOf', '__proto__']) {
      const [passage] = splitPassages(`# ${heading}\n\nThis section says a few words about ${heading} for the reader.`, 'Doc');
      const question = headingQuestion(passage!);
      expect(question === null || typeof question === 'string').toBe(true);
      expect(String(question)).not.toMatch(/function|\[native code\]|\[object/);
    }
  });
});

describe('table rows', () => {
  it('keep an escaped pipe in its cell', () => {
    const text =
      '# Fee schedule\n\n| Fee | Amount | Paid |\n| --- | --- | --- |\n| Entry\\|exit fee | $10 | Once |\n| Switching fee | Nil | Never |\n';
    const sentences = splitPassages(text, 'Fees').flatMap((p) => p.sentences);
    expect(sentences).toContain('Entry|exit fee: Amount $10, Paid Once');
    expect(sentences).toContain('Switching fee: Amount Nil, Paid Never');
  });
});

describe('skip links', () => {
  it('are dropped where they open the page or a line', () => {
    expect(cleanPageText('Skip to content Your recommended journeys')).toBe('Your recommended journeys');
    expect(cleanPageText('Menu\nSkip to main content\nSkip to navigation Fees')).toBe('Menu\nFees');
    expect(cleanPageText('- Skip to content\n- Home')).toBe('- Home');
  });

  it('are words of the page inside a sentence', () => {
    const text = 'You can skip to the content you need. Then skip to content about fees.';
    expect(cleanPageText(text)).toBe(text);
  });
});

describe('numbers in a question', () => {
  const amounts = (q: string) => extractNumbers(q).amounts.map((a) => a.dollars);
  it.each([
    ['What fees will I pay on $20 000?', [20_000]],
    ['What fees will I pay on $20\u00a0000 a year?', [20_000]],
    ['fees on 1 250.50', [1_250.5]],
    ['fees on 20 000 dollars', [20_000]],
    ['What fees would 150 people pay?', []],
    ['What fees would a hundred and fifty people pay?', []],
    ['fees for the 2025 year on $1,000', [1_000]],
    ['fees on $10,000 for 250 days', [10_000]],
  ])('%s → %j', (q, expected) => {
    expect(amounts(q)).toEqual(expected);
  });

  it('a calendar year is no duration', () => {
    expect(extractNumbers('fees for the 2025 year on $1,000').years).toBeNull();
    expect(extractNumbers('fees on $1,000 over 5 years').years).toBe(5);
  });

  it('a count of people is no amount to work fees out on', () => {
    const result = answerFromSources(request('What fees would 150 people pay?'));
    expect(result.content).not.toMatch(/\$150\b/);
  });
});
