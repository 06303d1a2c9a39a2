/**
 * A hostile pass over the journey's advice-file calls (docs/advice-records.md "Journey API"), on SQLite and
 * PostgreSQL, over real HTTP: every route fed bodies of the wrong types, huge, unicode and null-laden, never answers
 * 5xx; names and answers in any script, with control characters, survive to the statement's PDF or are refused;
 * the work one client can make the server do (advice, statements, mail) is bounded; and the guessing of codes is
 * counted per /64 for IPv6 addresses.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REVIEW_ITEMS } from '../../contract/advice';
import { runAdmin } from '../../server/admin';
import type { Mailer } from '../../server/mail';
import { household } from '../journey/engine-fixtures';
import { ConsoleBrowser } from './console-browser';
import { API_KEY, ORIGIN, startServer, type TestServer } from './harness';

let s: TestServer;
let now: number;
let sent: { to: string; subject: string; text: string }[];

beforeEach(async () => {
  now = Date.parse('2026-03-02T01:00:00.000Z');
  sent = [];
  const mailer: Mailer = { send: async (m) => void sent.push(m) };
  s = await startServer({ now: () => now, mailer, trustProxy: true, console: {} });
});

afterEach(async () => {
  await s.stop();
  await s.remove();
});

/** A call of the journey's API with the site's key; `raw` sends the body as it is. */
function call(
  path: string,
  body?: unknown,
  init: { token?: string; method?: string; raw?: boolean; contentType?: string; ip?: string } = {},
) {
  const headers: Record<string, string> = { 'X-API-Key': API_KEY, Origin: ORIGIN };
  if (body !== undefined) headers['Content-Type'] = init.contentType ?? 'application/json';
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.ip) headers['X-Forwarded-For'] = init.ip;
  return fetch(`${s.base}/journey/api${path}`, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body: body === undefined ? undefined : init.raw ? (body as string) : JSON.stringify(body),
  });
}

async function newFile(name = 'Ana Client', email: string | null = 'ana@example.com', ip?: string) {
  const res = await call('/advice-files', { consent: true, name, email, wording: 'consent-v1' }, { ip });
  expect(res.status).toBe(201);
  return (await res.json()) as { fileId: string; token: string };
}

/** Values of every JSON type, and strings no route may choke on. */
const VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  [],
  [1, 'a'],
  {},
  { nested: { deeper: [null] } },
  '',
  'x'.repeat(3000),
  '\u0000',
  'a\u0000b',
  '\r\nBcc: victim@example.com',
  '\ud800',
  '😀',
  '\u202eevil',
  '李雷',
  '%00',
  '../../etc/passwd',
];

