/** The journey machine's `autosave` actor: writes each change of the answers to storage. */
import { fromCallback } from 'xstate';
import type { AutosaveCommand } from '../machines/journey';
import { saveAnswers, type StorageLike } from './storage';

export const autosaveActor = (storage: StorageLike, onSaved?: () => void) =>
  fromCallback<AutosaveCommand>(({ receive }) => {
    receive((command) => {
      saveAnswers(storage, command.answers);
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
