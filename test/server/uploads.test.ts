/**
 * Uploads are hostile input (server/operations/uploads.ts): read within the kind's limit, typed by content, and every
 * refusal said with its code and field.
 */
import { Readable } from 'node:stream';
import { constants, deflateRawSync } from 'node:zlib';
import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildDocx, wPara } from '../../server/demo/docx';
import { buildPdf } from './pdf-fixture';
import { extractText } from '../../server/documents';
import { checkUpload, cleanFilename, readLimited, readUpload, UPLOAD_KINDS } from '../../server/operations/uploads';
import { cpuMark, cpuSince } from '../support/cpu-time';

const MB = 1024 * 1024;
const DOCX = buildDocx({ title: 'Fees', creator: 'Test' }, [wPara('Our advice fee is 500 dollars.')]);
const PDF = buildPdf({ title: 'Fees', author: 'Test', subject: 'Fees', producer: 'Test' }, ['BT /F1 12 Tf 72 720 Td (Fees) Tj ET']);
const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15,
  0xc4, 0x89,
]);
/** A WebM's EBML header (doctype "webm"), as far as file-type reads it. */
const WEBM = Uint8Array.from([
  0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82,
  0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02,
]);

/** A refusal's code, message and field. */
async function refusal(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (err) {
    const e = err as { code: string; message: string; field?: string; allowed?: unknown };
    return { code: e.code, message: e.message, field: e.field, allowed: e.allowed };
  }
  throw new Error('not refused');
}

/** A stream of `total` bytes in chunks of 64 KB that counts how much of it was read. */
function counted(total: number) {
  const chunk = new Uint8Array(64 * 1024);
  let produced = 0;
  const stream = new Readable({
    read() {
      if (produced >= total) return void this.push(null);
      produced += chunk.length;
      this.push(chunk);
    },
  });
  return { stream, produced: () => produced };
}

describe('reading within the limit', () => {
  it("stops reading at the kind's limit, and refuses a declared length over it before reading", async () => {
    const big = counted(100 * MB);
    expect(await refusal(() => readLimited(big.stream, 'document'))).toMatchObject({ code: 'TOO_LARGE', field: 'file' });
    // it stopped at 20 MB, far short of the 100 MB offered (a chunk or two of the stream's buffer beyond)
    expect(big.produced()).toBeLessThan(UPLOAD_KINDS.document.maxBytes + MB);
    expect(big.stream.destroyed).toBe(true);
    const declared = counted(MB);
    expect(await refusal(() => readLimited(declared.stream, 'captions', { declaredBytes: 2 * MB }))).toMatchObject({ code: 'TOO_LARGE' });
    expect(declared.produced()).toBe(0);
  });

  it('reads a stream within the limit whole', async () => {
    const upload = await readUpload('document', Readable.from([strToU8('# Fees\n'), strToU8('Our fee is 500 dollars.\n')]), {
      filename: 'fees.md',
    });
    expect(upload).toMatchObject({ type: 'md', filename: 'fees.md', contentType: 'text/markdown; charset=utf-8' });
    expect(new TextDecoder().decode(upload.bytes)).toBe('# Fees\nOur fee is 500 dollars.\n');
  });
});

