/**
 * Advice files from the command line (`npm run admin -- advice:settings | advice:list`, through the same operations as
 * the console) and the server's retention sweep, which deletes advice files by their site's years, on SQLite and
 * PostgreSQL.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RefusedError, runAdmin, UsageError } from '../../server/admin';
import { startRetention } from '../../server/retention';
import type { Site, Storage } from '../../server/storage/types';
import { newTestDatabase, openTestDatabase } from '../support/storages';

const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const YEAR = 365.25 * 86_400_000;

let dir: string;
let storage: Storage;
let site: Site;

const file = (id: string, at: number, name = 'Ana Client') =>
  storage.createAdviceFile({
    id,
    siteId: site.id,
    at: new Date(at).toISOString(),
    tokenHash: `hash-${id}`,
    clientName: name,
    clientEmail: 'ana@example.com',
    sampled: id.endsWith('1'),
    consent: { data: { kind: 'consent', name, email: 'ana@example.com', wording: 'consent' }, by: { kind: 'client' } },
  });

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'advice-admin-'));
  storage = await openTestDatabase(await newTestDatabase(dir));
  site = await storage.createSite({ name: 'Advice shop', apiKey: 'pk_test_advice_admin_0123456789ab', origins: ['https://a.example'] });
});

afterEach(async () => {
  await storage.close();
  await rm(dir, { recursive: true, force: true });
});

describe('advice:settings', () => {
  it('shows the settings, changes those given (audited as the CLI), and refuses what is not a setting', async () => {
    expect(JSON.parse(await runAdmin(storage, ['advice:settings', site.id]))).toEqual({
      paused: false,
      samplePercent: 10,
      retentionYears: 7,
    });
    const changed = await runAdmin(storage, [
      'advice:settings',
      'Advice shop',
      '--paused',
      'on',
      '--sample',
      '25',
      '--retention-years',
      '10',
    ]);
    expect(JSON.parse(changed)).toEqual({ paused: true, samplePercent: 25, retentionYears: 10 });
    expect(await storage.adviceSettings(site.id)).toEqual({ paused: true, samplePercent: 25, retentionYears: 10 });
    expect((await storage.listAudit(site.id, { limit: 1 }))[0]).toMatchObject({ action: 'advice.settings', actor: { kind: 'cli' } });
    await expect(runAdmin(storage, ['advice:settings', site.id, '--paused', 'yes'])).rejects.toThrow(UsageError);
    await expect(runAdmin(storage, ['advice:settings', site.id, '--sample', 'ten'])).rejects.toThrow(UsageError);
    await expect(runAdmin(storage, ['advice:settings', site.id, '--retention-years', '0'])).rejects.toThrow(RefusedError);
  });
});

describe('advice:list', () => {
  it("lists the site's files, newest first", async () => {
    expect(await runAdmin(storage, ['advice:list', site.id])).toBe('Advice shop has no advice files');
    await file('file-1', T0, 'Ana Client');
    await file('file-2', T0 + 1000, 'Ben "Quoted" Client');
    const lines = (await runAdmin(storage, ['advice:list', site.id])).split('\n');
    expect(lines).toEqual([
      `file-2  in-progress  ${new Date(T0 + 1000).toISOString()}  "Ben \\"Quoted\\" Client"  ana@example.com  -`,
      `file-1  in-progress  ${new Date(T0).toISOString()}  "Ana Client"  ana@example.com  review-queue`,
    ]);
  });
});

describe("the server's retention sweep", () => {
  it("deletes advice files past their site's years, whatever the chat's retention", async () => {
    await file('old-1', T0 - 8 * YEAR);
    await file('young-2', T0 - 6 * YEAR);
    const swept = await new Promise<number>((resolve, reject) => {
      const stop = startRetention({
        storage,
        // a chat retention of a day: advice files keep their own
        retentionMs: 86_400_000,
        now: () => T0,
        onAdviceSweep: (n) => {
          stop();
          resolve(n);
        },
        onError: reject,
      });
    });
    expect(swept).toBe(1);
    expect(await storage.getAdviceFile(site.id, 'old-1')).toBeNull();
    expect(await storage.getAdviceFile(site.id, 'young-2')).not.toBeNull();
  });
});
