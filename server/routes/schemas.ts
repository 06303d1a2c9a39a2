/** JSON-schema pieces the routes' request schemas share (widget-spec §7 request fields). */

/** A visitor's user session id, as the widget generates it. */
export const USER_SESSION_ID = { type: 'string', pattern: '^[A-Za-z0-9_-]{8,100}$' } as const;

/** A record id: chat sessions, buttons, documents. */
export const ID = { type: 'string', minLength: 1, maxLength: 100 } as const;

/** A page path. */
export const PATH = { type: 'string', minLength: 1, maxLength: 2048 } as const;
