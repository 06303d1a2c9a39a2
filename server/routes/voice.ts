/**
 * Voice mode (widget-spec §7): `POST api/transcribe` turns a recording into text;
 * `GET api/interactive-avatar/get-session-token` gets a streaming token from the
 * avatar provider, whose key never leaves the server.
 */
import type { FastifyInstance } from 'fastify';
import { sendError } from '../errors';
import { TranscriptionError } from '../transcribe/types';
import type { RouteContext } from './context';

/** Registers api/transcribe and api/interactive-avatar/get-session-token. */
export function registerVoiceRoutes(api: FastifyInstance, { services, authenticate }: RouteContext): void {
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
}
