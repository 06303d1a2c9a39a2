/**
 * The console's analytics screen (issue 33 §3; docs/console.md "Analytics"): a site's figures for a date range. The
 * range is a preset (the last 7, 30 or 90 days, today included) or custom dates; it is kept in the address's query
 * (`?days=30`, `?from=2026-10-01&to=2026-10-31`) so that a link or a reload shows the same range. Choosing another
 * range while one loads stops that load (its request is aborted and a late answer is never shown); the figures
 * already shown stay until the new ones arrive.
 *
 * Effects: `load` reads one range's figures (its `signal` aborts the request), `address` writes the query into the
 * address bar. Today's date comes in as input: the machine holds no clock.
 */
import { assign, fromCallback, fromPromise, sendTo, setup, type SnapshotFrom } from 'xstate';
import { ANALYTICS_DEFAULT_DAYS, ANALYTICS_MAX_DAYS, ANALYTICS_PRESETS } from './console-constants';
import { refusalOf, type SessionError } from './console-session';
import { notProvided } from './not-provided';

/** One of the preset ranges (days ending today). */
export type RangePreset = (typeof ANALYTICS_PRESETS)[number];

/** A range of days, both ends included, as `YYYY-MM-DD` in the person's own calendar. */
export interface AnalyticsRange {
  from: string;
  to: string;
  /** the preset it is, or null for custom dates */
  preset: RangePreset | null;
}

/** Why custom dates were refused: not dates, the end before the start, longer than the server answers. */
export type RangeProblem = 'RANGE_INVALID' | 'RANGE_ORDER' | 'RANGE_TOO_LONG';

export type AnalyticsEvent =
  /** the person picks a preset */
  | { type: 'RANGE.PRESET'; days: RangePreset }
  /** the person applies custom dates */
  | { type: 'RANGE.CUSTOM'; from: string; to: string }
  /** Retry after a failed load */
  | { type: 'LOAD.AGAIN' };

/** What the `address` effect is told: the query that names the range now shown (with its `?`). */
export type AddressCommand = { type: 'SHOW'; query: string };

export interface AnalyticsContext {
  siteId: string;
  /** today, `YYYY-MM-DD`, from the clock the screen passes in */
  today: string;
  range: AnalyticsRange;
  /** the figures last read (kept while another range loads); null before the first answer */
  report: unknown;
  /** the range `report` covers */
  reportRange: AnalyticsRange | null;
  /** the last load's refusal */
  error: SessionError | null;
  /** why the last custom dates were refused; null once a range is taken */
  rangeError: RangeProblem | null;
}

export interface AnalyticsInput {
  siteId: string;
  /** `YYYY-MM-DD` */
  today: string;
  /** the address's query (`location.search`), which may name a range */
  query: string;
}

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day number of a `YYYY-MM-DD` date, or NaN for anything else (`2026-02-30` included). */
function dayNumber(day: string): number {
  if (!ISO_DAY.test(day)) return Number.NaN;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day ? Number.NaN : ms / DAY_MS;
}

/** `day` moved by `n` days. */
export const addDays = (day: string, n: number) => new Date((dayNumber(day) + n) * DAY_MS).toISOString().slice(0, 10);

/** The days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from) + 1;

/** The preset range of `days` ending `today`. */
export const presetRange = (days: RangePreset, today: string): AnalyticsRange => ({
  from: addDays(today, 1 - days),
  to: today,
  preset: days,
});

/** Why custom dates cannot be shown, or null when they can. */
export function rangeProblem(from: string, to: string): RangeProblem | null {
  const span = daysBetween(from, to);
  if (Number.isNaN(span)) return 'RANGE_INVALID';
  if (span < 1) return 'RANGE_ORDER';
  return span > ANALYTICS_MAX_DAYS ? 'RANGE_TOO_LONG' : null;
}

const isPreset = (n: number): n is RangePreset => (ANALYTICS_PRESETS as readonly number[]).includes(n);

