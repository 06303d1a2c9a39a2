/**
 * Issue 14: the server answers only its own names, and `self` and file links come from PUBLIC_URL when set,
 * never from a forged Host header. Over real HTTP (node:http: fetch will not send a Host of one's choosing).
 */
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { allowedHostsFrom, hostAllowed, hostnameOf } from '../../server/hosts';
import { API_KEY, startServer, type TestServer } from './harness';

/** A request with the given Host and headers; resolves with the status and the body's text. */
function raw(base: string, pathname: string, headers: Record<string, string>, method = 'GET'): Promise<{ status: number; text: string }> {
  const url = new URL(pathname, base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

let s: TestServer | null = null;
afterEach(async () => {
  await s?.stop();
  await s?.remove();
  s = null;
});

describe('Host names', () => {
  it('reads the hostname of a Host header', () => {
    expect(hostnameOf('Shop.Example:8443')).toBe('shop.example');
    expect(hostnameOf('[::1]:8787')).toBe('[::1]');
    expect(hostnameOf('127.0.0.1')).toBe('127.0.0.1');
    for (const bad of [undefined, '', 'a b', 'evil.example/x', 'user@evil.example', 'x?y']) expect(hostnameOf(bad)).toBeUndefined();
  });

  it('answers loopback, ALLOWED_HOSTS and PUBLIC_URL’s host; `*` answers any', () => {
    const hosts = allowedHostsFrom({ ALLOWED_HOSTS: 'shop.example, Other.Example:9000' }, '127.0.0.1', 'https://public.example/widget/');
    for (const ok of ['localhost:8787', '127.0.0.1:1', '[::1]:8787', 'shop.example', 'other.example', 'public.example'])
      expect(hostAllowed(hosts, ok)).toBe(true);
    for (const bad of ['evil.example', 'shop.example.evil.example', undefined]) expect(hostAllowed(hosts, bad)).toBe(false);
    expect(hostAllowed(allowedHostsFrom({ ALLOWED_HOSTS: '*' }, '127.0.0.1', undefined), 'anything.example')).toBe(true);
    expect(() => allowedHostsFrom({ ALLOWED_HOSTS: 'a b' }, '127.0.0.1', undefined)).toThrow(/ALLOWED_HOSTS/);
  });
});

describe('over HTTP', () => {
  it('refuses an unknown Host on pages, the API and files with a 400; answers its own names', async () => {
    s = await startServer();
    for (const pathname of ['/', '/api/config', '/session/boot', '/files/x/y', '/healthz']) {
      const r = await raw(s.base, pathname, { Host: 'evil.example' });
      expect(r.status, pathname).toBe(400);
      expect(JSON.parse(r.text)).toMatchObject({ error: 'BAD_REQUEST', message: expect.stringMatching(/Unknown host/) });
    }
    const port = new URL(s.base).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) expect((await raw(s.base, '/healthz', { Host: host })).status).toBe(200);
  });

  it('with PUBLIC_URL, `self` is its origin, whatever Host a request names', async () => {
    s = await startServer({
      publicUrl: 'https://public.example/',
      allowedHosts: allowedHostsFrom({}, '127.0.0.1', 'https://public.example/'),
    });
    await s.storage.updateSite(s.site.id, { origins: ['self'] });
    const boot = (origin: string, host: string) =>
      raw(s!.base, '/session/boot', { Host: host, Origin: origin, 'X-API-Key': API_KEY }, 'POST');
    const port = new URL(s.base).port;
    expect((await boot('https://public.example', `127.0.0.1:${port}`)).status).toBe(200);
    // the request's own Host is not `self` when PUBLIC_URL says otherwise
    expect((await boot(`http://127.0.0.1:${port}`, `127.0.0.1:${port}`)).status).toBe(403);
  });

  it('without PUBLIC_URL, `self` follows an allowed Host only', async () => {
    s = await startServer({ allowedHosts: allowedHostsFrom({ ALLOWED_HOSTS: 'shop.example' }, '127.0.0.1', undefined) });
    await s.storage.updateSite(s.site.id, { origins: ['self'] });
    const r = await raw(s.base, '/session/boot', { Host: 'shop.example', Origin: 'http://shop.example', 'X-API-Key': API_KEY }, 'POST');
    expect(r.status).toBe(200);
    const forged = await raw(
      s.base,
      '/session/boot',
      { Host: 'evil.example', Origin: 'http://evil.example', 'X-API-Key': API_KEY },
      'POST',
    );
    expect(forged.status).toBe(400);
  });
});
