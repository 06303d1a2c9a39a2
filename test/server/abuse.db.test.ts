/**
 * Issue 14 "Abuse and trust", over real HTTP: a client cannot escape the chat limits by choosing new
 * visitor ids or booting new tokens, the boot itself is limited per client address, and a proxy's
 * X-Forwarded-For counts only when TRUST_PROXY says to believe it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { API_KEY, json, startServer, type TestServer } from './harness';

let s: TestServer | null = null;
afterEach(async () => {
  await s?.stop();
  await s?.remove();
  s = null;
});

const visitor = (n: number) => `visitor-rotating-${String(n).padStart(6, '0')}`;
const chat = (server: TestServer, token: string, userSessionId: string, headers: Record<string, string> = {}) =>
  server.call('/api/chat', {
    ...json({ message: 'Hello', userSessionId, path: '/' }),
    headers: { 'Content-Type': 'application/json', ...headers },
    token,
  });

describe('chat limits a client cannot escape', () => {
  it('rotating visitor ids under one token: refused, the token serves its first visitor only', async () => {
    s = await startServer({ limits: { chatPerVisitor: 3, chatPerSite: 1000, chatPerIp: 1000 } });
    const token = await s.boot();
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await chat(s, token, visitor(i))).status);
    expect(statuses).toEqual([200, 403, 403]);
    // its own visitor goes on up to the visitor's limit, counted for the token too
    const own = [];
    for (let i = 0; i < 3; i++) own.push((await chat(s, token, visitor(0))).status);
    expect(own).toEqual([200, 200, 429]);
    // another visitor on another boot is not held back by it
    expect((await chat(s, await s.boot(), visitor(100))).status).toBe(200);
  });

  it('one visitor id over several boots is still one visitor', async () => {
    s = await startServer({ limits: { chatPerVisitor: 2, chatPerSite: 1000, chatPerIp: 1000 } });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await chat(s, await s.boot(), visitor(1))).status);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('new boots and new ids each time: the client address is limited', async () => {
    s = await startServer({ limits: { chatPerVisitor: 100, chatPerSite: 1000, chatPerIp: 4, bootPerIp: 1000 } });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await chat(s, await s.boot(), visitor(i))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('the boot is limited per client address, with Retry-After', async () => {
    s = await startServer({ limits: { bootPerIp: 3 } });
    const boot = () => s!.call('/session/boot', { method: 'POST', headers: { 'X-API-Key': API_KEY } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await boot()).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await boot();
    expect(await refused.json()).toMatchObject({ error: 'RATE_LIMIT_EXCEEDED' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('X-Forwarded-For', () => {
  it('is ignored without TRUST_PROXY: a client cannot pose as many addresses', async () => {
    s = await startServer({ limits: { bootPerIp: 2 } });
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (await s.call('/session/boot', { method: 'POST', headers: { 'X-API-Key': API_KEY, 'X-Forwarded-For': `203.0.113.${i}` } })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('names the client behind a trusted proxy: each address has its own limit', async () => {
    s = await startServer({ limits: { bootPerIp: 2 }, trustProxy: '127.0.0.1' });
    const boot = (ip: string) => s!.call('/session/boot', { method: 'POST', headers: { 'X-API-Key': API_KEY, 'X-Forwarded-For': ip } });
    expect([(await boot('203.0.113.1')).status, (await boot('203.0.113.1')).status, (await boot('203.0.113.1')).status]).toEqual([
      200, 200, 429,
    ]);
    expect((await boot('203.0.113.2')).status).toBe(200);
  });
});
