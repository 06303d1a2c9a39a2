/**
 * The appearance editor's calls (docs/console.md "HTTP API"), as the actors machines/console-appearance.ts
 * declares, over the console's API client.
 */
import { fromPromise } from 'xstate';
import type { CallError, Fields, Loaded, Published, VersionInfo } from '../../machines/console-appearance';

/** What the editor needs of the console's API client: JSON calls under `/console/api/`, failing with the error's code. */
export interface AppearanceApi {
  get<T>(path: string): Promise<T>;
  put<T>(path: string, body: unknown): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
}

/** A failed call's code: the API's `error` (or a client's `code`), else FAILED. */
export const errorCode = (err: unknown): CallError => {
  const e = (err ?? {}) as { code?: unknown; error?: unknown };
  const code = typeof e.code === 'string' ? e.code : typeof e.error === 'string' ? e.error : 'FAILED';
  return (['CONFLICT', 'INVALID', 'FORBIDDEN', 'NOT_FOUND', 'UNAUTHENTICATED'].includes(code) ? code : 'FAILED') as CallError;
};

/** Rethrows a failed call as `{ code }`, which the machine reads. */
const coded = async <T>(call: Promise<T>): Promise<T> => {
  try {
    return await call;
  } catch (err) {
    throw { code: errorCode(err), cause: err };
  }
};

const site = (siteId: string) => `sites/${encodeURIComponent(siteId)}/appearance`;

/** The editor's actors over `api`. */
export function appearanceEffects(api: AppearanceApi) {
  const load = async (siteId: string): Promise<Loaded> => {
    const [published, versions] = await Promise.all([
      coded(api.get<Published>(site(siteId))),
      coded(api.get<VersionInfo[]>(`${site(siteId)}/versions`)),
    ]);
    return { published, versions };
  };
  return {
    loadAppearance: fromPromise<Loaded, { siteId: string }>(({ input }) => load(input.siteId)),
    saveAppearance: fromPromise<Published, { siteId: string; appearance: Fields; baseVersion: number }>(async ({ input }) => {
      await coded(api.put(site(input.siteId), { appearance: input.appearance, baseVersion: input.baseVersion }));
      return coded(api.get<Published>(site(input.siteId)));
    }),
    loadVersion: fromPromise<Fields, { siteId: string; version: number }>(async ({ input }) => {
      const v = await coded(api.get<Fields | { appearance: Fields }>(`${site(input.siteId)}/versions/${input.version}`));
      // the contract says "that version's fields": bare, or as `{ appearance }` beside its version's details
      return (typeof v.appearance === 'object' && v.appearance !== null ? v.appearance : v) as Fields;
    }),
    restoreVersion: fromPromise<unknown, { siteId: string; version: number }>(({ input }) =>
      coded(api.post(`${site(input.siteId)}/versions/${input.version}/restore`)),
    ),
  };
}
