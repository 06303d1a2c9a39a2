/** What every operation works with: the storage, the clock, the server's own origin, and who may do what on a site. */
import type { AuditActor, Site, Storage } from '../storage/types';
import { OperationError } from './errors';

/** Who acts: an account signed in to the console, or the admin CLI (docs/console.md "One model: operations"). */
export type Actor = AuditActor;

/**
 * A role on a site (docs/console.md "People, roles and what each may do"): a viewer reads; an editor is allowed what a
 * viewer is, and edits; an adviser is allowed what a viewer is, and reads and reviews advice files (nothing an editor
 * or an owner does); an owner is allowed everything.
 */
export type SiteRole = 'viewer' | 'editor' | 'adviser' | 'owner';

/** What each role is allowed: the roles whose work it may do. */
const GRANTS: Record<SiteRole, readonly SiteRole[]> = {
  viewer: ['viewer'],
  editor: ['viewer', 'editor'],
  adviser: ['viewer', 'adviser'],
  owner: ['viewer', 'editor', 'adviser', 'owner'],
};

/** Whether `role` allows what `needed` does. */
export const allows = (role: SiteRole | null, needed: SiteRole) => role !== null && GRANTS[role].includes(needed);

/**
 * Accounts' roles on sites: kept by the accounts' part of the server (members and invitations); the operations only ask.
 * Without it, an account has no role anywhere (the CLI is every site's owner either way).
 */
export interface Memberships {
  /** The account's role on the site, or null. */
  roleOf(accountId: string, siteId: string): Promise<SiteRole | null>;
  /** The sites the account has a role on. */
  sitesOf(accountId: string): Promise<{ siteId: string; role: SiteRole }[]>;
}

export interface OperationsOptions {
  /** The clock (key grace, preview keys). @default Date.now */
  now?: () => number;
  /** PUBLIC_URL: its origin is the server's own in the embed snippet and for preview keys. @default http://127.0.0.1:8787 */
  publicUrl?: string;
  /** Accounts' roles on sites. */
  memberships?: Memberships;
  /** How long a rotated-out key keeps working (KEY_GRACE). @default KEY_GRACE_MS (24 h) */
  keyGraceMs?: number;
}

/** The operations' shared state. */
export interface Context {
  storage: Storage;
  now: () => number;
  /** The server's own origin, `http://127.0.0.1:8787` without PUBLIC_URL. */
  ownOrigin: string;
  memberships: Memberships | undefined;
  /** How long a rotated-out key keeps working. */
  keyGraceMs: number;
}

/**
 * How long a rotated-out key keeps working unless the server says otherwise (KEY_GRACE): 24 hours, long enough to deploy the pages that carry the new key (and for
 * caches of those pages to expire) without a moment where the widget is refused. docs/console.md "API keys".
 */
export const KEY_GRACE_MS = 24 * 60 * 60 * 1000;

/** The server's origin without PUBLIC_URL (server/config.ts's default HOST and PORT). */
export const DEFAULT_ORIGIN = 'http://127.0.0.1:8787';

export function contextOf(storage: Storage, options: OperationsOptions): Context {
  return {
    storage,
    now: options.now ?? Date.now,
    ownOrigin: options.publicUrl ? new URL(options.publicUrl).origin : DEFAULT_ORIGIN,
    memberships: options.memberships,
    keyGraceMs: options.keyGraceMs ?? KEY_GRACE_MS,
  };
}

/** The actor's role on a site: the CLI owns every site; an account has its membership's. */
export async function roleOf(c: Context, actor: Actor, siteId: string): Promise<SiteRole | null> {
  if (actor.kind === 'cli') return 'owner';
  return (await c.memberships?.roleOf(actor.accountId, siteId)) ?? null;
}

/**
 * The site, when the actor's role on it allows `needed`: else NOT_FOUND when the actor may not even see it (exactly
 * as a site that does not exist: docs/console.md), FORBIDDEN when it may see it but not do this.
 */
export async function need(c: Context, actor: Actor, siteId: string, needed: SiteRole): Promise<{ site: Site; role: SiteRole }> {
  const role = await roleOf(c, actor, siteId);
  const site = role === null ? null : await c.storage.getSite(siteId);
  if (!site || role === null) throw new OperationError('NOT_FOUND', `no site "${siteId}"`, 'site');
  if (!allows(role, needed)) throw new OperationError('FORBIDDEN', `a ${role} of ${site.name} may not do this`);
  return { site, role };
}
