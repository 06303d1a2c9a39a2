/** The admin command line against a real database file. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAdmin, UsageError } from '../../server/admin';
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

  it.each([
    [['nonsense']],
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
});
