/**
 * Advice files in the console (docs/advice-records.md "Console API") over real HTTP, on SQLite and PostgreSQL: who may
 * do what (adviser and owner read and review, the owner alone changes settings, editors and viewers 403, another
 * site's ids 404), the list's filters and search, sampling, the kill switch, a review and its audit entry, the replay
 * (through a changed engine: each differing figure with its difference), and the versions' change log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_ITEMS } from '../../contract/advice';
import { computeAdvice } from '../../journey/engine';
import { runAdmin } from '../../server/admin';
import { createAdviceOperations } from '../../server/operations/advice';
import { consoleMemberships } from '../../server/console/site-routes';
import type { Site } from '../../server/storage/types';
import { household } from '../journey/engine-fixtures';
import { ConsoleBrowser } from './console-browser';
import { API_KEY, ORIGIN, startServer, type TestServer } from './harness';

const PASSWORD = 'correct horse battery staple';
let s: TestServer;
let other: Site;
const people = {} as Record<'owner' | 'adviser' | 'editor' | 'viewer' | 'otherAdviser', ConsoleBrowser & { id: string }>;

const tokenOf = (printed: string) => /\/console\/invite\/([A-Za-z0-9_-]+)/.exec(printed)![1]!;

async function account(email: string, role: 'owner' | 'adviser' | 'editor' | 'viewer', site: Site) {
  const browser = new ConsoleBrowser(() => s.base, { password: PASSWORD }) as ConsoleBrowser & { id: string };
  const token = tokenOf(await runAdmin(s.storage, ['owner:invite', '--email', email], { publicUrl: s.base }));
  const res = await browser.call(`invites/${token}`, { body: { password: PASSWORD } });
  expect(res.status).toBe(200);
  browser.id = (res.body as { account: { id: string } }).account.id;
  await s.storage.addMember(site.id, browser.id, role);
  return browser;
}

/** A journey call with the site's key. */
const journey = (path: string, body?: unknown, token?: string) =>
  fetch(`${s.base}/journey/api${path}`, {
    method: 'POST',
    headers: {
      'X-API-Key': API_KEY,
      Origin: ORIGIN,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** A client's file with answers and a result. */
async function clientFile(name: string, email: string, answers = household()) {
  const created = (await (await journey('/advice-files', { consent: true, name, email, wording: 'consent-v1' })).json()) as {
    fileId: string;
    token: string;
  };
  expect((await journey(`/advice-files/${created.fileId}/answers`, { answers }, created.token)).status).toBe(201);
  const advice = await journey(`/advice-files/${created.fileId}/advice`, undefined, created.token);
  return { ...created, status: advice.status };
}

const checklist = Object.fromEntries(REVIEW_ITEMS.map((k) => [k, true]));
let files: { fileId: string; token: string }[] = [];

beforeAll(async () => {
  s = await startServer({ console: { scryptCost: { N: 1024, r: 8, p: 1 } } });
  other = await s.storage.createSite({ name: 'Other', apiKey: 'pk_test_other_advice_0123456789ab', origins: ['https://other.example'] });
  people.owner = await account('owner@a.example', 'owner', s.site);
  people.adviser = await account('adviser@a.example', 'adviser', s.site);
  people.editor = await account('editor@a.example', 'editor', s.site);
  people.viewer = await account('viewer@a.example', 'viewer', s.site);
  people.otherAdviser = await account('adviser@b.example', 'adviser', other);
  // every new file sampled, then none
  await s.storage.putAdviceSettings(s.site.id, { paused: false, samplePercent: 100, retentionYears: 7 });
  files = [
    await clientFile('Ana Client', 'ana@example.com'),
    await clientFile('Ben Refused', 'BEN@Example.com', household({ savings: '' })),
  ];
  await s.storage.putAdviceSettings(s.site.id, { paused: false, samplePercent: 0, retentionYears: 7 });
  files.push(await clientFile('Cat Later', 'cat@example.com'));
});

afterAll(async () => {
  await s.stop();
  await s.remove();
});

const site = () => `sites/${s.site.id}`;

describe('roles', () => {
  it('an adviser and an owner read the files; editors and viewers get 403; another site’s adviser and ids get 404', async () => {
    for (const who of [people.adviser, people.owner]) expect((await who.call(`${site()}/advice-files`)).status).toBe(200);
    for (const who of [people.editor, people.viewer]) {
      for (const path of ['advice-files', `advice-files/${files[0]!.fileId}`, 'advice-settings', 'advice-versions'])
        expect((await who.call(`${site()}/${path}`)).status, path).toBe(403);
      expect((await who.call(`${site()}/advice-files/${files[0]!.fileId}/replay`, { method: 'POST' })).status).toBe(403);
      expect(
        (await who.call(`${site()}/advice-files/${files[0]!.fileId}/reviews`, { body: { checklist, notes: '', outcome: 'satisfactory' } }))
          .status,
      ).toBe(403);
    }
    expect((await people.otherAdviser.call(`${site()}/advice-files`)).status).toBe(404);
    expect((await people.otherAdviser.call(`sites/${other.id}/advice-files/${files[0]!.fileId}`)).status).toBe(404);
    expect((await people.adviser.call(`${site()}/advice-files/nope`)).status).toBe(404);
    // an adviser reads the settings, only an owner changes them
    expect((await people.adviser.call(`${site()}/advice-settings`)).body).toEqual({ paused: false, samplePercent: 0, retentionYears: 7 });
    expect((await people.adviser.call(`${site()}/advice-settings`, { method: 'PUT', body: { paused: true } })).status).toBe(403);
  });
});

describe('the list', () => {
  it('shows each file with its status, filters by status and the review queue, and searches names and emails in any case', async () => {
    const list = (q = '') =>
      people.adviser
        .call(`${site()}/advice-files${q}`)
        .then((r) => r.body as { files: { id: string; status: string; inReviewQueue: boolean }[]; next: string | null });
    const all = await list();
    expect(all.files.map((f) => f.id)).toEqual([files[2]!.fileId, files[1]!.fileId, files[0]!.fileId]);
    expect(all.next).toBeNull();
    expect(all.files.map((f) => f.status)).toEqual(['advised', 'refused', 'advised']);
    expect((await list('?status=refused')).files.map((f) => f.id)).toEqual([files[1]!.fileId]);
    expect((await list('?queue=review')).files.map((f) => f.id)).toEqual([files[1]!.fileId, files[0]!.fileId]);
    expect((await list('?q=ben%40example')).files.map((f) => f.id)).toEqual([files[1]!.fileId]);
    expect((await list('?q=CAT')).files.map((f) => f.id)).toEqual([files[2]!.fileId]);
    expect((await people.adviser.call(`${site()}/advice-files?status=nope`)).status).toBe(400);
    expect((await people.adviser.call(`${site()}/advice-files?cursor=zzz`)).status).toBe(400);
  });
});

describe('a file', () => {
  it('shows every entry and its statement; a review is an entry and an audit entry, and takes it out of the queue', async () => {
    const f = files[0]!;
    const statement = (await (await journey(`/advice-files/${f.fileId}/statement`, undefined, f.token)).json()) as {
      statementId: string;
      sha256: string;
    };
    const view = (await people.adviser.call(`${site()}/advice-files/${f.fileId}`)).body as {
      file: { status: string };
      entries: { kind: string }[];
    };
    expect(view.entries.map((e) => e.kind)).toEqual(['consent', 'answers', 'result', 'statement']);
    const pdf = await people.adviser.call(`${site()}/advice-files/${f.fileId}/statements/${statement.statementId}`);
    expect(pdf.res.headers.get('content-type')).toBe('application/pdf');

    expect(
      (
        await people.adviser.call(`${site()}/advice-files/${f.fileId}/reviews`, {
          body: { checklist: {}, notes: '', outcome: 'satisfactory' },
        })
      ).body,
    ).toMatchObject({ error: 'INVALID', field: 'checklist' });
    // CSRF as every console call
    expect(
      (
        await people.adviser.call(`${site()}/advice-files/${f.fileId}/reviews`, {
          body: { checklist, notes: 'ok', outcome: 'satisfactory' },
          csrf: null,
        })
      ).status,
    ).toBe(403);
    const review = await people.adviser.call(`${site()}/advice-files/${f.fileId}/reviews`, {
      body: { checklist, notes: 'Fits the goal.', outcome: 'satisfactory' },
    });
    expect(review.status).toBe(201);
    expect(review.body).toMatchObject({
      kind: 'review',
      seq: 5,
      outcome: 'satisfactory',
      notes: 'Fits the goal.',
      by: { kind: 'account', accountId: people.adviser.id, email: 'adviser@a.example' },
    });
    const audit = await s.storage.listAudit(s.site.id, { limit: 1 });
    expect(audit[0]).toMatchObject({
      action: 'advice.review',
      actor: { kind: 'account', accountId: people.adviser.id },
      after: { fileId: f.fileId, outcome: 'satisfactory', seq: 5 },
    });
    const listed = (await people.adviser.call(`${site()}/advice-files?queue=review`)).body as { files: { id: string }[] };
    expect(listed.files.map((x) => x.id)).toEqual([files[1]!.fileId]);
    expect(((await people.adviser.call(`${site()}/advice-files/${f.fileId}`)).body as { file: object }).file).toMatchObject({
      reviewed: 'satisfactory',
      inReviewQueue: false,
    });
  });

  it('replays with today’s engine for the original date: nothing differs with the same engine', async () => {
    const replay = await people.adviser.call(`${site()}/advice-files/${files[2]!.fileId}/replay`, { method: 'POST' });
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({
      resultSeq: 3,
      before: { status: 'recommended' },
      after: { status: 'recommended' },
      differences: [],
    });
  });

  it('replays through a changed engine: each figure that differs, with the stored value, today’s and the difference', async () => {
    const ops = createAdviceOperations(s.storage, {
      memberships: consoleMemberships(s.storage),
      // a later method: the goal costs 10% more, under a new version
      compute: (answers, asOf) => {
        const changed = { ...answers, goal: { ...answers.goal, amount: String(Number(answers.goal.amount) * 1.1) } };
        return { ...computeAdvice(changed, { asOf }), engineVersion: '9.9.9' };
      },
    });
    const actor = { kind: 'account' as const, accountId: people.adviser.id, email: 'adviser@a.example' };
    const replay = await ops.replayAdvice(actor, s.site.id, files[2]!.fileId);
    const stored = await s.storage.latestAdviceEntry(files[2]!.fileId, 'result');
    expect(replay.after.engineVersion).toBe('9.9.9');
    expect(replay.before.engineVersion).toBe(stored!.engineVersion);
    const goal = replay.differences.find((d) => d.figure === 'plan.goal.todayCents')!;
    expect(goal).toEqual({ figure: 'plan.goal.todayCents', before: 5_000_000, after: 5_500_000, delta: 500_000 });
    expect(replay.differences.find((d) => d.figure === 'plan.monthlyNeededCents')!.delta).toBeGreaterThan(0);
    expect(replay.differences.some((d) => d.figure === 'engineVersion')).toBe(false);
  });
});

describe('settings and versions', () => {
  it('the owner pauses advice (audited); the journey then gets 503; the versions in use export as CSV', async () => {
    const bad = await people.owner.call(`${site()}/advice-settings`, { method: 'PUT', body: { samplePercent: 101 } });
    expect(bad.body).toMatchObject({ error: 'INVALID', field: 'samplePercent' });
    const put = await people.owner.call(`${site()}/advice-settings`, { method: 'PUT', body: { paused: true } });
    expect(put.body).toEqual({ paused: true, samplePercent: 0, retentionYears: 7 });
    expect((await s.storage.listAudit(s.site.id, { limit: 1 }))[0]).toMatchObject({
      action: 'advice.settings',
      before: { paused: false },
      after: { paused: true },
    });
    const f = files[2]!;
    expect((await journey(`/advice-files/${f.fileId}/advice`, undefined, f.token)).status).toBe(503);
    await people.owner.call(`${site()}/advice-settings`, { method: 'PUT', body: { paused: false } });

    const versions = (await people.adviser.call(`${site()}/advice-versions`)).body as {
      versions: { engineVersion: string; results: number }[];
    };
    expect(versions.versions).toHaveLength(1);
    expect(versions.versions[0]!.results).toBe(3);
    const csv = await people.adviser.call(`${site()}/advice-versions?format=csv`);
    expect(csv.res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.body).toBeNull();
  });
});
