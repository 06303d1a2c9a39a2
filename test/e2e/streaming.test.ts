/**
 * Streamed answers end to end (issue 16): the built server with its OpenAI-compatible engine
 * pointed at a provider stub on 127.0.0.1 (this file's), the journey page with the widget in real
 * Chromium. The stub holds its stream where a test says, so "before the provider finished" is an
 * order of events. Also: every public XSS payload, streamed in small pieces, renders inert.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_XSS_VECTORS } from '../fixtures/xss-vectors';
import { startServer, type RunningServer } from './server';
import { browserSuite } from './suite';

const suite = browserSuite();

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}

type Play = (res: ServerResponse, req: IncomingMessage) => Promise<void> | void;
let play: Play;
let provider: Server;
let providerClosed = gate();
let app: RunningServer;

const chunk = (content: string) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;
const FINISH = `data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`;
const sse = (res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
const whole =
  (text: string): Play =>
  (res) => {
    sse(res);
    res.end(chunk(text) + FINISH);
  };

beforeAll(async () => {
  provider = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.on('close', () => providerClosed.open());
      void play(res, req);
    });
  });
  await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
  const port = (provider.address() as AddressInfo).port;
  app = await startServer({
    LLM_BASE_URL: `http://127.0.0.1:${port}/v1`,
    LLM_API_KEY: 'test-key',
    LLM_MODEL: 'stub',
    RATE_LIMIT_CHAT_VISITOR: '1000',
  });
});

afterAll(async () => {
  await app?.stop();
  provider?.closeAllConnections();
  await new Promise<void>((r) => (provider ? provider.close(() => r()) : r()));
});

const launcher = (page: Page) => page.getByRole('button', { name: /^(Open chat with|Close chat)/ }).last();
const answers = (page: Page) => page.locator('[data-part="message"][data-role="ai"]:not([data-error])');
const log = (page: Page) => page.getByRole('log', { name: 'Conversation' });

async function openAndAsk(page: Page, question: string) {
  await page.goto(`${app.url}/`);
  await launcher(page).click();
  const box = page.getByRole('textbox', { name: /^Message/ });
  await box.fill(question);
  await box.press('Enter');
}

async function ask(page: Page, question: string) {
  const box = page.getByRole('textbox', { name: /^Message/ });
  await box.fill(question);
  await box.press('Enter');
}

describe('an answer streaming into the widget', () => {
  it('shows its words, formatted, before the provider has finished; the log is busy until it is whole', async () => {
    providerClosed = gate();
    const rest = gate();
    play = async (res) => {
      sse(res);
      res.write(chunk('The advice fee '));
      res.write(chunk('is **0.45%**'));
      await rest.opened;
      res.end(chunk(' a year.') + FINISH);
    };
    const page = await suite.page();
    await openAndAsk(page, 'What is the advice fee?');
    const streaming = page.locator('[data-part="message"][data-status="streaming"]');
    await streaming.locator('strong', { hasText: '0.45%' }).waitFor();
    expect(await streaming.innerText()).toContain('The advice fee is 0.45%');
    expect(await log(page).getAttribute('aria-busy')).toBe('true');
    expect(await page.getByRole('status', { name: /is typing$/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Stop' }).isVisible()).toBe(true);

    rest.open();
    await answers(page).filter({ hasText: 'a year.' }).waitFor();
    await expect.poll(() => log(page).getAttribute('aria-busy')).toBeNull();
    expect(await answers(page).count()).toBe(1);
    expect(await page.locator('[data-part="message"][data-status]').count()).toBe(0);
    expect(await answers(page).first().innerText()).toContain('The advice fee is 0.45% a year.');
  });

  it('follows the answer as it grows until its start reaches the top (read from its start); a visitor who reads on is followed to the bottom, one who scrolled up keeps their place', async () => {
    const half = gate();
    const rest = gate();
    const lines = (from: number) => Array.from({ length: 25 }, (_, i) => `- Point ${from + i}: the advice fee is 0.45% a year.\n`);
    play = async (res) => {
      sse(res);
      for (const l of lines(1)) res.write(chunk(l));
      await half.opened;
      for (const l of lines(26)) res.write(chunk(l));
      await rest.opened;
      res.end(chunk('The end.') + FINISH);
    };
    const page = await suite.page({ viewport: { width: 390, height: 844 } });
    await openAndAsk(page, 'What are the fees of the fund?');
    const list = page.locator('ai-chat-widget [data-part="messages"]');
    const position = () =>
      list.evaluate((el) => ({
        top: el.scrollTop,
        fromBottom: el.scrollHeight - el.scrollTop - el.clientHeight,
        overflow: el.scrollHeight - el.clientHeight,
      }));
    const answerStart = async () => {
      const [box, start] = await Promise.all([list.boundingBox(), page.locator('[data-status="streaming"]').boundingBox()]);
      return start!.y - box!.y;
    };
    await page.locator('[data-status="streaming"]', { hasText: 'Point 25:' }).waitFor();
    // it grew past the window: the view followed it down as far as the answer's start, and stays there
    await expect.poll(answerStart).toBeLessThan(2);
    expect(await answerStart()).toBeGreaterThan(-2);
    expect((await position()).overflow).toBeGreaterThan(200);
    expect((await position()).fromBottom).toBeGreaterThan(100);
    // the visitor reads on to the bottom: the view follows the answer as it grows
    await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    half.open();
    await page.locator('[data-status="streaming"]', { hasText: 'Point 50:' }).waitFor();
    await expect.poll(async () => (await position()).fromBottom).toBeLessThan(2);
    // the visitor scrolls up to read: more text comes, and the view stays where they put it
    await list.evaluate((el) => el.scrollTo({ top: 0 }));
    rest.open();
    await answers(page).filter({ hasText: 'The end.' }).waitFor();
    await expect.poll(() => log(page).getAttribute('aria-busy')).toBeNull();
    expect((await position()).top).toBe(0);
    // the follow-ups under the answer came without moving the view either
    expect(await page.locator('ai-chat-widget [data-part="follow-up"]').count()).toBeGreaterThan(0);
  });

  it('Stop cancels it: what was written stays, marked stopped; the server cancels the provider and keeps it, incomplete', async () => {
    providerClosed = gate();
    play = (res) => {
      sse(res);
      // and nothing more until the connection closes
      res.write(chunk('Part one of a long answer.'));
    };
    const page = await suite.page();
    await openAndAsk(page, 'Tell me everything about the fund');
    await page.locator('[data-status="streaming"]', { hasText: 'Part one' }).waitFor();
    await page.getByRole('button', { name: 'Stop' }).click();
    const stopped = page.locator('[data-part="message"][data-role="ai"][data-status="stopped"]');
    await stopped.waitFor();
    expect(await stopped.innerText()).toContain('Part one of a long answer.');
    expect(await stopped.innerText()).toContain('Stopped');
    expect(await stopped.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
    await providerClosed.opened;

    // closed and opened again, the conversation is the server's: the part answer, incomplete
    await page.keyboard.press('Escape');
    await launcher(page).click();
    await page.getByRole('button', { name: 'Navigation' }).click();
    await page.getByRole('menuitemradio', { name: 'Chat', exact: true }).click();
    const stored = answers(page).filter({ hasText: 'Part one of a long answer.' });
    await stored.getByText('Answer incomplete').waitFor();
    expect(await answers(page).count()).toBe(1);
  });

  it('an error mid-stream keeps the text, then the error with Try again, which asks once more', async () => {
    const drop = gate();
    play = async (res) => {
      sse(res);
      res.write(chunk('The fund holds shares '));
      // the connection drops once the words are on the page (a timer could drop them before they left)
      await drop.opened;
      res.destroy();
    };
    const page = await suite.page({ allowed: /Failed to get AI response/ });
    await openAndAsk(page, 'What does the fund hold?');
    await page.locator('[data-status="streaming"]', { hasText: 'The fund holds shares' }).waitFor();
    drop.open();
    const error = page.locator('[data-part="message"][data-error]');
    await error.waitFor();
    expect(await error.innerText()).toContain('Failed to get AI response');
    const partial = answers(page).filter({ hasText: 'The fund holds shares' });
    expect(await partial.innerText()).toContain('Answer incomplete');

    play = whole('The fund holds shares and bonds.');
    await error.getByRole('button', { name: 'Try again' }).click();
    await answers(page).filter({ hasText: 'shares and bonds.' }).waitFor();
    expect(await page.locator('[data-part="message"][data-error]').count()).toBe(0);
  });
});

// ---------------------------------------------------------------- XSS, split across chunks

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const corpusDir = path.resolve(repoRoot, '../shared/xss-corpus');

/** Elements no answer may produce. */
const FORBIDDEN =
  'script, iframe, frame, object, embed, img, picture, video, audio, source, svg, math, style, form, input:not([type="checkbox"][disabled]), button, textarea, select, base, meta, link, template, slot, canvas, applet, portal';

