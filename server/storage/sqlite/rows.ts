/** What the SQLite parts of the storage share: the database handle, the row shape and column readers, the clock, tokens. */
import type Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';

/** The open database every part prepares its statements on. */
export type Db = Database.Database;

/** A row as better-sqlite3 returns it: column name to value. */
export type Row = Record<string, unknown>;

/** A column as text; NULL reads as ''. */
export const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** A nullable column as text or undefined. */
export const optStr = (v: unknown) => (v === null || v === undefined ? undefined : String(v));

/** A JSON column's value; `fallback` when it does not parse. */
export const json = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/** The time written into `created_at` and `updated_at` columns. */
export const now = () => new Date().toISOString();

/**
 * An unguessable URL-safe token (embed tokens, file ids) that starts with a letter or digit:
 * one starting with '-' reads as an option to the admin CLI (`footer:add -x…`) and other tools.
 */
export function newToken(bytes = 18): string {
  for (;;) {
    const token = randomBytes(bytes).toString('base64url');
    if (/^[A-Za-z0-9]/.test(token)) return token;
  }
}
