/**
 * The appearance editor's calls (docs/console.md "HTTP API"), as the actors machines/console-appearance.ts
 * declares, over the console's API client (console/api.ts).
 */
import { fromPromise } from 'xstate';
import type { CallError, Fields, Loaded, Published } from '../../machines/console-appearance';
import type { ConsoleApi } from '../api';

/** What the editor needs of the console's API client. */
export type AppearanceApi = Pick<
  ConsoleApi,
  'appearance' | 'saveAppearance' | 'appearanceVersions' | 'appearanceVersion' | 'restoreAppearance'
>;

const CODES: readonly CallError[] = ['CONFLICT', 'INVALID', 'FORBIDDEN', 'NOT_FOUND', 'UNAUTHENTICATED'];

/** Rethrows a failed call as `{ code }`, which the machine reads: the client's `ApiError` code where the machine knows it, else FAILED. */
const coded = async <T>(call: Promise<T>): Promise<T> => {
  try {
    return await call;
  } catch (err) {
    const code = (err as { code?: unknown } | null)?.code;
    throw { code: CODES.includes(code as CallError) ? code : 'FAILED', cause: err };
  }
};

/** The editor's actors over `api`. */
export function appearanceEffects(api: AppearanceApi) {
  const load = async (siteId: string): Promise<Loaded> => {
    const [published, versions] = await Promise.all([coded(api.appearance(siteId)), coded(api.appearanceVersions(siteId))]);
    return { published, versions };
  };
  return {
    loadAppearance: fromPromise<Loaded, { siteId: string }>(({ input }) => load(input.siteId)),
    saveAppearance: fromPromise<Published, { siteId: string; appearance: Fields; baseVersion: number }>(async ({ input }) => {
      await coded(api.saveAppearance(input.siteId, input.appearance, input.baseVersion));
      return coded(api.appearance(input.siteId));
    }),
    loadVersion: fromPromise<Fields, { siteId: string; version: number }>(
      async ({ input }) => (await coded(api.appearanceVersion(input.siteId, input.version))).appearance,
    ),
    restoreVersion: fromPromise<unknown, { siteId: string; version: number }>(({ input }) =>
      coded(api.restoreAppearance(input.siteId, input.version)),
    ),
  };
}
