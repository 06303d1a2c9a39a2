/**
 * A crafted .docx (test/fixtures/crafted-docx.ts) through the real renderDocx
 * (src/embeds/docx.ts: docx-preview 0.4.1 with its `h` hook in an inert document), with
 * the link allow-list the viewer passes it (embed-content.ts: the markdown renderer's
 * safeHref). Checks widget-spec §2 "doc/docx" rendered in the page without anything of the
 * file running, loading from elsewhere or navigating badly: the text stays; https and
 * mailto links stay and open in a new tab without opener or referrer (widget-spec §5);
 * javascript:/vbscript:/data: links lose their target; no active element, no handler
 * attribute, no outside image; altChunks and fonts are not rendered; styles come back
 * as constructable stylesheets (STYLE.md "Styles and bundles") whose text cannot load.
 *
 * happy-dom's DOMParser (20.14.6) does not split a prefixed attribute of an XML document:
 * `w:val` has the localName 'w:val' and no namespace, so docx-preview (which reads
 * attributes by localName) would find no relationship, style or link at all and the
 * safety checks would pass on an empty document. `withNamespacedXmlAttributes` below
 * gives those attributes their localName and namespace, as a browser's parser does; it
 * steps aside when the parser already does so. docx-preview and renderDocx run unchanged.
 *
 * happy-dom's CSSOM drops values it does not know (`image-set()`, an escaped `url()`),
 * which a browser keeps, so the CSS is checked as the text renderDocx hands to
 * `CSSStyleSheet.replaceSync` and `style.cssText`, which is what a browser would parse.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderDocx, safeCss, type RenderedDocx } from '../../src/embeds/docx';
import { safeHref } from '../../src/markdown/markdown';
import {
  ALT_CHUNK_TEXT,
  ANCHOR_LINK,
  CRAFTED_OUTSIDE,
  CRAFTED_STYLE,
  CRAFTED_TEXT,
  SAFE_LINKS,
  UNSAFE_LINKS,
  craftedDocx,
  outsideUrls,
} from '../fixtures/crafted-docx';

/** Makes happy-dom's XML parser give prefixed attributes their localName and namespace; returns the undo. */
function withNamespacedXmlAttributes(): () => void {
  const parse = DOMParser.prototype.parseFromString;
  const probe = parse.call(new DOMParser(), '<a xmlns:p="urn:p" p:b=""/>', 'application/xml').documentElement.attributes;
  if ([...probe].some((a) => a.name === 'p:b' && a.localName === 'b')) return () => {};
  DOMParser.prototype.parseFromString = function (this: DOMParser, text: string, type: DOMParserSupportedType) {
    const doc = parse.call(this, text, type);
    for (const el of [...doc.getElementsByTagName('*')]) {
      for (const a of [...el.attributes]) {
        const colon = a.name.indexOf(':');
        if (colon < 1 || a.localName !== a.name || a.name.startsWith('xmlns:')) continue;
        const prefix = a.name.slice(0, colon);
        let ns: string | null = null;
        for (let e: Element | null = el; e && ns === null; e = e.parentElement) ns = e.getAttribute(`xmlns:${prefix}`);
        el.removeAttribute(a.name);
        el.setAttributeNS(ns, a.name, a.value);
      }
    }
    return doc;
  } as typeof parse;
  return () => {
    DOMParser.prototype.parseFromString = parse;
  };
}

