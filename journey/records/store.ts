/**
 * What the browser keeps of the advice records (docs/journey.md "Keeping advice on the server"): the visitor's
 * answer to the consent question, and the file their answers go to. Two keys, so that the first visit's hook
 * (./hook.ts) learns from one read whether anything may reach the server at all.
 */
import type { StorageLike } from '../storage';
import type { FileAccess } from './api';

/** The consent question's answer: 'yes' or 'no' (asked once, on the intro page). */
export const CONSENT_KEY = 'investment-journey:consent';
/** The advice file's `{ fileId, token, name }`, kept only with consent (./hook.ts reads the same key). */
export const FILE_KEY = 'investment-journey:advice-file';

/** The stored answer to the consent question, or null when it has not been asked yet. */
export function readConsent(storage: StorageLike): 'yes' | 'no' | null {
  try {
    const v = storage.getItem(CONSENT_KEY);
    return v === 'yes' || v === 'no' ? v : null;
  } catch {
    return null;
  }
}

/** The advice file this browser writes to, with the client's name, or null (no consent, or none created yet). */
export function readFile(storage: StorageLike): KeptFile | null {
  try {
    const v = JSON.parse(storage.getItem(FILE_KEY) ?? 'null') as Partial<KeptFile> | null;
    return v && typeof v.fileId === 'string' && typeof v.token === 'string'
      ? { fileId: v.fileId, token: v.token, name: typeof v.name === 'string' ? v.name : '' }
      : null;
  } catch {
    return null;
  }
}

/** The file as the browser keeps it: its access and the client's name (the statement's and the partner link's). */
export interface KeptFile extends FileAccess {
  name: string;
}

/** localStorage, or an in-memory stand-in where the browser blocks it. */
export function localStore(): StorageLike {
  try {
    const s = window.localStorage;
    s.getItem('');
    return s;
  } catch {
    const data = new Map<string, string>();
    return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
  }
}

const write = (storage: StorageLike, key: string, value: string | null) => {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // storage blocked: the choice holds for this visit only
  }
};

/** Consent given: the file created for it is the one the answers go to from now on. */
export function keepFile(storage: StorageLike, file: KeptFile): void {
  write(storage, CONSENT_KEY, 'yes');
  write(storage, FILE_KEY, JSON.stringify({ fileId: file.fileId, token: file.token, name: file.name }));
}

/** Consent refused, or stopped: nothing more goes to the server (the file already kept stays, under the site's retention). */
export function keepNothing(storage: StorageLike): void {
  write(storage, CONSENT_KEY, 'no');
  write(storage, FILE_KEY, null);
}
