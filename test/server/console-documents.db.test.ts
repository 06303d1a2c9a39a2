/**
 * The console's documents over real HTTP (docs/console.md "Documents"): uploads typed by content and every refusal
 * said, nothing stored after one, roles, another site's ids answered 404, an audit entry per change, and a document
 * uploaded on one instance answered from on another at once.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runAdmin } from '../../server/admin';
import { UPLOADS_AT_ONCE, uploadsRunning } from '../../server/console/upload-slots';
import { createBuiltinEngine } from '../../server/answers/builtin';
import { buildDocx, wPara } from '../../server/demo/docx';
import { UPLOAD_KINDS } from '../../server/operations/uploads';
import type { Site } from '../../server/storage/types';
import { BACKEND, openRawDatabase, type RawDatabase } from '../support/storages';
import { json, startServer, type TestServer, VISITOR_A } from './harness';

// biome-ignore lint/suspicious/noExplicitAny: the tests read whatever JSON the server sent and assert on it
type Json = Record<string, any>;

const PASSWORD = 'correct horse battery staple';
const MB = 1024 * 1024;
const DOCX = buildDocx({ title: 'Pet cover', creator: 'Test' }, [
  wPara('Pet insurance', 'Heading1'),
  wPara('Our pet insurance covers a guinea pig for vet bills up to 3,000 dollars a year.'),
]);

let a: TestServer;
let b: TestServer;
let raw: RawDatabase;
let other: Site;

/** A browser of the console on instance A: keeps its cookie and its CSRF token, and sends the console's own Origin. */
class Browser {
  cookie: string | undefined;
  csrf: string | undefined;

  async call(
    pathname: string,
    init: { method?: string; body?: unknown; upload?: Uint8Array } = {},
  ): Promise<{ status: number; body: Json }> {
    const method = init.method ?? (init.body === undefined && init.upload === undefined ? 'GET' : 'POST');
    const headers = new Headers();
    if (method !== 'GET') headers.set('Origin', a.base);
    if (this.cookie) headers.set('Cookie', `console_session=${this.cookie}`);
    if (this.csrf && method !== 'GET') headers.set('X-CSRF-Token', this.csrf);
    if (init.body !== undefined) headers.set('Content-Type', 'application/json');
    if (init.upload !== undefined) headers.set('Content-Type', 'application/octet-stream');
    const res = await fetch(`${a.base}/console/api/${pathname}`, {
      method,
      headers,
      body: (init.upload as Uint8Array<ArrayBuffer> | undefined) ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    });
    for (const c of res.headers.getSetCookie()) {
      const m = /^console_session=([^;]*)/.exec(c);
      if (m) this.cookie = m[1] || undefined;
    }
    const text = await res.text();
    const body = text ? (JSON.parse(text) as Json) : {};
    if (typeof body.csrfToken === 'string') this.csrf = body.csrfToken;
    return { status: res.status, body };
  }

  upload(siteId: string, filename: string, bytes: Uint8Array, path = 'documents') {
    return this.call(`sites/${siteId}/${path}?filename=${encodeURIComponent(filename)}`, { upload: bytes });
  }
}

/** A new signed-in account with `role` on `site`. */
async function account(email: string, role: 'editor' | 'viewer', site: Site): Promise<Browser> {
  const browser = new Browser();
  const token = /\/console\/invite\/([A-Za-z0-9_-]+)/.exec(
    await runAdmin(a.storage, ['owner:invite', '--email', email], { publicUrl: a.base }),
  )![1]!;
  const r = await browser.call(`invites/${token}`, { body: { password: PASSWORD } });
  expect(r.status).toBe(200);
  await a.storage.addMember(site.id, r.body.account.id, role);
  return browser;
}

/** How many files and documents the database holds. */
async function stored() {
  const count = async (table: string) => Number((await raw.query(`SELECT count(*) AS n FROM ${table}`))[0]!.n);
  return { files: await count('files'), documents: await count('documents') };
}

let editor: Browser;
let viewer: Browser;
let otherEditor: Browser;

