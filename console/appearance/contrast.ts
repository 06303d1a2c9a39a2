/**
 * Text against its background, as WCAG 2.x measures it (relative luminance, contrast ratio), and the pairs of
 * appearance fields (widget-spec §3) the widget draws one on the other. The appearance editor warns at both
 * fields of a pair below AA for text (4.5:1, WCAG 2.2 SC 1.4.3).
 */

/** WCAG 2.2 SC 1.4.3: AA for normal-size text. */
export const AA_TEXT = 4.5;

/** `#rgb` or `#rrggbb` (any case) as [r, g, b] 0–255; null for anything else (a colour the check cannot read). */
export function parseHex(colour: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim());
  if (!m) return null;
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** Relative luminance (WCAG 2.x definition), 0 for black to 1 for white. */
export function relativeLuminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    // WCAG 2.x prints 0.03928; sRGB's own threshold is 0.04045: no 8-bit value falls between them
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The contrast ratio of two colours, 1 to 21; null when either is not a hex colour. */
export function contrastRatio(a: string, b: string): number | null {
  const pa = parseHex(a);
  const pb = parseHex(b);
  if (!pa || !pb) return null;
  const [hi, lo] = [relativeLuminance(pa), relativeLuminance(pb)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * A colour drawn on another: the text's field and its background's, as dotted appearance paths, or a fixed
 * colour where the widget's own (the launcher's and the send button's icons are white in src/styles).
 */
export interface ContrastPair {
  text: string;
  background: string;
}

/** Every pair of §3 colours the widget draws one on the other. */
export const CONTRAST_PAIRS: readonly ContrastPair[] = [
  // the header's ground is the window's (src/styles/window.css)
  { text: 'agentTitleColor', background: 'chatBgColor' },
  { text: 'agentDescriptionColor', background: 'chatBgColor' },
  { text: 'timestampColor', background: 'chatBgColor' },
  { text: 'footer.defaultColor', background: 'chatBgColor' },
  { text: 'footer.activeColor', background: 'chatBgColor' },
  { text: 'home.titleColor', background: 'chatBgColor' },
  { text: 'home.descriptionColor', background: 'chatBgColor' },
  { text: 'userMessage.textColor', background: 'userMessage.bgColor' },
  { text: 'aiMessage.textColor', background: 'aiMessage.bgColor' },
  { text: '#ffffff', background: 'launcher.backgroundColor' },
  { text: 'input.inputTextColor', background: 'input.inputBgColor' },
  { text: 'input.sendButtonIconColor', background: 'input.sendButtonBgColor' },
  { text: 'buttons.textColor', background: 'buttons.bgColor' },
  { text: 'chatHistoryList.textColor', background: 'chatHistoryList.bgColor' },
  { text: 'chatHistoryList.textColor', background: 'chatHistoryList.activeBgColor' },
  { text: 'followUpButtons.textColor', background: 'followUpButtons.bgColor' },
  { text: 'followUpButtons.textColor', background: 'followUpButtons.bgHoverColor' },
  { text: 'responseButton.textColor', background: 'responseButton.bgColor' },
  { text: 'responseButton.textColor', background: 'responseButton.bgHoverColor' },
];

/** A pair below AA: the other field of the pair (or the fixed colour) and the ratio. */
export interface ContrastWarning {
  other: string;
  ratio: number;
}

/**
 * The warnings of an appearance (every field filled, defaults included), by field: each field of a pair
 * below {@link AA_TEXT} gets one naming the other. `read` reads a dotted path.
 */
export function contrastWarnings(read: (path: string) => unknown): Map<string, ContrastWarning[]> {
  const out = new Map<string, ContrastWarning[]>();
  const colour = (p: string) => (p.startsWith('#') ? p : String(read(p) ?? ''));
  const add = (field: string, w: ContrastWarning) => {
    if (!field.startsWith('#')) out.set(field, [...(out.get(field) ?? []), w]);
  };
  for (const { text, background } of CONTRAST_PAIRS) {
    const ratio = contrastRatio(colour(text), colour(background));
    if (ratio === null || ratio >= AA_TEXT) continue;
    add(text, { other: background, ratio });
    add(background, { other: text, ratio });
  }
  return out;
}

/** A ratio as people read it: 3.2:1 (rounded down, so 4.49 never shows as 4.5). */
export const formatRatio = (ratio: number) => `${Math.floor(ratio * 10) / 10}:1`;
