/**
 * Documents and videos in host-page slots, end to end (widget-spec §2 "Host-page slots",
 * viewers, "Smart doc modal"; §4 Ask question): the journey's embed routes, served by the
 * real server under its strict CSP (`style-src 'self'`, no inline script), in headless
 * Chromium. Every page is checked for console errors (a CSP violation is one), CSP
 * violation events and requests that leave the server.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ALT_CHUNK_TEXT, CRAFTED_TEXT, SAFE_LINKS, UNSAFE_LINKS, craftedDocx } from '../fixtures/crafted-docx';
import { violations } from './axe';
import { browserSuite } from './suite';

const baseUrl = inject('baseUrl');
const suite = browserSuite();
/** Every request the page made, with its method and body (for the chat's context). */
let requests: { url: string; method: string; body: string | null }[];
/** The ids of the documents and videos the page's slots booted. */
let booted: string[];

/** Runs before the page's scripts: CSP violations anywhere (shadow roots included) are recorded. */
const RECORD_CSP = `window.__csp = []; document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI), true);`;

async function open(path: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  requests = [];
  booted = [];
  // warnings too: the viewers warn about what they skip
  const page = await suite.page({ viewport, consoleTypes: ['error', 'warning'] });
  await suite.context!.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  await page.addInitScript(RECORD_CSP);
  page.on('request', (r) => {
    requests.push({ url: r.url(), method: r.method(), body: r.postData() });
    if (!r.url().startsWith(baseUrl) && !/^(data|blob|chrome|chrome-extension):/.test(r.url()))
      suite.problems.push(`outside request: ${r.url()}`);
  });
  page.on('response', async (r) => {
    if (!/\/(smart-doc|video)\/[^/]+\/boot$/.test(r.url()) || !r.ok()) return;
    const body = (await r.json()) as { smartDoc?: { smartDocId: string }; video?: { id: string } };
    booted.push(body.smartDoc?.smartDocId ?? body.video!.id);
  });
  await page.goto(baseUrl + path);
  return page;
}

const cspViolations = (page: Page) => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);

/** The viewer in a slot (the slot is a region named by the page; the viewer is in its shadow root). */
const slot = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

const modal = (page: Page) => page.getByRole('dialog', { name: /^Chat about / });

/** Sends a question in the modal and returns its answer's text. */
async function askInModal(page: Page, question: string): Promise<string> {
  const dialog = modal(page);
  const answers = dialog.locator('[data-part="modal-message"][data-role="ai"]');
  const before = await answers.count();
  await dialog.getByRole('textbox', { name: 'Your question' }).fill(question);
  await page.keyboard.press('Enter');
  await answers.nth(before).locator('[data-part="markdown"]').waitFor();
  return (await answers.nth(before).textContent()) ?? '';
}

/** The body of the last POST {api}/chat, parsed. */
function lastChatBody(): Record<string, unknown> {
  const sent = requests.filter((r) => r.method === 'POST' && r.url === `${baseUrl}/api/chat`);
  expect(sent.length).toBeGreaterThan(0);
  return JSON.parse(sent.at(-1)!.body ?? 'null') as Record<string, unknown>;
}

