/**
 * `npm run admin` as an owner runs it: a real process on a real database, the SQLite file in DATA_DIR or
 * (the `postgres` project) PostgreSQL at DATABASE_URL. It must build nothing a running server serves
 * (issue 14: it rebuilt every bundle into dist/).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Storage } from '../../server/storage/types';
import { BACKEND, databaseEnv, newTestDatabase, openTestDatabase } from '../support/storages';
import { VISITOR_A, VISITOR_B } from './harness';

const root = path.resolve(__dirname, '../..');
const DIST = path.join(root, 'dist');
const ADMIN = path.join(DIST, 'tools', 'admin.mjs');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

const run = (file: string, args: string[], env: Record<string, string>) =>
  new Promise<Run>((resolve) => {
    execFile(file, args, { cwd: root, env: { ...process.env, ...env }, timeout: 60_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });

/** Every file under dist/ but dist/tools, with its modification time and a hash of its bytes. */
async function servedFiles(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const entries = await readdir(DIST, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    if (!e.isFile()) continue;
    const file = path.join(e.parentPath, e.name);
    if (path.relative(DIST, file).split(path.sep)[0] === 'tools') continue;
    const [info, bytes] = await Promise.all([stat(file), readFile(file)]);
    files.set(path.relative(DIST, file), `${info.mtimeMs} ${createHash('sha256').update(bytes).digest('hex')}`);
  }
  return files;
}

let dir: string;
let databaseVars: Record<string, string>;
let storage: Storage;
let siteId: string;
let npmRun: Run;
let before: Map<string, string>;
const admin = (args: string[], env: Record<string, string> = {}) =>
  run(process.execPath, [ADMIN, ...args], { DATA_DIR: dir, ...databaseVars, ...env });
/** The CLI's change, seen by the server's storage: at once on SQLite, once announced on PostgreSQL. */
const eventually = (assertion: () => Promise<void>) => (BACKEND === 'sqlite' ? assertion() : vi.waitFor(assertion));

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'admin-cli-test-'));
  const database = await newTestDatabase(dir);
  // the CLI's database is the server's: DATA_DIR/horizon.db, or DATABASE_URL
  const db = database.backend === 'sqlite' ? { ...database, file: path.join(dir, 'horizon.db') } : database;
  databaseVars = databaseEnv(db);
  before = await servedFiles();
  npmRun = await run(
    'npm',
    ['run', '--silent', 'admin', '--', 'site:create', '--name', 'Shop', '--origin', 'self', '--origin', 'https://shop.example'],
    {
      DATA_DIR: dir,
      ...databaseVars,
    },
  );
  siteId = /created (\S+)/.exec(npmRun.stdout)?.[1] ?? '';
  // the server's connection stays open while the CLI works, as it would with the server running
  storage = await openTestDatabase(db);
}, 90_000);

afterAll(async () => {
  await storage?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('npm run admin', () => {
  it('works on the database in DATA_DIR and leaves every served file as it was', async () => {
    expect(npmRun).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(
        /^created site_?\S+\nAPI key: pk_\S+\nembed snippet:\n<script src="http:\/\/127\.0\.0\.1:8787\/widget\.js" data-api-key="pk_\S+" .*><\/script>\n$/,
      ),
    });
    // the same files, with the same times and bytes: nothing in dist/widget, dist/public or dist/server was rebuilt
    expect(await servedFiles()).toEqual(before);
    expect((await storage.getSite(siteId))?.origins).toEqual(['self', 'https://shop.example']);
    expect(existsSync(ADMIN)).toBe(true);
  });
});

