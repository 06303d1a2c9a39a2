/**
 * A site's appearance (widget-spec §3): saved as versions, each kept; a save publishes it to visitors at once (the
 * boot and `GET api/appearance` read the site through caches every instance drops on a write), a restore publishes a
 * copy of an earlier version. Every value is checked by contract/appearance-fields.ts, the one validation.
 */
import { APPEARANCE_FIELDS, appearanceProblems, mergeOverrides, shownText } from '../../contract/appearance-fields';
import type { AppearanceVersion, AuditActor } from '../storage/types';
import { type Actor, type Context, need } from './context';
import { invalid, OperationError } from './errors';

/** Who saved a version, in words: an email, `cli`, or null for a site's first version from before versions were kept. */
const who = (actor: AuditActor | null) => (actor === null ? null : actor.kind === 'account' ? actor.email : 'cli');

/** A version as the console lists it. */
export interface VersionView {
  version: number;
  savedAt: string;
  savedBy: string | null;
  restoredFrom?: number;
}

const versionView = (v: AppearanceVersion): VersionView => ({
  version: v.version,
  savedAt: v.savedAt,
  savedBy: who(v.savedBy),
  ...(v.restoredFrom === null ? {} : { restoredFrom: v.restoredFrom }),
});

type Plain = Record<string, unknown>;

/** A version number as the API may send one: a whole number the database's integer holds; anything else names no version. */
const isVersion = (n: number) => Number.isInteger(n) && n >= 1 && n <= 2 ** 31 - 1;

/**
 * How many problems a refusal lists: a body of thousands of wrong fields is answered with the first ones, found
 * without checking the rest (each unknown name costs an edit distance for its suggestion).
 */
const PROBLEMS_LISTED = 20;

/** The first problem of `fields` as an INVALID refusal (the message lists the problems given, a line each), or nothing. */
function refuseProblems(problems: ReturnType<typeof appearanceProblems>): void {
  const [first] = problems;
  if (!first) return;
  throw invalid(
    shownText(`appearance.${first.field}`.replace(/^appearance\.appearance$/, 'appearance')),
    problems.map((p) => p.message).join('\n'),
    first.allowed,
  );
}

export function appearanceOperations(c: Context) {
  const latest = async (siteId: string) => (await c.storage.listAppearanceVersions(siteId))[0];

  /** Publishes `fields` as the site's next version after `baseVersion`; CONFLICT when that is no longer the latest. */
  const publish = async (actor: Actor, siteId: string, fields: Plain, baseVersion: number, restoredFrom?: number) => {
    const saved = await c.storage.saveAppearance(siteId, { fields, baseVersion, savedBy: actor, restoredFrom }, (before, after) => ({
      siteId,
      actor,
      action: restoredFrom === undefined ? 'appearance.save' : 'appearance.restore',
      before: { version: baseVersion, appearance: before?.appearance ?? {} },
      after: { version: baseVersion + 1, appearance: after.appearance, ...(restoredFrom === undefined ? {} : { restoredFrom }) },
    }));
    if (saved === 'CONFLICT')
      throw new OperationError(
        'CONFLICT',
        `the appearance was saved by someone else since version ${baseVersion}: reload it`,
        'baseVersion',
      );
    if (!saved) throw new OperationError('NOT_FOUND', `no site "${siteId}"`, 'site');
    return saved;
  };

  return {
    /** The site's stored appearance fields (not the defaults) and their version (viewers and up). */
    async getAppearance(actor: Actor, siteId: string) {
      const { site } = await need(c, actor, siteId, 'viewer');
      const v = await latest(siteId);
      return {
        version: v?.version ?? 0,
        appearance: site.appearance,
        savedAt: v?.savedAt ?? site.createdAt,
        savedBy: who(v?.savedBy ?? null),
      };
    },

    /**
     * Publishes a whole new set of appearance fields (editors and up), made from version `baseVersion`: INVALID naming
     * the first field refused (nothing is stored), CONFLICT when another save came first.
     */
    async saveAppearance(actor: Actor, siteId: string, input: { appearance: unknown; baseVersion: unknown }) {
      await need(c, actor, siteId, 'editor');
      if (typeof input.baseVersion !== 'number' || !Number.isInteger(input.baseVersion))
        throw invalid('baseVersion', 'baseVersion is the version the change was made from', 'a version number');
      refuseProblems(appearanceProblems(input.appearance, PROBLEMS_LISTED));
      return publish(actor, siteId, input.appearance as Plain, input.baseVersion);
    },

    /**
     * Lays `patch` over the stored fields and publishes the result (the CLI's `site:appearance`): each field the patch
     * sets is checked (a value stored before the checks were strict is kept as it is).
     */
    async patchAppearance(actor: Actor, siteId: string, patch: unknown) {
      const { site } = await need(c, actor, siteId, 'editor');
      const patchProblems = appearanceProblems(patch, PROBLEMS_LISTED);
      if (patchProblems.some((p) => p.field === 'appearance' || /not an appearance field|must be an object/.test(p.message)))
        refuseProblems(patchProblems);
      const merged = mergeOverrides(site.appearance as Plain, patch as Plain);
      const touched = (field: string) =>
        patchProblems.some((p) => p.field === field) ||
        field.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Plain)[k] : undefined), patch) !== undefined;
      // an icon the patch did not set is checked again when the patch changes its type (svg or image)
      const typeTouched = (field: string) => {
        const f = APPEARANCE_FIELDS.get(field);
        return f?.kind === 'icon' && touched(f.typeField);
      };
      refuseProblems(appearanceProblems(merged).filter((p) => touched(p.field) || typeTouched(p.field)));
      return publish(actor, siteId, merged, (await latest(siteId))?.version ?? 0);
    },

    /** Every saved version, newest first (viewers and up). */
    async listAppearanceVersions(actor: Actor, siteId: string): Promise<VersionView[]> {
      await need(c, actor, siteId, 'viewer');
      return (await c.storage.listAppearanceVersions(siteId)).map(versionView);
    },

    /** One version's fields (viewers and up). */
    async getAppearanceVersion(actor: Actor, siteId: string, version: number) {
      await need(c, actor, siteId, 'viewer');
      const v = isVersion(version) ? await c.storage.getAppearanceVersion(siteId, version) : null;
      if (!v) throw new OperationError('NOT_FOUND', `no version ${version} of this site's appearance`, 'version');
      return { ...versionView(v), appearance: v.fields };
    },

    /** Publishes a copy of version `version` as the newest (editors and up). */
    async restoreAppearanceVersion(actor: Actor, siteId: string, version: number) {
      await need(c, actor, siteId, 'editor');
      const v = isVersion(version) ? await c.storage.getAppearanceVersion(siteId, version) : null;
      if (!v) throw new OperationError('NOT_FOUND', `no version ${version} of this site's appearance`, 'version');
      return publish(actor, siteId, v.fields, (await latest(siteId))?.version ?? 0, version);
    },
  };
}
