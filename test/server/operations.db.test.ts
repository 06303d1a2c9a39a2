/**
 * The operations (server/operations: docs/console.md "One model: operations") on a temp database of the project's
 * backend: each operation's rules and refusals, and the audit entry each writes with its change.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Actor, createOperations, type Memberships, OperationError, type Operations, type SiteRole } from '../../server/operations';
import { KEY_GRACE_MS, PREVIEW_KEY_TTL_MS } from '../../server/operations/keys';
import { REFUSED_ORIGINS_KEPT } from '../../server/routes/origins';
import type { Storage } from '../../server/storage/types';
import { cpuMark, cpuSince } from '../support/cpu-time';
import { BACKEND, newTestDatabase, openTestDatabase, type TestDatabase } from '../support/storages';

const T0 = Date.parse('2026-11-24T00:00:00.000Z');
const CLI: Actor = { kind: 'cli' };
/** Two accounts, stored in beforeEach (their ids are the storage's). */
const ANNA = { kind: 'account' as const, accountId: '', email: 'anna@shop.example' };
const BEN = { kind: 'account' as const, accountId: '', email: 'ben@other.example' };

let dir: string;
let db: TestDatabase;
let clock: number;
let opened: Storage[];
let storage: Storage;
let ops: Operations;
/** Accounts' roles the tests give, by `accountId siteId`, over the stored ones (a site's creator is its owner there). */
let roles: Map<string, SiteRole>;

const memberships: Memberships = {
  roleOf: async (accountId, siteId) =>
    roles.get(`${accountId} ${siteId}`) ?? ((await storage.siteRole(accountId, siteId)) as SiteRole | null),
  sitesOf: async (accountId) => {
    const given = [...roles].flatMap(([k, role]) => (k.startsWith(`${accountId} `) ? [{ siteId: k.split(' ')[1]!, role }] : []));
    const stored = (await storage.siteRoles(accountId)).filter((m) => !given.some((g) => g.siteId === m.siteId));
    return [...given, ...stored.map((m) => ({ siteId: m.siteId, role: m.role as SiteRole }))];
  },
};

/** Stores an account for `email` (through a first owner's invitation), and answers its id. */
async function storeAccount(email: string): Promise<string> {
  const token = `invite-${email}`;
  await storage.createInvite({ token, email, siteId: null, role: null, createdBy: null, expiresAt: clock + 60_000 });
  const accepted = await storage.acceptInvite(token, 'scrypt$test');
  if (accepted === null || accepted === 'ACCOUNT_EXISTS') throw new Error(`no account for ${email}`);
  return accepted.account.id;
}

/** The operation's refusal (its code, field and message), or a failure when it did not refuse. */
async function refusal(p: Promise<unknown>): Promise<OperationError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof OperationError) return err;
    throw err;
  }
  throw new Error('the operation was not refused');
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'operations-'));
  db = await newTestDatabase(dir);
  clock = T0;
  roles = new Map();
  storage = await openTestDatabase(db, { now: () => clock });
  opened = [storage];
  ops = createOperations(storage, { now: () => clock, publicUrl: 'https://chat.example/', memberships });
  ANNA.accountId = await storeAccount(ANNA.email);
  BEN.accountId = await storeAccount(BEN.email);
});

afterEach(async () => {
  for (const s of opened) await s.close();
  await rm(dir, { recursive: true, force: true });
});