describe('the admin command line', () => {
  it('warns on stderr when self is removed, and still removes it', async () => {
    const r = await admin(['site:origins:remove', siteId, '--origin', 'self']);
    expect(r).toEqual({
      code: 0,
      stdout: 'origins: https://shop.example\n',
      stderr: expect.stringContaining(`admin: warning: 'self' is no longer allowed on ${siteId}`),
    });
    await eventually(async () => expect((await storage.getSite(siteId))?.origins).toEqual(['https://shop.example']));
    expect((await admin(['site:origins:add', siteId, '--origin', 'self'])).stdout).toBe('origins: https://shop.example, self\n');
  });

  it.each([
    [['site:origins:add', 'site_nope', '--origin', 'self'], 'admin: no site "site_nope"'],
    [['site:create', '--name', 'x', '--origin', 'https://x.example/'], 'admin: "https://x.example/" is not an origin'],
  ])('%j is refused with status 2, the reason and one line of hint, not the usage', async (args, reason) => {
    const r = await admin(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(reason);
    expect(r.stderr).not.toContain('Usage: npm run admin');
    expect(
      r.stderr
        .trim()
        .split('\n')
        .filter((line) => line.startsWith('hint: ')),
    ).toHaveLength(1);
  });

  it.each([
    [['visitor:delete', 'SITE_FROM_TEST'], 'admin: missing USER_SESSION_ID'],
    [['data:purge', '--older-than', 'a while'], 'admin: --older-than: "a while" is not a duration'],
    [['nonsense'], 'admin: unknown command nonsense'],
    [['sites', '--bogus'], "admin: Unknown option '--bogus'"],
  ])('%j is refused with status 2, the reason and the usage', async (args, reason) => {
    const r = await admin(args.map((a) => (a === 'SITE_FROM_TEST' ? siteId : a)));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(reason);
    expect(r.stderr).toContain('Usage: npm run admin -- <command> [options]');
  });

  it('visitor:delete erases one visitor and says what went', async () => {
    for (const visitor of [VISITOR_A, VISITOR_B]) {
      await storage.appendMessages({
        siteId,
        userSessionId: visitor,
        chatSessionId: null,
        newSessionName: 'Fees',
        path: '/',
        messages: [
          { role: 'user', content: 'What are the fees?', createdAt: new Date().toISOString() },
          { role: 'ai', content: 'Low.', createdAt: new Date().toISOString() },
        ],
      });
      await storage.enrichProfile(siteId, visitor, { email: `${visitor}@example.com` });
    }
    const r = await admin(['visitor:delete', siteId, VISITOR_A]);
    expect(r).toEqual({
      code: 0,
      stdout: `deleted visitor ${VISITOR_A} on ${siteId}: 1 chat session, 2 messages, 1 profile, 0 button clicks\n`,
      stderr: '',
    });
    expect(await storage.listChatSessions(siteId, VISITOR_A)).toEqual([]);
    expect(await storage.getProfile(siteId, VISITOR_A)).toBeNull();
    expect(await storage.listChatSessions(siteId, VISITOR_B)).toHaveLength(1);
  });

  it('data:purge takes its period from RETENTION, and refuses to guess one when it is off', async () => {
    await storage.appendMessages({
      siteId,
      userSessionId: VISITOR_B,
      chatSessionId: null,
      newSessionName: 'Old',
      path: '/',
      messages: [{ role: 'user', content: 'Long ago', createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString() }],
    });
    const off = await admin(['data:purge'], { RETENTION: 'off' });
    expect(off.code).toBe(2);
    expect(off.stderr).toContain('RETENTION is off');
    const r = await admin(['data:purge'], { RETENTION: '2d' });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^deleted visitors' data not touched for 2d \(since \S+\): 1 chat session, 1 message, 0 profiles, 0 button clicks\n$/,
    );
    expect((await storage.listChatSessions(siteId, VISITOR_B)).map((s) => s.name)).toEqual(['Fees']);
    const bad = await admin(['sites'], { RETENTION: 'soon' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('RETENTION must be a duration');
  });

  it('names a site by its id or its exact name; a wrong one is "no site" and one line of hint', async () => {
    const byName = await admin(['site:appearance', 'Shop', '--json', '{"agentName":"Ava"}']);
    expect(byName).toEqual({ code: 0, stdout: 'appearance saved as version 2\n', stderr: '' });
    const wrong = await admin(['site:appearance', 'My shop', '--json', '{"agentName":"Ava"}']);
    expect(wrong).toEqual({
      code: 2,
      stdout: '',
      stderr: 'admin: no site "My shop"\nhint: `npm run admin -- sites` lists the sites (SITE is an id or an exact name)\n',
    });
  });

  it('refuses a colour typo and a wrong field name, listing the valid fields, and stores neither', async () => {
    const typo = await admin(['site:appearance', siteId, '--json', '{"launcher":{"backgroundColor":"#e11d4"}}']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/^admin: launcher\.backgroundColor "#e11d4" is not a colour\nallowed: a colour: #rgb, #rrggbb/);
    const field = await admin(['site:appearance', siteId, '--json', '{"launcher":{"backgroundColour":"#e11d48"}}']);
    expect(field.code).toBe(2);
    expect(field.stderr).toContain('admin: launcher.backgroundColour is not an appearance field (did you mean launcher.backgroundColor?)');
    expect(field.stderr).toMatch(/\nvalid: launcher\.alignment, launcher\.size, .*launcher\.backgroundColor/);
    expect((await storage.getSite(siteId))?.appearance).toEqual({ agentName: 'Ava' });
  });

  it('rotates a key and says how long the old one keeps working', async () => {
    const r = await admin(['site:rotate-key', siteId]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^the old key keeps working for 24 hours, until \S+Z: .*\nnew API key: pk_\S+\n$/);
  });

  it('exports the audit log as JSON or CSV, to stdout only', async () => {
    const json = await admin(['audit:export', '--site', 'Shop']);
    expect(json.stderr).toBe('');
    const entries = JSON.parse(json.stdout) as { who: string; what: string }[];
    expect(entries[0]).toMatchObject({ who: 'cli', what: 'site.create' });
    expect(entries.map((e) => e.what)).toContain('appearance.save');
    const csv = await admin(['audit:export', '--format', 'csv']);
    expect(csv.stdout.split('\r\n')[0]).toBe('id,at,site,who,what,before,after');
    expect((await admin(['audit:export', '--format', 'xml'])).code).toBe(2);
  });
});
