/**
 * The journey's advice-file calls (docs/advice-records.md "Journey API") over real HTTP, on SQLite and PostgreSQL:
 * consent off stores nothing, a single client's file from answers to acceptance (the statement's SHA-256 is the bytes
 * downloaded), corrections as new entries, resume links (single-use, expiring, throttled), the kill switch, a
 * couple's joint acceptance through the partner's link, and hostile calls.
 */
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RESUME_LINK_DAYS } from '../../contract/advice';
import type { Mailer } from '../../server/mail';
import type { Site } from '../../server/storage/types';
import { household } from '../journey/engine-fixtures';
import { API_KEY, ORIGIN, startServer, type TestServer } from './harness';

const T0 = Date.parse('2026-03-02T01:00:00.000Z');
const DAY = 86_400_000;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let s: TestServer;
let now: number;
let sent: { to: string; subject: string; text: string }[];

beforeEach(async () => {
  now = T0;
  sent = [];
  const mailer: Mailer = { send: async (m) => void sent.push(m) };
  s = await startServer({ now: () => now, mailer });
});

afterEach(async () => {
  await s.stop();
  await s.remove();
});

/** A call of the journey's API with the site's key, and a file's token when given. */
function call(path: string, body?: unknown, init: { token?: string; key?: string; origin?: string | null; method?: string } = {}) {
  const headers: Record<string, string> = { 'X-API-Key': init.key ?? API_KEY };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.origin !== null) headers.Origin = init.origin ?? ORIGIN;
  return fetch(`${s.base}/journey/api${path}`, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const post = (path: string, token?: string) =>
  fetch(`${s.base}/journey/api${path}`, {
    method: 'POST',
    headers: { 'X-API-Key': API_KEY, Origin: ORIGIN, Authorization: `Bearer ${token}` },
  });

async function newFile(name = 'Ana Client', email: string | null = 'ana@example.com') {
  const res = await call('/advice-files', { consent: true, name, email, wording: 'consent-v1' });
  expect(res.status).toBe(201);
  return (await res.json()) as { fileId: string; token: string };
}

async function advised(answers = household()) {
  const file = await newFile();
  expect((await call(`/advice-files/${file.fileId}/answers`, { answers }, { token: file.token })).status).toBe(201);
  const advice = await post(`/advice-files/${file.fileId}/advice`, file.token);
  expect(advice.status).toBe(200);
  return { ...file, advice: (await advice.json()) as { seq: number; status: string } };
}

const filesOf = (site: Site) => s.storage.listAdviceFiles(site.id, { limit: 100 });

describe('without consent', () => {
  it('nothing is stored: no file without consent: true, and answers without a file token are 404', async () => {
    expect((await call('/advice-files', { consent: false, name: 'Ana', wording: 'consent-v1' })).status).toBe(400);
    expect((await call('/advice-files', { name: 'Ana', wording: 'consent-v1' })).status).toBe(400);
    const res = await call('/advice-files/some-file/answers', { answers: household() });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'NOT_FOUND', message: 'Not found.' });
    expect(await filesOf(s.site)).toEqual([]);
  });
});

