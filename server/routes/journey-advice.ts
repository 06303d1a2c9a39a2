/**
 * The journey's advice-file calls under `/journey/api` (docs/advice-records.md "Journey API"): thin calls of the
 * advice operations (server/operations/advice.ts). The site's public key travels in `X-API-Key` and the Origin is
 * checked as the widget's boot checks it; a file's calls carry its token as `Authorization: Bearer`. Bodies are JSON
 * (any other type is 415 UNSUPPORTED_MEDIA_TYPE). Every error is
 * the API's JSON (`{ error, message }`, with `field` for a refused value and Retry-After on a 429); nothing is cached.
 */
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addressKey } from '../address-key';
import type { Mailer } from '../mail';
import { AdviceError, ADVICE_LIMITS, createAdviceOperations, type JourneyCaller } from '../operations/advice';
import { HttpError } from '../errors';
import type { Storage } from '../storage/types';
import { siteFromKey } from './auth-guard';
import { checkOrigin, ownOrigin } from './origins';

/** What the journey's advice calls need. */
export interface JourneyAdviceServices {
  storage: Storage;
  /** Mail, only when SMTP_URL is set (server/mail.ts). */
  mailer: Mailer | null;
  /** The clock (links' expiry, entries' times). @default Date.now */
  now?: () => number;
  /** PUBLIC_URL. */
  publicUrl?: string;
}

/** A body of at most this many bytes: the largest answers and what goes with them. */
const BODY_LIMIT = ADVICE_LIMITS.answersBytes + 1024;
/** The other calls' bodies (a name, an email, a code): small. */
const SMALL_BODY = 4 * 1024;

const fileParams = {
  type: 'object',
  properties: { id: { type: 'string', maxLength: 100 }, statementId: { type: 'string', maxLength: 100 } },
} as const;
const object = { type: 'object' } as const;

type RouteError = Error & { statusCode?: number; code?: string; validation?: unknown };

function errorHandler(error: RouteError, req: FastifyRequest, reply: FastifyReply) {
  const send = (status: number, code: string, message: string, extra: Record<string, unknown> = {}) =>
    reply
      .code(status)
      .header('Cache-Control', 'no-store')
      .send({ error: code, message, ...extra });
  if (error instanceof AdviceError) {
    if (error.extra.retryAfterS !== undefined) reply.header('Retry-After', String(error.extra.retryAfterS));
    return send(error.status, error.code, error.message, error.extra.field ? { field: error.extra.field } : {});
  }
  if (error instanceof HttpError) return send(error.status, error.code, error.message);
  if (error.validation) return send(400, 'BAD_REQUEST', `Invalid request: ${error.message}`);
  if (error.statusCode === 413) return send(413, 'PAYLOAD_TOO_LARGE', 'The request is too large.');
  if (error.statusCode === 415) return send(415, 'UNSUPPORTED_MEDIA_TYPE', error.message);
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return send(error.statusCode, 'BAD_REQUEST', error.message);
  req.log.error(error);
  return send(500, 'INTERNAL_ERROR', 'Something went wrong on the server.');
}

const bearerOf = (req: FastifyRequest) => /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];

