/**
 * A PDF's text laid out as light markdown for the answer engines: lines in a larger
 * font than the body's become `#` headings, wrapped lines are joined back into
 * paragraphs, bullets become `- ` items, blocks are separated by blank lines, and a
 * running header or footer (the same line at the top or bottom of every page, its
 * page number aside) is dropped. Pure: the items PDF.js read in, markdown out.
 */
import type { PdfItem } from './document-worker';

interface Line {
  text: string;
  size: number;
  y: number;
  page: number;
}

/** How much larger than the body's a line's font must be to be a heading. */
const HEADING_RATIO = 1.15;
/** A heading is short: a longer line in a large font is a pull quote or a banner, read as a paragraph. */
const MAX_HEADING_CHARS = 120;
/** Lines further apart than this many times their font size start a new paragraph. */
const PARAGRAPH_GAP = 1.6;
/** Bullet characters PDF writers draw at the start of a list item. */
const BULLET = /^(?:[•●▪◦‣∙■□➢►]\s*|–\s+)/;

/** The lines of each page, in reading order as PDF.js gives them. */
function pageLines(pages: readonly (readonly PdfItem[])[]): Line[][] {
  return pages.map((items, page) => {
    const lines: Line[] = [];
    let text = '';
    let size = 0;
    let y = 0;
    const end = () => {
      const clean = text.replace(/\s+/g, ' ').trim();
      if (clean) lines.push({ text: clean, size, y, page });
      text = '';
      size = 0;
    };
    for (const [str, itemSize, itemY, eol] of items) {
      if (str.trim()) {
        if (!text.trim()) y = itemY;
        size = Math.max(size, itemSize);
      }
      text += str;
      if (eol) end();
    }
    end();
    return lines;
  });
}

/** A line's place and words, its numbers masked: where a running header or footer would be the same on each page. */
const runningKey = (line: Line) => `${Math.round(line.y)}|${line.text.replace(/\d+/g, '#')}`;

/** The lines at the top or bottom (two lines each) of a page. */
const edgeLines = (lines: readonly Line[]) => new Set([...lines.slice(0, 2), ...lines.slice(-2)]);

/**
 * Whether lines alike but for their numbers, one a page, are a running header or footer: each number is the
 * same on every page, or goes up with the page ('Page 1 of 9', 'Page 2 of 9'). 'Section 1' on the first page
 * and 'Section 6' on the second are not.
 */
function isRunning(lines: readonly Line[]): boolean {
  const numbers = lines.map((l) => (l.text.match(/\d+/g) ?? []).map(Number));
  return numbers[0]!.every((_, i) => {
    const column = numbers.map((n, k) => n[i]! - lines[k]!.page);
    return numbers.every((n) => n[i] === numbers[0]![i]) || column.every((d) => d === column[0]);
  });
}

/**
 * Each page's lines without its running header and footer: edge lines that every page has alike, in a
 * font no larger than the body's (a heading at the top of each page is content).
 */
function withoutRunningLines(pages: readonly Line[][]): Line[][] {
  const withText = pages.filter((p) => p.length > 0);
  if (withText.length < 2) return [...pages];
  const body = bodySize(withText.flat());
  const byKey = new Map<string, Line[]>();
  for (const lines of withText) {
    const seen = new Set<string>();
    for (const line of edgeLines(lines)) {
      if (line.size > body * 1.05) continue;
      const key = runningKey(line);
      if (seen.has(key)) continue;
      seen.add(key);
      byKey.set(key, [...(byKey.get(key) ?? []), line]);
    }
  }
  const running = new Set([...byKey].filter(([, lines]) => lines.length === withText.length && isRunning(lines)).map(([key]) => key));
  return pages.map((lines) => {
    const edges = edgeLines(lines);
    return lines.filter((l) => !(edges.has(l) && running.has(runningKey(l))));
  });
}

/** The body's font size: the size most of the text is set in. */
function bodySize(lines: readonly Line[]): number {
  const chars = new Map<number, number>();
  for (const l of lines) chars.set(Math.round(l.size * 2) / 2, (chars.get(Math.round(l.size * 2) / 2) ?? 0) + l.text.length);
  let best = 0;
  let most = -1;
  for (const [size, n] of chars) if (n > most) [best, most] = [size, n];
  return best;
}

/**
 * The text of a PDF's pages as markdown, its blocks separated by blank lines; '' when
 * it has none (a scan).
 */
export function pdfMarkdown(pages: readonly (readonly PdfItem[])[]): string {
  const lines = withoutRunningLines(pageLines(pages)).flat();
  const body = bodySize(lines);
  const isHeading = (l: Line) => body > 0 && l.size >= body * HEADING_RATIO && l.text.length <= MAX_HEADING_CHARS && /\p{L}/u.test(l.text);
  // the largest heading size is level 1, the next level 2, any smaller level 3
  const headingSizes = [...new Set(lines.filter(isHeading).map((l) => Math.round(l.size * 2) / 2))].sort((a, b) => b - a);
  const level = (l: Line) => Math.min(headingSizes.indexOf(Math.round(l.size * 2) / 2) + 1, 3);

  const blocks: string[] = [];
  let paragraph: string | null = null;
  let last: Line | null = null;
  const flush = () => {
    if (paragraph) blocks.push(paragraph);
    paragraph = null;
  };
  for (const line of lines) {
    if (isHeading(line)) {
      flush();
      blocks.push(`${'#'.repeat(level(line))} ${line.text}`);
      last = null;
      continue;
    }
    const bullet = BULLET.exec(line.text);
    if (bullet) {
      flush();
      paragraph = `- ${line.text.slice(bullet[0].length)}`;
    } else if (paragraph !== null && last && continues(last, line, paragraph)) {
      // a word hyphenated at the end of a line keeps its hyphen, without the space
      paragraph += /\p{L}-$/u.test(paragraph) ? line.text : ` ${line.text}`;
    } else {
      flush();
      paragraph = line.text;
    }
    last = line;
  }
  flush();
  // the items of a list stay together, one a line
  return blocks.map((b, i) => (i === 0 ? b : `${b.startsWith('- ') && blocks[i - 1]!.startsWith('- ') ? '\n' : '\n\n'}${b}`)).join('');
}

/** Whether `line` goes on the paragraph that `last` ended: close below it on the same page, or its sentence going on over a page break. */
function continues(last: Line, line: Line, paragraph: string): boolean {
  if (line.page !== last.page) return !/[.!?:]$/.test(paragraph) && /^\p{Ll}/u.test(line.text);
  const gap = last.y - line.y;
  return gap > 0 && gap <= PARAGRAPH_GAP * Math.max(last.size, line.size);
}
