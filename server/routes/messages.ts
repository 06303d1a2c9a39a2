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
