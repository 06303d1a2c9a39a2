/**
 * `npm run bench:pieces`: the CPU of a streamed answer's pieces, in one process (docs/benchmarks.md "Scale"). A
 * stand-in OpenAI-compatible provider writes one token every 50 ms, as `bench:scale`'s does; N streams (opened over
 * 1 s) are read through each of three paths, and the process's CPU time is taken over each run:
 *
 * - `direct`: the client reads the provider itself (the provider's and the client's own part of a piece);
 * - `proxy`: a bare `node:http` proxy (the floor): it asks the provider over a keep-alive agent, reads its body as
 *   text through `data` events, reads each event's JSON and writes the piece to its client as a `delta` event;
 * - `ours`: the server's real path: `buildApp` with SQLite in a temporary folder and the OpenAI-compatible engine on
 *   the provider, each stream a visitor of its own asking `POST /api/chat` with `Accept: text/event-stream`.
 *
 * Each path runs with answers of {@link LONG} and of {@link SHORT} tokens; the difference of the two runs' CPU over
 * the pieces between them is the CPU of one piece, whatever each answer costs once (its request, its session, its
 * commits); and, less disturbed by other work on the machine, the CPU over the pieces read in the steady part of the
 * long run (every stream open, none beginning or ending). A path's own part of a piece is its figure less `direct`'s.
 * `BENCH_STREAMS` (500) sets N,
 * `BENCH_ROUNDS` (3) how many times each run is taken (the table gives the median), `BENCH_PATHS` which paths.
 * Run it with `node --cpu-prof` for a profile of all three at once; everything is on 127.0.0.1.
 */
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAnswerEngine } from '../server/answers/index';
import { buildApp } from '../server/app';
import { loadTokenSecret, TokenSigner } from '../server/auth';
import { openStorage } from '../server/storage/open';
import { requestText } from './http-text';

