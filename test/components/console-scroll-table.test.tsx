/**
 * The console's scrolling table (console/scroll-table.tsx) in happy-dom: a region named by its label, the header row
 * and rows, the caption shown or only to a screen reader, and a tab stop only while it has something to scroll (the
 * sizes happy-dom does not lay out are set by the test, and a stand-in ResizeObserver reports them).
 */
import { act, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollTable } from '../../console/scroll-table';

const table = (props: { caption?: 'shown' | 'hidden'; part?: string }) => (
  <ScrollTable label="Advice files" head={['Client', 'Status']} table="files" {...props}>
    <tr>
      <td>Alex Chen</td>
      <td>Advised</td>
    </tr>
  </ScrollTable>
);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ScrollTable', () => {
  it('is a region named by its label, holding a table with its header row and rows', () => {
    render(table({}));
    const region = screen.getByRole('region', { name: 'Advice files' });
    expect(region.getAttribute('data-part')).toBe('table-scroll');
    const t = within(region).getByRole('table');
    expect(t.getAttribute('data-part')).toBe('table');
    expect(t.getAttribute('data-table')).toBe('files');
    expect(
      within(t)
        .getAllByRole('columnheader')
        .map((h) => [h.textContent, h.getAttribute('scope')]),
    ).toEqual([
      ['Client', 'col'],
      ['Status', 'col'],
    ]);
    expect(within(t).getAllByRole('row')).toHaveLength(2);
    expect(t.querySelector('caption')).toBeNull();
  });

  it('shows its label as the caption, or only to a screen reader; the region takes another styling hook', () => {
    const { unmount } = render(table({ caption: 'shown' }));
    expect(screen.getByRole('table').querySelector('caption')?.textContent).toBe('Advice files');
    expect(screen.getByRole('table').querySelector('caption')?.hasAttribute('data-part')).toBe(false);
    unmount();
    render(table({ caption: 'hidden', part: 'analytics-table' }));
    expect(screen.getByRole('table').querySelector('caption')?.getAttribute('data-part')).toBe('visually-hidden');
    expect(screen.getByRole('region', { name: 'Advice files' }).getAttribute('data-part')).toBe('analytics-table');
  });

  it('is a tab stop only while it has something to scroll, measured again as its size changes', () => {
    const observers: { report: () => void; watched: Element[] }[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        watched: Element[] = [];
        constructor(private readonly callback: () => void) {
          observers.push(this);
        }
        report() {
          this.callback();
        }
        observe(el: Element) {
          this.watched.push(el);
        }
        disconnect() {}
      },
    );
    render(table({}));
    const region = screen.getByRole('region', { name: 'Advice files' });
    // before a measure, a keyboard can reach it
    expect(region.tabIndex).toBe(0);
    expect(observers[0]?.watched).toEqual([region, region.firstElementChild]);
    const size = (scroll: number, client: number) => {
      Object.defineProperty(region, 'scrollWidth', { configurable: true, value: scroll });
      Object.defineProperty(region, 'clientWidth', { configurable: true, value: client });
      act(() => observers[0]?.report());
    };
    size(700, 1200);
    expect(region.hasAttribute('tabindex')).toBe(false);
    size(700, 300);
    expect(region.getAttribute('tabindex')).toBe('0');
  });
});
