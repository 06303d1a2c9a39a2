/**
 * A chart of counts per day, drawn with uPlot on a canvas (issue 33 §3): a figure named by its caption, the
 * drawing an image whose name states what it shows, a key of its lines, and its numbers in a real table under
 * "Show the data". Colours come from the console's CSS variables (analytics.css), read again when the colour scheme
 * changes; the chart takes its container's width (ResizeObserver), down to 320 px screens. uPlot sets only sizes
 * and positions through the CSSOM (element.style), which the pages' CSP allows; its stylesheet is adopted.
 */
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import uPlot from 'uplot';
import uplotCss from 'uplot/dist/uPlot.min.css' with { type: 'text' };
import { adoptScreenStyles } from '../screen-styles';
import { WORDS } from './words';

/** One line of a chart: its name, its values (one a day) and the CSS variable of its colour. */
export interface ChartSeries {
  label: string;
  values: number[];
  /** a custom property of analytics.css, such as `--chart-messages` */
  color: string;
  /** drawn dashed, so that the lines differ by more than their colour */
  dashed?: boolean;
}

const HEIGHT = 240;

/** A day's short label (`26 Nov`), the date read as a calendar day whatever the browser's zone. */
export const shortDay = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** Whether the browser can draw on a canvas (not in a DOM without one: the table still shows the numbers). */
const canDraw = () => {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
};

/** The colour scheme the console shows now; changes when the system's does. */
function useDarkScheme() {
  const [query] = useState(() => (typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null));
  const [dark, setDark] = useState(query?.matches ?? false);
  useEffect(() => {
    if (!query) return;
    const change = () => setDark(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, [query]);
  return dark;
}

export function DayChart(props: { title: string; summary: string; days: string[]; series: ChartSeries[]; table: ReactNode }) {
  adoptScreenStyles(uplotCss);
  const box = useRef<HTMLDivElement>(null);
  const dark = useDarkScheme();
  const captionId = useId();
  const { days, series } = props;
  useEffect(() => {
    const el = box.current;
    if (!el || !canDraw()) return;
    const css = getComputedStyle(el);
    const color = (name: string) => css.getPropertyValue(name).trim() || css.color;
    const axis = {
      stroke: color('--muted'),
      grid: { stroke: color('--line'), width: 1 },
      ticks: { stroke: color('--line'), width: 1 },
      font: `12px ${css.fontFamily}`,
    };
    const last = Math.max(days.length - 1, 1);
    const chart = new uPlot(
      {
        width: el.clientWidth || 320,
        height: HEIGHT,
        legend: { show: false },
        // room for the last day's label, centred on the right edge
        padding: [8, 20, 0, 0],
        cursor: { show: false },
        scales: {
          x: { time: false, range: [0, last] },
          y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] },
        },
        axes: [
          {
            ...axis,
            incrs: [1, 2, 7, 14, 28, 56],
            space: 56,
            values: (_u, splits) => splits.map((i) => (Number.isInteger(i) && days[i] ? shortDay(days[i]) : '')),
          },
          { ...axis, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 50_000, 100_000], size: 48 },
        ],
        series: [
          {},
          ...series.map((s) => ({
            label: s.label,
            stroke: color(s.color),
            width: 2,
            ...(s.dashed ? { dash: [6, 4] } : {}),
            points: { show: days.length <= 31, size: 5, fill: color(s.color) },
          })),
        ],
      },
      [days.map((_, i) => i), ...series.map((s) => s.values)],
      el,
    );
    const resize = new ResizeObserver(() => {
      if (el.clientWidth > 0 && el.clientWidth !== chart.width) chart.setSize({ width: el.clientWidth, height: HEIGHT });
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days, series, dark]);
  return (
    <figure data-part="chart" aria-labelledby={captionId}>
      <figcaption id={captionId}>
        <span data-part="chart-title">{props.title}</span>
        <span data-part="chart-key">
          {series.map((s) => (
            <span key={s.label} data-part="chart-key-item" data-series={s.color.replace('--chart-', '')}>
              {s.label}
            </span>
          ))}
        </span>
      </figcaption>
      <div ref={box} role="img" aria-label={props.summary} data-part="chart-canvas" />
      <details data-part="chart-data">
        <summary>{WORDS.showData}</summary>
        {props.table}
      </details>
    </figure>
  );
}
