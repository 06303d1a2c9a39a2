/**
 * One's own account in the console, in happy-dom on the real machines (docs/console.md "One's own account"): the
 * Account link, the password change with its checks and the server's refusals, the sessions ended one by one or all
 * at once; and the password dialog a sensitive change opens when the server answers 403 REAUTH_REQUIRED, with the
 * real API client (console/api.ts) over a fake fetch.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountSession } from '../../console/account-api';
import { type ConsoleApi, createApi } from '../../console/api';
import { reauthPrompt } from '../../console/reauth-prompt';
import { deviceName } from '../../console/screens/account-device';
import { fakeApi, refusal, renderConsole, SESSION, SITE } from './console-harness';

afterEach(() => vi.restoreAllMocks());

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
const SESSIONS: AccountSession[] = [
  { id: 'h1', createdAt: '2026-11-26T09:00:00Z', lastSeenAt: '2026-11-26T10:00:00Z', current: true, userAgent: CHROME_LINUX },
  { id: 'h2', createdAt: '2026-11-20T08:00:00Z', lastSeenAt: '2026-11-25T18:00:00Z', current: false, userAgent: FIREFOX_WINDOWS },
  { id: 'h3', createdAt: '2026-11-19T08:00:00Z', lastSeenAt: '2026-11-19T08:30:00Z', current: false },
];

type Call = [method: string, path: string, body?: unknown];

/** A fake API whose account calls (console/account-api.ts, through `request`) are answered by `answer`. */
function accountFake(answer: (method: string, path: string, body: unknown) => unknown = () => undefined) {
  const calls: Call[] = [];
  let sessions = SESSIONS;
  const request = vi.fn(async (method: string, path: string, _check: unknown, body?: unknown) => {
    calls.push(body === undefined ? [method, path] : [method, path, body]);
    const answered = await answer(method, path, body);
    if (answered !== undefined) return answered;
    if (method === 'GET' && path === 'account/sessions') return sessions;
    if (method === 'DELETE' && path === 'account/sessions') sessions = sessions.filter((s) => s.current);
    else if (method === 'DELETE') sessions = sessions.filter((s) => `account/sessions/${s.id}` !== path);
    else if (method === 'POST' && path === 'account/password') {
      sessions = sessions.filter((s) => s.current);
      return { ...SESSION, csrfToken: 'new-csrf' };
    }
    return undefined;
  });
  const api = fakeApi({ request: request as unknown as ConsoleApi['request'] });
  return { api, calls };
}

const input = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

describe('the Account link', () => {
  it('sits in the header beside Sign out, leads to one’s account, and is marked current there', async () => {
    const { api } = accountFake();
    const { commands } = renderConsole('/console/sites', api);
    const link = await screen.findByRole('link', { name: 'Account' });
    expect(link.closest('[data-part="account"]')?.textContent).toContain('Sign out');
    expect(link.getAttribute('aria-current')).toBeNull();
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeTruthy();
    expect(commands.at(-1)).toEqual({ type: 'PUSH', path: '/console/account' });
    expect(screen.getByRole('link', { name: 'Account' }).getAttribute('aria-current')).toBe('page');
    // not a site's screen: no site switcher nor tabs
    expect(screen.queryByRole('navigation', { name: 'Site' })).toBeNull();
  });
});

