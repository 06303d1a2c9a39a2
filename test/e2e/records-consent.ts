/**
 * Consent on the intro page (docs/advice-records.md "Consent"), as both advice records files give it, the page on the
 * intro already: the box, the name (and the email), "Save my choice", then the line that says the answers are kept.
 * By pointer (journey-records.test.ts), or by keyboard alone (journey-records-keyboard.test.ts): the plain way, or the
 * walk through its errors with the network failing.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { RECORDS_WORDS } from '../../journey/messages-records';

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
  failing(page: Page, url: RegExp, answers: ('abort' | 500 | 429 | 'slow')[]): Promise<unknown>;
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
export async function consentByKeyboard(page: Page, name: string, width: number, { tabTo, failing, axeClean }: Keys) {
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
  await page.unrouteAll();
}