describe('fuzzed bodies', () => {
  it('never answer 5xx, on any route, for any field of any type', async () => {
    const file = await newFile();
    const paths = [
      '/advice-files',
      `/advice-files/${file.fileId}/answers`,
      `/advice-files/${file.fileId}/advice`,
      `/advice-files/${file.fileId}/statement`,
      `/advice-files/${file.fileId}/acceptance`,
      `/advice-files/${file.fileId}/resume-links`,
      '/resume',
      '/partner',
      '/partner/statement',
      '/partner/acceptance',
    ];
    const fields = ['consent', 'name', 'email', 'wording', 'answers', 'resumeAt', 'statementId', 'partnerEmail', 'code', 'token'];
    const bodies: unknown[] = [
      ...VALUES,
      ...fields.flatMap((f) => VALUES.map((v) => ({ consent: true, wording: 'w', name: 'N', [f]: v }))),
    ];
    const failures: string[] = [];
    for (const path of paths) {
      for (const body of bodies) {
        const res = await call(path, body, { token: file.token });
        if (res.status >= 500) failures.push(`${path} ${JSON.stringify(body).slice(0, 60)} → ${res.status}`);
      }
      for (const raw of ['{', 'null', '"', '[', '{"a":', '\u0000', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}']) {
        const res = await call(path, raw, { token: file.token, raw: true });
        if (res.status >= 500) failures.push(`${path} raw ${JSON.stringify(raw)} → ${res.status}`);
      }
      const form = await call(path, 'a=b', { token: file.token, raw: true, contentType: 'application/x-www-form-urlencoded' });
      if (form.status >= 500) failures.push(`${path} form → ${form.status}`);
    }
    for (const junk of ['%00', '%ff', 'x'.repeat(300), '..%2f..%2f', '%F0%9F%98%80'])
      for (const path of [`/advice-files/${junk}/answers`, `/advice-files/${file.fileId}/statements/${junk}`]) {
        const res = await call(path, path.endsWith('answers') ? { answers: household() } : undefined, { token: file.token });
        if (res.status >= 500) failures.push(`${path} → ${res.status}`);
      }
    expect(failures).toEqual([]);
    // some 2,300 calls: a loaded machine takes a while
  }, 120_000);

  it('answers nested as deep as the body allows are 400, not a stack overflow', async () => {
    const file = await newFile();
    const depth = 32_000;
    for (const [open, close] of [
      ['[', ']'],
      ['{"a":', '}'],
    ] as const) {
      const body = `{"answers":${open.repeat(depth)}1${close.repeat(depth)}}`;
      const res = await call(`/advice-files/${file.fileId}/answers`, body.slice(0, 65 * 1024 + 1000), { token: file.token, raw: true });
      expect(res.status, open).toBeLessThan(500);
      const deep = `{"answers":${open.repeat(10_000)}1${close.repeat(10_000)}}`;
      const shaped = await call(`/advice-files/${file.fileId}/answers`, deep, { token: file.token, raw: true });
      expect(shaped.status, open).toBe(400);
      expect(await shaped.json()).toMatchObject({ field: 'answers' });
    }
  });

  it('names and answers in any script, or with control characters, reach the statement or are refused: never 5xx', async () => {
    const names = [
      '李雷',
      'Zoë Ørsted',
      'محمد',
      '😀 Smile',
      '\u202eevil',
      'a\u0000b',
      'Ana\r\nBcc: x@example.com',
      '\ud800x',
      'Ω'.repeat(200),
    ];
    const failures: string[] = [];
    for (const name of names) {
      const created = await call('/advice-files', { consent: true, name, email: null, wording: 'w' });
      if (created.status >= 500) failures.push(`create ${JSON.stringify(name)} → ${created.status}`);
      if (created.status !== 201) continue;
      const file = (await created.json()) as { fileId: string; token: string };
      const answers = household({ relationshipStatus: 'couple', partner: { income: '40000' } });
      answers.partner.name = name;
      answers.goal.amount = `50000${name}`;
      const saved = await call(`/advice-files/${file.fileId}/answers`, { answers }, { token: file.token });
      if (saved.status >= 500) failures.push(`answers ${JSON.stringify(name)} → ${saved.status}`);
      answers.goal.amount = '50000';
      await call(`/advice-files/${file.fileId}/answers`, { answers }, { token: file.token });
      const advice = await call(`/advice-files/${file.fileId}/advice`, {}, { token: file.token });
      if (advice.status >= 500) failures.push(`advice ${JSON.stringify(name)} → ${advice.status}`);
      const statement = await call(`/advice-files/${file.fileId}/statement`, {}, { token: file.token });
      if (statement.status >= 500) failures.push(`statement ${JSON.stringify(name)} → ${statement.status}`);
    }
    expect(failures).toEqual([]);
  });
});
describe('guessing codes from many addresses', () => {
  it('counts the addresses of one IPv6 /64 as one, and IPv4-mapped IPv6 as its IPv4 address', async () => {
    for (let i = 0; i < 10; i++)
      expect((await call('/resume', { code: '0000-0000' }, { ip: `2001:db8:1:2:${i.toString(16)}::1` })).status).toBe(404);
    expect((await call('/resume', { code: '0000-0000' }, { ip: '2001:db8:1:2:ffff:ffff:ffff:ffff' })).status).toBe(429);
    // another /64 is another address
    expect((await call('/resume', { code: '0000-0000' }, { ip: '2001:db8:1:3::1' })).status).toBe(404);

    for (let i = 0; i < 10; i++) expect((await call('/resume', { code: '0000-0000' }, { ip: '203.0.113.7' })).status).toBe(404);
    expect((await call('/resume', { code: '0000-0000' }, { ip: '::ffff:203.0.113.7' })).status).toBe(429);
  });

  it('counts failures on two instances of one database together', async () => {
    const second = await startServer({ dir: s.dir, database: s.database, seed: false, now: () => now, trustProxy: true });
    try {
      const on = (server: TestServer) =>
        fetch(`${server.base}/journey/api/resume`, {
          method: 'POST',
          headers: { 'X-API-Key': API_KEY, Origin: ORIGIN, 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.4' },
          body: JSON.stringify({ code: '0000-0000' }),
        });
      for (let i = 0; i < 10; i++) expect((await on(i % 2 ? second : s)).status).toBe(404);
      expect((await on(s)).status).toBe(429);
      expect((await on(second)).status).toBe(429);
    } finally {
      await second.stop();
    }
  });

  it('counts the files one IPv6 /64 creates together', async () => {
    for (let i = 0; i < 20; i++) await newFile(`Client ${i}`, null, `2001:db8:9:9:${i.toString(16)}::1`);
    const res = await call('/advice-files', { consent: true, name: 'One more', wording: 'w' }, { ip: '2001:db8:9:9::abcd' });
    expect(res.status).toBe(429);
  });
});
describe('the mail a client can make the server send', () => {
  it('resume links of one file are limited (10 an hour, then 429), and so is the mail to any address from one client', async () => {
    const file = await newFile();
    for (let i = 0; i < 10; i++) {
      const res = await call(`/advice-files/${file.fileId}/resume-links`, { email: `victim${i}@example.com` }, { token: file.token });
      expect(res.status).toBe(201);
    }
    const more = await call(`/advice-files/${file.fileId}/resume-links`, { email: 'victim@example.com' }, { token: file.token });
    expect(more.status).toBe(429);
    expect(await more.json()).toMatchObject({ error: 'THROTTLED' });
    expect(Number(more.headers.get('retry-after'))).toBeGreaterThan(0);
    // one address's files together: 5 messages an hour, the links still given (not said to be emailed)
    expect(sent).toHaveLength(5);
    const second = await newFile('Bea');
    const link = await call(`/advice-files/${second.fileId}/resume-links`, { email: 'victim@example.com' }, { token: second.token });
    expect(link.status).toBe(201);
    expect(await link.json()).toMatchObject({ emailed: false });
    expect(sent).toHaveLength(5);
    // an hour later, again
    now += 60 * 60_000;
    expect(
      await (await call(`/advice-files/${second.fileId}/resume-links`, { email: 'ana@example.com' }, { token: second.token })).json(),
    ).toMatchObject({ emailed: true });
  });
});
describe('the work a client can make the server do', () => {
  it('advice on unchanged answers appends nothing; statements are rendered at most 10 an hour per file', async () => {
    const file = await newFile();
    const answers = household();
    await call(`/advice-files/${file.fileId}/answers`, { answers }, { token: file.token });
    const first = (await (await call(`/advice-files/${file.fileId}/advice`, {}, { token: file.token })).json()) as { seq: number };
    for (let i = 0; i < 3; i++)
      expect(await (await call(`/advice-files/${file.fileId}/advice`, {}, { token: file.token })).json()).toMatchObject({ seq: first.seq });
    expect((await s.storage.adviceEntries(file.fileId)).map((e) => e.kind)).toEqual(['consent', 'answers', 'result']);

    // a new PDF needs changed answers and a new result: 10 an hour, then 429
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      answers.goal.amount = String(50_000 + i);
      await call(`/advice-files/${file.fileId}/answers`, { answers }, { token: file.token });
      await call(`/advice-files/${file.fileId}/advice`, {}, { token: file.token });
      statuses.push((await call(`/advice-files/${file.fileId}/statement`, {}, { token: file.token })).status);
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
    expect((await s.storage.adviceEntries(file.fileId, ['statement'])).length).toBe(10);
  });

  it('changed answers are appended at most 1,000 an hour per file, then 429; unchanged ones are no change', async () => {
    const file = await newFile();
    const answers = household();
    for (let i = 0; i < 1000; i++) {
      answers.goal.amount = String(50_000 + i);
      const res = await call(`/advice-files/${file.fileId}/answers`, { answers }, { token: file.token });
      if (res.status !== 201) expect.fail(`save ${i}: ${res.status}`);
    }
    expect((await call(`/advice-files/${file.fileId}/answers`, { answers }, { token: file.token })).status).toBe(200);
    answers.goal.amount = '1';
    const more = await call(`/advice-files/${file.fileId}/answers`, { answers }, { token: file.token });
    expect(more.status).toBe(429);
    expect(Number(more.headers.get('retry-after'))).toBeGreaterThan(0);
    now += 60 * 60_000;
    expect((await call(`/advice-files/${file.fileId}/answers`, { answers }, { token: file.token })).status).toBe(201);
  }, 120_000);

  it('advice asked again while paused records the pause once', async () => {
    const file = await newFile();
    await call(`/advice-files/${file.fileId}/answers`, { answers: household() }, { token: file.token });
    await s.storage.putAdviceSettings(s.site.id, { paused: true, samplePercent: 10, retentionYears: 7 });
    for (let i = 0; i < 3; i++) expect((await call(`/advice-files/${file.fileId}/advice`, {}, { token: file.token })).status).toBe(503);
    expect((await s.storage.adviceEntries(file.fileId)).map((e) => e.kind)).toEqual(['consent', 'answers', 'advice-paused']);
  });
});

describe('names', () => {
  it('refuses control characters, bidirectional overrides and broken UTF-16 in names and emails; a partner name is cleaned of them', async () => {
    for (const name of ['Ana\r\n\r\nClick https://evil.example', 'a\u0000b', '\u202eevil', 'x\u2066y', '\ud800x', 'tab\there']) {
      const res = await call('/advice-files', { consent: true, name, email: null, wording: 'w' });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(await res.json()).toMatchObject({ field: 'name' });
    }
    const email = await call('/advice-files', { consent: true, name: 'Ana', email: 'a\u0000b@example.com', wording: 'w' });
    expect(await email.json()).toMatchObject({ field: 'email' });
    for (const name of ['李雷', 'Zoë Ørsted-Smith', 'محمد', 'Ana 😀']) expect((await newFile(name, null)).fileId).toBeTruthy();

    const file = await newFile();
    const answers = household({ relationshipStatus: 'couple', partner: { income: '40000' } });
    answers.partner.name = 'Bo\r\n\u202ePartner\ud800';
    await call(`/advice-files/${file.fileId}/answers`, { answers }, { token: file.token });
    await call(`/advice-files/${file.fileId}/advice`, {}, { token: file.token });
    const statement = await call(`/advice-files/${file.fileId}/statement`, {}, { token: file.token });
    expect(await statement.json()).toMatchObject({ names: ['Ana Client', 'Bo Partner'] });
    expect(await s.storage.getAdviceFile(s.site.id, file.fileId)).toMatchObject({ partnerName: 'Bo Partner' });
  });
});

describe('what a response gives away', () => {
  it('personal data and PDFs are no-store; an unknown, a used and an expired code get the same answer; CORS sends no credentials', async () => {
    const file = await newFile();
    await call(`/advice-files/${file.fileId}/answers`, { answers: household() }, { token: file.token });
    await call(`/advice-files/${file.fileId}/advice`, {}, { token: file.token });
    const issued = (await (await call(`/advice-files/${file.fileId}/statement`, {}, { token: file.token })).json()) as {
      statementId: string;
    };
    const pdf = await call(`/advice-files/${file.fileId}/statements/${issued.statementId}`, undefined, { token: file.token });
    expect(pdf.headers.get('cache-control')).toBe('no-store');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="statement-of-advice-${issued.statementId}.pdf"`);
    for (const res of [await call('/advice-status'), await call('/resume', { code: 'x' })])
      expect(res.headers.get('cache-control')).toBe('no-store');

    const link = async () =>
      ((await (await call(`/advice-files/${file.fileId}/resume-links`, {}, { token: file.token })).json()) as { code: string }).code;
    const used = await link();
    expect((await call('/resume', { code: used })).status).toBe(200);
    const expired = await link();
    now += 8 * 86_400_000;
    const answers = await Promise.all(['ZZZZ-ZZZZ', used, expired].map(async (code) => (await call('/resume', { code })).text()));
    expect(new Set(answers).size).toBe(1);

    const preflight = await fetch(`${s.base}/journey/api/advice-files`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://evil.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe("the console's advice routes", () => {
  it('answer bodies of every type and depth, for every field, with no 5xx', async () => {
    const owner = new ConsoleBrowser(() => s.base, { password: 'correct horse battery staple' });
    const invite = /\/console\/invite\/([A-Za-z0-9_-]+)/.exec(
      await runAdmin(s.storage, ['owner:invite', '--email', 'o@example.com'], { publicUrl: s.base }),
    )![1];
    const joined = await owner.call(`invites/${invite}`, { body: { password: 'correct horse battery staple' } });
    expect(joined.status).toBe(200);
    await s.storage.addMember(s.site.id, (joined.body as { account: { id: string } }).account.id, 'owner');
    const file = await newFile();
    await call(`/advice-files/${file.fileId}/answers`, { answers: household() }, { token: file.token });
    await call(`/advice-files/${file.fileId}/advice`, {}, { token: file.token });
    const deep = `{"checklist":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    const checklist = Object.fromEntries(REVIEW_ITEMS.map((k) => [k, true]));
    const failures: string[] = [];
    const site = `sites/${s.site.id}`;
    for (const [path, method, fields] of [
      [`${site}/advice-files/${file.fileId}/reviews`, 'POST', ['checklist', 'notes', 'outcome']],
      [`${site}/advice-settings`, 'PUT', ['paused', 'samplePercent', 'retentionYears']],
      [`${site}/advice-files/${file.fileId}/replay`, 'POST', ['x']],
    ] as const) {
      const bodies = [...VALUES, ...fields.flatMap((f) => VALUES.map((v) => ({ checklist, notes: '', outcome: 'satisfactory', [f]: v })))];
      for (const body of bodies) {
        const res = await owner.call(path, { method, body });
        if (res.status >= 500) failures.push(`${method} ${path} ${JSON.stringify(body).slice(0, 60)} → ${res.status}`);
      }
      const res = await owner.call(path, { method, raw: deep, headers: { 'Content-Type': 'application/json' } });
      if (res.status >= 500) failures.push(`${method} ${path} deep → ${res.status}`);
    }
    for (const query of [
      'status=%00',
      'q=%F0%9F%98%80',
      `q=${'%25'.repeat(300)}`,
      'cursor=%ff',
      'cursor=W10',
      'queue[]=x',
      'q=a&q=b',
      'format=csv&format=x',
    ])
      for (const path of [`${site}/advice-files?${query}`, `${site}/advice-versions?${query}`]) {
        const res = await owner.call(path);
        if (res.status >= 500) failures.push(`GET ${path} → ${res.status}`);
      }
    expect(failures).toEqual([]);
    // signed in all along: the well-formed calls among them went through
    expect((await owner.call(`${site}/advice-settings`)).status).toBe(200);
    expect((await s.storage.adviceEntries(file.fileId, ['review'])).length).toBeGreaterThan(0);
  }, 120_000);
});
