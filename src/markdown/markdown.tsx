/**
 * AI answers as markdown, rendered safely (issue "AI markdown is rendered safely in a
 * lazily loaded chunk"). marked only lexes; its tokens become Preact elements here, so
 * no HTML string is ever built or parsed: raw HTML in an answer is shown as its text,
 * images are never loaded, and a link survives only when its URL is `https:`, `http:`,
 * `mailto:` or a same-page `#fragment`. Input that is too long, too deeply nested or
 * too expensive to lex, or that makes the lexer throw, is shown as plain text.
 *
 * The widget loads it on demand through `./markdown-chunk` (what its chunk exports).
 * It imports nothing from React/Preact at run time but the JSX runtime, and uses no
 * hooks, so it renders with whichever Preact the host bundle provides.
 */
import { Lexer, type MarkedOptions, type MarkedToken, type Token, type Tokens } from 'marked';
import type { ReactNode } from 'react';

/**
 * The longest answer that is lexed; longer text is shown as plain text. marked's
 * inline lexer is superlinear (40 KB of `_a_a…` takes about 2 s), and an answer this
 * long is already far beyond a chat reply.
 */
export const MAX_MARKDOWN_CHARS = 12_000;

/**
 * The deepest nesting rendered: blockquotes and lists, plus the inline elements
 * (emphasis, strikethrough, links) inside them. marked recurses once per level
 * (5,000 nested `>` overflow its stack) and so would the renderer.
 */
export const MAX_NESTING_DEPTH = 20;

/**
 * The most emphasis delimiters (`*`, `_`, `~`) and `!` in one paragraph outside fenced
 * code. marked's lexing is quadratic in them within a paragraph: 12,000 characters of
 * `a*_a*_…` take about 2 s and of `!!!…` about 150 ms; 400 of them take a few ms.
 */
export const MAX_DELIMITERS_PER_BLOCK = 400;

/** Why an answer is shown as plain text instead of markdown. */
export type PlainTextFallbackReason = 'too-long' | 'too-deep' | 'too-complex' | 'parse-error';

/** The URLs a link may keep. Anything else renders as its text. */
const ALLOWED_PROTOCOLS = new Set(['https:', 'http:', 'mailto:']);
/** Relative URLs resolve against this host, so they are recognised and dropped. */
const PLACEHOLDER_BASE = 'https://invalid.invalid/';

/**
 * Decides, without lexing, whether `text` must be shown as plain text: longer than
 * {@link MAX_MARKDOWN_CHARS}, a line opening more than {@link MAX_NESTING_DEPTH}
 * blockquotes or lists, or a paragraph with more than {@link MAX_DELIMITERS_PER_BLOCK}
 * emphasis delimiters and `!`. One pass over the text; `null` when it may be lexed.
 */
