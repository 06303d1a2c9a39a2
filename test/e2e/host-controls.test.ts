/**
 * The host page's controls stay in a real pointer's reach, whatever the widget shows: at 320, 390 and 1280 px, on
 * every route of the journey with its answers filled, with the widget closed, with the greeting's text bubble (a first
 * visit, as /smart-doc shows it) and with a presence video's bubble (as /investment/intro shows it, here on every
 * route), each link, button, input and select of the page and of the embed viewers in its slots is scrolled into view
 * as focus navigation scrolls it (the least scroll, the page's scroll padding respected), and the point at its centre
 * is the control (`elementFromPoint`), never the widget. Each collapsible is then opened by a real click at its centre,
 * and what it shows is checked the same way. At the end of each page, the page's content scrolls clear of the
 * launcher. Each route is loaded once for the three widths: walked at 320 px, then the window widened to 390 and to
 * 1280 px (the collapsibles closed again, the scroll and the focus back at their start) and walked again. Then real
 * taps on the controls a visitor reported blocked.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ROUTES } from '../../journey/routes';
import { STORAGE_KEY, STORAGE_VERSION } from '../../journey/storage';
import { MOBILE_QUERY } from '../../src/viewport';
import { completeAnswers } from '../fixtures/answers';
import { launchBrowser } from './browser';
import { startServer, type RunningServer } from './server';

const WIDTHS = [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;
const VISITOR = '0b7f1f9e-4c61-4d2a-9a55-3f0e2c9d8a11';
const WELCOME = 'Here is a short welcome before you start.';

/** What the widget shows while the page is used. */
type Showing = 'closed' | 'text bubble' | 'video bubble';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  // the demo's welcome video is offered on every page (the demo offers it on /investment/intro)
  const admin = (...args: string[]) =>
    promisify(execFile)(process.execPath, ['dist/server/admin.js', ...args], { env: { ...process.env, DATA_DIR: server.dataDir } });
  const site = /^(site_\S+)/m.exec((await admin('sites')).stdout)![1]!;
  const video = /^\S+\s+(\S+)/m.exec((await admin('videos', site)).stdout)![1]!;
  await admin('presence:add', site, '--path', '/*', '--video', video, '--content', WELCOME);
  browser = await launchBrowser();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * A context at `viewport` for a visitor with the journey's answers saved: a first visit on every page load (the
 * greeting shows), or a returning visitor (the page's presence video shows; none when `closed`).
 */
async function visitor(viewport: { width: number; height: number }, showing: Showing): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, hasTouch: true });
  await context.addInitScript(
    ([answersKey, answers, id, firstVisit]) => {
      // the page itself, not the frames inside it (a document's viewer)
      if (window !== window.top) return;
      localStorage.setItem(answersKey!, answers!);
      localStorage.setItem('ai_chat_user_session_id', id!);
      if (firstVisit) localStorage.removeItem(`ai_chat_default_message_shown_${id}`);
      else localStorage.setItem(`ai_chat_default_message_shown_${id}`, '1');
      // records that the widget drew its bubble, and with a video or not (it may give way at once)
      const seen = (window as unknown as { __bubble?: string }).__bubble;
      if (seen !== undefined) return;
      new MutationObserver((_, watch) => {
        const root = document.querySelector('ai-chat-widget')?.shadowRoot;
        if (!root) return;
        watch.disconnect();
        new MutationObserver(() => {
          const bubble = root.querySelector('[data-part="bubble"]');
          if (bubble)
            (window as unknown as { __bubble?: string }).__bubble = bubble.querySelector('video') ? 'video bubble' : 'text bubble';
        }).observe(root, { childList: true, subtree: true });
      }).observe(document, { childList: true, subtree: true });
    },
    [
      STORAGE_KEY,
      JSON.stringify({ version: STORAGE_VERSION, savedAt: '', answers: completeAnswers() }),
      VISITOR,
      showing === 'text bubble',
    ] as const,
  );
  // a returning visitor on a page without a presence video
  if (showing === 'closed') await context.route('**/api/chat/history?*', (route) => route.fulfill({ json: { history: [] } }));
  return context;
}

