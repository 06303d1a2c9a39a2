/**
 * Every call of widget-spec §7, with the shapes of §3 and the statuses of §8.
 *
 * - `POST {base}session/boot` and `GET {base}smart-doc/{token}/boot` take the
 *   site's publishable API key (`X-API-Key`); everything else a bearer token.
 * - The key and the tokens work only from the site's own origins (CORS answers only
 *   origins some site allows; a request from an origin its site does not allow
 *   gets 403 INVALID_CONFIGURATION).
 * - A response to a token that has used half its life carries a fresh one in
 *   `X-Auth-Token` / `X-Auth-Expires-In`.
 */
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { mergeAppearance } from '../contract/appearance';
import type { AnswerEngine } from './answers/types';
import { ProviderError } from './answers/types';
import type { TokenSigner } from './auth';
import { HttpError, sendError } from './errors';
import type { DocumentRecord, Site, Storage, StoredMessage, VideoRecord } from './storage/types';
import type { Transcriber } from './transcribe/types';
import { TranscriptionError } from './transcribe/types';

/** What the API needs, provided by main.ts (real) or the tests. */
export interface ApiServices {
  storage: Storage;
  tokens: TokenSigner;
  answers: AnswerEngine;
  transcriber: Transcriber | null;
  /** The message of the 501 when there is no transcriber. */
  transcriptionDisabledMessage: string;
  avatar: AvatarProvider | null;
  limits: ApiLimits;
  /** The public base URL (ends with '/') for file links; by default taken from each request's Host. */
  publicUrl?: string;
}

export interface ApiLimits {
  /** Chat messages a visitor may send per window. @default 20 */
  chatPerVisitor: number;
  /** Chat messages a whole site may receive per window. @default 600 */
  chatPerSite: number;
  /** The rate-limit window in ms. @default 60000 */
  windowMs: number;
  /** The largest audio upload to transcribe, in bytes. @default 10 MiB */
  maxAudioBytes: number;
  /** The largest JSON body, in bytes. @default 1 MiB */
  maxBodyBytes: number;
}

export interface AvatarProvider {
  /** The avatar id config reports (widget-spec §3 interactiveAvatarId). */
  avatarId: string;
  /** A streaming session token from the provider. */
  createSessionToken(): Promise<string>;
}

declare module 'fastify' {
  interface FastifyRequest {
    site?: Site;
  }
}

/** The headers a browser's fetch may read (widget-spec §4: a fresh token arrives in a response header). */
export const EXPOSED_HEADERS = ['X-Auth-Token', 'X-Auth-Expires-In', 'Retry-After'];

const USER_SESSION_ID = { type: 'string', pattern: '^[A-Za-z0-9_-]{8,100}$' } as const;
const ID = { type: 'string', minLength: 1, maxLength: 100 } as const;
const PATH = { type: 'string', minLength: 1, maxLength: 2048 } as const;

const MAX_MESSAGE = 4000;
const MAX_PAGE_TEXT = 200_000;
const MAX_SESSION_NAME = 100;

/** The request's own origin (scheme and Host), for the `self` origin entry. */
function ownOrigin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

/** Whether `origin` may use `site` (`self` stands for the server's own origin). */
export function originAllowed(site: Pick<Site, 'origins'>, origin: string, own: string): boolean {
  return site.origins.some((o) => o === '*' || o === origin || (o === 'self' && origin === own));
}

const bearerOf = (req: FastifyRequest) => /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
const headerOf = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** Session names come from the first question: one line, at most 60 characters. */
export function sessionNameFrom(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  return line.length <= 60 ? line : `${line.slice(0, 57).trimEnd()}…`;
}

