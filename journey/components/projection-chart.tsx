/**
 * The investment projection: an SVG line over the years with the goal line and
 * dollar axis labels, named for assistive technology, with a one-line summary and
 * the same figures as a real table.
 */
import { useId } from 'react';
import { formatDollars } from '../format';

export interface ProjectionChartProps {
  points: readonly { year: number; value: number }[];
  goal: number;
  axisMax: number;
  axisSteps: number;
  summary: string;
}

const W = 640;
const H = 300;
const PAD = { left: 72, right: 16, top: 16, bottom: 36 };

export function ProjectionChart({ points, goal, axisMax, axisSteps, summary }: ProjectionChartProps) {
  const id = useId();
  const first = points[0]?.year ?? 0;
  const last = points[points.length - 1]?.year ?? first + 1;
  const x = (year: number) => PAD.left + ((year - first) / Math.max(1, last - first)) * (W - PAD.left - PAD.right);
  const y = (value: number) => PAD.top + (1 - Math.min(value, axisMax) / axisMax) * (H - PAD.top - PAD.bottom);
  const ticks = Array.from({ length: axisSteps + 1 }, (_, i) => (axisMax / axisSteps) * i);
  const line = points.map((p, i) => `${i ? 'L' : 'M'}${x(p.year).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`} className="chart__svg">
        <title id={`${id}-title`}>Investment projection, {first} to {last}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {ticks.map((t) => (
          <g key={t} className="chart__tick">
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} />
            <text x={PAD.left - 8} y={y(t)} dy="0.32em" textAnchor="end">
              {formatDollars(t)}
            </text>
          </g>
        ))}
        {points.map((p) => (
          <text key={p.year} className="chart__year" x={x(p.year)} y={H - 12} textAnchor="middle">
            {p.year}
          </text>
        ))}
        <line className="chart__goal" x1={PAD.left} x2={W - PAD.right} y1={y(goal)} y2={y(goal)} />
        <text className="chart__goal-label" x={W - PAD.right} y={y(goal) - 6} textAnchor="end">
          Goal {formatDollars(goal)}
        </text>
        <path className="chart__line" d={line} />
      </svg>
      <figcaption className="chart__summary">{summary}</figcaption>
      <table className="chart__table">
        <caption className="sr-only">Projected value by year</caption>
        <thead>
          <tr>
            <th scope="col">Year</th>
            <th scope="col">Projected value</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.year}>
              <th scope="row">{p.year}</th>
              <td>{formatDollars(p.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