describe('types by content', () => {
  it('takes every document type, by content', async () => {
    expect(await checkUpload('document', DOCX, { filename: 'fees.docx' })).toMatchObject({ type: 'docx', filename: 'fees.docx' });
    expect(await checkUpload('document', PDF, { filename: 'fees.pdf' })).toMatchObject({ type: 'pdf', contentType: 'application/pdf' });
    expect(await checkUpload('document', strToU8('Fees\n'), { filename: 'fees.txt' })).toMatchObject({ type: 'txt' });
    expect(await checkUpload('document', strToU8('\uFEFFfee,amount\nadvice,500\n'), { filename: 'fees.csv' })).toMatchObject({
      type: 'csv',
    });
    // a docx sent as a pdf is a docx: the content says so, and its name is made to say so too
    expect(await checkUpload('document', DOCX, { filename: 'fees.pdf' })).toMatchObject({ type: 'docx', filename: 'fees.docx' });
  });

  it("takes the video kinds' types, by content", async () => {
    expect(await checkUpload('poster', PNG, { filename: 'poster.png' })).toMatchObject({ type: 'png', contentType: 'image/png' });
    expect(await checkUpload('video', WEBM, { filename: 'intro.webm' })).toMatchObject({ type: 'webm' });
    expect(await checkUpload('captions', strToU8('WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n'), { filename: 'c.vtt' })).toMatchObject({
      type: 'vtt',
    });
  });

  it('refuses a type the kind does not take, whatever the name says (415)', async () => {
    expect(await refusal(() => checkUpload('document', PNG, { filename: 'fees.pdf' }))).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: expect.stringMatching(/PNG.*not a document type accepted here \(PDF, Word/),
      field: 'file',
      allowed: UPLOAD_KINDS.document.types,
    });
    const exe = Uint8Array.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0, ...new Uint8Array(200)]);
    expect(await refusal(() => checkUpload('document', exe, { filename: 'fees.txt' }))).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(await refusal(() => checkUpload('video', PDF, { filename: 'intro.mp4', field: 'video' }))).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      field: 'video',
    });
    expect(await refusal(() => checkUpload('video', DOCX, { filename: 'intro.mp4' }))).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: expect.stringMatching(/a zip archive/),
    });
    expect(await refusal(() => checkUpload('document', strToU8('plain words'), { filename: 'fees.html' }))).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: expect.stringMatching(/name it \.md, \.txt, \.csv or \.vtt/),
    });
    // an xlsx is a zip without word/document.xml
    const xlsx = zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'xl/workbook.xml': strToU8('<workbook/>') });
    expect(await refusal(() => checkUpload('document', xlsx, { filename: 'fees.docx' }))).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: expect.stringMatching(/without word\/document\.xml/),
    });
  });

  it('refuses text that is not UTF-8, and a text type that is broken (400)', async () => {
    const latin1 = Uint8Array.from([0x46, 0x65, 0x65, 0x73, 0x20, 0xe9, 0x74, 0xe9, 0x0a]);
    expect(await refusal(() => checkUpload('document', latin1, { filename: 'fees.txt' }))).toEqual({
      code: 'INVALID',
      message: 'The file is not UTF-8 text: save it as UTF-8 and send it again.',
      field: 'file',
      allowed: undefined,
    });
    expect(await refusal(() => checkUpload('document', strToU8('a,"b\n1,2\n'), { filename: 'fees.csv' }))).toMatchObject({
      code: 'INVALID',
      message: expect.stringMatching(/^The file is not CSV that can be read/),
    });
    expect(await refusal(() => checkUpload('captions', strToU8('00:00.000 --> 00:01.000\nHello\n'), { filename: 'c.vtt' }))).toMatchObject({
      code: 'INVALID',
      message: expect.stringMatching(/WEBVTT/),
    });
    expect(await refusal(() => checkUpload('document', new Uint8Array(0), { filename: 'fees.txt' }))).toMatchObject({
      code: 'INVALID',
      message: 'The file is empty.',
    });
  });
});

describe('a docx', () => {
  it('refuses one cut short', async () => {
    expect(await refusal(() => checkUpload('document', DOCX.slice(0, DOCX.length - 40), { filename: 'fees.docx' }))).toMatchObject({
      code: 'INVALID',
      message: expect.stringMatching(/cut short/),
    });
  });

  it('refuses a zip bomb from its central directory: by ratio, and by its total', async () => {
    const entries: Zippable = unzipSync(DOCX);
    entries['word/media/bomb.xml'] = [new Uint8Array(8 * MB), { level: 9 }];
    const bomb = zipSync(entries);
    expect(bomb.length).toBeLessThan(MB / 8);
    expect(await refusal(() => checkUpload('document', bomb, { filename: 'fees.docx' }))).toMatchObject({
      code: 'INVALID',
      message: expect.stringMatching(/zip bomb: its part word\/media\/bomb\.xml would inflate \d+ times its size/),
    });
    // many parts each under the ratio's notice, whose total is over the limit: a crafted central directory, not inflated
    const big = zipSync({ ...unzipSync(DOCX) });
    expect(await refusal(() => checkUpload('document', declaredSizes(big, 70 * MB), { filename: 'fees.docx' }))).toMatchObject({
      code: 'INVALID',
      message: expect.stringMatching(/would inflate to more than 64 MB: refused as a zip bomb/),
    });
  });
});

