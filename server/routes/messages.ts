/** A stored chat message as the API sends it (widget-spec §3 "Message"). */
import type { StoredMessage } from '../storage/types';

/**
 * The message's JSON; `isError` appears only on answers that report a failure, and `incomplete` (beside
 * widget-spec §3, issue 16) only on answers cut off before they were complete.
 */
export function messageJson(m: StoredMessage) {
  // Literals rather than a spread: a history maps every message through here (issue 14).
  if (m.isError) return { id: m.id, role: m.role, content: m.content, createdAt: m.createdAt, type: m.type, isError: true as const };
  if (m.incomplete) return { id: m.id, role: m.role, content: m.content, createdAt: m.createdAt, type: m.type, incomplete: true as const };
  return { id: m.id, role: m.role, content: m.content, createdAt: m.createdAt, type: m.type };
}

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
