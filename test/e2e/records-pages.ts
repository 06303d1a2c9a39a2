/**
 * The advice records' pages (docs/advice-records.md), as both advice records files open them: a page on a new device
 * (what it logs that it should not have is kept for the test's end), the answers the browser keeps, a screen shown.
 * Then consent on the intro page ("Consent"), the page on the intro already: the box, the name (and the email), "Save
 * my choice", then the line that says the answers are kept. By pointer (journey-records.test.ts), or by keyboard alone
 * (journey-records-keyboard.test.ts): the plain way, or the walk through its errors with the network failing.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Answers } from '../../machines/journey-answers';
import { RECORDS_WORDS } from '../../journey/messages-records';
import type { ScreenId } from '../../journey/questionnaire';
import { routeOf } from '../../journey/routes';
import { STORAGE_KEY, STORAGE_VERSION } from '../../journey/storage';

/** How a device's page is opened, and what it may log. */
export interface DeviceOptions {
  /** The viewport's width in px (its height is 900). @default 1280 */
  width?: number;
  /** The console errors the test expects (and, with `calls`, the failed calls, as `status of N`). @default null */
  allowed?: RegExp | null;
  /** Whether the page may read and write the clipboard. @default false */
  clipboard?: boolean;
  /** Whether an answer of 400 or more that `allowed` does not name is a problem. @default true */
  calls?: boolean;
}

/**
 * The pages of one test file, its browser and server given by `at` (known once its `beforeAll` has run). `close`
 * closes the contexts a test opened (a client's devices, a partner's) and returns what their pages logged that they
 * should not have.
 */
export function recordsPages(at: () => { browser: Browser; url: string }) {
  let contexts: BrowserContext[] = [];
  let problems: string[] = [];

  /** A page in a new browser context (another device). */
  async function device({ width = 1280, allowed = null, clipboard = false, calls = true }: DeviceOptions = {}): Promise<Page> {
    const { browser, url } = at();
    const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
    if (clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
    contexts.push(context);
    const page = await context.newPage();
    page.on('console', (m) => {
      // the browser's own ask for /favicon.ico on the page that seeds the answers (/healthz) is not the journey's
      const from = m.location().url;
      if (m.type() === 'error' && !allowed?.test(m.text()) && !from.endsWith('/favicon.ico')) problems.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    // which call a console error is about
    if (calls)
      page.on('response', (r) => {
        if (r.status() >= 400 && !allowed?.test(`status of ${r.status()}`))
          problems.push(`${r.status()} ${r.request().method()} ${r.url()}`);
      });
    return page;
  }

  /** The answers the browser keeps, as the journey's autosave writes them. */
  async function seed(page: Page, answers: Answers) {
    await page.goto(`${at().url}/healthz`);
    await page.evaluate(
      ([k, v]) => localStorage.setItem(k!, v!),
      [STORAGE_KEY, JSON.stringify({ version: STORAGE_VERSION, savedAt: '', answers })],
    );
  }

  /** Goes to a screen and waits for its body (it arrives in its own chunk). */
  async function show(page: Page, id: ScreenId) {
    await page.goto(at().url + routeOf(id).path);
    await onScreen(page, id);
  }

  async function close() {
    for (const c of contexts) await c.close();
    contexts = [];
    const logged = problems;
    problems = [];
    return logged;
  }

  return { device, seed, show, close };
}

/** Waits for a screen's address, its heading and its body. */
export async function onScreen(page: Page, id: ScreenId) {
  await page.waitForURL((u) => u.pathname === routeOf(id).path);
  await page.getByRole('heading', { level: 1, name: routeOf(id).title, exact: true }).waitFor();
  await page.locator('main .loading').waitFor({ state: 'detached' });
}

const W = RECORDS_WORDS.consent;

/** Whether `l` has the focus (polled: a view focuses in an effect after it paints). */
export const isFocused = (l: Locator) => l.evaluate((el) => el === document.activeElement);

/** The consent form's parts, and the line shown once the answers are kept. */
export const consentForm = (page: Page) => ({
  box: page.getByRole('checkbox', { name: W.keep }),
  name: page.getByRole('textbox', { name: W.name }),
  email: page.getByRole('textbox', { name: W.email }),
  save: page.getByRole('button', { name: W.save }),
  kept: page.getByText(W.kept),
});

/** By pointer: the box checked, the name (and the email) filled, Save clicked; the line says the answers are kept. */
export async function consentByPointer(page: Page, name: string, email = '') {
  const form = consentForm(page);
  await form.box.check();
  await form.name.fill(name);
  if (email) await form.email.fill(email);
  await form.save.click();
  await form.kept.waitFor();
}

/** What a walk by keyboard takes from its file: Tab to a control (each stop checked on the way), failures, axe. */
export interface Keys {
  tabTo(page: Page, target: Locator, back?: boolean): Promise<void>;
  /** Each next POST to `url` answered with the next of `answers` (then the server). */
  failing(page: Page, url: RegExp, answers: ('abort' | 500 | 429 | 'slow')[]): Promise<unknown>;
  /** The network as it is again. */
  restore(page: Page): Promise<unknown>;
  axeClean(page: Page, what: string): Promise<void>;
}

/** The line that says the answers are kept, shown and holding the focus. */
async function keptFocused(page: Page) {
  const { kept } = consentForm(page);
  await kept.waitFor();
  await expect.poll(() => kept.evaluate((el) => el.contains(document.activeElement))).toBe(true);
}

/** By keyboard, the plain way: Tab to the box, Space, Tab to the name, type it, Enter. */
export async function consentByKeys(page: Page, name: string, { tabTo }: Pick<Keys, 'tabTo'>) {
  const form = consentForm(page);
  await tabTo(page, form.box);
  await page.keyboard.press('Space');
  expect(await form.box.isChecked()).toBe(true);
  await tabTo(page, form.name);
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await keptFocused(page);
}

/** By keyboard through its errors: Save with no name, then the create call failing (down, then a 500), then made. */
export async function consentByKeyboard(page: Page, name: string, width: number, { tabTo, failing, restore, axeClean }: Keys) {
  const { box, name: nameField, email, save } = consentForm(page);
  await axeClean(page, 'consent');
  await tabTo(page, box);
  await page.keyboard.press('Space');
  expect(await box.isChecked()).toBe(true);
  await tabTo(page, nameField);
  await tabTo(page, email);
  await tabTo(page, save);
  // no name: the error, focused
  await page.keyboard.press('Enter');
  const alert = page.getByRole('alert');
  expect(await alert.innerText()).toBe(W.nameMissing);
  await expect.poll(() => isFocused(alert)).toBe(true);
  expect(await nameField.getAttribute('aria-invalid')).toBe('true');
  await axeClean(page, `consent, no name (${width})`);
  await tabTo(page, nameField, true);
  await page.keyboard.type(name);
  // the network down, then the server failing: the catalogue's words, the name kept
  await failing(page, /\/journey\/api\/advice-files$/, ['abort', 500]);
  for (let i = 0; i < 2; i++) {
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: W.failed }).waitFor();
    await expect.poll(() => isFocused(page.getByRole('alert'))).toBe(true);
    expect(await nameField.inputValue()).toBe(name);
    expect(await box.isChecked()).toBe(true);
    await tabTo(page, nameField, true);
  }
  await axeClean(page, `consent failed (${width})`);
  await page.keyboard.press('Enter');
  await keptFocused(page);
  await axeClean(page, `consent given (${width})`);
  await restore(page);
}
