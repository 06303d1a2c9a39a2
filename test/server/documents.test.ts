/** Document types, content types and text extraction, and the demo site's documents and video. */
import { strToU8, unzipSync, zipSync } from 'fflate';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_MEDIA_DIR, demoDocuments, demoVideo, locateDemoMediaDir, type DemoDocument } from '../../server/demo/content';
import {
  contentTypeFor,
  DOC_TYPES,
  docTypeForFilename,
  extractText,
  isDocType,
  readDocumentText,
  type DocType,
} from '../../server/documents';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function docOfType(type: DocType): DemoDocument {
  const doc = demoDocuments().find((d) => d.type === type);
  if (!doc) throw new Error(`no demo document of type ${type}`);
  return doc;
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
/** Runs one of poppler-utils' tools (Debian's poppler-utils, which CI installs) and gives its output. */
const poppler = (tool: 'pdftotext', args: string[]) => execFileSync(tool, args, { encoding: 'utf8' });
const utf8 = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** A .docx holding just the parts a reader needs, around the given body XML. */
function docxWithBody(body: string): Uint8Array {
  return zipSync({
    '[Content_Types].xml': strToU8('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
    'word/document.xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
        'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><w:body>' +
        body +
        '</w:body></w:document>',
    ),
  });
}

/**
 * True when every start tag has its end tag, in order (no XML parser in Node; this
 * catches the mistakes a hand-written package can make: a dropped or misnested tag).
 */
function tagsBalance(xml: string): boolean {
  const stack: string[] = [];
  for (const [, closing, name, selfClosing] of xml.matchAll(/<(\/?)([A-Za-z_][\w.:-]*)[^>]*?(\/?)>/g)) {
    if (selfClosing) continue;
    if (!closing) stack.push(name as string);
    else if (stack.pop() !== name) return false;
  }
  return stack.length === 0;
}

describe('DOC_TYPES and type helpers', () => {
  it('lists the eleven smart doc types of widget-spec §3', () => {
    expect([...DOC_TYPES]).toEqual(['pdf', 'docx', 'md', 'markdown', 'txt', 'snippet', 'csv', 'xls', 'xlsx', 'spreadsheet', 'other']);
    expect(DOC_TYPES.every(isDocType)).toBe(true);
    expect(isDocType('doc')).toBe(false);
    expect(isDocType('PDF')).toBe(false);
  });

  it.each([
    ['guide.pdf', 'pdf'],
    ['PDS.DOCX', 'docx'],
    ['notes.md', 'md'],
    ['notes.markdown', 'markdown'],
    ['readme.txt', 'txt'],
    ['fees.csv', 'csv'],
    ['book.xls', 'xls'],
    ['book.xlsx', 'xlsx'],
    ['data.json', 'other'],
    ['invite.ics', 'other'],
    ['no-extension', 'other'],
  ] as const)('docTypeForFilename(%s) is %s', (filename, type) => {
    expect(docTypeForFilename(filename)).toBe(type);
  });
});

describe('contentTypeFor', () => {
  it.each([
    ['a.pdf', 'application/pdf'],
    ['a.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['a.md', 'text/markdown; charset=utf-8'],
    ['a.markdown', 'text/markdown; charset=utf-8'],
    ['a.txt', 'text/plain; charset=utf-8'],
    ['a.csv', 'text/csv; charset=utf-8'],
    ['a.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['a.json', 'application/json; charset=utf-8'],
    ['a.webm', 'video/webm'],
    ['a.mp4', 'video/mp4'],
    ['a.vtt', 'text/vtt; charset=utf-8'],
    ['a.jpg', 'image/jpeg'],
    ['a.jpeg', 'image/jpeg'],
    ['a.png', 'image/png'],
    ['a.svg', 'image/svg+xml'],
  ])('%s is %s', (filename, type) => {
    expect(contentTypeFor(filename)).toBe(type);
  });

  it('ignores case and folders, and defaults to application/octet-stream', () => {
    expect(contentTypeFor('Guide.PDF')).toBe('application/pdf');
    expect(contentTypeFor('media/v1.2/intro.WebM')).toBe('video/webm');
    expect(contentTypeFor('archive.bin')).toBe('application/octet-stream');
    expect(contentTypeFor('Makefile')).toBe('application/octet-stream');
    expect(contentTypeFor('.md')).toBe('application/octet-stream');
    expect(contentTypeFor('folder.pdf/file')).toBe('application/octet-stream');
  });
});

describe('extractText', () => {
  // csv is read as a table since documents are read as their readers see them (test/server/document-text.test.ts)
  it.each(['md', 'markdown', 'txt', 'snippet'] as const)('reads %s as UTF-8', (type) => {
    expect(extractText(type, new TextEncoder().encode('Fees: 0.7% – “low”\n'))).toBe('Fees: 0.7% – “low”\n');
  });

  it('strips a byte-order mark', () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('Fee,Amount\r\n')]);
    expect(extractText('csv', bom)).toBe('| Fee | Amount |\n| --- | --- |');
    const utf16 = new Uint8Array([0xff, 0xfe, 0x48, 0x00, 0x69, 0x00]);
    expect(extractText('txt', utf16)).toBe('Hi');
  });

  it('replaces bytes that are not UTF-8 instead of throwing', () => {
    expect(extractText('txt', new Uint8Array([0x41, 0xff, 0x42]))).toBe('A\uFFFDB');
  });

  it.each(['pdf', 'xls', 'xlsx', 'spreadsheet'] as const)('gives null for %s', (type) => {
    expect(extractText(type, new TextEncoder().encode('%PDF-1.4 whatever'))).toBeNull();
  });

  it('gives null for an other document that is not text', () => {
    expect(extractText('other', new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x10]))).toBeNull();
  });

  it('reads docx paragraphs as blocks, joining runs, with tabs, breaks, entities, a heading and a table', () => {
    const body =
      '<w:p><w:pPr><w:pStyle w:val="Heading1"/><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr>' +
      '<w:r><w:t>Fees </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">&amp; costs</w:t></w:r></w:p>' +
      '<w:p><w:r><w:t>Investment fee</w:t><w:tab/><w:t>0.7%</w:t></w:r></w:p>' +
      '<w:p/>' +
      '<w:p><w:r><w:t>Line one</w:t><w:br/><w:t>line two</w:t></w:r></w:p>' +
      '<w:p><w:r><w:t>&lt;tag&gt; &quot;q&quot; &apos;a&apos; fund&#x2019;s &#8211; re</w:t><w:noBreakHyphen/><w:t>invest</w:t></w:r></w:p>' +
      '<w:p><w:r><w:t>kept</w:t></w:r><w:del><w:r><w:delText>deleted</w:delText></w:r></w:del>' +
      '<w:r><w:instrText> HYPERLINK "x" </w:instrText></w:r></w:p>' +
      '<w:tbl><w:tr><w:tc><w:p><w:r><w:t>Fee</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>Amount</w:t></w:r></w:p></w:tc></w:tr>' +
      '<w:tr><w:tc><w:p><w:r><w:t>Adviser</w:t></w:r></w:p><w:p><w:r><w:t>(upfront)</w:t></w:r></w:p></w:tc>' +
      '<w:tc><w:p><w:r><w:t>$500</w:t></w:r></w:p></w:tc></w:tr></w:tbl>' +
      '<w:p><w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:t>Box</w:t></mc:Choice>' +
      '<mc:Fallback><w:t>Box again</w:t></mc:Fallback></mc:AlternateContent></w:r></w:p>' +
      '<w:sectPr/>';
    expect(extractText('docx', docxWithBody(body))).toBe(
      [
        '# Fees & costs',
        'Investment fee\t0.7%',
        'Line one\nline two',
        '<tag> "q" \'a\' fund’s – re-invest',
        'kept',
        '| Fee | Amount |\n| --- | --- |\n| Adviser (upfront) | $500 |',
        'Box',
      ].join('\n\n'),
    );
  });

  it('gives null, without throwing, for a corrupt or incomplete docx', () => {
    const real = docOfType('docx').bytes;
    const corrupt = [
      new Uint8Array(0),
      new Uint8Array([0x50, 0x4b, 0x03, 0x04]),
      new TextEncoder().encode('this is not a zip file at all'),
      real.slice(0, Math.floor(real.length / 2)),
      Uint8Array.from(real, (b, i) => (i > 40 && i < real.length - 200 ? b ^ 0x5a : b)),
      zipSync({ 'word/other.xml': strToU8('<w:p/>') }),
    ];
    for (const bytes of corrupt) expect(extractText('docx', bytes)).toBeNull();
  });

  it('refuses a document.xml that says it inflates beyond 32 MB (a zip bomb)', () => {
    const zip = docxWithBody('<w:p><w:r><w:t>small</w:t></w:r></w:p>');
    expect(extractText('docx', zip)).toBe('small');
    // Rewrite the central directory's uncompressed sizes, which the reader trusts to size its buffer.
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    for (let i = 0; i + 46 <= zip.length; i++) {
      if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, 33 * 1024 * 1024, true);
    }
    expect(extractText('docx', zip)).toBeNull();
  });
});

