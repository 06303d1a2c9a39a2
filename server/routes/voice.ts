/**
 * Voice mode (widget-spec §7): `POST api/transcribe` turns a recording into text;
 * `GET api/interactive-avatar/get-session-token` gets a streaming token from the
 * avatar provider, whose key never leaves the server. The provider's session calls
 * (widget-spec §7 leaves their paths to us) go through this server in one shape for
 * every provider:
 *
 * - `POST api/interactive-avatar/sessions` `{ token }` → 201 `{ session_id, url, access_token, speech }`
 * - `POST api/interactive-avatar/sessions/keep-alive` `{ token, session_id }` → 204
 * - `POST api/interactive-avatar/sessions/stop` `{ token, session_id }` → 204
 *
 * A session belongs to the site that started it and to its token (storage/types.ts SharedState: every instance knows it).
 */
import type { FastifyInstance } from 'fastify';
import { sendError } from '../errors';
import { TranscriptionError } from '../transcribe/types';
import { siteOf } from './auth-guard';
import type { RouteContext } from './context';
import { readMultipart } from './multipart';

/** Registers api/transcribe and api/interactive-avatar/get-session-token. */
const TOKEN = { type: 'string', minLength: 1, maxLength: 4000 } as const;
const SESSION_ID = { type: 'string', minLength: 1, maxLength: 200 } as const;
const START_SCHEMA = { type: 'object', required: ['token'], properties: { token: TOKEN } } as const;
const SESSION_SCHEMA = { type: 'object', required: ['token', 'session_id'], properties: { token: TOKEN, session_id: SESSION_ID } } as const;

const NO_AVATAR = 'The avatar is not configured on this server: set AVATAR_API_KEY (and AVATAR_ID) to enable voice mode.';

export function registerVoiceRoutes(api: FastifyInstance, { services, authenticate }: RouteContext): void {
  api.post('/api/transcribe', { preHandler: authenticate }, async (req, reply) => {
    if (!services.transcriber) return sendError(reply, 501, 'TRANSCRIPTION_NOT_CONFIGURED', services.transcriptionDisabledMessage);
    if (!req.isMultipart()) return sendError(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the audio as multipart/form-data.');
    const file = await readMultipart(() => req.file());
    if (!file) return sendError(reply, 400, 'BAD_REQUEST', 'No audio file in the request.');
    if (!/^(audio\/|video\/webm|application\/octet-stream)/.test(file.mimetype)) {
      file.file.resume();
      return sendError(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', `Audio is expected, not ${file.mimetype}.`);
    }
    const audio = await readMultipart(() => file.toBuffer());
    // the parser stops at MAX_AUDIO_BYTES and marks the stream cut: over the limit is always a 413 (issue 14)
    if (file.file.truncated) return sendError(reply, 413, 'PAYLOAD_TOO_LARGE', 'The request is too large.');
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
    if (!services.avatar) return sendError(reply, 503, 'AVATAR_NOT_CONFIGURED', NO_AVATAR);
    try {
      return { token: await services.avatar.createSessionToken() };
    } catch (err) {
      req.log.warn({ err }, 'avatar token failed');
      return sendError(reply, 502, 'PROVIDER_ERROR', 'Failed to fetch session token');
    }
  });

  api.post<{ Body: { token: string } }>(
    '/api/interactive-avatar/sessions',
    { preHandler: authenticate, schema: { body: START_SCHEMA } },
    async (req, reply) => {
      const avatar = services.avatar;
      if (!avatar) return sendError(reply, 503, 'AVATAR_NOT_CONFIGURED', NO_AVATAR);
      try {
        const session = await avatar.startSession(req.body.token);
        try {
          await services.storage.addAvatarSession({
            siteId: siteOf(req).id,
            token: req.body.token,
            sessionId: session.sessionId,
            startedAt: Date.now(),
          });
        } catch (err) {
          // a session no call could reach again must not run on at the provider's
          avatar.stopSession(req.body.token, session.sessionId).catch(() => undefined);
          throw err;
        }
        // widget-spec §3 "Avatar session": session_id, url, access_token
        return reply
          .code(201)
          .send({ session_id: session.sessionId, url: session.url, access_token: session.accessToken, speech: avatar.speech });
      } catch (err) {
        req.log.warn({ err }, 'avatar session failed');
        return sendError(reply, 502, 'PROVIDER_ERROR', 'Failed to create streaming session');
      }
    },
  );

  const sessionCall = (path: string, call: 'keepAlive' | 'stopSession') =>
    api.post<{ Body: { token: string; session_id: string } }>(
      path,
      { preHandler: authenticate, schema: { body: SESSION_SCHEMA } },
      async (req, reply) => {
        const avatar = services.avatar;
        if (!avatar) return sendError(reply, 503, 'AVATAR_NOT_CONFIGURED', NO_AVATAR);
        const { token, session_id: sessionId } = req.body;
        if (!(await services.storage.findAvatarSession(siteOf(req).id, token, sessionId)))
          return sendError(reply, 404, 'SESSION_NOT_FOUND', 'No such avatar session.');
        try {
          await avatar[call](token, sessionId);
        } catch (err) {
          req.log.warn({ err }, `avatar ${call} failed`);
          return sendError(
            reply,
            502,
            'PROVIDER_ERROR',
            call === 'keepAlive' ? 'The avatar session could not be kept alive.' : 'The avatar session could not be stopped.',
          );
        } finally {
          if (call === 'stopSession') await services.storage.removeAvatarSession(sessionId);
        }
        return reply.code(204).send();
      },
    );
  sessionCall('/api/interactive-avatar/sessions/keep-alive', 'keepAlive');
  sessionCall('/api/interactive-avatar/sessions/stop', 'stopSession');
}
