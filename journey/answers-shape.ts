/**
 * Whether a value read from outside (the browser's storage, a resume code's answer from the server) has the shape of
 * the journey's answers: exactly the keys and primitive types of the blank answers, each list's rows those of its
 * blank row. Pure; journey/storage.ts and the journey machine's `isRestorable` guard (journey/questionnaire.ts) share it.
 */
import type { Answers } from '../machines/journey-answers';

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** True when `value` has exactly the keys and primitive types of `template` (rows checked against their blank row). */
function sameShape(value: unknown, template: unknown, rowTemplate?: object): boolean {
  if (Array.isArray(template)) {
    return Array.isArray(value) && rowTemplate !== undefined && value.every((row) => sameShape(row, { ...rowTemplate, id: 0 }));
  }
  if (isObj(template)) {
    if (!isObj(value)) return false;
    const keys = Object.keys(template);
    if (Object.keys(value).length !== keys.length) return false;
    return keys.every((k) => k in value && sameShape(value[k], template[k], rowTemplate));
  }
  return typeof value === typeof template;
}

/** True when `value` is answers of the shape of `template` (blank answers) with rows of the shape of `rows`. */
export function hasAnswersShape(value: unknown, template: Answers, rows: Partial<Record<string, object>>): value is Answers {
  if (!isObj(value)) return false;
  if (Object.keys(value).length !== Object.keys(template).length) return false;
  return Object.entries(template).every(([key, t]) => key in value && sameShape(value[key], t, rows[key]));
}
