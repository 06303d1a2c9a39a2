/**
 * Advice files in the storage (docs/advice-records.md), on SQLite and PostgreSQL: entries append-only in the database
 * itself, appends from two instances at once, links used once, the list's filters and pages, settings with their
 * audit entry, and the retention sweep by each site's years (apart from the chat's).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdviceEntryData } from '../../server/storage/types';
import type { Site, Storage } from '../../server/storage/types';
import { newTestDatabase, openRawDatabase, openTestDatabase, type TestDatabase } from '../support/storages';

const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const YEAR = 365.25 * 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const consent = { kind: 'consent', name: 'Ana Client', email: 'ana@example.com', wording: 'consent-1' } satisfies AdviceEntryData;
const client = { kind: 'client' } as const;

let dir: string;
let database: TestDatabase;
let storage: Storage;
let site: Site;
let other: Site;
let n = 0;

async function newFile(at = T0, siteId = site.id, name = 'Ana Client', email: string | null = 'ana@example.com') {
  n += 1;
  return storage.createAdviceFile({
    id: `file-${n}`,
    siteId,
    at: iso(at),
    tokenHash: `token-hash-${n}`,
    clientName: name,
    clientEmail: email,
    sampled: n % 2 === 0,
    consent: { data: { ...consent, name, email } as AdviceEntryData, by: client },
  });
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'advice-storage-'));
  database = await newTestDatabase(dir);
  storage = await openTestDatabase(database);
  site = await storage.createSite({ name: 'Adviser', apiKey: 'pk_test_advice_storage_000000001', origins: ['https://a.example'] });
  other = await storage.createSite({ name: 'Other', apiKey: 'pk_test_advice_storage_000000002', origins: ['https://b.example'] });
});

afterEach(async () => {
  await storage.close();
  await rm(dir, { recursive: true, force: true });
});

describe('an advice file', () => {
  it('is made with its consent entry and token, and is found by that token on its own site only', async () => {
    const file = await newFile();
    expect(file).toMatchObject({ status: 'in-progress', clientName: 'Ana Client', lastSeq: 1, createdAt: iso(T0), updatedAt: iso(T0) });
    expect(await storage.adviceEntries(file.id)).toEqual([{ ...consent, seq: 1, at: iso(T0), by: client }]);
    expect(await storage.adviceFileByToken(site.id, file.id, `token-hash-${n}`)).toMatchObject({ id: file.id });
    expect(await storage.adviceFileByToken(other.id, file.id, `token-hash-${n}`)).toBeNull();
    expect(await storage.adviceFileByToken(site.id, file.id, 'another')).toBeNull();
  });

  it('takes entries after its last one only: an append decided from an older state writes nothing', async () => {
    const file = await newFile();
    const data: AdviceEntryData = { kind: 'advice-paused' };
    const written = await storage.appendAdviceEntries(file.id, {
      lastSeq: 1,
      at: iso(T0 + 1000),
      entries: [{ data, by: client }],
      status: 'in-progress',
    });
    expect(written).toEqual([{ kind: 'advice-paused', seq: 2, at: iso(T0 + 1000), by: client }]);
    expect(
      await storage.appendAdviceEntries(file.id, { lastSeq: 1, at: iso(T0 + 2000), entries: [{ data, by: client }], status: 'refused' }),
    ).toBeNull();
    expect(await storage.getAdviceFile(site.id, file.id)).toMatchObject({ lastSeq: 2, status: 'in-progress', updatedAt: iso(T0 + 1000) });
    expect(await storage.latestAdviceEntry(file.id, 'advice-paused')).toMatchObject({ seq: 2 });
    expect(await storage.latestAdviceEntry(file.id, 'result')).toBeNull();
  });

  it('refuses an UPDATE of an entry, and a DELETE while its file is there, in the database itself', async () => {
    const file = await newFile();
    const raw = await openRawDatabase(database);
    try {
      await expect(raw.query("UPDATE advice_entries SET data = '{}' WHERE file_id = ? RETURNING seq", [file.id])).rejects.toThrow(
        /append-only/,
      );
      await expect(raw.query('DELETE FROM advice_entries WHERE file_id = ? RETURNING seq', [file.id])).rejects.toThrow(
        /only with their file/,
      );
      expect(await raw.query('SELECT data FROM advice_entries WHERE file_id = ?', [file.id])).toHaveLength(1);
    } finally {
      await raw.close();
    }
    // a correction is a later entry
    expect(await storage.adviceEntries(file.id)).toHaveLength(1);
  });

  it('numbers the entries of two instances appending at once one after the other', async () => {
    const file = await newFile();
    const second = await openTestDatabase(database);
    try {
      const append = async (s: Storage, i: number) => {
        for (;;) {
          const now = await s.getAdviceFile(site.id, file.id);
          const written = await s.appendAdviceEntries(file.id, {
            lastSeq: now!.lastSeq,
            at: iso(T0 + i),
            entries: [{ data: { kind: 'advice-paused' }, by: client }],
            status: 'in-progress',
          });
          if (written) return written[0]!.seq;
        }
      };
      const seqs = await Promise.all(Array.from({ length: 12 }, (_, i) => append(i % 2 ? second : storage, i)));
      expect([...seqs].sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 2));
      expect((await storage.adviceEntries(file.id)).map((e) => e.seq)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    } finally {
      await second.close();
    }
  });

  it('keeps a statement with its entry, and a link that is used once, unexpired, on its own site', async () => {
    const file = await newFile();
    const pdf = new Uint8Array([37, 80, 68, 70, 0, 255]);
    await storage.appendAdviceEntries(file.id, {
      lastSeq: 1,
      at: iso(T0),
      entries: [{ data: { kind: 'statement', statementId: 's1', sha256: 'abc', bytes: 6, resultSeq: 1, names: ['Ana'] }, by: client }],
      status: 'advised',
      statement: { id: 's1', sha256: 'abc', pdf },
      link: { tokenHash: 'link-1', kind: 'partner', statementId: 's1', expiresAt: T0 + 1000 },
    });
    expect(await storage.getAdviceStatement(file.id, 's1')).toEqual({ sha256: 'abc', pdf, createdAt: iso(T0) });
    expect(await storage.getAdviceStatement(file.id, 's2')).toBeNull();
    expect(await storage.findAdviceLink(site.id, 'link-1', 'partner', T0)).toEqual({ fileId: file.id, siteId: site.id, statementId: 's1' });
    expect(await storage.findAdviceLink(site.id, 'link-1', 'resume', T0)).toBeNull();
    expect(await storage.redeemAdviceLink(other.id, 'link-1', 'partner', T0)).toBeNull();
    expect(await storage.redeemAdviceLink(site.id, 'link-1', 'partner', T0 + 1000)).toBeNull();
    const [a, b] = await Promise.all([
      storage.redeemAdviceLink(site.id, 'link-1', 'partner', T0 + 999, 'new-token'),
      storage.redeemAdviceLink(site.id, 'link-1', 'partner', T0 + 999, 'other-token'),
    ]);
    expect([a, b].filter(Boolean)).toEqual([{ fileId: file.id, siteId: site.id, statementId: 's1' }]);
    expect(await storage.findAdviceLink(site.id, 'link-1', 'partner', T0)).toBeNull();
  });
});

describe('the list of a site', () => {
  it('is newest first, a page at a time, filtered by status, the review queue and a name or email in any case', async () => {
    const files = [];
    for (let i = 0; i < 5; i++) files.push(await newFile(T0 + i * 1000, site.id, `Client ${i} Ünal`, `c${i}@Example.com`));
    await newFile(T0, other.id, 'Client 9 Ünal', 'c9@example.com');
    await storage.appendAdviceEntries(files[1]!.id, {
      lastSeq: 1,
      at: iso(T0 + 10_000),
      entries: [{ data: { kind: 'advice-paused' }, by: client }],
      status: 'refused',
      partnerName: 'Bo Partner',
    });
    const page1 = await storage.listAdviceFiles(site.id, { limit: 2 });
    expect(page1.map((f) => f.id)).toEqual([files[1]!.id, files[4]!.id]);
    const last = page1.at(-1)!;
    const page2 = await storage.listAdviceFiles(site.id, { limit: 10, after: { updatedAt: last.updatedAt, id: last.id } });
    expect(page2.map((f) => f.id)).toEqual([files[3]!.id, files[2]!.id, files[0]!.id]);
    expect((await storage.listAdviceFiles(site.id, { limit: 10, status: 'refused' })).map((f) => f.id)).toEqual([files[1]!.id]);
    expect((await storage.listAdviceFiles(site.id, { limit: 10, q: 'c3@example' })).map((f) => f.id)).toEqual([files[3]!.id]);
    expect((await storage.listAdviceFiles(site.id, { limit: 10, q: 'ünal' })).length).toBe(5);
    expect((await storage.listAdviceFiles(site.id, { limit: 10, q: 'bo partner' })).map((f) => f.id)).toEqual([files[1]!.id]);
    expect(await storage.listAdviceFiles(site.id, { limit: 10, q: '%' })).toEqual([]);
    const queued = await storage.listAdviceFiles(site.id, { limit: 10, reviewQueue: true });
    expect(queued.every((f) => f.inReviewQueue && f.sampled)).toBe(true);
  });
});

describe('settings and versions', () => {
  it('are the defaults until set, and a change is written with its audit entry', async () => {
    expect(await storage.adviceSettings(site.id)).toEqual({ paused: false, samplePercent: 10, retentionYears: 7 });
    const before = await storage.putAdviceSettings(site.id, { paused: true, samplePercent: 25, retentionYears: 10 }, (b) => ({
      siteId: site.id,
      actor: { kind: 'cli' },
      action: 'advice.settings',
      before: b,
      after: { paused: true },
    }));
    expect(before).toEqual({ paused: false, samplePercent: 10, retentionYears: 7 });
    expect(await storage.adviceSettings(site.id)).toEqual({ paused: true, samplePercent: 25, retentionYears: 10 });
    expect(await storage.adviceSettings(other.id)).toEqual({ paused: false, samplePercent: 10, retentionYears: 7 });
    expect((await storage.listAudit(site.id, { limit: 5 }))[0]).toMatchObject({ action: 'advice.settings', before });
  });

  it('lists the engine and assumptions versions of the results, by when each was first used', async () => {
    const file = await newFile();
    const result = (engineVersion: string, seq: number): AdviceEntryData => ({
      kind: 'result',
      status: 'incomplete',
      engineVersion,
      assumptionsVersion: '2026.4',
      asOf: '2026-03-01',
      figures: {},
      reasons: [],
      answersSeq: seq,
      result: null,
    });
    await storage.appendAdviceEntries(file.id, {
      lastSeq: 1,
      at: iso(T0),
      entries: [{ data: result('1.2.0', 1), by: client }],
      status: 'in-progress',
    });
    await storage.appendAdviceEntries(file.id, {
      lastSeq: 2,
      at: iso(T0 + 5),
      entries: [{ data: result('1.3.0', 1), by: client }],
      status: 'in-progress',
    });
    await storage.appendAdviceEntries(file.id, {
      lastSeq: 3,
      at: iso(T0 + 9),
      entries: [{ data: result('1.3.0', 1), by: client }],
      status: 'in-progress',
    });
    expect(await storage.adviceVersions(site.id)).toEqual([
      { engineVersion: '1.2.0', assumptionsVersion: '2026.4', firstUsedAt: iso(T0), lastUsedAt: iso(T0), results: 1 },
      { engineVersion: '1.3.0', assumptionsVersion: '2026.4', firstUsedAt: iso(T0 + 5), lastUsedAt: iso(T0 + 9), results: 2 },
    ]);
    expect(await storage.adviceVersions(other.id)).toEqual([]);
  });
});

describe('retention', () => {
  it("deletes a file whole once its latest entry is older than its site's years; a younger one, and the chat's sweep, leave files be", async () => {
    const old = await newFile(T0 - 8 * YEAR);
    const young = await newFile(T0 - 6 * YEAR);
    const otherOld = await newFile(T0 - 2 * YEAR, other.id);
    await storage.putAdviceSettings(other.id, { paused: false, samplePercent: 10, retentionYears: 1 });
    await storage.appendAdviceEntries(old.id, {
      lastSeq: 1,
      at: iso(T0 - 8 * YEAR),
      entries: [{ data: { kind: 'resume-link', expiresAt: iso(T0), emailed: false }, by: client }],
      status: 'in-progress',
      link: { tokenHash: 'old-link', kind: 'resume', statementId: null, expiresAt: T0 + 1 },
      statement: { id: 'old-s', sha256: 'x', pdf: new Uint8Array([1]) },
    });
    // the chat's retention, however short, is not the advice files'
    await storage.purgeOlderThan(T0);
    expect(await storage.getAdviceFile(site.id, old.id)).not.toBeNull();

    expect(await storage.purgeExpiredAdviceFiles(T0)).toBe(2);
    expect(await storage.getAdviceFile(site.id, old.id)).toBeNull();
    expect(await storage.getAdviceFile(other.id, otherOld.id)).toBeNull();
    expect(await storage.getAdviceFile(site.id, young.id)).not.toBeNull();
    expect(await storage.adviceEntries(old.id)).toEqual([]);
    expect(await storage.getAdviceStatement(old.id, 'old-s')).toBeNull();
    expect(await storage.findAdviceLink(site.id, 'old-link', 'resume', T0)).toBeNull();
  });
});
