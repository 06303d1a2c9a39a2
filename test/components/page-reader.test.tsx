/**
 * The page reader (src/effects/page-text.ts): the host page's text as a reader sees it, in light
 * markdown (headings by level, blocks apart, list items, tables with their header row), without what
 * widget-spec §5 removes, skip links, visually-hidden text and private parts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { extractPageText } from '../../src/effects/page-text';
import { PAGE } from '../fixtures/page';

afterEach(() => {
  document.body.innerHTML = '';
  document.head.innerHTML = '';
});

const read = (html: string, max?: number) => {
  document.body.innerHTML = html;
  return extractPageText(document.body, max);
};

describe('what the reader leaves out (widget-spec §5)', () => {
  it('keeps the visible text and drops scripts, styles, navigation, header, footer, hidden and aria-hidden elements', () => {
    expect(read(PAGE)).toBe('# Fees and charges\n\nThe investment fee is 0.7% a year.');
  });

  it('leaves out what the site marks data-ai-private, with everything inside it (issue 15)', () => {
    expect(
      read(
        `<h1>Your needs</h1><div data-ai-private><p>Take-home pay</p><dl><dt>Income</dt><dd>$84,000 a year</dd></dl></div><p>Fees are explained below.</p><span data-ai-private="true">born 1990</span>`,
      ),
    ).toBe('# Your needs\n\nFees are explained below.');
  });

  it('drops a skip link to a place on the page, and keeps other links', () => {
    const text = read(
      `<a class="skip-link" href="#main">Skip to content</a><main id="main"><h1>Products</h1><p>See <a href="#fees">the fees</a> and <a href="/skip">Skip the queue</a>.</p></main>`,
    );
    expect(text).toBe('# Products\n\nSee the fees and Skip the queue.');
    expect(text).not.toContain('Skip to content');
  });

  it('drops visually-hidden text: clipped, a 1px box hiding its overflow, off the screen', () => {
    document.head.innerHTML = `<style>.sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }</style>`;
    const text = read(`
      <h2>Start<span class="sr-only"> Investment journey</span></h2>
      <p>Clipped<span style="position: absolute; clip: rect(1px, 1px, 1px, 1px)"> one</span></p>
      <p>Clip path<span style="position: absolute; clip-path: inset(50%)"> two</span></p>
      <p>Box<span style="position: absolute; width: 1px; height: 1px; overflow: hidden"> three</span></p>
      <p>Away<span style="position: absolute; left: -10000px"> four</span></p>
      <p>Shown<span style="position: absolute; left: 10px; width: 200px"> too</span></p>`);
    expect(text).toBe('## Start\n\nClipped\n\nClip path\n\nBox\n\nAway\n\nShown too');
  });

  it('reads only the summary of a closed <details>', () => {
    expect(read(`<details><summary>More</summary><p>Folded</p></details><details open><summary>Open</summary><p>Shown</p></details>`)).toBe(
      'More\n\nOpen\n\nShown',
    );
  });
});

describe('what the reader keeps (light markdown)', () => {
  it('headings by level, with the text under them, blocks apart', () => {
    expect(
      read(`<h1>Fees</h1><p>What you pay.</p><section><h2>Adviser fee</h2><div>Paid once.</div><h3>When</h3>At the start.</section>
        <div role="heading" aria-level="4">A role heading</div><h6>Small</h6>`),
    ).toBe('# Fees\n\nWhat you pay.\n\n## Adviser fee\n\nPaid once.\n\n### When\n\nAt the start.\n\n#### A role heading\n\n###### Small');
  });

  it('boxes in a line (buttons) keep their words apart; blocks by their display too', () => {
    expect(
      read(
        `<p>Ask <button>Back</button><button>Continue</button></p><span style="display: block">A block</span><span style="display: inline-block">one</span><span>two</span>`,
      ),
    ).toBe('Ask Back Continue\n\nA block\n\none two');
  });

  it('list items, one a line, nested ones indented', () => {
    expect(
      read(`<p>You can:</p><ul><li>invest <b>now</b></li><li>add later<ol><li>monthly</li><li>yearly</li></ol></li></ul><p>After.</p>`),
    ).toBe('You can:\n\n- invest now\n- add later\n  - monthly\n  - yearly\n\nAfter.');
  });

  it('a table with its header row in <thead>, and a row header per row', () => {
    expect(
      read(`<h2>Risk profiles</h2>
      <table>
        <caption style="position: absolute; clip: rect(0 0 0 0)">Hidden caption</caption>
        <thead><tr><th scope="col">Profile</th><th scope="col">Growth</th><th scope="col">Defensive</th><th scope="col">Time horizon</th></tr></thead>
        <tbody>
          <tr><th scope="row">Moderately aggressive</th><td>70%</td><td>30%</td><td>6+ years</td></tr>
          <tr><th scope="row">Conservative</th><td>30%</td><td>70%</td><td>2 | 3 years</td></tr>
        </tbody>
      </table>
      <p>Figures are targets.</p>`),
    ).toBe(
      [
        '## Risk profiles',
        '',
        '| Profile | Growth | Defensive | Time horizon |',
        '| --- | --- | --- | --- |',
        '| Moderately aggressive | 70% | 30% | 6+ years |',
        '| Conservative | 30% | 70% | 2 \\| 3 years |',
        '',
        'Figures are targets.',
      ].join('\n'),
    );
  });

  it('a table whose header row is a first row of <th> cells, short rows padded, hidden rows left out', () => {
    expect(
      read(
        `<table><tr><th>Fee</th><th>Rate</th></tr><tr><td>Admin <p>fee</p></td><td>0.1%</td></tr><tr hidden><td>Secret</td></tr><tr><td>Exit</td></tr></table>`,
      ),
    ).toBe('| Fee | Rate |\n| --- | --- |\n| Admin fee | 0.1% |\n| Exit |  |');
  });

  it('leaves out a table’s private cells and rows', () => {
    expect(
      read(
        `<table><thead><tr><th>Item</th><th>Amount</th></tr></thead><tr data-ai-private><td>Income</td><td>$84,000</td></tr><tr><td>Fee</td><td>$70</td></tr></table>`,
      ),
    ).toBe('| Item | Amount |\n| --- | --- |\n| Fee | $70 |');
  });
});

describe('the length cap', () => {
  it('stops at the limit', () => {
    const text = read(`<p>${'word '.repeat(100)}</p><p>after</p>`, 50);
    expect(text).toHaveLength(50);
    expect(text).not.toContain('after');
  });

  it('ends at a whole block', () => {
    expect(read(`<h1>Title</h1><p>${'a'.repeat(20)}</p><p>${'b'.repeat(20)}</p>`, 40)).toBe(`# Title\n\n${'a'.repeat(20)}`);
  });

  it('cuts a table at a whole row, keeping its header row', () => {
    const rows = Array.from({ length: 10 }, (_, i) => `<tr><td>row ${i}</td><td>${i}</td></tr>`).join('');
    const text = read(`<p>Intro</p><table><thead><tr><th>Name</th><th>N</th></tr></thead><tbody>${rows}</tbody></table><p>After</p>`, 80);
    expect(text).toBe('Intro\n\n| Name | N |\n| --- | --- |\n| row 0 | 0 |\n| row 1 | 1 |\n| row 2 | 2 |');
    expect(text.length).toBeLessThanOrEqual(80);
  });

  it('keeps to MAX_PAGE_TEXT by default', () => {
    const text = read(Array.from({ length: 800 }, (_, i) => `<p>Paragraph number ${i} of a long page.</p>`).join(''));
    expect(text.length).toBeLessThanOrEqual(20_000);
    expect(text.endsWith('.')).toBe(true);
  });
});
