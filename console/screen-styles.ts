/**
 * A screen's own stylesheet, adopted into the console's document once, when the screen first draws (CSP-safe: no
 * `<style>`); its bytes load with the screen's chunk, not with the console's first visit.
 */
const adopted = new Set<string>();

/** Adopts `css` into the document, once. */
export function adoptScreenStyles(css: string): void {
  if (adopted.has(css) || typeof CSSStyleSheet === 'undefined' || !('adoptedStyleSheets' in document)) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  adopted.add(css);
}
