/** Action buttons (widget-spec §7): the buttons for a page, and the clicks the widget reports. */
import type { FastifyInstance } from 'fastify';
import { siteOf } from './auth-guard';
import type { RouteContext } from './context';
import { ID, PATH, USER_SESSION_ID } from './schemas';

interface ButtonClickBody {
  buttonId: string;
  chatSessionId?: string | null;
  chatLogId?: string | null;
  userSessionId: string;
  pageUrl: string;
  referrerUrl?: string;
}

const BUTTON_CLICK_SCHEMA = {
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
} as const;

/** Registers api/action-triggers and api/button-click. */
export function registerButtonRoutes(api: FastifyInstance, { services, authenticate }: RouteContext): void {
  const { storage } = services;

  api.get<{ Querystring: { path: string } }>(
    '/api/action-triggers',
    { preHandler: authenticate, schema: { querystring: { type: 'object', required: ['path'], properties: { path: PATH } } } },
    async (req) => ({
      actionButtons: (await storage.actionTriggersForPath(siteOf(req).id, req.query.path)).map((t) => ({
        id: t.id,
        name: t.name,
        buttonType: t.buttonType,
        ...(t.buttonType === 'EXTERNAL_LINK' ? { externalUrl: t.externalUrl } : { actionMessage: t.actionMessage }),
      })),
    }),
  );

  api.post<{ Body: ButtonClickBody }>(
    '/api/button-click',
    { preHandler: authenticate, schema: { body: BUTTON_CLICK_SCHEMA } },
    async (req, reply) => {
      const b = req.body;
      await storage.recordButtonClick(siteOf(req).id, {
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
}
