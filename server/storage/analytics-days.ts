/** What both storages' analytics share (storage/{sqlite,postgres}/analytics-report.ts): the days' rows put together. */
import type { AnalyticsFigures } from './types';
import type { Row } from './records';

/**
 * The days that have something, in order, from the rows of two queries grouped by local day (`day`): conversations
 * started (`n`), and messages (`n`) with the questions among them (`questions`).
 */
export function daysFromRows(conversations: Row[], messages: Row[]): AnalyticsFigures['days'] {
  const byDay = new Map<string, AnalyticsFigures['days'][number]>();
  const day = (date: string) => {
    const known = byDay.get(date);
    if (known) return known;
    const d = { date, conversations: 0, questions: 0, messages: 0 };
    byDay.set(date, d);
    return d;
  };
  for (const r of conversations) day(String(r.day)).conversations = Number(r.n ?? 0);
  for (const r of messages) Object.assign(day(String(r.day)), { messages: Number(r.n ?? 0), questions: Number(r.questions ?? 0) });
  return [...byDay.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}
