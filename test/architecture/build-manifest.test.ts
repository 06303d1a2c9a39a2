/**
 * The build's manifest (size-budget.json) and how a budget finds its files: from esbuild's
 * metafile, by what loads what, not by the files' paths. A small project is built for real by the
 * same `build()` as `npm run build` (esbuild, terser, the size report, the budget check), in a
 * folder of its own.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Metafile } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { bundles as projectBundles } from '../../esbuild.config.mjs';
import { membership, readManifest, type Manifest } from '../../scripts/build/budgets.mjs';
import { build, type Bundle } from '../../scripts/build/build.mjs';

const ROOT = resolve(import.meta.dirname, '../..');

/** Bytes gzip cannot shrink, so a module's weight shows in its chunk's gzip size. */
const noise = (n: number, seed: number) => {
  let x = seed;
  let s = '';
  while (s.length < n) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    s += x.toString(36);
  }
  return s.slice(0, n);
};

/** A widget in miniature: widget.js, a core that loads voice and dictation on demand, a recording module they share. */
const SOURCES: Record<string, string> = {
  'src/loader.ts': `console.log('launcher');`,
  'src/core.ts': `import { send } from './client';\nexport const start = () => [send(), import('./voice/index'), import('./dictation/index')];`,
  'src/client.ts': `export const send = () => ${JSON.stringify(noise(3000, 1))};`,
  'src/recording.ts': `export const record = () => ${JSON.stringify(noise(1500, 2))};`,
  'src/voice/index.ts': `import { room } from './room';\nimport { record } from '../recording';\nexport const startVoice = () => room() + record();`,
  'src/voice/room.ts': `export const room = () => ${JSON.stringify(noise(4000, 3))};`,
  'src/dictation/index.ts': `import { record } from '../recording';\nexport const startDictation = () => record();`,
};

const MANIFEST: Manifest = {
  launcher: { entry: 'src/loader.ts', gzip: 1024, why: 'before the launcher shows' },
  chat: { entry: 'src/core.ts', with: ['launcher'], gzip: 8192, why: 'the text chat' },
  voice: { entry: 'src/voice/index.ts', gzip: 8192, why: 'voice mode' },
  dictation: { entry: 'src/dictation/index.ts', gzip: 8192, why: 'dictation' },
};

const browser = { bundle: true, platform: 'browser', minify: true, metafile: true, logLevel: 'silent' } as const;
const BUNDLES: Bundle[] = [
  {
    name: 'widget',
    options: {
      ...browser,
      entryPoints: { core: 'src/core.ts' },
      outdir: 'dist/widget/widget',
      format: 'esm',
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
    },
  },
  { name: 'widget-loader', options: { ...browser, entryPoints: { widget: 'src/loader.ts' }, outdir: 'dist/widget', format: 'iife' } },
];

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

async function project(sources: Record<string, string>) {
  dir = await mkdtemp(join(tmpdir(), 'build-manifest-'));
  for (const [file, text] of Object.entries(sources)) {
    await mkdir(dirname(join(dir, file)), { recursive: true });
    await writeFile(join(dir, file), text);
  }
  return dir;
}

/** Builds the project; returns what the build printed and, per entry, the source modules its files hold. */
async function built(sources: Record<string, string>, manifest = MANIFEST) {
  const root = await project(sources);
  const lines: string[] = [];
  const results = await build({ root, bundles: BUNDLES, manifest, log: (l) => lines.push(l) });
  const outputs = Object.assign({}, ...results.map((r) => r.metafile.outputs));
  const modules = (name: string, of = manifest) => modulesOf(outputs, of, name);
  const budgetLine = (name: string) => lines.find((l) => l.trimStart().startsWith(`${name} `)) ?? '';
  return { modules, budgetLine, lines };
}

/** The source modules held by the files that count toward an entry's budget. */
function modulesOf(outputs: Metafile['outputs'], manifest: Manifest, name: string) {
  const members = membership({ outputs }, manifest, { roots: ['src/core.ts', 'src/loader.ts'] });
  return [...members.get(name)!].flatMap((f) => Object.keys(outputs[f]?.inputs ?? {})).sort();
}