describe("a single client's file", () => {
  it('keeps each change of the answers, the result, the statement (its SHA-256 the bytes downloaded) and the acceptance', async () => {
    const status = await call('/advice-status');
    expect(await status.json()).toEqual({ paused: false, mail: true });
    const file = await newFile();
    const answers = household();
    expect(await (await call(`/advice-files/${file.fileId}/answers`, { answers, resumeAt: 'goal' }, { token: file.token })).json()).toEqual(
      { seq: 2 },
    );
    // unchanged: nothing appended
    const same = await call(`/advice-files/${file.fileId}/answers`, { answers, resumeAt: 'goal' }, { token: file.token });
    expect(same.status).toBe(200);
    expect(await same.json()).toEqual({ seq: 2 });
    // a correction is a new entry; the first stays
    const corrected = { ...answers, income: { amount: '95000', frequency: 'annually' } };
    expect(await (await call(`/advice-files/${file.fileId}/answers`, { answers: corrected }, { token: file.token })).json()).toEqual({
      seq: 3,
    });
    // resumeAt left out keeps the last one: the same answers again append nothing (the advice pages send them so)
    const again = await call(`/advice-files/${file.fileId}/answers`, { answers: corrected }, { token: file.token });
    expect([again.status, await again.json()]).toEqual([200, { seq: 3 }]);

    // before a recommendation there is no statement
    expect((await post(`/advice-files/${file.fileId}/statement`, file.token)).status).toBe(409);
    const advice = await post(`/advice-files/${file.fileId}/advice`, file.token);
    expect(await advice.json()).toMatchObject({ seq: 4, status: 'recommended' });

    const issued = await post(`/advice-files/${file.fileId}/statement`, file.token);
    expect(issued.status).toBe(201);
    const statement = (await issued.json()) as { statementId: string; sha256: string; names: string[] };
    expect(statement.names).toEqual(['Ana Client']);
    // stored once: asked again, the same statement
    expect(await (await post(`/advice-files/${file.fileId}/statement`, file.token)).json()).toMatchObject({
      statementId: statement.statementId,
    });
    const pdf = await call(`/advice-files/${file.fileId}/statements/${statement.statementId}`, undefined, { token: file.token });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(sha256(new Uint8Array(await pdf.arrayBuffer()))).toBe(statement.sha256);

    const accepted = await call(`/advice-files/${file.fileId}/acceptance`, { statementId: statement.statementId }, { token: file.token });
    expect(await accepted.json()).toEqual({ status: 'accepted', partnerLink: null });

    const entries = await s.storage.adviceEntries(file.fileId);
    expect(entries.map((e) => e.kind)).toEqual(['consent', 'answers', 'answers', 'result', 'statement', 'acceptance']);
    const [, first, second, result] = entries;
    expect(first).toMatchObject({ kind: 'answers', answers, resumeAt: 'goal' });
    expect(second).toMatchObject({ kind: 'answers', changed: ['income'], resumeAt: 'goal' });
    expect(result).toMatchObject({
      kind: 'result',
      status: 'recommended',
      answersSeq: 3,
      engineVersion: expect.any(String),
      assumptionsVersion: expect.any(String),
    });
    expect((await filesOf(s.site))[0]).toMatchObject({ status: 'accepted', clientName: 'Ana Client' });
  });

  it('records a refusal with its reasons', async () => {
    const file = await advised(household({ savings: '' }));
    expect(file.advice.status).toBe('unsuitable');
    const result = await s.storage.latestAdviceEntry(file.fileId, 'result');
    expect(result!.reasons.length).toBeGreaterThan(0);
    expect((await filesOf(s.site))[0]!.status).toBe('refused');
  });
});

