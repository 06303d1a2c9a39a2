/**
 * Hostile uploads: a zip bomb (xlsx, docx) is refused from its central directory before anything is inflated,
 * and a Word document's XML is scanned in linear time, whatever tags it leaves open.
 */
import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import { extractText, readDocumentText } from '../../server/documents';
import { cpuMark, cpuSince } from '../support/cpu-time';
import { xlsx } from '../support/xlsx';

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const MB = 1024 * 1024;

/** A .docx of the given body and styles. */
function docx(body: string, styles = ''): Uint8Array {
  return zipSync({
    'word/document.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body>${body}<w:sectPr/></w:body></w:document>`),
    'word/styles.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?><w:styles ${W}>${styles}</w:styles>`),
  });
}

/** `file` (a small zip) with `parts` more parts of `size` zero bytes, each compressed about 1000 times. */
function withBombs(file: Uint8Array, parts: number, size: number, prefix: string): Uint8Array {
  const zeros = new Uint8Array(size);
  const entries: Zippable = unzipSync(file);
  for (let i = 0; i < parts; i++) entries[`${prefix}${i}.xml`] = [zeros, { level: 9 }];
  return zipSync(entries);
}

/** What reading `bytes` as `type` gives, how long it took, and how much the process's memory grew. */
async function measure(type: 'docx' | 'xlsx', bytes: Uint8Array) {
  const before = process.memoryUsage();
  const start = performance.now();
  const read = await readDocumentText(type, bytes);
  const ms = performance.now() - start;
  const after = process.memoryUsage();
  return { read, ms, rss: after.rss - before.rss, arrayBuffers: after.arrayBuffers - before.arrayBuffers };
}

const SHEET = xlsx([
  {
    name: 'Fees',
    rows: [
      ['Fee', 'Amount'],
      ['Adviser', 500],
    ],
  },
]);

describe('zip bombs', () => {
  it('refuses an xlsx whose parts inflate to more than 64 MB in all, without inflating them', async () => {
    // three parts of 30 MB: 90 MB in all, each part under the ratio check's notice only by its total
    const bomb = withBombs(SHEET, 3, 30 * MB, 'xl/worksheets/bomb');
    expect(bomb.length).toBeLessThan(MB);
    const { read, rss, arrayBuffers } = await measure('xlsx', bomb);
    expect(read.text).toBeNull();
    expect(read.problem).toMatch(/inflate/);
    expect(rss).toBeLessThan(64 * MB);
    expect(arrayBuffers).toBeLessThan(16 * MB);
  });

  it('refuses an xlsx with one part that inflates more than 100 times its size, and still reads a real one', async () => {
    const bomb = withBombs(SHEET, 1, 8 * MB, 'xl/worksheets/bomb');
    const { read } = await measure('xlsx', bomb);
    expect(read).toEqual({ text: null, problem: expect.stringMatching(/xl\/worksheets\/bomb0\.xml inflates more than 100 times/) });
    expect((await readDocumentText('xlsx', SHEET)).text).toContain('| Adviser | 500 |');
  });

  it('refuses a docx bomb, as a .docx and as a spreadsheet named .csv', async () => {
    const bomb = withBombs(docx('<w:p><w:r><w:t>Fees</w:t></w:r></w:p>'), 3, 30 * MB, 'word/media/bomb');
    const { read, rss, arrayBuffers } = await measure('docx', bomb);
    expect(read.text).toBeNull();
    expect(read.problem).toMatch(/inflate to more than/);
    expect(rss).toBeLessThan(64 * MB);
    expect(arrayBuffers).toBeLessThan(16 * MB);
    expect(extractText('docx', bomb)).toBeNull();
    expect((await readDocumentText('csv', withBombs(SHEET, 3, 30 * MB, 'x'))).problem).toMatch(/inflate/);
    // it builds and reads two 90 MB bombs in a worker: seconds on a loaded machine, past vitest's 5 s default
  }, 30_000);
});

/** The fastest of five readings of `bytes`, in milliseconds of CPU (a busy machine stretches the wall clock's). */
function timeOf(bytes: Uint8Array): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 5; i++) {
    const start = cpuMark();
    extractText('docx', bytes);
    best = Math.min(best, cpuSince(start));
  }
  return best;
}

/** How many times longer the input 8 times as big takes (at least 1 ms counted): about 8 when linear, about 64 when quadratic. */
function growth(make: (n: number) => Uint8Array, n: number): number {
  const big = make(8 * n);
  // read, not refused (its parts stay under the zip bomb check's notice)
  expect(extractText('docx', big)).not.toBeNull();
  return timeOf(big) / Math.max(timeOf(make(n)), 1);
}

describe('a Word document read in linear time', () => {
  it('styles left open (<w:style> with no end) are read in linear time', () => {
    const make = (n: number) => docx('<w:p><w:r><w:t>Fees</w:t></w:r></w:p>', '<w:style w:type="paragraph">'.repeat(n));
    expect(extractText('docx', make(10))).toBe('Fees');
    expect(growth(make, 4000)).toBeLessThan(24);
  });

  it('a body of tags left open (<a repeated) is read in linear time, up to where it stops being XML', () => {
    // no '>' after them: a regular expression would search to the end for each
    const make = (n: number) =>
      zipSync({ 'word/document.xml': strToU8(`<w:document ${W}><w:body><w:p><w:r><w:t>Before</w:t></w:r></w:p>${'<a'.repeat(n)}`) });
    expect(extractText('docx', make(10))).toBe('Before');
    expect(growth(make, 50_000)).toBeLessThan(24);
  });

  it('the names inside a style left open (<w:name repeated) are read in linear time', () => {
    const make = (n: number) =>
      docx('<w:p><w:r><w:t>Fees</w:t></w:r></w:p>', `<w:style w:type="paragraph" w:styleId="X">${'<w:name '.repeat(n)}</w:style>`);
    expect(growth(make, 15_000)).toBeLessThan(24);
  });

  it('cells spanning many columns keep no more than the column limit, and rows no more than the row limit', async () => {
    const cell = '<w:tc><w:tcPr><w:gridSpan w:val="50"/></w:tcPr><w:p><w:r><w:t>x</w:t></w:r></w:p></w:tc>';
    const make = (n: number) => docx(`<w:tbl>${`<w:tr>${cell.repeat(50)}</w:tr>`.repeat(n)}</w:tbl>`);
    const read = await readDocumentText('docx', make(200), { maxRows: 10, maxColumns: 20 });
    // the header, its rule and 10 rows (the empty columns the spans leave are dropped)
    expect(read.text!.split('\n')).toHaveLength(12);
    expect(growth(make, 20)).toBeLessThan(24);
  });
});
