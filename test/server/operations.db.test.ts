/**
 * The operations (server/operations: docs/console.md "One model: operations") on a temp database of the project's
 * backend: each operation's rules and refusals, and the audit entry each writes with its change.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Actor, createOperations, type Memberships, OperationError, type Operations, type SiteRole } from '../../server/operations';
import type { Storage } from '../../server/storage/types';
import { BACKEND, newTestDatabase, openTestDatabase, type TestDatabase } from '../support/storages';

const T0 = Date.parse('2026-11-24T00:00:00.000Z');
const CLI: Actor = { kind: 'cli' };
const ANNA: Actor = { kind: 'account', accountId: 'acc_anna', email: 'anna@shop.example' };
const BEN: Actor = { kind: 'account', accountId: 'acc_ben', email: 'ben@other.example' };

let dir: string;
let db: TestDatabase;
let clock: number;
let opened: Storage[];
let storage: Storage;
let ops: Operations;
/** Accounts' roles, by `accountId siteId`. */
let roles: Map<string, SiteRole>;

const memberships: Memberships = {
  roleOf: async (accountId, siteId) => roles.get(`${accountId} ${siteId}`) ?? null,
  sitesOf: async (accountId) =>
    [...roles].flatMap(([k, role]) => (k.startsWith(`${accountId} `) ? [{ siteId: k.split(' ')[1]!, role }] : [])),
  addOwner: async (siteId, accountId) => void roles.set(`${accountId} ${siteId}`, 'owner'),
};

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
    roles.set(`acc_ben ${a.id}`, 'viewer');
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
    const all = await ops.exportAudit(CLI);
    expect(all.map((e) => e.siteId)).toEqual([a.id, b.id, a.id, a.id, a.id]);
  });
});