/** Loads `path` and waits until the journey's screen and the widget have settled (the bubble drawn, when one shows). */
async function load(page: Page, path: string, showing: Showing) {
  const history = showing === 'closed' ? page.waitForResponse((r) => r.url().includes('/api/chat/history?')) : null;
  await page.goto(server.url + path);
  await page.locator('main h1').waitFor();
  await page.locator('main .loading').waitFor({ state: 'detached' });
  await page.getByRole('button', { name: /^Open chat with/ }).waitFor();
  if (history) await history;
  else await page.waitForFunction((kind) => (window as unknown as { __bubble?: string }).__bubble === kind, showing);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/**
 * In the page: each control not checked yet is scrolled into view and hit-tested at its centre (through the embed
 * viewers' shadow roots, not the widget's); returns the ones a pointer cannot reach.
 */
const checkControls = () => {
  const CONTROLS = 'a[href], button, input, select, textarea';
  const controls = (root: Document | ShadowRoot): Element[] => [
    ...root.querySelectorAll(CONTROLS),
    ...[...root.querySelectorAll('*')].flatMap((e) => (e.shadowRoot && e.localName !== 'ai-chat-widget' ? controls(e.shadowRoot) : [])),
  ];
  const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  // within the viewport, give or take a part of a pixel
  const inView = (r: DOMRect) => r.width > 0 && r.top > -1 && r.left > -1 && r.bottom < innerHeight + 1 && r.right < innerWidth + 1;
  const name = (el: Element) =>
    `${el.localName}${el.getAttribute('type') ? `[${el.getAttribute('type')}]` : ''} "${(el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '').trim().slice(0, 40) || (el as HTMLInputElement).labels?.[0]?.innerText.trim().slice(0, 40)}"`;
  return (async () => {
    const blocked: string[] = [];
    for (const el of controls(document)) {
      if (el.hasAttribute('data-hit-checked') || !el.checkVisibility({ visibilityProperty: true }) || !el.getClientRects().length) continue;
      el.setAttribute('data-hit-checked', '');
      const y = scrollY;
      el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      // a control shown only with the focus (the skip link) is brought into view by it
      const shownByFocus = !inView(el.getClientRects()[0]!);
      if (shownByFocus) (el as HTMLElement).focus();
      await frames();
      if (scrollY !== y) await frames();
      // a page still laying out (a video's frame taking its size) moved it: scrolled again, as a visitor would
      if (!inView(el.getClientRects()[0]!)) {
        el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
        await frames();
        await frames();
      }
      const box = el.getClientRects()[0]!;
      if (!inView(box)) {
        blocked.push(`${name(el)} cannot be scrolled into view (${JSON.stringify(box)})`);
        continue;
      }
      const x = box.left + box.width / 2;
      const yy = box.top + box.height / 2;
      let at = document.elementFromPoint(x, yy);
      while (at?.shadowRoot && at.localName !== 'ai-chat-widget') {
        const inner = at.shadowRoot.elementFromPoint(x, yy);
        if (!inner || inner === at) break;
        at = inner;
      }
      if (!at || !(at === el || el.contains(at))) {
        const part = at?.localName === 'ai-chat-widget' ? at.shadowRoot?.elementFromPoint(x, yy)?.getAttribute('data-part') : null;
        blocked.push(
          `${name(el)} at (${Math.round(x)}, ${Math.round(yy)}) is under ${part ? `the widget's ${part}` : at ? `${at.localName}.${at.className}` : 'nothing'}`,
        );
      }
      if (shownByFocus) (el as HTMLElement).blur();
    }
    return blocked;
  })();
};

/** The page's end scrolled into view: its content ends above the launcher where they share a column (the room the journey keeps). */
const contentClearsLauncher = () => {
  scrollTo(0, document.documentElement.scrollHeight);
  const main = document.querySelector('main')!;
  const bottom = main.getBoundingClientRect().bottom - parseFloat(getComputedStyle(main).paddingBottom);
  const launcher = document.querySelector('ai-chat-widget')!.shadowRoot!.querySelector('[data-part="launcher"]')!.getBoundingClientRect();
  const content = main.getBoundingClientRect();
  const sameColumn = launcher.left < content.right && launcher.right > content.left;
  return !sameColumn || bottom <= launcher.top
    ? null
    : `the page's end (${Math.round(bottom)}) is under the launcher (${Math.round(launcher.top)})`;
};

/**
 * Back to how a fresh load of the page is at the next width: the window resized (a phone turned, a window narrowed),
 * the collapsibles the walk opened closed again, the controls' marks cleared, every scroll back at its start and the
 * focus off; then laid out again at that width (the journey's chart, the widget's breakpoint, widget-spec §9, and its
 * bubble's overlap check all follow the window live).
 */
async function resizeAndReset(page: Page, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  await page.evaluate(() => {
    for (const b of document.querySelectorAll<HTMLElement>('main button[data-walk-opened][aria-expanded="true"]')) {
      b.setAttribute('data-walk-closing', '');
      b.click();
    }
    const reset = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll('*')) {
        el.removeAttribute('data-hit-checked');
        el.removeAttribute('data-walk-opened');
        if (el.scrollTop || el.scrollLeft) el.scrollTo(0, 0);
        if (el.shadowRoot && el.localName !== 'ai-chat-widget') reset(el.shadowRoot);
      }
    };
    reset(document);
    scrollTo(0, 0);
    (document.activeElement as HTMLElement | null)?.blur();
  });
  await page.waitForFunction(
    ([w, query]) => {
      const charts = [...document.querySelectorAll<SVGSVGElement>('.chart__svg')];
      const frame = document.querySelector('ai-chat-widget')?.shadowRoot?.querySelector('[data-part="frame"]');
      return (
        innerWidth === w &&
        scrollY === 0 &&
        !document.querySelector('main button[data-walk-closing][aria-expanded="true"]') &&
        charts.every((svg) => !svg.parentElement!.clientWidth || svg.viewBox.baseVal.width === svg.parentElement!.clientWidth) &&
        (!frame || frame.hasAttribute('data-mobile') === matchMedia(query!).matches)
      );
    },
    [viewport.width, MOBILE_QUERY] as const,
  );
  await page.evaluate(() => {
    for (const b of document.querySelectorAll('main button[data-walk-closing]')) b.removeAttribute('data-walk-closing');
    return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

/**
 * `routes` at every width: what a pointer cannot reach, each prefixed with its width and route. Each route is loaded
 * once, at the first width, walked, then walked again at each next width from the same page load.
 */
async function walkRoutes(routes: readonly { path: string }[], showing: Showing): Promise<string[]> {
  const context = await visitor(WIDTHS[0], showing);
  const errors: string[] = [];
  try {
    const page = await context.newPage();
    let width: number = WIDTHS[0].width;
    page.on('pageerror', (e) => errors.push(`at ${width}px pageerror: ${e.message}`));
    const found: string[] = [];
    for (const { path } of routes) {
      for (const [i, viewport] of WIDTHS.entries()) {
        width = viewport.width;
        if (i === 0) {
          if (page.viewportSize()?.width !== viewport.width) await page.setViewportSize(viewport);
          await load(page, path, showing);
        } else await resizeAndReset(page, viewport);
        const blocked: string[] = [];
        for (;;) {
          blocked.push(...(await page.evaluate(checkControls)));
          // the page's next closed collapsible (not the embed viewers' menus), opened by a real click at its centre (or,
          // when that is blocked, by script)
          const closed = (await page.evaluateHandle(() => document.querySelector('main button[aria-expanded="false"]'))).asElement();
          if (!closed) break;
          await closed.evaluate((el) => {
            el.setAttribute('data-walk-opened', '');
            el.scrollIntoView({ block: 'nearest' });
          });
          const box = (await closed.boundingBox())!;
          const reachable = await closed.evaluate(
            (el, [x, y]) => el.contains(document.elementFromPoint(x!, y!)),
            [box.x + box.width / 2, box.y + box.height / 2],
          );
          if (reachable) await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
          else await closed.evaluate((el) => (el as HTMLElement).click());
          await page.waitForFunction((el) => el.getAttribute('aria-expanded') === 'true', closed);
        }
        if (showing === 'closed') {
          const end = await page.evaluate(contentClearsLauncher);
          if (end) blocked.push(end);
        }
        found.push(...blocked.map((b) => `at ${viewport.width}px ${path}: ${b}`));
      }
    }
    return [...found, ...errors];
  } finally {
    await context.close();
  }
}

/**
 * Every route at every width, in three pages at once (as many as there are widths), each walking every third route:
 * a page's waits for frames and answers leave the cores room for the others.
 */
async function walk(showing: Showing): Promise<string[]> {
  const shares = WIDTHS.map((_, i) => ROUTES.filter((_, j) => j % WIDTHS.length === i));
  return (await Promise.all(shares.map((routes) => walkRoutes(routes, showing)))).flat();
}

describe('every control the journey needs is within a real pointer’s reach', () => {
  it.each(['closed', 'text bubble', 'video bubble'] as const)(
    'with the widget %s, at 320, 390 and 1280 px',
    async (showing) => {
      expect(await walk(showing)).toEqual([]);
    },
    600_000,
  );
});

describe('the products page on a phone', () => {
  it.each([320, 390])('at %i px the fees table breaks no word, and the chart’s labels are at least 12 px', async (width) => {
    const context = await visitor({ width, height: 800 }, 'closed');
    try {
      const page = await context.newPage();
      await load(page, '/recommended-products', 'closed');
      // the products show once the site's advice status has answered (the kill switch): their collapsed parts first
      await page.locator('main button[aria-expanded="false"]').first().waitFor();
      await page.evaluate(() => {
        for (const b of document.querySelectorAll<HTMLElement>('main button[aria-expanded="false"]')) b.click();
      });
      await page.locator('table.fees').waitFor();
      await page.locator('.chart__svg').waitFor();
      // the chart draws at its box's width once the box is laid out (a ResizeObserver, then a render): wait for the
      // drawing to match its box rather than measure the first frame
      await page.waitForFunction(() => {
        const svg = document.querySelector<SVGSVGElement>('.chart__svg');
        return !!svg && svg.viewBox.baseVal.width === svg.parentElement!.clientWidth;
      });
      const fees = await page.evaluate(() => {
        const table = document.querySelector('table.fees')!;
        const broken: string[] = [];
        const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          // the header row, when it is there for assistive technology only
          if ((node.parentElement!.closest('thead')?.getBoundingClientRect().width ?? 2) <= 1) continue;
          for (const m of node.textContent!.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, m.index);
            range.setEnd(node, m.index + m[0].length);
            // a word on one line has one box (its parts on two lines: two)
            if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) broken.push(m[0]);
          }
        }
        // a figure's line, its column's name (generated) included, is one line high
        for (const td of table.querySelectorAll('td')) {
          if (td.getBoundingClientRect().height > 1.8 * parseFloat(getComputedStyle(td).lineHeight))
            broken.push(`the line of ${td.textContent}`);
        }
        return { broken, overflow: table.scrollWidth - table.clientWidth };
      });
      expect(fees).toEqual({ broken: [], overflow: 0 });
      const labels = await page.evaluate(() => {
        const svg = document.querySelector<SVGSVGElement>('.chart__svg')!;
        const scale = svg.getScreenCTM()!.a;
        return [...svg.querySelectorAll('text')].map((t) => Math.round(parseFloat(getComputedStyle(t).fontSize) * scale * 10) / 10);
      });
      expect(labels.length).toBeGreaterThan(5);
      expect(labels.filter((px) => px < 12)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the taps a visitor reported blocked', () => {
  /** A real tap at the centre of `button`, scrolled into view as focus navigation scrolls it. */
  async function tap(page: Page, name: string) {
    const button = page.getByRole('button', { name, exact: true });
    await button.evaluate((el) => el.scrollIntoView({ block: 'nearest' }));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const box = (await button.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  }

  it.each(WIDTHS)(
    'at $width px: “Let’s get started” on /investment/intro with the welcome video, and “Back” on /smart-doc with the greeting',
    async (viewport) => {
      const context = await visitor(viewport, 'text bubble');
      try {
        const page = await context.newPage();
        // arriving from the dashboard, greeted there, with the page's welcome video offered on arrival
        await load(page, '/', 'text bubble');
        await tap(page, 'Start Investment');
        await page.waitForURL(/\/investment\/intro$/);
        await page.waitForFunction(() => (window as unknown as { __bubble?: string }).__bubble === 'video bubble');
        await tap(page, "Let's get started");
        await page.waitForURL(/\/investment\/before-start$/);

        await load(page, '/smart-doc', 'text bubble');
        await tap(page, 'Back');
        await page.waitForURL((url) => url.pathname !== '/smart-doc');
      } finally {
        await context.close();
      }
    },
  );
});