const TOKEN_MS = 50;
const LONG = 160;
const SHORT = 16;
const STREAMS = Number(process.env.BENCH_STREAMS || 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const PATHS = (process.env.BENCH_PATHS || 'direct,proxy,ours').split(',').map((s) => s.trim());
const RAMP_MS = 1000;
const ORIGIN = 'https://bench.example';
const API_KEY = 'pk_bench_0123456789abcdefghijklmnop';

const token = (i: number) => `w${i} `;
/** The provider's answer length for the run under way (everything is one process). */
let tokens = LONG;

const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

const listen = (server: http.Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );

/** The stand-in provider: every request a paced stream, one shared ticker writing a fifth of the streams every 10 ms. */
function startProvider() {
  const SLOTS = 5;
  const slots: Map<http.ServerResponse, number>[] = Array.from({ length: SLOTS }, () => new Map());
  let tick = 0;
  const write = (res: http.ServerResponse, i: number) =>
    res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: token(i) } }] })}\n\n`);
  const timer = setInterval(() => {
    const slot = slots[tick++ % SLOTS]!;
    for (const [res, sent] of slot) {
      if (sent >= tokens) {
        slot.delete(res);
        res.end(`data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`);
      } else {
        write(res, sent);
        slot.set(res, sent + 1);
      }
    }
  }, TOKEN_MS / SLOTS);
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      write(res, 0);
      const slot = slots[tick % SLOTS]!;
      slot.set(res, 1);
      res.on('close', () => slot.delete(res));
    });
  });
  server.keepAliveTimeout = 60_000;
  return { server, url: listen(server), stop: () => clearInterval(timer) };
}

/** The bare proxy: the provider's events read and each piece written to the client as a `delta` event. */
function startProxy(provider: string) {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const up = http.request(`${provider}/chat/completions`, { method: 'POST', agent, headers: { 'content-length': 2 } }, (body) => {
        res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform' });
        res.write(': stream\n\n');
        body.setEncoding('utf8');
        let rest = '';
        let whole = '';
        body.on('data', (text: string) => {
          rest += text;
          let end = rest.indexOf('\n\n');
          while (end !== -1) {
            const data = rest.slice(6, end);
            rest = rest.slice(end + 2);
            end = rest.indexOf('\n\n');
            if (data === '[DONE]') continue;
            const piece = (JSON.parse(data) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content;
            if (piece) {
              whole += piece;
              res.write(`event: delta\ndata: ${JSON.stringify({ text: piece })}\n\n`);
            }
          }
        });
        body.on('end', () => res.end(`event: done\ndata: ${JSON.stringify({ aiMessage: { content: whole.trim() } })}\n\n`));
      });
      up.end('{}');
    });
  });
  server.keepAliveTimeout = 60_000;
  return { server, url: listen(server) };
}

/** The server as `npm start` builds it (without its log lines), on SQLite in `dir`, its engine on the provider. */
async function startOurs(provider: string, dir: string) {
  await mkdir(path.join(dir, 'public', 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'public', 'index.html'), '<!doctype html><div id="app"></div>');
  const storage = await openStorage({ dataDir: dir, databaseUrl: null, databasePoolSize: 10 });
  await storage.createSite({ name: 'Bench shop', apiKey: API_KEY, origins: [ORIGIN], config: {} });
  const big = 1_000_000;
  const app = await buildApp({
    publicDir: path.join(dir, 'public'),
    api: {
      storage,
      tokens: new TokenSigner(await loadTokenSecret(storage), 30 * 60_000),
      answers: createAnswerEngine({ LLM_BASE_URL: provider, LLM_API_KEY: 'bench', LLM_MODEL: 'bench' }),
      transcriber: null,
      transcriptionDisabledMessage: 'off',
      avatar: null,
      limits: {
        chatPerVisitor: big,
        chatPerSite: big,
        chatPerIp: big,
        bootPerIp: big,
        windowMs: 60_000,
        maxAudioBytes: 1024,
        maxBodyBytes: 1024 * 1024,
        maxStreams: big,
      },
    },
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    stop: async () => {
      await app.close();
      await storage.close();
    },
  };
}

const request = (url: string, headers: Record<string, string>, body: string) => requestText(url, 'POST', headers, body, agent);

interface Client {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** The clients of a run: for `ours`, each a visitor with its own session and token. */
async function clientsFor(kind: string, url: string, n: number, run: string): Promise<Client[]> {
  if (kind === 'direct') return Array.from({ length: n }, () => ({ url: `${url}/chat/completions`, headers: {}, body: '{}' }));
  if (kind === 'proxy') return Array.from({ length: n }, () => ({ url: `${url}/api/chat`, headers: {}, body: '{}' }));
  const clients: Client[] = [];
  for (let i = 0; i < n; i++) {
    const boot = await request(`${url}/session/boot`, { 'x-api-key': API_KEY, origin: ORIGIN }, '');
    if (boot.status !== 200) throw new Error(`session/boot answered ${boot.status}: ${boot.text.slice(0, 200)}`);
    const { authToken } = JSON.parse(boot.text) as { authToken: string };
    clients.push({
      url: `${url}/api/chat`,
      headers: { authorization: `Bearer ${authToken}`, origin: ORIGIN, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ message: 'What are the fees?', userSessionId: `bench-${run}-${i}`, path: '/fees', chatSessionId: null }),
    });
  }
  return clients;
}

/** One stream read to its end; resolves with the pieces it carried (`delta` events, or the provider's `data` lines). */
function readStream(client: Client): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      client.url,
      { method: 'POST', agent, headers: { ...client.headers, 'content-length': Buffer.byteLength(client.body) } },
      (res) => {
        if (res.statusCode !== 200) reject(new Error(`status ${res.statusCode}`));
        res.setEncoding('utf8');
        let pieces = 0;
        let text = '';
        res.on('data', (c: string) => {
          text += c;
          let end = text.indexOf('\n\n');
          while (end !== -1) {
            if (text.startsWith('event: delta\n') || text.startsWith('data: {"choices":[{"index":0,"delta":{"content"')) {
              pieces++;
              piecesRead++;
            }
            if (text.startsWith('event: error')) reject(new Error(text.slice(0, end)));
            text = text.slice(end + 2);
            end = text.indexOf('\n\n');
          }
        });
        res.on('end', () => resolve(pieces));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(client.body);
  });
}

/** Pieces read by every client so far. */
let piecesRead = 0;

/**
 * N streams of `length` tokens, opened evenly over {@link RAMP_MS}: the process's CPU over them, in µs, and the CPU
 * of a piece in the steady part of the run (µs): from {@link RAMP_MS} + 1 s after the first opening to 1 s before the
 * first stream's end, while every stream is open and nothing but pieces go through (no answer begins or ends).
 */
async function run(kind: string, url: string, length: number, n: number, tag: string): Promise<{ all: number; steady: number }> {
  tokens = length;
  const clients = await clientsFor(kind, url, n, tag);
  const before = process.cpuUsage();
  const ends: Promise<number>[] = [];
  let steady = Number.NaN;
  const from = RAMP_MS + 1000;
  const to = length * TOKEN_MS - 1000;
  const window =
    to - from >= 1000
      ? new Promise<void>((resolve) => {
          let start: { cpu: NodeJS.CpuUsage; pieces: number };
          setTimeout(() => {
            start = { cpu: process.cpuUsage(), pieces: piecesRead };
            setTimeout(() => {
              const used = process.cpuUsage(start.cpu);
              steady = (used.user + used.system) / (piecesRead - start.pieces);
              resolve();
            }, to - from);
          }, from);
        })
      : Promise.resolve();
  for (let i = 0; i < n; i++) {
    ends.push(readStream(clients[i]!));
    await new Promise((r) => setTimeout(r, RAMP_MS / n));
  }
  const pieces = await Promise.all(ends);
  await window;
  const used = process.cpuUsage(before);
  const wrong = pieces.filter((p) => p !== length).length;
  if (wrong > 0) throw new Error(`${kind}: ${wrong} of ${n} streams did not carry ${length} pieces`);
  return { all: used.user + used.system, steady };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const provider = startProvider();
  const providerUrl = await provider.url;
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-pieces-'));
  const proxy = startProxy(providerUrl);
  const ours = await startOurs(providerUrl, dir);
  const urls: Record<string, string> = { direct: providerUrl, proxy: await proxy.url, ours: ours.url };
  console.log(`bench:pieces: ${STREAMS} streams of ${LONG} and of ${SHORT} pieces, ${ROUNDS} rounds, paths ${PATHS.join(', ')}`);
  const perPiece = Object.fromEntries(PATHS.map((kind) => [kind, [] as number[]]));
  const perAnswer = Object.fromEntries(PATHS.map((kind) => [kind, [] as number[]]));
  const steadyPiece = Object.fromEntries(PATHS.map((kind) => [kind, [] as number[]]));
  try {
    for (const kind of PATHS) await run(kind, urls[kind]!, SHORT, 50, `warm-${kind}`);
    for (let round = 0; round < ROUNDS; round++) {
      for (const kind of PATHS) {
        const long = await run(kind, urls[kind]!, LONG, STREAMS, `${round}-long-${kind}`);
        const short = await run(kind, urls[kind]!, SHORT, STREAMS, `${round}-short-${kind}`);
        const piece = (long.all - short.all) / (STREAMS * (LONG - SHORT));
        perPiece[kind]!.push(piece);
        perAnswer[kind]!.push(short.all / STREAMS - SHORT * piece);
        steadyPiece[kind]!.push(long.steady);
        console.log(
          `round ${round + 1} ${kind}: ${(long.all / STREAMS / 1000).toFixed(2)} ms CPU an answer of ${LONG}; ` +
            `a piece ${piece.toFixed(1)} µs (the two lengths), ${long.steady.toFixed(1)} µs (the steady part)`,
        );
      }
    }
  } finally {
    provider.stop();
    proxy.server.close();
    provider.server.close();
    await ours.stop();
    agent.destroy();
    await rm(dir, { recursive: true, force: true });
  }
  const floor = { all: median(perPiece.direct ?? [0]), steady: median(steadyPiece.direct ?? [0]) };
  console.log(
    "\n| path | µs a piece: the two lengths (the path's own) | the steady part (the path's own) | µs an answer besides its pieces |",
  );
  console.log('| --- | ---: | ---: | ---: |');
  const own = (x: number, base: number, kind: string) => `${x.toFixed(1)}${kind === 'direct' ? '' : ` (${(x - base).toFixed(1)})`}`;
  for (const kind of PATHS) {
    const piece = median(perPiece[kind]!);
    const steady = median(steadyPiece[kind]!);
    console.log(
      `| ${kind} | ${own(piece, floor.all, kind)} | ${own(steady, floor.steady, kind)} | ${median(perAnswer[kind]!).toFixed(0)} |`,
    );
  }
}

await main();
