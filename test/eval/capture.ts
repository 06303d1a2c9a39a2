/**
 * What the real widget sends: each page's text and each Ask-question context, read from the body
 * of the `POST {api}/chat` the widget makes in headless Chromium (widget-spec §7). The widget's
 * own page reader makes `webPageContent`, and its own modal makes the document's or video's
 * context, so the evaluation asks exactly what a visitor's browser would, whatever the reader
 * becomes. Each request is stopped in the browser once read: no answer is waited for. Each capture
 * is a new page of the context it is given (pages of one context share its cache: the bundles load
 * once), made and closed here.
 */
import type { BrowserContext, Page } from 'playwright-core';
import type { Focus } from './questions';

/** A chat request's body as the widget sent it (widget-spec §3 "Send-message request"). */
export type ChatBody = Record<string, unknown>;

/** Which document of the demo's document page (`/smart-doc?doc=…`) a focus opens, or the video page. */
const FOCUS_PAGES: Record<Focus, string> = {
  pdf: '/smart-doc?doc=pdf',
  docx: '/smart-doc?doc=docx',
  md: '/smart-doc?doc=md',
  txt: '/smart-doc?doc=txt',
  csv: '/smart-doc?doc=csv',
  other: '/smart-doc?doc=other',
  video: '/video-embed',
};

/** How long one capture may take before it is reported as a failure. */
const CAPTURE_TIMEOUT_MS = 20_000;

/** A page as the widget reads it, and the chrome around its content. */
export interface CapturedPage {
  body: ChatBody;
  /** The page's chrome phrases (see {@link chromePhrases}). */
  chrome: string[];
}

/**
 * The page's chrome, as it writes it: its skip links, and the labels in its banner, navigation and
 * footer landmarks (outside the widget) of three words or more (shorter ones, such as a step's name,
 * are ordinary words too) that its main content does not also say and that are not the site's name
 * (in the document's title).
 */
function chromePhrases(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const flat = (t: string | null) => (t ?? '').replace(/\s+/g, ' ').trim();
    const phrases = new Set<string>();
    for (const a of document.querySelectorAll('a[href^="#"]')) if (/^skip\b/i.test(flat(a.textContent))) phrases.add(flat(a.textContent));
    const landmarks = 'header, nav, footer, [role="banner"], [role="navigation"], [role="contentinfo"]';
    for (const landmark of document.querySelectorAll<HTMLElement>(landmarks)) {
      for (const el of [landmark, ...landmark.querySelectorAll<HTMLElement>('*')]) {
        for (const line of el.innerText?.split('\n') ?? []) if (flat(line).split(' ').length >= 3) phrases.add(flat(line));
      }
    }
    const main = document.querySelector('main')?.cloneNode(true) as HTMLElement | undefined;
    for (const el of main?.querySelectorAll(landmarks) ?? []) el.remove();
    const content = flat(main?.textContent ?? '').toLowerCase();
    const title = document.title.toLowerCase();
    return [...phrases].filter((p) => /^skip\b/i.test(p) || (!content.includes(p.toLowerCase()) && !title.includes(p.toLowerCase())));
  });
}

/** Opens `path` in a new page whose chat requests are held; `act` makes the widget send one; its body. */
async function captureOn(
  context: BrowserContext,
  baseUrl: string,
  path: string,
  act: (page: Page) => Promise<string[]>,
): Promise<CapturedPage> {
  const page = await context.newPage();
  try {
    page.setDefaultTimeout(CAPTURE_TIMEOUT_MS);
    let resolveBody!: (body: ChatBody) => void;
    const sent = new Promise<ChatBody>((r) => (resolveBody = r));
    await page.route(`${baseUrl}/api/chat`, async (route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.continue();
      resolveBody(JSON.parse(request.postData() ?? '{}') as ChatBody);
      await route.abort();
    });
    await page.goto(baseUrl + path);
    const chrome = await act(page);
    const body = await Promise.race([
      sent,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no chat request on ${path}`)), CAPTURE_TIMEOUT_MS)),
    ]);
    return { body, chrome };
  } finally {
    await page.close();
  }
}

/** The chat window's request on `path`: the launcher opened, a question typed and sent. */
export function capturePage(context: BrowserContext, baseUrl: string, path: string): Promise<CapturedPage> {
  return captureOn(context, baseUrl, path, async (page) => {
    // the journey draws its page before the widget reads it: its heading is there, its loading gone
    await page.locator('main h1').first().waitFor();
    await page.locator('main .loading').waitFor({ state: 'detached' });
    const chrome = await chromePhrases(page);
    await page
      .getByRole('button', { name: /^Open chat with/ })
      .last()
      .click();
    const box = page.getByRole('textbox', { name: /^Message/ });
    await box.fill('What is on this page?');
    await box.press('Enter');
    return chrome;
  });
}

/** The Ask-question modal's request about `focus`: its viewer loaded, Ask question clicked, a question sent. */
export async function captureFocus(context: BrowserContext, baseUrl: string, focus: Focus): Promise<ChatBody> {
  const captured = await captureOn(context, baseUrl, FOCUS_PAGES[focus], async (page) => {
    const viewer = page.getByRole('region', { name: focus === 'video' ? 'Video player' : 'Document viewer', exact: true });
    await viewer.getByRole('button', { name: 'Ask question' }).click();
    const dialog = page.getByRole('dialog', { name: /^Chat about / });
    await dialog.getByRole('textbox', { name: 'Your question' }).fill('What is this about?');
    await page.keyboard.press('Enter');
    return [];
  });
  return captured.body;
}
