/** A stored chat message as the API sends it (widget-spec §3 "Message"). */
import type { StoredMessage } from '../storage/types';

/** The message's JSON; `isError` appears only on answers that report a failure. */
export const messageJson = (m: StoredMessage) => ({
  id: m.id,
  role: m.role,
  content: m.content,
  createdAt: m.createdAt,
  type: m.type,
  ...(m.isError ? { isError: true } : {}),
});

/**
 * The JSON schema of {@link messageJson}, for fastify's compiled response serialiser (issue 14:
 * faster than `JSON.stringify`). A field missing here would be dropped from responses.
 */
export const MESSAGE_JSON_SCHEMA = {
  type: 'object',
  required: ['id', 'role', 'content', 'createdAt', 'type'],
  properties: {
    id: { type: 'string' },
    role: { type: 'string' },
    content: { type: 'string' },
    createdAt: { type: 'string' },
    type: { type: 'string' },
    isError: { type: 'boolean' },
  },
} as const;

/** A chat session as the API sends it (widget-spec §3 "Chat session"), for response schemas. */
export const CHAT_SESSION_JSON_SCHEMA = {
  type: 'object',
  required: ['id', 'name', 'lastMessageTimestamp', 'totalMessages'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    lastMessageTimestamp: { type: 'string' },
    totalMessages: { type: 'integer' },
  },
} as const;
