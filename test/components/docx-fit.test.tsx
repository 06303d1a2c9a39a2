/**
 * A Word page in a narrow box (widget-spec §2 "doc/docx"): what still does not fit once the
 * page has reflowed (a table with fixed columns) scales the whole page down to the box's width
 * with CSS `zoom`, and fits again when the box's width changes. happy-dom lays nothing out:
 * the widths are set by hand; the real layout is checked in Chromium (test/e2e/embeds.test.ts,
 * "every document fits its box").
 */
import { render } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DocxContent, fitScale } from '../../src/embeds/views';

/** Gives `el` a layout width and a content width (what happy-dom does not compute). */
function size(el: Element, client: number, scroll = client) {
  Object.defineProperty(el, 'clientWidth', { configurable: true, get: () => client });
  Object.defineProperty(el, 'scrollWidth', { configurable: true, get: () => scroll });
}

let observed: ((entries: unknown[]) => void) | null = null;
class FakeResizeObserver {
  constructor(fn: (entries: unknown[]) => void) {
    observed = fn;
  }
  observe() {}
  disconnect() {
    observed = null;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('fitScale', () => {
  it('is 1 when the content fits, else the ratio rounded down, never a sub-pixel over', () => {
    expect(fitScale(356, 356)).toBe(1);
    expect(fitScale(356, 200)).toBe(1);
    expect(fitScale(0, 500)).toBe(1);
    expect(fitScale(356, 463)).toBe(0.768);
    expect(463 * fitScale(356, 463)).toBeLessThanOrEqual(356);
  });
});

describe('DocxContent', () => {
  it("zooms a page wider than its box to the box's width, and fits it again when the box's width changes", () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    // the page as renderDocx hands it over: the docx node, its wrapper, its section
    const node = document.createElement('div');
    node.setAttribute('data-part', 'docx');
    const wrapper = document.createElement('div');
    wrapper.className = 'docx-wrapper';
    node.append(wrapper);
    // a box 356 px wide and a page 463 px wide: 463 px of content in a 356 px box
    const host = document.createElement('div');
    document.body.append(host);
    const realReplace = Element.prototype.replaceChildren;
    const spy = vi.spyOn(Element.prototype, 'replaceChildren').mockImplementation(function (this: Element, ...nodes) {
      if (this.getAttribute('data-part') === 'docx-box') size(this, 356);
      size(node, 356, 463);
      return realReplace.apply(this, nodes);
    });
    render(<DocxContent content={{ node, sheets: [] }} />, host);
    spy.mockRestore();
    const box = host.querySelector('[data-part="docx-box"]')!;
    expect(box.firstChild).toBe(node);
    expect(node.style.getPropertyValue('zoom')).toBe(String(fitScale(356, 463)));

    // wide enough now: no zoom
    size(box, 800);
    size(node, 800, 800);
    observed!([]);
    expect(node.style.getPropertyValue('zoom')).toBe('');
    // a zoom changes the box's height only: the same width fits nothing again
    node.style.setProperty('zoom', '0.5');
    observed!([]);
    expect(node.style.getPropertyValue('zoom')).toBe('0.5');

    render(null, host);
    expect(observed).toBeNull();
  });
});
