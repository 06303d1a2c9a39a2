/**
 * The console's screens in happy-dom (console/screens/*), on the real machines with fake effects: what a person
 * sees and does on each, and the frame around them (issue 32 §1–§3).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, refusal, renderConsole, SESSION, SITE } from './console-harness';

afterEach(() => vi.restoreAllMocks());

const signedOut = () => fakeApi({ session: vi.fn(() => Promise.reject(refusal('UNAUTHENTICATED'))) });

describe('sign-in', () => {
  it('fields a password manager fills; signing in shows the sites and the account in the header', async () => {
    const api = signedOut();
    renderConsole('/console/sites', api);
    const email = await screen.findByLabelText('Email');
    const password = screen.getByLabelText('Password');
    expect(email.getAttribute('autocomplete')).toBe('username');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    const user = userEvent.setup();
    await user.type(email, 'owner@example.com');
    await user.type(password, 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your sites' })).toBeTruthy();
    expect(api.signIn).toHaveBeenCalledWith('owner@example.com', 'correct horse battery');
    expect(screen.getByText('Signed in as owner@example.com')).toBeTruthy();
  });

  it('the throttled answer says how long to wait, and the button waits too', async () => {
    const api = fakeApi({
      session: vi.fn(() => Promise.reject(refusal('UNAUTHENTICATED'))),
      signIn: vi.fn(() => Promise.reject(refusal('THROTTLED', { retryAfter: 45 }))),
    });
    renderConsole('/console/sign-in', api);
    fireEvent.input(await screen.findByLabelText('Email'), { target: { value: 'a@b.c' } });
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Wait 45 seconds, then try again.');
    expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a wrong password and an unknown email read the same', async () => {
    const api = fakeApi({
      session: vi.fn(() => Promise.reject(refusal('UNAUTHENTICATED'))),
      signIn: vi.fn(() => Promise.reject(refusal('SIGN_IN_FAILED'))),
    });
    renderConsole('/console/sign-in', api);
    fireEvent.input(await screen.findByLabelText('Email'), { target: { value: 'a@b.c' } });
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The email or the password is wrong.');
  });
});

describe('an invitation', () => {
  it('a short password is refused at the field; a common one with the server’s words; then signed in', async () => {
    const acceptInvite = vi
      .fn()
      .mockRejectedValueOnce(refusal('INVALID', { field: 'password', allowed: 'not a commonly used password' }))
      .mockResolvedValueOnce(SESSION);
    const api = fakeApi({ session: vi.fn(() => Promise.reject(refusal('UNAUTHENTICATED'))), acceptInvite });
    renderConsole('/console/invite/tok', api);
    expect(await screen.findByText('You were invited as new@example.com.')).toBeTruthy();
    const field = screen.getByLabelText('New password');
    expect(field.getAttribute('autocomplete')).toBe('new-password');
    fireEvent.input(field, { target: { value: 'short' } });
    fireEvent.submit(field.closest('form')!);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toBe('The password is too short.');
    expect(acceptInvite).not.toHaveBeenCalled();
    fireEvent.input(field, { target: { value: 'password1234' } });
    fireEvent.submit(field.closest('form')!);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('This value is not allowed. Allowed: not a commonly used password.'),
    );
    expect(field.getAttribute('aria-describedby')).toContain(screen.getByRole('alert').id);
    fireEvent.input(field, { target: { value: 'a much longer passphrase' } });
    fireEvent.submit(field.closest('form')!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your sites' })).toBeTruthy();
    expect(acceptInvite).toHaveBeenLastCalledWith('tok', 'a much longer passphrase');
  });

  it('opened while signed in as its own email: the invitation, then the account’s password accepts it', async () => {
    const api = fakeApi({
      invite: vi.fn(async () => ({
        email: 'owner@example.com',
        siteName: 'Blog',
        role: 'editor' as const,
        expiresAt: '2026-11-27T10:00:00Z',
        hasAccount: true,
      })),
    });
    renderConsole('/console/invite/tok', api);
    expect(await screen.findByText('You were invited as owner@example.com.')).toBeTruthy();
    expect(screen.getByText('Site: Blog (Editor).')).toBeTruthy();
    expect(screen.getByText('You are signed in as owner@example.com: enter your password to accept.')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your sites' })).toBeTruthy();
    expect(api.acceptInvite).toHaveBeenCalledWith('tok', 'correct horse battery');
  });

  it('opened while signed in as someone else: whose it is, and Sign out to accept it as them', async () => {
    const api = fakeApi();
    renderConsole('/console/invite/tok', api);
    expect(await screen.findByText('You were invited as new@example.com.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Invitation' })).toBeTruthy();
    expect(screen.getByText('Site: Shop (Editor).')).toBeTruthy();
    expect(
      screen.getByText(
        'You are signed in as owner@example.com. This invitation is for new@example.com: sign out to accept it as new@example.com.',
      ),
    ).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out to accept' }));
    expect(await screen.findByLabelText('New password')).toBeTruthy();
    expect(api.signOut).toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 1, name: 'Set your password' })).toBeTruthy();
  });

  it('an email that has had an account made meanwhile (409) says to use that account’s password', async () => {
    const acceptInvite = vi.fn(() => Promise.reject(refusal('CONFLICT')));
    const api = fakeApi({ session: vi.fn(() => Promise.reject(refusal('UNAUTHENTICATED'))), acceptInvite });
    renderConsole('/console/invite/tok', api);
    const field = await screen.findByLabelText('New password');
    fireEvent.input(field, { target: { value: 'a much longer passphrase' } });
    fireEvent.submit(field.closest('form')!);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'This email has an account now. Open the link again and enter that account’s password.',
      ),
    );
  });

  it('a used or expired link says so', async () => {
    const api = fakeApi({
      session: vi.fn(() => Promise.reject(refusal('UNAUTHENTICATED'))),
      invite: vi.fn(() => Promise.reject(refusal('NOT_FOUND'))),
    });
    renderConsole('/console/invite/old', api);
    expect((await screen.findByRole('alert')).textContent).toMatch(/not valid any more/);
  });
});

describe('sites', () => {
  it('lists the sites with one’s role, and a new site opens its overview', async () => {
    const api = fakeApi();
    const { commands } = renderConsole('/console/sites', api);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: 'Shop' }).getAttribute('href')).toBe('/console/sites/s1');
    expect(within(table).getByText('Owner')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Site name'), { target: { value: 'Blog' } });
    fireEvent.input(screen.getByLabelText('Allowed origins (one per line)'), {
      target: { value: 'https://blog.example\nhttps://www.blog.example' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create site' }));
    await waitFor(() => expect(commands.at(-1)).toEqual({ type: 'PUSH', path: '/console/sites/s2' }));
    expect(api.createSite).toHaveBeenCalledWith('Blog', ['https://blog.example', 'https://www.blog.example']);
  });
});

describe('a site’s overview', () => {
  it('the snippet exactly as the API gives it, copied with a polite "Copied"', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderConsole('/console/sites/s1');
    const code = await screen.findByText(SITE.snippet);
    expect(code.textContent).toBe(SITE.snippet);
    fireEvent.click(screen.getAllByRole('button', { name: 'Copy' })[0]!);
    await waitFor(() => expect(screen.getByText('Copied').getAttribute('role')).toBe('status'));
    expect(writeText).toHaveBeenCalledWith(SITE.snippet);
  });

  it('a refused clipboard selects the snippet and says how to copy it', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) }, configurable: true });
    renderConsole('/console/sites/s1');
    await screen.findByText(SITE.snippet);
    fireEvent.click(screen.getAllByRole('button', { name: 'Copy' })[0]!);
    expect(await screen.findByText(/Copying was not allowed/)).toBeTruthy();
    await waitFor(() => expect(window.getSelection()?.toString()).toBe(SITE.snippet));
  });

  it('rotating the key asks first, stating the grace period; the previous key’s end shows after', async () => {
    const api = fakeApi();
    renderConsole('/console/sites/s1', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate key' }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(dialog.textContent).toContain('The old key keeps working for 1 day');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel', hidden: true }));
    expect(api.rotateKey).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Rotate key' }));
    fireEvent.click(within(await screen.findByRole('dialog', { hidden: true })).getByRole('button', { name: 'Rotate', hidden: true }));
    expect(await screen.findByText(/The key was rotated/)).toBeTruthy();
    expect(screen.getByText(/The previous key works until/)).toBeTruthy();
    expect(api.rotateKey).toHaveBeenCalledWith('s1');
  });

  it('removing self asks first; the server’s refusal of an origin shows at the field', async () => {
    const api = fakeApi({
      setOrigins: vi.fn(() => Promise.reject(refusal('INVALID', { field: 'origins', allowed: 'https://host[:port]' }))),
    });
    renderConsole('/console/sites/s1', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove self' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save origins' }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(dialog.textContent).toContain('Without “self”');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save without self', hidden: true }));
    await waitFor(() => expect(screen.getByLabelText('Add an origin').getAttribute('aria-invalid')).toBe('true'));
    expect(api.setOrigins).toHaveBeenCalledWith('s1', ['https://shop.example']);
    expect(screen.getByText('This value is not allowed. Allowed: https://host[:port].')).toBeTruthy();
  });

  it('a refused origin is allowed with one click', async () => {
    const api = fakeApi();
    renderConsole('/console/sites/s1', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Allow https://blog.example' }));
    await waitFor(() => expect(api.allowOrigin).toHaveBeenCalledWith('s1', 'https://blog.example'));
    expect(api.setOrigins).not.toHaveBeenCalled();
    // the site and the refused list are read again
    await waitFor(() => expect(api.refusedOrigins).toHaveBeenCalledTimes(2));
  });

  it('saves the settings', async () => {
    const api = fakeApi();
    renderConsole('/console/sites/s1', api);
    fireEvent.click(await screen.findByLabelText(/Page awareness/));
    fireEvent.input(screen.getByLabelText('Avatar id'), { target: { value: 'Anna' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.updateConfig).toHaveBeenCalledWith('s1', { pageAwareness: true, avatarId: 'Anna', referenceWebpage: '' }),
    );
  });

  it('a viewer sees no owner’s tabs and changes nothing', async () => {
    const viewer = { ...SESSION, sites: [{ id: 's1', name: 'Shop', role: 'viewer' as const }] };
    renderConsole(
      '/console/sites/s1',
      fakeApi({ session: vi.fn(async () => viewer), site: vi.fn(async () => ({ ...SITE, role: 'viewer' as const })) }),
    );
    await screen.findByText(SITE.snippet);
    const nav = screen.getByRole('navigation', { name: 'Site' });
    expect(within(nav).queryByRole('link', { name: 'Members' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rotate key' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('members', () => {
  it('the server’s "a site keeps an owner" shows as such', async () => {
    const api = fakeApi({ changeRole: vi.fn(() => Promise.reject(refusal('CONFLICT'))) });
    renderConsole('/console/sites/s1/members', api);
    await userEvent.selectOptions(await screen.findByLabelText('Role of owner@example.com'), 'viewer');
    expect((await screen.findByRole('alert')).textContent).toBe('A site keeps at least one owner: make someone else owner first.');
  });

  it('Remove asks first; an invitation shows its link to copy', async () => {
    const api = fakeApi();
    renderConsole('/console/sites/s1/members', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove ed@example.com' }));
    fireEvent.click(within(await screen.findByRole('dialog', { hidden: true })).getByRole('button', { name: 'Remove', hidden: true }));
    await waitFor(() => expect(api.removeMember).toHaveBeenCalledWith('s1', 'acc-2'));
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('http://h/console/invite/abc')).toBeTruthy();
    expect(api.inviteMember).toHaveBeenCalledWith('s1', 'new@example.com', 'editor');
  });
});

describe('withdrawing an invitation', () => {
  it('Withdraw beside a pending invitation asks first, then withdraws it by its id', async () => {
    const api = fakeApi({
      members: vi.fn(async () => [
        { accountId: 'acc-1', email: 'owner@example.com', role: 'owner' as const, invitePending: false },
        { inviteId: 'inv_1', email: 'later@example.com', role: 'viewer' as const, invitePending: true },
      ]),
    });
    renderConsole('/console/sites/s1/members', api);
    expect(screen.queryByRole('button', { name: 'Remove later@example.com' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw the invitation of later@example.com' }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(within(dialog).getByText('Its link stops working at once.', { exact: false })).toBeTruthy();
    expect(api.withdrawInvite).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw', hidden: true }));
    await waitFor(() => expect(api.withdrawInvite).toHaveBeenCalledWith('s1', 'inv_1'));
    await waitFor(() => expect(api.members).toHaveBeenCalledTimes(2));
  });

  it('a busy server says so', async () => {
    const api = fakeApi({ withdrawInvite: vi.fn(() => Promise.reject(refusal('BUSY'))) });
    api.members = vi.fn(async () => [{ inviteId: 'inv_1', email: 'later@example.com', role: 'viewer' as const, invitePending: true }]);
    renderConsole('/console/sites/s1/members', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw the invitation of later@example.com' }));
    fireEvent.click(within(await screen.findByRole('dialog', { hidden: true })).getByRole('button', { name: 'Withdraw', hidden: true }));
    expect((await screen.findByRole('alert')).textContent).toBe('The server is busy; try again in a moment.');
  });
});

describe('the audit log', () => {
  it('who, when, what, before → after, and older entries on demand', async () => {
    const entry = (id: number) => ({
      id,
      at: '2026-11-26T09:00:00Z',
      who: 'owner@example.com',
      what: 'site.origins',
      before: ['self'],
      after: [],
    });
    const audit = vi
      .fn()
      .mockResolvedValueOnce(Array.from({ length: 50 }, (_, i) => entry(100 - i)))
      .mockResolvedValueOnce([entry(1)]);
    renderConsole('/console/sites/s1/audit', fakeApi({ audit }));
    expect((await screen.findAllByText('["self"]')).length).toBe(50);
    fireEvent.click(screen.getByRole('button', { name: 'Show older entries' }));
    expect(await screen.findByText('That is the first entry.')).toBeTruthy();
    expect(audit).toHaveBeenLastCalledWith('s1', { before: 51, limit: 50 });
    expect(screen.getAllByText('["self"]').length).toBe(51);
  });
});

describe('the appearance editor in the console', () => {
  it('a viewer’s editor is read-only: no Save, the fields disabled', async () => {
    const viewer = { ...SESSION, sites: [{ id: 's1', name: 'Shop', role: 'viewer' as const }] };
    renderConsole('/console/sites/s1/appearance', fakeApi({ session: vi.fn(async () => viewer) }));
    // the editor's chunk loads on demand (a cold import takes a while on a loaded machine)
    await screen.findByText(/can view this site’s appearance/, undefined, { timeout: 5000 });
    expect(screen.getByLabelText('Agent name').closest('fieldset')!.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save and publish' })).toBeNull();
  });

  it('an owner’s editor is not; with unsaved changes, a tab asks in the console’s dialog: Cancel stays, Leave goes', async () => {
    const { commands } = renderConsole('/console/sites/s1/appearance');
    const name = await screen.findByLabelText('Agent name', undefined, { timeout: 5000 });
    expect(name.closest('fieldset')!.disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Save and publish' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Site' });
    await userEvent.setup().type(name, 'Ada');
    const pushes = commands.length;
    fireEvent.click(within(nav).getByRole('link', { name: 'Members' }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(dialog.textContent).toContain('Leave without saving?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
    expect((screen.getByLabelText('Agent name') as HTMLInputElement).value).toBe('Ada');
    expect(commands.length).toBe(pushes);
    fireEvent.click(within(nav).getByRole('link', { name: 'Members' }));
    fireEvent.click(within(await screen.findByRole('dialog', { hidden: true })).getByRole('button', { name: 'Leave', hidden: true }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Members' })).toBeTruthy();
    expect(commands.at(-1)).toEqual({ type: 'PUSH', path: '/console/sites/s1/members' });
  });
});

describe('the frame', () => {
  it('navigating moves the focus to the new screen’s heading and sets the title', async () => {
    renderConsole('/console/sites');
    fireEvent.click(within(await screen.findByRole('table')).getByRole('link', { name: 'Shop' }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Shop'));
    expect(document.title).toBe('Shop · Console');
  });

  it('sign-out forgets what was shown and ends the session on the server', async () => {
    const api = fakeApi();
    renderConsole('/console/sites/s1', api);
    await screen.findByText(SITE.snippet);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByText(SITE.snippet)).toBeNull();
    expect(screen.queryByText(/owner@example.com/)).toBeNull();
    expect(api.signOut).toHaveBeenCalled();
  });

  it('a 401 from any call clears the screen and asks to sign in again', async () => {
    const { root } = renderConsole('/console/sites/s1');
    await screen.findByText(SITE.snippet);
    root().send({ type: 'SESSION.EXPIRED' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Your session has ended. Please sign in again.');
    expect(screen.queryByText(SITE.snippet)).toBeNull();
  });

  it('an unknown address shows the not-found page', async () => {
    renderConsole('/console/sites/s1/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});
