/**
 * The server's copy of the answers (docs/journey.md "Keeping advice on the server"): each change the local autosave
 * writes is appended to the advice file too, only while the browser holds one (consent). Bursts coalesce: at most one
 * call in flight, and the latest answers win over any that waited. A failure that may pass (offline, 5xx) is tried
 * again with a growing delay, and at once when the browser comes back online; the latest answers are never dropped
 * for an older one. A refusal (4xx but 409 and 429) drops that change: the next change tries again; a 429 waits its Retry-After.
 */
import { fromCallback } from 'xstate';
import type { AutosaveCommand } from '../../machines/journey-records';
import type { StorageLike } from '../storage';
import { isTransient, RecordsError, type RecordsApi } from './api';
import { readFile } from './store';

/** The first retry's delay, doubled each time up to {@link RETRY_MAX_MS}. */
export const RETRY_FIRST_MS = 1000;
/** The longest wait between two tries. */
export const RETRY_MAX_MS = 60_000;

/** Where the browser says it is back online (window; absent in Node). */
type OnlineEvents = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

export interface SaverDeps {
  api: RecordsApi;
  storage: StorageLike;
  /** @default window, when there is one */
  online?: OnlineEvents | null;
  /** Told after each change the server has recorded (tests). */
  onSaved?: (seq: number) => void;
}

/** The saver: `send` a change, `stop` to end every timer and listener. */
export function startSaver({ api, storage, online = globalThis.window ?? null, onSaved }: SaverDeps) {
  let waiting: AutosaveCommand | null = null;
  let busy = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  /** Told when nothing is in flight or waiting (or a retry waits: offline, the file has what it has). */
  let idle: (() => void)[] = [];
  const settle = () => {
    if (busy || (waiting && timer === undefined)) return;
    for (const done of idle) done();
    idle = [];
  };

  const retryNow = () => {
    clearTimeout(timer);
    timer = undefined;
    void flush();
  };

  async function flush(): Promise<void> {
    if (busy || stopped || timer !== undefined || !waiting) return settle();
    const file = readFile(storage);
    // no file: no consent (or it was stopped), so nothing leaves the browser
    if (!file) {
      waiting = null;
      return settle();
    }
    const command = waiting;
    waiting = null;
    busy = true;
    try {
      const { seq } = await api.appendAnswers(file, { answers: command.answers, resumeAt: command.resumeAt });
      failures = 0;
      onSaved?.(seq);
    } catch (err) {
      // a change that waited meanwhile is newer: it is the one to try again
      if (isTransient(err)) {
        waiting ??= command;
        failures++;
        // a 429's Retry-After is the least wait
        const after = err instanceof RecordsError && err.retryAfterS ? err.retryAfterS * 1000 : 0;
        timer = setTimeout(retryNow, Math.max(after, Math.min(RETRY_FIRST_MS * 2 ** (failures - 1), RETRY_MAX_MS)));
      }
    } finally {
      busy = false;
    }
    void flush();
  }

  online?.addEventListener('online', retryNow);
  const saver = {
    /** Resolves once the latest change has been sent (or is waiting for a retry): calls that read the file go after it. */
    idle: () =>
      new Promise<void>((resolve) => {
        idle.push(resolve);
        settle();
      }),
    send(command: AutosaveCommand) {
      waiting = command;
      void flush();
    },
    stop() {
      stopped = true;
      waiting = null;
      clearTimeout(timer);
      online?.removeEventListener('online', retryNow);
      settle();
      if (active === saver) active = null;
    },
  };
  active = saver;
  return saver;
}

let active: ReturnType<typeof startSaver> | null = null;

/** Resolves once the running saver (if any) has sent the latest change. */
export const saverIdle = (): Promise<void> => active?.idle() ?? Promise.resolve();

/** The saver as the journey's `records` actor (tests provide it directly; the app loads it through ./hook.ts). */
export const recordsSaverActor = (deps: SaverDeps) =>
  fromCallback<AutosaveCommand>(({ receive }) => {
    const saver = startSaver(deps);
    receive(saver.send);
    return saver.stop;
  });
