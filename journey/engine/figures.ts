/**
 * A result's figures as one flat map (docs/advice-records.md "Replay"): every figure a screen shows (the take-home
 * income line by line, the needs analysis, the goal, the plan and its levers, the fees, the projection's rows by year,
 * the refusal's reasons), by a key that names it (`plan.monthlyNeededCents`, `projection.2031.nominal.p50Cents`,
 * `income.benefits.2.annualCents`). An advice file keeps it with each result, and the replay compares two of them key
 * by key. Pure: the same result always gives the same map.
 */
import type { AdviceFigures } from '../../contract/advice';
import type { AdviceResult } from './index';
import type { Bands } from './projection';

type Leaf = number | string | boolean | null;

/** Lists keyed by what names their rows (a year, a plan year, a benefit's row), not by their place. */
const ROW_KEYS: Record<string, (row: Record<string, unknown>, i: number) => string> = {
  'projection.points': (row) => String(row.year),
  'fees.byYear': (row) => String(row.planYear),
  'income.benefits': (row) => String(row.rowId),
  'suitability.reasons': (row) => String(row.code),
  'completeness.missing': (_row, i) => String(i),
};

/** Where a list's rows go in the keys (the projection's points are shown as its rows by year). */
const LIST_NAMES: Record<string, string> = { 'projection.points': 'projection' };

function flatten(value: unknown, key: string, out: AdviceFigures): void {
  if (value === null || value === undefined) {
    out[key] = null;
    return;
  }
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') {
    out[key] = value as Leaf;
    return;
  }
  if (Array.isArray(value)) {
    const rowKey = ROW_KEYS[key];
    const name = LIST_NAMES[key] ?? key;
    value.forEach((row, i) => {
      const k = rowKey && row !== null && typeof row === 'object' ? rowKey(row as Record<string, unknown>, i) : String(i);
      flatten(row, `${name}.${k}`, out);
    });
    return;
  }
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) flatten(v, key ? `${key}.${k}` : k, out);
}

/**
 * The flat figures of `result`: its status and versions, the calculation date, the age, the income, the needs, the
 * suitability and, for a recommendation, the plan (goal, risk profile, returns, deposits, levers, fees and the
 * projection's rows). The recommendation's `reasons` repeat the plan's figures and are left out.
 */
export function adviceFigures(result: AdviceResult): AdviceFigures {
  const out: AdviceFigures = {};
  const { reasons: _repeated, plan, ...common } = result;
  flatten(common, '', out);
  if (plan) {
    const { projection, fees, profile, ...rest } = plan;
    flatten(rest, 'plan', out);
    out['plan.profile'] = profile.id;
    flatten(fees, 'fees', out);
    const { points, ...summary } = projection;
    flatten(summary, 'projection', out);
    // a point's bands are cents, named as every other amount is (`…Cents`), so the console shows them in dollars
    const inCents = ({ median, p10, p50, p90 }: Bands) => ({ medianCents: median, p10Cents: p10, p50Cents: p50, p90Cents: p90 });
    flatten(
      points.map((p) => ({ ...p, nominal: inCents(p.nominal), today: inCents(p.today) })),
      'projection.points',
      out,
    );
  }
  return out;
}
