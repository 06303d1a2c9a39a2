/**
 * The schema (server/storage/migrations/): the versions databases already carry keep their meaning, a database an
 * older server left behind is brought to the same schema as a fresh one, and, where a PostgreSQL cluster is at hand
 * (the `postgres` project), SQLite and PostgreSQL end with the same tables and columns.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { LATEST_VERSION, MIGRATIONS } from '../../server/storage/migrations';
import { createDatabaseAt } from '../support/postgres-cluster';
import { BACKEND, newTestDatabase, openRawDatabase, openTestDatabase, type RawDatabase, type TestDatabase } from '../support/storages';

/**
 * Each shipped version's statements (sha-256, first 16 hex digits), SQLite's then PostgreSQL's: databases carry these
 * versions, so a shipped one never changes (a change is a new version). Add a line for each new version.
 */
const SHIPPED: readonly [version: number, sqlite: string | null, postgres: string | null][] = [
  [1, '5a4fe13839805e85', '978d002e9df68f59'],
  [2, 'a63d0ce0d57e645f', 'e29bfe5472ccdf5e'],
  [3, 'db1798449d17f889', 'db1798449d17f889'],
  [4, '165dc908c6f45bf0', '8dc7dea0a4aabd5e'],
  [5, null, '44dd9e749029dda1'],
  [6, 'ecb831bf73a7eeb3', null],
  [7, 'a2557344566fdb0b', '7c9babd45fb1bb5b'],
  [8, '175bbf0e26fbe86d', 'fce8ba28511b92be'],
  [9, '8888befbc0b7d715', 'a03631ea2188b6f9'],
  [10, 'c75140db7b0a6575', '9c4203186d8b0e15'],
  [11, 'f59aa494fcb9c4bf', '88ef8e8be6269ae0'],
  [12, 'a67ceadee7129275', 'd4d810b799f93081'],
  [13, '78eb2e035bef3c83', '215bf2d03268dbc3'],
  [14, 'e0dbf587ab5453fd', 'ca83803dec291aea'],
  [15, 'ce5e906fb1880c23', 'b7bd1bca7ee39d42'],
  [16, null, '81229ff57cd10f8c'],
  [17, '3902398e8ad66c21', null],
  [18, '7b15ec3b5c8d5366', '7f2dfe04f9dcae9c'],
  [19, '11110eccc6a8808c', '548079d569574e58'],
];

/**
 * Tables only PostgreSQL has, and why: its record of the versions applied (SQLite's is `PRAGMA user_version`), and the
 * state several instances share (version 5), which on SQLite lives in the one process's memory (storage/sqlite/shared.ts).
 */
const POSTGRES_ONLY = ['schema_migrations', 'request_counts', 'token_families', 'secrets', 'recent_answers', 'avatar_sessions'];

/**
 * The inbox's full-text search (version 13), each database's own: SQLite's FTS5 table and the tables FTS5 keeps for
 * it; PostgreSQL's `tsvector` column on `messages` and its GIN index.
 */
const SQLITE_SEARCH_TABLES = [
  'messages_fts',
  'messages_fts_config',
  'messages_fts_data',
  'messages_fts_docsize',
  'messages_fts_idx',
  'messages_fts_terms',
];
const POSTGRES_SEARCH_COLUMN = { table: 'messages', column: 'search' };
const POSTGRES_SEARCH_INDEX = 'messages.messages_search';

/** A column as both dialects can say it: its type's family, and whether it may be null. */
type Column = { family: string; notNull: boolean };
type Schema = Record<string, Record<string, Column>>;

/**
 * The family of a declared type. SQLite has no boolean type: PostgreSQL's booleans are its 0/1 integers. An unknown
 * type stays as it is, so that a new one is looked at rather than passed.
 */
const FAMILIES: Record<string, string> = {
  TEXT: 'text',
  INTEGER: 'integer',
  BLOB: 'bytes',
  text: 'text',
  integer: 'integer',
  bigint: 'integer',
  boolean: 'integer',
  bytea: 'bytes',
};

