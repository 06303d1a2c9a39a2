/**
 * Starts the real server on 127.0.0.1 on a real database, for the server tests: a SQLite file in a temp folder, or
 * (the `postgres` project) a new database on the throwaway PostgreSQL cluster (test/support/storages.ts).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createParser } from 'eventsource-parser';
import type { FastifyInstance } from 'fastify';
import type { ApiLimits, ApiServices, AvatarProvider } from '../../server/api-services';
import type { AnswerEngine, AnswerRequest } from '../../server/answers/types';
import { buildApp } from '../../server/app';
import type { ConsoleServices } from '../../server/console';
import { loadTokenSecret, TokenSigner } from '../../server/auth';
import type { Site, Storage } from '../../server/storage/types';
import type { Transcriber } from '../../server/transcribe/types';
import { newTestDatabase, openTestDatabase, type TestDatabase } from '../support/storages';

export const ORIGIN = 'https://shop.example';
export const API_KEY = 'pk_test_0123456789abcdefghijklmnop';

/** An answer engine that records what it was asked and answers from a script. */
export function scriptedEngine(
  reply: (
    req: AnswerRequest,
  ) => Promise<{ content: string; followUps: string[]; sources: string[] }> | { content: string; followUps: string[]; sources: string[] },
) {
  const requests: AnswerRequest[] = [];
  const engine: AnswerEngine = {
    name: 'scripted',
    answer: async (req) => {
      requests.push(req);
      return reply(req);
    },
  };
  return { engine, requests };
}

export interface TestServer {
  base: string;
  dir: string;
  /** The server's database (another storage opened on it is another instance, or the admin CLI). */
  database: TestDatabase;
  storage: Storage;
  tokens: TokenSigner;
  site: Site;
  app: FastifyInstance;
  /** Boots a session and returns its token. */
  boot(origin?: string): Promise<string>;
  /** A token of the visitor's own (booted once per visitor: a token serves one visitor, issue 14). */
  tokenFor(visitor: string): Promise<string>;
  /** fetch with the test origin and, when given, a bearer token. */
  call(pathname: string, init?: RequestInit & { token?: string; origin?: string | null }): Promise<Response>;
  /** Stops the server and closes the database (the folder stays until `remove`). */
  stop(): Promise<void>;
  remove(): Promise<void>;
}

export interface TestServerOptions {
  /** A folder to start in again (a restart); with `database`, the database to start on again. */
  dir?: string;
  database?: TestDatabase;
  tokenTtlMs?: number;
  limits?: Partial<ApiLimits>;
  answers?: AnswerEngine;
  transcriber?: Transcriber | null;
  avatar?: AvatarProvider | null;
  /** Creates the test site (skipped when restarting on an existing folder). */
  seed?: boolean;
  /** buildApp's `trustProxy`. */
  trustProxy?: boolean | number | string;
  /** PUBLIC_URL (buildApp's and the API's `publicUrl`). */
  publicUrl?: string;
  /** buildApp's `allowedHosts`. */
  allowedHosts?: import('../../server/hosts').AllowedHosts;
  /** The console's API (docs/console.md) with these services (its storage is the server's). */
  console?: Omit<ConsoleServices, 'storage'>;
  /** The storage's clock (console sessions, invitations, shared state) and the console's. @default Date.now */
  now?: () => number;
  /** buildApp's `logger` (a test that reads the log gives it a `stream`). @default false */
  logger?: import('../../server/app').AppOptions['logger'];
  /** The server's mail: the widget's transcripts and the advice files' links (server/mail.ts; test/server/smtp.ts is a relay to give it, or a test's fake). @default none */
  mailer?: import('../../server/mail').Mailer | null;
}

