/**
 * Two instances of the built server on one PostgreSQL behind a load balancer (issue 17): the balancer is this
 * file's (test/e2e/balancer.ts), so that which instance answers a call is a line of the test. The provider is a
 * stub on 127.0.0.1, so that an answer can be held while an instance is killed. PostgreSQL is a throwaway
 * cluster on a temporary folder (test/support/postgres-cluster.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster';
import { startBalancer, type Balancer } from './balancer';
import { startServer, type RunningServer } from './server';
import { browserSuite } from './suite';

const suite = browserSuite();

/** Messages one visitor may send a window (RATE_LIMIT_CHAT_VISITOR): low, so that the shared count is seen at once. */
const PER_VISITOR = 4;

type Play = (res: ServerResponse, question: string) => Promise<void> | void;
const chunk = (content: string) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;
const FINISH = `data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`;
/** The provider's whole answer to `question`, as a stream or as JSON, as the server asked. */
const whole = (res: ServerResponse, question: string, streamed: boolean) => {
  const text = `You asked: ${question}`;
  if (streamed) {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end(chunk(text) + FINISH);
  } else {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }] }));
  }
};
let play: Play | null = null;

let cluster: PostgresCluster;
let databaseUrl: string;
let provider: Server;
let env: Record<string, string>;
let a: RunningServer;
let b: RunningServer;
let balancer: Balancer;