/** The tables and columns of the database `raw` is connected to. */
async function schemaOf(backend: TestDatabase['backend'], raw: RawDatabase): Promise<Schema> {
  const rows =
    backend === 'sqlite'
      ? // a primary key's columns are NOT NULL in PostgreSQL whatever they say; SQLite's say nothing (notnull 0)
        await raw.query(
          `SELECT m.name AS table_name, p.name AS column_name, p.type AS type, (p."notnull" OR p.pk > 0) AS not_null
             FROM sqlite_master m JOIN pragma_table_info(m.name) p
            WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'`,
        )
      : await raw.query(
          `SELECT table_name, column_name, data_type AS type, is_nullable = 'NO' AS not_null
             FROM information_schema.columns WHERE table_schema = current_schema()`,
        );
  const schema: Schema = {};
  for (const r of rows) {
    const type = String(r.type);
    const table = String(r.table_name);
    schema[table] = { ...schema[table], [String(r.column_name)]: { family: FAMILIES[type] ?? type, notNull: Boolean(r.not_null) } };
  }
  return schema;
}

/**
 * The indexes of the database `raw` is connected to, as `table.index` (sorted), less those a primary key or a
 * UNIQUE constraint makes by itself (their names differ between the dialects; the columns above say as much).
 */
async function indexesOf(backend: TestDatabase['backend'], raw: RawDatabase): Promise<string[]> {
  const rows =
    backend === 'sqlite'
      ? await raw.query(`SELECT tbl_name AS table_name, name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL`)
      : await raw.query(
          `SELECT tablename AS table_name, indexname AS name FROM pg_indexes i
            WHERE schemaname = current_schema() AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
        );
  return rows.map((r) => `${String(r.table_name)}.${String(r.name)}`).sort();
}

/** The schema of `db` once a storage has opened (and so migrated) it: its tables' columns, and its indexes. */
async function migratedSchema(db: TestDatabase): Promise<{ tables: Schema; indexes: string[] }> {
  await (await openTestDatabase(db)).close();
  const raw = await openRawDatabase(db);
  try {
    return { tables: await schemaOf(db.backend, raw), indexes: await indexesOf(db.backend, raw) };
  } finally {
    await raw.close();
  }
}

/** The version a database records. */
async function recordedVersion(db: TestDatabase): Promise<number> {
  const raw = await openRawDatabase(db);
  try {
    if (db.backend === 'sqlite') return Number((await raw.query('PRAGMA user_version'))[0]!.user_version);
    return Number((await raw.query('SELECT max(version) AS v FROM schema_migrations'))[0]!.v);
  } finally {
    await raw.close();
  }
}

/** Leaves `db` as a server that knew only the versions up to `version` would have: those applied and recorded. */
async function migrateAsAnOlderServer(db: TestDatabase, version: number): Promise<void> {
  const raw = await openRawDatabase(db);
  try {
    if (db.backend === 'postgres') await raw.exec('CREATE TABLE schema_migrations (version integer PRIMARY KEY, applied_at text NOT NULL)');
    for (const m of MIGRATIONS.filter((m) => m.version <= version)) {
      const statements = m[db.backend];
      if (statements === null) continue;
      await raw.exec(statements);
      if (db.backend === 'sqlite') await raw.exec(`PRAGMA user_version = ${m.version}`);
      else await raw.query('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)', [m.version, new Date().toISOString()]);
    }
  } finally {
    await raw.close();
  }
}

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'schema-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const fingerprint = (statements: string | null) =>
  statements === null ? null : createHash('sha256').update(statements).digest('hex').slice(0, 16);

describe('the schema versions', () => {
  it('are 1, 2, 3, … in order, the newest being the one a database from a newer server is measured against', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    expect(LATEST_VERSION).toBe(MIGRATIONS.at(-1)!.version);
  });

  it('that have shipped are what databases carry, in both dialects', () => {
    expect(MIGRATIONS.map((m) => [m.version, fingerprint(m.sqlite), fingerprint(m.postgres)])).toEqual(SHIPPED);
  });
});

describe(`migrating on ${BACKEND}`, () => {
  // SQLite records the last version that had something for it (5 has nothing), PostgreSQL every version
  const newest = Math.max(...MIGRATIONS.filter((m) => m[BACKEND] !== null).map((m) => m.version));

  it('brings a new database to the newest version, and opens it again as it is', async () => {
    const db = await newTestDatabase(dir);
    const fresh = await migratedSchema(db);
    expect(await recordedVersion(db)).toBe(newest);
    expect(await migratedSchema(db)).toEqual(fresh);
    expect(await recordedVersion(db)).toBe(newest);
  });

  it('brings a database an older server left at each earlier version to the same schema as a new one', async () => {
    const fresh = await migratedSchema(await newTestDatabase(dir));
    for (const { version } of MIGRATIONS.slice(0, -1)) {
      const db = await newTestDatabase(await mkdtemp(path.join(dir, `v${version}-`)));
      await migrateAsAnOlderServer(db, version);
      expect(await migratedSchema(db), `from version ${version}`).toEqual(fresh);
      expect(await recordedVersion(db)).toBe(newest);
    }
    // a database for each version: on a loaded machine, longer than the 60 s every other test is given
  }, 180_000);

  it('refuses a database from a newer server', async () => {
    const db = await newTestDatabase(dir);
    await migrateAsAnOlderServer(db, LATEST_VERSION);
    const raw = await openRawDatabase(db);
    if (db.backend === 'sqlite') await raw.exec(`PRAGMA user_version = ${LATEST_VERSION + 1}`);
    else
      await raw.query('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)', [LATEST_VERSION + 1, new Date().toISOString()]);
    await raw.close();
    // SQLite's open throws at once, PostgreSQL's rejects: both as a rejection here
    await expect((async () => openTestDatabase(db))()).rejects.toThrow(`schema ${LATEST_VERSION + 1}, this server knows ${LATEST_VERSION}`);
  });
});

describe.runIf(BACKEND === 'postgres')('SQLite and PostgreSQL after migrating', () => {
  it('have the same tables, with the same columns, of the same families and nullability, and the same indexes', async () => {
    const { tables: sqlite, indexes: sqliteIndexes } = await migratedSchema({ backend: 'sqlite', file: path.join(dir, 'compare.db') });
    const { tables: postgres, indexes: postgresIndexes } = await migratedSchema({
      backend: 'postgres',
      url: await createDatabaseAt(inject('postgresAdminUrl')),
    });

    expect(
      Object.keys(sqlite)
        .filter((t) => SQLITE_SEARCH_TABLES.includes(t))
        .sort(),
    ).toEqual(SQLITE_SEARCH_TABLES);
    for (const table of SQLITE_SEARCH_TABLES) delete sqlite[table];
    expect(postgres[POSTGRES_SEARCH_COLUMN.table]![POSTGRES_SEARCH_COLUMN.column]).toEqual({ family: 'tsvector', notNull: false });
    delete postgres[POSTGRES_SEARCH_COLUMN.table]![POSTGRES_SEARCH_COLUMN.column];
    expect(postgresIndexes).toContain(POSTGRES_SEARCH_INDEX);
    expect(
      Object.keys(postgres)
        .filter((t) => !(t in sqlite))
        .sort(),
    ).toEqual([...POSTGRES_ONLY].sort());
    // every other table, column by column (in any order: a later version's column may sit elsewhere in the other dialect)
    expect(sqlite).toEqual(Object.fromEntries(Object.entries(postgres).filter(([table]) => !POSTGRES_ONLY.includes(table))));
    expect(sqliteIndexes.length).toBeGreaterThan(0);
    expect(sqliteIndexes).toEqual(
      postgresIndexes.filter((index) => !POSTGRES_ONLY.includes(index.split('.')[0]!) && index !== POSTGRES_SEARCH_INDEX),
    );
  });
});

describe.runIf(BACKEND === 'postgres')('version 16', () => {
  it("folds every text for the search as version 13's fold did, ASCII or not", async () => {
    const texts = [
      'Plain ASCII: Fees & RISK, 100% at https://shop.example/Page?q=1',
      'Élodie paid ÇA fees; Ÿ, straße, ÆØÅ æøå, İstanbul, Œuvre',
      'mixed: Fees then é',
      '',
      'tab\tand\nnew line',
      '日本語 and Ελληνικά',
    ];
    const db = await newTestDatabase(dir);
    await migrateAsAnOlderServer(db, 15);
    const raw = await openRawDatabase(db);
    try {
      const fold =
        'SELECT inbox_fold_letters(t) AS letters, inbox_fold(t) AS words FROM unnest(?::text[]) WITH ORDINALITY AS u(t, i) ORDER BY i';
      const before = await raw.query(fold, [texts]);
      await raw.exec(MIGRATIONS.find((m) => m.version === 16)!.postgres!);
      expect(await raw.query(fold, [texts])).toEqual(before);
      expect(before[0]!.letters).toBe(texts[0]!.toLowerCase());
      expect(before[1]!.letters).not.toBe(texts[1]!.toLowerCase());
    } finally {
      await raw.close();
    }
  });
});