export function toPlainTextFallbackReason(text: string): Exclude<PlainTextFallbackReason, 'parse-error'> | null {
  if (text.length > MAX_MARKDOWN_CHARS) return 'too-long';
  let delimiters = 0;
  let fence = '';
  for (const line of text.split('\n')) {
    if (containerDepth(line) > MAX_NESTING_DEPTH) return 'too-deep';
    const trimmed = line.trimStart();
    const marker = /^(?:[>\s]*)(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      // a closing fence is at least as long as the opening one and made of the same character
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = '';
      continue;
    }
    if (marker) {
      fence = marker;
      delimiters = 0;
      continue;
    }
    // a blank line, a bullet or a heading starts a new block: marked lexes each block's inline text apart
    if (!trimmed || /^(?:[-+*]|#{1,6})(?:[ \t]|$)/.test(trimmed)) delimiters = 0;
    for (let i = 0; i < line.length; i++) {
      const c = line.charCodeAt(i);
      if (c === 42 /* * */ || c === 95 /* _ */ || c === 126 /* ~ */ || c === 33 /* ! */) delimiters++;
    }
    if (delimiters > MAX_DELIMITERS_PER_BLOCK) return 'too-complex';
  }
  return null;
}

/** How many blockquote and list markers open `line` (`> > - 1. x` opens four). */
function containerDepth(line: string): number {
  let depth = 0;
  let i = 0;
  for (;;) {
    while (line[i] === ' ' || line[i] === '\t') i++;
    if (line[i] === '>') {
      i++;
    } else {
      let j = i;
      while (j - i < 9 && line.charCodeAt(j) >= 48 && line.charCodeAt(j) <= 57) j++;
      const bullet = j === i ? '-+*'.includes(line[i] || 'x') : line[j] === '.' || line[j] === ')';
      const after = line[j === i ? i + 1 : j + 1];
      if (!bullet || !(after === ' ' || after === '\t' || after === undefined)) return depth;
      i = (j === i ? i : j) + 1;
    }
    depth++;
  }
}

/** The few named character references an answer plausibly uses; others stay as written. */
const NAMED_ENTITIES = new Map(
  Object.entries({
    amp: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    apos: "'",
    nbsp: '\u00a0',
    shy: '\u00ad',
    copy: '©',
    reg: '®',
    trade: '™',
    hellip: '…',
    mdash: '—',
    ndash: '–',
    lsquo: '‘',
    rsquo: '’',
    ldquo: '“',
    rdquo: '”',
    laquo: '«',
    raquo: '»',
    bull: '•',
    middot: '·',
    times: '×',
    divide: '÷',
    deg: '°',
    plusmn: '±',
    minus: '−',
    le: '≤',
    ge: '≥',
    ne: '≠',
    larr: '←',
    rarr: '→',
    euro: '€',
    pound: '£',
    yen: '¥',
    cent: '¢',
    sect: '§',
    para: '¶',
  }),
);

/**
 * Resolves character references as CommonMark does in text and link destinations
 * (marked leaves them for the browser's HTML parser, which is not used here). One
 * pass, so `&amp;lt;` becomes `&lt;`, not `<`.
 */
export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(
    /&(?:#(\d{1,7})|#[xX]([\da-fA-F]{1,6})|([a-zA-Z][a-zA-Z\d]{1,31}));/g,
    (all, dec?: string, hex?: string, name?: string) => {
      if (name) return NAMED_ENTITIES.get(name) ?? all;
      const code = dec ? Number.parseInt(dec, 10) : Number.parseInt(hex!, 16);
      return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? '\ufffd' : String.fromCodePoint(code);
    },
  );
}

/**
 * The URL a link or image may point to, or `null` when it must render as text: only
 * absolute `https:`/`http:`/`mailto:` URLs (written with their scheme, no credentials)
 * and same-page `#fragment`s. The result is the URL parser's own serialisation, so what
 * the browser follows is exactly what was checked.
 */
export function safeHref(href: string): string | null {
  const value = href.trim();
  try {
    if (value.startsWith('#')) return new URL(value, PLACEHOLDER_BASE).hash || '#';
    // the scheme must be written out: no protocol-relative `//host`, no scheme hidden by whitespace or entities
    if (!/^(?:https?|mailto):/i.test(value)) return null;
    const url = new URL(value, PLACEHOLDER_BASE);
    if (!ALLOWED_PROTOCOLS.has(url.protocol) || url.username || url.password) return null;
    if (url.protocol !== 'mailto:' && (!url.hostname || url.hostname === 'invalid.invalid')) return null;
    return url.href;
  } catch {
    return null;
  }
}

/** Thrown while rendering when the token tree nests deeper than {@link MAX_NESTING_DEPTH}. */
class TooDeep extends Error {}

/** Lexer options from marked's defaults, built per call: `Lexer` stores its tokenizer in them. */
function lexerOptions(): MarkedOptions {
  return { async: false, breaks: false, gfm: true, pedantic: false, silent: false };
}

/** The result of {@link renderMarkdown}: elements, or the reason to show plain text. */
export type MarkdownResult = { nodes: ReactNode[]; fallback: null } | { nodes: null; fallback: PlainTextFallbackReason };

/** Lexes `text` and builds its elements; never throws. */
export function renderMarkdown(text: string): MarkdownResult {
  const early = toPlainTextFallbackReason(text);
  if (early) return { nodes: null, fallback: early };
  let tokens: Token[];
  try {
    tokens = new Lexer(lexerOptions()).lex(text);
  } catch {
    return { nodes: null, fallback: 'parse-error' };
  }
  try {
    return { nodes: blocks(tokens, 0), fallback: null };
  } catch (e) {
    return { nodes: null, fallback: e instanceof TooDeep ? 'too-deep' : 'parse-error' };
  }
}

function deeper(depth: number): number {
  if (depth >= MAX_NESTING_DEPTH) throw new TooDeep();
  return depth + 1;
}

/** Block tokens to elements. `depth` counts the containers around them. */
function blocks(tokens: Token[], depth: number): ReactNode[] {
  // extensions could add other token types; none are installed, and unknown ones show their source
  return tokens.map((t, key) => block(t as MarkedToken, depth, key));
}

function block(t: MarkedToken, depth: number, key: number): ReactNode {
  switch (t.type) {
    case 'space':
    case 'def':
      return null;
    case 'paragraph':
      return <p key={key}>{inline(t.tokens, depth, false)}</p>;
    case 'heading': {
      // the widget's panel title is the h2 its answers sit under, so `#` maps to h3 and deeper levels follow
      const Tag = (['h3', 'h4', 'h5', 'h6'] as const)[Math.min(t.depth, 4) - 1]!;
      return <Tag key={key}>{inline(t.tokens, depth, false)}</Tag>;
    }
    case 'code': {
      const lang = decodeEntities(/^\S*/.exec(t.lang ?? '')![0]);
      return (
        // focusable so a code block wider than the bubble can be scrolled from the keyboard
        <pre key={key} data-part="code-block" tabIndex={0}>
          <code data-lang={lang || undefined}>{t.text}</code>
        </pre>
      );
    }
    case 'blockquote':
      return <blockquote key={key}>{blocks(t.tokens, deeper(depth))}</blockquote>;
    case 'list': {
      const inner = deeper(depth);
      const items = t.items.map((item, i) => (
        <li key={i} data-part={item.task ? 'task' : undefined}>
          {blocks(item.tokens, inner)}
        </li>
      ));
      if (!t.ordered) return <ul key={key}>{items}</ul>;
      return (
        <ol key={key} start={t.start === '' || t.start === 1 ? undefined : t.start}>
          {items}
        </ol>
      );
    }
    case 'table':
      return (
        // focusable for the same reason as code blocks: a wide table scrolls inside its wrapper
        <div key={key} data-part="table" tabIndex={0}>
          <table>
            <thead>
              <tr>
                {t.header.map((cell, i) => (
                  <th key={i} scope="col" data-align={cell.align ?? undefined}>
                    {inline(cell.tokens, depth, false)}
                  </th>
                ))}
              </tr>
            </thead>
            {t.rows.length > 0 && (
              <tbody>
                {t.rows.map((row, r) => (
                  <tr key={r}>
                    {row.map((cell, i) => (
                      <td key={i} data-align={cell.align ?? undefined}>
                        {inline(cell.tokens, depth, false)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            )}
          </table>
        </div>
      );
    case 'hr':
      return <hr key={key} />;
    case 'html':
      // raw HTML is never interpreted: the reader sees what the model wrote
      return (
        <p key={key} data-part="raw-html">
          {t.text.replace(/\n+$/, '')}
        </p>
      );
    case 'text':
      // the text of a tight list item: inline content without a paragraph
      return t.tokens ? inline(t.tokens, depth, false) : text(t);
    case 'checkbox':
      return checkbox(t, key);
    default:
      // tokens of extensions this file does not install; show what was written
      return 'raw' in t ? String(t.raw) : null;
  }
}

/** Inline tokens to elements. `inLink` turns nested links into their text. */
function inline(tokens: Token[], depth: number, inLink: boolean): ReactNode[] {
  return tokens.map((t, key) => inlineToken(t as MarkedToken, depth, inLink, key));
}

function inlineToken(t: MarkedToken, depth: number, inLink: boolean, key: number): ReactNode {
  switch (t.type) {
    case 'text':
      return t.tokens ? inline(t.tokens, depth, inLink) : text(t);
    case 'escape':
      return t.text;
    case 'html':
      return t.text;
    case 'strong':
      return <strong key={key}>{inline(t.tokens, deeper(depth), inLink)}</strong>;
    case 'em':
      return <em key={key}>{inline(t.tokens, deeper(depth), inLink)}</em>;
    case 'del':
      return <del key={key}>{inline(t.tokens, deeper(depth), inLink)}</del>;
    case 'codespan':
      return <code key={key}>{t.text}</code>;
    case 'br':
      return <br key={key} />;
    case 'link':
      return link(t, depth, inLink, key);
    case 'image':
      return image(t, inLink, key);
    case 'checkbox':
      return checkbox(t, key);
    default:
      return 'raw' in t ? String(t.raw) : null;
  }
}

/** A text token's characters. marked leaves character references in them except inside raw HTML. */
function text(t: Tokens.Text): string {
  return t.escaped ? t.text : decodeEntities(t.text);
}

function link(t: Tokens.Link, depth: number, inLink: boolean, key: number): ReactNode {
  // autolinks and bare URLs are literal; a written destination may use character references
  const href = inLink ? null : safeHref(t.autolink ? t.href : decodeEntities(t.href));
  const content = t.autolink ? t.text : inline(t.tokens, deeper(depth), true);
  if (href === null) return content;
  const title = t.title ? decodeEntities(t.title) : undefined;
  if (href.startsWith('#'))
    return (
      <a key={key} href={href} title={title}>
        {content}
      </a>
    );
  return (
    <a key={key} href={href} title={title} target="_blank" rel="noopener noreferrer">
      {content}
    </a>
  );
}

/** Images are never loaded: a link to the image, named by its alt text, or the alt text alone. */
function image(t: Tokens.Image, inLink: boolean, key: number): ReactNode {
  const alt = plainText(t.tokens ?? []) || t.text;
  const href = inLink ? null : safeHref(decodeEntities(t.href));
  if (href === null || href.startsWith('#')) return alt;
  return (
    <a key={key} href={href} target="_blank" rel="noopener noreferrer" data-part="image-link">
      {alt || href}
    </a>
  );
}

/** A task list's box: shown, not editable. */
function checkbox(t: Tokens.Checkbox, key: number): ReactNode {
  return <input key={key} type="checkbox" checked={t.checked} disabled data-part="task-checkbox" />;
}

/** The text of inline tokens, as an image's alt text is. */
function plainText(tokens: Token[]): string {
  let out = '';
  for (const t of tokens as MarkedToken[]) {
    if ('tokens' in t && t.tokens) out += plainText(t.tokens);
    else if (t.type === 'text') out += text(t);
    else if ('text' in t && typeof t.text === 'string') out += t.text;
  }
  return out;
}

/** The props of {@link Markdown}. */
export interface MarkdownProps {
  /** The answer's markdown source, as the model wrote it. */
  text: string;
}

/**
 * An AI answer rendered from markdown, inside `<div data-part="markdown">`. When it
 * cannot be rendered safely and quickly, the whole text is shown in
 * `<p data-part="plain-text" data-reason="…">` (the widget's CSS gives it
 * `white-space: pre-wrap`).
 */
export function Markdown({ text }: MarkdownProps) {
  const result = renderMarkdown(text);
  return (
    <div data-part="markdown">
      {result.fallback ? (
        <p data-part="plain-text" data-reason={result.fallback}>
          {text}
        </p>
      ) : (
        result.nodes
      )}
    </div>
  );
}

export default Markdown;
