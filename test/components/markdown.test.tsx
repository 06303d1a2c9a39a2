/**
 * The markdown of AI answers: every construct becomes the right elements, links keep
 * only safe URLs and open in a new tab, raw HTML and images stay inert, and input too
 * long, too deep, too costly or unlexable falls back to plain text.
 */
import { render } from '@testing-library/preact';
import { Lexer } from 'marked';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Markdown, {
  MAX_DELIMITERS_PER_BLOCK,
  MAX_MARKDOWN_CHARS,
  MAX_NESTING_DEPTH,
  Markdown as NamedMarkdown,
  decodeEntities,
  renderMarkdown,
  safeHref,
  toPlainTextFallbackReason,
} from '../../src/markdown/markdown';
import { cpuMark, cpuSince } from '../support/cpu-time';

/** Renders `text` and returns the `data-part="markdown"` root. */
function md(text: string): HTMLElement {
  const { container } = render(<Markdown text={text} />);
  const root = container.querySelector<HTMLElement>('[data-part="markdown"]');
  if (!root) throw new Error('no markdown root');
  return root;
}

/** The tag names of `root`'s element children, lower case. */
const tags = (root: Element) => [...root.children].map((c) => c.tagName.toLowerCase());

afterEach(() => {
  vi.restoreAllMocks();
});

describe('block constructs', () => {
  it('paragraphs', () => {
    const root = md('First paragraph.\n\nSecond paragraph.');
    expect(tags(root)).toEqual(['p', 'p']);
    expect(root.children[0]!.textContent).toBe('First paragraph.');
    expect(root.children[1]!.textContent).toBe('Second paragraph.');
  });

  it('headings start at h3, under the widget’s own headings, and stop at h6', () => {
    const root = md('# One\n## Two\n### Three\n#### Four\n##### Five\n###### Six\n\nSetext\n======');
    expect(tags(root)).toEqual(['h3', 'h4', 'h5', 'h6', 'h6', 'h6', 'h3']);
    expect([...root.children].map((c) => c.textContent)).toEqual(['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Setext']);
    expect(root.querySelector('h1, h2')).toBeNull();
  });

  it('fenced code: pre > code, the language only as data-lang, the text untouched', () => {
    const root = md('```ts title="x"\nconst a = 1 < 2 && "<b>";\n**not bold**\n```');
    const pre = root.querySelector('pre')!;
    expect(pre.getAttribute('data-part')).toBe('code-block');
    const code = pre.querySelector(':scope > code')!;
    expect(code.getAttribute('data-lang')).toBe('ts');
    expect(code.getAttribute('class')).toBeNull();
    expect(code.textContent).toBe('const a = 1 < 2 && "<b>";\n**not bold**');
    expect(code.children).toHaveLength(0);
  });

  it('indented code, without a language', () => {
    const root = md('    indented();\n    more();');
    const code = root.querySelector('pre > code')!;
    expect(code.hasAttribute('data-lang')).toBe(false);
    expect(code.textContent).toBe('indented();\nmore();');
  });

  it('blockquotes, nested', () => {
    const root = md('> quoted\n> > inner');
    const outer = root.querySelector(':scope > blockquote')!;
    expect(outer.querySelector(':scope > p')!.textContent).toBe('quoted');
    expect(outer.querySelector(':scope > blockquote > p')!.textContent).toBe('inner');
  });

  it('unordered lists, nested, tight and loose', () => {
    const root = md('- one\n- two\n  - two a\n  - two b\n\n- three');
    const ul = root.querySelector(':scope > ul')!;
    const items = ul.querySelectorAll(':scope > li');
    expect(items).toHaveLength(3);
    expect(items[1]!.querySelectorAll('ul > li')).toHaveLength(2);
    expect(items[2]!.textContent).toBe('three');
  });

  it('ordered lists keep their start number', () => {
    const first = md('1. a\n2. b');
    expect(first.querySelector('ol')!.hasAttribute('start')).toBe(false);
    expect(first.querySelectorAll('ol > li')).toHaveLength(2);
    const later = md('3. c\n4. d');
    expect(later.querySelector('ol')!.getAttribute('start')).toBe('3');
  });

  it('task lists: disabled checkboxes that show the state', () => {
    const root = md('- [x] done\n- [ ] todo\n- plain');
    const items = root.querySelectorAll('li');
    const boxes = root.querySelectorAll<HTMLInputElement>('input');
    expect(boxes).toHaveLength(2);
    for (const box of boxes) {
      expect(box.type).toBe('checkbox');
      expect(box.disabled).toBe(true);
    }
    expect(boxes[0]!.checked).toBe(true);
    expect(boxes[1]!.checked).toBe(false);
    expect(items[0]!.getAttribute('data-part')).toBe('task');
    expect(items[0]!.textContent).toBe('done');
    expect(items[2]!.hasAttribute('data-part')).toBe(false);
  });

  it('tables: header cells, body rows and alignment as data-align', () => {
    const root = md('| Fund | Fee |\n|:-----|----:|\n| A **x** | 1% |\n| B | 2% |');
    const wrapper = root.querySelector(':scope > [data-part="table"]')!;
    const table = wrapper.querySelector('table')!;
    const th = table.querySelectorAll('thead th');
    expect([...th].map((c) => c.textContent)).toEqual(['Fund', 'Fee']);
    expect([...th].map((c) => c.getAttribute('data-align'))).toEqual(['left', 'right']);
    expect(th[0]!.getAttribute('scope')).toBe('col');
    const rows = table.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.querySelector('td strong')!.textContent).toBe('x');
    expect(rows[1]!.querySelectorAll('td')[1]!.getAttribute('data-align')).toBe('right');
    expect(table.querySelector('[style], [align]')).toBeNull();
  });

  it('horizontal rules', () => {
    expect(tags(md('above\n\n---\n\nbelow'))).toEqual(['p', 'hr', 'p']);
  });
});

