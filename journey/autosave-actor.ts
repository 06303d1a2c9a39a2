/** The journey machine's `autosave` actor: writes each change of the answers to storage. */
import { fromCallback } from 'xstate';
import type { AutosaveCommand } from '../machines/journey';
import { systemClock, type Clock } from './clock';
import { assessSuitability } from './engine/assess';
import { isoDate } from './engine/dates';
import { saveAnswers, type StorageLike } from './storage';

/** Saves each change, with the suitability of the answers as they stand (the reason is recorded with the answers). */
export const autosaveActor = (storage: StorageLike, onSaved?: () => void, now: Clock = systemClock) =>
  fromCallback<AutosaveCommand>(({ receive }) => {
    receive((command) => {
      const at = now();
      const s = assessSuitability(command.answers, at);
      saveAnswers(storage, command.answers, at, console.warn, {
        // The local calendar day, as the engine dates the assessment: a UTC date would
        // record the day before for a save before 10 or 11 am in Australia.
        asOf: isoDate(at),
        suitable: s.suitable,
        reasons: s.reasons.map((r) => ({ code: r.code, title: r.title })),
      }, command.resumeAt);
      onSaved?.();
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