describe('demo documents', () => {
  it('has one document of each kind the viewer shows differently, with unique slugs and file names', () => {
    const docs = demoDocuments();
    expect(docs.map((d) => d.type).sort()).toEqual(['csv', 'docx', 'md', 'other', 'pdf', 'txt']);
    expect(new Set(docs.map((d) => d.slug)).size).toBe(docs.length);
    expect(new Set(docs.map((d) => d.filename)).size).toBe(docs.length);
    for (const d of docs) {
      expect(d.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(d.name.length).toBeGreaterThan(0);
      expect(Number.isInteger(d.versionNumber) && d.versionNumber >= 1).toBe(true);
      expect(d.bytes.length).toBeGreaterThan(300);
      expect(d.bytes.length).toBeLessThan(16 * 1024);
      // The file name's extension gives the same type back (the 'other' file is a kind the viewer only offers as a download).
      expect(docTypeForFilename(d.filename)).toBe(d.type);
      expect(contentTypeFor(d.filename)).not.toBe('application/octet-stream');
    }
  });

  it('names the documents the journey and site refer to', () => {
    const names = demoDocuments().map((d) => d.name);
    expect(names).toContain('Financial Services Guide');
    expect(names).toContain('Product Disclosure Statement – Diversified Index Fund');
    expect(names).toContain('Investment risk profiles explained');
    expect(names).toContain('Privacy & Personal Data Protection Policy');
    expect(names).toContain('Fee schedule');
  });

  describe('the PDF', () => {
    const pdf = latin1(docOfType('pdf').bytes);

    it('is PDF 1.4 from its first bytes to %%EOF, marked binary', () => {
      expect(pdf.startsWith('%PDF-1.4\n%')).toBe(true);
      expect([...pdf.slice(10, 14)].every((c) => c.charCodeAt(0) > 127)).toBe(true);
      expect(pdf.endsWith('%%EOF')).toBe(true);
    });

    it('has a cross-reference table whose offsets point at each "N 0 obj"', () => {
      const startxref = Number(/startxref\n(\d+)\n%%EOF$/.exec(pdf)?.[1]);
      expect(pdf.slice(startxref, startxref + 5)).toBe('xref\n');
      const header = /^xref\n0 (\d+)\n/.exec(pdf.slice(startxref));
      const count = Number(header?.[1]);
      expect(count).toBeGreaterThan(6);
      const entriesAt = startxref + (header?.[0].length ?? 0);
      const entries = pdf.slice(entriesAt, entriesAt + 20 * count);
      expect(entries.slice(0, 20)).toBe('0000000000 65535 f \n');
      for (let n = 1; n < count; n++) {
        const entry = entries.slice(20 * n, 20 * n + 20);
        expect(entry).toMatch(/^\d{10} 00000 n \n$/);
        const offset = Number(entry.slice(0, 10));
        expect(pdf.slice(offset, offset + `${n} 0 obj\n`.length)).toBe(`${n} 0 obj\n`);
      }
      // pdfkit's trailer: one entry a line, with the file's id (a hash of its information, so the same every time)
      expect(pdf.slice(entriesAt + 20 * count)).toMatch(
        new RegExp(`^trailer\\n<<\\n/Size ${count}\\n/Root \\d+ 0 R\\n/Info \\d+ 0 R\\n/ID \\[<[0-9a-f]{32}> <[0-9a-f]{32}>\\]\\n>>\\n`),
      );
    });

    it('has a catalog, a page tree of two A4 pages, Helvetica fonts and exact stream lengths', () => {
      expect(pdf).toMatch(/\d+ 0 obj\n<<\n\/Type \/Catalog\n\/Pages \d+ 0 R\n/);
      expect(pdf).toMatch(/\d+ 0 obj\n<<\n\/Type \/Pages\n\/Count 2\n\/Kids \[\d+ 0 R \d+ 0 R\]\n>>/);
      expect(pdf.match(/\/Type \/Page\n/g)).toHaveLength(2);
      expect(pdf).toContain('/MediaBox [0 0 595 842]');
      expect(pdf).toMatch(/\/BaseFont \/Helvetica\n/);
      expect(pdf).toMatch(/\/BaseFont \/Helvetica-Bold\n/);
      // one content stream a page (compressed by pdfkit), each exactly as long as its /Length
      const streams = [...pdf.matchAll(/<<\n\/Length (\d+)\n\/Filter \/FlateDecode\n>>\nstream\n/g)];
      expect(streams.length).toBeGreaterThanOrEqual(2);
      for (const s of streams) {
        const start = (s.index ?? 0) + s[0].length;
        expect(pdf.slice(start + Number(s[1]), start + Number(s[1]) + 11)).toBe('\nendstream\n');
      }
    });

    it('is tagged: a structure tree, marked content and its language', () => {
      expect(pdf).toMatch(/\/StructTreeRoot \d+ 0 R/);
      expect(pdf).toMatch(/\/Marked true/);
      expect(pdf).toContain('/Lang (en-AU)');
      for (const tag of ['H1', 'H2', 'P', 'L', 'LI']) expect(pdf, tag).toMatch(new RegExp(`/S /${tag}\\n`));
    });

    it('draws the guide’s text, including the fees', async () => {
      // the text is in compressed streams: read it back as the documents' reader does (server/pdf-text.ts)
      const { text } = await readDocumentText('pdf', docOfType('pdf').bytes);
      expect(text).toContain('Financial Services Guide');
      expect(text).toContain('$500');
      expect(text).toContain('0.7%');
      // the page numbers are artifacts, which the reader leaves out: poppler's pdftotext shows them
      const dir = mkdtempSync(path.join(tmpdir(), 'fsg-'));
      try {
        const file = path.join(dir, 'fsg.pdf');
        writeFileSync(file, docOfType('pdf').bytes);
        expect(poppler('pdftotext', [file, '-'])).toContain('Page 2 of 2');
        expect(text).not.toContain('Page 2 of 2');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('the DOCX', () => {
    const docx = docOfType('docx').bytes;
    const parts = unzipSync(docx);
    const part = (name: string) => {
      const bytes = parts[name];
      if (!bytes) throw new Error(`missing part ${name}`);
      return utf8(bytes);
    };

    it('is a zip holding the parts of a WordprocessingML package, content types first', () => {
      expect([...docx.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
      expect(Object.keys(parts)[0]).toBe('[Content_Types].xml');
      expect(Object.keys(parts)).toEqual(
        expect.arrayContaining([
          '[Content_Types].xml',
          '_rels/.rels',
          'word/document.xml',
          'word/_rels/document.xml.rels',
          'word/styles.xml',
        ]),
      );
      expect(part('[Content_Types].xml')).toContain(
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>',
      );
      expect(part('_rels/.rels')).toContain('relationships/officeDocument" Target="word/document.xml"');
    });

    it('has every overridden and related part, and every XML part is balanced', () => {
      for (const [, name] of part('[Content_Types].xml').matchAll(/PartName="\/([^"]+)"/g)) expect(parts[name as string]).toBeDefined();
      for (const [, target] of part('_rels/.rels').matchAll(/Target="([^"]+)"/g)) expect(parts[target as string]).toBeDefined();
      for (const [, target] of part('word/_rels/document.xml.rels').matchAll(/Target="([^"]+)"/g)) {
        expect(parts[`word/${target}`]).toBeDefined();
      }
      for (const name of Object.keys(parts)) expect(tagsBalance(part(name)), name).toBe(true);
    });

    it('uses heading styles that styles.xml defines', () => {
      const document = part('word/document.xml');
      expect(document).toContain('<w:pStyle w:val="Title"/>');
      expect(document).toContain('<w:pStyle w:val="Heading1"/>');
      expect(document).toMatch(/<w:body>.*<w:sectPr>.*<\/w:sectPr><\/w:body>/s);
      for (const id of new Set([...document.matchAll(/<w:(?:pStyle|tblStyle) w:val="([^"]+)"\/>/g)].map((m) => m[1]))) {
        expect(part('word/styles.xml')).toContain(`w:styleId="${id}"`);
      }
    });

    it('reads back with extractText: fees, risk profiles and how to withdraw', () => {
      const text = extractText('docx', docx) ?? '';
      expect(text.split('\n')[0]).toBe('# Product Disclosure Statement');
      expect(text).toContain('0.7%');
      expect(text).toContain('| Investment fee | 0.7% a year |');
      expect(text).toContain('| Administration fee | 0% a year |');
      expect(text).toContain('| Upfront adviser fee | $500 | One-off. Invoiced');
      expect(text).toContain('| Moderately aggressive | 70% | 30% |');
      expect(text).toContain('6. How to withdraw');
      expect(text).not.toMatch(/[<>]|&amp;/);
    });
  });

  it('the markdown explains the six risk profiles with their growth/defensive splits', () => {
    const text = extractText('md', docOfType('md').bytes) ?? '';
    expect(text.startsWith('# Investment risk profiles explained\n')).toBe(true);
    const splits = [
      ['Conservative', 30, 70],
      ['Cautious', 40, 60],
      ['Moderate', 50, 50],
      ['Moderately aggressive', 70, 30],
      ['Aggressive', 90, 10],
      ['Highly aggressive', 100, 0],
    ] as const;
    for (const [label, growth, defensive] of splits) {
      expect(text).toContain(`### ${label} (${growth}/${defensive})`);
      expect(text).toContain(`| ${label} | ${growth}% | ${defensive}% |`);
    }
  });

  it('the text policy is plain text wrapped at 72 columns', () => {
    const text = extractText('txt', docOfType('txt').bytes) ?? '';
    expect(text.startsWith('PRIVACY & PERSONAL DATA PROTECTION POLICY\n')).toBe(true);
    expect(text).toContain('Australian Privacy Principles');
    expect(Math.max(...text.split('\n').map((l) => l.length))).toBeLessThanOrEqual(72);
  });

  it('the fee schedule is RFC 4180 CSV with the journey’s fees', () => {
    const text = utf8(docOfType('csv').bytes);
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = text.trimEnd().split('\r\n');
    expect(rows[0]).toBe('Fee,Amount,Frequency,How it is paid,"On a $10,000 investment"');
    expect(rows).toContain('Administration fee,0%,Yearly,Not charged,$0');
    expect(rows.find((r) => r.startsWith('Investment fee,'))).toMatch(/^Investment fee,0\.7%,Yearly,.*,\$70$/);
    expect(rows.find((r) => r.startsWith('Upfront adviser fee,'))).toMatch(/^Upfront adviser fee,\$500,One-off,Invoiced/);
  });

  it('the other document is JSON whose allocations add up to each profile’s split', () => {
    const doc = docOfType('other');
    // read as its scalar keys and a table of the profiles (test/server/document-text.test.ts)
    expect(extractText('other', doc.bytes)).toContain('| id | name | description | growth | defensive |');
    const data = JSON.parse(utf8(doc.bytes)) as {
      profiles: { name: string; growth: number; defensive: number; allocation: Record<string, number> }[];
    };
    expect(data.profiles.map((p) => `${p.name} ${p.growth}/${p.defensive}`)).toEqual([
      'Conservative 30/70',
      'Cautious 40/60',
      'Moderate 50/50',
      'Moderately aggressive 70/30',
      'Aggressive 90/10',
      'Highly aggressive 100/0',
    ]);
    for (const p of data.profiles) {
      const a = p.allocation;
      expect((a.australianShares ?? 0) + (a.internationalShares ?? 0) + (a.propertyAndInfrastructure ?? 0)).toBe(p.growth);
      expect((a.fixedInterest ?? 0) + (a.cash ?? 0)).toBe(p.defensive);
    }
  });

  describe('determinism', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('two calls give identical bytes, whatever the clock says', () => {
      const first = demoDocuments();
      vi.useFakeTimers({ now: new Date('2031-03-15T23:59:59Z') });
      const second = demoDocuments();
      expect(second.map((d) => d.slug)).toEqual(first.map((d) => d.slug));
      second.forEach((doc, i) => {
        expect(Buffer.from(doc.bytes).equals(Buffer.from(first[i]?.bytes ?? []))).toBe(true);
      });
    });
  });
});

describe('demo video', () => {
  const video = demoVideo();
  const file = (name: string) => readFileSync(path.join(DEMO_MEDIA_DIR, name));

  it('finds demo/media at the repository root, from source or from dist/server', () => {
    expect(DEMO_MEDIA_DIR).toBe(path.join(repoRoot, 'demo', 'media'));
    expect(locateDemoMediaDir(path.join(repoRoot, 'dist', 'server'))).toBe(DEMO_MEDIA_DIR);
    expect(locateDemoMediaDir(path.join(repoRoot, 'server'))).toBe(DEMO_MEDIA_DIR);
    expect(locateDemoMediaDir(path.parse(tmpdir()).root)).toBeNull();
  });

  it('is a WebM (VP9 + Opus) under 400 KB', () => {
    expect(video.filename.endsWith('.webm')).toBe(true);
    const bytes = file(video.filename);
    expect([...bytes.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    expect(bytes.length).toBeLessThan(400 * 1024);
    const head = bytes.subarray(0, 4096).toString('latin1');
    expect(head).toContain('webm');
    expect(head).toContain('V_VP9');
    expect(head).toContain('A_OPUS');
    expect(contentTypeFor(video.filename)).toBe('video/webm');
  });

  it('has a small JPEG poster and WebVTT captions that say the transcript', () => {
    const poster = file(video.poster);
    expect([...poster.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(poster.length).toBeLessThan(64 * 1024);
    const vtt = file(video.captions).toString('utf8');
    expect(vtt.startsWith('WEBVTT\n')).toBe(true);
    const cueText = vtt
      .split('\n\n')
      .slice(1)
      .map((cue) =>
        cue
          .split('\n')
          .filter((line) => line && !/^\d+$/.test(line) && !line.includes('-->'))
          .join(' '),
      )
      .join(' ');
    expect(cueText).toBe(video.transcript);
    expect(vtt).toMatch(/^00:00:0\d\.\d{3} --> 00:00:0\d\.\d{3}$/m);
  });

  it('says the welcome line, and its README records how the files were made', () => {
    expect(video.transcript).toBe('Welcome to Horizon Advice. In a few minutes we will help you plan an investment for your goal.');
    expect(video.name).toBe('Welcome to Horizon Advice');
    expect(video.description.length).toBeGreaterThan(0);
    const readme = readFileSync(path.join(DEMO_MEDIA_DIR, 'README.md'), 'utf8');
    expect(readme).toContain(video.transcript);
    expect(readme).toContain('espeak-ng');
    expect(readme).toContain(`ffmpeg`);
    for (const name of [video.filename, video.poster, video.captions]) expect(readme).toContain(name);
    expect(existsSync(path.join(DEMO_MEDIA_DIR, video.filename))).toBe(true);
  });
});
