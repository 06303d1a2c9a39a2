/**
 * The demo's PDF documents, written with pdfkit: blocks of text laid out on A4 pages in the standard Helvetica fonts
 * (nothing embedded), tagged (headings, paragraphs, a list per run of bullets; the language; the title shown), with a
 * footer and page numbers as artifacts. The output depends only on the input: a fixed creation date, and pdfkit's
 * file id is a hash of the document's information.
 */
import PDFDocument from 'pdfkit';

/** A4 in whole points (as the hand-written writer before it drew it): the page size Australian documents use. */
const PDF_PAGE = { width: 595, height: 842, margin: 64, bottom: 72 };
const BRAND = '#1d4ed8';
const INK = '#1f2937';
const MUTED = '#6b7280';
/** The creation date written into every demo document (the guide's issue date), so its bytes never change. */
const ISSUED = new Date('2024-07-01T00:00:00Z');

/** A paragraph-level block of text; its kind sets font, size, colour and spacing. */
export interface PdfBlock {
  kind: 'title' | 'subtitle' | 'heading' | 'para' | 'bullet' | 'note';
  text: string;
}

const PDF_STYLES: Record<PdfBlock['kind'], { tag: string; bold: boolean; size: number; leading: number; before: number; color: string }> = {
  title: { tag: 'H1', bold: true, size: 24, leading: 30, before: 0, color: BRAND },
  subtitle: { tag: 'P', bold: false, size: 11, leading: 15, before: 2, color: MUTED },
  heading: { tag: 'H2', bold: true, size: 13, leading: 17, before: 16, color: BRAND },
  para: { tag: 'P', bold: false, size: 10.5, leading: 14.5, before: 6, color: INK },
  bullet: { tag: 'LI', bold: false, size: 10.5, leading: 14.5, before: 3, color: INK },
  note: { tag: 'P', bold: false, size: 9, leading: 12, before: 14, color: MUTED },
};

/** The entries of the file's document information dictionary. */
export interface PdfInfo {
  title: string;
  author: string;
  subject: string;
  /** The program that wrote the file. */
  producer: string;
}

/** Lays the blocks out on A4 pages (wrapping, page breaks, a footer with page numbers) and returns the PDF file. */
export function writePdf(info: PdfInfo, blocks: readonly PdfBlock[], footer: string): Uint8Array {
  const { width, height, margin, bottom } = PDF_PAGE;
  const textWidth = width - 2 * margin;
  const doc = new PDFDocument({
    size: [width, height],
    pdfVersion: '1.4',
    margins: { top: margin, bottom, left: margin, right: margin },
    bufferPages: true,
    tagged: true,
    lang: 'en-AU',
    displayTitle: true,
    info: {
      Title: info.title,
      Author: info.author,
      Subject: info.subject,
      Producer: info.producer,
      Creator: info.producer,
      CreationDate: ISSUED,
    },
  });
  const root = doc.struct('Document');
  doc.addStructure(root);
  let list: PDFKit.PDFStructureElement | null = null;

  blocks.forEach((block, i) => {
    const style = PDF_STYLES[block.kind];
    const indent = block.kind === 'bullet' ? 14 : 0;
    const font = style.bold ? 'Helvetica-Bold' : 'Helvetica';
    const options = { width: textWidth - indent, lineGap: style.leading - style.size };
    doc.font(font).fontSize(style.size);
    // a heading keeps at least two lines of what follows on its page
    const next = blocks[i + 1];
    const keep = block.kind === 'heading' && next ? 2 * PDF_STYLES[next.kind].leading : 0;
    if (doc.y > margin) doc.y += style.before;
    if (doc.y + doc.heightOfString(block.text, options) + keep > height - bottom) doc.addPage();
    if (block.kind !== 'bullet') list = null;
    else if (!list) {
      list = doc.struct('L');
      root.add(list);
    }
    const y = doc.y;
    const draw = () =>
      doc
        .font(font)
        .fontSize(style.size)
        .fillColor(style.color)
        .text(block.text, margin + indent, y, options);
    if (block.kind === 'bullet' && list) {
      const li = doc.struct('LI');
      list.add(li);
      li.add(
        doc.struct('Lbl', {}, () =>
          doc
            .font('Helvetica')
            .fillColor(INK)
            .text('\u2022', margin + 2, y, { lineBreak: false }),
        ),
      );
      li.add(doc.struct('LBody', {}, draw));
      li.end();
    } else root.add(doc.struct(style.tag, {}, draw));
    if (block.kind === 'title') {
      doc.markContent('Artifact', { type: 'Layout' });
      doc
        .moveTo(margin, doc.y + 4)
        .lineTo(width - margin, doc.y + 4)
        .lineWidth(1.5)
        .strokeColor(BRAND)
        .stroke();
      doc.endMarkedContent();
      doc.y += 14;
    }
  });
  root.end();

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0; // text in the margin must not start a new page
    const footerY = height - 48;
    doc.markContent('Artifact', { type: 'Pagination' });
    doc
      .moveTo(margin, footerY - 6)
      .lineTo(width - margin, footerY - 6)
      .lineWidth(0.5)
      .strokeColor(MUTED)
      .stroke();
    doc.font('Helvetica').fontSize(8.5).fillColor(MUTED);
    doc.text(footer, margin, footerY, { width: textWidth, lineBreak: false });
    doc.text(`Page ${i + 1} of ${range.count}`, margin, footerY, { width: textWidth, align: 'right', lineBreak: false });
    doc.endMarkedContent();
  }
  doc.end();
  // pdfkit pushes the whole file into its stream as it ends: read it out at once
  const chunks: Buffer[] = [];
  for (let chunk: Buffer | null = doc.read(); chunk !== null; chunk = doc.read()) chunks.push(chunk);
  const bytes = Buffer.concat(chunks);
  // the file ends at its %%EOF marker, as the demo's PDF always has (pdfkit adds a line break after it)
  return new Uint8Array(bytes[bytes.length - 1] === 0x0a ? bytes.subarray(0, -1) : bytes);
}
