/**
 * The analytics machine's effects in the browser (machines/console-analytics.ts): the read of a range's figures,
 * aborted when the machine stops it, and the range written into the address's query (replacing the entry, so that
 * Back leaves the screen rather than stepping through the ranges looked at).
 */
import { fromCallback, fromPromise } from 'xstate';
import type { AddressCommand, AnalyticsRange } from '../../machines/console-analytics';
import type { ConsoleApi } from '../api';
import { type AnalyticsReport, analytics } from './api';

/** The browser's time zone, whose calendar days the figures are counted in (UTC where the browser names none). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Today in the browser's calendar, `YYYY-MM-DD`. */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export const analyticsEffects = (api: ConsoleApi, timeZone = browserTimeZone()) => ({
  load: fromPromise<unknown, { siteId: string; range: AnalyticsRange }>(({ input, signal }): Promise<AnalyticsReport> => {
    const ask = (zone: string) => analytics(api, input.siteId, { from: input.range.from, to: input.range.to, timeZone: zone }, signal);
    // a zone the server does not know counts in UTC (the answer's timeZone says so on the screen)
    return ask(timeZone).catch((e: { code?: string; field?: string }) => {
      if (e.code === 'INVALID' && e.field === 'tz' && timeZone !== 'UTC') return ask('UTC');
      throw e;
    });
  }),
  address: fromCallback<AddressCommand>(({ receive }) =>
    receive((command) => history.replaceState(history.state, '', location.pathname + command.query)),
  ),
});
