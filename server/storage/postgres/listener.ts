/**
 * One connection per instance that stays open: it LISTENs for what other instances announce (a site changed:
 * drop the caches; an answer was given: wake whoever waits for it) and holds this instance's advisory lock,
 * by which the others know it is alive (an answer it was giving is not waited for once it is gone). Lost
 * (the database restarted, the network dropped), it reconnects with a growing delay; meanwhile nothing is
 * cached, and answers are waited for by asking again.
 */
import pg from 'pg';
import { LOCKS } from './db';

/** What instances announce to each other. */
export const CHANNELS = { cache: 'horizon_cache', answer: 'horizon_answer' } as const;

/** The longest wait between two attempts to reconnect. */
const MAX_RECONNECT_DELAY_MS = 10_000;
/**
 * How often the connection is asked whether it is still there, and how long it has to say so: a connection that
 * only listens is idle, and a firewall or NAT that drops it quietly would leave the caches trusting a dead line.
 */
export const HEARTBEAT = { everyMs: 30_000, timeoutMs: 10_000 };

export interface Listener {
  /** This instance's id: the second half of the advisory lock it holds while connected. */
  readonly instance: number;
  /** Whether announcements arrive now (while not, caches must not be trusted). */
  readonly connected: boolean;
  /** A number that changes whenever cached rows may have changed: an announcement came, or the connection came or went. */
  readonly generation: number;
  /** Records a change this instance made (its own announcement arrives a moment later). */
  bump(): void;
  /** Calls `wake` when an answer is announced for `key` (or the connection comes back); returns the function that stops it. */
  onAnswer(key: string, wake: () => void): () => void;
  close(): Promise<void>;
}

/** Opens the listener on `config` (the pool's connection settings) and waits for its first connection. */
export async function openListener(config: pg.ClientConfig, onError: (err: Error) => void): Promise<Listener> {
  // 1 to 2^31-1: a positive int4, as pg_locks shows it (objid)
  const instance = 1 + Math.floor(Math.random() * 0x7ffffffe);
  const waiters = new Map<string, Set<() => void>>();
  let client: pg.Client | null = null;
  let generation = 0;
  let closed = false;
  let delay = 100;
  let timer: NodeJS.Timeout | undefined;

  // the heartbeat: no answer in time ends the connection, which reconnects
  const heartbeat = setInterval(() => {
    const c = client;
    if (!c) return;
    let answered = false;
    const deadline = setTimeout(() => {
      if (!answered) c.end().catch(() => undefined);
    }, HEARTBEAT.timeoutMs);
    deadline.unref();
    c.query('SELECT 1')
      .then(() => (answered = true))
      .catch(() => c.end().catch(() => undefined))
      .finally(() => clearTimeout(deadline));
  }, HEARTBEAT.everyMs);
  heartbeat.unref();

  const wakeAll = () => {
    for (const set of waiters.values()) for (const wake of set) wake();
  };

  async function connect(): Promise<void> {
    const c = new pg.Client({ ...config, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    c.on('error', (err) => onError(err));
    c.on('notification', (n) => {
      if (n.channel === CHANNELS.cache) generation++;
      else if (n.channel === CHANNELS.answer && n.payload) for (const wake of waiters.get(n.payload) ?? []) wake();
    });
    c.on('end', () => {
      if (client !== c) return;
      client = null;
      generation++;
      if (!closed) schedule();
    });
    await c.connect();
    try {
      if (closed) throw new Error('the storage was closed while its listener connected');
      await c.query(`LISTEN ${CHANNELS.cache}`);
      await c.query(`LISTEN ${CHANNELS.answer}`);
      // not waited for: the connection this replaces may not have ended yet on the server's side; then later
      const { rows } = await c.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', [LOCKS.instance, instance]);
      if (!rows[0]?.locked) throw new Error('the instance lock is still held by the connection before');
      if (closed) throw new Error('the storage was closed while its listener connected');
    } catch (err) {
      await c.end().catch(() => undefined);
      throw err;
    }
    client = c;
    generation++;
    delay = 100;
    // what was announced while it was away is lost: whoever waits asks again
    wakeAll();
  }

  function schedule() {
    timer = setTimeout(() => {
      connect().catch((err: Error) => {
        if (closed) return;
        onError(err);
        delay = Math.min(delay * 2, MAX_RECONNECT_DELAY_MS);
        if (!closed) schedule();
      });
    }, delay);
    timer.unref();
  }

  await connect();

  return {
    instance,
    get connected() {
      return client !== null;
    },
    get generation() {
      return generation;
    },
    bump() {
      generation++;
    },
    onAnswer(key, wake) {
      let set = waiters.get(key);
      if (!set) {
        set = new Set();
        waiters.set(key, set);
      }
      set.add(wake);
      return () => {
        set.delete(wake);
        if (set.size === 0 && waiters.get(key) === set) waiters.delete(key);
      };
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      clearInterval(heartbeat);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