describe('document viewers', () => {
  it('render a Word document readably under the strict CSP, with its header and footer buttons', async () => {
    const page = await open('/smart-doc');
    const viewer = slot(page, 'Document viewer');
    await viewer.getByText('Version 2 • DOCX').waitFor();
    await expect.poll(() => viewer.getAttribute('data-ai-embed')).toBe('loaded');
    await viewer.getByText('Product Disclosure Statement', { exact: true }).waitFor();
    const body = viewer.locator('[data-part="doc-content"]');
    await body.getByText('1. About the fund').waitFor();
    // readable: the docx's styles applied (a heading larger than body text) and text wraps inside the viewer
    const sizes = await body.evaluate((el) => {
      // the innermost element holding each text (docx-preview puts runs in spans inside paragraphs)
      const innermost = (test: (text: string) => boolean) =>
        [...el.querySelectorAll('*')].filter((n) => test(n.textContent ?? '')).at(-1) as HTMLElement;
      const heading = innermost((t) => t === '1. About the fund');
      const para = innermost((t) => t.startsWith('This Product Disclosure Statement'));
      return {
        heading: parseFloat(getComputedStyle(heading).fontSize),
        para: parseFloat(getComputedStyle(para).fontSize),
        overflow: el.scrollWidth - el.clientWidth,
      };
    });
    expect(sizes.heading).toBeGreaterThan(sizes.para);
    expect(sizes.overflow).toBeLessThanOrEqual(1);
    // no element the docx brought may run anything or reach anywhere
    expect(await body.locator('script, iframe, object, embed, style, link, base, meta').count()).toBe(0);
    expect(await body.locator('a[href^="javascript:" i]').count()).toBe(0);

    const footer = viewer.locator('[data-part="doc-footer"]');
    await expect.poll(() => footer.getByRole('button', { name: 'Ask question' }).count()).toBe(1);
    const download = footer.getByRole('link', { name: 'Download' });
    expect(await download.getAttribute('target')).toBe('_blank');
    expect(await download.getAttribute('rel')).toBe('noopener noreferrer');

    expect(await cspViolations(page)).toEqual([]);
    expect(await violations(page)).toEqual([]);
  });

  for (const path of ['/smart-doc', '/smart-doc-multiple'])
    for (const width of [320, 390, 1280])
      it(`${path} at ${width} px: every document fits its box, whole (no text cut at the sides, the page's foot reachable), its footer buttons one height`, async () => {
        const page = await open(path, { width, height: 800 });
        const viewers = page.locator('[data-ai-embed]');
        const states = () => viewers.evaluateAll((all) => all.map((v) => v.getAttribute('data-ai-embed')));
        await expect.poll(async () => (await states()).length > 0 && (await states()).every((s) => s === 'loaded')).toBe(true);
        const count = await viewers.count();
        expect(count).toBeGreaterThan(0);
        for (let i = 0; i < count; i++) {
          const viewer = viewers.nth(i);
          const body = viewer.locator('[data-part="doc-content"]');
          if ((await body.getAttribute('data-view')) === 'docx') await body.locator('section.docx').first().waitFor();
          const fit = await body.evaluate((el) => {
            const box = el.getBoundingClientRect();
            const shown = el.firstElementChild!.getBoundingClientRect();
            // every piece of text the document shows, where it is drawn
            const outside: string[] = [];
            const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
            for (let t = walker.nextNode(); t; t = walker.nextNode()) {
              const range = document.createRange();
              range.selectNodeContents(t);
              for (const r of range.getClientRects())
                if (r.width > 0 && (r.left < box.left - 1 || r.right > box.right + 1)) outside.push(t.textContent!.trim().slice(0, 30));
            }
            // the document's foot: scrolled to the end, its last page ends inside the box
            el.scrollTop = el.scrollHeight;
            const pages = el.querySelectorAll('section.docx');
            const last = [...pages].at(-1)?.getBoundingClientRect().bottom ?? box.top;
            return {
              left: shown.left - box.left,
              right: box.right - shown.right,
              outside,
              footCut: last - el.getBoundingClientRect().bottom,
              sideways: el.scrollWidth - el.clientWidth,
            };
          });
          expect(fit.left).toBeGreaterThanOrEqual(-0.5);
          expect(fit.right).toBeGreaterThanOrEqual(-0.5);
          expect(fit.outside).toEqual([]);
          expect(fit.footCut).toBeLessThanOrEqual(1);
          expect(fit.sideways).toBeLessThanOrEqual(1);
          const heights = await viewer
            .locator('[data-part="footer-button"]')
            .evaluateAll((all) => all.map((b) => b.getBoundingClientRect().height));
          expect(heights.length).toBeGreaterThan(1);
          for (const h of heights) expect(h).toBeCloseTo(heights[0]!, 0);
        }
        if (path === '/smart-doc') {
          // scaled, the page's text is still text: a double click selects a word
          const word = slot(page, 'Document viewer').getByText('Diversified Index Fund', { exact: true }).first();
          await word.scrollIntoViewIfNeeded();
          await word.dblclick();
          expect(await page.evaluate(() => getSelection()?.toString().trim())).toMatch(/^(Diversified|Index|Fund)$/);
        }
        expect(await cspViolations(page)).toEqual([]);
      });

  it('show each type its own way: pdf framed with an Open link, markdown rendered, text preformatted, a spreadsheet notice, a download', async () => {
    const page = await open('/smart-doc?doc=pdf');
    let viewer = slot(page, 'Document viewer');
    await viewer.getByText('Version 3 • PDF').waitFor();
    const frame = viewer.locator('iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('title')).toBe('Financial Services Guide');
    expect(await frame.getAttribute('src')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\/.+\.pdf#toolbar=0/);
    expect(await viewer.getByRole('link', { name: 'Open PDF in a new tab' }).getAttribute('target')).toBe('_blank');

    await page.getByRole('link', { name: 'Markdown' }).click();
    viewer = slot(page, 'Document viewer');
    await viewer.getByText('Version 1 • MD').waitFor();
    // rendered by the widget's markdown renderer: headings, not '#' signs
    await viewer.locator('[data-part="doc-content"] :is(h3, h4)').first().waitFor();
    expect(await viewer.locator('[data-part="doc-content"]').textContent()).not.toMatch(/^#/m);

    await page.getByRole('link', { name: 'Text' }).click();
    viewer = slot(page, 'Document viewer');
    const pre = viewer.locator('pre[data-part="text"]');
    await pre.waitFor();
    expect(await pre.textContent()).toContain('Privacy');

    await page.getByRole('link', { name: 'Spreadsheet' }).click();
    viewer = slot(page, 'Document viewer');
    await viewer.getByText('Spreadsheet viewing is not yet supported in embedded mode.').waitFor();
    expect(await viewer.getByRole('link', { name: 'Open Spreadsheet' }).getAttribute('href')).toMatch(/\.csv$/);

    await page.getByRole('link', { name: 'Other file' }).click();
    viewer = slot(page, 'Document viewer');
    await viewer.getByRole('link', { name: 'Download Document' }).waitFor();
    expect(await cspViolations(page)).toEqual([]);
    expect(await violations(page)).toEqual([]);
  });

  it('Ask question opens the modal on the document; the answer comes from it; Escape and the backdrop close it', async () => {
    const page = await open('/smart-doc-multiple');
    const first = slot(page, 'First document viewer');
    const second = slot(page, 'Second document viewer');
    await first.getByText('Version 3 • PDF').waitFor();
    await second.getByText('Version 1 • MD').waitFor();

    const opener = second.getByRole('button', { name: 'Ask question' });
    await opener.click();
    const dialog = modal(page);
    await dialog.waitFor();
    await page.getByRole('dialog', { name: 'Chat about Investment risk profiles explained' }).waitFor();
    // the modal shows the document, without a second Ask question
    await dialog.locator('[data-part="doc-content"] :is(h3, h4)').first().waitFor();
    expect(await dialog.getByRole('button', { name: 'Ask question' }).count()).toBe(0);
    expect(await violations(page)).toEqual([]);

    const answer = await askInModal(page, 'What does the cautious profile hold?');
    // the built-in engine quotes the document asked about, and names it
    expect(answer).toMatch(/cautious/i);
    expect(answer).toContain('Investment risk profiles explained');
    // widget-spec §3: the context names both documents on the page, the one asked about active
    const body = lastChatBody();
    const context = body.smartDocContext as {
      documents: { name: string; embedToken: string; id: string }[];
      totalDocuments: number;
      activeDocument: string;
    };
    expect(context.totalDocuments).toBe(2);
    expect(context.documents.map((d) => d.name).sort()).toEqual(['Financial Services Guide', 'Investment risk profiles explained']);
    expect(context.documents.find((d) => d.id === context.activeDocument)?.name).toBe('Investment risk profiles explained');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // the focus goes back to the button that opened it
    expect(await opener.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement)).toBe(true);

    // reopened, the conversation is still there (one chat session per document); a backdrop click closes it
    await opener.click();
    await dialog.waitFor();
    await dialog.getByText('What does the cautious profile hold?').waitFor();
    await page.mouse.click(5, 5);
    await dialog.waitFor({ state: 'hidden' });
    expect(await cspViolations(page)).toEqual([]);
  });

  it('on a phone, Ask question goes to the chat window, which asks about the document', async () => {
    const page = await open('/smart-doc?doc=md', { width: 390, height: 844 });
    const viewer = slot(page, 'Document viewer');
    await viewer.getByRole('button', { name: 'Ask question' }).click();
    const chat = page.getByRole('dialog', { name: 'Horizon Assistant' });
    await chat.getByText('Asking about: Investment risk profiles explained').waitFor();
    expect(await modal(page).count()).toBe(0);
    const input = chat.getByRole('textbox', { name: /^Message/ });
    expect(await input.getAttribute('placeholder')).toBe('Ask a question...');
    await input.fill('What does a growth investor hold?');
    await page.keyboard.press('Enter');
    await chat.locator('[data-part="message"][data-role="ai"] [data-part="markdown"]').last().waitFor();
    const body = lastChatBody();
    expect((body.smartDocContext as { activeDocument: string }).activeDocument).toBeTruthy();
    expect(await violations(page)).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });
});

describe("the page's chat knows the documents and videos in the page's slots (widget-spec §3 additionalNamespaces)", () => {
  /** Asks the page's chat window (on its Chat tab) and returns the whole answer. */
  async function askChat(page: Page, question: string) {
    await page
      .getByRole('button', { name: /^Open chat with/ })
      .last()
      .click();
    const chat = page.getByRole('dialog', { name: 'Horizon Assistant' });
    await chat.getByRole('button', { name: 'Navigation' }).click();
    await page.getByRole('menuitemradio', { name: 'Chat', exact: true }).click();
    await chat.getByRole('textbox', { name: /^Message/ }).fill(question);
    await page.keyboard.press('Enter');
    // the answer, whole (a streaming one has data-status)
    const answer = chat.locator('[data-part="message"][data-role="ai"]:not([data-status])').last();
    await answer.waitFor();
    return answer.innerText();
  }

  it('a chat message on /smart-doc names the document, and the answer quotes it', async () => {
    const page = await open('/smart-doc');
    await expect.poll(() => slot(page, 'Document viewer').getAttribute('data-ai-embed')).toBe('loaded');
    await expect.poll(() => booted.length).toBe(1);
    const text = await askChat(page, 'What does this document say about withdrawing my money?');
    expect(lastChatBody().additionalNamespaces).toEqual(booted);
    expect(text).toContain('Product Disclosure Statement');
    expect(text).toMatch(/withdraw/i);
    expect(await cspViolations(page)).toEqual([]);
  });

  it('a chat message on /video-embed names the video, and the answer says what it is about', async () => {
    const page = await open('/video-embed');
    await expect.poll(() => slot(page, 'Video player').getAttribute('data-ai-embed')).toBe('loaded');
    await expect.poll(() => booted.length).toBe(1);
    const text = await askChat(page, 'What is this video about?');
    expect(lastChatBody().additionalNamespaces).toEqual(booted);
    expect(text).toContain('Welcome to Horizon Advice');
  });
});

describe('a crafted Word document', () => {
  it('renders with no live dangerous link, no altChunk frame, no script run and no outside request', async () => {
    // a loopback server stands for "outside": every outside reference of the file points at it
    const outsideHits: string[] = [];
    const outside = createServer((req, res) => {
      outsideHits.push(req.url ?? '');
      res.end();
    });
    await new Promise<void>((resolve) => outside.listen(0, '127.0.0.1', resolve));
    const outsideOrigin = `http://127.0.0.1:${(outside.address() as AddressInfo).port}`;
    try {
      const bytes = await craftedDocx({ outside: outsideOrigin });
      requests = [];
      const page = await suite.page();
      // any script the document ran would call one of these
      await page.addInitScript(
        `${RECORD_CSP} window.__ran = []; for (const k of ['alert', 'confirm', 'prompt', 'print']) window[k] = (...a) => window.__ran.push(k + ':' + a.join());`,
      );
      page.on('request', (r) => requests.push({ url: r.url(), method: r.method(), body: null }));
      // the demo's Word document is served as the crafted file: the real viewer, the real CSP
      await page.route('**/files/**/*.docx', (route) =>
        route.fulfill({ body: Buffer.from(bytes), contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }),
      );
      await page.goto(`${baseUrl}/smart-doc?doc=docx`);
      const body = slot(page, 'Document viewer').locator('[data-part="doc-content"]');
      await body.getByText(CRAFTED_TEXT).waitFor();

      for (const link of SAFE_LINKS) expect(await body.getByRole('link', { name: link.text }).getAttribute('href')).toBe(link.href);
      for (const link of UNSAFE_LINKS) {
        await body.getByText(link.text).waitFor();
        expect(await body.getByRole('link', { name: link.text }).count()).toBe(0);
      }
      const live = await body.evaluate((el) =>
        [...el.querySelectorAll('*')].flatMap((n) =>
          [...n.attributes]
            .filter((a) => /^on/i.test(a.name) || /^\s*(javascript|vbscript|data:text\/html)/i.test(a.value))
            .map((a) => `${n.tagName} ${a.name}=${a.value}`),
        ),
      );
      expect(live).toEqual([]);
      expect(await body.locator('iframe, frame, object, embed, script, style, link, base, meta, form').count()).toBe(0);
      expect(await body.getByText(ALT_CHUNK_TEXT).count()).toBe(0);

      // let every image and stylesheet the render could have started settle before counting
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (window as unknown as { __ran: string[] }).__ran)).toEqual([]);
      expect(outsideHits).toEqual([]);
      expect(requests.map((r) => r.url).filter((u) => u.startsWith(outsideOrigin))).toEqual([]);
      expect(await cspViolations(page)).toEqual([]);
    } finally {
      await new Promise((resolve) => outside.close(resolve));
    }
  });
});

