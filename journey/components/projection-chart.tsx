/**
 * The investment projection (JOURNEY-ENGINE.md "Projection"): an SVG chart of the
 * median path with the 10th–90th percentile band, the goal line and dollar axis
 * labels over the years, named for assistive technology, with a one-sentence
 * summary and the same figures as a real table.
 */
import { useId } from 'react';
import { formatDollars } from '../format';

export interface ProjectionPoint {
  year: number;
  /** The median (50th percentile) value. */
  value: number;
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

const W = 640;
const H = 300;
const PAD = { left: 80, right: 16, top: 16, bottom: 36 };

/** A round axis top: 1, 2, 2.5 or 5 times a power of ten, at or above `max`. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 2.5, 5, 10].map((m) => m * p).find((v) => v >= max) ?? 10 * p;
}

export function ProjectionChart({ points, goal, axisMax, axisSteps = 5, summary }: ProjectionChartProps) {
  const id = useId();
  const top = axisMax ?? niceMax(Math.max(goal, ...points.map((p) => p.high ?? p.value)));
  const first = points[0]?.year ?? 0;
  const last = points[points.length - 1]?.year ?? first + 1;
  const x = (year: number) => PAD.left + ((year - first) / Math.max(1, last - first)) * (W - PAD.left - PAD.right);
  const y = (value: number) => PAD.top + (1 - Math.min(Math.max(value, 0), top) / top) * (H - PAD.top - PAD.bottom);
  const ticks = Array.from({ length: axisSteps + 1 }, (_, i) => (top / axisSteps) * i);
  const path = (values: number[]) => points.map((p, i) => `${i ? 'L' : 'M'}${x(p.year).toFixed(1)},${y(values[i]!).toFixed(1)}`).join(' ');
  const hasBand = points.every((p) => p.low !== undefined && p.high !== undefined);
  const band = hasBand
    ? `${path(points.map((p) => p.high!))} ${points
        .slice()
        .reverse()
        .map((p) => `L${x(p.year).toFixed(1)},${y(p.low!).toFixed(1)}`)
        .join(' ')} Z`
    : '';
  // label at most about eight years on the axis
  const every = Math.max(1, Math.ceil(points.length / 8));
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`} className="chart__svg">
        <title id={`${id}-title`}>
          Investment projection, {first} to {last}
        </title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {ticks.map((t) => (
          <g key={t} className="chart__tick">
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} />
            <text x={PAD.left - 8} y={y(t)} dy="0.32em" textAnchor="end">
              {formatDollars(t)}
            </text>
          </g>
        ))}
        {points.map((p, i) =>
          i % every === 0 || i === points.length - 1 ? (
            <text key={p.year} className="chart__year" x={x(p.year)} y={H - 12} textAnchor="middle">
              {p.year}
            </text>
          ) : null,
        )}
        {hasBand && <path className="chart__band" d={band} />}
        <line className="chart__goal" x1={PAD.left} x2={W - PAD.right} y1={y(goal)} y2={y(goal)} />
        <text className="chart__goal-label" x={W - PAD.right} y={y(goal) - 6} textAnchor="end">
          Goal {formatDollars(goal)}
        </text>
        <path className="chart__line" d={path(points.map((p) => p.value))} />
      </svg>
      <figcaption className="chart__summary">{summary}</figcaption>
      {hasBand && (
        <p className="chart__legend">
          <span className="chart__key chart__key--line" aria-hidden="true" /> Median projection{' '}
          <span className="chart__key chart__key--band" aria-hidden="true" /> 8 in 10 outcomes fall in the shaded range{' '}
          <span className="chart__key chart__key--goal" aria-hidden="true" /> Your goal
        </p>
      )}
      <table className="chart__table">
        <caption className="sr-only">Projected value by year</caption>
        <thead>
          <tr>
            <th scope="col">Year</th>
            {hasBand && <th scope="col">Low (10th percentile)</th>}
            <th scope="col">{hasBand ? 'Median' : 'Projected value'}</th>
            {hasBand && <th scope="col">High (90th percentile)</th>}
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.year}>
              <th scope="row">{p.year}</th>
              {hasBand && <td>{formatDollars(p.low!)}</td>}
              <td>{formatDollars(p.value)}</td>
              {hasBand && <td>{formatDollars(p.high!)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
