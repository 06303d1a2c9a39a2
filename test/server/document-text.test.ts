/**
 * What the answers read of each document type: PDFs and Word documents as light markdown, CSV and spreadsheets as
 * tables, other documents when they are text (JSON laid out as tables and lines), within limits.
 */
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { demoDocuments } from '../../server/demo/content';
import { buildPdf, layoutPdf, type PdfBlock } from './pdf-fixture';
import { csvDelimiter, csvMarkdown, markdownTable } from '../../server/document-tables';
import { extractText, readDocumentText } from '../../server/documents';
import { pdfMarkdown } from '../../server/pdf-text';
import { xlsx } from '../support/xlsx';

const LIMITS = { maxRows: 100, maxColumns: 20, maxCellChars: 200 };
const utf8 = (text: string) => new TextEncoder().encode(text);

const WORDS = ['fees', 'risk', 'growth', 'income', 'shares', 'bonds', 'cash', 'property', 'advice', 'goal', 'term', 'return', 'balance'];

/** A PDF of `pages` pages, each a heading and a paragraph, written with the demo's PDF writer. */
function pdfOfPages(pages: number, words = 40): Uint8Array {
  const streams = Array.from({ length: pages }, (_, k) => {
    const n = k + 1;
    const blocks: PdfBlock[] = [
      { kind: 'heading', text: `Section ${n}` },
      // different words on each page, as real pages have
      { kind: 'para', text: Array.from({ length: words }, (_, i) => WORDS[(i * n + n) % WORDS.length]).join(' ') },
    ];
    return layoutPdf(blocks, 'Test document')[0]!;
  });
  return buildPdf({ title: 'Test', author: 'Test', subject: 'Test', producer: 'Test' }, streams);
}

describe('CSV as a table', () => {
  it('reads the header row and the rows as a GFM table; quoted commas, quotes, line breaks and pipes stay in their cells', () => {
    const csv = 'Fee,Amount,Note\r\n"Adviser, upfront",$500,"Invoiced ""once""\r\nnot deducted"\r\nSwitch,0%,a|b\r\n';
    expect(extractText('csv', utf8(csv))).toBe(
      [
        '| Fee | Amount | Note |',
        '| --- | --- | --- |',
        '| Adviser, upfront | $500 | Invoiced "once" not deducted |',
        '| Switch | 0% | a\\|b |',
      ].join('\n'),
    );
  });

  it('reads a UTF-8 header, without its byte-order mark', () => {
    expect(extractText('csv', utf8('Fees: 0.7% – “low”\n'))).toBe('| Fees: 0.7% – “low” |\n| --- |');
    expect(extractText('csv', utf8('\uFEFFName;Value\nA;1\n'))).toBe('| Name | Value |\n| --- | --- |\n| A | 1 |');
  });

  it('takes the delimiter the header uses most: comma, semicolon or tab', () => {
    expect(csvDelimiter('a;b;c\n1,2;3')).toBe(';');
    expect(csvDelimiter('a\tb\n')).toBe('\t');
    expect(csvDelimiter('"x;y;z",b\n')).toBe(',');
    expect(csvDelimiter('single\n')).toBe(',');
  });

  it('pads ragged rows, names empty headers, drops empty rows and columns, and skips a record whose quote never closes', () => {
    const csv = 'Name,,,Score\nAnn,x,,1\n\n,,,\nBob\nCy,,,3,extra\nDee,"never closed,4\n';
    expect(extractText('csv', utf8(csv))).toBe(
      [
        '| Name | Column 2 | Score | Column 4 |',
        '| --- | --- | --- | --- |',
        '| Ann | x | 1 |  |',
        '| Bob |  |  |  |',
        '| Cy |  | 3 | extra |',
      ].join('\n'),
    );
  });

  it('keeps at most the rows, columns and characters of a cell it is given', () => {
    const rows = ['h1,h2,h3', ...Array.from({ length: 10 }, (_, i) => `r${i},${'x'.repeat(50)},z`)].join('\n');
    const table = csvMarkdown(rows, { maxRows: 3, maxColumns: 2, maxCellChars: 10 })!;
    expect(table.truncated).toBe(true);
    expect(table.markdown.split('\n')).toEqual([
      '| h1 | h2 |',
      '| --- | --- |',
      '| r0 | xxxxxxxxx… |',
      '| r1 | xxxxxxxxx… |',
      '| r2 | xxxxxxxxx… |',
    ]);
  });

  it('keeps whole rows when the text is cut to its characters', async () => {
    const csv = utf8('Fee,Amount\nAdviser,$500\nSwitching,$0\n');
    expect(await readDocumentText('csv', csv, { maxChars: 50 })).toEqual({
      text: '| Fee | Amount |\n| --- | --- |\n| Adviser | $500 |',
      problem: 'only its first 50 characters are kept',
    });
    expect(await readDocumentText('csv', csv, { maxChars: 5 })).toEqual({
      text: null,
      problem: 'its first row is longer than 5 characters',
    });
  });

  it('gives no text for a file with no cell of text', async () => {
    expect(extractText('csv', utf8(''))).toBeNull();
    expect(await readDocumentText('csv', utf8(',,\n,,\n'))).toEqual({ text: null, problem: expect.stringContaining('no rows') });
  });

  it('reads the demo fee schedule as a table whose header names every column', () => {
    const csv = demoDocuments().find((d) => d.type === 'csv')!;
    const text = extractText('csv', csv.bytes) ?? '';
    const lines = text.split('\n');
    expect(lines[0]).toBe('| Fee | Amount | Frequency | How it is paid | On a $10,000 investment |');
    expect(lines[1]).toBe('| --- | --- | --- | --- | --- |');
    expect(lines).toContain('| Administration fee | 0% | Yearly | Not charged | $0 |');
    expect(text).not.toContain('"');
  });

  it('formats spreadsheet values: numbers without binary noise, dates, booleans', () => {
    const table = markdownTable(
      [
        ['When', 'Total', 'Paid'],
        [new Date('2024-07-01T00:00:00Z'), 0.1 + 0.2, true],
      ],
      LIMITS,
    );
    expect(table.markdown.split('\n')[2]).toBe('| 2024-07-01 | 0.3 | TRUE |');
  });
});

