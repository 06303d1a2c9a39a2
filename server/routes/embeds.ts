/**
 * Embedded smart documents and videos (widget-spec §7): the smart-doc boot with the
 * site's API key, its footer buttons and the video boot with a bearer token. A boot that succeeds is noted for the
 * console's analytics (the site, the item and when: nothing of the visitor).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, sendError } from '../errors';
import { PREVIEW_KEY_PREFIX } from '../operations/keys';
import type { DocumentRecord, VideoRecord } from '../storage/types';
import { siteFromKey, siteOf } from './auth-guard';
import type { RouteContext } from './context';
import { checkOrigin, checkSelfOrigin, headerOf, requestOrigin } from './origins';

type FileUrl = RouteContext['fileUrl'];

/** widget-spec §8: the boots' answer to a call that names no origin ({@link requestOrigin}). */
const NO_ORIGIN = { success: false, error: 'Invalid request - origin header required' } as const;

/** widget-spec §3 "Smart doc response". */
const documentJson = (fileUrl: FileUrl, req: FastifyRequest, d: DocumentRecord) => ({
  smartDocId: d.id,
  name: d.name,
  type: d.type,
  versionNumber: d.versionNumber,
  fileUrl: fileUrl(req, d.fileId, d.filename),
  embedSettings: { hideDocHeader: d.hideDocHeader, hideDocFooter: d.hideDocFooter },
});

/** widget-spec §3 "Video response". */
const videoJson = (fileUrl: FileUrl, req: FastifyRequest, v: VideoRecord) => ({
  id: v.id,
  name: v.name,
  description: v.description,
  videoUrl: fileUrl(req, v.fileId, v.filename),
  thumbnailUrl: fileUrl(req, v.thumbnailFileId, v.thumbnailFilename),
  captionsUrl: fileUrl(req, v.captionsFileId, v.captionsFilename),
  transcript: v.transcript,
  embedSettings: v.settings,
});

/** Registers smart-doc/{token}/boot, smart-doc/{token}/footer-buttons and video/{token}/boot. */
export function registerEmbedRoutes(api: FastifyInstance, { services, authenticate, fileUrl }: RouteContext): void {
  const { storage } = services;
  // a boot that succeeds is an opening, for the console's analytics (docs/console.md "Analytics"); noting it never fails the boot
  const opened = (req: FastifyRequest, siteId: string, kind: 'document' | 'video', id: string) =>
    storage.recordEmbedOpen(siteId, kind, id).catch((err: unknown) => req.log.warn({ err }, 'an embed opening could not be noted'));

  /**
   * The site of a preview key (the console's documents preview: docs/console.md "Documents"), from this server's own
   * origin only (as the widget's boot takes one); null for any other key.
   */
  const previewSite = async (req: FastifyRequest) => {
    const key = headerOf(req, 'x-api-key');
    if (!key?.startsWith(PREVIEW_KEY_PREFIX)) return null;
    const siteId = await storage.findPreviewKey(key);
    const site = siteId ? await storage.getSite(siteId) : null;
    if (!site) throw new HttpError(401, 'INVALID_API_KEY', 'The API key is missing or not valid.');
    return site;
  };

  api.get<{ Params: { embedToken: string } }>('/smart-doc/:embedToken/boot', async (req, reply) => {
    // widget-spec §8: 400 without an origin, 401 for a bad key, 403 for an origin the site does not allow, 404 for an unknown token
    if (requestOrigin(req) === undefined) return reply.code(400).send(NO_ORIGIN);
    const preview = await previewSite(req);
    if (preview) checkSelfOrigin(req, true);
    const site = preview ?? (await siteFromKey(storage, req));
    if (!preview) checkOrigin(req, site, true);
    const doc = await storage.findDocumentByToken(req.params.embedToken);
    if (!doc || doc.siteId !== site.id) return reply.code(404).send({ success: false, error: 'Smart document not found or invalid token' });
    await opened(req, site.id, 'document', doc.id);
    return { success: true, error: null, smartDoc: documentJson(fileUrl, req, doc) };
  });

  api.get<{ Params: { embedToken: string } }>('/smart-doc/:embedToken/footer-buttons', { preHandler: authenticate }, async (req, reply) => {
    const doc = await storage.findDocumentByToken(req.params.embedToken);
    if (!doc || doc.siteId !== siteOf(req).id) return sendError(reply, 404, 'NOT_FOUND', 'Smart document not found or invalid token');
    return storage.listFooterButtons(doc.id);
  });

  api.get<{ Params: { embedToken: string } }>('/video/:embedToken/boot', { preHandler: authenticate }, async (req, reply) => {
    if (requestOrigin(req) === undefined) return reply.code(400).send(NO_ORIGIN);
    // The bearer guard checked an Origin header; a same-origin call's origin is checked here.
    checkOrigin(req, siteOf(req), true);
    const video = await storage.findVideoByToken(req.params.embedToken);
    if (!video || video.siteId !== siteOf(req).id)
      return reply.code(404).send({ success: false, error: 'Video not found or invalid token' });
    await opened(req, video.siteId, 'video', video.id);
    return { success: true, error: null, video: videoJson(fileUrl, req, video) };
  });
}