/** Every payload: the project's own, and the public corpus beside the repository when it is there. */
async function payloads(): Promise<string[]> {
  const out = OWN_XSS_VECTORS.map((v) => v.payload);
  if (existsSync(path.join(corpusDir, 'dompurify-expect-alert.json'))) {
    const dompurify = JSON.parse(await readFile(path.join(corpusDir, 'dompurify-expect-alert.json'), 'utf8')) as { payload: string }[];
    const owasp = JSON.parse(await readFile(path.join(corpusDir, 'owasp-xss-filter-evasion.json'), 'utf8')) as string[];
    out.push(...dompurify.map((d) => d.payload), ...owasp);
  }
  return out;
}

/** Payloads joined into answers of at most `size` characters (each under the renderer's markdown limit). */
function batches(list: string[], size = 2500): string[] {
  const out: string[] = [];
  let cur = '';
  for (const p of list) {
    if (cur && cur.length + p.length > size) {
      out.push(cur);
      cur = '';
    }
    cur += `${p}\n\n`;
  }
  if (cur) out.push(cur);
  return out;
}

describe('XSS payloads arriving split across chunks', () => {
  it('render inert: no script runs, no dialog, no request leaves, no active element or attribute in any answer', async () => {
    const all = await payloads();
    const page = await suite.page({ allowed: /.*/ });
    const fired: string[] = [];
    page.on('dialog', (d) => {
      fired.push(`dialog:${d.message()}`);
      void d.dismiss();
    });
    await page.addInitScript(() => {
      const w = window as unknown as Record<string, unknown> & { __fired: string[] };
      w.__fired = [];
      for (const k of ['alert', 'confirm', 'prompt', 'print']) w[k] = (...a: unknown[]) => w.__fired.push(`${k}:${a.join(',')}`);
    });
    const offOrigin: string[] = [];
    await page.route(
      (url) => url.origin !== new URL(app.url).origin,
      (route) => {
        offOrigin.push(route.request().url());
        return route.abort();
      },
    );
    await page.goto(`${app.url}/`);
    await launcher(page).click();
    let asked = 0;
    for (const text of batches(all)) {
      // a few characters at a time, a moment apart: the widget renders many of the partial texts
      play = async (res) => {
        sse(res);
        for (let i = 0; i < text.length; i += 5) {
          res.write(chunk(text.slice(i, i + 5)));
          await new Promise((r) => setTimeout(r, 1));
        }
        res.end(FINISH);
      };
      await ask(page, `Show me batch ${++asked}`);
      // whole: the answer is no longer being written (the log not busy), and it is this batch's
      await expect
        .poll(async () => (await answers(page).count()) === asked && (await log(page).getAttribute('aria-busy')) === null, {
          timeout: 60_000,
        })
        .toBe(true);
    }
    const found = await page.evaluate((forbidden) => {
      const root = document.querySelector('ai-chat-widget')!.shadowRoot!;
      const bubbles = [...root.querySelectorAll('[data-part="message"][data-role="ai"] [data-part="bubble-content"]')];
      const bad: string[] = [];
      for (const b of bubbles) {
        for (const el of b.querySelectorAll(forbidden)) bad.push(`element ${el.tagName}`);
        for (const el of b.querySelectorAll('*')) {
          for (const a of el.getAttributeNames())
            if (/^on/i.test(a) || a === 'style' || a === 'srcdoc') bad.push(`attribute ${a} on ${el.tagName}`);
          const href = el.getAttribute('href');
          if (href !== null && !/^(https?:|mailto:|#)/i.test(href)) bad.push(`href ${href}`);
        }
      }
      return { bad, count: bubbles.length, fired: (window as unknown as { __fired: string[] }).__fired };
    }, FORBIDDEN);
    // every batch came whole (a failure would show an error message)
    expect(await page.locator('[data-part="message"][data-error]').count()).toBe(0);
    expect(found.count).toBe(asked);
    expect(found.bad).toEqual([]);
    expect([...found.fired, ...fired]).toEqual([]);
    expect(offOrigin).toEqual([]);
  });
});