describe('a budget counts the files its entry loads, read from the metafile', () => {
  it('a module only voice reaches counts toward voice wherever it lives, and leaves it once the core reaches it', async () => {
    const before = await built(SOURCES);
    expect(before.modules('voice')).toEqual(['src/recording.ts', 'src/voice/index.ts', 'src/voice/room.ts']);
    expect(before.modules('dictation')).toEqual(['src/dictation/index.ts', 'src/recording.ts']);
    expect(before.modules('chat')).toEqual(['src/client.ts', 'src/core.ts', 'src/loader.ts']);
    /** what the voice budget has left, in bytes */
    const voiceLeft = (b: typeof before) => Number(/of\s+[\d.]+ KB \(\s*(\d+) B left/.exec(b.budgetLine('voice'))![1]);

    // renamed and moved out of src/voice: the same bytes, the same budget
    const { 'src/voice/room.ts': room, ...rest } = SOURCES;
    const moved: Record<string, string> = {
      ...rest,
      'src/effects/renamed-room.ts': room!,
      'src/voice/index.ts': SOURCES['src/voice/index.ts']!.replace("'./room'", "'../effects/renamed-room'"),
    };
    const after = await built(moved);
    expect(after.modules('voice')).toEqual(['src/effects/renamed-room.ts', 'src/recording.ts', 'src/voice/index.ts']);
    expect(after.modules('chat')).not.toContain('src/effects/renamed-room.ts');
    expect(Math.abs(voiceLeft(after) - voiceLeft(before))).toBeLessThan(40);

    // the core imports it too: now the text chat carries it, and voice no longer does
    const shared = await built({
      ...moved,
      'src/core.ts': `import { room } from './effects/renamed-room';\n${moved['src/core.ts']!.replace('send()', 'send() + room()')}`,
    });
    expect(shared.modules('chat')).toContain('src/effects/renamed-room.ts');
    expect(shared.modules('voice')).toEqual(['src/recording.ts', 'src/voice/index.ts']);
    expect(voiceLeft(shared) - voiceLeft(after)).toBeGreaterThan(2000);
  });

  it('a file loaded on demand with no entry of its own counts toward the entry that loads it, unless that one counts a first load only', async () => {
    const { modules } = await built(SOURCES);
    const { dictation: _, ...withoutDictation } = MANIFEST;
    expect(modules('chat', withoutDictation)).toEqual([
      'src/client.ts',
      'src/core.ts',
      'src/dictation/index.ts',
      'src/loader.ts',
      'src/recording.ts',
    ]);
    expect(modules('voice', withoutDictation)).toEqual(['src/recording.ts', 'src/voice/index.ts', 'src/voice/room.ts']);
    const firstLoad: Manifest = { ...withoutDictation, chat: { ...withoutDictation.chat!, onDemand: false } };
    expect(modules('chat', firstLoad)).toEqual(['src/client.ts', 'src/core.ts', 'src/loader.ts']);
  });

  it('a budget overrun fails the build, and says which budget', async () => {
    const small: Manifest = { ...MANIFEST, voice: { ...MANIFEST.voice!, gzip: 2048 } };
    const root = await project(SOURCES);
    const lines: string[] = [];
    await expect(build({ root, bundles: BUNDLES, manifest: small, log: (l) => lines.push(l) })).rejects.toThrow(/over its size budget/);
    expect(lines.filter((l) => l.includes('OVER BUDGET')).map((l) => l.trim().split(/\s+/)[0])).toEqual(['voice']);
    // every output is still printed with its raw and gzip size
    expect(lines.some((l) => /dist\/widget\/widget\.js\s+[\d.]+ KB raw\s+[\d.]+ KB gzip/.test(l))).toBe(true);
  });

  it('an entry the build does not produce fails the build, instead of a budget counting nothing', async () => {
    const renamed: Manifest = { ...MANIFEST, voice: { ...MANIFEST.voice!, entry: 'src/voice/main.ts' } };
    const root = await project(SOURCES);
    await expect(build({ root, bundles: BUNDLES, manifest: renamed, log: () => {} })).rejects.toThrow(
      /size-budget.json "voice": src\/voice\/main.ts is no output/,
    );
  });

  it('an optional entry the build does not produce (a locale written apart) counts nothing and says so', async () => {
    const withWords: Manifest = { ...MANIFEST, words: { entry: 'src/words/ar.ts', optional: true, gzip: 1024, why: 'words' } };
    const root = await project(SOURCES);
    const lines: string[] = [];
    await build({ root, bundles: BUNDLES, manifest: withWords, log: (l) => lines.push(l) });
    expect(lines.filter((l) => l.includes('not in this build')).map((l) => l.trim().split(/\s+/)[0])).toEqual(['words']);
  });
});

describe('the project names each entry once', () => {
  const manifest = readManifest(ROOT);

  it('every entry of size-budget.json is a source file, with a budget and a reason', () => {
    expect(Object.keys(manifest)).toEqual([
      'launcher',
      'chat',
      'markdown',
      'menu',
      'history',
      'settings',
      'transcript-mail',
      'preview',
      'dark-scheme',
      'bubble',
      'page-reader',
      'dictation',
      'voice',
      'livekit',
      'embeds',
      'docx',
      'locale-ar',
      'locale-zh-Hans',
      'inspector',
      'journey',
      'journey-locale',
      'journey-ar',
      'journey-ar-on-demand',
      'journey-ar-advice',
      'journey-zh-Hans',
      'journey-zh-Hans-on-demand',
      'journey-zh-Hans-advice',
      'journey-records',
      'journey-outside',
      'journey-ar-records',
      'journey-zh-Hans-records',
      'console',
      'console-first-screen',
      'console-sign-in',
      'console-invite',
      'console-sites',
      'console-overview',
      'console-members',
      'console-audit',
      'console-inbox',
      'console-analytics',
      'console-account',
      'console-reauth',
      'console-appearance',
      'console-documents',
      'console-videos',
      'console-buttons',
      'console-advice',
      'console-advice-file',
      'console-advice-reasons',
      'console-preview',
    ]);
    for (const [name, e] of Object.entries(manifest)) {
      // a locale's words are written apart from the code that loads them: only they may be missing from a checkout
      if (!e.optional) expect(existsSync(join(ROOT, e.entry)), `${name}: ${e.entry}`).toBe(true);
      else expect(e.entry, name).toMatch(/^journey\/locales\/(ar|zh-Hans)\/messages(-on-demand|-advice|-records)?\.ts$/);
      expect(e.gzip, name).toBeGreaterThan(0);
      expect(e.why, name).not.toMatch(/issue \d/i);
    }
  });

  it('the table builds its browser entries from the manifest', () => {
    const entries = projectBundles
      .filter((b) => b.options.platform === 'browser')
      .flatMap((b) => Object.values(b.options.entryPoints as Record<string, string>));
    const declared = new Set(Object.values(manifest).map((e) => e.entry));
    expect(entries.filter((e) => !declared.has(e))).toEqual([]);
  });
});
