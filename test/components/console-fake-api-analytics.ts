/**
 * The analytics answer of the console's fake APIs (docs/console.md "Analytics"): a week with a quiet day and every
 * list filled, for the happy-dom tests (through the client's `request`) and the Chromium ones (test/e2e/console-fake-api.ts).
 */
import { vi } from 'vitest';
import type { AnalyticsReport } from '../../console/analytics/api';
import type { ConsoleApi } from '../../console/api';

/** The analytics answer (docs/console.md "Analytics"): a week with a quiet day, every list filled. */
export const FAKE_ANALYTICS: AnalyticsReport = {
  from: '2026-11-20',
  to: '2026-11-26',
  timeZone: 'Europe/Paris',
  days: [
    { date: '2026-11-20', conversations: 4, questions: 6, messages: 12 },
    { date: '2026-11-21', conversations: 7, questions: 11, messages: 22 },
    { date: '2026-11-22', conversations: 0, questions: 0, messages: 0 },
    { date: '2026-11-23', conversations: 9, questions: 15, messages: 30 },
    { date: '2026-11-24', conversations: 12, questions: 20, messages: 39 },
    { date: '2026-11-25', conversations: 6, questions: 8, messages: 16 },
    { date: '2026-11-26', conversations: 3, questions: 4, messages: 8 },
  ],
  totals: { conversations: 41, questions: 64, messages: 127 },
  topQuestions: [
    { question: 'what are your delivery times', count: 9 },
    { question: 'can i return shoes bought in the sale', count: 6 },
    { question: 'do you have size 47', count: 3 },
  ],
  unanswered: { questions: 64, failed: 2, incomplete: 1, nothingFound: 5, rate: 0.125 },
  clicks: {
    total: 17,
    byButton: [
      { buttonId: 'b-sizes', name: 'Size guide', count: 11 },
      { buttonId: 'b-old', name: null, count: 6 },
    ],
    byPage: [
      { page: 'https://www.harbour-shoes.example/boots/the-very-long-name-of-a-winter-boot-page', count: 12 },
      { page: 'https://www.harbour-shoes.example/', count: 5 },
    ],
  },
  content: [
    { kind: 'document' as const, id: 'd1', name: 'Returns policy', opened: 21, askedQuestions: 4, askedConversations: 3 },
    { kind: 'video' as const, id: 'v1', name: 'How to lace boots', opened: 8, askedQuestions: 1, askedConversations: 1 },
  ],
  latency: { firstWord: { count: 56, p50: 420, p95: 1900 }, wholeAnswer: { count: 55, p50: 2100, p95: 6400 } },
};

/** The same week with nothing in it: every day 0, every list empty, no percentile. */
export const EMPTY_ANALYTICS: AnalyticsReport = {
  ...FAKE_ANALYTICS,
  days: FAKE_ANALYTICS.days.map((d) => ({ ...d, conversations: 0, questions: 0, messages: 0 })),
  totals: { conversations: 0, questions: 0, messages: 0 },
  topQuestions: [],
  unanswered: { questions: 0, failed: 0, incomplete: 0, nothingFound: 0, rate: null },
  clicks: { total: 0, byButton: [], byPage: [] },
  content: [],
  latency: { firstWord: { count: 0, p50: null, p95: null }, wholeAnswer: { count: 0, p50: null, p95: null } },
};

/**
 * A `request` for the fake API of console-harness.tsx that answers `GET sites/:id/analytics` with `answer(query)`
 * (its query's parameters) and every other call with nothing; its calls are recorded with their signal.
 */
export function analyticsRequest(answer: (query: URLSearchParams) => Promise<AnalyticsReport> = async () => FAKE_ANALYTICS) {
  return vi.fn(async (_method: string, path: string, check: ((v: unknown) => unknown) | null) => {
    const [route, query] = path.split('?');
    if (!/^sites\/[^/]+\/analytics$/.test(route ?? '')) return undefined;
    const report = await answer(new URLSearchParams(query));
    // the client's own check of the answer's shape, as for a real one
    return check ? check(JSON.parse(JSON.stringify(report))) : report;
  }) as unknown as ConsoleApi['request'] & ReturnType<typeof vi.fn>;
}