/** The range an address's query names: `days` (a preset), or valid `from` and `to`; else the default preset. */
export function rangeFromQuery(query: string, today: string): AnalyticsRange {
  const q = new URLSearchParams(query);
  const days = Number(q.get('days'));
  if (isPreset(days)) return presetRange(days, today);
  const from = q.get('from') ?? '';
  const to = q.get('to') ?? '';
  if (q.has('from') && rangeProblem(from, to) === null) return { from, to, preset: null };
  return presetRange(ANALYTICS_DEFAULT_DAYS, today);
}

/** The query that names `range` (a preset by its days, so that a link shows the last N days whenever it is opened). */
export const queryOf = (range: AnalyticsRange) => (range.preset ? `?days=${range.preset}` : `?from=${range.from}&to=${range.to}`);

export const consoleAnalyticsMachine = setup({
  types: {} as { context: AnalyticsContext; events: AnalyticsEvent; input: AnalyticsInput },
  actors: {
    load: fromPromise<unknown, { siteId: string; range: AnalyticsRange }>(notProvided('load')),
    address: fromCallback<AddressCommand>(notProvided('address')),
  },
  actions: {
    takePreset: assign(({ context }, params: { days: RangePreset }) => ({
      range: presetRange(params.days, context.today),
      rangeError: null,
    })),
    takeCustom: assign((_, params: { from: string; to: string }) => ({
      range: { from: params.from, to: params.to, preset: null },
      rangeError: null,
    })),
    refuseCustom: assign({ rangeError: (_, params: { from: string; to: string }) => rangeProblem(params.from, params.to) }),
    showQuery: sendTo('address', ({ context }) => ({ type: 'SHOW', query: queryOf(context.range) }) satisfies AddressCommand),
  },
  guards: {
    isValidCustom: (_, params: { from: string; to: string }) => rangeProblem(params.from, params.to) === null,
  },
}).createMachine({
  id: 'consoleAnalytics',
  context: ({ input }) => ({
    siteId: input.siteId,
    today: input.today,
    range: rangeFromQuery(input.query, input.today),
    report: null,
    reportRange: null,
    error: null,
    rangeError: null,
  }),
  invoke: { id: 'address', src: 'address' },
  initial: 'loading',
  on: {
    // re-entered: a load still running for the range before is stopped (its request aborted, its answer dropped)
    'RANGE.PRESET': {
      target: '.loading',
      actions: [{ type: 'takePreset', params: ({ event }) => ({ days: event.days }) }, 'showQuery'],
    },
    'RANGE.CUSTOM': [
      {
        guard: { type: 'isValidCustom', params: ({ event }) => event },
        target: '.loading',
        actions: [{ type: 'takeCustom', params: ({ event }) => event }, 'showQuery'],
      },
      { actions: { type: 'refuseCustom', params: ({ event }) => event } },
    ],
  },
  states: {
    loading: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({ siteId: context.siteId, range: context.range }),
        onDone: {
          target: 'ready',
          actions: assign({ report: ({ event }) => event.output, reportRange: ({ context }) => context.range, error: null }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => refusalOf(event.error) }) },
      },
    },
    ready: {},
    failed: { on: { 'LOAD.AGAIN': 'loading' } },
  },
});

export type AnalyticsSnapshot = SnapshotFrom<typeof consoleAnalyticsMachine>;
export const selectPhase = (s: AnalyticsSnapshot) => s.value as 'loading' | 'ready' | 'failed';
export const selectRange = (s: AnalyticsSnapshot) => s.context.range;
export const selectReport = (s: AnalyticsSnapshot) => s.context.report;
export const selectReportRange = (s: AnalyticsSnapshot) => s.context.reportRange;
export const selectError = (s: AnalyticsSnapshot) => s.context.error;
export const selectRangeError = (s: AnalyticsSnapshot) => s.context.rangeError;
