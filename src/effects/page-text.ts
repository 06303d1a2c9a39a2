/** The host page's visible text, sent with each message when page awareness is on. */

/**
 * widget-spec §5: removed from the page text; and what a site marks `data-ai-private` (issue 15: a page's
 * personal figures, for example), with everything inside it.
 */
const SKIP =
  'script, style, noscript, template, nav, footer, header, [role="navigation"], [role="banner"], [role="contentinfo"], [hidden], [aria-hidden="true"], svg, iframe, canvas, ai-chat-widget, [data-ai-private]';

/** The most page text sent with a message. */
export const MAX_PAGE_TEXT = 20_000;

/** The visible text of `root`, without scripts, styles, navigation, footer, header, and hidden or aria-hidden elements. */
export function extractPageText(root: Element = document.body, max = MAX_PAGE_TEXT): string {
  const view = root.ownerDocument.defaultView;
  const parts: string[] = [];
  let length = 0;
  const walk = (el: Element) => {
    if (length >= max || el.matches(SKIP)) return;
    const style = view?.getComputedStyle?.(el);
    if (style && (style.display === 'none' || style.visibility === 'hidden')) return;
    for (const node of Array.from(el.childNodes)) {
      if (node.nodeType === 3) {
        const text = node.textContent?.replace(/\s+/g, ' ').trim();
        if (text) {
          parts.push(text);
          length += text.length + 1;
        }
      } else if (node.nodeType === 1) {
        walk(node as Element);
      }
    }
  };
  walk(root);
  return parts.join(' ').slice(0, max);
}