describe('resume links', () => {
  it('work once on another device, give a new token, and are emailed when asked', async () => {
    const file = await newFile();
    const answers = household();
    await call(`/advice-files/${file.fileId}/answers`, { answers, resumeAt: 'income' }, { token: file.token });
    const res = await call(`/advice-files/${file.fileId}/resume-links`, { email: 'ana@example.com' }, { token: file.token });
    expect(res.status).toBe(201);
    const link = (await res.json()) as { code: string; url: string; expiresAt: string; emailed: boolean };
    expect(link.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(link.url).toBe(`${s.base}/resume#${link.code}`);
    expect(link.expiresAt).toBe(new Date(T0 + RESUME_LINK_DAYS * DAY).toISOString());
    expect(link.emailed).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('ana@example.com');
    expect(sent[0]!.text).toContain(link.url);

    // typed in lower case, without its dash
    const resumed = await call('/resume', { code: link.code.replace('-', '').toLowerCase() });
    expect(resumed.status).toBe(200);
    const body = (await resumed.json()) as { fileId: string; token: string; name: string; answers: unknown; resumeAt: string };
    expect(body).toMatchObject({ fileId: file.fileId, name: 'Ana Client', answers, resumeAt: 'income' });
    // the new token writes to the file; the first device's still does
    expect(
      (await call(`/advice-files/${file.fileId}/answers`, { answers: { ...answers, privateHealth: 'no' } }, { token: body.token })).status,
    ).toBe(201);
    expect((await call(`/advice-files/${file.fileId}/answers`, { answers }, { token: file.token })).status).toBe(201);
    // single-use
    const again = await call('/resume', { code: link.code });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ error: 'RESUME_INVALID' });
  });

  it('expire after RESUME_LINK_DAYS; without an address nothing is emailed', async () => {
    const file = await newFile();
    const link = (await (await call(`/advice-files/${file.fileId}/resume-links`, {}, { token: file.token })).json()) as {
      code: string;
      emailed: boolean;
    };
    expect(link.emailed).toBe(false);
    expect(sent).toEqual([]);
    now = T0 + RESUME_LINK_DAYS * DAY;
    expect((await call('/resume', { code: link.code })).status).toBe(404);
  });

  it('are throttled per address: the 11th failure in 15 minutes is 429 with Retry-After; a good code after the window works', async () => {
    const file = await newFile();
    const link = (await (await call(`/advice-files/${file.fileId}/resume-links`, {}, { token: file.token })).json()) as { code: string };
    const bad = ['0000-0000', 'ZZZZ-ZZZZ', 'not a code', '', 'UUUU-UUUU', 'x'.repeat(500), '1234', 'ABCD-EFGH', '%00', 'AAAA-AAAA'];
    for (const code of bad) {
      const res = await call('/resume', { code });
      expect(res.status, code.slice(0, 20)).toBe(404);
      expect(await res.json()).toMatchObject({ error: 'RESUME_INVALID' });
    }
    const throttled = await call('/resume', { code: link.code });
    expect(throttled.status).toBe(429);
    expect(await throttled.json()).toMatchObject({ error: 'THROTTLED' });
    const retryAfter = Number(throttled.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    now += retryAfter * 1000;
    expect((await call('/resume', { code: link.code })).status).toBe(200);
  });
});

describe('the kill switch', () => {
  it('answers 503 ADVICE_PAUSED, records it, and the journey learns it before asking', async () => {
    const file = await newFile();
    await call(`/advice-files/${file.fileId}/answers`, { answers: household() }, { token: file.token });
    await s.storage.putAdviceSettings(s.site.id, { paused: true, samplePercent: 10, retentionYears: 7 });
    expect(await (await call('/advice-status')).json()).toEqual({ paused: true, mail: true });
    const res = await post(`/advice-files/${file.fileId}/advice`, file.token);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: 'ADVICE_PAUSED' });
    expect((await s.storage.adviceEntries(file.fileId)).map((e) => e.kind)).toEqual(['consent', 'answers', 'advice-paused']);
  });
});

