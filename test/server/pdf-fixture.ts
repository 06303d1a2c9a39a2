/**
 * A PDF 1.4 writer, by hand, for the tests' own PDF files: blocks of text laid out on A4 pages in the standard
 * Helvetica fonts (nothing embedded), or raw content streams (a page with no text layer, a hand-made operator),
 * uncompressed, with a cross-reference table the tests can edit (an appended encryption update). The output depends
 * only on the input: no dates, no ids. (The demo's own documents are written with pdfkit: server/demo/pdf.ts.)
 */

/** A4 in points: the page size Australian documents use. */
const PDF_PAGE = { width: 595, height: 842, margin: 64, bottom: 72 };
const BRAND_RGB = '0.114 0.306 0.847';
const INK_RGB = '0.122 0.161 0.216';
const MUTED_RGB = '0.42 0.447 0.502';

/** Helvetica advance widths (1/1000 em) of WinAnsi codes 32 to 126, from Adobe's AFM. */
const HELVETICA_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278,
  278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722,
  667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556,
  556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/** The WinAnsi codes of the few characters beyond ASCII the documents use, with their Helvetica widths. */
const WIN_ANSI_EXTRA: Readonly<Record<string, { code: number; width: number }>> = {
  '\u2013': { code: 0x96, width: 556 }, // en dash
  '\u2014': { code: 0x97, width: 1000 }, // em dash
  '\u2018': { code: 0x91, width: 222 },
  '\u2019': { code: 0x92, width: 222 },
  '\u201C': { code: 0x93, width: 333 },
  '\u201D': { code: 0x94, width: 333 },
  '\u2022': { code: 0x95, width: 350 }, // bullet
};

/** A character's WinAnsi code; '?' for anything the standard fonts cannot show. */
function winAnsiCode(ch: string): number {
  const cp = ch.codePointAt(0) ?? 63;
  if (cp >= 32 && cp <= 126) return cp;
  return WIN_ANSI_EXTRA[ch]?.code ?? 63;
}

/** Width of `text` in points at `size`; bold is estimated 10% wider, erring towards an earlier line break. */
function textWidth(text: string, size: number, bold: boolean): number {
  let units = 0;
  for (const ch of text) {
    const code = winAnsiCode(ch);
    units += WIN_ANSI_EXTRA[ch]?.width ?? HELVETICA_WIDTHS[code - 32] ?? 556;
  }
  return ((bold ? 1.1 : 1) * units * size) / 1000;
}

/** A PDF literal string of `text` in WinAnsi, one char per byte, with ( ) \ escaped. */
function pdfString(text: string): string {
  let out = '(';
  for (const ch of text) {
    const code = winAnsiCode(ch);
    const c = String.fromCharCode(code);
    out += c === '(' || c === ')' || c === '\\' ? `\\${c}` : c;
  }
  return `${out})`;
}