describe('inline constructs', () => {
  it('bold, italic, strikethrough and inline code', () => {
    const p = md('**bold** *italic* _also_ ~~gone~~ `a < b`').querySelector('p')!;
    expect(p.querySelector('strong')!.textContent).toBe('bold');
    expect([...p.querySelectorAll('em')].map((e) => e.textContent)).toEqual(['italic', 'also']);
    expect(p.querySelector('del')!.textContent).toBe('gone');
    expect(p.querySelector('code')!.textContent).toBe('a < b');
    expect(p.textContent).toBe('bold italic also gone a < b');
  });

  it('nested emphasis', () => {
    const p = md('***both*** and **bold _inner_**').querySelector('p')!;
    expect(p.querySelector('em strong, strong em')!.textContent).toBe('both');
    expect(p.querySelector('strong > em')).not.toBeNull();
  });

  it('line breaks: two trailing spaces or a backslash', () => {
    const p = md('one  \ntwo\\\nthree\nsame line').querySelector('p')!;
    expect(p.querySelectorAll('br')).toHaveLength(2);
    expect(p.textContent).toBe('onetwothree\nsame line');
  });

  it('backslash escapes show the character', () => {
    const p = md('\\*not em\\* \\<b\\> \\[x\\](y) \\&amp;').querySelector('p')!;
    expect(p.querySelector('em, a, b')).toBeNull();
    expect(p.textContent).toBe('*not em* <b> [x](y) &amp;');
  });

  it('character references resolve to text, once', () => {
    const p = md('AT&amp;T &lt;b&gt; &#169; &#x263A; &amp;lt; &unknown; & alone').querySelector('p')!;
    expect(p.textContent).toBe('AT&T <b> © ☺ &lt; &unknown; & alone');
    expect(p.querySelector('b')).toBeNull();
  });
});

