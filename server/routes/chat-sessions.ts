/**
 * A visitor's chat sessions (widget-spec §7): the history of one session with the
 * page's point-of-presence videos first, the list of sessions, and renaming one.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from '../errors';
import type { Site } from '../storage/types';
import { siteOf } from './auth-guard';
import type { RouteContext } from './context';
import { CHAT_SESSION_JSON_SCHEMA, messageJson } from './messages';
import { ID, PATH, USER_SESSION_ID } from './schemas';

const MAX_SESSION_NAME = 100;

// Response schemas let fastify serialise 200 bodies with a compiled function (issue 14); errors keep JSON.stringify.
// History has none: its long markdown answers are faster through JSON.stringify (measured on Node 20, a 50-message
// history: 32 µs against 41 µs with the compiled serialiser).
const SESSIONS_RESPONSE = {
  200: { type: 'object', required: ['sessions'], properties: { sessions: { type: 'array', items: CHAT_SESSION_JSON_SCHEMA } } },
} as const;

const RENAME_RESPONSE = {
  200: { type: 'object', required: ['chatSession'], properties: { chatSession: CHAT_SESSION_JSON_SCHEMA } },
} as const;

/** The presence videos shown on `path`, as history messages (widget-spec §3 "source POINT_OF_PRESENCE"). */
async function presenceMessages({ services, fileUrl }: RouteContext, req: FastifyRequest, site: Site, path: string) {
  const { storage } = services;
  const shown = await storage.presenceMessagesForPath(site.id, path);
  const videos = await Promise.all(shown.map((p) => storage.getVideo(p.videoId)));
  return shown.flatMap((p, i) => {
    const video = videos[i];
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
}

/** Registers api/chat/history, api/chat/sessions and api/chat/sessions/update. */
export function registerChatSessionRoutes(api: FastifyInstance, ctx: RouteContext): void {
  const { services, authenticate } = ctx;
  const { storage } = services;

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
      const pop = await presenceMessages(ctx, req, site, path);
      if (!chatSessionId) return { history: pop, chatSessionId: null };
      const messages = await storage.listMessages(site.id, userSessionId, chatSessionId);
      // No messages: either no such session for this visitor (404) or an empty one; only then a second query.
      if (messages.length === 0 && !(await storage.getChatSession(site.id, userSessionId, chatSessionId))) {
        return sendError(reply, 404, 'SESSION_NOT_FOUND', 'No such chat session for this visitor.');
      }
      return { history: [...pop, ...messages.map(messageJson)], chatSessionId };
    },
  );

  api.get<{ Querystring: { userSessionId: string } }>(
    '/api/chat/sessions',
    {
      preHandler: authenticate,
      schema: {
        querystring: { type: 'object', required: ['userSessionId'], properties: { userSessionId: USER_SESSION_ID } },
        response: SESSIONS_RESPONSE,
      },
    },
    async (req) => ({ sessions: await storage.listChatSessions(siteOf(req).id, req.query.userSessionId) }),
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
        response: RENAME_RESPONSE,
      },
    },
    async (req, reply) => {
      const name = req.body.name.replace(/\s+/g, ' ').trim();
      if (!name) return sendError(reply, 400, 'BAD_REQUEST', 'The name must not be empty.');
      if (name.length > MAX_SESSION_NAME)
        return sendError(reply, 400, 'BAD_REQUEST', `The name must be at most ${MAX_SESSION_NAME} characters.`);
      const session = await storage.renameChatSession(siteOf(req).id, req.body.userSessionId, req.body.chatSessionId, name);
      if (!session) return sendError(reply, 404, 'SESSION_NOT_FOUND', 'No such chat session for this visitor.');
      return { chatSession: session };
    },
  );
}
