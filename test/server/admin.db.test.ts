/** The admin command line against a real database: a SQLite file, or PostgreSQL in the `postgres` project. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAdmin, USAGE, UsageError } from '../../server/admin';
import type { Storage } from '../../server/storage/types';
import { newTestDatabase, openTestDatabase } from '../support/storages';

let dir: string;
let storage: Storage;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'admin-test-'));
  storage = await openTestDatabase(await newTestDatabase(dir));
});
afterEach(async () => {
  await storage.close();
  await rm(dir, { recursive: true, force: true });
});

const siteId = async () => {
  const out = await runAdmin(storage, ['site:create', '--name', 'Shop', '--origin', 'https://shop.example']);
  const key = /API key.*: (\S+)/.exec(out)![1]!;
  return { id: /created (\S+)/.exec(out)![1]!, key };
};

describe('admin', () => {
  it('creates a site whose key works, and rotates it', async () => {
    const { id, key } = await siteId();
    expect((await storage.findSiteByApiKey(key))?.id).toBe(id);
    const rotated = /: (\S+)$/.exec(await runAdmin(storage, ['site:rotate-key', id]))![1]!;
    // the old key keeps working for the grace period (its end: test/server/operations.db.test.ts)
    expect((await storage.findSiteByApiKey(key))?.id).toBe(id);
    expect((await storage.findSiteByApiKey(rotated))?.id).toBe(id);
  });

  it('sets origins, config and appearance; refuses bad appearance and saves none of it', async () => {
    const { id } = await siteId();
    await runAdmin(storage, ['site:origins', id, '--origin', 'https://a.example', '--origin', 'self']);
    await runAdmin(storage, ['site:config', id, '--page-awareness', 'off', '--avatar-id', 'Anna']);
    await runAdmin(storage, ['site:appearance', id, '--json', '{"agentName":"Ann","launcher":{"size":70}}']);
    const s = (await storage.getSite(id))!;
    expect(s.origins).toEqual(['https://a.example', 'self']);
    expect(s.config).toMatchObject({ agentPageAwareness: false, interactiveAvatarId: 'Anna' });
    expect(s.appearance).toEqual({ agentName: 'Ann', launcher: { size: 70 } });
    await expect(runAdmin(storage, ['site:appearance', id, '--json', '{"launcher":{"size":"big"}}'])).rejects.toThrow(UsageError);
    await expect(runAdmin(storage, ['site:appearance', id, '--json', '{nope'])).rejects.toThrow(/not valid JSON/);
    expect((await storage.getSite(id))!.appearance).toEqual({ agentName: 'Ann', launcher: { size: 70 } });
    // the colour scheme is one of its three values
    await expect(runAdmin(storage, ['site:appearance', id, '--json', '{"colorScheme":"night"}'])).rejects.toThrow(
      /colorScheme must be one of light, dark, auto/,
    );
    await runAdmin(storage, ['site:appearance', id, '--json', '{"colorScheme":"dark"}']);
    expect((await storage.getSite(id))!.appearance).toMatchObject({ agentName: 'Ann', colorScheme: 'dark' });
  });

  it('adds documents with footer buttons, videos, triggers and presence videos', async () => {
    const { id } = await siteId();
    const md = path.join(dir, 'guide.md');
    await writeFile(md, '# Guide\nFees are low.');
    const out = await runAdmin(storage, ['doc:add', id, '--file', md, '--name', 'Guide']);
    const token = /embed token: (\S+)/.exec(out)![1]!;
    const doc = (await storage.findDocumentByToken(token))!;
    expect(doc).toMatchObject({ name: 'Guide', type: 'md', text: expect.stringContaining('Fees are low') });
    await runAdmin(storage, ['footer:add', token, '--label', 'Ask', '--action', 'open_chat_modal']);
    expect(await storage.listFooterButtons(doc.id)).toEqual([
      { id: expect.any(String), label: 'Ask', type: 'BUTTON', actionType: 'open_chat_modal' },
    ]);

    const clip = path.join(dir, 'clip.webm');
    // the start of a webm (an EBML header whose DocType is webm): the type is told by the content
    await writeFile(
      clip,
      Buffer.from([
        0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42,
        0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02,
      ]),
    );
    const videoId = /added video (\S+)/.exec(
      await runAdmin(storage, ['video:add', id, '--file', clip, '--name', 'Clip', '--transcript', 'Hi']),
    )![1]!;
    expect(await storage.getVideo(videoId)).toMatchObject({ name: 'Clip', transcript: 'Hi', filename: 'clip.webm' });
    await runAdmin(storage, ['presence:add', id, '--path', '/welcome', '--video', videoId]);
    expect(await storage.presenceMessagesForPath(id, '/welcome')).toHaveLength(1);

    await runAdmin(storage, ['trigger:add', id, '--path', '/pricing', '--name', 'Prices', '--message', 'What does it cost?']);
    await runAdmin(storage, ['trigger:add', id, '--path', '/pricing', '--name', 'Docs', '--url', 'https://example.com']);
    expect((await storage.actionTriggersForPath(id, '/pricing')).map((t) => t.buttonType)).toEqual(['ACTION', 'EXTERNAL_LINK']);
  });

  it('adds and removes origins, keeping the rest; warns when self or every origin goes', async () => {
    const { id } = await siteId();
    const warnings: string[] = [];
    const warn = (m: string) => warnings.push(m);
    expect(
      await runAdmin(storage, ['site:origins:add', id, '--origin', 'self', '--origin', 'https://b.example', '--origin', 'self'], { warn }),
    ).toBe('origins: https://shop.example, self, https://b.example');
    expect(await runAdmin(storage, ['site:origins:add', id, '--origin', 'https://b.example'], { warn })).toBe(
      'origins: https://shop.example, self, https://b.example',
    );
    expect(warnings).toEqual([]);

    await runAdmin(storage, ['site:origins:remove', id, '--origin', 'https://shop.example'], { warn });
    expect((await storage.getSite(id))!.origins).toEqual(['self', 'https://b.example']);
    expect(warnings).toEqual([]);
    await runAdmin(storage, ['site:origins:remove', id, '--origin', 'self'], { warn });
    expect((await storage.getSite(id))!.origins).toEqual(['https://b.example']);
    expect(warnings).toEqual([expect.stringMatching(/^'self' is no longer allowed on \S+: the pages this server serves/)]);

    // replacing the whole list warns too, which is how the demo lost 'self' (issue 14)
    await runAdmin(storage, ['site:origins', id, '--origin', 'self'], { warn });
    await runAdmin(storage, ['site:origins', id, '--origin', 'https://c.example'], { warn });
    expect(warnings).toHaveLength(2);
    expect(await runAdmin(storage, ['site:origins:remove', id, '--origin', 'https://c.example'], { warn })).toBe('origins: (none)');
    expect(warnings[2]).toMatch(/has no origins left/);
  });

  it('refuses an origin a browser never sends, and removing one the site does not have; changes nothing', async () => {
    const { id } = await siteId();
    await expect(runAdmin(storage, ['site:origins:add', id, '--origin', 'https://a.example/'])).rejects.toThrow(
      '"https://a.example/" is not an origin (scheme://host[:port], or self for this server); did you mean https://a.example?',
    );
    await expect(runAdmin(storage, ['site:origins', id, '--origin', 'shop.example'])).rejects.toThrow(/not an origin/);
    await expect(runAdmin(storage, ['site:create', '--name', 'x', '--origin', 'https://x.example/path'])).rejects.toThrow(
      /did you mean https:\/\/x.example\?/,
    );
    await expect(runAdmin(storage, ['site:origins:remove', id, '--origin', 'https://shop.example', '--origin', 'self'])).rejects.toThrow(
      /does not allow self .*nothing changed/,
    );
    await expect(runAdmin(storage, ['site:origins:add', id])).rejects.toThrow(/missing --origin/);
    expect((await storage.getSite(id))!.origins).toEqual(['https://shop.example']);
    expect(await storage.listSites()).toHaveLength(1);
  });

  it('stores only http(s) URLs: a reference page, a footer link, a trigger URL (issue 14)', async () => {
    const { id } = await siteId();
    await runAdmin(storage, ['site:config', id, '--reference-webpage', 'https://shop.example/help']);
    expect((await storage.getSite(id))!.config.referenceWebpage).toBe('https://shop.example/help');
    for (const bad of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'help page', '//shop.example/help']) {
      await expect(runAdmin(storage, ['site:config', id, '--reference-webpage', bad])).rejects.toThrow(
        /--reference-webpage takes an http\(s\) URL/,
      );
      await expect(runAdmin(storage, ['trigger:add', id, '--path', '/x', '--name', 'X', '--url', bad])).rejects.toThrow(
        /--url takes an http\(s\) URL/,
      );
    }
    expect((await storage.getSite(id))!.config.referenceWebpage).toBe('https://shop.example/help');
    expect(await storage.actionTriggersForPath(id, '/x')).toEqual([]);
    // the appearance's image URLs too
    await expect(runAdmin(storage, ['site:appearance', id, '--json', '{"agentIcon":"javascript:alert(1)"}'])).rejects.toThrow(
      /agentIcon must be an http\(s\) URL/,
    );
    await expect(
      runAdmin(storage, ['site:appearance', id, '--json', '{"launcher":{"launcherIconType":"image","launcherIcon":"file:///etc/passwd"}}']),
    ).rejects.toThrow(/launcher.launcherIcon must be/);
    await runAdmin(storage, [
      'site:appearance',
      id,
      '--json',
      '{"agentIcon":"https://shop.example/a.png","launcher":{"launcherIconType":"svg","launcherIcon":"<svg/>"}}',
    ]);
    expect((await storage.getSite(id))!.appearance).toMatchObject({ agentIcon: 'https://shop.example/a.png' });
    // an empty value clears the reference page
    await runAdmin(storage, ['site:config', id, '--reference-webpage', '']);
    expect((await storage.getSite(id))!.config.referenceWebpage).toBe('');
  });

  it('visitor:delete needs a known site and a visitor id', async () => {
    const { id } = await siteId();
    await expect(runAdmin(storage, ['visitor:delete'])).rejects.toThrow(/missing SITE/);
    await expect(runAdmin(storage, ['visitor:delete', 'site_missing', 'visitor-aaaaaaaa'])).rejects.toThrow('no site "site_missing"');
    await expect(runAdmin(storage, ['visitor:delete', id])).rejects.toThrow(/missing USER_SESSION_ID/);
    await expect(runAdmin(storage, ['visitor:delete', id, 'a b'])).rejects.toThrow(/"a b" is not a user session id/);
    await expect(runAdmin(storage, ['visitor:delete', id, 'visitor-aaaaaaaa', 'more'])).rejects.toThrow(/does not take more/);
    expect(await runAdmin(storage, ['visitor:delete', id, 'visitor-aaaaaaaa'])).toBe(
      `nothing stored for visitor visitor-aaaaaaaa on ${id}`,
    );
  });

  it.each([
    [['nonsense']],
    [['sites', 'extra']],
    [['site:config', 'site_missing', 'extra']],
    [['site:create', '--name', 'x']],
    [['site:config', 'site_missing']],
    [['trigger:add', 'site_missing', '--path', '/', '--name', 'x']],
    [['doc:add']],
  ])('explains a mistake in %j', async (argv) => {
    await expect(runAdmin(storage, argv)).rejects.toThrow(UsageError);
  });

  it('prints the usage', async () => {
    expect(await runAdmin(storage, [])).toMatch(/^Usage: npm run admin/);
  });

  it('the usage and the operations page (docs/server.md) name every command, each with DATA_DIR on the page', async () => {
    const commands = [...USAGE.matchAll(/^ {2}([a-z]+(?::[a-z-]+)*)\b/gm)].map((m) => m[1]!);
    expect(commands).toEqual(expect.arrayContaining(['sites', 'site:origins:add', 'site:origins:remove', 'visitor:delete', 'data:purge']));
    for (const command of commands) await expect(runAdmin(storage, [command, '--help'])).resolves.toEqual(expect.any(String));
    const page = await readFile(path.join(__dirname, '../../docs/server.md'), 'utf8');
    for (const command of commands) expect(page, command).toMatch(new RegExp(`DATA_DIR=\\S+ npm run admin -- ${command}( |$)`, 'm'));
  });
});
