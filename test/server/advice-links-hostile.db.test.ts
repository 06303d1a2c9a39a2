/**
 * The journey's resume and partner links as a hostile client uses them (docs/advice-records.md "Journey API"), on
 * SQLite and PostgreSQL over real HTTP: one code or link redeemed at once from two instances of one database (exactly
 * one wins), a code or link taken to another site or used as the other kind, addresses that would carry control or
 * bidirectional characters into a message, and bodies of a type the calls do not read.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Mailer } from '../../server/mail';
import { household } from '../journey/engine-fixtures';
import { API_KEY, ORIGIN, startServer, type TestServer } from './harness';

const OTHER_KEY = 'pk_test_other_site_0123456789abcd';
const OTHER_ORIGIN = 'https://other.example';

let s: TestServer;
let second: TestServer;
let sent: { to: string }[];

beforeEach(async () => {
  sent = [];
  const mailer: Mailer = { send: async (m) => void sent.push(m) };
  s = await startServer({ mailer });
  await s.storage.createSite({ name: 'Other', apiKey: OTHER_KEY, origins: [OTHER_ORIGIN] });
  // another instance of the server on the same database
  second = await startServer({ dir: s.dir, database: s.database, seed: false, mailer });
});

afterEach(async () => {
  await second.stop();
  await s.stop();
  await s.remove();
});

/** A call of the journey's API on `server` with a site's key (this test's site unless given), and a file's token. */
function call(path: string, body?: unknown, init: { token?: string; server?: TestServer; key?: string; origin?: string } = {}) {
  const headers: Record<string, string> = { 'X-API-Key': init.key ?? API_KEY, Origin: init.origin ?? ORIGIN };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  return fetch(`${(init.server ?? s).base}/journey/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function newFile() {
  const res = await call('/advice-files', { consent: true, name: 'Ana Client', email: 'ana@example.com', wording: 'consent-v1' });
  expect(res.status).toBe(201);
  return (await res.json()) as { fileId: string; token: string };
}

async function resumeCode(file: { fileId: string; token: string }) {
  const res = await call(`/advice-files/${file.fileId}/resume-links`, {}, { token: file.token });
  expect(res.status).toBe(201);
  return ((await res.json()) as { code: string }).code;
}

/** A couple's file whose client accepted: the partner's link token. */
async function partnerToken() {
  const file = await newFile();
  const answers = household({ relationshipStatus: 'couple', partner: { income: '40000' } });
  answers.partner.name = 'Bo Partner';
  await call(`/advice-files/${file.fileId}/answers`, { answers }, { token: file.token });
  await call(`/advice-files/${file.fileId}/advice`, {}, { token: file.token });
  const { statementId } = (await (await call(`/advice-files/${file.fileId}/statement`, {}, { token: file.token })).json()) as {
    statementId: string;
  };
  const accepted = (await (await call(`/advice-files/${file.fileId}/acceptance`, { statementId }, { token: file.token })).json()) as {
    partnerLink: { url: string };
  };
  return { ...file, token: accepted.partnerLink.url.split('#')[1]!, clientToken: file.token };
}

describe('one code or link used at once from two instances', () => {
  it('a resume code redeemed by four requests together: exactly one gets a token', async () => {
    const file = await newFile();
    const code = await resumeCode(file);
    const answers = await Promise.all([s, second, s, second].map((server) => call('/resume', { code }, { server })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 404, 404, 404]);
    // one new token, beside the first device's: the winner's works, and no second was made
    const won = (await answers.find((r) => r.status === 200)!.json()) as { token: string };
    expect((await call(`/advice-files/${file.fileId}/answers`, { answers: household() }, { token: won.token })).status).toBe(201);
    expect((await call('/resume', { code })).status).toBe(404);
  });

  it("a partner's link accepted by two requests together: exactly one acceptance", async () => {
    const partner = await partnerToken();
    const answers = await Promise.all([s, second].map((server) => call('/partner/acceptance', { token: partner.token }, { server })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 404]);
    const entries = await s.storage.adviceEntries(partner.fileId);
    expect(entries.filter((e) => e.kind === 'acceptance' && e.by.kind === 'partner')).toHaveLength(1);
    expect((await s.storage.getAdviceFile(s.site.id, partner.fileId))!.status).toBe('accepted');
  });
});

describe('a code or link out of its place', () => {
  it("another site's key cannot redeem a code or a link, and a code is no link (nor a link a code); the owner's still work", async () => {
    const file = await newFile();
    const code = await resumeCode(file);
    const partner = await partnerToken();
    const other = { key: OTHER_KEY, origin: OTHER_ORIGIN };
    expect((await call('/resume', { code }, other)).status).toBe(404);
    expect((await call('/partner', { token: partner.token }, other)).status).toBe(404);
    expect((await call('/partner/acceptance', { token: partner.token }, other)).status).toBe(404);
    expect((await call('/partner', { token: code })).status).toBe(404);
    expect((await call('/resume', { code: partner.token })).status).toBe(404);
    // the client's own file token is neither
    expect((await call('/partner/acceptance', { token: partner.clientToken })).status).toBe(404);
    expect((await call('/resume', { code })).status).toBe(200);
    expect((await call('/partner/acceptance', { token: partner.token })).status).toBe(200);
  });

  it("another file's token makes no resume link for a file", async () => {
    const a = await newFile();
    const b = await newFile();
    const res = await call(`/advice-files/${a.fileId}/resume-links`, { email: 'ana@example.com' }, { token: b.token });
    expect(res.status).toBe(404);
    expect((await s.storage.adviceEntries(a.fileId)).map((e) => e.kind)).toEqual(['consent']);
    expect(sent).toEqual([]);
  });
});

describe('addresses a link is mailed to', () => {
  it('refuse control and bidirectional characters and broken UTF-16, as the consent’s email does; nothing is stored or sent', async () => {
    const file = await newFile();
    const partner = await partnerToken();
    const bad = ['a\u0000b@example.com', 'a\u202eb@example.com', 'a\u2066b@example.com', 'a\u0007b@example.com', 'a\ud800b@example.com'];
    for (const email of bad) {
      const res = await call(`/advice-files/${file.fileId}/resume-links`, { email }, { token: file.token });
      expect(res.status, JSON.stringify(email)).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'BAD_REQUEST', field: 'email' });
    }
    expect((await s.storage.adviceEntries(file.fileId)).map((e) => e.kind)).toEqual(['consent']);

    // a couple's acceptance with such a partner address: refused before anything is written
    const couple = await newFile();
    const answers = household({ relationshipStatus: 'couple', partner: { income: '40000' } });
    answers.partner.name = 'Bo Partner';
    await call(`/advice-files/${couple.fileId}/answers`, { answers }, { token: couple.token });
    await call(`/advice-files/${couple.fileId}/advice`, {}, { token: couple.token });
    const { statementId } = (await (await call(`/advice-files/${couple.fileId}/statement`, {}, { token: couple.token })).json()) as {
      statementId: string;
    };
    for (const partnerEmail of bad) {
      const res = await call(`/advice-files/${couple.fileId}/acceptance`, { statementId, partnerEmail }, { token: couple.token });
      expect(res.status, JSON.stringify(partnerEmail)).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'BAD_REQUEST', field: 'partnerEmail' });
    }
    expect((await s.storage.adviceEntries(couple.fileId)).some((e) => e.kind === 'acceptance')).toBe(false);
    expect(partner.token).toBeTruthy();
    expect(sent).toEqual([]);
  });
});

describe('bodies of a type the calls do not read', () => {
  it('are 415 with the JSON error, and do nothing: a page elsewhere cannot post a form or text to make a file or redeem a code', async () => {
    const file = await newFile();
    const code = await resumeCode(file);
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      for (const [path, body] of [
        ['/advice-files', JSON.stringify({ consent: true, name: 'Eve', wording: 'w' })],
        ['/resume', JSON.stringify({ code })],
        [`/advice-files/${file.fileId}/resume-links`, JSON.stringify({ email: 'eve@example.com' })],
      ] as const) {
        const res = await fetch(`${s.base}/journey/api${path}`, {
          method: 'POST',
          headers: { 'X-API-Key': API_KEY, Origin: ORIGIN, 'Content-Type': contentType, Authorization: `Bearer ${file.token}` },
          body,
        });
        expect(res.status, `${contentType} ${path}`).toBe(415);
        expect(await res.json()).toMatchObject({ error: 'UNSUPPORTED_MEDIA_TYPE' });
      }
    }
    expect((await s.storage.listAdviceFiles(s.site.id, { limit: 10 })).map((f) => f.clientName)).toEqual(['Ana Client']);
    expect((await s.storage.adviceEntries(file.fileId)).filter((e) => e.kind === 'resume-link')).toHaveLength(1);
    expect((await call('/resume', { code })).status).toBe(200);
    expect(sent).toEqual([]);
  });
});

describe('oversize bodies', () => {
  it('are 413 PAYLOAD_TOO_LARGE on every call of a small body, and do nothing', async () => {
    const file = await newFile();
    const code = await resumeCode(file);
    const big = 'x'.repeat(5 * 1024);
    for (const [path, body] of [
      ['/advice-files', { consent: true, name: 'Eve', wording: 'w', pad: big }],
      ['/resume', { code, pad: big }],
      ['/partner', { token: big }],
      ['/partner/acceptance', { token: big }],
      [`/advice-files/${file.fileId}/resume-links`, { email: 'eve@example.com', pad: big }],
      [`/advice-files/${file.fileId}/acceptance`, { statementId: big }],
    ] as const) {
      const res = await call(path, body, { token: file.token });
      expect(res.status, path).toBe(413);
      expect(await res.json()).toMatchObject({ error: 'PAYLOAD_TOO_LARGE' });
    }
    expect((await s.storage.adviceEntries(file.fileId)).filter((e) => e.kind === 'resume-link')).toHaveLength(1);
    expect((await call('/resume', { code })).status).toBe(200);
  });
});
