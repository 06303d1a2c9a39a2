/** The admin command line against a real database file. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAdmin, USAGE, UsageError } from '../../server/admin';
import { openSqliteStorage } from '../../server/storage/sqlite';
import type { Storage } from '../../server/storage/types';

let dir: string;
let storage: Storage;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'admin-test-'));
  storage = openSqliteStorage(path.join(dir, 'db.sqlite'));
});
afterEach(async () => {
  storage.close();
  await rm(dir, { recursive: true, force: true });
});

const siteId = () => {
  const out = runAdmin(storage, ['site:create', '--name', 'Shop', '--origin', 'https://shop.example']);
  const key = /API key.*: (\S+)/.exec(out)![1]!;
  return { id: /created (\S+)/.exec(out)![1]!, key };
};

describe('admin', () => {
  it('creates a site whose key works, and rotates it', () => {
    const { id, key } = siteId();
    expect(storage.findSiteByApiKey(key)?.id).toBe(id);
    const rotated = /: (\S+)$/.exec(runAdmin(storage, ['site:rotate-key', id]))![1]!;
    expect(storage.findSiteByApiKey(key)).toBeNull();
    expect(storage.findSiteByApiKey(rotated)?.id).toBe(id);
  });

  it('sets origins, config and appearance; refuses bad appearance and saves none of it', () => {
    const { id } = siteId();
    runAdmin(storage, ['site:origins', id, '--origin', 'https://a.example', '--origin', 'self']);
    runAdmin(storage, ['site:config', id, '--page-awareness', 'off', '--avatar-id', 'Anna']);
    runAdmin(storage, ['site:appearance', id, '--json', '{"agentName":"Ann","launcher":{"size":70}}']);
    const s = storage.getSite(id)!;
    expect(s.origins).toEqual(['https://a.example', 'self']);
    expect(s.config).toMatchObject({ agentPageAwareness: false, interactiveAvatarId: 'Anna' });
    expect(s.appearance).toEqual({ agentName: 'Ann', launcher: { size: 70 } });
    expect(() => runAdmin(storage, ['site:appearance', id, '--json', '{"launcher":{"size":"big"}}'])).toThrow(UsageError);
    expect(() => runAdmin(storage, ['site:appearance', id, '--json', '{nope'])).toThrow(/not valid JSON/);
    expect(storage.getSite(id)!.appearance).toEqual({ agentName: 'Ann', launcher: { size: 70 } });
  });

  it('adds documents with footer buttons, videos, triggers and presence videos', async () => {
    const { id } = siteId();
    const md = path.join(dir, 'guide.md');
    await writeFile(md, '# Guide\nFees are low.');
    const out = runAdmin(storage, ['doc:add', id, '--file', md, '--name', 'Guide']);
    const token = /embed token: (\S+)/.exec(out)![1]!;
    const doc = storage.findDocumentByToken(token)!;
    expect(doc).toMatchObject({ name: 'Guide', type: 'md', text: expect.stringContaining('Fees are low') });
    runAdmin(storage, ['footer:add', token, '--label', 'Ask', '--action', 'open_chat_modal']);
    expect(storage.listFooterButtons(doc.id)).toEqual([{ id: expect.any(String), label: 'Ask', type: 'BUTTON', actionType: 'open_chat_modal' }]);

    const clip = path.join(dir, 'clip.webm');
    await writeFile(clip, Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    const videoId = /added video (\S+)/.exec(runAdmin(storage, ['video:add', id, '--file', clip, '--name', 'Clip', '--transcript', 'Hi']))![1]!;
    expect(storage.getVideo(videoId)).toMatchObject({ name: 'Clip', transcript: 'Hi', filename: 'clip.webm' });
    runAdmin(storage, ['presence:add', id, '--path', '/welcome', '--video', videoId]);
    expect(storage.presenceMessagesForPath(id, '/welcome')).toHaveLength(1);

    runAdmin(storage, ['trigger:add', id, '--path', '/pricing', '--name', 'Prices', '--message', 'What does it cost?']);
    runAdmin(storage, ['trigger:add', id, '--path', '/pricing', '--name', 'Docs', '--url', 'https://example.com']);
    expect(storage.actionTriggersForPath(id, '/pricing').map((t) => t.buttonType)).toEqual(['ACTION', 'EXTERNAL_LINK']);
  });

  it('adds and removes origins, keeping the rest; warns when self or every origin goes', () => {
    const { id } = siteId();
    const warnings: string[] = [];
    const warn = (m: string) => warnings.push(m);
    expect(runAdmin(storage, ['site:origins:add', id, '--origin', 'self', '--origin', 'https://b.example', '--origin', 'self'], { warn })).toBe(
      'origins: https://shop.example, self, https://b.example',
    );
    expect(runAdmin(storage, ['site:origins:add', id, '--origin', 'https://b.example'], { warn })).toBe('origins: https://shop.example, self, https://b.example');
    expect(warnings).toEqual([]);

    runAdmin(storage, ['site:origins:remove', id, '--origin', 'https://shop.example'], { warn });
    expect(storage.getSite(id)!.origins).toEqual(['self', 'https://b.example']);
    expect(warnings).toEqual([]);
    runAdmin(storage, ['site:origins:remove', id, '--origin', 'self'], { warn });
    expect(storage.getSite(id)!.origins).toEqual(['https://b.example']);
    expect(warnings).toEqual([expect.stringMatching(/^'self' is no longer allowed on \S+: the pages this server serves/)]);

    // replacing the whole list warns too, which is how the demo lost 'self' (issue 14)
    runAdmin(storage, ['site:origins', id, '--origin', 'self'], { warn });
    runAdmin(storage, ['site:origins', id, '--origin', 'https://c.example'], { warn });
    expect(warnings).toHaveLength(2);
    expect(runAdmin(storage, ['site:origins:remove', id, '--origin', 'https://c.example'], { warn })).toBe('origins: (none)');
    expect(warnings[2]).toMatch(/has no origins left/);
  });

  it('refuses an origin a browser never sends, and removing one the site does not have; changes nothing', () => {
    const { id } = siteId();
    expect(() => runAdmin(storage, ['site:origins:add', id, '--origin', 'https://a.example/'])).toThrow(
      '"https://a.example/" is not an origin (scheme://host[:port], or self for this server); did you mean https://a.example?',
    );
    expect(() => runAdmin(storage, ['site:origins', id, '--origin', 'shop.example'])).toThrow(/not an origin/);
    expect(() => runAdmin(storage, ['site:create', '--name', 'x', '--origin', 'https://x.example/path'])).toThrow(/did you mean https:\/\/x.example\?/);
    expect(() => runAdmin(storage, ['site:origins:remove', id, '--origin', 'https://shop.example', '--origin', 'self'])).toThrow(/does not allow self .*nothing changed/);
    expect(() => runAdmin(storage, ['site:origins:add', id])).toThrow(/missing --origin/);
    expect(storage.getSite(id)!.origins).toEqual(['https://shop.example']);
    expect(storage.listSites()).toHaveLength(1);
  });

  it('stores only http(s) URLs: a reference page, a footer link, a trigger URL (issue 14)', () => {
    const { id } = siteId();
    runAdmin(storage, ['site:config', id, '--reference-webpage', 'https://shop.example/help']);
    expect(storage.getSite(id)!.config.referenceWebpage).toBe('https://shop.example/help');
    for (const bad of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'help page', '//shop.example/help']) {
      expect(() => runAdmin(storage, ['site:config', id, '--reference-webpage', bad])).toThrow(/--reference-webpage takes an http\(s\) URL/);
      expect(() => runAdmin(storage, ['trigger:add', id, '--path', '/x', '--name', 'X', '--url', bad])).toThrow(/--url takes an http\(s\) URL/);
    }
    expect(storage.getSite(id)!.config.referenceWebpage).toBe('https://shop.example/help');
    expect(storage.actionTriggersForPath(id, '/x')).toEqual([]);
    // the appearance's image URLs too
    expect(() => runAdmin(storage, ['site:appearance', id, '--json', '{"agentIcon":"javascript:alert(1)"}'])).toThrow(/agentIcon must be an http\(s\) URL/);
    expect(() => runAdmin(storage, ['site:appearance', id, '--json', '{"launcher":{"launcherIconType":"image","launcherIcon":"file:///etc/passwd"}}'])).toThrow(
      /launcher.launcherIcon must be/,
    );
    runAdmin(storage, ['site:appearance', id, '--json', '{"agentIcon":"https://shop.example/a.png","launcher":{"launcherIconType":"svg","launcherIcon":"<svg/>"}}']);
    expect(storage.getSite(id)!.appearance).toMatchObject({ agentIcon: 'https://shop.example/a.png' });
    // an empty value clears the reference page
    runAdmin(storage, ['site:config', id, '--reference-webpage', '']);
    expect(storage.getSite(id)!.config.referenceWebpage).toBe('');
  });

  it('visitor:delete needs a known site and a visitor id', () => {
    const { id } = siteId();
    expect(() => runAdmin(storage, ['visitor:delete'])).toThrow(/missing SITE/);
    expect(() => runAdmin(storage, ['visitor:delete', 'site_missing', 'visitor-aaaaaaaa'])).toThrow('no site site_missing');
    expect(() => runAdmin(storage, ['visitor:delete', id])).toThrow(/missing USER_SESSION_ID/);
    expect(() => runAdmin(storage, ['visitor:delete', id, 'a b'])).toThrow(/"a b" is not a user session id/);
    expect(() => runAdmin(storage, ['visitor:delete', id, 'visitor-aaaaaaaa', 'more'])).toThrow(/does not take more/);
    expect(runAdmin(storage, ['visitor:delete', id, 'visitor-aaaaaaaa'])).toBe(`nothing stored for visitor visitor-aaaaaaaa on ${id}`);
  });

  it.each([
    [['nonsense']],
    [['sites', 'extra']],
    [['site:config', 'site_missing', 'extra']],
    [['site:create', '--name', 'x']],
    [['site:config', 'site_missing']],
    [['trigger:add', 'site_missing', '--path', '/', '--name', 'x']],
    [['doc:add']],
  ])('explains a mistake in %j', (argv) => {
    expect(() => runAdmin(storage, argv)).toThrow(UsageError);
  });

  it('prints the usage', () => {
    expect(runAdmin(storage, [])).toMatch(/^Usage: npm run admin/);
  });

  it('the usage and the README name every command, each with DATA_DIR in the README', async () => {
    const commands = [...USAGE.matchAll(/^ {2}([a-z]+(?::[a-z-]+)*)\b/gm)].map((m) => m[1]!);
    expect(commands).toEqual(expect.arrayContaining(['sites', 'site:origins:add', 'site:origins:remove', 'visitor:delete', 'data:purge']));
    for (const command of commands) expect(() => runAdmin(storage, [command, '--help'])).not.toThrow();
    const readme = await readFile(path.join(__dirname, '../../README.md'), 'utf8');
    for (const command of commands) expect(readme, command).toMatch(new RegExp(`DATA_DIR=\\S+ npm run admin -- ${command}( |$)`, 'm'));
  });
});
