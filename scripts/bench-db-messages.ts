/**
 * The messages the database benchmarks write (scripts/bench-inbox.ts, bench-db.ts): conversations of a question and
 * an answer, twice, drawn from a 5,000-word vocabulary where a few domain words are common and the tail rare, three
 * rare words put in exactly ten messages each, and a reference code ending one message in sixteen; and how both
 * benchmarks write them into a site's tables in bulk.
 */
import type Database from 'better-sqlite3';
import type pg from 'pg';
import { bulkPostgres, bulkSqlite, insertRows } from './bench-databases';
import { seededRandom } from '../test/support/seeded-random';

/** Messages per conversation: a question and an answer, twice. */
export const PER_CONVERSATION = 4;

const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'ze', 'pa', 'do', 'fi', 'gu', 'he', 'ja', 'qu'];
/** Words of a domain, the common ones early: a Zipf-like pick makes `fees` frequent and the tail rare. */
const DOMAIN = ['fees', 'super', 'account', 'investment', 'return', 'risk', 'management', 'portfolio', 'tax', 'growth'];
/** Words put in exactly ten messages each: the rare searches. */
const RARE = ['zanzibar', 'quokka', 'xylophone'];
/**
 * Reference codes (`ref10000` to `ref10499`), one ending every sixteenth message: a prefix such as `ref1` starts
 * hundreds of words the index holds, as numbers and codes do in real conversations. Placed without drawing from the
 * generator, so that every other message is as it was.
 */
const CODES = 500;
const codeOf = (n: number) => (n % 16 === 5 ? `ref${10000 + ((n * 7919) % CODES)}` : undefined);

function vocabulary(next: () => number): string[] {
  const words = new Set(DOMAIN);
  while (words.size < 5000) {
    const n = 2 + Math.floor(next() * 3);
    words.add(Array.from({ length: n }, () => SYLLABLES[Math.floor(next() * SYLLABLES.length)]).join(''));
  }
  return [...words];
}

/** One message. */
export interface Row {
  sessionId: string;
  id: string;
  seq: number;
  role: 'user' | 'ai';
  content: string;
  at: string;
}

/** The conversations and their messages: `count` messages, four to a conversation, five minutes apart from 2026-01-01. */
export interface Messages {
  sessions: { id: string; visitor: string; at: string; last: string; path: string }[];
  rows: Row[];
}

/** `count` messages (at most 10,000,000: the ids have seven digits), the same every run. */
export function messages(count: number): Messages {
  const next = seededRandom(33);
  const words = vocabulary(next);
  const pick = () => words[Math.floor(words.length * next() ** 3)]!;
  const rareAt = new Map<number, string>();
  RARE.forEach((w, i) => {
    for (let k = 0; k < 10; k++) rareAt.set(Math.floor((count / 31) * (k * 3 + i + 1)) % count, w);
  });
  const sessions = [];
  const rows: Row[] = [];
  const start = Date.UTC(2026, 0, 1);
  for (let s = 0; s * PER_CONVERSATION < count; s++) {
    const id = `c${String(s).padStart(7, '0')}`;
    const t0 = start + s * 300_000;
    for (let m = 0; m < PER_CONVERSATION && rows.length < count; m++) {
      const n = rows.length;
      const length = m % 2 === 0 ? 8 + Math.floor(next() * 8) : 30 + Math.floor(next() * 40);
      const text = Array.from({ length }, pick);
      const rare = rareAt.get(n);
      if (rare) text.splice(Math.floor(next() * text.length), 0, rare);
      const code = codeOf(n);
      if (code) text.push(code);
      rows.push({
        sessionId: id,
        id: `m${String(n).padStart(7, '0')}`,
        seq: m,
        role: m % 2 === 0 ? 'user' : 'ai',
        content: `${text.join(' ')}.`,
        at: new Date(t0 + m * 20_000).toISOString(),
      });
    }
    sessions.push({
      id,
      visitor: `visitor-bench-${String(s % 5000).padStart(5, '0')}`,
      at: new Date(t0).toISOString(),
      last: rows.at(-1)!.at,
      path: `/page-${s % 20}`,
    });
  }
  return { sessions, rows };
}

const SESSION_COLUMNS = ['id', 'site_id', 'user_session_id', 'name', 'path', 'created_at', 'last_message_at', 'message_count'];
const MESSAGE_COLUMNS = ['id', 'chat_session_id', 'seq', 'role', 'content', 'type', 'created_at'];
const sessionRow = (siteId: string, s: Messages['sessions'][number]) => [
  s.id,
  siteId,
  s.visitor,
  s.id,
  s.path,
  s.at,
  s.last,
  PER_CONVERSATION,
];
const messageRow = (m: Row) => [m.id, m.sessionId, m.seq, m.role, m.content, 'TEXT', m.at];

/** Writes `data` into site `siteId` of an SQLite file in bulk ({@link bulkSqlite}: no other connection open); the seconds taken. */
export function writeSqlite(db: Database.Database, siteId: string, data: Messages): number {
  const insert = (table: string, columns: string[]) =>
    db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
  const session = insert('chat_sessions', SESSION_COLUMNS);
  const message = insert('messages', MESSAGE_COLUMNS);
  return bulkSqlite(db, ['chat_sessions', 'messages'], () => {
    for (const s of data.sessions) session.run(...sessionRow(siteId, s));
    for (const m of data.rows) message.run(...messageRow(m));
  });
}

/** Writes `data` into site `siteId` of a PostgreSQL database in bulk ({@link bulkPostgres}); the seconds taken. */
export function writePostgres(client: pg.Client, siteId: string, data: Messages): Promise<number> {
  return bulkPostgres(client, ['chat_sessions', 'messages'], async () => {
    await insertRows(
      client,
      'chat_sessions',
      SESSION_COLUMNS,
      data.sessions.map((s) => sessionRow(siteId, s)),
    );
    await insertRows(client, 'messages', MESSAGE_COLUMNS, data.rows.map(messageRow));
  });
}
