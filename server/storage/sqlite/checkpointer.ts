/**
 * The WAL's checkpoints, off the event loop (docs/server.md "Durability", docs/benchmarks.md "Scale").
 *
 * SQLite checkpoints in the commit that takes the WAL past `wal_autocheckpoint` pages (1,000 by default): that commit
 * copies the WAL's pages into the database file and waits for the disk twice, 8 to 38 ms on this machine, on the
 * thread that commits, here the event loop. Under many answers at once that was a stall every second or so, in which
 * no visitor got a word. So once the server writes answers (the first group commit), a worker thread with its own
 * connection to the file runs a passive checkpoint every {@link CHECKPOINT_EVERY_MS} ms: it copies what the WAL holds
 * without waiting for or blocking anyone, the commits go on meanwhile, and the WAL is written from its start again by
 * the first commit after a whole checkpoint. The server's own connection checkpoints by itself only past
 * {@link FALLBACK_CHECKPOINT_PAGES} pages (should the worker fall behind), and at the default again if the worker stops.
 *
 * Nothing about durability changes: every commit still waits for the WAL to be on the disk, and a checkpoint
 * interrupted (a crash, a kill) is taken up again from the WAL, as SQLite always does.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './db';

/** How often the worker checkpoints, in ms. */
export const CHECKPOINT_EVERY_MS = 200;

/** The WAL's pages past which the server's own connection checkpoints after all (40 MB of 4 KB pages). */
export const FALLBACK_CHECKPOINT_PAGES = 10_000;

/** SQLite's own default, the server's connection's again if the worker stops. */
const DEFAULT_CHECKPOINT_PAGES = 1000;

// resolved here, where the package is found (its source under test, dist/server in the bundle): code evaluated in a
// worker resolves from the working directory
const SQLITE_MODULE = createRequire(import.meta.url).resolve('better-sqlite3');

/** What one of the worker's checkpoints did: the WAL's frames, and how many of them are in the database file now. */
export interface Checkpoint {
  log: number;
  checkpointed: number;
}

/**
 * The worker's code: CommonJS evaluated in the worker. It reports each checkpoint that found the WAL changed, and stops
 * (its connection closed) when told to.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file, { fileMustExist: true });
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
let last = '';
const timer = setInterval(() => {
  // (a passive checkpoint says in its row when it could not copy everything; one that throws ends the worker, and
  // the server's connection checkpoints by itself again)
  const { log, checkpointed } = checkpoint.get();
  const seen = log + ' ' + checkpointed;
  if (seen !== last && log > 0) parentPort.postMessage({ log, checkpointed });
  last = seen;
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/** The checkpoints of the database file `file`, open on `db`. */
export interface Checkpointer {
  /** Starts the worker, once (later calls, and calls after `stop`, do nothing): from then on `db` checkpoints only past the fallback. */
  start(): void;
  /** Stops the worker and closes its connection; `db` checkpoints by itself again. */
  stop(): Promise<void>;
  /** Settles once the worker has ended (stopped, or failed), and `db` checkpoints by itself again. */
  ended(): Promise<void>;
}

/**
 * Checkpoints `file` (open on `db`) in a worker from {@link Checkpointer.start} on; `onCheckpoint` hears each
 * checkpoint that moved frames (the tests wait for one).
 */
export function checkpointer(
  db: Db,
  file: string,
  options: { everyMs?: number; onCheckpoint?: (c: Checkpoint) => void } = {},
): Checkpointer {
  let worker: Worker | null = null;
  let stopped = false;
  let exited: Promise<void> = Promise.resolve();
  const ownCheckpoints = (pages: number) => {
    if (db.open) db.pragma(`wal_autocheckpoint = ${pages}`);
  };
  return {
    start() {
      if (worker || stopped) return;
      const started = new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: { file, module: SQLITE_MODULE, everyMs: options.everyMs ?? CHECKPOINT_EVERY_MS },
      });
      worker = started;
      // it never keeps a process alive (the admin CLI ends when its work is done)
      started.unref();
      exited = new Promise((resolve) => started.once('exit', () => resolve()));
      started.on('message', (c: Checkpoint) => options.onCheckpoint?.(c));
      // a worker that failed (it could not open the file, a checkpoint threw) leaves the checkpoints to the server's
      // connection, as before: the WAL never grows without bound
      started.on('error', (err) =>
        process.emitWarning(`the WAL's checkpoints are back on the server's connection: ${err.message}`, 'SqliteCheckpointWarning'),
      );
      exited = exited.then(() => ownCheckpoints(DEFAULT_CHECKPOINT_PAGES));
      ownCheckpoints(FALLBACK_CHECKPOINT_PAGES);
    },
    async stop() {
      stopped = true;
      worker?.postMessage('stop');
      worker = null;
      await exited;
    },
    ended: () => exited,
  };
}
