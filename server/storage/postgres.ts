/**
 * The Storage interface on PostgreSQL (issue 17), for several instances of the server behind a load balancer:
 * a pool of connections (`pg`), the schema migrated on open under an advisory lock, every multi-row write in one
 * transaction, the shared state in tables, and one listening connection per instance through which instances
 * tell each other that cached rows changed (postgres/listener.ts). Each table group's methods live in `postgres/`,
 * under the same names as SQLite's in `sqlite/`; this module connects and puts them together.
 */
import pg from 'pg';
import type { DataStorage, Storage } from './types';
import { postgresAccounts } from './postgres/accounts';
import { postgresAdvice } from './postgres/advice';
import { postgresAnalytics } from './postgres/analytics';
import { postgresAnalyticsReport } from './postgres/analytics-report';
import { postgresAudit } from './postgres/audit';
import { postgresRefusedOrigins } from './postgres/refused-origins';
import { postgresPreviewKeys } from './postgres/preview-keys';
import { postgresChatSessions } from './postgres/chat-sessions';
import { postgresConsoleSessions } from './postgres/console-sessions';
import { postgresDocuments } from './postgres/documents';
import { postgresFiles } from './postgres/files';
import { postgresInbox } from './postgres/inbox';
import { openListener } from './postgres/listener';
import { migrate } from './postgres/migrations';
import { postgresProfiles } from './postgres/profiles';
import { postgresRetention } from './postgres/retention';
import { postgresShared } from './postgres/shared';
import { postgresSites } from './postgres/sites';
import { postgresTriggers } from './postgres/triggers';
import { postgresVideos } from './postgres/videos';

export interface PostgresOptions {
  /**
   * Connections in the pool at most (DATABASE_POOL_SIZE), at least 2 (`exclusive` holds one while its task uses
   * another). Besides it, each instance keeps a pool half its size for the shared state's counts and one listening
   * connection: 10 makes at most 16 connections an instance. @default 10
   */
  poolSize?: number;
  /** The clock of the shared state's times, and of console sessions, invitations and sign-in counts. @default Date.now */
  now?: () => number;
  /** Told of connection errors the storage recovers from by itself (a dropped idle connection, the listener's reconnects). @default console.error */
  onError?: (err: Error) => void;
  /**
   * Told, for each connection a query or transaction takes from the pool (the shared state's own pool aside), how long
   * it waited for one (ms) and how many were already waiting when it asked: the pool's waits, for a benchmark
   * (scripts/bench-db.ts) or a metrics exporter. @default nothing is told
   */
  onAcquire?: (waitedMs: number, waitingBefore: number) => void;
}

/** Opens the database at `url` (`postgres://user:password@host:5432/database`), migrating it as needed. */
export async function openPostgresStorage(url: string, options: PostgresOptions = {}): Promise<Storage> {
  const onError = options.onError ?? ((err: Error) => console.error(`postgres: ${err.message}`));
  const config: pg.PoolConfig = {
    connectionString: url,
    max: Math.max(2, options.poolSize ?? 10),
    // a database out of reach fails a request in seconds rather than leave it hanging
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
    application_name: 'horizon-server',
  };
  const pool = new pg.Pool(config);
  if (options.onAcquire) timeAcquires(pool, options.onAcquire);
  // The shared state's writes every request makes (counts, bindings): a crash of the database may lose the last moment
  // of them without harm, so their commits do not wait for the disk. Messages and everything else do.
  const fleeting = new pg.Pool({ ...config, max: Math.max(2, Math.ceil(config.max! / 2)), options: '-c synchronous_commit=off' });
  // an idle connection the server closed (a restart, a timeout) is dropped from the pool; the next query opens another
  pool.on('error', onError);
  fleeting.on('error', onError);
  let listener: Awaited<ReturnType<typeof openListener>> | undefined;
  try {
    await migrate(pool);
    listener = await openListener(
      { connectionString: url, connectionTimeoutMillis: 10_000, application_name: 'horizon-server-listener' },
      onError,
    );
  } catch (err) {
    await Promise.all([pool.end(), fleeting.end()]).catch(() => undefined);
    throw err;
  }
  // the same parts, in the same order, as sqlite.ts
  const data: DataStorage = {
    ...postgresSites(pool, listener, options.now),
    ...postgresChatSessions(pool),
    ...postgresProfiles(pool),
    ...postgresFiles(pool),
    ...postgresDocuments(pool, listener),
    ...postgresVideos(pool, listener),
    ...postgresTriggers(pool, listener),
    ...postgresAnalytics(pool),
    ...postgresRetention(pool),
    ...postgresAudit(pool),
    ...postgresAccounts(pool, options.now ?? Date.now),
    ...postgresConsoleSessions(pool, options.now ?? Date.now),
    ...postgresRefusedOrigins(pool),
    ...postgresInbox(pool),
    ...postgresPreviewKeys(pool, options.now),
    ...postgresAnalyticsReport(pool, options.now ?? Date.now),
    ...postgresAdvice(pool),
  };
  const { stopSweeps, ...shared } = postgresShared(pool, fleeting, listener, options.now);

  return {
    ...data,
    ...shared,
    async close() {
      stopSweeps();
      await listener.close();
      await Promise.all([pool.end(), fleeting.end()]);
    },
  };
}

/**
 * Reports how long each `connect` of `pool` waits: the pool's own `query` takes its connection through `connect` too,
 * so every statement and transaction is counted.
 */
function timeAcquires(pool: pg.Pool, report: NonNullable<PostgresOptions['onAcquire']>): void {
  const connect = pool.connect.bind(pool) as (
    callback?: (err: Error | undefined, client: pg.PoolClient, done: () => void) => void,
  ) => unknown;
  pool.connect = ((callback?: (err: Error | undefined, client: pg.PoolClient, done: () => void) => void) => {
    const asked = performance.now();
    const waiting = pool.waitingCount;
    if (callback) {
      return connect((err, client, done) => {
        report(performance.now() - asked, waiting);
        callback(err, client, done);
      });
    }
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      report(performance.now() - asked, waiting);
      return client;
    });
  }) as typeof pool.connect;
}
