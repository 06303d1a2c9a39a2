/**
 * 'Email me a transcript' through the server's own mail (docs/server.md "Mail"), beside the widget's `mailto:`
 * link: an extension of widget-spec §7 (docs/embedding.md), with the bearer token as every widget call.
 *
 * - `GET {api}/transcript-mail` answers `{ available }`: whether this server sends mail (SMTP_URL is set). The
 *   widget's Settings tab asks once, as it loads; without mail it keeps the `mailto:` link.
 * - `POST {api}/transcript-mail` `{ userSessionId, chatSessionId, email, subject, you, agent }` mails the session's
 *   stored messages, as plain text (never HTML), from MAIL_FROM to the one address the visitor typed. `subject`,
 *   `you` and `agent` are the widget's words in the visitor's language (one line each). Answers 200 `{ sent: true }`;
 *   400 for an address that is not one address; 404 SESSION_NOT_FOUND; 404 NOT_FOUND without mail; 429 with
 *   Retry-After past {@link TRANSCRIPT_MAIL_LIMITS}; 502 PROVIDER_ERROR when the relay refused or failed (logged at warn,
 *   by its codes).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from '../errors';
import { mailFailure, singleAddress } from '../mail';
import type { StoredMessage } from '../storage/types';
import { siteOf } from './auth-guard';
import type { RouteContext } from './context';
import { ID, USER_SESSION_ID } from './schemas';

/**
 * How many transcripts may be mailed per window: per visitor (its token family and the visitor id it names, each
 * counted), and per site. Mail goes to an address a visitor types, so the limits keep the server from being a
 * way to send many messages to someone else.
 */
export const TRANSCRIPT_MAIL_LIMITS = { perVisitor: 3, perSite: 100, windowMs: 60 * 60_000 } as const;

/** The largest request body (an address and three short words): 4 KiB. */
export const TRANSCRIPT_MAIL_BODY_BYTES = 4096;

/** A word of the widget's, as one line: no control characters (CR, LF among them). */
const LINE = { type: 'string', minLength: 1, maxLength: 200, pattern: '^[^\\u0000-\\u001f\\u007f]+$' } as const;

const BODY_SCHEMA = {
  type: 'object',
  required: ['userSessionId', 'chatSessionId', 'email', 'subject', 'you', 'agent'],
  additionalProperties: false,
  properties: { userSessionId: USER_SESSION_ID, chatSessionId: ID, email: LINE, subject: LINE, you: LINE, agent: LINE },
} as const;

interface Body {
  userSessionId: string;
  chatSessionId: string;
  email: string;
  subject: string;
  you: string;
  agent: string;
}

/** The transcript's text: each message with who wrote it and when (ISO 8601, UTC), as the `mailto:` body has them. */
export function transcriptText(messages: Pick<StoredMessage, 'role' | 'content' | 'createdAt'>[], you: string, agent: string): string {
  return messages.map((m) => `${m.role === 'user' ? you : agent} (${m.createdAt}):\n${m.content}`).join('\n\n');
}

/** Registers api/transcript-mail (GET: available; POST: send). */
export function registerTranscriptMailRoutes(api: FastifyInstance, { services, authenticate }: RouteContext): void {
  const { storage } = services;
  const mailer = services.mailer ?? null;

  /** Counts the request per token family, per visitor id and per site; the first limit passed answers 429. */
  const throttle = async (req: FastifyRequest, body: Body): Promise<number | null> => {
    const site = siteOf(req).id;
    const { perVisitor, perSite, windowMs } = TRANSCRIPT_MAIL_LIMITS;
    for (const [key, max] of [
      [`transcript-mail:family:${site}:${req.tokenFamily}`, perVisitor],
      [`transcript-mail:visitor:${site}:${body.userSessionId}`, perVisitor],
      [`transcript-mail:site:${site}`, perSite],
    ] as const) {
      const { count, resetInMs } = await storage.countRequest(key, windowMs);
      if (count > max) return Math.max(1, Math.ceil(resetInMs / 1000));
    }
    return null;
  };

  api.get('/api/transcript-mail', { preHandler: authenticate }, async () => ({ available: mailer !== null }));

  api.post<{ Body: Body }>(
    '/api/transcript-mail',
    { preHandler: authenticate, bodyLimit: TRANSCRIPT_MAIL_BODY_BYTES, schema: { body: BODY_SCHEMA } },
    async (req, reply) => {
      if (!mailer) return sendError(reply, 404, 'NOT_FOUND', 'This server sends no mail.');
      const body = req.body;
      const to = singleAddress(body.email);
      if (!to) return sendError(reply, 400, 'BAD_REQUEST', 'email must be one email address.');
      const site = siteOf(req);
      const messages = (await storage.listMessages(site.id, body.userSessionId, body.chatSessionId)).filter((m) => !m.isError);
      if (messages.length === 0) return sendError(reply, 404, 'SESSION_NOT_FOUND', 'No such chat session for this visitor.');
      const wait = await throttle(req, body);
      if (wait !== null) {
        reply.header('Retry-After', String(wait));
        return sendError(reply, 429, 'RATE_LIMIT_EXCEEDED', `Too many transcripts mailed: try again in ${wait} seconds.`);
      }
      try {
        await mailer.send({ to, subject: body.subject, text: transcriptText(messages, body.you, body.agent) });
      } catch (err) {
        // the relay's failure, by its codes: never the address, the words or the messages
        req.log.warn({ siteId: site.id, chatSessionId: body.chatSessionId, ...mailFailure(err) }, 'transcript mail not sent');
        return sendError(reply, 502, 'PROVIDER_ERROR', 'The transcript could not be mailed.');
      }
      return { sent: true };
    },
  );
}
