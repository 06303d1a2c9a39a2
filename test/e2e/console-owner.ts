/**
 * What the console's end-to-end files against the real server share: whether the build serves the console's API, a
 * server's admin CLI (the same database as the server), an invitation to the demo site, and accepting it in a page
 * (a password, then signed in on "Your sites").
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import type { RunningServer } from './server';

/** Whether the build at `url` serves the console's API (a build may have only its stand-in). */
export async function hasConsoleApi(url: string): Promise<boolean> {
  const res = await fetch(`${url}/console/api/session`);
  return res.status === 401 || res.status === 200;
}

/** The admin CLI of `server` (its DATA_DIR): runs it with `args` and gives its output. */
export const adminOf =
  (server: () => RunningServer) =>
  async (...args: string[]): Promise<string> =>
    (
      await promisify(execFile)(process.execPath, ['dist/server/admin.js', ...args], {
        env: { ...process.env, DATA_DIR: server().dataDir },
      })
    ).stdout;

/** The demo site's id and an invitation link to it for `email` as `role`, from the admin CLI. */
export async function invite(admin: ReturnType<typeof adminOf>, email: string, role: 'owner' | 'editor' | 'viewer') {
  const siteId = /^(site_\S+)/m.exec(await admin('sites'))![1]!;
  const link = /(http\S+\/console\/invite\/\S+)/.exec(await admin('member:invite', siteId, '--email', email, '--role', role))![1]!;
  return { siteId, link };
}

/** Follows the invitation `link` on the server at `base`, sets `password` and waits to be signed in. */
export async function acceptInvitation(page: Page, base: string, link: string, password = 'a long e2e pass phrase') {
  await page.goto(base + new URL(link).pathname);
  await page.getByLabel('New password').fill(password);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Your sites' }).waitFor();
}
