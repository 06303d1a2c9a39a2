import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { minify } from 'terser';

/**
 * V8's explicit compile hint (Chromium 136+; other engines read a comment): every function of the
 * file is compiled as the file is parsed, on a background thread while it streams in, instead of on
 * the main thread the first time each runs. Given to the files whose functions nearly all run at
 * start (a bundle's `eagerCompile`). Measured in headless Chromium at 4x CPU on the widget's own
 * page (12 loads each, interleaved): the long tasks after the core arrived went from a median of
 * 133 ms to 0. widget.js (9 KB) and the journey's files showed no difference beyond the noise, so
 * they are left without it (the 29 bytes count in the text chat's budget).
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * A second minification pass over a browser build's JavaScript with terser, whose compressor
 * goes further than esbuild's (about 3% of the gzip bytes, 1.8 KB of the widget's text chat).
 * The source maps are carried through, so they still point at the TypeScript sources; the
 * outputs of the entries in `eagerCompile` (source files, as the metafile names them) start
 * with `COMPILE_HINT`.
 *
 * @param result an esbuild result with its metafile, the files written
 * @param how `root`: the folder the metafile's paths are relative to; `module`: ES module outputs
 */
export async function minifyFurther(result, { root, module, eagerCompile = [] }) {
  const files = Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js'));
  const eager = new Set(eagerCompile);
  await Promise.all(
    files.map(async (file) => {
      const full = path.join(root, file);
      const [code, map] = await Promise.all([readFile(full, 'utf8'), readFile(`${full}.map`, 'utf8').catch(() => null)]);
      const mapName = `${path.basename(file)}.map`;
      const out = await minify(code, {
        module,
        ecma: 2020,
        compress: { passes: 2 },
        mangle: true,
        // the preamble is written before the code, and the source map accounts for it
        format: { comments: false, ...(eager.has(result.metafile.outputs[file].entryPoint) ? { preamble: COMPILE_HINT } : {}) },
        sourceMap: map ? { content: map, url: mapName } : false,
      });
      await writeFile(full, out.code);
      if (map && out.map) await writeFile(`${full}.map`, typeof out.map === 'string' ? out.map : JSON.stringify(out.map));
    }),
  );
}
