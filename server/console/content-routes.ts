/**
 * A site's content library (docs/console.md "Documents"): each route a thin call of the operations, with the signed-in
 * account as its actor. An upload is the request's body itself (`Content-Type: application/octet-stream`, the file's
 * name in `?filename=`), so that the browser reports its progress (XHR upload events) and the server reads it as a
 * stream within its kind's limit (server/operations/uploads.ts), never buffered past it.
 */
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Operations, OperationError } from '../operations';
import { readUpload, type UploadKind } from '../operations/uploads';
import { actorOfRequest } from './site-routes';
import { withUploadSlot } from './upload-slots';

const idPattern = { type: 'string', maxLength: 100 } as const;
const siteParams = { type: 'object', properties: { id: idPattern } } as const;
const documentParams = { type: 'object', properties: { id: idPattern, docId: idPattern } } as const;
const uploadQuery = {
  type: 'object',
  required: ['filename'],
  properties: { filename: { type: 'string', minLength: 1, maxLength: 1000 }, name: { type: 'string', maxLength: 1000 } },
} as const;

/** The upload in the request's body, read as a stream within its kind's limit and checked by its content. */
function bodyUpload(req: FastifyRequest<{ Querystring: { filename: string } }>, reply: FastifyReply, kind: UploadKind, take: () => void) {
  return async () => {
    const length = Number(req.headers['content-length']);
    const body = req.body as Readable | undefined;
    // a JSON body (or none) is not a file
    if (typeof body?.[Symbol.asyncIterator] !== 'function')
      throw new OperationError(
        'UNSUPPORTED_MEDIA_TYPE',
        'Send the file itself as the body, with Content-Type: application/octet-stream.',
        'file',
        'application/octet-stream',
      );
    // one of the uploads running at once (./upload-slots.ts), once the account may upload and before a byte is read
    take();
    try {
      return await readUpload(kind, body, {
        filename: req.query.filename,
        declaredBytes: Number.isFinite(length) ? length : undefined,
      });
    } catch (err) {
      // the rest of a body refused as too large is not read: the connection ends with the answer
      if (err instanceof OperationError && err.code === 'TOO_LARGE') reply.header('Connection', 'close');
      throw err;
    }
  };
}

export function registerContentRoutes(api: FastifyInstance, ops: Operations): void {
  void api.register(async (scope) => {
    // an upload's body is handed to its route as the stream it is (its size limit is the kind's, enforced while reading)
    scope.addContentTypeParser('application/octet-stream', (_req, payload, done) => done(null, payload));

    scope.get<{ Params: { id: string } }>('/sites/:id/documents', { schema: { params: siteParams } }, async (req) =>
      ops.listDocuments(actorOfRequest(req), req.params.id),
    );

    scope.get<{ Params: { id: string; docId: string } }>(
      '/sites/:id/documents/:docId',
      { schema: { params: documentParams } },
      async (req) => ops.getDocument(actorOfRequest(req), req.params.id, req.params.docId),
    );

    scope.post<{ Params: { id: string }; Querystring: { filename: string; name?: string } }>(
      '/sites/:id/documents',
      { schema: { params: siteParams, querystring: uploadQuery } },
      async (req, reply) =>
        withUploadSlot(actorOfRequest(req), reply, async (take) =>
          reply
            .code(201)
            .send(
              await ops.addDocument(actorOfRequest(req), req.params.id, bodyUpload(req, reply, 'document', take), { name: req.query.name }),
            ),
        ),
    );

    scope.patch<{ Params: { id: string; docId: string }; Body: Record<string, unknown> }>(
      '/sites/:id/documents/:docId',
      { schema: { params: documentParams, body: { type: 'object' } } },
      async (req) => {
        const { name, versionNumber, hideDocHeader, hideDocFooter } = req.body;
        return ops.updateDocument(actorOfRequest(req), req.params.id, req.params.docId, {
          name,
          versionNumber,
          hideDocHeader,
          hideDocFooter,
        });
      },
    );

    scope.post<{ Params: { id: string; docId: string }; Querystring: { filename: string } }>(
      '/sites/:id/documents/:docId/versions',
      { schema: { params: documentParams, querystring: uploadQuery } },
      async (req, reply) =>
        withUploadSlot(actorOfRequest(req), reply, async (take) =>
          reply
            .code(201)
            .send(
              await ops.addDocumentVersion(actorOfRequest(req), req.params.id, req.params.docId, bodyUpload(req, reply, 'document', take)),
            ),
        ),
    );

    scope.put<{ Params: { id: string; docId: string }; Body: { buttons: unknown } }>(
      '/sites/:id/documents/:docId/footer-buttons',
      { schema: { params: documentParams, body: { type: 'object', required: ['buttons'] } } },
      async (req) => ops.setFooterButtons(actorOfRequest(req), req.params.id, req.params.docId, req.body.buttons),
    );
  });
}
