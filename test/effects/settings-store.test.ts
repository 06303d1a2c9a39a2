/**
 * The launcher's settings without a second round trip (issue 13): the boot's own appearance and
 * config are used in place of the two calls, and the settings are stored per site for the next
 * visit, checked on the way back in as the API's answers are.
 */
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_APPEARANCE, mergeAppearance } from '../../contract/appearance';
import { createCoreClient, createHttp } from '../../src/api/client';
import { rememberSettings, storedSettings } from '../../src/effects/site';
import { writeItem } from '../../src/effects/storage';
import { bannerDismissed, rememberBannerDismissed } from '../../src/effects/stored-settings';

const CONFIG = { agentPageAwareness: true, interactiveAvatarId: 'Anna', referenceWebpage: 'https://help.example' };

function client(bootBody: object, early?: Promise<Response>) {
  const calls: string[] = [];
  const fetch = vi.fn(async (url: string) => {
    calls.push(new URL(url).pathname);
    if (url.endsWith('/session/boot')) return Response.json(bootBody);
    if (url.endsWith('/appearance')) return Response.json({ appearance: { agentName: 'From the call' } });
    return Response.json({ agentPageAwareness: false });
  }) as unknown as typeof globalThis.fetch;
  let token: Promise<string> | null = null;
  const tokens = { get: () => (token ??= c.boot().then((b) => b.authToken)), received() {}, rejected() {} };
  const c = createCoreClient(
    createHttp({ apiUrl: 'https://api.test/api', baseUrl: 'https://api.test/', apiKey: 'k', tokens, fetch }),
    early,
  );
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

describe('the boot widget.js started', () => {
  it('is the first boot: no second one, its settings used; a later boot goes out as usual', async () => {
    const early = Promise.resolve(
      Response.json({ authToken: 'early', expiresIn: '30m', appearance: { agentName: 'Early' }, config: CONFIG }),
    );
    const { c, calls } = client({ authToken: 'late', expiresIn: '30m' }, early);
    expect((await c.appearance()).agentName).toBe('Early');
    expect(calls).toEqual([]);
    expect((await c.boot()).authToken).toBe('late');
    expect(calls).toEqual(['/session/boot']);
  });

  it('that failed fails the first boot with the boot’s text', async () => {
    const { c } = client({}, Promise.reject(new TypeError('Failed to fetch')));
    await expect(c.boot()).rejects.toThrow('Failed to boot session');
  });
});

describe('stored settings', () => {
  it('come back as stored, per API key', () => {
    const appearance = mergeAppearance({ agentName: 'Stored', launcher: { alignment: 'left' } });
    rememberSettings('pk_one', { appearance, config: CONFIG });
    expect(storedSettings('pk_one')).toEqual({ appearance, config: CONFIG });
    expect(storedSettings('pk_two')).toBeNull();
  });

  it('are checked on the way in: a broken or tampered entry is not used, and bad values fall back to the defaults', () => {
    writeItem('ai_chat_settings_pk_bad', '{not json');
    expect(storedSettings('pk_bad')).toBeNull();
    writeItem('ai_chat_settings_pk_bad', JSON.stringify({ appearance: {}, config: { agentPageAwareness: 'yes' } }));
    expect(storedSettings('pk_bad')).toBeNull();
    writeItem('ai_chat_settings_pk_bad', JSON.stringify({ appearance: { agentName: 'X', launcher: { size: 'huge' } }, config: CONFIG }));
    expect(storedSettings('pk_bad')!.appearance.launcher.size).toBe(DEFAULT_APPEARANCE.launcher.size);
  });
});

describe('the banner’s choice', () => {
  it('is stored per site, and storage that fails neither throws nor forgets it for this visit', () => {
    const throwing = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    vi.stubGlobal('window', { localStorage: throwing });
    try {
      expect(bannerDismissed('site-a')).toBe(false);
      expect(() => rememberBannerDismissed('site-a', true)).not.toThrow();
      expect(bannerDismissed('site-a')).toBe(true);
      expect(bannerDismissed('site-b')).toBe(false);
      rememberBannerDismissed('site-a', false);
      expect(bannerDismissed('site-a')).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