export async function registerApi(app: FastifyInstance, services: ApiServices): Promise<void> {
  const { storage, tokens, limits } = services;
  const publicBase = (req: FastifyRequest) => services.publicUrl ?? `${ownOrigin(req)}/`;
  const fileUrl = (req: FastifyRequest, fileId: string | null, filename: string | null) =>
    fileId && filename ? `${publicBase(req)}files/${fileId}/${encodeURIComponent(filename)}` : '';

  await app.register(async (api) => {
    await api.register(cors, {
      delegator: (req, cb) => {
        const origin = headerOf(req, 'origin');
        const known = origin !== undefined && (origin === ownOrigin(req) || storage.allOrigins().has(origin) || storage.allOrigins().has('*'));
        cb(null, {
          origin: known,
          methods: ['GET', 'POST', 'PUT', 'OPTIONS'],
          allowedHeaders: ['Content-Type', 'Authorization', 'X-API-Key'],
          exposedHeaders: EXPOSED_HEADERS,
          maxAge: 600,
        });
      },
    });
    await api.register(rateLimit, { global: false });
    await api.register(multipart, {
      limits: { fileSize: limits.maxAudioBytes, files: 1, fields: 50, fieldSize: 4096, parts: 60 },
    });

    api.setErrorHandler((error: Error & { statusCode?: number; code?: string; validation?: unknown }, req, reply) => {
      if (error instanceof HttpError) return sendError(reply, error.status, error.code, error.message);
      if (error.validation) return sendError(reply, 400, 'BAD_REQUEST', `Invalid request: ${error.message}`);
      if (error.statusCode === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
        return sendError(reply, 413, 'PAYLOAD_TOO_LARGE', 'The request is too large.');
      }
      if (error.statusCode === 415) return sendError(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', error.message);
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return sendError(reply, error.statusCode, 'BAD_REQUEST', error.message);
      }
      req.log.error(error);
      return sendError(reply, 500, 'INTERNAL_ERROR', 'Something went wrong on the server.');
    });

    /** Checks the request's Origin against the site; a browser always sends one on cross-origin calls. */
    const checkOrigin = (req: FastifyRequest, site: Site, required: boolean) => {
      const origin = headerOf(req, 'origin');
      if (origin === undefined) {
        if (required) throw new HttpError(400, 'BAD_REQUEST', 'Invalid request - origin header required');
        return;
      }
      if (!originAllowed(site, origin, ownOrigin(req))) {
        throw new HttpError(403, 'INVALID_CONFIGURATION', `The origin ${origin} is not allowed for this site.`);
      }
    };

    const siteFromKey = (req: FastifyRequest): Site => {
      const key = headerOf(req, 'x-api-key');
      const site = key ? storage.findSiteByApiKey(key) : null;
      if (!site) throw new HttpError(401, 'INVALID_API_KEY', 'The API key is missing or not valid.');
      return site;
    };

    /** Bearer authentication; refreshes a token past half its life. */
    const authenticate = async (req: FastifyRequest, reply: FastifyReply) => {
      const token = bearerOf(req);
      if (!token) throw new HttpError(401, 'INVALID_TOKEN', 'A bearer token is required: boot a session first.');
      const verified = tokens.verify(token);
      if (!verified.ok) {
        throw new HttpError(401, 'INVALID_TOKEN', verified.reason === 'expired' ? 'The token has expired: boot a new session.' : 'The token is not valid.');
      }
      const site = storage.getSite(verified.claims.site);
      if (!site) throw new HttpError(401, 'INVALID_TOKEN', 'The token’s site no longer exists.');
      checkOrigin(req, site, false);
      req.site = site;
      if (tokens.isNearExpiry(verified.claims)) {
        const fresh = tokens.issue(site.id);
        reply.header('X-Auth-Token', fresh.authToken).header('X-Auth-Expires-In', fresh.expiresIn);
      }
    };
    const siteOf = (req: FastifyRequest) => req.site!;

    // ---- Boot (API key) ----

    api.post('/session/boot', async (req) => {
      const site = siteFromKey(req);
      checkOrigin(req, site, false);
      return tokens.issue(site.id);
    });

    const documentJson = (req: FastifyRequest, d: DocumentRecord) => ({
      smartDocId: d.id,
      name: d.name,
      type: d.type,
      versionNumber: d.versionNumber,
      fileUrl: fileUrl(req, d.fileId, d.filename),
      embedSettings: { hideDocHeader: d.hideDocHeader, hideDocFooter: d.hideDocFooter },
    });

    api.get<{ Params: { embedToken: string } }>('/smart-doc/:embedToken/boot', async (req, reply) => {
      // widget-spec §8: 400 without Origin, 401 for a bad key, 404 for an unknown token
      if (headerOf(req, 'origin') === undefined) {
        return reply.code(400).send({ success: false, error: 'Invalid request - origin header required' });
      }
      const site = siteFromKey(req);
      checkOrigin(req, site, true);
      const doc = storage.findDocumentByToken(req.params.embedToken);
      if (!doc || doc.siteId !== site.id) return reply.code(404).send({ success: false, error: 'Smart document not found or invalid token' });
      return { success: true, error: null, smartDoc: documentJson(req, doc) };
    });

    // ---- Embeds (bearer) ----

    api.get<{ Params: { embedToken: string } }>('/smart-doc/:embedToken/footer-buttons', { preHandler: authenticate }, async (req, reply) => {
      const doc = storage.findDocumentByToken(req.params.embedToken);
      if (!doc || doc.siteId !== siteOf(req).id) return sendError(reply, 404, 'NOT_FOUND', 'Smart document not found or invalid token');
      return storage.listFooterButtons(doc.id);
    });

    const videoJson = (req: FastifyRequest, v: VideoRecord) => ({
      id: v.id,
      name: v.name,
      description: v.description,
      videoUrl: fileUrl(req, v.fileId, v.filename),
      thumbnailUrl: fileUrl(req, v.thumbnailFileId, v.thumbnailFilename),
      captionsUrl: fileUrl(req, v.captionsFileId, v.captionsFilename),
      transcript: v.transcript,
      embedSettings: v.settings,
    });

    api.get<{ Params: { embedToken: string } }>('/video/:embedToken/boot', { preHandler: authenticate }, async (req, reply) => {
      if (headerOf(req, 'origin') === undefined) {
        return reply.code(400).send({ success: false, error: 'Invalid request - origin header required' });
      }
      const video = storage.findVideoByToken(req.params.embedToken);
      if (!video || video.siteId !== siteOf(req).id) return reply.code(404).send({ success: false, error: 'Video not found or invalid token' });
      return { success: true, error: null, video: videoJson(req, video) };
    });

    // ---- Site ----

    api.get('/api/config', { preHandler: authenticate }, async (req) => {
      const { config } = siteOf(req);
      // Voice mode needs an avatar provider: without one the widget is told there is no avatar.
      return { ...config, interactiveAvatarId: services.avatar ? config.interactiveAvatarId || services.avatar.avatarId : '' };
    });

    api.get('/api/appearance', { preHandler: authenticate }, async (req) => ({ appearance: mergeAppearance(siteOf(req).appearance) }));

    // ---- Chat ----

    const messageJson = (m: StoredMessage) => ({
      id: m.id,
      role: m.role,
      content: m.content,
      createdAt: m.createdAt,
      type: m.type,
      ...(m.isError ? { isError: true } : {}),
    });

    const presenceMessages = (req: FastifyRequest, site: Site, path: string) =>
      storage.presenceMessagesForPath(site.id, path).flatMap((p) => {
        const video = storage.getVideo(p.videoId);
        if (!video) return [];
        return [
          {
            id: `pop_${p.id}`,
            role: 'ai' as const,
            content: p.content || video.name,
            createdAt: p.createdAt,
            type: 'VIDEO' as const,
            source: 'POINT_OF_PRESENCE',
            triggerEventUrl: p.triggerEventUrl,
            showOnVisit: p.showOnVisit,
            script: video.transcript,
            videoUrl: fileUrl(req, video.fileId, video.filename),
            thumbnailUrl: fileUrl(req, video.thumbnailFileId, video.thumbnailFilename),
            captionsUrl: fileUrl(req, video.captionsFileId, video.captionsFilename),
            name: video.name,
          },
        ];
      });

    api.get<{ Querystring: { userSessionId: string; path: string; chatSessionId?: string } }>(
      '/api/chat/history',
      {
        preHandler: authenticate,
        schema: {
          querystring: {
            type: 'object',
            required: ['userSessionId', 'path'],
            properties: { userSessionId: USER_SESSION_ID, path: PATH, chatSessionId: ID },
          },
        },
      },
      async (req, reply) => {
        const site = siteOf(req);
        const { userSessionId, path, chatSessionId } = req.query;
        const pop = presenceMessages(req, site, path);
        if (!chatSessionId) return { history: pop, chatSessionId: null };
        if (!storage.getChatSession(site.id, userSessionId, chatSessionId)) {
          return sendError(reply, 404, 'SESSION_NOT_FOUND', 'No such chat session for this visitor.');
        }
        return { history: [...pop, ...storage.listMessages(site.id, userSessionId, chatSessionId).map(messageJson)], chatSessionId };
      },
    );

    api.get<{ Querystring: { userSessionId: string } }>(
      '/api/chat/sessions',
      {
        preHandler: authenticate,
        schema: { querystring: { type: 'object', required: ['userSessionId'], properties: { userSessionId: USER_SESSION_ID } } },
      },
      async (req) => ({ sessions: storage.listChatSessions(siteOf(req).id, req.query.userSessionId) }),
    );

    api.put<{ Body: { userSessionId: string; chatSessionId: string; name: string } }>(
      '/api/chat/sessions/update',
      {
        preHandler: authenticate,
        schema: {
          body: {
            type: 'object',
            required: ['userSessionId', 'chatSessionId', 'name'],
            properties: { userSessionId: USER_SESSION_ID, chatSessionId: ID, name: { type: 'string', maxLength: 500 } },
          },
        },
      },
      async (req, reply) => {
        const name = req.body.name.replace(/\s+/g, ' ').trim();
        if (!name) return sendError(reply, 400, 'BAD_REQUEST', 'The name must not be empty.');
        if (name.length > MAX_SESSION_NAME) return sendError(reply, 400, 'BAD_REQUEST', `The name must be at most ${MAX_SESSION_NAME} characters.`);
        const session = storage.renameChatSession(siteOf(req).id, req.body.userSessionId, req.body.chatSessionId, name);
        if (!session) return sendError(reply, 404, 'SESSION_NOT_FOUND', 'No such chat session for this visitor.');
        return { chatSession: session };
      },
    );

    const visitorLimit = api.createRateLimit({
      max: limits.chatPerVisitor,
      timeWindow: limits.windowMs,
      keyGenerator: (req) => `visitor:${siteOf(req).id}:${(req.body as { userSessionId?: string }).userSessionId}`,
    });
    const siteLimit = api.createRateLimit({
      max: limits.chatPerSite,
      timeWindow: limits.windowMs,
      keyGenerator: (req) => `site:${siteOf(req).id}`,
    });
    const limitChat = async (req: FastifyRequest, reply: FastifyReply) => {
      for (const limit of [visitorLimit, siteLimit]) {
        const result = await limit(req);
        // the limiter reports isAllowed only for allow-listed keys; the count decides the rest
        if (!result.isAllowed && result.isExceeded) {
          reply.header('Retry-After', String(result.ttlInSeconds));
          throw new HttpError(429, 'RATE_LIMIT_EXCEEDED', `Too many messages: try again in ${result.ttlInSeconds} seconds.`);
        }
      }
    };

    interface ChatBody {
      message: string;
      webPageContent?: string;
      userSessionId: string;
      path: string;
      sessionToken?: string;
      streamSessionId?: string;
      chatSessionId?: string | null;
      additionalNamespaces?: string[];
    }

    api.post<{ Body: ChatBody }>(
      '/api/chat',
      {
        bodyLimit: limits.maxBodyBytes,
        preHandler: [authenticate, limitChat],
        schema: {
          body: {
            type: 'object',
            required: ['message', 'userSessionId', 'path'],
            properties: {
              message: { type: 'string', maxLength: MAX_MESSAGE },
              webPageContent: { type: 'string', maxLength: MAX_PAGE_TEXT },
              userSessionId: USER_SESSION_ID,
              path: PATH,
              sessionToken: { type: 'string', maxLength: 2000 },
              streamSessionId: { type: 'string', maxLength: 200 },
              chatSessionId: { anyOf: [ID, { type: 'null' }] },
              additionalNamespaces: { type: 'array', maxItems: 50, items: ID },
            },
          },
        },
      },
      async (req, reply) => {
        const site = siteOf(req);
        const body = req.body;
        const question = body.message.trim();
        if (!question) return sendError(reply, 400, 'BAD_REQUEST', 'The message must not be empty.');
        const chatSessionId = body.chatSessionId || null;
        if (chatSessionId && !storage.getChatSession(site.id, body.userSessionId, chatSessionId)) {
          return sendError(reply, 404, 'SESSION_NOT_FOUND', 'No such chat session for this visitor.');
        }
        const asked = new Date().toISOString();
        const documents = storage.listDocuments(site.id);
        const inContext = new Set(body.additionalNamespaces ?? []);
        // Documents the visitor is asking about (additionalNamespaces) come first; all documents stay searchable.
        const sourceDocs = [...documents.filter((d) => inContext.has(d.id)), ...documents.filter((d) => !inContext.has(d.id))]
          .filter((d) => d.text)
          .map((d) => ({ id: d.id, name: d.name, text: d.text! }));
        const history = chatSessionId
          ? storage
              .listMessages(site.id, body.userSessionId, chatSessionId)
              .filter((m) => !m.isError && m.type === 'TEXT')
              .slice(-10)
              .map((m) => ({ role: m.role, content: m.content }))
          : [];
        const base = { siteId: site.id, userSessionId: body.userSessionId, chatSessionId, newSessionName: sessionNameFrom(question), path: body.path };
        let result;
        try {
          result = await services.answers.answer({
            question,
            pageText: site.config.agentPageAwareness && body.webPageContent ? body.webPageContent : null,
            pagePath: body.path,
            documents: sourceDocs,
            history,
          });
        } catch (err) {
          // The visitor's message is kept; the failure is reported, not stored as an answer.
          const saved = storage.appendMessages({ ...base, messages: [{ role: 'user', content: question, createdAt: asked }] });
          const timedOut = err instanceof ProviderError && err.timedOut;
          req.log.warn({ err }, 'answer provider failed');
          return sendError(
            reply,
            timedOut ? 504 : 502,
            timedOut ? 'PROVIDER_TIMEOUT' : 'PROVIDER_ERROR',
            timedOut ? 'The AI service did not answer in time. Please try again.' : 'The AI service failed to answer. Please try again.',
            { userMessage: messageJson(saved.messages[0]!), chatSession: { id: saved.chatSession.id, name: saved.chatSession.name } },
          );
        }
        const saved = storage.appendMessages({
          ...base,
          messages: [
            { role: 'user', content: question, createdAt: asked },
            { role: 'ai', content: result.content, createdAt: new Date().toISOString() },
          ],
        });
        const cited = result.sources
          .map((name) => documents.find((d) => d.name === name && d.fileId))
          .filter((d): d is DocumentRecord => d !== undefined)
          .slice(0, 2);
        return {
          userMessage: messageJson(saved.messages[0]!),
          aiMessage: { ...messageJson(saved.messages[1]!), sources: result.sources },
          chatSession: { id: saved.chatSession.id, name: saved.chatSession.name },
          followUpButtons: result.followUps.map((text, i) => ({ id: `${saved.messages[1]!.id}-f${i}`, text })),
          responseButtons: cited.map((d) => ({
            id: `doc-${d.id}`,
            name: `Open ${d.name}`,
            buttonType: 'EXTERNAL_LINK' as const,
            externalUrl: fileUrl(req, d.fileId, d.filename),
          })),
        };
      },
    );

    // ---- Buttons ----

    api.get<{ Querystring: { path: string } }>(
      '/api/action-triggers',
      { preHandler: authenticate, schema: { querystring: { type: 'object', required: ['path'], properties: { path: PATH } } } },
      async (req) => ({
        actionButtons: storage.actionTriggersForPath(siteOf(req).id, req.query.path).map((t) => ({
          id: t.id,
          name: t.name,
          buttonType: t.buttonType,
          ...(t.buttonType === 'EXTERNAL_LINK' ? { externalUrl: t.externalUrl } : { actionMessage: t.actionMessage }),
        })),
      }),
    );

    api.post<{ Body: { buttonId: string; chatSessionId?: string | null; chatLogId?: string | null; userSessionId: string; pageUrl: string; referrerUrl?: string } }>(
      '/api/button-click',
      {
        preHandler: authenticate,
        schema: {
          body: {
            type: 'object',
            required: ['buttonId', 'userSessionId', 'pageUrl'],
            properties: {
              buttonId: ID,
              chatSessionId: { anyOf: [ID, { type: 'null' }] },
              chatLogId: { anyOf: [ID, { type: 'null' }] },
              userSessionId: USER_SESSION_ID,
              pageUrl: { type: 'string', maxLength: 4096 },
              referrerUrl: { type: 'string', maxLength: 4096 },
            },
          },
        },
      },
      async (req, reply) => {
        const b = req.body;
        storage.recordButtonClick(siteOf(req).id, {
          buttonId: b.buttonId,
          chatSessionId: b.chatSessionId ?? null,
          chatLogId: b.chatLogId ?? null,
          userSessionId: b.userSessionId,
          pageUrl: b.pageUrl,
          referrerUrl: b.referrerUrl ?? '',
        });
        return reply.code(204).send();
      },
    );

    // ---- Visitor profile ----

    api.post('/api/enrich', { preHandler: authenticate }, async (req, reply) => {
      if (!req.isMultipart()) return sendError(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the fields as multipart/form-data.');
      const fields: Record<string, string> = {};
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          part.file.resume();
          return sendError(reply, 400, 'BAD_REQUEST', 'Profile fields must be text, not files.');
        }
        if (!/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/.test(part.fieldname)) {
          return sendError(reply, 400, 'BAD_REQUEST', `"${part.fieldname.slice(0, 64)}" is not a valid field name.`);
        }
        fields[part.fieldname] = String(part.value);
      }
      const { sessionId, ...profile } = fields;
      if (!sessionId || !/^[A-Za-z0-9_-]{8,100}$/.test(sessionId)) {
        return sendError(reply, 400, 'BAD_REQUEST', 'sessionId (the visitor’s user session id) is required.');
      }
      if (Object.keys(profile).length === 0) return sendError(reply, 400, 'BAD_REQUEST', 'Give at least one field to store.');
      return { success: true, profile: storage.enrichProfile(siteOf(req).id, sessionId, profile) };
    });

    // ---- Voice ----

    api.post('/api/transcribe', { preHandler: authenticate }, async (req, reply) => {
      if (!services.transcriber) return sendError(reply, 501, 'TRANSCRIPTION_NOT_CONFIGURED', services.transcriptionDisabledMessage);
      if (!req.isMultipart()) return sendError(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the audio as multipart/form-data.');
      const file = await req.file();
      if (!file) return sendError(reply, 400, 'BAD_REQUEST', 'No audio file in the request.');
      if (!/^(audio\/|video\/webm|application\/octet-stream)/.test(file.mimetype)) {
        file.file.resume();
        return sendError(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', `Audio is expected, not ${file.mimetype}.`);
      }
      const audio = await file.toBuffer();
      if (audio.length === 0) return sendError(reply, 400, 'BAD_REQUEST', 'The audio file is empty.');
      try {
        const text = await services.transcriber.transcribe(audio, file.filename || 'audio.webm', file.mimetype);
        return { text };
      } catch (err) {
        if (err instanceof TranscriptionError && err.kind === 'bad-audio') return sendError(reply, 422, 'UNPROCESSABLE_AUDIO', err.message);
        req.log.warn({ err }, 'transcription failed');
        return sendError(reply, 502, 'PROVIDER_ERROR', 'Transcription failed.');
      }
    });

    api.get('/api/interactive-avatar/get-session-token', { preHandler: authenticate }, async (req, reply) => {
      if (!services.avatar) {
        return sendError(reply, 503, 'AVATAR_NOT_CONFIGURED', 'The avatar is not configured on this server: set AVATAR_API_KEY (and AVATAR_ID) to enable voice mode.');
      }
      try {
        return { token: await services.avatar.createSessionToken() };
      } catch (err) {
        req.log.warn({ err }, 'avatar token failed');
        return sendError(reply, 502, 'PROVIDER_ERROR', 'Failed to fetch session token');
      }
    });
  });

  // ---- Files (public: iframes, video elements and downloads cannot send headers) ----

  app.get<{ Params: { id: string; name: string } }>('/files/:id/:name', async (req, reply) => {
    const file = storage.getFile(req.params.id);
    if (!file) return sendError(reply, 404, 'NOT_FOUND', 'No such file.');
    reply
      .header('Content-Type', file.contentType)
      .header('Accept-Ranges', 'bytes')
      .header('Cache-Control', 'public, max-age=3600')
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .header('Access-Control-Allow-Origin', '*')
      .header('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.filename)}`);
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

/** One `bytes=` range (the form video elements send); null for none, 'invalid' for one that cannot be met. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'invalid';
  return { start, end };
}
