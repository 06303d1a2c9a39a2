/**
 * The console's scrolling table, one component for every screen that lists rows wider than a narrow screen (the
 * audit log, the analytics tables, the Advice screens). A module of its own, not console/ui.tsx: only screens that
 * load on demand use it, so it loads with the first of them (a shared chunk) rather than with the console's first visit.
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * A table that scrolls sideways in its own region where the screen is narrower: the region is named by `label` and
 * takes the keyboard's focus (arrows scroll it) only while it has something to scroll. The header row holds `head`
 * as column headers; the rows are the children. `caption` shows the label as the table's caption, or only to a
 * screen reader; `part` is the region's styling hook (default `table-scroll`), `table` the table's (`data-table`).
 */
export function ScrollTable(props: {
  label: string;
  head: ReactNode[];
  children: ReactNode;
  caption?: 'shown' | 'hidden';
  part?: string;
  table?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // focusable until measured: where nothing measures, a keyboard can still reach what might scroll
  const [scrolls, setScrolls] = useState(true);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight);
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} data-part={props.part ?? 'table-scroll'} tabIndex={scrolls ? 0 : undefined} role="region" aria-label={props.label}>
      <table data-part="table" data-table={props.table}>
        {props.caption && <caption data-part={props.caption === 'hidden' ? 'visually-hidden' : undefined}>{props.label}</caption>}
        <thead>
          <tr>
            {props.head.map((h, i) => (
              <th key={i} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}
