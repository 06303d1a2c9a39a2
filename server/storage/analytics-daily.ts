/**
 * The analytics' figures kept per UTC day (schema version 19, docs/console.md "Analytics"): what both storages share.
 * The report's figures over the whole range (the top questions, the clicks by button and by page, the openings, the
 * answer times' percentiles) are sums over the range rather than per local day, so they are read from tables of
 * counts per site, UTC day and key for the range's whole UTC days, and counted from their own rows for the two ends
 * (less than a day each, from the range's start to the first UTC midnight and from the last one to its end).
 *
 * The counts are kept by the schema's triggers on `answer_metrics`, `button_clicks` and `embed_opens`, one added on
 * each insert and taken away on each delete (a visitor's deletion, the retention purge, a site's deletion), so they
 * are the rows' own counts at every moment, with nothing to count again.
 *
 * The answer times are kept as a histogram of {@link LATENCY_BUCKET_MS} buckets: the bucket counts find the bucket of
 * each rank the percentile needs and its place there, and the value is read from the few rows of that bucket (an
 * index by site and time value): the percentiles are exact, as `percentile_cont` gives them.
 */
import type { Percentiles } from './types';

/** The width of an answer time's bucket in the histogram, ms. */
export const LATENCY_BUCKET_MS = 100;

/** The answer times the report gives, by their column and the histogram's name for them. */
export const MEASURES = { first_word_ms: 'first_word', whole_answer_ms: 'whole_answer' } as const;
export type MeasureColumn = keyof typeof MEASURES;

const DAY_MS = 86_400_000;

/**
 * A report's range cut for the daily counts: the UTC days `[fromDay, toDay)` (`YYYY-MM-DD`; both '' when the range
 * holds no whole UTC day) read from the tables, and the rest, `[start, liveTo)` and `[liveFrom, end)`, counted from the
 * rows.
 */
export interface DailyRange {
  start: string;
  end: string;
  fromDay: string;
  toDay: string;
  liveTo: string;
  liveFrom: string;
}

export function dailyRange(start: string, end: string): DailyRange {
  const first = Math.ceil(Date.parse(start) / DAY_MS) * DAY_MS;
  const last = Math.floor(Date.parse(end) / DAY_MS) * DAY_MS;
  if (!(first < last)) return { start, end, fromDay: '', toDay: '', liveTo: end, liveFrom: end };
  const iso = (ms: number) => new Date(ms).toISOString();
  return { start, end, fromDay: iso(first).slice(0, 10), toDay: iso(last).slice(0, 10), liveTo: iso(first), liveFrom: iso(last) };
}

/** The SQL placeholders of a query's values: the site, the range's ends, its days and its two live parts. */
export interface RangeParams extends DailyRange {
  site: string;
}

/**
 * The rows of a figure over the range: `days` reads the daily table (its WHERE's days left to this), `live(from, to)`
 * counts the rows of `[from, to)` in the same columns; both parts, as one `UNION ALL`.
 */
export function acrossRange(p: RangeParams, days: (fromDay: string, toDay: string) => string, live: (from: string, to: string) => string) {
  return `${days(p.fromDay, p.toDay)} UNION ALL ${live(p.start, p.liveTo)} UNION ALL ${live(p.liveFrom, p.end)}`;
}

/** What a dialect writes differently in the report's queries. */
export interface Dialect {
  /** A page's URL without its query string and fragment. */
  page: (column: string) => string;
  /** A time's bucket (an integer). */
  bucket: (column: string) => string;
  /** The collation that orders texts by code point (PostgreSQL), or ''. */
  codePoint: string;
}

