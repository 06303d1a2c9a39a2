/**
 * Tiny runtime checks for what the network sends (every response is validated
 * before use). Each check is a type guard; `obj` ignores fields it does not name.
 */
export type Check<T> = (value: unknown) => value is T;
export type Checked<C> = C extends Check<infer T> ? T : never;

export const str: Check<string> = (v): v is string => typeof v === 'string';
export const num: Check<number> = (v): v is number => typeof v === 'number' && Number.isFinite(v);
export const bool: Check<boolean> = (v): v is boolean => typeof v === 'boolean';

export const nullable =
  <T>(check: Check<T>): Check<T | null> =>
  (v): v is T | null =>
    v === null || check(v);

export const optional =
  <T>(check: Check<T>): Check<T | undefined> =>
  (v): v is T | undefined =>
    v === undefined || check(v);

export const arr =
  <T>(check: Check<T>): Check<T[]> =>
  (v): v is T[] =>
    Array.isArray(v) && v.every(check);

export const obj =
  <S extends Record<string, Check<unknown>>>(shape: S): Check<{ [K in keyof S]: Checked<S[K]> }> =>
  (v): v is { [K in keyof S]: Checked<S[K]> } =>
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    Object.entries(shape).every(([k, c]) => c((v as Record<string, unknown>)[k]));
