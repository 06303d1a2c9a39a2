/** A feature chunk's stylesheet joins the widget's shadow root (adopted, so the strict CSP holds: no <style> element). */
const sheets = new Map<string, CSSStyleSheet>();

/** Adopts `css` into the shadow root that holds `node`, once. */
export function adoptStyles(node: Node | null, css: string): void {
  const root = node?.getRootNode();
  if (!(root instanceof ShadowRoot)) return;
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
