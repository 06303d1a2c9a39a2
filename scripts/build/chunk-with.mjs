import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/*
 * Which chunk holds what, stated in the build's table rather than by an unused import in a source file.
 * esbuild's code splitting puts every module two chunks share, and the runtime helpers they share with it, into a
 * chunk of its own. A chunk loaded on demand that reaches none of its bundle's shared modules makes esbuild split the
 * helpers it shares with the first visit into a new chunk, which the first visit then loads too (the console's
 * `console-advice-reasons`: 0.4 KB gzip more on the console's first visit, and more chunks). Built as reaching those
 * modules, it shares the chunk they are in, as every other screen does, and nothing moves.
 * A plugin is the only place the build can say so: esbuild (0.28) has no option that places a module in a chunk (its
 * `splitting` and `chunkNames` are all it offers; manual chunks are an open request, evanw/esbuild#207).
 */

/**
 * A plugin that builds each source file named in `reaches` as though it imported the files listed for it, for their
 * place in the chunks only (nothing of them is used, and the source keeps no import of them). Paths are relative to
 * `root`; a path that is not there fails the build, so the table cannot name a file that has gone.
 *
 * @param {string} root the project's folder
 * @param {Record<string, string[]>} reaches source file → the files it is built as reaching
 * @returns {import('esbuild').Plugin}
 */
export function chunkWith(root, reaches) {
  const table = new Map(
    Object.entries(reaches).map(([file, with_]) => {
      for (const f of [file, ...with_]) if (!existsSync(path.join(root, f))) throw new Error(`chunkWith: ${f} is not there`);
      return [path.join(root, file), with_.map((f) => path.join(root, f))];
    }),
  );
  const literal = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return {
    name: 'chunk-with',
    setup(build) {
      build.onLoad({ filter: new RegExp(`^(${[...table.keys()].map(literal).join('|')})$`) }, async (args) => {
        const extra = table.get(args.path);
        if (!extra) return undefined;
        const source = await readFile(args.path, 'utf8');
        // appended, so the file's own lines (and its source map) stay where they are
        return {
          contents: `${source}\n${extra.map((f) => `import ${JSON.stringify(f)};`).join('\n')}\n`,
          loader: path.extname(args.path).slice(1),
          resolveDir: path.dirname(args.path),
          watchFiles: [args.path],
        };
      });
    },
  };
}