/** The report's queries over a range: the parts that read the daily tables and the rows, for either dialect. */
export function dailyQueries(p: RangeParams & { top: string; limit: string }, d: Dialect) {
  const questions = acrossRange(
    p,
    (from, to) => `SELECT question, n FROM analytics_day_questions WHERE site_id = ${p.site} AND day >= ${from} AND day < ${to}`,
    (from, to) =>
      `SELECT question, count(*) AS n FROM answer_metrics
        WHERE site_id = ${p.site} AND asked_at >= ${from} AND asked_at < ${to} AND question <> '' GROUP BY question`,
  );
  const buttons = acrossRange(
    p,
    (from, to) => `SELECT button_id, n FROM analytics_day_buttons WHERE site_id = ${p.site} AND day >= ${from} AND day < ${to}`,
    (from, to) =>
      `SELECT button_id, count(*) AS n FROM button_clicks
        WHERE site_id = ${p.site} AND created_at >= ${from} AND created_at < ${to} GROUP BY button_id`,
  );
  const pages = acrossRange(
    p,
    (from, to) => `SELECT page, n FROM analytics_day_pages WHERE site_id = ${p.site} AND day >= ${from} AND day < ${to}`,
    (from, to) =>
      `SELECT ${d.page('page_url')} AS page, count(*) AS n FROM button_clicks
        WHERE site_id = ${p.site} AND created_at >= ${from} AND created_at < ${to} GROUP BY 1`,
  );
  const opens = acrossRange(
    p,
    (from, to) => `SELECT item_id, n FROM analytics_day_opens WHERE site_id = ${p.site} AND day >= ${from} AND day < ${to}`,
    (from, to) =>
      `SELECT item_id, count(*) AS n FROM embed_opens
        WHERE site_id = ${p.site} AND opened_at >= ${from} AND opened_at < ${to} GROUP BY item_id`,
  );
  const histogram = (column: MeasureColumn) =>
    `SELECT bucket, sum(n) AS n FROM (${acrossRange(
      p,
      (from, to) =>
        `SELECT bucket, n FROM analytics_day_latency
          WHERE site_id = ${p.site} AND measure = '${MEASURES[column]}' AND day >= ${from} AND day < ${to}`,
      (from, to) =>
        `SELECT ${d.bucket(column)} AS bucket, count(*) AS n FROM answer_metrics
          WHERE site_id = ${p.site} AND asked_at >= ${from} AND asked_at < ${to} AND ${column} IS NOT NULL GROUP BY 1`,
    )}) h GROUP BY bucket HAVING sum(n) > 0 ORDER BY bucket`;
  return {
    topQuestions: `SELECT question, sum(n) AS total FROM (${questions}) x
      GROUP BY question HAVING sum(n) > 0 ORDER BY total DESC, question${d.codePoint} LIMIT ${p.top}`,
    clickTotal: `SELECT coalesce(sum(n), 0) AS n FROM (${buttons}) x`,
    clicksByButton: `SELECT c.button_id, max(t.name) AS name, sum(c.n) AS total
       FROM (${buttons}) c LEFT JOIN action_triggers t ON t.id = c.button_id AND t.site_id = ${p.site}
      GROUP BY c.button_id HAVING sum(c.n) > 0 ORDER BY total DESC, c.button_id${d.codePoint} LIMIT ${p.limit}`,
    clicksByPage: `SELECT page, sum(n) AS total FROM (${pages}) x
      GROUP BY page HAVING sum(n) > 0 ORDER BY total DESC, page${d.codePoint} LIMIT ${p.limit}`,
    opens: `SELECT item_id, sum(n) AS n FROM (${opens}) x GROUP BY item_id`,
    histogram,
  };
}

/**
 * Where each rank a percentile needs lies, from the histogram's rows in bucket order: the bucket, and the rank's place
 * among the bucket's values in the range (0-based); `count` is the sum of the buckets.
 */
export function ranksInBuckets(buckets: readonly { bucket: number; n: number }[]) {
  const count = buckets.reduce((sum, b) => sum + b.n, 0);
  const ranks = count === 0 ? [] : [0.5, 0.95].map((p) => p * (count - 1));
  const wanted = [...new Set(ranks.flatMap((r) => [Math.floor(r), Math.ceil(r)]))];
  const places = wanted.map((rank) => {
    let below = 0;
    for (const b of buckets) {
      if (rank < below + b.n) return { rank, bucket: b.bucket, offset: rank - below };
      below += b.n;
    }
    throw new Error('a rank beyond the histogram');
  });
  return { count, ranks, places };
}

/** PostgreSQL's percentile_cont from the values at the ranks around each of p50 and p95. */
export function percentilesAt(count: number, ranks: readonly number[], value: ReadonlyMap<number, number>): Percentiles {
  if (count === 0) return { count, p50: null, p95: null };
  const at = (rank: number) => {
    const lo = value.get(Math.floor(rank))!;
    return lo + (value.get(Math.ceil(rank))! - lo) * (rank - Math.floor(rank));
  };
  return { count, p50: at(ranks[0]!), p95: at(ranks[1]!) };
}

/** SQLite's way of writing them. */
export const SQLITE_DIALECT: Dialect = {
  page: (c) => `substr(${c}, 1, min(instr(${c} || '?', '?'), instr(${c} || '#', '#')) - 1)`,
  bucket: (c) => `CAST(${c} / ${LATENCY_BUCKET_MS} AS INTEGER)`,
  codePoint: '',
};