describe('a docx that lies about its parts', () => {
  /**
   * A deflate stream of `megabytes` MB of zeros made of one MB's blocks repeated (each starts with a literal, so needs
   * nothing before it), ended by an empty final block: a zip bomb's part, made in no time.
   */
  function zeros(megabytes: number): Uint8Array {
    const piece = deflateRawSync(new Uint8Array(MB), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
    const out = new Uint8Array(piece.length * megabytes + 2);
    for (let i = 0; i < megabytes; i++) out.set(piece, i * piece.length);
    out.set([0x03, 0x00], piece.length * megabytes);
    return out;
  }

  it('refuses a part that inflates past the size it declares, in no time and without the memory (400)', async () => {
    const bombData = zeros(200);
    for (const name of ['[Content_Types].xml', 'word/document.xml']) {
      const parts = partsOf(DOCX).map((p) => (p.name === name ? { ...p, data: bombData, size: 100 } : p));
      const bomb = zipOf(parts);
      expect(bomb.length).toBeLessThan(MB);
      const before = process.memoryUsage().rss;
      // work, not the wall clock (which the other test file beside this one stretches): inflating 200 MB takes seconds
      const started = cpuMark();
      const answer = await refusal(() => checkUpload('document', bomb, { filename: 'fees.docx' }));
      expect(answer).toEqual({
        code: 'INVALID',
        message: `The file is refused: its part ${name} inflates to other than the 100 bytes it declares (a zip bomb?).`,
        field: 'file',
        allowed: undefined,
      });
      // nor does the text reader read past a part's declared size (it reads word/document.xml, never [Content_Types].xml)
      expect(extractText('docx', bomb)).toBe(name === 'word/document.xml' ? null : 'Our advice fee is 500 dollars.');
      expect(cpuSince(started)).toBeLessThan(1000);
      expect(process.memoryUsage().rss - before).toBeLessThan(100 * MB);
    }
  });

  it('refuses a local header that differs from the central directory, data descriptors, ZIP64 and encryption (400)', async () => {
    const parts = partsOf(DOCX);
    const cases: [Partial<ZipPart> & { local?: Partial<ZipPart> }, RegExp][] = [
      [{ local: { method: 0 } }, /its part word\/document\.xml is not described the same in its local header and in the central directory/],
      [{ local: { size: 1 } }, /not described the same/],
      [{ local: { data: new Uint8Array(3) } }, /not described the same/],
      [{ local: { name: 'word/documenT.xml' } }, /not described the same/],
      [{ flags: 0x0008 }, /its part word\/document\.xml gives its sizes after its data \(a data descriptor\)/],
      [{ flags: 0x0001 }, /its part word\/document\.xml is encrypted/],
      [{ extra: Uint8Array.from([0x01, 0x00, 0x00, 0x00]) }, /ZIP64/],
      [{ method: 12 }, /compressed with a method other than deflate/],
    ];
    for (const [change, message] of cases) {
      const zip = zipOf(parts.map((p) => (p.name === 'word/document.xml' ? { ...p, ...change } : p)));
      expect(await refusal(() => checkUpload('document', zip, { filename: 'fees.docx' }))).toMatchObject({
        code: 'INVALID',
        message: expect.stringMatching(message),
        field: 'file',
      });
    }
    // the same parts, written by the same writer, are taken
    expect(await checkUpload('document', zipOf(parts), { filename: 'fees.docx' })).toMatchObject({ type: 'docx' });
  });
});

it("keeps a name's last segment without control characters", () => {
  expect(cleanFilename('../../etc/pass\u0000wd.txt')).toBe('passwd.txt');
  expect(cleanFilename('C:\\docs\\fees.md')).toBe('fees.md');
  expect(cleanFilename('')).toBe('file');
});

/** `zip` with its central directory's first entry saying it inflates to `size` (the local header left alone). */
function declaredSizes(zip: Uint8Array, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let i = out.length - 22; i >= 0; i--) {
    if (view.getUint32(i, true) !== 0x06054b50) continue;
    const cd = view.getUint32(i + 16, true);
    view.setUint32(cd + 24, size, true);
    return out;
  }
  throw new Error('no end of central directory');
}