beforeAll(async () => {
  a = await startServer({ answers: createBuiltinEngine(), console: { scryptCost: { N: 1024, r: 8, p: 1 } } });
  // a second instance on the same database, as behind a load balancer
  b = await startServer({ database: a.database, seed: false, answers: createBuiltinEngine() });
  raw = await openRawDatabase(a.database);
  other = await a.storage.createSite({
    name: 'Other shop',
    apiKey: 'pk_test_other_0123456789abcdefghij',
    origins: ['https://other.example'],
  });
  editor = await account('editor@shop.example', 'editor', a.site);
  viewer = await account('viewer@shop.example', 'viewer', a.site);
  otherEditor = await account('editor@other.example', 'editor', other);
});

afterAll(async () => {
  await raw.close();
  await b.stop();
  await a.stop();
  await b.remove();
  await a.remove();
});

/** Asks instance B's widget API; its answer. */
async function askB(message: string): Promise<Json> {
  const res = await b.call('/api/chat', { ...json({ message, userSessionId: VISITOR_A, path: '/' }), token: await b.tokenFor(VISITOR_A) });
  expect(res.status).toBe(200);
  return (await res.json()) as Json;
}

describe(`documents through the console, on ${BACKEND}`, () => {
  let doc: Json;

  it('an editor uploads a docx: typed by content, its slot given, its audit entry written; a viewer lists it', async () => {
    // instance B has read (and cached) the site's documents before the upload
    expect((await askB('Does your pet insurance cover a guinea pig?')).aiMessage.sources ?? []).not.toContain('pet cover.docx');
    const r = await editor.upload(a.site.id, 'pet cover.docx', DOCX);
    expect(r.status).toBe(201);
    doc = r.body.document;
    expect(r.body.textProblem).toBeNull();
    expect(doc).toMatchObject({ name: 'pet cover.docx', type: 'docx', versionNumber: 1, hasText: true, footerButtons: [] });
    expect(doc.slot).toBe(`<div class="smart-doc-embedding-slot" data-embed-token="${doc.embedToken}"></div>`);
    const listed = await viewer.call(`sites/${a.site.id}/documents`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([expect.objectContaining({ id: doc.id, embedToken: doc.embedToken })]);
    const [entry] = await a.storage.listAudit(a.site.id, { limit: 1 });
    expect(entry).toMatchObject({
      action: 'document.add',
      actor: { kind: 'account', email: 'editor@shop.example' },
      before: null,
      after: { id: doc.id, name: 'pet cover.docx', type: 'docx', versionNumber: 1 },
    });
  });

  it('the other instance answers from it at once, naming it', async () => {
    // PostgreSQL's announcement reaches B's listener a moment after the commit: awaited, never slept for
    await vi.waitFor(async () => {
      const answer = await askB('Does your pet insurance cover a guinea pig?');
      expect(answer.aiMessage.content).toContain('guinea pig');
      expect(answer.aiMessage.sources).toContain('pet cover.docx');
    });
  });

  it('refuses every hostile upload with its code and field, and stores nothing', async () => {
    const before = await stored();
    const entries: Zippable = unzipSync(DOCX);
    entries['word/media/bomb.xml'] = [new Uint8Array(8 * MB), { level: 9 }];
    const png = Uint8Array.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0,
    ]);
    const cases: [string, Uint8Array, number, string, RegExp][] = [
      ['big.txt', new Uint8Array(UPLOAD_KINDS.document.maxBytes + 1).fill(0x61), 413, 'TOO_LARGE', /larger than 20 MB/],
      ['report.pdf', png, 415, 'UNSUPPORTED_MEDIA_TYPE', /PNG, which is not a document type/],
      ['bomb.docx', zipSync(entries), 400, 'INVALID', /zip bomb/],
      ['cut.docx', DOCX.slice(0, DOCX.length - 30), 400, 'INVALID', /cut short/],
      ['latin1.txt', Uint8Array.from([0x63, 0x61, 0x66, 0xe9, 0x0a]), 400, 'INVALID', /not UTF-8 text/],
      ['table.csv', strToU8('a,"b\n1,2\n'), 400, 'INVALID', /not CSV/],
    ];
    for (const [filename, bytes, status, error, message] of cases) {
      const r = await editor.upload(a.site.id, filename, bytes);
      expect({ filename, status: r.status, error: r.body.error, field: r.body.field }).toEqual({ filename, status, error, field: 'file' });
      expect(r.body.message).toMatch(message);
    }
    // streamed without a length: the reading stops at the limit and the connection ends with the 413, so the client
    // sees the answer or, still sending, the connection reset (as a browser would); either way it sent far less than it had
    let sent = 0;
    const chunk = new Uint8Array(256 * 1024).fill(0x61);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.length;
        if (sent > 200 * MB) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const streamed = await fetch(`${a.base}/console/api/sites/${a.site.id}/documents?filename=big.txt`, {
      method: 'POST',
      headers: {
        Origin: a.base,
        Cookie: `console_session=${editor.cookie}`,
        'X-CSRF-Token': editor.csrf!,
        'Content-Type': 'application/octet-stream',
      },
      body: endless,
      duplex: 'half',
    } as RequestInit).then(
      async (res) => ({ status: res.status, body: await res.json() }),
      (err: Error & { cause?: { code?: string } }) => ({ status: err.cause?.code, body: null }),
    );
    if (streamed.status === 413) expect(streamed.body).toMatchObject({ error: 'TOO_LARGE', field: 'file' });
    else expect(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']).toContain(streamed.status);
    expect(sent).toBeLessThan(100 * MB);
    // a JSON body is not a file
    expect((await editor.call(`sites/${a.site.id}/documents?filename=a.md`, { body: { file: '# A' } })).body).toMatchObject({
      error: 'UNSUPPORTED_MEDIA_TYPE',
      field: 'file',
    });
    // the allowed types travel with a 415
    expect((await editor.upload(a.site.id, 'report.pdf', png)).body.allowed).toEqual(['pdf', 'docx', 'md', 'txt', 'csv']);
    expect(await stored()).toEqual(before);
  });

  it('the admin CLI adds a document through the same operation, audited as the CLI', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'cli-doc-'));
    try {
      await writeFile(path.join(dir, 'fees.md'), '# Fees\n\nOur advice fee is 500 dollars.\n');
      const out = await runAdmin(a.storage, ['doc:add', other.id, '--file', path.join(dir, 'fees.md'), '--name', 'Fees']);
      expect(out).toMatch(/^added md "Fees"\nembed token: \S+$/);
      expect((await a.storage.listAudit(other.id, { limit: 1 }))[0]).toMatchObject({
        action: 'document.add',
        actor: { kind: 'cli' },
        after: { name: 'Fees', type: 'md', versionNumber: 1 },
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('the preview key boots the document’s viewer from the server’s own pages only', async () => {
    const { apiKey } = await editor.call(`sites/${a.site.id}/preview-key`, { body: {} }).then((r) => r.body);
    const boot = (origin: string) => a.call(`/smart-doc/${doc.embedToken}/boot`, { headers: { 'X-API-Key': apiKey }, origin });
    const own = await boot(new URL(a.base).origin);
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ success: true, smartDoc: { smartDocId: doc.id } });
    expect((await boot('https://evil.example')).status).toBe(401);
  });

  it('never stores half an upload: a write that fails after the file leaves neither file nor document', async () => {
    const before = await stored();
    const failing = a.storage.addDocumentWithFile(
      { filename: 'half.md', contentType: 'text/markdown; charset=utf-8', bytes: strToU8('# Half\n') },
      { siteId: a.site.id, name: 'Half', type: 'md', text: '# Half' },
      () => {
        throw new Error('the audit entry could not be made');
      },
    );
    await expect(failing).rejects.toThrow('the audit entry could not be made');
    expect(await stored()).toEqual(before);
  });

  it('a viewer may read but not change; another site is not found in every route', async () => {
    const before = await stored();
    expect((await viewer.upload(a.site.id, 'fees.md', strToU8('# Fees\n'))).status).toBe(403);
    expect((await viewer.call(`sites/${a.site.id}/documents/${doc.id}`, { method: 'PATCH', body: { name: 'x' } })).status).toBe(403);
    expect((await viewer.call(`sites/${a.site.id}/documents/${doc.id}`)).status).toBe(200);
    const elsewhere: [string, { method?: string; body?: unknown; upload?: Uint8Array }][] = [
      [`sites/${a.site.id}/documents`, {}],
      [`sites/${a.site.id}/documents/${doc.id}`, {}],
      [`sites/${a.site.id}/documents/${doc.id}`, { method: 'PATCH', body: { name: 'x' } }],
      [`sites/${a.site.id}/documents/${doc.id}/versions?filename=a.md`, { upload: strToU8('# A\n') }],
      [`sites/${a.site.id}/documents/${doc.id}/footer-buttons`, { method: 'PUT', body: { buttons: [] } }],
      // its own site's path, with the other site's document
      [`sites/${other.id}/documents/${doc.id}`, {}],
      [`sites/${other.id}/documents/${doc.id}`, { method: 'PATCH', body: { name: 'x' } }],
      [`sites/${other.id}/documents/${doc.id}/versions?filename=a.md`, { upload: strToU8('# A\n') }],
      [`sites/${other.id}/documents/${doc.id}/footer-buttons`, { method: 'PUT', body: { buttons: [] } }],
    ];
    for (const [path, init] of elsewhere) {
      const r = await otherEditor.call(path, init);
      expect({ path, status: r.status, body: r.body }).toEqual({ path, status: 404, body: { error: 'NOT_FOUND', message: 'Not found.' } });
    }
    expect(await stored()).toEqual(before);
  });

  it('sets the fields, adds a version under the same token, and edits the footer buttons, each audited', async () => {
    const patched = await editor.call(`sites/${a.site.id}/documents/${doc.id}`, {
      method: 'PATCH',
      body: { name: 'Pet cover', versionNumber: 3, hideDocHeader: true, hideDocFooter: false },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Pet cover', versionNumber: 3, hideDocHeader: true, hideDocFooter: false });
    expect(
      (await editor.call(`sites/${a.site.id}/documents/${doc.id}`, { method: 'PATCH', body: { versionNumber: 0 } })).body,
    ).toMatchObject({
      error: 'INVALID',
      field: 'versionNumber',
    });
    const [update] = await a.storage.listAudit(a.site.id, { limit: 1 });
    expect(update).toMatchObject({
      action: 'document.update',
      before: { name: 'pet cover.docx', versionNumber: 1, hideDocHeader: false },
      after: { name: 'Pet cover', versionNumber: 3, hideDocHeader: true },
    });

    const version = await editor.upload(
      a.site.id,
      'pet cover v4.md',
      strToU8('# Pet cover\n\nA hamster is covered too.\n'),
      `documents/${doc.id}/versions`,
    );
    expect(version.status).toBe(201);
    expect(version.body.document).toMatchObject({
      id: doc.id,
      embedToken: doc.embedToken,
      type: 'md',
      versionNumber: 4,
      filename: 'pet cover v4.md',
    });
    const embedded = await a.storage.findDocumentByToken(doc.embedToken);
    expect(embedded?.text).toContain('hamster');
    expect((await a.storage.listAudit(a.site.id, { limit: 1 }))[0]).toMatchObject({
      action: 'document.version',
      before: { type: 'docx', versionNumber: 3 },
      after: { type: 'md', versionNumber: 4 },
    });

    const buttons = `sites/${a.site.id}/documents/${doc.id}/footer-buttons`;
    const set = await editor.call(buttons, {
      method: 'PUT',
      body: {
        buttons: [
          { label: 'Ask question', type: 'BUTTON', actionType: 'open_chat_modal' },
          { label: 'Get a quote', type: 'LINK', url: 'https://shop.example/quote' },
        ],
      },
    });
    expect(set.status).toBe(200);
    const [ask, quote] = set.body as unknown as Json[];
    // reordered, the link edited, the button removed, a new one added: one change
    const next = await editor.call(buttons, {
      method: 'PUT',
      body: {
        buttons: [
          { id: quote!.id, label: 'Get a quote now', type: 'LINK', url: 'https://shop.example/quote' },
          { label: 'Call us', type: 'LINK', url: 'https://shop.example/call' },
        ],
      },
    });
    expect(next.body).toEqual([
      { id: quote!.id, label: 'Get a quote now', type: 'LINK', url: 'https://shop.example/quote' },
      { id: expect.any(String), label: 'Call us', type: 'LINK', url: 'https://shop.example/call' },
    ]);
    const [entry] = await a.storage.listAudit(a.site.id, { limit: 1 });
    expect(entry).toMatchObject({
      action: 'document.footer-buttons',
      before: { documentId: doc.id, buttons: [{ id: ask!.id }, { id: quote!.id }] },
      after: { documentId: doc.id, buttons: [{ id: quote!.id, label: 'Get a quote now' }, { label: 'Call us' }] },
    });
    for (const [bad, field] of [
      [{ label: 'x', type: 'LINK', url: 'javascript:alert(1)' }, 'buttons.0.url'],
      [{ label: 'x', type: 'BUTTON', actionType: 'delete_everything' }, 'buttons.0.actionType'],
      [{ label: '', type: 'LINK', url: 'https://shop.example' }, 'buttons.0.label'],
    ] as const) {
      expect((await editor.call(buttons, { method: 'PUT', body: { buttons: [bad] } })).body).toMatchObject({ error: 'INVALID', field });
    }
  });
});

describe('uploads at once', () => {
  /** An upload by `browser` whose body is held open (its first bytes sent) until `finish` is called. */
  function held(browser: Browser, filename: string) {
    let finish!: () => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(strToU8(`# ${filename}\n`));
        finish = () => controller.close();
      },
    });
    const answer = fetch(`${a.base}/console/api/sites/${a.site.id}/documents?filename=${filename}`, {
      method: 'POST',
      headers: {
        Origin: a.base,
        Cookie: `console_session=${browser.cookie}`,
        'X-CSRF-Token': browser.csrf!,
        'Content-Type': 'application/octet-stream',
      },
      body,
      duplex: 'half',
    } as RequestInit).then(async (res) => ({ status: res.status, body: (await res.json()) as Json }));
    return { answer, finish: () => finish() };
  }

  it(`runs ${UPLOADS_AT_ONCE.perAccount} per account (then 429) and ${UPLOADS_AT_ONCE.perProcess} per process (then 503) at once`, async () => {
    const second = await account('second@shop.example', 'editor', a.site);
    const third = await account('third@shop.example', 'editor', a.site);
    const before = await stored();
    const running = [held(editor, 'one.md'), held(editor, 'two.md')];
    await vi.waitFor(() => expect(uploadsRunning()).toBe(2));
    const throttled = await fetchRaw(editor, 'three.md');
    expect(throttled).toMatchObject({ status: 429, retryAfter: '5', connection: 'close', body: { error: 'THROTTLED' } });
    expect(throttled.body.message).toMatch(/already have 2 uploads running/);
    running.push(held(second, 'four.md'), held(second, 'five.md'));
    await vi.waitFor(() => expect(uploadsRunning()).toBe(4));
    const busy = await fetchRaw(third, 'six.md');
    expect(busy).toMatchObject({ status: 503, retryAfter: '5', connection: 'close', body: { error: 'BUSY' } });
    // each finished upload gives its slot back, and the next is taken
    for (const upload of running) upload.finish();
    expect((await Promise.all(running.map((u) => u.answer))).map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(uploadsRunning()).toBe(0);
    expect((await third.upload(a.site.id, 'six.md', strToU8('# Six\n'))).status).toBe(201);
    expect(await stored()).toEqual({ files: before.files + 5, documents: before.documents + 5 });
  });

  /** An upload's answer with the headers a refusal sets. */
  async function fetchRaw(browser: Browser, filename: string) {
    const res = await fetch(`${a.base}/console/api/sites/${a.site.id}/documents?filename=${filename}`, {
      method: 'POST',
      headers: {
        Origin: a.base,
        Cookie: `console_session=${browser.cookie}`,
        'X-CSRF-Token': browser.csrf!,
        'Content-Type': 'application/octet-stream',
      },
      body: strToU8(`# ${filename}\n`),
    });
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      connection: res.headers.get('connection'),
      body: (await res.json()) as Json,
    };
  }
});