/** The code points of CSS escapes (`\72 `, `\r`), as a browser's tokenizer reads them. */
function cssEscapes(css: string): string[] {
  return [...css.matchAll(/\\(?:([\da-f]{1,6})[ \t\n\r\f]?|([\s\S]))/gi)].map(([, hex, ch]) => {
    const code = hex ? parseInt(hex, 16) : -1;
    return hex ? (code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\ufffd') : ch!;
  });
}

/**
 * Why CSS text could make a request a document has no business making, or null: a url()
 * to something other than the document's own blob:/data:image resources, a function
 * taking a URL as a string (image-set, -webkit-image-set, image, src), an @import, or an
 * escape spelling a name character (`u\72l(` is `url(` to a browser).
 */
function loadsFromOutside(css: string): string | null {
  const url = /url\(\s*['"]?\s*(?!['"\s]|blob:|data:image\/)/i.exec(css);
  if (url) return `url(): ${css.slice(url.index, url.index + 60)}`;
  const fn = /(image-set|\bimage|\bsrc)\(|@import/i.exec(css);
  if (fn) return `${fn[0]}: ${css.slice(fn.index, fn.index + 60)}`;
  const escaped = cssEscapes(css).find((c) => /^[\w-]$/.test(c));
  if (escaped) return `an escaped '${escaped}'`;
  return null;
}

const URL_ATTRIBUTE = /^(href|xlink:href|src|srcset|srcdoc|action|formaction|data|poster|background|ping|codebase|cite)$/i;

let restoreParser = () => {};
let rendered: RenderedDocx;
/** Every text renderDocx gave a stylesheet or an element's style, before the browser parsed it. */
const cssGiven: string[] = [];

beforeAll(async () => {
  restoreParser = withNamespacedXmlAttributes();
  const replaceSync = vi.spyOn(CSSStyleSheet.prototype, 'replaceSync');
  const cssText = Object.getOwnPropertyDescriptor(CSSStyleDeclaration.prototype, 'cssText')!;
  Object.defineProperty(CSSStyleDeclaration.prototype, 'cssText', {
    ...cssText,
    set(this: CSSStyleDeclaration, value: string) {
      cssGiven.push(value);
      cssText.set!.call(this, value);
    },
  });
  try {
    const bytes = await craftedDocx();
    rendered = await renderDocx(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer, safeHref);
  } finally {
    Object.defineProperty(CSSStyleDeclaration.prototype, 'cssText', cssText);
  }
  cssGiven.push(...replaceSync.mock.calls.map(([text]) => text));
  replaceSync.mockRestore();
});

afterAll(() => restoreParser());

const all = () => [rendered.node, ...rendered.node.querySelectorAll('*')];

describe('a crafted docx rendered by renderDocx', () => {
  it('shows its text, in the style of styles.xml', () => {
    expect(rendered.node.getAttribute('data-part')).toBe('docx');
    const paragraph = [...rendered.node.querySelectorAll('p')].find((p) => p.textContent === CRAFTED_TEXT);
    expect(paragraph).toBeDefined();
    expect(paragraph!.classList.contains(CRAFTED_STYLE.className)).toBe(true);
  });

  it('keeps the https and mailto links, opening in a new tab without opener or referrer (widget-spec §5)', () => {
    const links = [...rendered.node.querySelectorAll('a')];
    for (const { text, href } of SAFE_LINKS) {
      const a = links.find((l) => l.textContent === text);
      expect(a?.getAttribute('href'), text).toBe(href);
      expect(a?.getAttribute('target'), text).toBe('_blank');
      expect(a?.getAttribute('rel'), text).toBe('noopener noreferrer');
    }
    const anchor = links.find((l) => l.textContent === ANCHOR_LINK.text);
    expect(anchor?.getAttribute('href')).toBe(ANCHOR_LINK.href);
    expect(anchor?.hasAttribute('target')).toBe(false);
  });

  it('keeps the text of javascript:, vbscript: and data:text/html links, without their target', () => {
    const links = [...rendered.node.querySelectorAll('a')];
    for (const { text } of UNSAFE_LINKS) {
      const a = links.find((l) => l.textContent === text);
      expect(a, text).toBeDefined();
      expect(a!.hasAttribute('href'), text).toBe(false);
    }
  });

  it('leaves no attribute that runs script or loads a page', () => {
    for (const el of all()) {
      for (const { name, value } of el.attributes) {
        expect(name.toLowerCase().startsWith('on'), `${el.localName} ${name}`).toBe(false);
        expect(/^\s*(javascript:|vbscript:|data:text\/html)/i.test(value), `${el.localName} ${name}="${value}"`).toBe(false);
      }
    }
  });

  it('holds no active element, and does not render the altChunk', () => {
    expect(
      rendered.node.querySelectorAll('iframe, frame, frameset, script, object, embed, applet, link, meta, base, style, form, portal'),
    ).toHaveLength(0);
    expect(all().some((el) => el.localName.toLowerCase() === 'foreignobject')).toBe(false);
    expect(rendered.node.textContent).not.toContain(ALT_CHUNK_TEXT);
  });

  it('loads nothing from outside the file: only its own picture keeps a source, as a blob: URL', () => {
    const sources = all().flatMap((el) =>
      [...el.attributes]
        .filter((a) => URL_ATTRIBUTE.test(a.name) && el.localName !== 'a')
        .map((a) => `${el.localName} ${a.name}=${a.value}`),
    );
    expect(sources).toHaveLength(1);
    expect(sources[0]).toMatch(/^img src=blob:/);
    expect(rendered.node.outerHTML).not.toContain(CRAFTED_OUTSIDE);
  });

  it("returns the styles as constructable stylesheets, among them styles.xml's", () => {
    expect(rendered.sheets.length).toBeGreaterThanOrEqual(2);
    for (const sheet of rendered.sheets) expect(sheet).toBeInstanceOf(CSSStyleSheet);
    const rules = rendered.sheets.flatMap((s) => [...s.cssRules].map((r) => r.cssText));
    const crafted = rules.find((r) => r.includes(`p.${CRAFTED_STYLE.className}`));
    expect(crafted?.toLowerCase()).toContain(`color: ${CRAFTED_STYLE.color}`);
    expect(
      rules.some((r) => r.includes('@font-face')),
      'fonts are ignored',
    ).toBe(false);
  });

  it('gives no stylesheet and no style attribute CSS that loads from outside (url(), u\\72l(), image-set(""), @import)', () => {
    // the crafted styles did reach the CSS: the check below is not of an empty text
    expect(cssGiven.join('\n')).toContain(outsideUrls().cssImageSet);
    for (const css of cssGiven) expect(loadsFromOutside(css), css).toBeNull();
    for (const el of all()) expect(loadsFromOutside(el.getAttribute('style') ?? ''), el.outerHTML.slice(0, 200)).toBeNull();
  });
});

describe('safeCss', () => {
  it.each([
    ['url() elsewhere', 'background: url(http://127.0.0.1:9/a.png)'],
    ['quoted url()', `background: url( "https://evil.example/a.png" )`],
    ['url() left open', 'background: url(http://127.0.0.1:9/a.png'],
    ['an escaped url()', 'border-image: u\\72 l(http://127.0.0.1:9/a.png)'],
    ['an escaped url() in capitals', 'border-image: \\55\\52\\4c(http://127.0.0.1:9/a.png)'],
    ['image-set() with a string', 'background-image: image-set("http://127.0.0.1:9/a.png" 1x)'],
    ['-webkit-image-set() with a string', 'background-image: -webkit-image-set("http://127.0.0.1:9/a.png" 1x)'],
    ['an escaped image-set()', 'background-image: \\69mage-set("http://127.0.0.1:9/a.png" 1x)'],
    ['src()', 'background-image: src("http://127.0.0.1:9/a.png")'],
    ['@import', '@import "http://127.0.0.1:9/a.css";'],
    ['an escaped @import', '@\\69mport "http://127.0.0.1:9/a.css";'],
  ])('cuts %s', (_, css) => {
    expect(loadsFromOutside(css)).not.toBeNull();
    expect(loadsFromOutside(safeCss(css))).toBeNull();
  });

  it("keeps the document's own resources and docx-preview's escapes of tabs and spaces", () => {
    const own = '--docx-num-1-bullet: url(blob:http://localhost/1234); background: url("data:image/png;base64,AAAA")';
    expect(safeCss(own)).toBe(own);
    const counters = 'p.docx-num-1-0:before { content: "\\9"; } p.docx-num-2-0:before { content: "\\a0"; }';
    expect(safeCss(counters)).toBe(counters);
  });
});
