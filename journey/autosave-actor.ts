/** The journey machine's `autosave` actor: writes each change of the answers to storage. */
import { fromCallback } from 'xstate';
import type { AutosaveCommand } from '../machines/journey-records';
import { systemClock, type Clock } from './clock';
import { isoDate } from './engine/dates';
import { saveAnswers, type StorageLike } from './storage';
import { lazySuitability, type LazySuitability, type SuitabilityCheck } from './suitability';

/**
 * Saves each change at once, with the suitability of the answers as they stand (the reason is recorded
 * with the answers). While the engine's check is still loading (journey/suitability.ts), the answers are
 * saved without it, then saved again with it once it has loaded, unless a newer change was saved since.
 */
export const autosaveActor = (
  storage: StorageLike,
  onSaved?: () => void,
  now: Clock = systemClock,
  suitability: LazySuitability = lazySuitability(),
) =>
  fromCallback<AutosaveCommand>(({ receive }) => {
    let latest: AutosaveCommand | null = null;
    const save = (command: AutosaveCommand, check: SuitabilityCheck | null) => {
      const at = now();
      const s = check?.(command.answers, at);
      const assessed = s && {
        // The local calendar day, as the engine dates the assessment: a UTC date would
        // record the day before for a save before 10 or 11 am in Australia.
        asOf: isoDate(at),
        suitable: s.suitable,
        // codes only: the words are the catalogue's, in the visitor's language
        reasons: s.reasons.map((r) => ({ code: r.code })),
      };
      saveAnswers(storage, command.answers, at, console.warn, assessed, command.resumeAt);
      onSaved?.();
    };
    receive((command) => {
      latest = command;
      const check = suitability.get();
      save(command, check);
      if (!check)
        void suitability.load().then(
          (fn) => latest === command && save(command, fn),
          () => undefined,
        );
    });
  });

/** A Map-backed StorageLike, for tests and for browsers where localStorage is blocked. */
export function memoryStorage(initial: Record<string, string> = {}): StorageLike & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, String(v)),
    removeItem: (k) => void data.delete(k),
  };
}