describe('links', () => {
  const onlyLink = (text: string) => {
    const links = md(text).querySelectorAll('a');
    expect(links).toHaveLength(1);
    return links[0]!;
  };

  it('https, http and mailto links open in a new tab without opener or referrer', () => {
    for (const [src, href] of [
      ['[docs](https://example.com/a?b=1#c)', 'https://example.com/a?b=1#c'],
      ['[plain](http://example.com)', 'http://example.com/'],
      ['[mail](mailto:help@example.com)', 'mailto:help@example.com'],
      ['[SCHEME](HTTPS://Example.COM/x)', 'https://example.com/x'],
    ] as const) {
      const a = onlyLink(src);
      expect(a.getAttribute('href')).toBe(href);
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('keeps the title and the formatted text', () => {
    const a = onlyLink('[**fund** list](https://example.com "All &amp; more")');
    expect(a.getAttribute('title')).toBe('All & more');
    expect(a.querySelector('strong')!.textContent).toBe('fund');
    expect(a.textContent).toBe('fund list');
  });

  it('same-page fragments stay in the tab', () => {
    const a = onlyLink('[see below](#risk-warnings)');
    expect(a.getAttribute('href')).toBe('#risk-warnings');
    expect(a.hasAttribute('target')).toBe(false);
    expect(a.hasAttribute('rel')).toBe(false);
  });

  it('autolinks, bare URLs, www. and e-mail addresses', () => {
    const root = md('<https://example.com/x> https://example.org/y www.example.net help@example.com <me@example.com>');
    const hrefs = [...root.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      'https://example.com/x',
      'https://example.org/y',
      'http://www.example.net/',
      'mailto:help@example.com',
      'mailto:me@example.com',
    ]);
    for (const a of root.querySelectorAll('a')) expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    expect(root.querySelector('a')!.textContent).toBe('https://example.com/x');
  });

  it('reference links', () => {
    const a = onlyLink('See [the guide][g].\n\n[g]: https://example.com/guide');
    expect(a.getAttribute('href')).toBe('https://example.com/guide');
    expect(a.textContent).toBe('the guide');
  });

  it.each([
    ['javascript', '[x](javascript:alert(1))'],
    ['upper-case javascript', '[x](JaVaScRiPt:alert(1))'],
    ['javascript with a leading space', '[x]( javascript:alert(1))'],
    ['javascript hidden by a tab', '[x](<java\tscript:alert(1)>)'],
    ['javascript hidden by a newline entity', '[x](java&#10;script:alert(1))'],
    ['javascript with an entity colon', '[x](javascript&#58;alert(1))'],
    ['javascript with a named-entity colon', '[x](javascript&colon;alert(1))'],
    ['javascript with entity letters', '[x](&#106;&#97;vascript:alert(1))'],
    ['javascript with percent-encoding', '[x](javascript%3Aalert(1))'],
    ['data', '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['vbscript', '[x](vbscript:msgbox(1))'],
    ['file', '[x](file:///etc/passwd)'],
    ['ftp', '[x](ftp://example.com/)'],
    ['protocol-relative', '[x](//evil.example/)'],
    ['backslash protocol-relative', '[x](\\\\evil.example/)'],
    ['scheme without slashes', '[x](https:evil.example)'],
    ['relative path', '[x](/admin)'],
    ['bare relative path', '[x](profile/edit)'],
    ['credentials', '[x](https://bank.example@evil.example/)'],
    ['autolink with a bad scheme', '<javascript:alert(1)>'],
  ])('drops %s links, keeping their text', (_, src) => {
    const root = md(src);
    expect(root.querySelector('a')).toBeNull();
    expect(root.textContent).toContain(src.startsWith('<') ? 'javascript:alert(1)' : 'x');
  });

  it('never nests a link in a link', () => {
    const root = md('[outer <https://inner.example> text](https://outer.example)');
    expect(root.querySelectorAll('a')).toHaveLength(1);
    expect(root.querySelector('a')!.textContent).toBe('outer https://inner.example text');
  });
});

describe('raw HTML and images', () => {
  it('inline HTML shows as its text', () => {
    const p = md('a <b>x</b> b <img src=x onerror=alert(1)>').querySelector('p')!;
    expect(p.textContent).toBe('a <b>x</b> b <img src=x onerror=alert(1)>');
    expect(p.querySelector('b, img')).toBeNull();
  });

  it('block HTML shows as its text', () => {
    const root = md('<div onclick="alert(1)">\n<script>alert(1)</script>\n</div>\n\nafter');
    expect(root.querySelector('div, script')).toBeNull();
    const raw = root.querySelector('[data-part="raw-html"]')!;
    expect(raw.tagName).toBe('P');
    expect(raw.textContent).toBe('<div onclick="alert(1)">\n<script>alert(1)</script>\n</div>');
    expect(root.lastElementChild!.textContent).toBe('after');
  });

  it('HTML comments show as their text', () => {
    expect(md('<!-- hidden -->').textContent).toBe('<!-- hidden -->');
  });

  it('images become a link to the image, named by the alt text', () => {
    const root = md('![Fund chart](https://example.com/chart.png "Chart")');
    expect(root.querySelector('img')).toBeNull();
    const a = root.querySelector('a')!;
    expect(a.getAttribute('href')).toBe('https://example.com/chart.png');
    expect(a.getAttribute('data-part')).toBe('image-link');
    expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    expect(a.getAttribute('target')).toBe('_blank');
    expect(a.textContent).toBe('Fund chart');
  });

  it('an image without alt text is named by its URL', () => {
    expect(md('![](https://example.com/x.png)').querySelector('a')!.textContent).toBe('https://example.com/x.png');
  });

  it('images with a disallowed URL show their alt text only', () => {
    for (const src of ['![alt *text*](javascript:alert(1))', '![alt *text*](data:image/png;base64,AAAA)', '![alt *text*](/local.png)']) {
      const root = md(src);
      expect(root.querySelector('img, a')).toBeNull();
      expect(root.textContent).toBe('alt text');
    }
  });

  it('no element carries an event handler or a style', () => {
    const root = md('<p style="x" onclick="y">a</p>\n\n[a](https://e.example "t\\" onmouseover=\\"alert(1)")\n\n*x*{: style="color:red"}');
    for (const el of root.querySelectorAll('*')) {
      for (const attr of el.getAttributeNames()) {
        expect(attr.startsWith('on')).toBe(false);
        expect(attr).not.toBe('style');
      }
    }
  });
});

describe('plain-text fallback', () => {
  const fallback = (root: HTMLElement) => root.querySelector<HTMLElement>(':scope > p[data-part="plain-text"]');

  it(`over ${MAX_MARKDOWN_CHARS} characters: the whole text, unparsed`, () => {
    const text = '**a** '.repeat(Math.ceil((MAX_MARKDOWN_CHARS + 1) / 6));
    expect(text.length).toBeGreaterThan(MAX_MARKDOWN_CHARS);
    const p = fallback(md(text))!;
    expect(p).not.toBeNull();
    expect(p.getAttribute('data-reason')).toBe('too-long');
    expect(p.textContent).toBe(text);
    expect(p.querySelector('strong')).toBeNull();
    expect(p.hasAttribute('style')).toBe(false);
  });

  it('exactly at the cap: still markdown', () => {
    const text = `**a**${'b'.repeat(MAX_MARKDOWN_CHARS - 5)}`;
    expect(fallback(md(text))).toBeNull();
  });

  it('40 KB of _a_a… falls back at once instead of blocking for seconds', () => {
    const text = '_a'.repeat(20_000);
    // work, not the wall clock (which the other test file beside this one stretches)
    const start = cpuMark();
    const p = fallback(md(text))!;
    expect(cpuSince(start)).toBeLessThan(500);
    expect(p.getAttribute('data-reason')).toBe('too-long');
  });

  it('5,000 nested > fall back without reaching the lexer', () => {
    const lex = vi.spyOn(Lexer.prototype, 'lex');
    const text = `${'>'.repeat(5000)} deep`;
    const p = fallback(md(text))!;
    expect(p.getAttribute('data-reason')).toBe('too-deep');
    expect(p.textContent).toBe(text);
    expect(lex).not.toHaveBeenCalled();
  });

  it(`blockquotes up to ${MAX_NESTING_DEPTH} deep render; one more falls back`, () => {
    const ok = md(`${'> '.repeat(MAX_NESTING_DEPTH)}x`);
    expect(ok.querySelectorAll('blockquote')).toHaveLength(MAX_NESTING_DEPTH);
    const deep = md(`${'> '.repeat(MAX_NESTING_DEPTH + 1)}x`);
    expect(fallback(deep)!.getAttribute('data-reason')).toBe('too-deep');
  });

  it('lists nested by indentation past the limit fall back (found after lexing)', () => {
    const text = Array.from({ length: MAX_NESTING_DEPTH + 5 }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n');
    expect(toPlainTextFallbackReason(text)).toBeNull();
    const p = fallback(md(text))!;
    expect(p.getAttribute('data-reason')).toBe('too-deep');
    expect(p.textContent).toBe(text);
  });

  it('deep inline nesting falls back too', () => {
    // *o0 _o1 *o2 … x … c2* c1_ c0* nests one emphasis per level
    const nested = (n: number) => {
      const ds = Array.from({ length: n }, (_, i) => (i % 2 ? '_' : '*'));
      return `${ds.map((d, i) => `${d}o${i} `).join('')}x${ds
        .map((d, i) => ` c${i}${d}`)
        .reverse()
        .join('')}`;
    };
    expect(md(nested(MAX_NESTING_DEPTH)).querySelectorAll('em')).toHaveLength(MAX_NESTING_DEPTH);
    expect(renderMarkdown(nested(MAX_NESTING_DEPTH + 1)).fallback).toBe('too-deep');
    expect(md(nested(MAX_NESTING_DEPTH + 1)).querySelector('p[data-part="plain-text"]')).not.toBeNull();
  });

  it('a paragraph with too many emphasis delimiters falls back', () => {
    const text = 'a*_'.repeat(Math.ceil(MAX_DELIMITERS_PER_BLOCK / 2) + 1);
    const p = fallback(md(text))!;
    expect(p.getAttribute('data-reason')).toBe('too-complex');
    expect(p.textContent).toBe(text);
  });

  it('when the lexer throws', () => {
    vi.spyOn(Lexer.prototype, 'lex').mockImplementation(() => {
      throw new Error('Infinite loop on byte: 1');
    });
    const p = fallback(md('# Title\n\n**bold**'))!;
    expect(p.getAttribute('data-reason')).toBe('parse-error');
    expect(p.textContent).toBe('# Title\n\n**bold**');
  });

  it('the named and default exports are the same component', () => {
    expect(NamedMarkdown).toBe(Markdown);
  });
});

describe('toPlainTextFallbackReason', () => {
  it('accepts an ordinary answer', () => {
    expect(toPlainTextFallbackReason('# Plan\n\n- **a**\n- _b_\n\n> quote\n\n```py\nx = 1\n```')).toBeNull();
    expect(toPlainTextFallbackReason('')).toBeNull();
  });

  it('counts markers that open containers on one line', () => {
    // 3 markers a repeat: 18 + 2 = 20 levels render, one more falls back
    expect(toPlainTextFallbackReason(`${'> - 1. '.repeat(6)}> * x`)).toBeNull();
    expect(toPlainTextFallbackReason(`${'> - 1. '.repeat(6)}> * > x`)).toBe('too-deep');
    expect(toPlainTextFallbackReason(`${'- '.repeat(MAX_NESTING_DEPTH + 1)}x`)).toBe('too-deep');
    expect(toPlainTextFallbackReason(`${'1) '.repeat(MAX_NESTING_DEPTH + 1)}x`)).toBe('too-deep');
    // not markers: a > inside text, emphasis, numbers without a space
    expect(toPlainTextFallbackReason(`a ${'> '.repeat(50)}`)).toBeNull();
    expect(toPlainTextFallbackReason('*a* '.repeat(30))).toBeNull();
    expect(toPlainTextFallbackReason('1.5 '.repeat(30))).toBeNull();
  });

  it('counts delimiters per block, and not in fenced code', () => {
    const half = '*a* _b_ '.repeat(MAX_DELIMITERS_PER_BLOCK / 8);
    expect(toPlainTextFallbackReason(`${half}\n\n${half}\n\n${half}`)).toBeNull();
    expect(toPlainTextFallbackReason(`${half}\n${half}\n${half}`)).toBe('too-complex');
    expect(toPlainTextFallbackReason(`- ${half}\n- ${half}\n- ${half}`)).toBeNull();
    const code = `\`\`\`\n${'**__'.repeat(MAX_DELIMITERS_PER_BLOCK)}\n\`\`\``;
    expect(toPlainTextFallbackReason(code)).toBeNull();
    expect(toPlainTextFallbackReason(`~~~~\n\`\`\`\n${'*'.repeat(MAX_DELIMITERS_PER_BLOCK + 1)}\n~~~~`)).toBeNull();
  });
});

describe('safeHref', () => {
  it.each([
    ['https://example.com', 'https://example.com/'],
    ['  http://example.com/a b', 'http://example.com/a%20b'],
    ['mailto:a@example.com?subject=Hi', 'mailto:a@example.com?subject=Hi'],
    ['#part', '#part'],
    ['#', '#'],
    ['#a b', '#a%20b'],
  ])('keeps %j as %j', (href, expected) => {
    expect(safeHref(href)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'data:text/html,x',
    'vbscript:x',
    'blob:https://example.com/uuid',
    '//example.com',
    '/\\example.com',
    'https:example.com',
    'https://',
    'https://user:pass@example.com',
    'http://[::1',
    'tel:123',
    '',
    'relative',
  ])('drops %j', (href) => {
    expect(safeHref(href)).toBeNull();
  });
});

describe('decodeEntities', () => {
  it('decodes numeric and common named references, replaces invalid code points, keeps unknown names', () => {
    expect(decodeEntities('&#60;&#x3C;&#X3c;&lt;&nbsp;&#0;&#xD800;&#1114112;&constructor;&toString;&;')).toBe(
      '<<<<\u00a0\ufffd\ufffd\ufffd&constructor;&toString;&;',
    );
  });
});

describe('the source', () => {
  it('builds no HTML: no innerHTML, no dangerouslySetInnerHTML, no marked.parse', async () => {
    const source = await readFile(path.resolve('src/markdown/markdown.tsx'), 'utf8');
    expect(source).not.toMatch(
      /innerHTML|outerHTML|insertAdjacentHTML|dangerouslySetInnerHTML|document\.write|marked\.parse|\bparseInline\b|DOMParser/,
    );
  });
});