/** A zip's part as written by {@link zipOf}: its data as stored (deflated when `method` is 8). */
interface ZipPart {
  name: string;
  method: number;
  data: Uint8Array;
  size: number;
  flags?: number;
  extra?: Uint8Array;
}

/** A zip's parts, read from its central directory (their data as stored). */
function partsOf(zip: Uint8Array): ZipPart[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let eocd = zip.length - 22;
  while (view.getUint32(eocd, true) !== 0x06054b50) eocd--;
  const parts: ZipPart[] = [];
  let at = view.getUint32(eocd + 16, true);
  for (let i = 0; i < view.getUint16(eocd + 10, true); i++) {
    const nameLength = view.getUint16(at + 28, true);
    const offset = view.getUint32(at + 42, true);
    const start = offset + 30 + view.getUint16(offset + 26, true) + view.getUint16(offset + 28, true);
    parts.push({
      name: new TextDecoder().decode(zip.subarray(at + 46, at + 46 + nameLength)),
      method: view.getUint16(at + 10, true),
      data: zip.slice(start, start + view.getUint32(at + 20, true)),
      size: view.getUint32(at + 24, true),
    });
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return parts;
}

/** A zip of `parts` (CRCs left 0: nothing checks them), each local header as its part says, or as its `local` says instead. */
function zipOf(parts: (ZipPart & { local?: Partial<ZipPart> })[]): Uint8Array {
  const header = (p: ZipPart, central: boolean, offset: number) => {
    const name = strToU8(p.name);
    const extra = p.extra ?? new Uint8Array(0);
    const out = new Uint8Array((central ? 46 : 30) + name.length + extra.length);
    const view = new DataView(out.buffer);
    const at = central ? 2 : 0;
    view.setUint32(0, central ? 0x02014b50 : 0x04034b50, true);
    view.setUint16(at + 4, 20, true);
    view.setUint16(at + 6, p.flags ?? 0, true);
    view.setUint16(at + 8, p.method, true);
    view.setUint32(at + 18, p.data.length, true);
    view.setUint32(at + 22, p.size, true);
    view.setUint16(at + 26, name.length, true);
    view.setUint16(at + 28, extra.length, true);
    if (central) view.setUint32(42, offset, true);
    out.set(name, central ? 46 : 30);
    out.set(extra, (central ? 46 : 30) + name.length);
    return out;
  };
  const chunks: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const { local, ...p } of parts) {
    const l = header({ ...p, ...local }, false, 0);
    centrals.push(header(p, true, offset));
    chunks.push(l, p.data);
    offset += l.length + p.data.length;
  }
  const cdSize = centrals.reduce((n, c) => n + c.length, 0);
  const eocd = new Uint8Array(22);
  const view = new DataView(eocd.buffer);
  view.setUint32(0, 0x06054b50, true);
  view.setUint16(8, parts.length, true);
  view.setUint16(10, parts.length, true);
  view.setUint32(12, cdSize, true);
  view.setUint32(16, offset, true);
  const all = [...chunks, ...centrals, eocd];
  const out = new Uint8Array(all.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of all) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
