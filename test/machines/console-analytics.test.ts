/**
 * The console's analytics screen's flow (machines/console-analytics.ts): the range from the address and back into
 * it, presets and custom dates with their refusals, one load per range with the stale one stopped and aborted,
 * failure and Retry. Every effect is a fake.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import {
  type AddressCommand,
  type AnalyticsRange,
  consoleAnalyticsMachine,
  queryOf,
  rangeFromQuery,
  rangeProblem,
  selectPhase,
  selectRange,
  selectRangeError,
  selectReport,
  selectReportRange,
} from '../../machines/console-analytics';

const TODAY = '2026-11-26';

/** The machine over loads the test settles by hand, with the queries written into the address. */
function start(query = '') {
  const loads: { range: AnalyticsRange; signal: AbortSignal; resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = [];
  const shown: string[] = [];
  const actor = createActor(
    consoleAnalyticsMachine.provide({
      actors: {
        load: fromPromise<unknown, { siteId: string; range: AnalyticsRange }>(
          ({ input, signal }) => new Promise((resolve, reject) => loads.push({ range: input.range, signal, resolve, reject })),
        ),
        address: fromCallback<AddressCommand>(({ receive }) => receive((c) => shown.push(c.query))),
      },
    }),
    { input: { siteId: 's1', today: TODAY, query } },
  ).start();
  return { actor, loads, shown };
}

describe('the range in the address', () => {
  it('reads a preset, custom dates, and falls back to the last 30 days on anything else', () => {
    expect(rangeFromQuery('?days=7', TODAY)).toEqual({ from: '2026-11-20', to: TODAY, preset: 7 });
    expect(rangeFromQuery('?days=90', TODAY)).toEqual({ from: '2026-08-29', to: TODAY, preset: 90 });
    expect(rangeFromQuery('?from=2026-10-01&to=2026-10-31', TODAY)).toEqual({ from: '2026-10-01', to: '2026-10-31', preset: null });
    for (const q of ['', '?days=8', '?from=2026-10-31&to=2026-10-01', '?from=2026-02-30&to=2026-03-01', '?from=2020-01-01&to=2026-01-01'])
      expect(rangeFromQuery(q, TODAY)).toEqual({ from: '2026-10-28', to: TODAY, preset: 30 });
  });

  it('writes a preset by its days and custom dates by both ends', () => {
    expect(queryOf({ from: '2026-11-20', to: TODAY, preset: 7 })).toBe('?days=7');
    expect(queryOf({ from: '2026-10-01', to: '2026-10-31', preset: null })).toBe('?from=2026-10-01&to=2026-10-31');
  });

  it('refuses dates that are not dates, that run backwards or that span more than 366 days', () => {
    expect(rangeProblem('2026-11-01', '2026-11-01')).toBeNull();
    expect(rangeProblem('2025-11-26', '2026-11-26')).toBeNull(); // 366 days
    expect(rangeProblem('2025-11-25', '2026-11-26')).toBe('RANGE_TOO_LONG');
    expect(rangeProblem('2026-11-02', '2026-11-01')).toBe('RANGE_ORDER');
    expect(rangeProblem('', '2026-11-01')).toBe('RANGE_INVALID');
    expect(rangeProblem('2026-13-01', '2026-11-01')).toBe('RANGE_INVALID');
  });
});

describe('loading per range', () => {
  it('loads the address’s range first, then shows its figures', async () => {
    const { actor, loads, shown } = start('?days=7');
    expect(selectPhase(actor.getSnapshot())).toBe('loading');
    expect(loads.map((l) => l.range.from)).toEqual(['2026-11-20']);
    loads[0]!.resolve({ n: 1 });
    await Promise.resolve();
    await Promise.resolve();
    expect(selectPhase(actor.getSnapshot())).toBe('ready');
    expect(selectReport(actor.getSnapshot())).toEqual({ n: 1 });
    expect(selectReportRange(actor.getSnapshot())?.preset).toBe(7);
    // the address is left as it was until the person picks a range
    expect(shown).toEqual([]);
  });

  it('a new range stops the load still running: its request is aborted, its late answer never shows', async () => {
    const { actor, loads, shown } = start();
    actor.send({ type: 'RANGE.PRESET', days: 90 });
    expect(loads).toHaveLength(2);
    expect(loads[0]!.signal.aborted).toBe(true);
    expect(loads[1]!.signal.aborted).toBe(false);
    expect(shown).toEqual(['?days=90']);
    loads[1]!.resolve('ninety');
    loads[0]!.resolve('thirty, too late');
    await new Promise((r) => setTimeout(r, 0));
    expect(selectReport(actor.getSnapshot())).toBe('ninety');
    expect(selectRange(actor.getSnapshot()).preset).toBe(90);
  });

  it('keeps the figures shown while the next range loads', async () => {
    const { actor, loads } = start();
    loads[0]!.resolve('thirty');
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'RANGE.CUSTOM', from: '2026-10-01', to: '2026-10-31' });
    expect(selectPhase(actor.getSnapshot())).toBe('loading');
    expect(selectReport(actor.getSnapshot())).toBe('thirty');
    expect(selectReportRange(actor.getSnapshot())?.preset).toBe(30);
    expect(loads[1]!.range).toEqual({ from: '2026-10-01', to: '2026-10-31', preset: null });
  });

  it('custom dates refused load nothing and say why; good ones clear the refusal', () => {
    const { actor, loads, shown } = start();
    actor.send({ type: 'RANGE.CUSTOM', from: '2026-10-31', to: '2026-10-01' });
    expect(selectRangeError(actor.getSnapshot())).toBe('RANGE_ORDER');
    expect(loads).toHaveLength(1);
    expect(loads[0]!.signal.aborted).toBe(false);
    expect(shown).toEqual([]);
    actor.send({ type: 'RANGE.CUSTOM', from: '2026-10-01', to: '2026-10-31' });
    expect(selectRangeError(actor.getSnapshot())).toBeNull();
    expect(shown).toEqual(['?from=2026-10-01&to=2026-10-31']);
  });

  it('a failed load keeps its refusal; Retry loads the same range again', async () => {
    const { actor, loads } = start('?days=7');
    loads[0]!.reject({ code: 'FORBIDDEN' });
    await new Promise((r) => setTimeout(r, 0));
    expect(selectPhase(actor.getSnapshot())).toBe('failed');
    expect(actor.getSnapshot().context.error).toEqual({ code: 'FORBIDDEN' });
    actor.send({ type: 'LOAD.AGAIN' });
    expect(loads.map((l) => l.range.preset)).toEqual([7, 7]);
    loads[1]!.resolve('ok');
    await new Promise((r) => setTimeout(r, 0));
    expect(selectPhase(actor.getSnapshot())).toBe('ready');
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
