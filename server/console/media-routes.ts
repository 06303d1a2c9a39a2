/**
 * A site's videos, action buttons and presence videos in the console (docs/console.md "Videos, action buttons and
 * presence videos"): each route a thin call of the operations (server/operations/videos.ts, buttons.ts), which the
 * admin CLI calls too. Viewers read; editors change. Another site's ids are 404, as ids that do not exist.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Operations, OperationError } from '../operations';
import { readLimited } from '../operations/uploads';
import type { VideoFileKind } from '../storage/types';
import { actorOfRequest } from './site-routes';
import { withUploadSlot } from './upload-slots';

const ID = { type: 'string', maxLength: 100 } as const;
const KINDS: VideoFileKind[] = ['video', 'poster', 'captions'];
const params = (...names: string[]) => ({ type: 'object', properties: Object.fromEntries(['id', ...names].map((n) => [n, ID])) }) as const;
const object = { type: 'object' } as const;

type Site = { Params: { id: string } };
type Item = { Params: { id: string; itemId: string } };

/** The name an upload gives itself (`X-File-Name`, percent-encoded: a header holds no other characters), or its kind. */
function uploadName(req: FastifyRequest, kind: VideoFileKind): string {
  const header = req.headers['x-file-name'];
  try {
    return typeof header === 'string' && header ? decodeURIComponent(header).slice(0, 200) : kind;
  } catch {
    return kind;
  }
}

export function registerMediaRoutes(api: FastifyInstance, ops: Operations): void {
  // action buttons per page path
  api.get<Site>('/sites/:id/buttons', { schema: { params: params() } }, async (req) => ops.listButtons(actorOfRequest(req), req.params.id));
  api.post<Site>('/sites/:id/buttons', { schema: { params: params(), body: object } }, async (req, reply) =>
    reply.code(201).send(await ops.addButton(actorOfRequest(req), req.params.id, req.body)),
  );
  api.post<Site & { Body: { path?: unknown; ids?: unknown } }>(
    '/sites/:id/buttons/reorder',
    { schema: { params: params(), body: object } },
    async (req) => ops.reorderButtons(actorOfRequest(req), req.params.id, req.body),
  );
  api.put<Item>('/sites/:id/buttons/:itemId', { schema: { params: params('itemId'), body: object } }, async (req) =>
    ops.editButton(actorOfRequest(req), req.params.id, req.params.itemId, req.body),
  );
  api.delete<Item>('/sites/:id/buttons/:itemId', { schema: { params: params('itemId') } }, async (req, reply) => {
    await ops.removeButton(actorOfRequest(req), req.params.id, req.params.itemId);
    return reply.code(204).send();
  });

  // presence videos per path
  api.get<Site>('/sites/:id/presence', { schema: { params: params() } }, async (req) =>
    ops.listPresence(actorOfRequest(req), req.params.id),
  );
  api.post<Site>('/sites/:id/presence', { schema: { params: params(), body: object } }, async (req, reply) =>
    reply.code(201).send(await ops.addPresence(actorOfRequest(req), req.params.id, req.body)),
  );
  api.delete<Item>('/sites/:id/presence/:itemId', { schema: { params: params('itemId') } }, async (req, reply) => {
    await ops.removePresence(actorOfRequest(req), req.params.id, req.params.itemId);
    return reply.code(204).send();
  });

  // videos
  api.get<Site>('/sites/:id/videos', { schema: { params: params() } }, async (req) => ops.listVideos(actorOfRequest(req), req.params.id));
  api.post<Site>('/sites/:id/videos', { schema: { params: params(), body: object } }, async (req, reply) =>
    reply.code(201).send(await ops.addVideo(actorOfRequest(req), req.params.id, req.body)),
  );
  api.get<Item>('/sites/:id/videos/:itemId', { schema: { params: params('itemId') } }, async (req) =>
    ops.getVideo(actorOfRequest(req), req.params.id, req.params.itemId),
  );
  api.patch<Item>('/sites/:id/videos/:itemId', { schema: { params: params('itemId'), body: object } }, async (req) =>
    ops.editVideo(actorOfRequest(req), req.params.id, req.params.itemId, req.body),
  );

  api.delete<Item>('/sites/:id/videos/:itemId', { schema: { params: params('itemId') } }, async (req, reply) => {
    await ops.removeVideo(actorOfRequest(req), req.params.id, req.params.itemId);
    return reply.code(204).send();
  });

  // a video's file, poster or captions: the raw body (any Content-Type: the type is told by the bytes), read as it
  // streams in up to its kind's limit, in a scope of its own so that only these routes take a body that is not JSON
  api.register(async (uploads) => {
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
    uploads.put<Item & { Params: { kind: string } }>(
      '/sites/:id/videos/:itemId/:kind',
      {
        schema: {
          params: { ...params('itemId'), properties: { ...params('itemId').properties, kind: { enum: KINDS } } },
        },
      },
      async (req, reply) => {
        const kind = req.params.kind as VideoFileKind;
        const actor = actorOfRequest(req);
        // who may, and whether the video is the site's, before a byte of the body is read
        await ops.checkVideoChange(actor, req.params.id, req.params.itemId);
        return withUploadSlot(actor, reply, async (take) => {
          // one of the uploads running at once (./upload-slots.ts)
          take();
          const declared = Number(req.headers['content-length']);
          let bytes: Uint8Array;
          try {
            bytes = await readLimited(req.body as AsyncIterable<Uint8Array>, kind, {
              field: kind,
              declaredBytes: Number.isFinite(declared) ? declared : undefined,
            });
          } catch (err) {
            // the rest of a body refused as too large is not read: the connection ends with the answer
            if (err instanceof OperationError && err.code === 'TOO_LARGE') reply.header('Connection', 'close');
            throw err;
          }
          return ops.setVideoFile(actor, req.params.id, req.params.itemId, kind, { filename: uploadName(req, kind), bytes });
        });
      },
    );
  });
}
