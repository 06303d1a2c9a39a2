/**
 * The investment projection (JOURNEY-ENGINE.md "Projection"): an SVG chart of the
 * median path with the 10th–90th percentile band, the goal line and dollar axis
 * labels over the years, named for assistive technology, with a one-sentence
 * summary and the same figures as a real table.
 */
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { formatDollars } from '../format';
import { isRightToLeft, useLocale } from '../locale';
import { ADVICE_WORDS } from '../messages-on-demand';

const M = ADVICE_WORDS.chart;

export interface ProjectionPoint {
  year: number;
  /** Where the point sits on the time axis, in years (fractional for a part year). @default year */
  at?: number;
  /** The point's label on the axis and in the table. @default String(year) */
  label?: string;
  /** The median (50th percentile) value. */
  value: number;
  /** The median in today's dollars, for the table. */
  today?: number;
  /** 10th and 90th percentiles, when the projection has them. */
  low?: number;
  high?: number;
}

export interface ProjectionChartProps {
  points: readonly ProjectionPoint[];
  goal: number;
  /** The top of the dollar axis; by default a round number above the highest value and the goal. */
  axisMax?: number;
  /** @default 5 */
  axisSteps?: number;
  summary: string;
}

/** The width drawn before the chart is measured; its height, and its height at the narrowest. */
const W = 640;
const H = 300;
const MIN_H = 220;
const PAD = { right: 16, top: 16, bottom: 36 };
/** Room for one label on the time axis (a year at 12 px is about 30 px wide). */
const LABEL_ROOM = 56;

/** A round axis top: 1, 2, 2.5 or 5 times a power of ten, at or above `max`. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 2.5, 5, 10].map((m) => m * p).find((v) => v >= max) ?? 10 * p;
}

export function ProjectionChart({ points, goal, axisMax, axisSteps = 5, summary }: ProjectionChartProps) {
  const id = useId();
  // the drawing is as wide as its box, one unit a CSS pixel: its labels stay the size journey.css gives them (a
  // drawing scaled down to a phone's width would shrink them with it)
  const box = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(W);
  useLayoutEffect(() => {
    const el = box.current!;
    const measure = () => setWidth(el.clientWidth || W);
    measure();
    const sizes = new ResizeObserver(measure);
    sizes.observe(el);
    return () => sizes.disconnect();
  }, []);
  const height = Math.round(Math.min(H, Math.max(MIN_H, width * 0.75)));
  const top = axisMax ?? niceMax(Math.max(goal, ...points.map((p) => p.high ?? p.value)));
  const at = (p: ProjectionPoint) => p.at ?? p.year;
  const label = (p: ProjectionPoint) => p.label ?? String(p.year);
  const first = points[0] ? at(points[0]) : 0;
  const last = points.length ? at(points[points.length - 1]!) : first + 1;
  const ticks = Array.from({ length: axisSteps + 1 }, (_, i) => (top / axisSteps) * i);
  // room for the dollar axis's longest label (80 for "$100,000"; a locale's "100,000 AU$" needs more)
  const left = Math.max(80, 12 + 6 * Math.max(...ticks.map((t) => formatDollars(t).length)));
  // right to left, time runs from the right and the dollar axis stands on the right; its labels, anchored at their
  // 'end', follow the text's direction
  const rtl = isRightToLeft(useLocale());
  const side = (v: number) => (rtl ? width - v : v);
  const x = (t: number) => side(left + ((t - first) / Math.max(1, last - first)) * (width - left - PAD.right));
  const y = (value: number) => PAD.top + (1 - Math.min(Math.max(value, 0), top) / top) * (height - PAD.top - PAD.bottom);
  const path = (values: number[]) => points.map((p, i) => `${i ? 'L' : 'M'}${x(at(p)).toFixed(1)},${y(values[i]!).toFixed(1)}`).join(' ');
  const hasBand = points.every((p) => p.low !== undefined && p.high !== undefined);
  const hasToday = points.every((p) => p.today !== undefined);
  const band = hasBand
    ? `${path(points.map((p) => p.high!))} ${points
        .slice()
        .reverse()
        .map((p) => `L${x(at(p)).toFixed(1)},${y(p.low!).toFixed(1)}`)
        .join(' ')} Z`
    : '';
  // label at most eight years on the axis, fewer where they would not fit; the last always, so the one before it
  // keeps a label's room
  const every = Math.max(1, Math.ceil(points.length / Math.max(1, Math.min(8, Math.floor((width - left - PAD.right) / LABEL_ROOM)))));
  const labelled = (i: number) => i === points.length - 1 || (i % every === 0 && points.length - 1 - i >= every);
  return (
    <figure className="chart" ref={box}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        className="chart__svg"
      >
        <title id={`${id}-title`}>
          {M.investmentProjectionTo(points[0] ? label(points[0]) : '', points.length ? label(points[points.length - 1]!) : '')}
        </title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {ticks.map((t) => (
          <g key={t} className="chart__tick">
            <line x1={side(left)} x2={side(width - PAD.right)} y1={y(t)} y2={y(t)} />
            <text x={side(left - 8)} y={y(t)} dy="0.32em" textAnchor="end">
              {formatDollars(t)}
            </text>
          </g>
        ))}
        {points.map((p, i) =>
          labelled(i) ? (
            <text
              key={`${i}-${label(p)}`}
              className="chart__year"
              x={x(at(p))}
              y={height - 12}
              textAnchor={i === points.length - 1 && i > 0 ? 'end' : 'middle'}
            >
              {label(p)}
            </text>
          ) : null,
        )}
        {hasBand && <path className="chart__band" d={band} />}
        <line className="chart__goal" x1={side(left)} x2={side(width - PAD.right)} y1={y(goal)} y2={y(goal)} />
        <text className="chart__goal-label" x={side(width - PAD.right)} y={y(goal) - 6} textAnchor="end">
          {M.goal(formatDollars(goal))}
        </text>
        <path className="chart__line" d={path(points.map((p) => p.value))} />
      </svg>
      <figcaption className="chart__summary">{summary}</figcaption>
      {hasBand && (
        <ul className="chart__legend">
          <li>
            <span className="chart__key chart__key--line" aria-hidden="true" />
            {M.medianProjection}
          </li>
          <li>
            <span className="chart__key chart__key--band" aria-hidden="true" />
            {M.inOutcomesFallIn}
          </li>
          <li>
            <span className="chart__key chart__key--goal" aria-hidden="true" />
            {M.yourGoal}
          </li>
        </ul>
      )}
      {/* focusable, so a keyboard can scroll it when it is wider than the screen */}
      <div className="chart__table-wrap" tabIndex={0} role="region" aria-label={M.projectedValueByYear}>
        <table className="chart__table">
          <caption className="sr-only">{M.projectedValueByYear}</caption>
          <thead>
            <tr>
              <th scope="col">{M.year}</th>
              {hasBand && <th scope="col">{M.low}</th>}
              <th scope="col">{hasBand ? M.median : M.projectedValue}</th>
              {hasBand && <th scope="col">{M.high}</th>}
              {hasToday && <th scope="col">{M.medianTodaySDollars}</th>}
            </tr>
          </thead>
          <tbody>
            {points.map((p, i) => (
              <tr key={`${i}-${label(p)}`}>
                <th scope="row">{label(p)}</th>
                {hasBand && <td>{formatDollars(p.low!)}</td>}
                <td>{formatDollars(p.value)}</td>
                {hasBand && <td>{formatDollars(p.high!)}</td>}
                {hasToday && <td>{formatDollars(p.today!)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