beforeAll(async () => {
  cluster = await startPostgresCluster();
  databaseUrl = await cluster.createDatabase('instances');
  provider = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const parsed = JSON.parse(body) as { stream?: boolean; messages: { role: string; content: string }[] };
      const question = parsed.messages.filter((m) => m.role === 'user').at(-1)!.content;
      if (play) void play(res, question);
      else whole(res, question, parsed.stream === true);
    });
  });
  await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
  env = {
    DATABASE_URL: databaseUrl,
    LLM_BASE_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`,
    LLM_API_KEY: 'test-key',
    LLM_MODEL: 'stub',
    RATE_LIMIT_CHAT_VISITOR: String(PER_VISITOR),
    // one window for the whole file: the counts a test makes do not start again in the middle of it
    RATE_LIMIT_WINDOW: '1h',
  };
  // started together on an empty database: they migrate it and seed the demo site once between them
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
  balancer = await startBalancer(a.url);
});

afterAll(async () => {
  await balancer?.close();
  await Promise.all([a?.stop(), b?.stop()]);
  provider?.closeAllConnections();
  await new Promise<void>((r) => (provider ? provider.close(() => r()) : r()));
  await cluster?.stop();
});

const launcher = (page: Page) => page.getByRole('button', { name: /^(Open chat with|Close chat)/ }).last();
const answers = (page: Page) => page.locator('[data-part="message"][data-role="ai"]:not([data-error])');
/**
 * The answers written whole (a streamed answer carries a status until its last piece): what to wait for before the
 * next question, which Enter holds back while an answer is on its way.
 */
const wholeAnswers = (page: Page) => page.locator('[data-part="message"][data-role="ai"]:not([data-error]):not([data-status])');
const questions = (page: Page) => page.locator('[data-part="message"][data-role="user"]');

/** Opens the widget on its Chat tab (a page loaded with a conversation stored opens on Home). */
async function openChat(page: Page) {
  await launcher(page).click();
  await page.getByRole('button', { name: 'Navigation' }).click();
  await page.getByRole('menuitemradio', { name: 'Chat', exact: true }).click();
}

async function ask(page: Page, question: string) {
  const box = page.getByRole('textbox', { name: /^Message/ });
  await box.fill(question);
  await box.press('Enter');
}

/** The API key in an instance's demo page: both serve the one demo site. */
const pageKey = async (origin: string) => /data-api-key="([^"]+)"/.exec(await (await fetch(`${origin}/`)).text())?.[1];

describe('two instances on one PostgreSQL', () => {
  it('seed one demo site between them, whose key both serve', async () => {
    const key = await pageKey(a.url);
    expect(key).toMatch(/^pk_/);
    expect(await pageKey(b.url)).toBe(key);
  });

  it('serve one visitor alike: chat through A; history, rename and the rate limit through B', async () => {
    const page = await suite.page({ allowed: /status of 429/ });
    balancer.routeTo(a.url);
    await page.goto(`${balancer.url}/`);
    await launcher(page).click();
    await ask(page, 'What is the investment fee?');
    await wholeAnswers(page).filter({ hasText: 'You asked: What is the investment fee?' }).waitFor();
    await ask(page, 'And the risk?');
    await wholeAnswers(page).filter({ hasText: 'You asked: And the risk?' }).waitFor();
    await ask(page, 'And the term?');
    await wholeAnswers(page).filter({ hasText: 'You asked: And the term?' }).waitFor();

    // from here every call lands on B: the token A issued, the session A stored, the count A made
    balancer.routeTo(b.url);
    await page.getByRole('button', { name: 'Navigation' }).click();
    await page.getByRole('menuitemradio', { name: 'History' }).click();
    const item = page.locator('[data-part="history-item"][data-current]');
    await item.waitFor();
    expect(await item.innerText()).toContain('6 messages');
    await item.getByRole('button', { name: /^Rename/ }).click();
    const input = page.getByRole('textbox', { name: 'Chat name' });
    await input.fill('Fees, through B');
    await input.press('Enter');
    await item.getByText('Fees, through B').waitFor();

    await page.getByRole('button', { name: 'Navigation' }).click();
    await page.getByRole('menuitemradio', { name: 'Chat' }).click();
    await ask(page, 'A third question');
    await wholeAnswers(page).filter({ hasText: 'You asked: A third question' }).waitFor();
    // B has counted one message of this visitor's; with A's three, that is the limit
    await ask(page, 'A fourth question');
    await page.getByText(/^Too many messages\. Please wait \d+ seconds? before sending again\.$/).waitFor();

    // the name B stored is the one a fresh load of the list shows
    await page.reload();
    await launcher(page).click();
    await page.getByRole('button', { name: 'Navigation' }).click();
    await page.getByRole('menuitemradio', { name: 'History' }).click();
    await page.locator('[data-part="history-item"][data-current]').getByText('Fees, through B').waitFor();
  });

  it('lose no acknowledged message when A is killed mid-answer; Try again through B answers it once', async () => {
    const page = await suite.page({ allowed: /Failed to load resource|ERR_/ });
    balancer.routeTo(a.url);
    await page.goto(`${balancer.url}/`);
    await launcher(page).click();
    await ask(page, 'Kept question');
    await wholeAnswers(page).filter({ hasText: 'You asked: Kept question' }).waitFor();

    // the next answer is held after its first words
    let held!: () => void;
    const started = new Promise<void>((r) => (held = r));
    play = (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk('The first words'));
      held();
    };
    await ask(page, 'Question in flight');
    await started;
    await answers(page).filter({ hasText: 'The first words' }).waitFor();
    await a.kill();
    await page.getByText('Failed to get AI response').waitFor();

    play = null;
    balancer.routeTo(b.url);
    await page.getByRole('button', { name: 'Try again' }).click();
    await answers(page).filter({ hasText: 'You asked: Question in flight' }).waitFor();

    // what B has: the acknowledged question and answer, and the one in flight once
    await page.reload();
    await openChat(page);
    await answers(page).filter({ hasText: 'You asked: Question in flight' }).waitFor();
    const said = async (messages: ReturnType<typeof answers>, texts: string[]) => {
      const shown = await messages.allInnerTexts();
      expect(shown).toHaveLength(texts.length);
      texts.forEach((text, i) => {
        expect(shown[i]).toContain(text);
      });
    };
    await said(questions(page), ['Kept question', 'Question in flight']);
    await said(answers(page), ['You asked: Kept question', 'You asked: Question in flight']);
  });

  it('keep every answer acknowledged before an instance was killed among many written at once, and no half of any', async () => {
    const c = await startServer(env);
    const VISITORS = 40;
    const acknowledged: {
      visitor: string;
      token: string;
      body: { chatSession: { id: string }; userMessage: { id: string }; aiMessage: { id: string } };
    }[] = [];
    let tokens: string[];
    try {
      const key = (await pageKey(c.url))!;
      const boot = async (origin: string) => {
        const res = await fetch(`${origin}/session/boot`, { method: 'POST', headers: { 'X-API-Key': key, Origin: origin } });
        return ((await res.json()) as { authToken: string }).authToken;
      };
      tokens = await Promise.all(Array.from({ length: VISITORS }, () => boot(c.url)));
      // the provider holds every answer, then gives them all at once: the instance then writes them all at once
      const waiting: (() => void)[] = [];
      let allAsked!: () => void;
      const asked = new Promise<void>((r) => (allAsked = r));
      play = (res, question) => {
        waiting.push(() => whole(res, question, false));
        if (waiting.length === VISITORS) allAsked();
      };
      let enough!: () => void;
      const tenBack = new Promise<void>((r) => (enough = r));
      const sends = tokens.map(async (token, i) => {
        const visitor = `burst-visitor-${String(i).padStart(3, '0')}`;
        // an answer is acknowledged once its whole body has arrived; a connection cut before that is no acknowledgement
        try {
          const res = await fetch(`${c.url}/api/chat`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, Origin: c.url },
            body: JSON.stringify({ message: `Question ${i}`, userSessionId: visitor, path: '/' }),
          });
          if (res.status !== 200) return;
          acknowledged.push({ visitor, token, body: await res.json() });
          if (acknowledged.length === 10) enough();
        } catch {
          // cut off by the kill
        }
      });
      // every send settled without ten acknowledgements would leave the waits below unresolved: fail instead
      const allSent = Promise.all(sends).then(() => {
        throw new Error(`only ${acknowledged.length} answers were acknowledged, of ${waiting.length} asked`);
      });
      await Promise.race([asked, allSent]);
      play = null;
      for (const answer of waiting) answer();
      await Promise.race([tenBack, allSent]);
      await c.kill();
      await Promise.all(sends);
    } finally {
      play = null;
      await c.stop();
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(10);

    // B reads it all: each acknowledged question with its answer; every session whole (question and answer, or nothing)
    const onB = (path: string, token: string) => fetch(`${b.url}${path}`, { headers: { Authorization: `Bearer ${token}`, Origin: b.url } });
    for (const { visitor, token, body } of acknowledged) {
      const res = await onB(`/api/chat/history?userSessionId=${visitor}&path=/&chatSessionId=${body.chatSession.id}`, token);
      const history = (await res.json()) as { history: { id: string }[] };
      expect(history.history.map((m) => m.id)).toEqual([body.userMessage.id, body.aiMessage.id]);
    }
    let stored = 0;
    for (const [i, token] of tokens!.entries()) {
      const visitor = `burst-visitor-${String(i).padStart(3, '0')}`;
      const { sessions } = (await (await onB(`/api/chat/sessions?userSessionId=${visitor}`, token)).json()) as {
        sessions: { id: string; totalMessages: number }[];
      };
      for (const s of sessions) {
        const { history } = (await (
          await onB(`/api/chat/history?userSessionId=${visitor}&path=/&chatSessionId=${s.id}`, token)
        ).json()) as {
          history: { role: string; content: string }[];
        };
        expect(history.map((m) => [m.role, m.content])).toEqual([
          ['user', `Question ${i}`],
          ['ai', `You asked: Question ${i}`],
        ]);
        stored++;
      }
    }
    expect(stored).toBeGreaterThanOrEqual(acknowledged.length);
    expect(stored).toBeLessThanOrEqual(VISITORS);
  });
});
