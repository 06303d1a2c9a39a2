/**
 * `/files/{id}/{name}` serves stored files in parts, never the whole file at once: ranges, HEAD, the cap of
 * downloads per address, and the memory several slow readers of a large file take (SQLite in `node`,
 * PostgreSQL in `postgres`).
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_STREAMS_PER_ADDRESS } from '../../server/routes/files';
import { startServer, type TestServer } from './harness';

const TEXT = '0123456789'.repeat(100); // 1000 bytes, byte i is String(i % 10)

let s: TestServer;
let small: string;
beforeAll(async () => {
  s = await startServer();
  small = await s.storage.addFile(s.site.id, { filename: 'digits.txt', contentType: 'text/plain', bytes: new TextEncoder().encode(TEXT) });
});
afterAll(async () => {
  await s.stop();
  await s.remove();
});

/** A GET whose body is left unread: the open download, paused, with its first bytes in `first`. */
function openDownload(url: string): Promise<{ res: http.IncomingMessage; first: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, (res) => {
      res.once('data', (first: Buffer) => {
        res.pause();
        resolve({ res, first });
      });
      res.once('error', reject);
    });
    req.once('error', reject);
  });
}

/** Reads the rest of a paused download, calling `sample` on each part; resolves with the bytes read and their SHA-256. */
function finish(res: http.IncomingMessage, first: Buffer, sample: () => void): Promise<{ bytes: number; sha: string }> {
  const hash = createHash('sha256').update(first);
  let bytes = first.length;
  return new Promise((resolve, reject) => {
    res.on('data', (part: Buffer) => {
      hash.update(part);
      bytes += part.length;
      sample();
    });
    res.once('end', () => resolve({ bytes, sha: hash.digest('hex') }));
    res.once('error', reject);
    res.resume();
  });
}