/** PostgreSQL's (its times' columns are integers, so their division is). */
export const POSTGRES_DIALECT: Dialect = {
  page: (c) => `split_part(split_part(${c}, '#', 1), '?', 1)`,
  bucket: (c) => `(${c} / ${LATENCY_BUCKET_MS})`,
  codePoint: ' COLLATE "C"',
};

/** A daily table, the table whose rows it counts, and its keys as SQL over one of those rows (`row`). */
interface Kept {
  table: string;
  source: 'answer_metrics' | 'button_clicks' | 'embed_opens';
  keys: (row: string) => Record<string, string>;
  /** Whether the row is counted at all. */
  when: (row: string) => string;
}

const kept = (d: Dialect): Kept[] => [
  {
    table: 'analytics_day_questions',
    source: 'answer_metrics',
    keys: (r) => ({ day: `substr(${r}.asked_at, 1, 10)`, question: `${r}.question` }),
    when: (r) => `${r}.question <> ''`,
  },
  ...(Object.keys(MEASURES) as MeasureColumn[]).map((column) => ({
    table: 'analytics_day_latency',
    source: 'answer_metrics' as const,
    keys: (r: string) => ({ day: `substr(${r}.asked_at, 1, 10)`, measure: `'${MEASURES[column]}'`, bucket: d.bucket(`${r}.${column}`) }),
    when: (r: string) => `${r}.${column} IS NOT NULL`,
  })),
  {
    table: 'analytics_day_buttons',
    source: 'button_clicks',
    keys: (r) => ({ day: `substr(${r}.created_at, 1, 10)`, button_id: `${r}.button_id` }),
    when: () => '1 = 1',
  },
  {
    table: 'analytics_day_pages',
    source: 'button_clicks',
    keys: (r) => ({ day: `substr(${r}.created_at, 1, 10)`, page: d.page(`${r}.page_url`) }),
    when: () => '1 = 1',
  },
  {
    table: 'analytics_day_opens',
    source: 'embed_opens',
    keys: (r) => ({ day: `substr(${r}.opened_at, 1, 10)`, item_id: `${r}.item_id` }),
    when: () => '1 = 1',
  },
];

/** The tables of daily counts the triggers keep. */
const DAILY_TABLES = [
  'analytics_day_questions',
  'analytics_day_latency',
  'analytics_day_buttons',
  'analytics_day_pages',
  'analytics_day_opens',
] as const;

/**
 * The statements a trigger on `source` runs for one row: `add` counts the new row (`new`), `remove` takes the old
 * one (`old`) away. The same SQL on both databases (an upsert on the table's key).
 */
export function dailyTriggerStatements(d: Dialect, source: Kept['source']): { add: string; remove: string } {
  const mine = kept(d).filter((k) => k.source === source);
  const add = mine.map((k) => {
    const keys = k.keys('new');
    const columns = Object.keys(keys).join(', ');
    return `INSERT INTO ${k.table} (site_id, ${columns}, n) SELECT new.site_id, ${Object.values(keys).join(', ')}, 1 WHERE ${k.when('new')}
      ON CONFLICT (site_id, ${columns}) DO UPDATE SET n = ${k.table}.n + 1;`;
  });
  const remove = mine.map((k) => {
    const keys = Object.entries(k.keys('old')).map(([column, value]) => ` AND ${column} = ${value}`);
    return `UPDATE ${k.table} SET n = n - 1 WHERE site_id = old.site_id${keys.join('')};`;
  });
  return { add: add.join('\n    '), remove: remove.join('\n    ') };
}

/**
 * The statements that count every row again into the daily tables (the migration's fill; a bulk load that wrote its
 * rows with the triggers off runs them after).
 */
export function dailyFill(d: Dialect): string {
  return DAILY_TABLES.map((t) => `DELETE FROM ${t};`)
    .concat(
      kept(d).map((k) => {
        const keys = k.keys(k.source);
        const columns = Object.keys(keys).join(', ');
        const groups = Object.keys(keys).map((_, i) => i + 2);
        return `INSERT INTO ${k.table} (site_id, ${columns}, n) SELECT site_id, ${Object.values(keys).join(', ')}, count(*) FROM ${k.source}
          WHERE ${k.when(k.source)} GROUP BY 1, ${groups.join(', ')};`;
      }),
    )
    .join('\n  ');
}