export async function startServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dir = options.dir ?? (await mkdtemp(path.join(tmpdir(), 'api-test-')));
  await mkdir(path.join(dir, 'public', 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'public', 'index.html'), '<!doctype html><div id="app" data-token="__VIDEO_TOKEN__"></div>');
  const database = options.database ?? (await newTestDatabase(dir));
  const storage = await openTestDatabase(database, { now: options.now });
  const site =
    options.seed === false
      ? (await storage.listSites())[0]!
      : await storage.createSite({ name: 'Test shop', apiKey: API_KEY, origins: [ORIGIN], config: { agentPageAwareness: true } });
  const tokens = new TokenSigner(await loadTokenSecret(storage), options.tokenTtlMs ?? 30 * 60_000);
  const services: ApiServices = {
    storage,
    tokens,
    answers: options.answers ?? scriptedEngine(() => ({ content: 'An answer.', followUps: ['Tell me more'], sources: [] })).engine,
    transcriber: options.transcriber ?? null,
    transcriptionDisabledMessage: 'Transcription is not enabled on this server.',
    avatar: options.avatar ?? null,
    publicUrl: options.publicUrl,
    mailer: options.mailer,
    limits: {
      chatPerVisitor: 1000,
      chatPerSite: 10_000,
      windowMs: 60_000,
      maxAudioBytes: 64 * 1024,
      maxBodyBytes: 256 * 1024,
      ...options.limits,
    },
  };
  const app = await buildApp({
    publicDir: path.join(dir, 'public'),
    logger: options.logger,
    api: services,
    trustProxy: options.trustProxy,
    publicUrl: options.publicUrl,
    allowedHosts: options.allowedHosts,
    console: options.console && { now: options.now, publicUrl: options.publicUrl, ...options.console, storage },
    advice: { mailer: options.mailer ?? null, now: options.now },
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const visitorTokens = new Map<string, string>();
  const call: TestServer['call'] = (pathname, init = {}) => {
    const headers = new Headers(init.headers);
    if (init.origin !== null) headers.set('Origin', init.origin ?? ORIGIN);
    if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
    return fetch(base + pathname, { ...init, headers });
  };
  return {
    base,
    dir,
    database,
    storage,
    tokens,
    site,
    app,
    call,
    async tokenFor(this: TestServer, visitor: string) {
      if (!visitorTokens.has(visitor)) visitorTokens.set(visitor, await this.boot());
      return visitorTokens.get(visitor)!;
    },
    async boot(origin = ORIGIN) {
      const res = await call('/session/boot', { method: 'POST', headers: { 'X-API-Key': API_KEY }, origin });
      if (res.status !== 200) throw new Error(`boot failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { authToken: string }).authToken;
    },
    async stop() {
      await app.close();
      await storage.close();
    },
    async remove() {
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A JSON request body. */
export const json = (body: unknown, method = 'POST'): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

export const VISITOR_A = 'visitor-aaaaaaaa-1111';
export const VISITOR_B = 'visitor-bbbbbbbb-2222';

/** An event of a streamed answer (`POST {api}/chat` with `Accept: text/event-stream`), its data parsed. */
export interface StreamEvent {
  event: string;
  data: Record<string, unknown>;
}

/**
 * Reads an event stream as it arrives. `next()` resolves with the next event (or null at the end),
 * so a test can act between events.
 */
export function reader(res: Response) {
  const queue: (StreamEvent | null)[] = [];
  const waiting: ((e: StreamEvent | null) => void)[] = [];
  const push = (e: StreamEvent | null) => (waiting.length ? waiting.shift()!(e) : queue.push(e));
  const parser = createParser({
    onEvent: (e) => push({ event: e.event ?? 'message', data: JSON.parse(e.data) as Record<string, unknown> }),
  });
  const done = (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const bytes of res.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(bytes, { stream: true }));
    } catch {
      // the test cancelled the request
    }
    push(null);
  })();
  return {
    next: () => new Promise<StreamEvent | null>((r) => (queue.length ? r(queue.shift()!) : waiting.push(r))),
    async all() {
      const out: StreamEvent[] = [];
      for (let e = await this.next(); e; e = await this.next()) out.push(e);
      await done;
      return out;
    },
  };
}