const sendPdf = (reply: FastifyReply, file: { pdf: Uint8Array; filename: string }) =>
  reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${file.filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .send(Buffer.from(file.pdf));

/** Registers the calls on `app` under `/journey/api`. */
export async function registerJourneyAdviceRoutes(app: FastifyInstance, services: JourneyAdviceServices): Promise<void> {
  const ops = createAdviceOperations(services.storage, { now: services.now, publicUrl: services.publicUrl, mailer: services.mailer });

  await app.register(
    async (api) => {
      // as the widget's API: every origin is answered (the routes refuse one the site does not allow, readably)
      await api.register(cors, {
        origin: true,
        methods: ['GET', 'POST', 'OPTIONS'],
        allowedHeaders: ['Content-Type', 'Authorization', 'X-API-Key'],
        exposedHeaders: ['Retry-After', 'Content-Disposition'],
        maxAge: 600,
      });
      api.setErrorHandler(errorHandler);
      // JSON only: a text body would otherwise reach a call that reads no body schema (resume-links) as a string
      api.removeContentTypeParser('text/plain');
      api.setNotFoundHandler((req, reply) =>
        reply
          .code(404)
          .header('Cache-Control', 'no-store')
          .send({ error: 'NOT_FOUND', message: `No route for ${req.method} ${req.url}` }),
      );
      // the answers and advice are a client's personal data: kept by no cache
      api.addHook('onSend', async (_req, reply, payload) => {
        reply.header('Cache-Control', 'no-store');
        return payload;
      });

      /** The caller of a call with the site's key, from an origin the site allows. */
      const callerOf = async (req: FastifyRequest): Promise<JourneyCaller> => {
        const site = await siteFromKey(services.storage, req);
        checkOrigin(req, site, false);
        return { site, ip: addressKey(req.ip), origin: ownOrigin(req), log: req.log };
      };
      /** The file of a call with the site's key and the file's token. */
      const fileOf = async (req: FastifyRequest<{ Params: { id: string } }>) => {
        const caller = await callerOf(req);
        return { caller, file: await ops.fileFor(caller.site, req.params.id, bearerOf(req)) };
      };

      api.get('/advice-status', async (req) => ops.adviceStatus((await callerOf(req)).site));

      api.post<{ Body: Record<string, unknown> }>(
        '/advice-files',
        { bodyLimit: SMALL_BODY, schema: { body: object } },
        async (req, reply) => reply.code(201).send(await ops.createAdviceFile(await callerOf(req), req.body)),
      );

      api.post<{ Params: { id: string }; Body: Record<string, unknown> }>(
        '/advice-files/:id/answers',
        { bodyLimit: BODY_LIMIT, schema: { params: fileParams, body: object } },
        async (req, reply) => {
          const { caller, file } = await fileOf(req);
          const { seq, saved } = await ops.saveAnswers(file, req.body, caller);
          return reply.code(saved ? 201 : 200).send({ seq });
        },
      );

      api.post<{ Params: { id: string } }>(
        '/advice-files/:id/advice',
        { bodyLimit: SMALL_BODY, schema: { params: fileParams } },
        async (req) => ops.advise((await fileOf(req)).file),
      );

      api.post<{ Params: { id: string } }>(
        '/advice-files/:id/statement',
        { bodyLimit: SMALL_BODY, schema: { params: fileParams } },
        async (req, reply) => {
          const { caller, file } = await fileOf(req);
          return reply.code(201).send(await ops.issueStatement(file, caller));
        },
      );

      api.get<{ Params: { id: string; statementId: string } }>(
        '/advice-files/:id/statements/:statementId',
        { schema: { params: fileParams } },
        async (req, reply) => sendPdf(reply, await ops.statementFile((await fileOf(req)).file, req.params.statementId)),
      );

      api.post<{ Params: { id: string }; Body: Record<string, unknown> }>(
        '/advice-files/:id/acceptance',
        { bodyLimit: SMALL_BODY, schema: { params: fileParams, body: object } },
        async (req) => {
          const { caller, file } = await fileOf(req);
          return ops.accept(file, req.body, caller);
        },
      );

      api.post<{ Params: { id: string }; Body: Record<string, unknown> | undefined }>(
        '/advice-files/:id/resume-links',
        { bodyLimit: SMALL_BODY, schema: { params: fileParams } },
        async (req, reply) => {
          const { caller, file } = await fileOf(req);
          return reply.code(201).send(await ops.resumeLink(file, req.body ?? {}, caller));
        },
      );

      api.post<{ Body: Record<string, unknown> }>('/resume', { bodyLimit: SMALL_BODY, schema: { body: object } }, async (req) =>
        ops.resume(await callerOf(req), req.body),
      );

      api.post<{ Body: Record<string, unknown> }>('/partner', { bodyLimit: SMALL_BODY, schema: { body: object } }, async (req) => {
        const { fileId: _, ...statement } = await ops.partnerStatement(await callerOf(req), req.body);
        return statement;
      });

      api.post<{ Body: Record<string, unknown> }>(
        '/partner/statement',
        { bodyLimit: SMALL_BODY, schema: { body: object } },
        async (req, reply) => sendPdf(reply, await ops.partnerStatementFile(await callerOf(req), req.body)),
      );

      api.post<{ Body: Record<string, unknown> }>('/partner/acceptance', { bodyLimit: SMALL_BODY, schema: { body: object } }, async (req) =>
        ops.partnerAccept(await callerOf(req), req.body),
      );
    },
    { prefix: '/journey/api' },
  );
}
