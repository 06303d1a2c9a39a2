/**
 * The host page's slots and their embed tokens (widget-spec §2 "Host-page slots", §5):
 * read when the launcher's scanner (src/effects/slot-scanner.ts) saw a slot.
 */
/**
 * widget-spec §2: the slots' classes. The launcher's scanner has the same selector; importing it
 * from there would move it into a chunk of its own on the launcher's path (a test holds them equal).
 */
export const SLOT_SELECTOR = '[class*="video-embedding-slot"],[class*="smart-doc-embedding-slot"]';
const TOKEN_SELECTOR = '[data-embed-token],[data-token]';

/** A slot and its token. */
export interface FoundSlot {
  el: HTMLElement;
  kind: 'video' | 'smart-doc';
  token: string;
}

const attr = (el: Element | null) => (el?.getAttribute('data-embed-token') || el?.getAttribute('data-token') || '').trim();

/**
 * widget-spec §2: the token from, in order, the element's `data-embed-token` or `data-token`; its
 * own text, if longer than 10 characters; a child carrying one of the attributes. "Own text" is
 * the element's own text nodes, so a child's label (say, "Loading…") never passes for a token.
 */
export function slotToken(el: Element): string {
  const text = [...el.childNodes].reduce((t, n) => (n.nodeType === 3 ? t + n.textContent : t), '').trim();
  return attr(el) || (text.length > 10 ? text : '') || attr(el.querySelector(TOKEN_SELECTOR));
}

const warned = new WeakSet<Element>();
/**
 * Tokens read from a slot's text or child: a slot that cannot hold a shadow root has its content
 * replaced by the viewer's box, so they are remembered (an attribute is always read afresh).
 */
const read = new WeakMap<Element, string>();

/** The page's slots with a token; one without is skipped with a console warning, once (widget-spec §5). */
export function findSlots(root: ParentNode): FoundSlot[] {
  const found: FoundSlot[] = [];
  for (const el of root.querySelectorAll<HTMLElement>(SLOT_SELECTOR)) {
    const token = attr(el) || read.get(el) || slotToken(el);
    if (token) {
      read.set(el, token);
      found.push({ el, kind: el.className.includes('video-embedding-slot') ? 'video' : 'smart-doc', token });
    } else if (!warned.has(el)) {
      warned.add(el);
      console.warn('AI chat widget: a slot without an embed token is skipped', el);
    }
  }
  return found;
}
