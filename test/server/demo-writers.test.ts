/** The hand-written PDF writer the tests make their own PDF files with (./pdf-fixture.ts), and the demo's DOCX writer. */
import { unzipSync } from 'fflate';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildDocx, wPara, wTable } from '../../server/demo/docx';
import { buildPdf, layoutPdf, type PdfBlock } from './pdf-fixture';

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('the PDF writer', () => {
  // Enough paragraphs to need a second page, so the page objects and their offsets repeat.
  const blocks: PdfBlock[] = [
    { kind: 'title', text: 'Writer test' },
    { kind: 'subtitle', text: 'A subtitle \u2013 with an en dash' },
    ...Array.from(
      { length: 40 },
      (_, i): PdfBlock => ({ kind: i % 5 === 0 ? 'heading' : 'para', text: `Block ${i} (with parentheses) and a back\\slash.` }),
    ),
    { kind: 'bullet', text: 'A bullet' },
    { kind: 'note', text: 'A note' },
  ];
  const pdf = latin1(
    buildPdf({ title: 'Writer test', author: 'Tests', subject: 'Offsets', producer: 'demo-writers.test' }, layoutPdf(blocks, 'Footer')),
  );

  it('starts with %PDF- and ends with %%EOF', () => {
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    expect(pdf.endsWith('%%EOF')).toBe(true);
  });

  it('has xref offsets that each point at "N 0 obj", and startxref that points at the xref', () => {
    const startxref = Number(/startxref\n(\d+)\n%%EOF$/.exec(pdf)?.[1]);
    expect(pdf.slice(startxref, startxref + 5)).toBe('xref\n');
    const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(pdf.slice(startxref)) ?? [];
    expect(Number(first)).toBe(0);
    const entries = pdf
      .slice(startxref)
      .split('\n')
      .slice(2, 2 + Number(count));
    expect(entries[0]).toBe('0000000000 65535 f ');
    expect(entries.length).toBeGreaterThan(8);
    entries.slice(1).forEach((entry, i) => {
      expect(entry).toMatch(/^\d{10} 00000 n $/);
      const offset = Number(entry.slice(0, 10));
      expect(pdf.slice(offset, offset + `${i + 1} 0 obj\n`.length)).toBe(`${i + 1} 0 obj\n`);
    });
  });

  it('lays the blocks out on more than one page, with escaped strings and the info it was given', () => {
    expect(pdf).toContain('/Count 2 ');
    expect(pdf).toContain('(Page 2 of 2) Tj');
    expect(pdf).toContain('(Block 1 \\(with parentheses\\) and a back\\\\slash.) Tj');
    expect(pdf).toContain('/Title (Writer test) /Author (Tests) /Subject (Offsets) /Producer (demo-writers.test)');
    // WinAnsi 0x96 is the en dash.
    expect(pdf).toContain('(A subtitle \x96 with an en dash) Tj');
  });
});

/** The central directory's entries of a zip (APPNOTE.TXT §4.3.12), read from its end record (§4.3.16). */
function centralDirectory(zip: Uint8Array): { name: string; crc: number; size: number; localOffset: number }[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = zip.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error('no end of central directory record');
  const entries = [];
  let at = view.getUint32(end + 16, true);
  for (let i = 0; i < view.getUint16(end + 10, true); i++) {
    expect(view.getUint32(at, true)).toBe(0x02014b50);
    const nameLength = view.getUint16(at + 28, true);
    entries.push({
      name: Buffer.from(zip.subarray(at + 46, at + 46 + nameLength)).toString('utf8'),
      crc: view.getUint32(at + 16, true),
      size: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
    });
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

describe('the DOCX writer', () => {
  const docx = buildDocx({ title: 'Writer & test', creator: 'Tests' }, [
    wPara('Hello, **bold** world & <friends>', 'Heading1'),
    wPara('A bullet', 'ListParagraph', true),
    wTable(
      [3000, 3000],
      [
        ['Fee', 'Amount'],
        ['Investment fee', '0.7%'],
      ],
    ),
  ]);
  const parts = unzipSync(docx);
  const text = (name: string) => Buffer.from(parts[name] ?? new Uint8Array()).toString('utf8');

  it('is a zip that opens, with the package parts', () => {
    expect(Object.keys(parts)).toEqual(
      expect.arrayContaining([
        '[Content_Types].xml',
        '_rels/.rels',
        'docProps/core.xml',
        'word/document.xml',
        'word/styles.xml',
        'word/numbering.xml',
      ]),
    );
    expect(text('[Content_Types].xml')).toContain('<Override PartName="/word/document.xml"');
  });

  it('holds the text in word/document.xml, escaped, and the title and creator in core.xml', () => {
    const document = text('word/document.xml');
    expect(document).toContain('<w:pStyle w:val="Heading1"/>');
    expect(document).toContain('<w:t xml:space="preserve">Hello, </w:t>');
    expect(document).toContain('<w:rPr><w:b/></w:rPr><w:t xml:space="preserve">bold</w:t>');
    expect(document).toContain('<w:t xml:space="preserve"> world &amp; &lt;friends&gt;</w:t>');
    expect(document).toContain('<w:t xml:space="preserve">Investment fee</w:t>');
    expect(text('docProps/core.xml')).toContain('<dc:title>Writer &amp; test</dc:title><dc:creator>Tests</dc:creator>');
  });

  it('records each entry’s CRC-32 and size, in the central directory and the local header, to match its content', () => {
    const entries = centralDirectory(docx);
    expect(entries.map((e) => e.name).sort()).toEqual(Object.keys(parts).sort());
    const view = new DataView(docx.buffer, docx.byteOffset, docx.byteLength);
    for (const entry of entries) {
      const content = parts[entry.name]!;
      expect(entry.size, entry.name).toBe(content.length);
      expect(entry.crc, entry.name).toBe(crc32(content));
      expect(view.getUint32(entry.localOffset, true)).toBe(0x04034b50);
      expect(view.getUint32(entry.localOffset + 14, true), entry.name).toBe(entry.crc);
    }
  });

  it('gives identical bytes for identical input', () => {
    expect(buildDocx({ title: 'Writer & test', creator: 'Tests' }, [wPara('x')])).toEqual(
      buildDocx({ title: 'Writer & test', creator: 'Tests' }, [wPara('x')]),
    );
  });
});