describe('changing one’s password', () => {
  it('fields a password manager fills, and a word that the other sessions end', async () => {
    const { api } = accountFake();
    renderConsole('/console/account', api);
    expect((await screen.findByLabelText('Current password')).getAttribute('autocomplete')).toBe('current-password');
    expect(screen.getByLabelText('New password').getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByLabelText('Confirm new password').getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByText('At least 12 characters. Common passwords are refused.')).toBeTruthy();
    expect(screen.getByText(/Changing your password signs you out everywhere else/)).toBeTruthy();
  });

  it('refuses at each field what the browser can check, and sends nothing', async () => {
    const { api, calls } = accountFake();
    renderConsole('/console/account', api);
    await screen.findByLabelText('Current password');
    submit();
    await waitFor(() => expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toBe('Enter your current password.');
    input('Current password', 'the old passphrase');
    input('New password', 'short');
    input('Confirm new password', 'short');
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The password is too short.'));
    expect(screen.getByLabelText('New password').getAttribute('aria-describedby')).toContain(screen.getByRole('alert').id);
    input('New password', 'a new long passphrase');
    input('Confirm new password', 'a new long passphrasE');
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The two new passwords differ: type the same one twice.'));
    expect(screen.getByLabelText('Confirm new password').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter(([, path]) => path === 'account/password')).toEqual([]);
  });

  it('shows the server’s refusals at their field: a wrong current password, a common new one; the session stays', async () => {
    const { api } = accountFake((_method, path, body) => {
      if (path !== 'account/password') return undefined;
      const { newPassword } = body as { newPassword: string };
      throw newPassword === 'password1234'
        ? refusal('INVALID', { field: 'newPassword', allowed: 'not a commonly used password' })
        : refusal('SIGN_IN_FAILED');
    });
    renderConsole('/console/account', api);
    await screen.findByLabelText('Current password');
    input('Current password', 'not my password');
    input('New password', 'a new long passphrase');
    input('Confirm new password', 'a new long passphrase');
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The password is wrong.'));
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    input('Current password', 'the old passphrase');
    input('New password', 'password1234');
    input('Confirm new password', 'password1234');
    submit();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('This value is not allowed. Allowed: not a commonly used password.'),
    );
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Signed in as owner@example.com')).toBeTruthy();
  });

  it('a throttled attempt says how long to wait', async () => {
    const { api } = accountFake((_m, path) => {
      if (path === 'account/password') throw refusal('THROTTLED', { retryAfter: 30 });
    });
    renderConsole('/console/account', api);
    await screen.findByLabelText('Current password');
    input('Current password', 'the old passphrase');
    input('New password', 'a new long passphrase');
    input('Confirm new password', 'a new long passphrase');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Wait 30 seconds, then try again.');
  });

  it('changed: says so, empties the form, and the other sessions leave the list', async () => {
    const { api, calls } = accountFake();
    renderConsole('/console/account', api);
    expect(await screen.findByText('Firefox on Windows')).toBeTruthy();
    input('Current password', 'the old passphrase');
    input('New password', 'a new long passphrase');
    input('Confirm new password', 'a new long passphrase');
    submit();
    expect(await screen.findByText('Your password was changed. Your other sessions were ended.')).toBeTruthy();
    expect(calls).toContainEqual([
      'POST',
      'account/password',
      { currentPassword: 'the old passphrase', newPassword: 'a new long passphrase' },
    ]);
    // the new session's answer is kept: its CSRF token is the one the next calls send
    expect(api.withSession).toHaveBeenCalledWith({ ...SESSION, csrfToken: 'new-csrf' });
    await waitFor(() => expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe(''));
    expect((screen.getByLabelText('Confirm new password') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(screen.queryByText('Firefox on Windows')).toBeNull());
    expect(screen.getByText('You are signed in nowhere else.')).toBeTruthy();
  });
});

describe('one’s sessions', () => {
  it('lists each with its device, sign-in and last activity, this one marked and without End', async () => {
    const { api } = accountFake();
    renderConsole('/console/account', api);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('Chrome on Linux');
    expect(within(rows[0]!).getByText('This session')).toBeTruthy();
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(rows[1]!.textContent).toContain('Firefox on Windows');
    expect(rows[2]!.textContent).toContain('Unknown device');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Device', 'Signed in', 'Last active', 'End']);
    expect(within(rows[1]!).getByRole('button', { name: /^End the session on Firefox on Windows, signed in / })).toBeTruthy();
  });

  it('End asks first: Cancel keeps it; End session ends it, says so, and the focus goes to the list’s heading', async () => {
    const { api, calls } = accountFake();
    renderConsole('/console/account', api);
    const end = await screen.findByRole('button', { name: /^End the session on Firefox on Windows/ });
    fireEvent.click(end);
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(within(dialog).getByText('End the session on Firefox on Windows?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel', hidden: true }));
    expect(calls.some(([method]) => method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /^End the session on Firefox on Windows/ }));
    fireEvent.click(within(await screen.findByRole('dialog', { hidden: true })).getByRole('button', { name: 'End session', hidden: true }));
    expect(await screen.findByText('The session was ended.')).toBeTruthy();
    expect(calls).toContainEqual(['DELETE', 'account/sessions/h2']);
    await waitFor(() => expect(screen.queryByText('Firefox on Windows')).toBeNull());
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Sessions'));
    expect(screen.getByText('Unknown device')).toBeTruthy();
  });

  it('End all other sessions asks first, then ends every one but this', async () => {
    const { api, calls } = accountFake();
    renderConsole('/console/account', api);
    fireEvent.click(await screen.findByRole('button', { name: 'End all other sessions' }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(within(dialog).getByText(/This one stays signed in/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'End all', hidden: true }));
    expect(await screen.findByText('Your other sessions were ended.')).toBeTruthy();
    expect(calls).toContainEqual(['DELETE', 'account/sessions']);
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'End all other sessions' })).toBeNull();
  });

  it('a refusal to end one shows, and the list stays', async () => {
    const { api } = accountFake((method) => {
      if (method === 'DELETE') throw refusal('NOT_FOUND');
      return undefined;
    });
    renderConsole('/console/account', api);
    fireEvent.click(await screen.findByRole('button', { name: /^End the session on Firefox on Windows/ }));
    fireEvent.click(within(await screen.findByRole('dialog', { hidden: true })).getByRole('button', { name: 'End session', hidden: true }));
    expect((await screen.findByRole('alert')).textContent).toBe('Not found, or not yours to see.');
    expect(screen.getByText('Firefox on Windows')).toBeTruthy();
  });

  it.each<[string | undefined, string | undefined]>([
    [CHROME_LINUX, 'Chrome on Linux'],
    [FIREFOX_WINDOWS, 'Firefox on Windows'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari on macOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    ['curl/8.5.0', 'curl/8.5.0'],
    [undefined, undefined],
  ])('the device of %s reads %s', (ua, name) => {
    expect(deviceName(ua)).toBe(name);
  });
});

