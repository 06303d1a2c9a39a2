/** JSON-schema pieces the routes' request schemas share (widget-spec §7 request fields). */

/** A visitor's user session id, as the widget generates it. */
export const USER_SESSION_ID = { type: 'string', pattern: '^[A-Za-z0-9_-]{8,100}$' } as const;

/** A record id: chat sessions, buttons, documents. */
export const ID = { type: 'string', minLength: 1, maxLength: 100 } as const;

/** A page path. */
export const PATH = { type: 'string', minLength: 1, maxLength: 2048 } as const;

/** The parts of a JSON schema {@link dropNullOptionals} reads. */
interface ObjectSchema {
  type?: unknown;
  required?: readonly string[];
  properties?: Record<string, unknown>;
}

/**
 * Removes, in place, every `null` a body gives for an optional field of its schema, at any depth of
 * nested objects, so that an optional field may be sent as `null` as well as left out (issue 14: a
 * spec client sends `"streamSessionId": null` outside voice mode). Required fields keep their nulls,
 * and fail validation as before.
 */
export function dropNullOptionals(value: unknown, schema: unknown): void {
  const s = schema as ObjectSchema | undefined;
  if (s?.type !== 'object' || !s.properties || !value || typeof value !== 'object' || Array.isArray(value)) return;
  const obj = value as Record<string, unknown>;
  for (const [key, sub] of Object.entries(s.properties)) {
    if (!(key in obj)) continue;
    if (obj[key] === null && !s.required?.includes(key)) delete obj[key];
    else dropNullOptionals(obj[key], sub);
  }
}
