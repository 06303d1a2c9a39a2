/**
 * A docx document rendered safely with docx-preview (widget-spec §2 "doc/docx"), in a
 * chunk of its own loaded with the first docx. docx-preview on its own copies hyperlinks
 * verbatim (a `javascript:` link stays live), renders altChunk HTML into an unsandboxed
 * `iframe srcdoc`, injects `<style>` elements a strict CSP blocks, and sets image sources
 * on elements that start loading at once. So here:
 *
 * - every element is made by our `h` hook in an inert document (nothing loads, nothing
 *   runs) and moved into the page only after it has been cleaned;
 * - `<style>` nodes become constructable stylesheets, returned for the viewer's shadow
 *   root to adopt, and string styles go through `style.cssText` (both allowed under
 *   `style-src 'self'`); a `url()` that is not the document's own (blob:, data:) is cut, and
 *   so is CSS that takes a URL as a string (`image-set("…")`, `@import`), escaped names
 *   included: a style's font name is the file's text, and it can close its value and add
 *   declarations of its own;
 * - links keep only the chat's allow-list (http, https, mailto, #: the markdown renderer's
 *   `safeHref`, passed in so that it stays in one place and in one chunk) and open in a new tab;
 *   sources other than the document's own images, event handler attributes and active
 *   elements (script, iframe, object, …) are removed;
 * - altChunks are off, fonts are ignored.
 */
import { parseAsync, renderDocument, type HElement, type Options } from 'docx-preview';

export interface RenderedDocx {
  /** The document, ready to be placed. */
  node: HTMLElement;
  /** Its styles, to adopt into the shadow root it is placed in. */
  sheets: CSSStyleSheet[];
}

/** Elements a document has no business holding. */
const ACTIVE = /^(script|iframe|frame|frameset|object|embed|applet|link|meta|base|style|form|foreignobject|portal)$/i;
/** Attributes that load or navigate. */
const URL_ATTRIBUTES = new Set([
  'href',
  'xlink:href',
  'src',
  'srcset',
  'srcdoc',
  'action',
  'formaction',
  'data',
  'poster',
  'background',
  'ping',
]);

/** The document's own resources: docx-preview serves a document's images as blob: (or data:) URLs. */
const isOwnResource = (url: string) => /^\s*(blob:|data:image\/)/i.test(url);

/** A CSS escape: a backslash and 1 to 6 hex digits (and a space), or a backslash and a character. */
const CSS_ESCAPE = /\\(?:([\da-f]{1,6})[ \t\n\r\f]?|([\s\S]))/gi;
/** A `url(` not followed by one of the document's own resources (a left-open `url(x` loads too). */
const OUTSIDE_URL = /url\(\s*['"]?\s*(?!['"\s]|blob:|data:image\/)/gi;
/** What takes a URL in a string (`image-set("…")`, `src("…")`, `@import "…"`): nothing a document needs. */
const STRING_URL = /(image-set|image|src)\(|@import/gi;

/**
 * CSS that cannot load anything but the document's own resources: a `url()` elsewhere and
 * the functions and rules that take a URL as a string are renamed into something no browser
 * knows (the declaration is dropped). A name spelt with escapes (`u\72l(` is `url(`) is
 * written out first; escapes of other characters (docx-preview's `"\9"`) are kept.
 */
export function safeCss(css: string): string {
  return css
    .replace(CSS_ESCAPE, (all, hex: string | undefined, char: string | undefined) => {
      const c = hex ? String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff)) : char!;
      return /^[\w-]$/.test(c) ? c : all;
    })
    .replace(OUTSIDE_URL, 'blocked(')
    .replace(STRING_URL, (m) => (m[0] === '@' ? '@blocked' : 'blocked('));
}

/** Removes what could run, load from elsewhere or navigate badly; keeps text, structure and the document's own images. */
export function cleanDocument(root: Element, safeHref: (href: string) => string | null): void {
  for (const el of [...root.querySelectorAll('*')]) {
    if (ACTIVE.test(el.localName)) {
      el.remove();
      continue;
    }
    for (const { name, value } of [...el.attributes]) {
      const lower = name.toLowerCase();
      if (lower.startsWith('on')) el.removeAttribute(name);
      else if (lower === 'style') {
        // every style, not only one with `url(`: image-set("…") loads without one
        const css = safeCss(value);
        if (css !== value) (el as HTMLElement).style.cssText = css;
      } else if (URL_ATTRIBUTES.has(lower)) {
        const link = el.localName === 'a' && lower === 'href' ? safeHref(value) : null;
        if (link) el.setAttribute('href', link);
        else if (!((lower === 'src' || lower.endsWith('href')) && el.localName !== 'a' && isOwnResource(value))) el.removeAttribute(name);
      }
    }
    // an outside link opens in a new tab, without opener or referrer (widget-spec §5)
    if (el.localName === 'a' && /^(https?|mailto):/i.test(el.getAttribute('href') ?? '')) {
      el.setAttribute('target', '_blank');
      el.setAttribute('rel', 'noopener noreferrer');
    }
  }
}

/** docx-preview's render hook, making every node in `doc` (inert) and every `<style>` a stylesheet. */
function renderHook(doc: Document, sheets: CSSStyleSheet[]) {
  const h = (elem: HElement | Node | string): Node => {
    if (typeof elem === 'string') return doc.createTextNode(elem);
    if (elem instanceof Node) return elem;
    const { ns, tagName, className, style, children = [], ...props } = elem;
    if (tagName === '#fragment') {
      const fragment = doc.createDocumentFragment();
      for (const c of children) fragment.append(h(c));
      return fragment;
    }
    if (tagName === '#comment') return doc.createComment('');
    if (tagName === 'style') {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(safeCss(children.map((c) => (typeof c === 'string' ? c : ((c as Node).textContent ?? ''))).join('')));
      sheets.push(sheet);
      return doc.createComment('');
    }
    const el = ns ? doc.createElementNS(ns, tagName) : doc.createElement(tagName);
    if (className) el.setAttribute('class', className);
    if (typeof style === 'string') (el as HTMLElement).style.cssText = safeCss(style);
    else if (style) Object.assign((el as HTMLElement).style, style);
    for (const [key, value] of Object.entries(props)) if (value !== undefined) (el as unknown as Record<string, unknown>)[key] = value;
    for (const c of children) el.append(h(c));
    return el;
  };
  return h;
}

/** Renders a docx file's bytes; rejects with docx-preview's error for a file it cannot read. */
export async function renderDocx(data: ArrayBuffer, safeHref: (href: string) => string | null): Promise<RenderedDocx> {
  const inert = document.implementation.createHTMLDocument('');
  const sheets: CSSStyleSheet[] = [];
  const options: Partial<Options> = {
    className: 'docx',
    inWrapper: true,
    // the slot decides the width: the page fits it rather than overflowing it
    ignoreWidth: true,
    ignoreHeight: true,
    ignoreFonts: true,
    renderAltChunks: false,
    renderComments: false,
    experimental: false,
    useBase64URL: false,
    h: renderHook(inert, sheets),
  };
  const parsed: unknown = await parseAsync(data, options);
  const nodes = await renderDocument(parsed, options);
  const root = inert.createElement('div');
  root.setAttribute('data-part', 'docx');
  root.append(...nodes);
  cleanDocument(root, safeHref);
  return { node: document.adoptNode(root), sheets };
}