describe('the video viewer', () => {
  /** The video's own URL, as its viewer plays it. */
  const videoSrc = (viewer: Locator) => viewer.locator('video').evaluate((v: HTMLVideoElement) => v.currentSrc || v.src);

  it('plays the video with captions; Share offers the three pages and Copy link; the speed cycles', async () => {
    const page = await open('/video-embed');
    const viewer = slot(page, 'Video player');
    await viewer.getByText('Welcome to Horizon Advice', { exact: true }).waitFor();
    const video = viewer.locator('video');
    await video.waitFor();
    expect(await video.locator('track[kind="captions"]').count()).toBe(1);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
    // the captions file loads into the track and has cues, served with the files' sandboxing CSP (docs/console.md)
    const cues = await video.locator('track').evaluate(
      (t: HTMLTrackElement) =>
        new Promise<number>((resolve) => {
          if (t.readyState === HTMLTrackElement.LOADED) resolve(t.track.cues?.length ?? 0);
          else t.addEventListener('load', () => resolve(t.track.cues?.length ?? 0), { once: true });
        }),
    );
    expect(cues).toBeGreaterThan(0);
    const size = await video.boundingBox();
    // the picture is 16:9; with the native controls a strip under it holds their bar (the caption test below)
    const strip = await video.evaluate((v) => parseFloat(getComputedStyle(v).getPropertyValue('--embed-controls')) || 104);
    expect(Math.round((size!.width / (size!.height - strip)) * 9)).toBe(16);
    expect(size!.width).toBeLessThanOrEqual(800);

    const src = await videoSrc(viewer);
    await viewer.getByRole('button', { name: 'Share' }).click();
    const menu = viewer.getByRole('list', { name: 'Share this video' });
    const href = (name: string) => menu.getByRole('link', { name }).getAttribute('href');
    const encoded = encodeURIComponent(src);
    expect(await href('LinkedIn')).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${encoded}`);
    expect(await href('X')).toBe(`https://x.com/intent/tweet?url=${encoded}`);
    expect(await href('Facebook')).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encoded}`);
    await menu.getByRole('button', { name: 'Copy link' }).click();
    await viewer.getByText('Copied!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(src);
    // widget-spec §9: 'Copied!' for 2 s
    await viewer.getByText('Copied!').waitFor({ state: 'detached', timeout: 4000 });

    const speed = viewer.locator('[data-part="speed"]');
    const rate = () => video.evaluate((v: HTMLVideoElement) => v.playbackRate);
    expect(await speed.textContent()).toBe('1x');
    for (const [label, value] of [
      ['1.5x', 1.5],
      ['2x', 2],
      ['0.5x', 0.5],
      ['1x', 1],
    ] as const) {
      await speed.click();
      expect(await speed.textContent()).toBe(label);
      expect(await rate()).toBe(value);
    }
    expect(await violations(page)).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  for (const width of [320, 390, 1280]) {
    it(`at ${width} px the native controls cover no part of the picture (the caption burned in at its foot stays visible)`, async () => {
      const page = await open('/video-embed', { width, height: 900 });
      const video = slot(page, 'Video player').locator('video');
      await video.waitFor();
      await video.evaluate(async (v: HTMLVideoElement) => {
        v.pause();
        await new Promise((seeked) => {
          v.addEventListener('seeked', seeked, { once: true });
          v.currentTime = 7;
        });
      });
      // paused and pointed at, the controls show
      await video.hover();
      const box = (await video.boundingBox())!;
      // whole pixels inside the picture (its last row may be part strip)
      const top = Math.ceil(box.y);
      const picture = {
        x: Math.ceil(box.x),
        y: top,
        width: Math.floor(box.width) - 1,
        height: Math.floor(box.y + (box.width * 9) / 16) - top - 1,
      };
      const shot = (await page.screenshot({ clip: picture })).toString('base64');
      // the screenshot against the frame itself, in bands of 8 rows: the controls' bar and its shade darken whole bands;
      // the two scalings differ only along edges (lighter on one side, darker on the other: they mostly cancel out)
      const bands = await video.evaluate(async (v: HTMLVideoElement, png) => {
        const image = await createImageBitmap(new Blob([Uint8Array.from(atob(png), (c) => c.charCodeAt(0))], { type: 'image/png' }));
        const { width: w, height: h } = image;
        const data = (draw: CanvasImageSource) => {
          const ctx = new OffscreenCanvas(w, h).getContext('2d')!;
          ctx.drawImage(draw, 0, 0, w, h);
          return ctx.getImageData(0, 0, w, h).data;
        };
        const [seen, frame] = [data(image), data(v)];
        const light = (d: Uint8ClampedArray, i: number) => d[i]! + d[i + 1]! + d[i + 2]!;
        const means: number[] = [];
        for (let y0 = 0; y0 + 8 <= h; y0 += 8) {
          let sum = 0;
          for (let i = y0 * w * 4; i < (y0 + 8) * w * 4; i += 4) sum += light(seen, i) - light(frame, i);
          means.push(sum / (8 * w * 3));
        }
        return means;
      }, shot);
      expect(bands.length).toBeGreaterThan(15);
      // (the controls over the picture's foot: its last bands 9 to 35 darker, 20 on average)
      for (const band of bands) expect(band).toBeGreaterThan(-8);
      expect(bands.slice(-5).reduce((a, b) => a + b, 0) / 5).toBeGreaterThan(-3);
      expect(await cspViolations(page)).toEqual([]);
    });
  }

  it('at 320 px the name keeps a line of its own above Share and Ask question', async () => {
    const page = await open('/video-embed', { width: 320, height: 700 });
    const viewer = slot(page, 'Video player');
    const name = viewer.getByText('Welcome to Horizon Advice', { exact: true });
    await name.waitFor();
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().width > 150)).toBe(true);
    const [nameBox, shareBox] = [await name.boundingBox(), await viewer.getByRole('button', { name: 'Share' }).boundingBox()];
    expect(shareBox!.y).toBeGreaterThan(nameBox!.y + nameBox!.height - 1);
    expect(await violations(page)).toEqual([]);
    // the Share menu opens inside the screen (anchored at the bar's end, it reached 70 px past the left edge)
    await viewer.getByRole('button', { name: 'Share' }).click();
    const menu = await viewer.getByRole('list', { name: 'Share this video' }).boundingBox();
    expect(menu!.x).toBeGreaterThanOrEqual(0);
    expect(menu!.x + menu!.width).toBeLessThanOrEqual(320);
  });

  it('Ask question opens the modal on the video, which answers from its transcript', async () => {
    const page = await open('/video-embed');
    const viewer = slot(page, 'Video player');
    await viewer.getByRole('button', { name: 'Ask question' }).click();
    const dialog = modal(page);
    await dialog.waitFor();
    await page.getByRole('dialog', { name: 'Chat about Welcome to Horizon Advice' }).waitFor();
    await dialog.locator('video').waitFor();
    const answer = await askInModal(page, 'What will you help me plan?');
    expect(answer).toContain('Welcome to Horizon Advice');
    const body = lastChatBody();
    expect((body.videoContext as { name: string }).name).toBe('Welcome to Horizon Advice');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await cspViolations(page)).toEqual([]);
  });
});

describe('slots and the launcher', () => {
  it('a page without a slot never loads the viewers; a slot drawn later is filled', async () => {
    const page = await open('/');
    await page.getByRole('button', { name: /^Open chat with/ }).waitFor();
    // the first scan has run (100 ms after start) and found nothing
    await page.waitForLoadState('networkidle');
    expect(requests.some((r) => /\/widget\/chunks\/embeds-/.test(r.url))).toBe(false);

    // the journey is a single-page app: its embed route draws the slot after the path changed
    await page.evaluate(() => {
      history.pushState(null, '', '/video-embed');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await slot(page, 'Video player').locator('video').waitFor();
    expect(requests.some((r) => /\/widget\/chunks\/embeds-/.test(r.url))).toBe(true);
  });
});
