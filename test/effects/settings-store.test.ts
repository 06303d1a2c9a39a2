/**
 * The launcher's settings without a second round trip (issue 13): the boot's own appearance and
 * config are used in place of the two calls that would otherwise follow it.
 */
import { describe, expect, it, vi } from 'vitest';
import { mergeAppearance } from '../../contract/appearance';
import { createCoreClient, createHttp } from '../../src/api/client';

const CONFIG = { agentPageAwareness: true, interactiveAvatarId: 'Anna', referenceWebpage: 'https://help.example' };

function client(bootBody: object) {
  const calls: string[] = [];
  const fetch = vi.fn(async (url: string) => {
    calls.push(new URL(url).pathname);
    if (url.endsWith('/session/boot')) return Response.json(bootBody);
    if (url.endsWith('/appearance')) return Response.json({ appearance: { agentName: 'From the call' } });
    return Response.json({ agentPageAwareness: false });
  }) as unknown as typeof globalThis.fetch;
  let token: Promise<string> | null = null;
  const tokens = { get: () => (token ??= c.boot().then((b) => b.authToken)), received() {}, rejected() {} };
  const c = createCoreClient(createHttp({ apiUrl: 'https://api.test/api', baseUrl: 'https://api.test/', apiKey: 'k', tokens, fetch }));
  return { c, calls };
}

describe('settings from the boot', () => {
  it('uses the boot’s appearance and config: one round trip, no settings calls', async () => {
    const { c, calls } = client({ authToken: 't', expiresIn: '30m', appearance: { agentName: 'Ada' }, config: CONFIG });
    const [appearance, config] = await Promise.all([c.appearance(), c.config()]);
    expect(appearance).toEqual(mergeAppearance({ agentName: 'Ada' }));
    expect(config).toEqual(CONFIG);
    expect(calls).toEqual(['/session/boot']);
  });

  it('calls for them when the boot has none (a server that gives only the spec’s fields) or unreadable ones', async () => {
    for (const extra of [{}, { appearance: 'red', config: null }]) {
      const { c, calls } = client({ authToken: 't', expiresIn: '30m', ...extra });
      expect((await c.appearance()).agentName).toBe('From the call');
      expect((await c.config()).agentPageAwareness).toBe(false);
      expect(calls).toEqual(['/session/boot', '/api/appearance', '/api/config']);
    }
  });
});
