/**
 * The build's declared chunk places (scripts/build/chunk-with.mjs): a chunk loaded on demand is built as reaching
 * the modules the table names for it, with no import of them in its source, and a table naming a file that is not
 * there fails the build. A small project is built for real, in a folder of its own.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { chunkWith } from '../../scripts/build/chunk-with.mjs';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/** An entry that loads `part.ts` on demand and uses `shared.ts`, which the part does not import. */
async function project() {
  dir = await mkdtemp(join(tmpdir(), 'chunk-with-'));
  await writeFile(join(dir, 'shared.ts'), 'export const shared = () => "shared";\n');
  await writeFile(join(dir, 'part.ts'), 'export const part = () => "part";\n');
  await writeFile(join(dir, 'main.ts'), 'import { shared } from "./shared";\nshared();\nimport("./part").then((m) => m.part());\n');
  return dir;
}

const build = (root: string, plugins: esbuild.Plugin[]) =>
  esbuild.build({
    absWorkingDir: root,
    entryPoints: ['main.ts'],
    bundle: true,
    format: 'esm',
    splitting: true,
    outdir: 'out',
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins,
  });

describe('chunkWith', () => {
  it('builds the part as reaching the modules declared for it, its source unchanged', async () => {
    const root = await project();
    const plain = await build(root, []);
    expect(plain.metafile.inputs['part.ts']!.imports).toEqual([]);
    const declared = await build(root, [chunkWith(root, { 'part.ts': ['shared.ts'] })]);
    expect(declared.metafile.inputs['part.ts']!.imports.map((i) => i.path)).toEqual(['shared.ts']);
    // shared by the entry and the part: a chunk of its own that both import
    expect(Object.keys(declared.metafile.outputs).filter((f) => f.endsWith('.js'))).toHaveLength(3);
  });

  it('fails where the table names a file that is not there', async () => {
    const root = await project();
    expect(() => chunkWith(root, { 'part.ts': ['gone.ts'] })).toThrow('chunkWith: gone.ts is not there');
    expect(() => chunkWith(root, { 'gone.ts': ['shared.ts'] })).toThrow('chunkWith: gone.ts is not there');
  });
});
