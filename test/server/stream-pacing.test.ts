/**
 * Pacing (server/answers/pacing.ts, issue 35): with many answers open, a streamed reply's socket rests after each
 * read, so what the provider writes meanwhile comes in one read and goes on as one delta; with few, every piece is
 * read and handed on as it comes. Over real HTTP on 127.0.0.1, through the engine's own `node:http` client.
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { DONE_GRACE_MS, httpFetch } from '../../server/answers/http-fetch';
import { createOpenAiEngine, MAX_HELD_CHARS } from '../../server/answers/openai';
import {
  MAX_READ_PAUSE_MS,
  openStreams,
  PACE_FROM_STREAMS,
  PACE_FULL_STREAMS,
  READ_PAUSES,
  readPauseMs,
  streamOpened,
} from '../../server/answers/pacing';
import { chunk, finish, gate, sse, standInProvider } from './stand-in-provider';

const PIECES = 30;
const GAP_MS = 10;

/**
 * What the stand-in writes: `words`, the first piece, then (once `firstRead` opens) the rest `GAP_MS` apart;
 * `timed`, {@link TIMED_PIECES} pieces `GAP_MS` apart, each its time of writing (this process's clock); `big`,
 * {@link BIG_PIECES} long pieces in one write; `failing`, five pieces then an error event; `endless`, the words
 * and `[DONE]` without the body's end.
 */
let mode: 'words' | 'timed' | 'big' | 'failing' | 'endless' = 'words';
let firstRead = gate();
const BIG_PIECES = 20;
const BIG_PIECE = 'x'.repeat(1_000);
const TIMED_PIECES = 60;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const provider = standInProvider(async (res) => {
  sse(res);
  if (mode === 'big') {
    res.end(chunk(BIG_PIECE).repeat(BIG_PIECES) + finish);
    return;
  }
  if (mode === 'timed') {
    for (let i = 0; i < TIMED_PIECES; i++) {
      if (i > 0) await pause(GAP_MS);
      res.write(chunk(`${performance.now()} `));
    }
    res.end(finish);
    return;
  }
  res.write(chunk('w0 '));
  await firstRead.opened;
  for (let i = 1; i < (mode === 'failing' ? 5 : PIECES); i++) {
    await pause(GAP_MS);
    res.write(chunk(`w${i} `));
  }
  if (mode === 'failing') res.end(`data: ${JSON.stringify({ error: { message: 'overloaded' } })}\n\n`);
  else if (mode === 'endless') res.write(finish);
  else res.end(finish);
});

/**
 * An answer read through the engine with `pause`: its deltas, and the socket reads of its reply and their socket;
 * through the global `fetch` (whose reads the pause cannot hold back) with `viaFetch`; `onDelta` also told of each.
 */
async function answer(pause: () => number, viaFetch = false, onDelta: (piece: string) => void = () => undefined) {
  firstRead = gate();
  let reads = 0;
  let socket: Socket | null = null;
  const engine = createOpenAiEngine({
    baseUrl: provider.url,
    apiKey: 'k',
    model: 'm',
    readPause: pause,
    fetchImpl: async (url, init) => {
      if (viaFetch) return fetch(url, init);
      const response = await httpFetch(url, init);
      socket = (response.body as unknown as IncomingMessage).socket;
      socket.on('data', () => reads++);
      return response;
    },
  });
  const deltas: string[] = [];
  const result = await engine.answer({ question: 'Words?', pageText: '', pagePath: '/', documents: [], history: [] }, undefined, (p) => {
    deltas.push(p);
    firstRead.open();
    onDelta(p);
  });
  return { deltas, reads, socket: socket as Socket | null, content: result.content };
}

const WHOLE = Array.from({ length: PIECES }, (_, i) => `w${i}`).join(' ');