describe('the password dialog of a sensitive change', () => {
  /** The real client over a fake fetch: the key's rotation answers REAUTH_REQUIRED until the password is confirmed. */
  function server(password = 'correct horse battery') {
    let fresh = false;
    let ended = false;
    const calls: string[] = [];
    const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = url.replace('/console/api/', '');
      const method = init.method ?? 'GET';
      calls.push(`${method} ${path}`);
      if (ended) return Response.json({ error: 'UNAUTHENTICATED' }, { status: 401 });
      if (path === 'session') return Response.json(SESSION);
      if (path === 'sites/s1') return Response.json(SITE);
      if (path === 'sites/s1/refused-origins') return Response.json([]);
      if (path === 'reauth') {
        if (JSON.parse(String(init.body)).password !== password) return Response.json({ error: 'SIGN_IN_FAILED' }, { status: 401 });
        fresh = true;
        return new Response(null, { status: 204 });
      }
      if (path === 'sites/s1/key')
        return fresh
          ? Response.json({ apiKey: 'pk_2', previousKey: { validUntil: '2026-11-27T10:00:00Z' } })
          : Response.json({ error: 'REAUTH_REQUIRED' }, { status: 403 });
      return Response.json({ error: 'NOT_FOUND' }, { status: 404 });
    });
    const prompt = reauthPrompt();
    // as console/main.tsx does: a 401 ends the session in the app (bound once the console is drawn)
    const expired = { send: () => {} };
    const api = createApi({
      fetch: fetch as unknown as typeof globalThis.fetch,
      reauth: prompt.ask,
      onUnauthenticated: () => expired.send(),
    });
    return { api, calls, prompt, expired, end: () => (ended = true) };
  }

  let rendered: ReturnType<typeof renderConsole>;
  async function rotate(prompt: ReturnType<typeof reauthPrompt>, api: ConsoleApi) {
    rendered = renderConsole('/console/sites/s1', api, <prompt.Prompt />);
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate key' }));
    fireEvent.click(within(await screen.findByRole('dialog', { hidden: true })).getByRole('button', { name: 'Rotate', hidden: true }));
    return screen.findByRole('dialog', { name: 'Confirm your password', hidden: true });
  }

  it('opens on REAUTH_REQUIRED; a wrong password is refused in it; the right one makes the call again, which succeeds', async () => {
    const { api, calls, prompt } = server();
    const dialog = await rotate(prompt, api);
    const field = within(dialog).getByLabelText('Password');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.getAttribute('autocomplete')).toBe('current-password');
    fireEvent.input(field, { target: { value: 'a wrong password' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm', hidden: true }));
    await waitFor(() => expect(within(dialog).getByRole('alert', { hidden: true }).textContent).toBe('The password is wrong.'));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    // emptied for another try, the focus back in it
    await waitFor(() => expect((field as HTMLInputElement).value).toBe(''));
    expect(document.activeElement).toBe(field);
    // the wrong password ended nothing
    expect(screen.getByText('Signed in as owner@example.com')).toBeTruthy();
    fireEvent.input(field, { target: { value: 'correct horse battery' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm', hidden: true }));
    expect(await screen.findByText(/The key was rotated/)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Confirm your password', hidden: true })).toBeNull();
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual(['POST sites/s1/key', 'POST reauth', 'POST reauth', 'POST sites/s1/key']);
  });

  it('Cancel lets the call fail with REAUTH_REQUIRED: nothing changed, and the screen says why', async () => {
    const { api, calls, prompt } = server();
    const dialog = await rotate(prompt, api);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel', hidden: true }));
    expect((await screen.findByRole('alert')).textContent).toBe('This change needs your password: try again and confirm it.');
    expect(screen.queryByRole('dialog', { name: 'Confirm your password', hidden: true })).toBeNull();
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual(['POST sites/s1/key']);
    expect(screen.queryByText(/The key was rotated/)).toBeNull();
  });

  it('a session that ends meanwhile closes it: the call fails, and sign-in shows', async () => {
    const { api, prompt, end, expired } = server();
    const dialog = await rotate(prompt, api);
    expired.send = () => rendered.root().send({ type: 'SESSION.EXPIRED' });
    end();
    fireEvent.input(within(dialog).getByLabelText('Password'), { target: { value: 'correct horse battery' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm', hidden: true }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm your password', hidden: true })).toBeNull());
  });

  it('calls refused together wait for one answer', async () => {
    const prompt = reauthPrompt();
    renderConsole('/console/sites', fakeApi(), <prompt.Prompt />);
    await screen.findByRole('heading', { level: 1, name: 'Your sites' });
    const both = Promise.all([prompt.ask(), prompt.ask()]);
    const dialogs = await screen.findAllByRole('dialog', { name: 'Confirm your password', hidden: true });
    expect(dialogs).toHaveLength(1);
    // Escape: the dialog's cancel event
    fireEvent(dialogs[0]!, new Event('cancel', { cancelable: true }));
    expect(await both).toEqual([false, false]);
  });
});
