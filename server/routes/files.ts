/**
 * Stored files at `/files/{id}/{name}`: public, outside the API's CORS scope,
 * because iframes, video elements and downloads cannot send headers. Video
 * elements seek with byte ranges, so one `bytes=` range is served as a 206.
 */
import type { FastifyInstance } from 'fastify';
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

/** Registers files/{id}/{name} on the app itself (not the API's scope). */
export function registerFileRoutes(app: FastifyInstance, storage: Storage): void {
  app.get<{ Params: { id: string; name: string } }>('/files/:id/:name', async (req, reply) => {
    const file = await storage.getFile(req.params.id);
    if (!file) return sendError(reply, 404, 'NOT_FOUND', 'No such file.');
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
    if (range) {
      return reply
        .code(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`)
        .send(file.bytes.subarray(range.start, range.end + 1));
    }
    return reply.send(file.bytes);
  });
}