describe('reading a streamed reply', () => {
  it('with no pause, hands on every piece as its own delta', async () => {
    const { deltas, content } = await answer(() => 0);
    expect(deltas).toHaveLength(PIECES);
    expect(deltas[0]).toBe('w0 ');
    expect(content).toBe(WHOLE);
  });

  it('with a pause, reads the pieces that came meanwhile at once and hands them on as one delta', async () => {
    const pauseMs = 6 * GAP_MS;
    const { deltas, reads, content } = await answer(() => pauseMs);
    expect(deltas[0]).toBe('w0 ');
    expect(deltas.join('').trim()).toBe(content);
    expect(content).toBe(WHOLE);
    // about six pieces a read after the first: far fewer reads and deltas than pieces (a late event loop only
    // makes each read take more)
    expect(deltas.length).toBeLessThanOrEqual(PIECES / 3);
    expect(reads).toBeLessThanOrEqual(PIECES / 3);
    // a delta a read at most (the read that brought the headers and the first piece came before the count began)
    expect(deltas.length).toBeLessThanOrEqual(reads + 1);
  });

  it('with a pause, where its reads cannot be held back (a `fetch` body), still hands on a delta a pause at most', async () => {
    const pauseMs = 6 * GAP_MS;
    const { deltas, content } = await answer(() => pauseMs, true);
    expect(deltas[0]).toBe('w0 ');
    expect(content).toBe(WHOLE);
    expect(deltas.join('').trim()).toBe(content);
    expect(deltas.length).toBeLessThanOrEqual(PIECES / 3);
  });

  it(`holds at most about ${MAX_HELD_CHARS} characters: a provider that writes much at once has it handed on at once`, async () => {
    mode = 'big';
    try {
      const { deltas, content } = await answer(() => 6 * GAP_MS);
      expect(content).toBe(BIG_PIECE.repeat(BIG_PIECES));
      expect(deltas.join('')).toBe(content);
      expect(deltas.length).toBeGreaterThan(1);
      for (const delta of deltas) expect(delta.length).toBeLessThan(MAX_HELD_CHARS + BIG_PIECE.length);
    } finally {
      mode = 'words';
    }
  });

  it('hands each piece on within about one rest of its writing, the first at once', async () => {
    const restMs = 100;
    const ages: number[] = [];
    let first: number | null = null;
    mode = 'timed';
    try {
      await answer(
        () => restMs,
        false,
        (delta) => {
          const now = performance.now();
          const written = delta.trim().split(' ').map(Number);
          first ??= now - written[0]!;
          for (const at of written) ages.push(now - at);
        },
      );
    } finally {
      mode = 'words';
    }
    expect(ages).toHaveLength(TIMED_PIECES);
    ages.sort((a, b) => a - b);
    // a piece waits for the rest that was under way when it came: half a rest on the median, not a rest and a half
    expect(ages[ages.length / 2]!).toBeLessThan(restMs);
    expect(first!).toBeLessThan(restMs / 2);
  });

  it('hands on what it holds before the answer fails, and fails it', async () => {
    mode = 'failing';
    const deltas: string[] = [];
    try {
      await expect(
        answer(
          () => 6 * GAP_MS,
          false,
          (d) => deltas.push(d),
        ),
      ).rejects.toThrow(/failed mid-stream/);
    } finally {
      mode = 'words';
    }
    expect(deltas.join('')).toBe('w0 w1 w2 w3 w4 ');
  });

  it('fails the answer, not the process, when the delta it hands on later throws', async () => {
    let calls = 0;
    await expect(
      answer(
        () => 6 * GAP_MS,
        false,
        () => {
          // the first piece goes on at once; the next, held through a rest, goes on later
          if (++calls === 2) throw new Error('the visitor’s stream broke');
        },
      ),
    ).rejects.toThrow('the visitor’s stream broke');
    expect(calls).toBe(2);
  });

  it(`cancels a body that does not end within ${DONE_GRACE_MS} ms of its [DONE], the answer given meanwhile`, async () => {
    mode = 'endless';
    try {
      const { socket, content } = await answer(() => 0);
      expect(content).toBe(WHOLE);
      expect(socket!.destroyed).toBe(false);
      await expect.poll(() => socket!.destroyed, { timeout: 3 * DONE_GRACE_MS }).toBe(true);
    } finally {
      mode = 'words';
    }
  });

  it('gives its socket back flowing: the next reply on the same kept-alive connection is read piece by piece', async () => {
    const paced = await answer(() => 6 * GAP_MS);
    const next = await answer(() => 0);
    expect(next.socket).toBe(paced.socket);
    expect(next.deltas).toHaveLength(PIECES);
    expect(next.content).toBe(WHOLE);
  });
});

describe('the pause', () => {
  it(`is none below ${PACE_FROM_STREAMS} open answers, then grows along its points to ${MAX_READ_PAUSE_MS} ms at ${PACE_FULL_STREAMS}`, () => {
    expect(readPauseMs(0)).toBe(0);
    expect(readPauseMs(PACE_FROM_STREAMS - 1)).toBe(0);
    expect(readPauseMs(PACE_FROM_STREAMS)).toBe(0);
    // each point, and halfway between each two
    for (const [i, [streams, ms]] of READ_PAUSES.entries()) {
      expect(readPauseMs(streams)).toBe(ms);
      const next = READ_PAUSES[i + 1];
      if (next) expect(readPauseMs((streams + next[0]) / 2)).toBe((ms + next[1]) / 2);
    }
    expect(readPauseMs(600)).toBe(210);
    expect(readPauseMs(PACE_FULL_STREAMS)).toBe(MAX_READ_PAUSE_MS);
    expect(readPauseMs(10 * PACE_FULL_STREAMS)).toBe(MAX_READ_PAUSE_MS);
    // it never shrinks as more answers open
    for (let n = 1; n < 2 * PACE_FULL_STREAMS; n += 7) expect(readPauseMs(n)).toBeGreaterThanOrEqual(readPauseMs(n - 7));
  });

  it('follows the streams counted open, each counted closed once', () => {
    const before = openStreams();
    const closes = Array.from({ length: PACE_FULL_STREAMS }, () => streamOpened());
    expect(openStreams()).toBe(before + PACE_FULL_STREAMS);
    expect(readPauseMs()).toBe(MAX_READ_PAUSE_MS);
    for (const close of closes) {
      close();
      close();
    }
    expect(openStreams()).toBe(before);
    expect(readPauseMs()).toBe(readPauseMs(before));
  });
});