describe('serving a stored file', () => {
  it('reads a file’s name, type and size without its bytes, and its bytes by range', async () => {
    expect(await s.storage.getFileInfo(small)).toEqual({ id: small, filename: 'digits.txt', contentType: 'text/plain', size: 1000 });
    expect((await s.storage.readFileRange(small, 0, 1))?.toString()).toBe('0');
    expect((await s.storage.readFileRange(small, 995, 10))?.toString()).toBe('56789');
    expect((await s.storage.readFileRange(small, 1000, 10))?.length).toBe(0);
    expect(await s.storage.getFileInfo('no-such-file')).toBeNull();
    expect(await s.storage.readFileRange('no-such-file', 0, 1)).toBeNull();
  });

  it('answers ranges: the first byte, the middle, a suffix, an open end; 416 past the end', async () => {
    const get = (range: string) => s.call(`/files/${small}/digits.txt`, { headers: { Range: range } });
    const cases: [string, string, string][] = [
      ['bytes=0-0', 'bytes 0-0/1000', '0'],
      ['bytes=500-509', 'bytes 500-509/1000', '0123456789'],
      ['bytes=-100', 'bytes 900-999/1000', TEXT.slice(900)],
      ['bytes=990-', 'bytes 990-999/1000', TEXT.slice(990)],
      ['bytes=995-5000', 'bytes 995-999/1000', '56789'],
    ];
    for (const [range, contentRange, text] of cases) {
      const r = await get(range);
      expect(r.status, range).toBe(206);
      expect(r.headers.get('content-range'), range).toBe(contentRange);
      expect(r.headers.get('content-length'), range).toBe(String(text.length));
      expect(await r.text(), range).toBe(text);
    }
    for (const range of ['bytes=1000-', 'bytes=-0']) {
      const r = await get(range);
      expect(r.status, range).toBe(416);
      expect(r.headers.get('content-range'), range).toBe('bytes */1000');
    }
  });

  it('keeps every header on the whole file, and answers HEAD with them and no body', async () => {
    for (const method of ['GET', 'HEAD']) {
      // identity: a text file of 1 KB or more goes compressed, with no Content-Length
      const r = await s.call(`/files/${small}/digits.txt`, { method, headers: { 'Accept-Encoding': 'identity' } });
      expect(r.status, method).toBe(200);
      expect(r.headers.get('content-type'), method).toMatch(/^text\/plain/);
      expect(r.headers.get('content-length'), method).toBe('1000');
      expect(r.headers.get('accept-ranges'), method).toBe('bytes');
      expect(r.headers.get('cache-control'), method).toBe('public, max-age=3600');
      expect(r.headers.get('content-disposition'), method).toBe("inline; filename*=UTF-8''digits.txt");
      expect(await r.text(), method).toBe(method === 'GET' ? TEXT : '');
    }
    const part = await s.call(`/files/${small}/digits.txt`, { method: 'HEAD', headers: { Range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-length')).toBe('10');
    expect(part.headers.get('content-range')).toBe('bytes 10-19/1000');
    const empty = await s.storage.addFile(s.site.id, { filename: 'empty.txt', contentType: 'text/plain', bytes: new Uint8Array(0) });
    const none = await s.call(`/files/${empty}/empty.txt`);
    expect(none.status).toBe(200);
    expect(await none.text()).toBe('');
    expect((await s.call(`/files/nope/x.txt`, { method: 'HEAD' })).status).toBe(404);
  });

  it(`lets one address download ${FILE_STREAMS_PER_ADDRESS} files at once; the next is 429 with Retry-After, and free again when one ends`, async () => {
    const big = await s.storage.addFile(s.site.id, {
      filename: 'big.bin',
      contentType: 'application/octet-stream',
      bytes: randomBytes(8 * 1024 * 1024),
    });
    const url = `${s.base}/files/${big}/big.bin`;
    const open = await Promise.all(Array.from({ length: FILE_STREAMS_PER_ADDRESS }, () => openDownload(url)));
    const refused = await fetch(url);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toMatchObject({ error: 'RATE_LIMIT_EXCEEDED' });
    // HEAD reads no bytes, so it is not counted
    expect((await fetch(url, { method: 'HEAD' })).status).toBe(200);
    const closed = new Promise((resolve) => open[0]!.res.once('close', resolve));
    open[0]!.res.destroy();
    await closed;
    // the server sees the reader gone when its next write fails or the socket closes: ask until it does
    let again = await fetch(url, { headers: { Range: 'bytes=0-0' } });
    while (again.status === 429) again = await fetch(url, { headers: { Range: 'bytes=0-0' } });
    expect(again.status).toBe(206);
    for (const d of open.slice(1)) d.res.destroy();
  });

  it('serves a large file to several slow readers without holding it in memory once per reader', async () => {
    const size = 32 * 1024 * 1024;
    const readers = 6;
    const content = randomBytes(size);
    const sha = createHash('sha256').update(content).digest('hex');
    const id = await s.storage.addFile(s.site.id, { filename: 'large.bin', contentType: 'video/webm', bytes: content });
    const before = process.memoryUsage().rss;
    let peak = before;
    const sample = () => {
      peak = Math.max(peak, process.memoryUsage().rss);
    };
    // every reader has started and stopped reading: the old route held the whole file for each here
    const downloads = await Promise.all(Array.from({ length: readers }, () => openDownload(`${s.base}/files/${id}/large.bin`)));
    sample();
    const done = await Promise.all(downloads.map((d) => finish(d.res, d.first, sample)));
    for (const d of done) expect(d).toEqual({ bytes: size, sha });
    const growth = peak - before;
    if (process.env.FILES_MEMORY_REPORT) console.log(`RSS growth: ${(growth / 1024 / 1024).toFixed(1)} MB`);
    // bound: 64 MB, against the file times the readers (192 MB) that whole-file reads would hold
    expect(growth).toBeLessThan(64 * 1024 * 1024);
  }, 120_000);
});