describe(`the operations on ${BACKEND}: sites`, () => {
  it('creates a site with a key, makes an account that creates one its owner, and records who did it', async () => {
    const created = await ops.createSite(ANNA, { name: '  My shop ', origins: ['https://shop.example', 'self', 'self'] });
    expect(created).toMatchObject({ name: 'My shop', role: 'owner', origins: ['https://shop.example', 'self'], appearanceVersion: 1 });
    expect(created.apiKey).toMatch(/^pk_/);
    expect(created.snippet).toBe(
      `<script src="https://chat.example/widget.js" data-api-key="${created.apiKey}" data-api-url="https://chat.example/api" data-base-url="https://chat.example/" defer></script>`,
    );
    expect(await storage.findSiteByApiKey(created.apiKey!)).toMatchObject({ id: created.id });
    expect(await ops.listSites(ANNA)).toEqual([expect.objectContaining({ id: created.id, role: 'owner' })]);
    expect(await ops.listSites(BEN)).toEqual([]);

    const [entry] = await ops.listAudit(ANNA, created.id);
    expect(entry).toMatchObject({
      siteId: created.id,
      who: 'anna@shop.example',
      what: 'site.create',
      before: null,
      after: { name: 'My shop', origins: ['https://shop.example', 'self'], keyPrefix: created.apiKey!.slice(0, 8) },
    });
    expect(Date.parse(entry!.at)).not.toBeNaN();
  });

  it("writes a site, its creator's owner membership and the audit entry naming that owner in one transaction", async () => {
    const created = await ops.createSite(ANNA, { name: 'My shop', origins: ['self'] });
    expect(await storage.siteRole(ANNA.accountId, created.id)).toBe('owner');
    expect(await storage.listMembers(created.id)).toEqual([expect.objectContaining({ accountId: ANNA.accountId, role: 'owner' })]);
    const [entry] = await ops.listAudit(ANNA, created.id);
    expect(entry!.after).toMatchObject({ owner: { accountId: ANNA.accountId, email: 'anna@shop.example' } });
    // the CLI's site has no owner to add, and its entry names none
    const cli = await ops.createSite(CLI, { name: 'Blog', origins: ['self'] });
    expect(await storage.listMembers(cli.id)).toEqual([]);
    expect((await ops.listAudit(CLI, cli.id))[0]!.after).not.toHaveProperty('owner');
  });

  it('leaves nothing behind when the owner membership cannot be written: no ownerless site, no audit entry', async () => {
    const ghost: Actor = { kind: 'account', accountId: 'acc_gone', email: 'gone@shop.example' };
    await expect(ops.createSite(ghost, { name: 'Ghost', origins: ['self'] })).rejects.toThrow();
    expect(await storage.listSites()).toEqual([]);
    expect(await ops.listSites(CLI)).toEqual([]);
  });

  it('refuses a site without a name or with a wrong origin, creating nothing', async () => {
    expect(await refusal(ops.createSite(CLI, { name: ' ', origins: ['self'] }))).toMatchObject({ code: 'INVALID', field: 'name' });
    const bad = await refusal(ops.createSite(CLI, { name: 'Shop', origins: ['https://shop.example/'] }));
    expect(bad).toMatchObject({ code: 'INVALID', field: 'origins' });
    expect(bad.message).toContain('did you mean https://shop.example?');
    expect(await storage.listSites()).toEqual([]);
    expect(await storage.listAudit(null, { limit: 10 })).toEqual([]);
  });

  it('finds a site by id or exact name, and answers a site one may not see exactly as one that does not exist', async () => {
    const a = await ops.createSite(ANNA, { name: 'My shop', origins: ['self'] });
    expect((await ops.findSite(CLI, a.id)).site.id).toBe(a.id);
    expect((await ops.findSite(CLI, 'My shop')).site.id).toBe(a.id);
    expect(await refusal(ops.findSite(CLI, 'my shop'))).toMatchObject({ code: 'NOT_FOUND', message: 'no site "my shop"' });
    expect(await refusal(ops.findSite(BEN, a.id))).toMatchObject({ code: 'NOT_FOUND', message: `no site "${a.id}"` });
    expect(await refusal(ops.getSite(BEN, a.id))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await refusal(ops.getSite(BEN, 'site_nothing'))).toMatchObject({ code: 'NOT_FOUND' });
    // two sites of one name: the id is asked for, naming only the sites the actor may see
    const twin = await ops.createSite(BEN, { name: 'My shop', origins: ['self'] });
    expect(await refusal(ops.findSite(CLI, 'My shop'))).toMatchObject({
      code: 'INVALID',
      field: 'site',
      allowed: expect.arrayContaining([a.id, twin.id]),
    });
    expect((await ops.findSite(BEN, 'My shop')).site.id).toBe(twin.id);
    expect((await ops.findSite(ANNA, 'My shop')).site.id).toBe(a.id);
    roles.set(`${BEN.accountId} ${a.id}`, 'viewer');
    expect((await ops.getSite(BEN, a.id)).role).toBe('viewer');
    expect(await refusal(ops.listAudit(BEN, a.id))).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe(`the operations on ${BACKEND}: the audit log`, () => {
  it('pages a site’s entries newest first, and exports them oldest first as JSON or CSV', async () => {
    const a = await ops.createSite(CLI, { name: 'A', origins: ['self'] });
    const b = await ops.createSite(CLI, { name: '=B', origins: ['self'] });
    for (let i = 0; i < 3; i++) await storage.appendAudit({ siteId: a.id, actor: CLI, action: `test.${i}`, before: i, after: i + 1 });
    const first = await ops.listAudit(CLI, a.id, { limit: 2 });
    expect(first.map((e) => e.what)).toEqual(['test.2', 'test.1']);
    const next = await ops.listAudit(CLI, a.id, { limit: 2, before: first[1]!.id });
    expect(next.map((e) => e.what)).toEqual(['test.0', 'site.create']);
    expect((await ops.exportAudit(CLI, a.id)).map((e) => e.what)).toEqual(['site.create', 'test.0', 'test.1', 'test.2']);
    // a page start or size that is not one gives the first page
    for (const before of [Number.NaN, -5, 2 ** 70, 1.5]) {
      expect((await ops.listAudit(CLI, a.id, { before, limit: Number.NaN })).map((e) => e.what)[0]).toBe('test.2');
    }
    const all = await ops.exportAudit(CLI);
    expect(all.map((e) => e.siteId)).toEqual([a.id, b.id, a.id, a.id, a.id]);
  });
});

describe(`the operations on ${BACKEND}: keys, config`, () => {
  it('rotates a key: the old one works until the grace ends (24 h), not a moment after; a later rotation ends it at once', async () => {
    const site = await ops.createSite(CLI, { name: 'Shop', origins: ['self'] });
    const old = site.apiKey!;
    const rotated = await ops.rotateKey(CLI, site.id);
    expect(rotated.previousKey.validUntil).toBe(new Date(T0 + KEY_GRACE_MS).toISOString());
    expect(await storage.findSiteByApiKey(rotated.apiKey)).toMatchObject({ id: site.id });
    expect(await storage.findSiteByApiKey(old)).toMatchObject({ id: site.id });
    expect(await ops.getSite(CLI, site.id)).toMatchObject({
      apiKey: rotated.apiKey,
      previousKey: { validUntil: rotated.previousKey.validUntil },
    });
    clock = T0 + KEY_GRACE_MS - 1;
    expect(await storage.findSiteByApiKey(old)).toMatchObject({ id: site.id });
    clock = T0 + KEY_GRACE_MS;
    expect(await storage.findSiteByApiKey(old)).toBeNull();
    expect((await ops.getSite(CLI, site.id)).previousKey).toBeUndefined();
    expect(await storage.findSiteByApiKey(rotated.apiKey)).toMatchObject({ id: site.id });

    const again = await ops.rotateKey(CLI, site.id);
    const third = await ops.rotateKey(CLI, site.id);
    expect(await storage.findSiteByApiKey(again.apiKey)).toMatchObject({ id: site.id });
    expect(await storage.findSiteByApiKey(rotated.apiKey)).toBeNull();
    expect(await storage.findSiteByApiKey(third.apiKey)).toMatchObject({ id: site.id });

    const [entry] = await ops.listAudit(CLI, site.id);
    expect(entry).toMatchObject({
      what: 'site.key.rotate',
      before: { keyPrefix: again.apiKey.slice(0, 8) },
      after: { keyPrefix: third.apiKey.slice(0, 8) },
    });
    expect(JSON.stringify(await storage.listAudit(site.id, { limit: 50 }))).not.toContain(third.apiKey);
  });

  it('keeps the old key for the grace it is given (KEY_GRACE), and states that grace with the site', async () => {
    const short = createOperations(storage, { now: () => clock, memberships, keyGraceMs: 3_000 });
    const site = await short.createSite(CLI, { name: 'Shop', origins: ['self'] });
    expect((await short.getSite(CLI, site.id)).keyGraceSeconds).toBe(3);
    expect((await ops.getSite(CLI, site.id)).keyGraceSeconds).toBe(KEY_GRACE_MS / 1000);
    const rotated = await short.rotateKey(CLI, site.id);
    expect(rotated.previousKey.validUntil).toBe(new Date(T0 + 3_000).toISOString());
    clock = T0 + 2_999;
    expect(await storage.findSiteByApiKey(site.apiKey!)).toMatchObject({ id: site.id });
    clock = T0 + 3_000;
    expect(await storage.findSiteByApiKey(site.apiKey!)).toBeNull();
  });

  it('lets only owners rotate, and editors change the config, each checked, with before and after', async () => {
    const site = await ops.createSite(CLI, { name: 'Shop', origins: ['self'] });
    roles.set(`${BEN.accountId} ${site.id}`, 'editor');
    expect(await refusal(ops.rotateKey(BEN, site.id))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await refusal(ops.rotateKey(ANNA, site.id))).toMatchObject({ code: 'NOT_FOUND' });
    const config = await ops.setConfig(BEN, site.id, { pageAwareness: false, referenceWebpage: 'https://shop.example/about' });
    expect(config).toMatchObject({ agentPageAwareness: false, referenceWebpage: 'https://shop.example/about' });
    expect(await refusal(ops.setConfig(BEN, site.id, { referenceWebpage: 'javascript:alert(1)' }))).toMatchObject({
      code: 'INVALID',
      field: 'referenceWebpage',
    });
    expect(await refusal(ops.setConfig(BEN, site.id, { pageAwareness: 'yes' }))).toMatchObject({ field: 'pageAwareness' });
    expect(await refusal(ops.setConfig(BEN, site.id, { avatarId: 'a b' }))).toMatchObject({ field: 'avatarId' });
    roles.set(`${BEN.accountId} ${site.id}`, 'viewer');
    expect(await refusal(ops.setConfig(BEN, site.id, { pageAwareness: true }))).toMatchObject({ code: 'FORBIDDEN' });
    expect((await storage.getSite(site.id))?.config.agentPageAwareness).toBe(false);
    const [entry] = await ops.listAudit(CLI, site.id);
    expect(entry).toMatchObject({
      who: 'ben@other.example',
      what: 'site.config',
      before: { agentPageAwareness: true, referenceWebpage: '' },
      after: { agentPageAwareness: false, referenceWebpage: 'https://shop.example/about' },
    });
  });

  it('replaces the origins with the CLI’s validation, and warns when self goes', async () => {
    const site = await ops.createSite(CLI, { name: 'Shop', origins: ['self'] });
    expect(await ops.setOrigins(CLI, site.id, ['https://shop.example'])).toEqual({
      origins: ['https://shop.example'],
      warnings: ['SELF_REMOVED'],
    });
    expect(await ops.setOrigins(CLI, site.id, [])).toEqual({ origins: [], warnings: ['NO_ORIGINS'] });
    expect(await refusal(ops.setOrigins(CLI, site.id, ['shop.example']))).toMatchObject({ code: 'INVALID', field: 'origins' });
    const many = Array.from({ length: 101 }, (_, i) => `https://s${i}.example`);
    expect(await refusal(ops.setOrigins(CLI, site.id, many))).toMatchObject({ code: 'INVALID', field: 'origins' });
    expect(await refusal(ops.setOrigins(CLI, site.id, 'self'))).toMatchObject({ code: 'INVALID', field: 'origins' });
    const [entry] = await ops.listAudit(CLI, site.id);
    expect(entry).toMatchObject({ what: 'site.origins', before: { origins: ['https://shop.example'] }, after: { origins: [] } });
  });

  it('allows two origins at once (two Allow clicks) and keeps both, each audited from what was stored', async () => {
    const site = await ops.createSite(CLI, { name: 'Shop', origins: ['self'] });
    await Promise.all([ops.allowOrigin(CLI, site.id, 'https://a.example'), ops.allowOrigin(CLI, site.id, 'https://b.example')]);
    expect([...(await storage.getSite(site.id))!.origins].sort()).toEqual(['https://a.example', 'https://b.example', 'self']);
    const entries = (await ops.listAudit(CLI, site.id)).filter((e) => e.what === 'site.origins');
    expect(entries.map((e) => (e.after as { origins: string[] }).origins.length).sort()).toEqual([2, 3]);
    expect(await refusal(ops.allowOrigin(CLI, site.id, 'not an origin'))).toMatchObject({ code: 'INVALID', field: 'origins' });
    expect([...(await storage.getSite(site.id))!.origins]).toHaveLength(3);
  });
});

describe(`the operations on ${BACKEND}: appearance`, () => {
  it('lets the CLI change other fields beside a value stored before the checks were strict, and checks an icon whose type changes', async () => {
    const site = await ops.createSite(CLI, { name: 'Shop', origins: ['self'] });
    await storage.updateSite(site.id, { appearance: { launcher: { backgroundColor: '#e11d4', launcherIcon: '<svg></svg>' } } });
    expect(await ops.patchAppearance(CLI, site.id, { agentName: 'Ava' })).toMatchObject({ version: 2 });
    const icon = await refusal(ops.patchAppearance(CLI, site.id, { launcher: { launcherIconType: 'image' } }));
    expect(icon).toMatchObject({ field: 'appearance.launcher.launcherIcon' });
    expect(icon.message).toContain('its type is image');
  });

  it('answers a 1 MiB appearance of unknown fields quickly, listing 20 problems and echoing no long name or value', async () => {
    const site = await ops.createSite(CLI, { name: 'Shop', origins: ['self'] });
    const appearance: Record<string, unknown> = { ['x'.repeat(200_000)]: 1, launcher: { backgroundColor: `#${'f'.repeat(100_000)}` } };
    // about 60 bytes of JSON each: with the two long ones, over 1 MiB
    for (let i = 0; i < 13_000; i++) appearance[`unknownFieldNumber${i}`.padEnd(50, 'z')] = i;
    expect(JSON.stringify(appearance).length).toBeGreaterThan(1 << 20);
    // work, not the wall clock (which the other test file beside this one stretches)
    const started = cpuMark();
    for (const call of [ops.saveAppearance(CLI, site.id, { appearance, baseVersion: 1 }), ops.patchAppearance(CLI, site.id, appearance)]) {
      const refused = await refusal(call);
      expect(refused.message.split('\n')).toHaveLength(20);
      expect(refused.message.length).toBeLessThan(20 * 200);
      expect(refused.field!.length).toBeLessThan(100);
      expect(refused.message).toContain(`${'x'.repeat(64)}… is not an appearance field\n`);
      expect(refused.message).toContain(`launcher.backgroundColor "#${'f'.repeat(63)}…" is not a colour`);
    }
    // checking every name (an edit distance each, for its suggestion) took seconds
    expect(cpuSince(started)).toBeLessThan(1500);
  });

  it('refuses a colour typo, an unknown field (listing the valid ones) and a wrong type, storing nothing', async () => {
    const site = await ops.createSite(CLI, { name: 'Shop', origins: ['self'] });
    const typo = await refusal(
      ops.saveAppearance(CLI, site.id, { appearance: { launcher: { backgroundColor: '#e11d4' } }, baseVersion: 1 }),
    );
    expect(typo).toMatchObject({ code: 'INVALID', field: 'appearance.launcher.backgroundColor' });
    expect(typo.message).toBe('launcher.backgroundColor "#e11d4" is not a colour');
    expect(String(typo.allowed)).toContain('#rrggbb');
    const unknown = await refusal(ops.patchAppearance(CLI, site.id, { launcher: { backgroundColour: '#e11d48' } }));
    expect(unknown.message).toBe('launcher.backgroundColour is not an appearance field (did you mean launcher.backgroundColor?)');
    expect(unknown.allowed).toContain('launcher.alignment');
    const top = await refusal(ops.patchAppearance(CLI, site.id, { agentname: 'Ava' }));
    expect(top.message).toContain('did you mean agentName?');
    expect(await refusal(ops.patchAppearance(CLI, site.id, { launcher: { size: 2000 } }))).toMatchObject({
      field: 'appearance.launcher.size',
      allowed: 'a number from 32 to 120 (px)',
    });
    expect(await refusal(ops.patchAppearance(CLI, site.id, { agentIcon: 'javascript:alert(1)' }))).toMatchObject({
      field: 'appearance.agentIcon',
    });
    expect(await refusal(ops.patchAppearance(CLI, site.id, { chatFormat: 'cozy' }))).toMatchObject({ allowed: ['comfy', 'compact'] });
    expect((await storage.getSite(site.id))?.appearance).toEqual({});
    expect(await ops.listAppearanceVersions(CLI, site.id)).toHaveLength(1);
  });

  it('publishes each save as a version, refuses a save from a stale version, and restores an earlier one as the newest', async () => {
    const site = await ops.createSite(ANNA, { name: 'Shop', origins: ['self'] });
    roles.set(`${BEN.accountId} ${site.id}`, 'editor');
    expect(await ops.saveAppearance(ANNA, site.id, { appearance: { agentName: 'Ava' }, baseVersion: 1 })).toMatchObject({ version: 2 });
    const stale = await refusal(ops.saveAppearance(BEN, site.id, { appearance: { agentName: 'Bob' }, baseVersion: 1 }));
    expect(stale).toMatchObject({ code: 'CONFLICT' });
    expect(await ops.patchAppearance(CLI, site.id, { launcher: { backgroundColor: '#e11d48' } })).toMatchObject({ version: 3 });
    expect((await ops.getAppearance(BEN, site.id)).appearance).toEqual({ agentName: 'Ava', launcher: { backgroundColor: '#e11d48' } });

    expect(await ops.restoreAppearanceVersion(BEN, site.id, 2)).toMatchObject({ version: 4 });
    expect(await ops.getAppearance(BEN, site.id)).toMatchObject({
      version: 4,
      appearance: { agentName: 'Ava' },
      savedBy: 'ben@other.example',
    });
    expect((await storage.getSite(site.id))?.appearance).toEqual({ agentName: 'Ava' });
    expect(await ops.listAppearanceVersions(BEN, site.id)).toEqual([
      expect.objectContaining({ version: 4, savedBy: 'ben@other.example', restoredFrom: 2 }),
      expect.objectContaining({ version: 3, savedBy: 'cli' }),
      expect.objectContaining({ version: 2, savedBy: 'anna@shop.example' }),
      { version: 1, savedAt: expect.any(String), savedBy: null },
    ]);
    expect((await ops.getAppearanceVersion(BEN, site.id, 3)).appearance).toEqual({
      agentName: 'Ava',
      launcher: { backgroundColor: '#e11d48' },
    });
    expect(await refusal(ops.getAppearanceVersion(BEN, site.id, 9))).toMatchObject({ code: 'NOT_FOUND' });
    // a number the database's integer does not hold names no version (not a 5xx)
    for (const n of [2 ** 31, Number.NaN, -1, 1.5]) {
      expect(await refusal(ops.getAppearanceVersion(BEN, site.id, n))).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await refusal(ops.restoreAppearanceVersion(BEN, site.id, 2 ** 40))).toMatchObject({ code: 'NOT_FOUND' });
    roles.set(`${BEN.accountId} ${site.id}`, 'viewer');
    expect(await refusal(ops.restoreAppearanceVersion(BEN, site.id, 1))).toMatchObject({ code: 'FORBIDDEN' });

    const [restore, patch, save] = await ops.listAudit(ANNA, site.id);
    expect(restore).toMatchObject({
      what: 'appearance.restore',
      before: { version: 3 },
      after: { version: 4, appearance: { agentName: 'Ava' }, restoredFrom: 2 },
    });
    expect(patch).toMatchObject({ what: 'appearance.save', who: 'cli', before: { appearance: { agentName: 'Ava' } } });
    expect(save).toMatchObject({
      what: 'appearance.save',
      before: { version: 1, appearance: {} },
      after: { version: 2, appearance: { agentName: 'Ava' } },
    });
  });
});

describe(`the operations on ${BACKEND}: preview keys, refused origins`, () => {
  it("deletes a member's preview keys, in the same transaction, when they are removed or drop below editor", async () => {
    const site = await ops.createSite(ANNA, { name: 'Shop', origins: ['self'] });
    const carl = await storeAccount('carl@shop.example');
    const CARL: Actor = { kind: 'account', accountId: carl, email: 'carl@shop.example' };
    await storage.addMember(site.id, BEN.accountId, 'owner');
    await storage.addMember(site.id, carl, 'editor');
    const keyOf = async (actor: Actor) => (await ops.previewKey(actor, site.id)).apiKey;
    const [anna, ben, carls, cli] = [await keyOf(ANNA), await keyOf(BEN), await keyOf(CARL), await keyOf(CLI)];

    // an owner who becomes an editor may still preview: their key stays
    expect(await storage.changeMember(site.id, BEN.accountId, 'editor')).toEqual({ before: 'owner' });
    expect(await storage.findPreviewKey(ben)).toBe(site.id);
    // an editor who becomes a viewer may not: their key ends, no one else's
    expect(await storage.changeMember(site.id, BEN.accountId, 'viewer')).toEqual({ before: 'editor' });
    expect(await storage.findPreviewKey(ben)).toBeNull();
    expect(await storage.findPreviewKey(anna)).toBe(site.id);
    // a removed editor's key ends with the membership
    expect(await storage.changeMember(site.id, carl, null)).toEqual({ before: 'editor' });
    expect(await storage.findPreviewKey(carls)).toBeNull();
    // a refused change (the last owner) deletes nothing; the command line's keys name no member
    expect(await storage.changeMember(site.id, ANNA.accountId, 'viewer')).toBe('LAST_OWNER');
    expect(await storage.findPreviewKey(anna)).toBe(site.id);
    expect(await storage.findPreviewKey(cli)).toBe(site.id);
  });

  it('gives editors a preview key that works for an hour, not a moment longer', async () => {
    const site = await ops.createSite(CLI, { name: 'Shop', origins: ['https://shop.example'] });
    roles.set(`${BEN.accountId} ${site.id}`, 'viewer');
    expect(await refusal(ops.previewKey(BEN, site.id))).toMatchObject({ code: 'FORBIDDEN' });
    roles.set(`${BEN.accountId} ${site.id}`, 'editor');
    const { apiKey, expiresAt } = await ops.previewKey(BEN, site.id);
    expect(apiKey).toMatch(/^pv_/);
    expect(expiresAt).toBe(new Date(T0 + PREVIEW_KEY_TTL_MS).toISOString());
    expect(await storage.findSiteByApiKey(apiKey)).toBeNull();
    clock = T0 + PREVIEW_KEY_TTL_MS - 1;
    expect(await storage.findPreviewKey(apiKey)).toBe(site.id);
    clock = T0 + PREVIEW_KEY_TTL_MS;
    expect(await storage.findPreviewKey(apiKey)).toBeNull();
  });

  it('keeps a site’s latest refused origins only, with a count, for its owners', async () => {
    const site = await ops.createSite(CLI, { name: 'Shop', origins: ['self'] });
    for (let i = 0; i < REFUSED_ORIGINS_KEPT + 5; i++) {
      await storage.noteRefusedOrigin(site.id, `https://o${i}.example`, new Date(T0 + i * 1000).toISOString(), REFUSED_ORIGINS_KEPT);
    }
    await storage.noteRefusedOrigin(site.id, 'https://o24.example', new Date(T0 + 60_000).toISOString(), REFUSED_ORIGINS_KEPT);
    const refused = await ops.refusedOrigins(CLI, site.id);
    expect(refused).toHaveLength(REFUSED_ORIGINS_KEPT);
    expect(refused[0]).toEqual({ origin: 'https://o24.example', count: 2, lastSeenAt: new Date(T0 + 60_000).toISOString() });
    expect(refused.at(-1)?.origin).toBe('https://o5.example');
    roles.set(`${BEN.accountId} ${site.id}`, 'editor');
    expect(await refusal(ops.refusedOrigins(BEN, site.id))).toMatchObject({ code: 'FORBIDDEN' });
    await ops.setOrigins(CLI, site.id, ['*']);
    expect(await ops.refusedOrigins(CLI, site.id)).toEqual([]);
  });
});