describe('spreadsheets as tables', () => {
  it('reads each sheet of an xlsx as a table under a heading naming it; an empty sheet is left out', async () => {
    const bytes = xlsx([
      {
        name: 'Fees',
        rows: [
          ['Fee', 'Rate'],
          ['Investment | yearly', 0.007],
          ['Adviser', 500],
        ],
      },
      { name: 'Empty', rows: [] },
      {
        name: 'Profiles',
        rows: [
          ['Profile', 'Growth'],
          ['Moderate', '50%'],
        ],
      },
    ]);
    for (const type of ['xlsx', 'xls', 'spreadsheet'] as const) {
      expect(await readDocumentText(type, bytes)).toEqual({
        text: [
          '## Fees',
          '',
          '| Fee | Rate |',
          '| --- | --- |',
          '| Investment \\| yearly | 0.007 |',
          '| Adviser | 500 |',
          '',
          '## Profiles',
          '',
          '| Profile | Growth |',
          '| --- | --- |',
          '| Moderate | 50% |',
        ].join('\n'),
        problem: null,
      });
    }
  });

  it('keeps at most the rows and columns it is given', async () => {
    const rows = [['a', 'b', 'c'], ...Array.from({ length: 20 }, (_, i) => [`r${i}`, i, i * 2])];
    const read = await readDocumentText('xlsx', xlsx([{ name: 'Big', rows }]), { maxRows: 5, maxColumns: 2 });
    expect(read.text?.split('\n')).toEqual([
      '## Big',
      '',
      '| a | b |',
      '| --- | --- |',
      '| r0 | 0 |',
      '| r1 | 1 |',
      '| r2 | 2 |',
      '| r3 | 3 |',
      '| r4 | 4 |',
    ]);
    expect(read.problem).toMatch(/part of its rows or columns/);
  });

  it('reads a spreadsheet type holding CSV as CSV; refuses a legacy .xls and a corrupt xlsx, without throwing', async () => {
    expect((await readDocumentText('spreadsheet', utf8('a,b\n1,2\n'))).text).toBe('| a | b |\n| --- | --- |\n| 1 | 2 |');
    const ole2 = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    expect(await readDocumentText('xls', ole2)).toEqual({ text: null, problem: expect.stringContaining('legacy binary .xls') });
    const corrupt = zipSync({ 'xl/nothing.xml': strToU8('<x/>') });
    expect(await readDocumentText('xlsx', corrupt)).toEqual({ text: null, problem: expect.any(String) });
    // an xlsx file named .csv is read as the spreadsheet it is
    expect((await readDocumentText('csv', xlsx([{ name: 'S', rows: [['a'], ['1']] }]))).text).toBe('## S\n\n| a |\n| --- |\n| 1 |');
    expect(extractText('csv', corrupt)).toBeNull();
  });
});

