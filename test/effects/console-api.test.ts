/**
 * The console's API client (console/api.ts): same-origin calls with the session's CSRF token on changes, answers
 * checked before use, refusals as codes with their field and wait.
 */
import { describe, expect, it, vi } from 'vitest';
import { accountApi, reauthenticate } from '../../console/account-api';
import { ApiError, createApi } from '../../console/api';

const SESSION = { account: { id: 'a1', email: 'owner@example.com' }, csrfToken: 'tok', sites: [{ id: 's1', name: 'Shop', role: 'owner' }] };

function fake(answer: (url: string, init: RequestInit) => Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer(url, init);
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

const header = (init: RequestInit, name: string) => (init.headers as Record<string, string>)[name];

describe('console API client', () => {
  it('sends the session’s CSRF token on state-changing calls only, with same-origin credentials', async () => {
    const { fetch, calls } = fake((url) => (url.endsWith('session') ? Response.json(SESSION) : new Response(null, { status: 204 })));
    const api = createApi({ fetch });
    await api.session();
    await api.updateConfig('s1', { pageAwareness: true });
    await api.removeMember('s1', 'a2');
    expect(calls.map((c) => [c.init.method, c.url])).toEqual([
      ['GET', '/console/api/session'],
      ['PATCH', '/console/api/sites/s1/config'],
      ['DELETE', '/console/api/sites/s1/members/a2'],
    ]);
    expect(header(calls[0]!.init, 'X-CSRF-Token')).toBeUndefined();
    expect(header(calls[1]!.init, 'X-CSRF-Token')).toBe('tok');
    expect(header(calls[2]!.init, 'X-CSRF-Token')).toBe('tok');
    expect(calls.every((c) => c.init.credentials === 'same-origin')).toBe(true);
    expect(JSON.parse(String(calls[1]!.init.body))).toEqual({ pageAwareness: true });
  });

  it('refuses an answer of the wrong shape (BAD_RESPONSE) instead of using it', async () => {
    const { fetch } = fake(() => Response.json({ account: { id: 'a1' }, csrfToken: 'tok', sites: [] }));
    await expect(createApi({ fetch }).session()).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
    const roles = fake(() => Response.json([{ id: 's1', name: 'Shop', role: 'admin' }]));
    await expect(createApi({ fetch: roles.fetch }).sites()).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
    const notJson = fake(() => new Response('<html>', { status: 200 }));
    await expect(createApi({ fetch: notJson.fetch }).sites()).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('takes every role of the contract, advisers included', async () => {
    const { fetch } = fake(() => Response.json([{ id: 's1', name: 'Shop', role: 'adviser' }]));
    expect(await createApi({ fetch }).sites()).toEqual([{ id: 's1', name: 'Shop', role: 'adviser' }]);
  });

  it('keeps only the fields it knows', async () => {
    const { fetch } = fake(() => Response.json([{ id: 7, name: 'Shop', role: 'viewer', secret: 'x' }]));
    expect(await createApi({ fetch }).sites()).toEqual([{ id: '7', name: 'Shop', role: 'viewer' }]);
  });

  it('turns refusals into codes with their field, what is allowed and the wait', async () => {
    const invalid = fake(() =>
      Response.json({ error: 'INVALID', message: 'Too short', field: 'password', allowed: 'at least 12 characters' }, { status: 400 }),
    );
    const err = await createApi({ fetch: invalid.fetch })
      .acceptInvite('t', 'short')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 'INVALID', status: 400, field: 'password', allowed: 'at least 12 characters' });
    const throttled = fake(() => Response.json({ error: 'THROTTLED' }, { status: 429, headers: { 'Retry-After': '30' } }));
    await expect(createApi({ fetch: throttled.fetch }).signIn('a@b.c', 'x')).rejects.toMatchObject({ code: 'THROTTLED', retryAfter: 30 });
    const down = fake(() => new Response('oops', { status: 502 }));
    await expect(createApi({ fetch: down.fetch }).sites()).rejects.toMatchObject({ code: 'SERVER' });
    const offline = createApi({ fetch: (() => Promise.reject(new TypeError('offline'))) as unknown as typeof globalThis.fetch });
    await expect(offline.sites()).rejects.toMatchObject({ code: 'NETWORK' });
  });

  it('reports an ended session on any call but the session’s own, and forgets the token', async () => {
    let signedIn = true;
    const { fetch, calls } = fake((url) =>
      url.endsWith('session') && signedIn ? Response.json(SESSION) : Response.json({ error: 'UNAUTHENTICATED' }, { status: 401 }),
    );
    const onUnauthenticated = vi.fn();
    const api = createApi({ fetch, onUnauthenticated });
    await api.session();
    signedIn = false;
    await expect(api.sites()).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
    await expect(api.session()).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
    await api.setOrigins('s1', []).catch(() => undefined);
    expect(header(calls.at(-1)!.init, 'X-CSRF-Token')).toBeUndefined();
  });

  it('a wrong password confirmed while signed in (401 SIGN_IN_FAILED) keeps the session and its token', async () => {
    const { fetch, calls } = fake((url) =>
      url.endsWith('session') ? Response.json(SESSION) : Response.json({ error: 'SIGN_IN_FAILED' }, { status: 401 }),
    );
    const onUnauthenticated = vi.fn();
    const api = createApi({ fetch, onUnauthenticated });
    await api.session();
    await expect(reauthenticate(api, 'wrong')).rejects.toMatchObject({ code: 'SIGN_IN_FAILED', status: 401 });
    await expect(accountApi(api).changePassword('wrong', 'a new long password')).rejects.toMatchObject({ code: 'SIGN_IN_FAILED' });
    expect(onUnauthenticated).not.toHaveBeenCalled();
    expect(header(calls.at(-1)!.init, 'X-CSRF-Token')).toBe(SESSION.csrfToken);
  });

  it('allows one refused origin with its own call', async () => {
    const { fetch, calls } = fake(() => Response.json({ origins: ['self', 'https://a.example'], warnings: [] }));
    expect(await createApi({ fetch }).allowOrigin('s1', 'https://a.example')).toEqual({
      origins: ['self', 'https://a.example'],
      warnings: [],
    });
    expect([calls[0]!.init.method, calls[0]!.url, calls[0]!.init.body]).toEqual([
      'POST',
      '/console/api/sites/s1/origins',
      '{"origin":"https://a.example"}',
    ]);
  });

  it('pages the audit log by the last entry seen', async () => {
    const { fetch, calls } = fake(() =>
      Response.json([{ id: 3, at: '2026-01-01T00:00:00Z', who: 'a@b.c', what: 'site.origins', before: [], after: ['x'] }]),
    );
    const page = await createApi({ fetch }).audit('s1', { before: 9, limit: 20 });
    expect(calls[0]!.url).toBe('/console/api/sites/s1/audit?limit=20&before=9');
    expect(page[0]).toMatchObject({ id: 3, what: 'site.origins', after: ['x'] });
  });

  it('on 403 REAUTH_REQUIRED asks for the password, then makes the refused call again once', async () => {
    let refused = 0;
    const { fetch, calls } = fake((url) => {
      if (url.endsWith('/key') && refused++ < 1) return Response.json({ error: 'REAUTH_REQUIRED' }, { status: 403 });
      return Response.json({ apiKey: 'pk_2', previousKey: { validUntil: '2026-11-27T10:00:00Z' } });
    });
    const reauth = vi.fn(async () => true);
    expect(await createApi({ fetch, reauth }).rotateKey('s1')).toMatchObject({ apiKey: 'pk_2' });
    expect(reauth).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => c.url)).toEqual(['/console/api/sites/s1/key', '/console/api/sites/s1/key']);
  });

  it('leaves the change undone when the password is not confirmed, and never asks twice for one call', async () => {
    const always = fake(() => Response.json({ error: 'REAUTH_REQUIRED' }, { status: 403 }));
    const cancel = vi.fn(async () => false);
    await expect(createApi({ fetch: always.fetch, reauth: cancel }).rotateKey('s1')).rejects.toMatchObject({
      code: 'REAUTH_REQUIRED',
      status: 403,
    });
    expect(always.calls).toHaveLength(1);
    const confirm = vi.fn(async () => true);
    await expect(createApi({ fetch: always.fetch, reauth: confirm }).rotateKey('s1')).rejects.toMatchObject({ code: 'REAUTH_REQUIRED' });
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(always.calls).toHaveLength(3);
    await expect(createApi({ fetch: always.fetch }).rotateKey('s1')).rejects.toMatchObject({ code: 'REAUTH_REQUIRED' });
  });

  it('has the account calls of the contract, in their own module', async () => {
    const { fetch, calls } = fake((url, init) =>
      url.endsWith('account/sessions') && init.method === 'GET'
        ? Response.json([
            {
              id: 'h1',
              createdAt: '2026-11-26T09:00:00Z',
              lastSeenAt: '2026-11-26T10:00:00Z',
              current: true,
              userAgent: 'Firefox',
              token: 'x',
            },
          ])
        : url.endsWith('account/password')
          ? Response.json({ ...SESSION, csrfToken: 'csrf-after-change' })
          : new Response(null, { status: 204 }),
    );
    const api = createApi({ fetch });
    const account = accountApi(api);
    await account.changePassword('old password', 'a new long password');
    expect(await account.sessions()).toEqual([
      { id: 'h1', createdAt: '2026-11-26T09:00:00Z', lastSeenAt: '2026-11-26T10:00:00Z', current: true, userAgent: 'Firefox' },
    ]);
    await account.endSession('h/2');
    await account.endOtherSessions();
    await reauthenticate(api, 'pw');
    expect(calls.map((c) => [c.init.method, c.url])).toEqual([
      ['POST', '/console/api/account/password'],
      ['GET', '/console/api/account/sessions'],
      ['DELETE', '/console/api/account/sessions/h%2F2'],
      ['DELETE', '/console/api/account/sessions'],
      ['POST', '/console/api/reauth'],
    ]);
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ currentPassword: 'old password', newPassword: 'a new long password' });
    expect(JSON.parse(String(calls[4]!.init.body))).toEqual({ password: 'pw' });
    // the password change answers with a new session: its CSRF token is sent from then on
    expect(calls.slice(2).map((c) => header(c.init, 'X-CSRF-Token'))).toEqual([
      'csrf-after-change',
      'csrf-after-change',
      'csrf-after-change',
    ]);
  });
});
