/**
 * Autosave of the journey's answers (the intro promises that details autosave).
 * Stored in localStorage under one versioned key; anything unreadable, of another
 * version or of the wrong shape is discarded with a console warning, never a crash.
 */
import { isEmptyAnswers, type Answers } from '../machines/journey-answers';
import { hasAnswersShape } from './answers-shape';
import { blankRows, emptyAnswers } from './questionnaire';

export const STORAGE_KEY = 'investment-journey:answers';
/**
 * Bump when the shape of Answers changes; older records are then discarded, unless {@link migrate} reads them.
 * 2 (issue 34): a couple's partner, blank in a record of version 1.
 */
export const STORAGE_VERSION = 2;

/** A record's answers as this version has them: a version-1 record gets the partner blank (from `blank`). */
const migrate = (answers: unknown, version: number, blank: () => Answers): unknown =>
  version === 1 && isObj(answers) ? { partner: blank().partner, ...answers } : answers;

/** The suitability of the answers when they were saved (JOURNEY-ENGINE.md: the reason is recorded with the answers). */
export interface SavedSuitability {
  asOf: string;
  suitable: boolean;
  /** The reasons' codes (records saved before the words left the engine carry an English `title` too, which nothing reads). */
  reasons: { code: string; title?: string }[];
}

interface Record_ {
  version: number;
  savedAt: string;
  answers: Answers;
  suitability?: SavedSuitability;
  /** The screen to resume at (issue 15), a screen id the app checks before use. */
  resumeAt?: string;
}

/** The part of Web Storage this module uses (so tests can pass a Map-backed fake). */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

type Warn = (message: string) => void;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Validates an unknown value as Answers, of the shape of `blank` with the lists' rows of the shape of `rows` (the
 * questions' blank answers and blank rows, journey/questionnaire.ts).
 */
export function isAnswers(
  value: unknown,
  blank: () => Answers = emptyAnswers,
  rows: Partial<Record<string, object>> = blankRows,
): value is Answers {
  return hasAnswersShape(value, blank(), rows);
}

/** The saved answers, or null when there are none or they cannot be used (not of the shape of `blank` and `rows`). */
export function loadAnswers(
  storage: StorageLike,
  warn: Warn = console.warn,
  blank: () => Answers = emptyAnswers,
  rows: Partial<Record<string, object>> = blankRows,
): Answers | null {
  let raw: string | null;
  try {
    raw = storage.getItem(STORAGE_KEY);
  } catch {
    warn('Saved answers could not be read (storage unavailable); starting afresh.');
    return null;
  }
  if (raw === null) return null;
  const discard = (why: string) => {
    warn(`Saved answers were discarded: ${why}.`);
    try {
      storage.removeItem(STORAGE_KEY);
    } catch {
      // storage unavailable: nothing more to clean up
    }
    return null;
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return discard('they are not valid JSON');
  }
  if (!isObj(parsed) || typeof parsed.version !== 'number') return discard('they have no version');
  if (parsed.version !== 1 && parsed.version !== STORAGE_VERSION)
    return discard(`they are from version ${parsed.version}, this is version ${STORAGE_VERSION}`);
  const answers = migrate(parsed.answers, parsed.version, blank);
  if (!isAnswers(answers, blank, rows)) return discard('they do not have the expected shape');
  return answers;
}

/** The screen saved to resume at, if the saved answers are usable and it is one of `screens`; else null. */
export function loadResumeAt<T extends string>(storage: StorageLike, screens: readonly T[]): T | null {
  if (!loadAnswers(storage, () => undefined)) return null;
  try {
    const at = (JSON.parse(storage.getItem(STORAGE_KEY)!) as Record_).resumeAt;
    return screens.find((s) => s === at) ?? null;
  } catch {
    return null;
  }
}

/** Saves the answers; an empty set removes the record. Storage errors (quota, private mode) are warned, not thrown. */
export function saveAnswers(
  storage: StorageLike,
  answers: Answers,
  now = new Date(),
  warn: Warn = console.warn,
  suitability?: SavedSuitability,
  resumeAt?: string | null,
): void {
  try {
    if (isEmptyAnswers(answers)) {
      storage.removeItem(STORAGE_KEY);
      return;
    }
    const record: Record_ = {
      version: STORAGE_VERSION,
      savedAt: now.toISOString(),
      answers,
      ...(suitability ? { suitability } : {}),
      ...(resumeAt ? { resumeAt } : {}),
    };
    storage.setItem(STORAGE_KEY, JSON.stringify(record));
  } catch {
    warn('Your answers could not be saved on this device (storage unavailable or full).');
  }
}
