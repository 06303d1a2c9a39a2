/** The answer engine against hostile input: linear-time patterns, escaped page text, strict lookups. */
import { describe, expect, it } from 'vitest';
import { answerFromSources } from '../../server/answers/builtin';
import type { AnswerRequest, SourceDoc } from '../../server/answers/index';
import { demoDocuments } from '../../server/demo/content';
import { extractText } from '../../server/documents';

// The demo site's documents that have text, as the chat route sends them.
const DEMO: SourceDoc[] = demoDocuments().flatMap((d) => {
  const text = extractText(d.type, d.bytes);
  return text === null ? [] : [{ id: d.slug, name: d.name, text }];
});

function request(question: string, overrides: Partial<AnswerRequest> = {}): AnswerRequest {
  return { question, pageText: null, pagePath: '/', documents: DEMO, history: [], ...overrides };
}

/** The fastest of a few runs, in milliseconds: one slow run on a busy machine says nothing. */
function fastest(run: () => void, times = 3): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/**
 * A question 20 times longer must not take much longer to answer: linear work grows 20 times at most
 * over the short one's, a backtracking pattern thousands of times; the margin covers a loaded machine.
 */
function expectLinear(make: (scale: number) => string): void {
  const short = fastest(() => answerFromSources(request(make(1))));
  const long = fastest(() => answerFromSources(request(make(20))));
  expect(long).toBeLessThan(short * 25 + 150);
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
