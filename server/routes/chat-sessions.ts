/**
 * A visitor's chat sessions (widget-spec §7): the history of one session with the
 * page's point-of-presence videos first, the list of sessions, and renaming one.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from '../errors';
import type { Site } from '../storage/types';
import { siteOf } from './auth-guard';
import type { RouteContext } from './context';
import { CHAT_SESSION_JSON_SCHEMA, MESSAGE_JSON_SCHEMA, messageJson } from './messages';
import { ID, PATH, USER_SESSION_ID } from './schemas';

const MAX_SESSION_NAME = 100;

/**
 * A history entry: a stored message ({@link MESSAGE_JSON_SCHEMA}) or a presence video
 * ({@link presenceMessages}), whose fields the schema lists too.
 */
const HISTORY_ENTRY_SCHEMA = {
  type: 'object',
  required: MESSAGE_JSON_SCHEMA.required,
  properties: {
    ...MESSAGE_JSON_SCHEMA.properties,
    source: { type: 'string' },
    triggerEventUrl: { type: 'string' },
    showOnVisit: { type: 'boolean' },
    script: { type: 'string' },
    videoUrl: { type: 'string' },
    thumbnailUrl: { type: 'string' },
    captionsUrl: { type: 'string' },
    name: { type: 'string' },
  },
} as const;

// Response schemas let fastify serialise 200 bodies with a compiled function (issue 14); errors keep JSON.stringify.
const HISTORY_RESPONSE = {
  200: {
    type: 'object',
    required: ['history', 'chatSessionId'],
    properties: { history: { type: 'array', items: HISTORY_ENTRY_SCHEMA }, chatSessionId: { type: ['string', 'null'] } },
  },
} as const;

const SESSIONS_RESPONSE = {
  200: { type: 'object', required: ['sessions'], properties: { sessions: { type: 'array', items: CHAT_SESSION_JSON_SCHEMA } } },
} as const;

const RENAME_RESPONSE = {
  200: { type: 'object', required: ['chatSession'], properties: { chatSession: CHAT_SESSION_JSON_SCHEMA } },
} as const;

/** The presence videos shown on `path`, as history messages (widget-spec §3 "source POINT_OF_PRESENCE"). */
function presenceMessages({ services, fileUrl }: RouteContext, req: FastifyRequest, site: Site, path: string) {
  const { storage } = services;
  return storage.presenceMessagesForPath(site.id, path).flatMap((p) => {
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
        response: HISTORY_RESPONSE,
      },
    },
    async (req, reply) => {
      const site = siteOf(req);
      const { userSessionId, path, chatSessionId } = req.query;
      const pop = presenceMessages(ctx, req, site, path);
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
      schema: {
        querystring: { type: 'object', required: ['userSessionId'], properties: { userSessionId: USER_SESSION_ID } },
        response: SESSIONS_RESPONSE,
      },
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
        response: RENAME_RESPONSE,
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
}
