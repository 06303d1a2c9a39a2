/**
 * The page reader: the host page's text as a reader sees it, sent with each message when page awareness
 * is on. A chunk of its own (size-budget.json "page-reader"), loaded when the chat window opens with page
 * awareness on (src/effects/chat.ts).
 *
 * The text is light markdown, so the answer engines can keep headings with the text under them and a
 * table's rows with its header row: `#`…`######` heading lines by the element's level, blocks separated
 * by blank lines, `- ` list items (indented two spaces a level), and GFM tables (a header row, the
 * `|---|` separator, the rows; a row header `<th scope="row">` is the row's first cell).
 */

/**
 * widget-spec §5: removed from the page text; and what a site marks `data-ai-private` (issue 15: a page's
 * personal figures, for example), with everything inside it.
 */
const SKIP =
  'script, style, noscript, template, nav, footer, header, [role="navigation"], [role="banner"], [role="contentinfo"], [hidden], [aria-hidden="true"], svg, iframe, canvas, ai-chat-widget, [data-ai-private]';

/** Elements that start a block of their own (their text is not run into the text around them). */
const BLOCK =
  /^(p|div|section|article|main|aside|blockquote|figure|figcaption|form|fieldset|legend|details|summary|dl|dt|dd|pre|address|hr|br|ul|ol|li|h[1-6]|table|caption|tr|td|th)$/;

/**
 * The most page text sent with a message (the server takes up to 200,000 characters, server/routes/chat.ts;
 * a page's main content fits well within this).
 */
export const MAX_PAGE_TEXT = 20_000;

/** A skip link ("Skip to content"): a link to a place on the same page, there for keyboard users, not part of the content. */
const isSkipLink = (el: Element) =>
  el.localName === 'a' && (el.getAttribute('href') ?? '').startsWith('#') && /^\s*skip\b/i.test(el.textContent ?? '');

/** Numbers of a `rect(…)` clip, each at most 1px: nothing (or one pixel) shows. */
const clippedAway = (clip: string) => {
  const rect = /rect\(([^)]*)\)/.exec(clip);
  return !!rect && rect[1]!.split(/[\s,]+/).every((v) => Number.parseFloat(v) <= 1);
};

/**
 * The visually-hidden ("sr-only") patterns: text kept for screen readers that a reader of the page does
 * not see: clipped to nothing, a 1px box that hides its overflow, or moved far off the screen.
 */
function visuallyHidden(s: CSSStyleDeclaration): boolean {
  if (/inset\((50|100)%|circle\(0/.test(s.clipPath ?? '')) return true;
  if (s.position !== 'absolute' && s.position !== 'fixed') return false;
  const px = (v: string) => Number.parseFloat(v);
  return (
    clippedAway(s.clip ?? '') ||
    (px(s.width) <= 1 && px(s.height) <= 1 && s.overflow === 'hidden') ||
    px(s.left) <= -999 ||
    px(s.top) <= -999 ||
    px(s.textIndent) <= -999
  );
}

/**
 * The text of `root` as a reader sees it, as light markdown (see the module's comment), without scripts,
 * styles, navigation, footer, header, hidden, aria-hidden and visually-hidden elements, skip links and
 * private parts. At most `max` characters, ended at a whole block (a table at a whole row); a first
 * block longer than that is cut.
 */
export function extractPageText(root: Element = document.body, max = MAX_PAGE_TEXT): string {
  const view = root.ownerDocument.defaultView;
  let out = '';
  let lastItem = false;
  let full = false;
  // the inline text of the block being read, and how its line starts ('## ', '- ', '')
  let line = '';
  let prefix = '';

  const styleOf = (el: Element) => view?.getComputedStyle?.(el);
  const skipped = (el: Element, s = styleOf(el)) =>
    el.matches(SKIP) || isSkipLink(el) || (!!s && (s.display === 'none' || s.visibility === 'hidden' || visuallyHidden(s)));
  /** Adds a block, or ends the text if it does not fit. */
  const add = (text: string, item = false) => {
    const sep = !out ? '' : item && lastItem ? '\n' : '\n\n';
    if (out.length + sep.length + text.length > max) {
      if (!out) out = text.slice(0, max);
      full = true;
      return;
    }
    out += sep + text;
    lastItem = item;
  };
  const end = () => {
    const text = line.replace(/\s+/g, ' ').trim();
    line = '';
    if (text && !full) add(prefix + text, prefix.endsWith('- '));
  };
  /** The text of an element in one line (a table's cell): its blocks run together with spaces. */
  const inline = (el: Element): string => {
    if (skipped(el)) return '';
    let text = '';
    for (const n of Array.from(el.childNodes)) {
      if (n.nodeType === 3) text += n.textContent;
      else if (n.nodeType === 1) text += BLOCK.test((n as Element).localName) ? ` ${inline(n as Element)} ` : inline(n as Element);
    }
    return text;
  };
  const cell = (el: Element) => inline(el).replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;

  const table = (t: Element) => {
    // its own rows (not a nested table's), the visible ones; the header first (a <thead>, or a first row of <th>)
    const rows = Array.from(t.querySelectorAll('tr')).filter((r) => r.closest('table') === t && !skipped(r));
    const cells = rows.map((r) => Array.from(r.children).filter((c) => /^t[hd]$/.test(c.localName) && !skipped(c)));
    const head = rows.findIndex((r) => r.parentElement?.localName === 'thead');
    if (head > 0) cells.unshift(...cells.splice(head, 1));
    const texts = cells.map((r) => r.map(cell)).filter((r) => r.some(Boolean));
    if (!texts.length) return;
    const width = Math.max(...texts.map((r) => r.length));
    const lines = texts.map((r) => row([...r, ...Array<string>(width - r.length).fill('')]));
    lines.splice(1, 0, row(Array<string>(width).fill('---')));
    // ended at a whole row, with its header kept
    let n = lines.length;
    const room = max - out.length - (out ? 2 : 0);
    while (n > 2 && lines.slice(0, n).join('\n').length > room) n--;
    add(lines.slice(0, n).join('\n'));
    if (n < lines.length) full = true;
  };

  const walk = (el: Element, depth: number) => {
    const style = styleOf(el);
    if (full || skipped(el, style)) return;
    const tag = el.localName;
    const display = style?.display ?? '';
    if (tag === 'table') {
      end();
      table(el);
      return;
    }
    const level = /^h[1-6]$/.test(tag) ? +tag[1]! : el.getAttribute('role') === 'heading' ? +(el.getAttribute('aria-level') ?? 2) : 0;
    const block = level > 0 || BLOCK.test(tag) || /^(block|flex|grid|list-item|table)$/.test(display);
    // a box in the line (a button, an inline-block): its words do not run into its neighbours'
    const boxed = !block && /^inline-/.test(display);
    if (boxed) line += ' ';
    const outer = prefix;
    if (block) {
      end();
      if (level) prefix = `${'#'.repeat(Math.min(level, 6))} `;
      else if (tag === 'li') prefix = `${'  '.repeat(Math.max(depth - 1, 0))}- `;
    }
    const list = tag === 'ul' || tag === 'ol' ? depth + 1 : depth;
    // a closed <details> shows only its summary
    const children =
      tag === 'details' && !el.hasAttribute('open') ? Array.from(el.children).filter((c) => c.localName === 'summary') : el.childNodes;
    for (const node of Array.from(children)) {
      if (node.nodeType === 3) line += node.textContent;
      else if (node.nodeType === 1) walk(node as Element, list);
    }
    if (block) {
      end();
      prefix = outer;
    }
    if (boxed) line += ' ';
  };
  walk(root, 0);
  end();
  return out;
}