/** A coordinate or size with at most two decimals and no trailing zeros. */
function num(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/** A paragraph-level block of text; its kind sets font, size, colour and spacing. */
export interface PdfBlock {
  kind: 'title' | 'subtitle' | 'heading' | 'para' | 'bullet' | 'note';
  text: string;
}

const PDF_STYLES: Record<
  PdfBlock['kind'],
  { font: 'F1' | 'F2'; size: number; leading: number; before: number; rgb: string; indent: number }
> = {
  title: { font: 'F2', size: 24, leading: 30, before: 0, rgb: BRAND_RGB, indent: 0 },
  subtitle: { font: 'F1', size: 11, leading: 15, before: 2, rgb: MUTED_RGB, indent: 0 },
  heading: { font: 'F2', size: 13, leading: 17, before: 16, rgb: BRAND_RGB, indent: 0 },
  para: { font: 'F1', size: 10.5, leading: 14.5, before: 6, rgb: INK_RGB, indent: 0 },
  bullet: { font: 'F1', size: 10.5, leading: 14.5, before: 3, rgb: INK_RGB, indent: 14 },
  note: { font: 'F1', size: 9, leading: 12, before: 14, rgb: MUTED_RGB, indent: 0 },
};

function wrapToWidth(text: string, size: number, bold: boolean, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, size, bold) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

/** Lays the blocks out on A4 pages (wrapping, page breaks, a footer with page numbers) and returns each page's content stream. */
export function layoutPdf(blocks: PdfBlock[], footer: string): string[] {
  const { width, height, margin, bottom } = PDF_PAGE;
  const pages: string[][] = [[]];
  let y = height - margin;
  blocks.forEach((block, i) => {
    const style = PDF_STYLES[block.kind];
    const bold = style.font === 'F2';
    const lines = wrapToWidth(block.text, style.size, bold, width - 2 * margin - style.indent);
    // A heading keeps at least two lines of what follows on its page.
    const next = blocks[i + 1];
    const keep = block.kind === 'heading' && next ? 2 * PDF_STYLES[next.kind].leading : 0;
    if (y - style.before - lines.length * style.leading - keep < bottom) {
      pages.push([]);
      y = height - margin;
    } else if ((pages.at(-1)?.length ?? 0) > 0) y -= style.before;
    const ops = pages.at(-1) ?? [];
    ops.push(`${style.rgb} rg`);
    lines.forEach((line, k) => {
      y -= k === 0 ? style.size : style.leading;
      if (block.kind === 'bullet' && k === 0)
        ops.push(`BT /F1 ${num(style.size)} Tf ${num(margin + 2)} ${num(y)} Td ${pdfString('\u2022')} Tj ET`);
      ops.push(`BT /${style.font} ${num(style.size)} Tf ${num(margin + style.indent)} ${num(y)} Td ${pdfString(line)} Tj ET`);
    });
    y -= style.leading - style.size;
    if (block.kind === 'title') {
      y -= 8;
      ops.push(`${BRAND_RGB} RG 1.5 w ${margin} ${num(y)} m ${width - margin} ${num(y)} l S`);
      y -= 6;
    }
  });
  return pages.map((ops, i) => {
    const pageLabel = `Page ${i + 1} of ${pages.length}`;
    const footerY = 40;
    return [
      ...ops,
      `${MUTED_RGB} RG 0.5 w ${margin} ${footerY + 12} m ${width - margin} ${footerY + 12} l S`,
      `${MUTED_RGB} rg`,
      `BT /F1 8.5 Tf ${margin} ${footerY} Td ${pdfString(footer)} Tj ET`,
      `BT /F1 8.5 Tf ${num(width - margin - textWidth(pageLabel, 8.5, false))} ${footerY} Td ${pdfString(pageLabel)} Tj ET`,
      '',
    ].join('\n');
  });
}

/** Bytes of a string whose chars are all below 256 (PDF syntax and WinAnsi text). */
function latin1(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}

/** The entries of the file's document information dictionary. */
export interface PdfInfo {
  title: string;
  author: string;
  subject: string;
  /** The program that wrote the file. */
  producer: string;
}

/**
 * A complete PDF 1.4 file: catalog, page tree, two standard Type 1 fonts
 * (Helvetica, Helvetica-Bold; every viewer has them, so nothing is embedded),
 * an info dictionary, one page object and one uncompressed content stream per
 * page, a cross-reference table with each object's byte offset, and the trailer.
 */
export function buildPdf(info: PdfInfo, pageStreams: string[]): Uint8Array {
  const objects: string[] = [];
  const fixed = 5; // catalog, pages, two fonts, info
  const pageIds = pageStreams.map((_, i) => fixed + 1 + 2 * i);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R /ViewerPreferences << /DisplayDocTitle true >> >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  objects[5] = `<< /Title ${pdfString(info.title)} /Author ${pdfString(info.author)} /Subject ${pdfString(info.subject)} /Producer ${pdfString(info.producer)} >>`;
  pageStreams.forEach((stream, i) => {
    const pageId = pageIds[i] as number;
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PDF_PAGE.width} ${PDF_PAGE.height}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> /ProcSet [/PDF /Text] >> /Contents ${pageId + 1} 0 R >>`;
    // The stream is all single-byte chars, so its length in chars is its length in bytes.
    objects[pageId + 1] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  });

  // The second line's bytes above 127 tell transfer tools the file is binary (PDF 1.4 §3.4.1).
  let out = '%PDF-1.4\n%\xE2\xE3\xCF\xD3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = out.length;
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xrefAt = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefAt}\n%%EOF`;
  return latin1(out);
}
