/**
 * Every file and folder the docs name exists: README.md and docs/*.md, in `code` spans and in
 * relative links. A path from the repository's root (`server/storage/open.ts`, `src/voice/`) must
 * be there exactly; a shorter one (`storage/open.ts`, `records.ts`, written where the text
 * already says which folder) must be the end of some path in the repository. When a file moves,
 * the failure names the page and the path to update.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** Folders that hold no sources: dependencies, build output, data, the clone's own git. */
const SKIP = new Set(['node_modules', 'dist', 'data', '.git', 'test-results']);

/** The pages checked. */
const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** Every file and folder of the repository, from its root (folders end with `/`). */
function entries(dir = ''): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    if (SKIP.has(e.name)) continue;
    const rel = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(`${rel}/`, ...entries(rel));
    else out.push(rel);
  }
  return out;
}
const ALL = entries();
const TOP = new Set(ALL.filter((p) => !p.slice(0, -1).includes('/')).map((p) => p.replace(/\/$/, '')));

/** The endings of the files a shorter path may name (a name like `widget.js` or `audio.webm` is the build's or a browser's). */
const SOURCE = /\.(ts|tsx|mjs|md|css|html)$/;

/** One path-like word: segments of letters, digits, `.`, `-`, `_` or `@`, perhaps ending with `/`. */
const PATH = /^[\w.@-]+(\/[\w.@-]+)*\/?$/;

/** Whether `word`, found in a page, names a file or folder of the repository. */
function isRepositoryPath(word: string): boolean {
  if (!PATH.test(word)) return false;
  const first = word.split('/')[0]!;
  if (SKIP.has(first) || first === '.' || first === '..') return false;
  if (TOP.has(first)) return word.includes('/') || /\.\w+$/.test(word);
  return SOURCE.test(word) || (word.endsWith('/') && word.length > 1);
}

/**
 * The repository paths a page names: `code` spans that are one path-like word, the words of
 * plain fenced blocks (the layout trees; not the shell or HTML examples), and relative link
 * targets. Built files (`dist/…`), the server's routes (`/api/chat`) and MIME types
 * (`text/event-stream`) are not paths of the repository.
 */
function pathsNamed(markdown: string): string[] {
  const found = new Set<string>();
  for (const [, block] of markdown.matchAll(/^```\n([\s\S]*?)^```/gm)) {
    for (const raw of block!.split(/\s+/)) {
      const word = raw.replace(/^[(`]+/, '').replace(/[,;:)`]+$/, '');
      if (isRepositoryPath(word)) found.add(word);
    }
  }
  const text = markdown.replace(/^```[\s\S]*?^```/gm, '');
  for (const [, span] of text.matchAll(/`([^`\n]+)`/g)) {
    if (isRepositoryPath(span!.trim())) found.add(span!.trim());
  }
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target!) || target!.startsWith('#')) continue;
    found.add(target!.replace(/#.*$/, ''));
  }
  return [...found];
}

/** Whether `path`, as written on `page`, names something in the repository. */
function exists(page: string, path: string): boolean {
  // a relative link resolves from the page's folder
  if (page.startsWith('docs/') && path.startsWith('../')) return existsSync(join(ROOT, path.slice(3)));
  if (page.startsWith('docs/') && !path.includes('/') && existsSync(join(ROOT, 'docs', path))) return true;
  if (TOP.has(path.split('/')[0]!)) return existsSync(join(ROOT, path));
  const tail = path.endsWith('/') ? path : path.replace(/\/$/, '');
  return ALL.some((p) => p === tail || p.endsWith(`/${tail}`));
}

describe('paths the docs name', () => {
  it.each(PAGES)('%s names only files and folders that exist', (page) => {
    const missing = pathsNamed(readFileSync(join(ROOT, page), 'utf8')).filter((p) => !exists(page, p));
    expect(missing).toEqual([]);
  });

  it('the check finds what a page names, and a name that is gone', () => {
    // a guard on the check itself: were the extraction to find nothing, every page would pass
    expect(pathsNamed(readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8')).length).toBeGreaterThan(100);
    const page = [
      'Paths: `server/no-such-module.ts`, `no-such-part.tsx`, [a link](docs/no-such-page.md).',
      '```',
      'src/no-such-folder/   a tree',
      '```',
    ].join('\n');
    const named = pathsNamed(page);
    expect(named.sort()).toEqual(['docs/no-such-page.md', 'no-such-part.tsx', 'server/no-such-module.ts', 'src/no-such-folder/']);
    expect(named.filter((p) => exists('README.md', p))).toEqual([]);
    // and what is not a path of the repository is not taken for one
    expect(pathsNamed('`text/event-stream`, `/api/chat`, `dist/widget`, `widget.js`, `./data`, `https://HOST/widget.js`')).toEqual([]);
  });
});
