/**
 * Stored files at `/files/{id}/{name}`: public, outside the API's CORS scope,
 * because iframes, video elements and downloads cannot send headers. Video
 * elements seek with byte ranges, so one `bytes=` range is served as a 206.
 * The bytes are streamed a part at a time, the next read only when the reader
 * has taken the last: a slow reader of a large video holds one part, not the file.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, RouteHandler } from 'fastify';
import { sendError } from '../errors';
import type { Storage } from '../storage/types';
import { headerOf } from './origins';

/**
 * One `bytes=` range (the form video elements send); 'invalid' for one that cannot be met (a 416).
 * null for none, and for what RFC 9110 §14.2 lets a server ignore and answer with the whole file:
 * another range unit (`items=0-1`), several ranges, a range that does not parse.
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/i.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    // a last position before the first makes the range invalid syntax, which is ignored (RFC 9110 §14.1.1)
    if (m[2] !== '' && Number(m[2]) < start) return null;
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  // a range that starts past the end cannot be met: 416 (RFC 9110 §15.5.17)
  if (start >= size) return 'invalid';
  return { start, end };
}

/** How many bytes a stream reads from the database at a time. */
export const FILE_PART_BYTES = 1024 * 1024;

/** How many files one address may be downloading at once (per process); past it, 429 with Retry-After. */
export const FILE_STREAMS_PER_ADDRESS = 8;

/**
 * The bytes `start`..`end` (inclusive) of the stored file `id`, read `part` bytes at a time: the next read starts
 * only when the stream's reader asks for more, so a slow reader holds about one part in memory.
 */
export function fileStream(
  storage: Pick<Storage, 'readFileRange'>,
  id: string,
  start: number,
  end: number,
  part = FILE_PART_BYTES,
): Readable {
  let at = start;
  return new Readable({
    highWaterMark: part,
    read() {
      if (at > end) {
        this.push(null);
        return;
      }
      storage.readFileRange(id, at, Math.min(part, end - at + 1)).then(
        (bytes) => {
          // the file was deleted or shortened while it was read: end the reply broken, not padded
          if (!bytes || bytes.length === 0) return this.destroy(new Error('The file changed while it was read.'));
          at += bytes.length;
          this.push(bytes);
        },
        (err: Error) => this.destroy(err),
      );
    },
  });
}

/** Registers files/{id}/{name} on the app itself (not the API's scope). */
export function registerFileRoutes(app: FastifyInstance, storage: Storage, perAddress = FILE_STREAMS_PER_ADDRESS): void {
  const streams = new Map<string, number>();
  const serve: RouteHandler<{ Params: { id: string; name: string } }> = async (req, reply) => {
    const file = await storage.getFileInfo(req.params.id);
    if (!file) return sendError(reply, 404, 'NOT_FOUND', 'No such file.');
    if (req.method === 'GET') {
      const address = req.ip;
      const open = streams.get(address) ?? 0;
      if (open >= perAddress) {
        reply.header('Retry-After', '5');
        return sendError(reply, 429, 'RATE_LIMIT_EXCEEDED', 'Too many downloads at once from this address.');
      }
      streams.set(address, open + 1);
      // counted until the reply is over: sent, or its reader gone
      reply.raw.once('close', () => {
        const left = (streams.get(address) ?? 1) - 1;
        if (left > 0) streams.set(address, left);
        else streams.delete(address);
      });
    }
    reply
      .header('Content-Type', file.contentType)
      .header('Accept-Ranges', 'bytes')
      .header('Cache-Control', 'public, max-age=3600')
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .header('Access-Control-Allow-Origin', '*')
      .header('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
      // a file opened on this origin runs nothing and loads nothing (docs/console.md "Documents and uploads"); the
      // widget's viewers fetch text and show PDFs, images, videos and captions as their elements do, unaffected
      .header('Content-Security-Policy', "sandbox; default-src 'none'");
    const range = parseRange(headerOf(req, 'range'), file.size);
    if (range === 'invalid') {
      return reply.code(416).header('Content-Range', `bytes */${file.size}`).send();
    }
    if (range) reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
    const start = range ? range.start : 0;
    const end = range ? range.end : file.size - 1;
    reply.header('Content-Length', String(end - start + 1));
    if (req.method === 'HEAD' || end < start) return reply.send();
    return reply.send(fileStream(storage, file.id, start, end));
  };
  // HEAD is its own, not Fastify's from GET, which would read the whole stream to throw it away
  app.get('/files/:id/:name', { exposeHeadRoute: false }, serve);
  app.head('/files/:id/:name', serve);
}
