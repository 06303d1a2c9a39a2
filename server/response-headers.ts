/**
 * The headers every response of this server carries, whatever its route: set by the app's `onSend` hook, and by
 * the writers that answer on the raw response themselves (the chat's event streams, server/routes/event-stream.ts).
 */
export const COMMON_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
} as const;