describe("a couple's joint advice", () => {
  it('names both, waits for the partner, who accepts once through their link', async () => {
    const answers = household({ relationshipStatus: 'couple', partner: { income: '40000' } });
    answers.partner.name = 'Bo Partner';
    const file = await advised(answers);
    expect(file.advice.status).toBe('recommended');
    const statement = (await (await post(`/advice-files/${file.fileId}/statement`, file.token)).json()) as {
      statementId: string;
      sha256: string;
      names: string[];
    };
    expect(statement.names).toEqual(['Ana Client', 'Bo Partner']);

    const accepted = (await (
      await call(
        `/advice-files/${file.fileId}/acceptance`,
        { statementId: statement.statementId, partnerEmail: 'bo@example.com' },
        { token: file.token },
      )
    ).json()) as { status: string; partnerLink: { url: string; expiresAt: string; emailed: boolean } };
    expect(accepted.status).toBe('awaiting-partner');
    expect(accepted.partnerLink.url).toMatch(new RegExp(`^${s.base}/partner#[A-Za-z0-9_-]{43}$`));
    expect(accepted.partnerLink.emailed).toBe(true);
    expect(sent.map((m) => m.to)).toEqual(['bo@example.com']);
    expect((await filesOf(s.site))[0]).toMatchObject({ status: 'awaiting-partner', partnerName: 'Bo Partner' });

    const token = accepted.partnerLink.url.split('#')[1]!;
    const view = await call('/partner', { token });
    expect(await view.json()).toMatchObject({
      statementId: statement.statementId,
      names: ['Ana Client', 'Bo Partner'],
      status: 'awaiting-partner',
    });
    const pdf = await call('/partner/statement', { token });
    expect(sha256(new Uint8Array(await pdf.arrayBuffer()))).toBe(statement.sha256);
    expect(await (await call('/partner/acceptance', { token })).json()).toEqual({ status: 'accepted', partnerLink: null });
    const used = await call('/partner/acceptance', { token });
    expect(used.status).toBe(404);
    expect(await used.json()).toMatchObject({ error: 'LINK_INVALID' });

    const entries = await s.storage.adviceEntries(file.fileId);
    expect(entries.filter((e) => e.kind === 'acceptance').map((e) => [e.by.kind, e.kind === 'acceptance' && e.name])).toEqual([
      ['client', 'Ana Client'],
      ['partner', 'Bo Partner'],
    ]);
    // the link's entry says a message was asked for; the entry after the attempt says it was sent
    const link = entries.find((e) => e.kind === 'partner-link')!;
    expect(link).toMatchObject({ emailRequested: true, statementId: statement.statementId });
    expect(link).not.toHaveProperty('emailed');
    expect(entries.find((e) => e.kind === 'mail')).toMatchObject({ about: 'partner', linkSeq: link.seq, outcome: 'sent' });
  });
});

describe('hostile calls', () => {
  it("refuse another site's key, an origin the site does not allow, another file's token, oversized and malformed bodies", async () => {
    const other = await s.storage.createSite({
      name: 'Other',
      apiKey: 'pk_test_other_site_0123456789abcd',
      origins: ['https://other.example'],
    });
    const a = await newFile();
    const b = await newFile('Bea');
    expect((await call('/advice-files', { consent: true, name: 'X', wording: 'w' }, { key: 'pk_test_nope' })).status).toBe(401);
    expect((await call('/advice-files', { consent: true, name: 'X', wording: 'w' }, { origin: 'https://evil.example' })).status).toBe(403);
    // the other site's key, from its own origin, cannot reach this site's file
    const otherKey = await call(
      `/advice-files/${a.fileId}/answers`,
      { answers: household() },
      { key: 'pk_test_other_site_0123456789abcd', origin: 'https://other.example', token: a.token },
    );
    expect(otherKey.status).toBe(404);
    // another file's token
    expect((await call(`/advice-files/${a.fileId}/answers`, { answers: household() }, { token: b.token })).status).toBe(404);
    expect((await call(`/advice-files/${a.fileId}/statements/x`, undefined, { token: a.token })).status).toBe(404);
    // too large, and not answers
    const huge = { ...household(), goal: { type: 'first-home', amount: 'x'.repeat(70 * 1024), years: '10' } };
    expect((await call(`/advice-files/${a.fileId}/answers`, { answers: huge }, { token: a.token })).status).toBe(413);
    const wrong = await call(`/advice-files/${a.fileId}/answers`, { answers: { income: 1 } }, { token: a.token });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'BAD_REQUEST', field: 'answers' });
    expect((await call('/advice-files', { consent: true, name: 'x'.repeat(201), wording: 'w' })).status).toBe(400);
    expect((await call('/advice-files', { consent: true, name: 'X', email: 'not-an-email', wording: 'w' })).status).toBe(400);
    expect((await call('/partner', { token: 'x' })).status).toBe(404);
    expect((await call('/resume', { code: 42 })).status).toBe(404);
    expect(await filesOf(other)).toEqual([]);
    expect((await s.storage.adviceEntries(a.fileId)).map((e) => e.kind)).toEqual(['consent']);
  });

  it('limits the files one address creates (20 an hour)', async () => {
    for (let i = 0; i < 20; i++) await newFile(`Client ${i}`);
    const res = await call('/advice-files', { consent: true, name: 'One more', wording: 'w' });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
