/**
 * The {@link SharedState} of a server that runs alone (SQLite: one process owns the database file), kept
 * in its memory, with the named secrets in files beside the database. Every map is bounded, so that a flood
 * of keys (guessed ids, rotated addresses) cannot grow it without end: past its bound, the oldest go first.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createAvatarRegistry } from '../../avatar/registry';
import type { AnswerClaim, SharedState } from '../types';

/** How many keys each map holds at most. */
export const MEMORY_LIMITS = { requestCounts: 100_000, tokenFamilies: 200_000, answers: 5000 };

/**
 * Deletes the oldest entries (a Map keeps insertion order, and each entry here is inserted anew when it starts
 * again) until `map` has room for one more: constant time per entry, whatever a flood of keys does.
 */
function makeRoom<K, V>(map: Map<K, V>, max: number): void {
  for (const k of map.keys()) {
    if (map.size < max) break;
    map.delete(k);
  }
}

/**
 * The shared state of the storage on the database file `file` (':memory:' for a throwaway one, whose secrets
 * last as long as it does); `now` is the clock (tests move it).
 */
export function sqliteShared(file: string, now: () => number = Date.now): SharedState {
  return memorySharedState(file === ':memory:' ? memorySecrets() : secretFiles(path.dirname(file)), now);
}

/** The in-process shared state. `secrets` keeps the named secrets (files beside the database, so that they outlive a restart). */
function memorySharedState(
  secrets: { read(name: string): string | null; write(name: string, value: string): void },
  now: () => number,
): SharedState {
  const counts = new Map<string, { count: number; endsAt: number }>();
  const families = new Map<string, { visitor: string; until: number }>();
  const answers = new Map<string, { at: number; ttlMs: number; answer: Promise<object | null> }>();
  const avatars = createAvatarRegistry(now);
  const locks = new Map<string, Promise<unknown>>();

  return {
    async countRequest(key, windowMs) {
      const t = now();
      let entry = counts.get(key);
      if (!entry || entry.endsAt <= t) {
        counts.delete(key);
        makeRoom(counts, MEMORY_LIMITS.requestCounts);
        entry = { count: 0, endsAt: t + windowMs };
        counts.set(key, entry);
      }
      entry.count++;
      return { count: entry.count, resetInMs: entry.endsAt - t };
    },

    async claimTokenFamily(family, visitor, untilMs) {
      const t = now();
      const bound = families.get(family);
      if (bound && bound.until > t) return bound.visitor === visitor;
      families.delete(family);
      makeRoom(families, MEMORY_LIMITS.tokenFamilies);
      families.set(family, { visitor, until: untilMs });
      return true;
    },

    async secret(name, make) {
      if (!/^[A-Za-z0-9-]+$/.test(name)) throw new Error(`"${name}" is not a secret's name`);
      const known = secrets.read(name);
      if (known !== null) return known;
      const made = make();
      secrets.write(name, made);
      return made;
    },

    exclusive<T>(name: string, task: () => Promise<T>): Promise<T> {
      // each task starts once the one before it with this name has settled
      const before = locks.get(name) ?? Promise.resolve();
      const run = before.then(task, task);
      const settled = run.then(
        () => undefined,
        () => undefined,
      );
      locks.set(name, settled);
      void settled.then(() => {
        if (locks.get(name) === settled) locks.delete(name);
      });
      return run;
    },

    async claimAnswer(key, ttlMs): Promise<AnswerClaim> {
      for (;;) {
        const entry = answers.get(key);
        if (!entry || now() - entry.at >= entry.ttlMs) break;
        // given, or being given: a request that comes while the first is being answered waits for it
        const answered = await entry.answer;
        if (answered) return { answered };
        // that request gave no answer to reuse (it failed): this one answers, unless another got there first
        if (answers.get(key) === entry) break;
      }
      let settle!: (answer: object | null) => void;
      const entry = { at: now(), ttlMs, answer: new Promise<object | null>((resolve) => (settle = resolve)) };
      answers.delete(key);
      makeRoom(answers, MEMORY_LIMITS.answers);
      answers.set(key, entry);
      return {
        answered: null,
        async settle(answer) {
          if (!answer && answers.get(key) === entry) answers.delete(key);
          settle(answer);
        },
      };
    },

    addAvatarSession: async (record) => avatars.add(record),
    findAvatarSession: async (siteId, token, sessionId) => avatars.find(siteId, token, sessionId),
    removeAvatarSession: async (sessionId) => avatars.remove(sessionId),
  };
}

/** Secrets kept for this storage's life only (a throwaway database). */
function memorySecrets() {
  const values = new Map<string, string>();
  return { read: (name: string) => values.get(name) ?? null, write: (name: string, value: string) => void values.set(name, value) };
}

/** Secrets as files in `dir` beside the database (`token-secret`, `demo-api-key`), readable by their owner only. */
function secretFiles(dir: string) {
  return {
    read(name: string): string | null {
      const file = path.join(dir, name);
      return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
    },
    write(name: string, value: string): void {
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, name);
      writeFileSync(file, value, { mode: 0o600 });
      chmodSync(file, 0o600);
    },
  };
}