describe('PDF text', () => {
  const fsg = demoDocuments().find((d) => d.type === 'pdf')!;

  it('reads the demo guide as markdown: the title and headings by font size, paragraphs joined, bullets as items, no running footer', async () => {
    const { text, problem } = await readDocumentText('pdf', fsg.bytes);
    expect(problem).toBeNull();
    expect(text).toMatch(/^# Financial Services Guide\n\n/);
    expect(text).toContain('\n\n## Who we are\n\n');
    expect(text).toContain('Australian Financial Services Licence 000000, a demonstration number');
    expect(text).toContain(
      '\n\n## How we are paid\n\nWe charge an upfront adviser fee of $500 for your advice. We invoice you for it once your advice is ready;',
    );
    expect(text).toContain('- A Product Disclosure Statement (PDS) for the Diversified Index Fund. Read it before you decide to invest.');
    expect(text).toContain('(9am to 5pm AEST, Monday to Friday)');
    expect(text).not.toMatch(/Page \d of \d/);
    // one block per paragraph: a paragraph's wrapped lines are one line
    expect(text!.split('\n\n').every((block) => block.startsWith('- ') || !block.includes('\n'))).toBe(true);
  });

  it('gives no text, and says why, for a corrupt, truncated or empty PDF, and never throws', async () => {
    const corrupt = [
      utf8('%PDF-1.4 whatever'),
      new Uint8Array(0),
      fsg.bytes.slice(0, 200),
      Uint8Array.from(fsg.bytes, (b, i) => (i > 20 ? b ^ 0x5a : b)),
    ];
    for (const bytes of corrupt) {
      const read = await readDocumentText('pdf', bytes);
      expect(read.text).toBeNull();
      expect(read.problem).toEqual(expect.any(String));
    }
  });

  it('gives no text for an encrypted PDF, or one without a text layer (a scan), and says which', async () => {
    // the demo guide with an incremental update that encrypts it with a user password (RC4, revision 2)
    const base = `${Buffer.from(fsg.bytes).toString('latin1')}\n`;
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(base)![1]);
    const size = Number(/\/Size (\d+)/.exec(base)![1]);
    const info = /\/Info (\d+) 0 R/.exec(base)![1];
    const encrypt = `${size} 0 obj\n<< /Filter /Standard /V 1 /R 2 /O <${'00'.repeat(32)}> /U <${'11'.repeat(32)}> /P -4 >>\nendobj\n`;
    const id = `<${'ab'.repeat(16)}>`;
    const update =
      `xref\n${size} 1\n${String(base.length).padStart(10, '0')} 00000 n \n` +
      `trailer\n<< /Size ${size + 1} /Root 1 0 R /Info ${info} 0 R /Prev ${startxref} /Encrypt ${size} 0 R /ID [${id} ${id}] >>\n` +
      `startxref\n${base.length + encrypt.length}\n%%EOF`;
    const encrypted = new Uint8Array(Buffer.from(base + encrypt + update, 'latin1'));
    expect(await readDocumentText('pdf', encrypted)).toEqual({ text: null, problem: 'it is encrypted (a password protects it)' });

    const scan = buildPdf({ title: 'Scan', author: 'Test', subject: 'Test', producer: 'Test' }, ['0 0 0 RG 2 w 72 72 m 500 700 l S\n']);
    expect(await readDocumentText('pdf', scan)).toEqual({ text: null, problem: 'it has no text layer (a scan?)' });
  });

  it('reads only the pages, characters and bytes it is allowed', async () => {
    const pdf = pdfOfPages(8);
    const all = await readDocumentText('pdf', pdf);
    expect(all.problem).toBeNull();
    expect(all.text).toContain('# Section 8');
    const first = await readDocumentText('pdf', pdf, { maxPages: 3 });
    expect(first.problem).toBe('only its first 3 of 8 pages are read');
    expect(first.text).toContain('Section 3');
    expect(first.text).not.toContain('Section 4');
    const short = await readDocumentText('pdf', pdf, { maxChars: 500 });
    expect(short.text!.length).toBeLessThanOrEqual(500);
    expect(short.problem).toBe('only its first 500 characters are kept');
    expect(await readDocumentText('pdf', pdf, { maxBytes: 1000 })).toEqual({ text: null, problem: 'it is larger than 1000 bytes' });
  });

  it('stops a reading that takes longer than its time limit, and reads the next one as usual', async () => {
    const big = pdfOfPages(60, 200);
    expect(await readDocumentText('pdf', big, { timeLimitMs: 1 })).toEqual({
      text: null,
      problem: 'it took longer than 1 ms to read',
      // a reading that did not finish, not a file refused
      unfinished: true,
    });
    expect((await readDocumentText('pdf', fsg.bytes)).text).toContain('Financial Services Guide');
  });

  it('a big PDF (200 pages) is read whole', async () => {
    const read = await readDocumentText('pdf', pdfOfPages(200, 120));
    expect(read.problem).toBeNull();
    expect(read.text).toContain('# Section 200');
    expect(read.text!.match(/^# Section \d+$/gm)).toHaveLength(200);
  });

  it('lays out items: larger fonts are headings by size, bullets are items, a sentence goes on over a page break', () => {
    const page1: [string, number, number, boolean][] = [
      ['Title', 20, 800, true],
      ['Section', 14, 760, true],
      ['First line of a', 10, 740, true],
      ['paragraph that wraps.', 10, 728, true],
      ['• an item that', 10, 700, true],
      ['wraps too', 10, 688, true],
      ['Another paragraph goes', 10, 660, true],
    ];
    const page2: [string, number, number, boolean][] = [['on over the page.', 10, 800, true]];
    expect(pdfMarkdown([page1, page2])).toBe(
      '# Title\n\n## Section\n\nFirst line of a paragraph that wraps.\n\n- an item that wraps too\n\nAnother paragraph goes on over the page.',
    );
    expect(pdfMarkdown([[], []])).toBe('');
  });
});

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const run = (text: string) => `<w:r><w:t xml:space="preserve">${text}</w:t></w:r>`;
const para = (text: string, props = '') => `<w:p>${props ? `<w:pPr>${props}</w:pPr>` : ''}${run(text)}</w:p>`;
const cell = (...content: string[]) => `<w:tc>${content.join('')}</w:tc>`;
const row = (...cells: string[]) => `<w:tr>${cells.join('')}</w:tr>`;
const table = (...rows: string[]) => `<w:tbl>${rows.join('')}</w:tbl>`;

/** A .docx of the given body, with the given paragraph styles in styles.xml. */
function docx(body: string, styles = ''): Uint8Array {
  return zipSync({
    'word/document.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body>${body}<w:sectPr/></w:body></w:document>`),
    'word/styles.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?><w:styles ${W}>${styles}</w:styles>`),
  });
}

describe('Word documents as markdown', () => {
  it('reads the demo PDS: its title and headings as # lines, its fees table as a GFM table with its header row', () => {
    const doc = demoDocuments().find((d) => d.type === 'docx')!;
    const text = extractText('docx', doc.bytes)!;
    expect(text).toMatch(/^# Product Disclosure Statement\n\nDiversified Index Fund\n\n/);
    expect(text).toContain('\n\n# 2. Fees and costs\n\n');
    expect(text).toContain('\n\n## Example of annual fees\n\n');
    expect(text).toContain(
      [
        '| Fee | Amount | How and when it is paid |',
        '| --- | --- | --- |',
        '| Upfront adviser fee | $500 | One-off. Invoiced to you by Horizon Advice when your advice is ready; not deducted from your investment. |',
        '| Administration fee | 0% a year | Not charged. |',
        '| Investment fee | 0.7% a year | Calculated daily on your balance and deducted from the fund’s assets monthly. |',
        '| Contribution, withdrawal and switching fees | Nil | Not charged. |',
      ].join('\n'),
    );
    expect(text).toContain('| Risk profile | Growth | Defensive | Timeframe | In short |\n| --- |');
    // the list's items one a line, after a blank line
    expect(text).toContain(':\n\n- Market risk: share, property and bond markets fall, sometimes sharply.\n- Currency risk:');
    expect(text).not.toContain('\t');
  });

  it('takes headings from the styles: a custom style named "heading N", one based on a heading, an outline level; not a TOC heading', () => {
    const styles =
      '<w:style w:type="paragraph" w:styleId="berschrift1"><w:name w:val="heading 1"/></w:style>' +
      '<w:style w:type="paragraph" w:styleId="Kapitel"><w:name w:val="Kapitel"/><w:basedOn w:val="berschrift1"/></w:style>' +
      '<w:style w:type="paragraph" w:styleId="Sub"><w:name w:val="Sub"/><w:pPr><w:outlineLvl w:val="2"/></w:pPr></w:style>' +
      '<w:style w:type="paragraph" w:styleId="TOCHeading"><w:name w:val="TOC Heading"/><w:basedOn w:val="berschrift1"/><w:pPr><w:outlineLvl w:val="9"/></w:pPr></w:style>' +
      '<w:style w:type="paragraph" w:styleId="Bullets"><w:name w:val="List Bullet"/><w:pPr><w:numPr><w:numId w:val="3"/></w:numPr></w:pPr></w:style>' +
      '<w:style w:type="character" w:styleId="Heading2Char"><w:name w:val="heading 2 Char"/></w:style>';
    const body =
      para('Contents', '<w:pStyle w:val="TOCHeading"/>') +
      para('Fees', '<w:pStyle w:val="berschrift1"/>') +
      para('Costs', '<w:pStyle w:val="Kapitel"/>') +
      para('Detail', '<w:pStyle w:val="Sub"/>') +
      para('Built in', '<w:pStyle w:val="Heading2"/>') +
      para('Own outline', '<w:outlineLvl w:val="3"/>') +
      para('A styled item', '<w:pStyle w:val="Bullets"/>') +
      para('Not an item', '<w:pStyle w:val="Bullets"/><w:numPr><w:numId w:val="0"/></w:numPr>') +
      para('The body.');
    expect(extractText('docx', docx(body, styles))).toBe(
      [
        'Contents',
        '# Fees',
        '# Costs',
        '### Detail',
        '## Built in',
        '#### Own outline',
        '- A styled item',
        'Not an item',
        'The body.',
      ].join('\n\n'),
    );
  });

  it('reads numbered paragraphs as - items, one a line; a list and the paragraphs around it are blocks', () => {
    const item = (text: string, level = 0) => para(text, `<w:numPr><w:ilvl w:val="${level}"/><w:numId w:val="1"/></w:numPr>`);
    const body = para('Before:') + item('one') + item('two, nested', 1) + item('three') + para('After.');
    expect(extractText('docx', docx(body))).toBe('Before:\n\n- one\n- two, nested\n- three\n\nAfter.');
  });

  it('reads a table with its first row as the header: pipes escaped, a cell’s paragraphs joined, a nested table flattened, merged cells kept in place', () => {
    const body =
      para('Fees') +
      table(
        row(cell(para('Fee')), cell(para('Amount')), cell(para('Note'))),
        row(cell(para('Switch')), cell(para('0%')), cell(para('either|or'), para('any time'))),
        row(
          cell(para('Exit')),
          cell(para('$25')),
          cell(table(row(cell(para('Online')), cell(para('free'))), row(cell(para('By post')), cell(para('$5'))))),
        ),
        row(`<w:tc><w:tcPr><w:gridSpan w:val="2"/></w:tcPr>${para('Total, both')}</w:tc>`, cell(para('end'))),
      ) +
      para('After the table.');
    expect(extractText('docx', docx(body))).toBe(
      [
        'Fees',
        [
          '| Fee | Amount | Note |',
          '| --- | --- | --- |',
          '| Switch | 0% | either\\|or any time |',
          '| Exit | $25 | Online free By post $5 |',
          '| Total, both |  | end |',
        ].join('\n'),
        'After the table.',
      ].join('\n\n'),
    );
  });

  it('keeps a text box’s paragraph in the paragraph that holds it, and leaves out properties a tracked change replaced', () => {
    const body =
      '<w:p><w:r><w:t>Outer</w:t></w:r><w:r><w:txbxContent><w:p><w:r><w:t>boxed</w:t></w:r></w:p></w:txbxContent></w:r></w:p>' +
      '<w:p><w:pPr><w:pStyle w:val="Heading1"/><w:pPrChange><w:pPr><w:pStyle w:val="Normal"/></w:pPr></w:pPrChange></w:pPr>' +
      `${run('Now a heading')}</w:p>`;
    expect(extractText('docx', docx(body))).toBe('Outer boxed\n\n# Now a heading');
  });

  it('keeps whole blocks when the text is cut to its characters', async () => {
    const body = Array.from({ length: 50 }, (_, i) => para(`Paragraph number ${i + 1} of the document.`)).join('');
    const read = await readDocumentText('docx', docx(body), { maxChars: 200 });
    expect(read.text!.length).toBeLessThanOrEqual(200);
    expect(read.text).toMatch(/of the document\.$/);
    expect(read.problem).toBe('only its first 200 characters are kept');
  });
});

describe('other documents, when they are text', () => {
  const other = (text: string) => readDocumentText('other', utf8(text));

  it('reads a JSON array of objects as a table: columns in first-seen order, nested values as compact JSON, pipes escaped', async () => {
    const json = JSON.stringify([
      { name: 'Cautious', growth: 40, tags: ['steady'] },
      { name: 'Bold|brave', growth: 90, note: 'high risk', active: true },
      { name: 'Empty', allocation: { cash: 10 }, growth: null },
    ]);
    expect(await other(json)).toEqual({
      text: [
        '| name | growth | tags | note | active | allocation |',
        '| --- | --- | --- | --- | --- | --- |',
        '| Cautious | 40 | ["steady"] |  |  |  |',
        '| Bold\\|brave | 90 |  | high risk | true |  |',
        '| Empty | null |  |  |  | {"cash":10} |',
      ].join('\n'),
      problem: null,
    });
  });

  it('reads an object holding an array of objects as its keys and, under a heading, the table', async () => {
    const json = JSON.stringify({ fund: 'Index Fund', fees: { yearly: 0.7 }, profiles: [{ id: 'a', growth: 30 }], note: 'Demo' });
    expect((await other(json)).text).toBe(
      'fund: Index Fund\nfees:\n  yearly: 0.7\n\n## profiles\n\n| id | growth |\n| --- | --- |\n| a | 30 |\n\nnote: Demo',
    );
  });

  it('reads any other JSON as indented key: value lines', async () => {
    // an array of objects nested deeper than the top is lines too
    const json = JSON.stringify({
      name: 'Horizon',
      open: { days: ['Mon', 'Tue'], hours: '9 to 5\nweekdays', contacts: [{ kind: 'phone', value: '1300' }] },
      empty: {},
      more: 1,
    });
    expect((await other(json)).text).toBe(
      [
        'name: Horizon',
        'open:',
        '  days:',
        '    - Mon',
        '    - Tue',
        '  hours: 9 to 5 weekdays',
        '  contacts:',
        '    - kind: phone',
        '      value: 1300',
        'empty: {}',
        'more: 1',
      ].join('\n'),
    );
    expect((await other('{"__proto__": {"a": 1}, "b": [1, 2]}')).text).toBe('__proto__:\n  a: 1\nb:\n  - 1\n  - 2');
  });

  it('reads the demo data file as its keys and the profiles table', async () => {
    const doc = demoDocuments().find((d) => d.type === 'other')!;
    const { text } = await readDocumentText('other', doc.bytes);
    expect(text).toMatch(/^fund: Diversified Index Fund\nissuer: /);
    expect(text).toContain('fees:\n  investmentFeePctYearly: 0.7\n');
    expect(text).toContain(
      '\n\n## profiles\n\n| id | name | description | growth | defensive | suggestedMinimumYears | allocation |\n| --- |',
    );
    expect(text).toContain(
      '| moderately-aggressive | Moderately aggressive | Growth with some security. | 70 | 30 | 6 | {"australianShares":28,',
    );
  });

  it('reads other UTF-8 text as it is, JSON-looking text that does not parse included', async () => {
    expect(await other('\uFEFFBEGIN:VCALENDAR\r\nSUMMARY:Review\r\n')).toEqual({
      text: 'BEGIN:VCALENDAR\r\nSUMMARY:Review\r\n',
      problem: null,
    });
    expect((await other('[draft] notes { not json')).text).toBe('[draft] notes { not json');
  });

  it('gives a binary file, or one that is not UTF-8, or empty, no text and no problem', async () => {
    for (const bytes of [
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]),
      utf8('text with a NUL\u0000 inside'),
      new Uint8Array([0x41, 0xff, 0x42]),
      demoDocuments().find((d) => d.type === 'docx')!.bytes,
      new Uint8Array(0),
    ])
      expect(await readDocumentText('other', bytes)).toEqual({ text: null, problem: null });
  });

  it('keeps within the limits: rows of a table, characters of text', async () => {
    const rows = JSON.stringify(Array.from({ length: 20 }, (_, i) => ({ n: i })));
    const read = await readDocumentText('other', utf8(rows), { maxRows: 5 });
    expect(read.text!.split('\n')).toHaveLength(7);
    expect(read.problem).toBe('only part of its rows or columns are kept');
    const long = await readDocumentText('other', utf8('line of text\n'.repeat(100)), { maxChars: 50 });
    expect(long).toEqual({ text: 'line of text\nline of text\nline of text', problem: 'only its first 50 characters are kept' });
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect((await readDocumentText('other', utf8(deep))).text).toBe(deep);
  });
});
