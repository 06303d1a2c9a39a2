import * as esbuild from 'esbuild';
import path from 'node:path';
import { minifyFurther } from './minify.mjs';

/**
 * Builds each vendor module on its own into `outdir/chunks/vendor-NAME-HASH.js` and returns
 * the plugin that marks its imports external, pointing at that file, with the outputs' metafile
 * (merged into the main build's, so budgets follow the import).
 *
 * Third-party modules are built apart like this, each into one self-contained file beside the
 * widget's chunks, which import it by that file's name, when they bundle CommonJS (jszip; the
 * inspector's stringifiers): esbuild would otherwise put its helpers in a chunk of their own that
 * every chunk imports, the launcher's first load included (0.5 KB gzip and a round trip for nothing).
 */
export async function buildVendors(modules, options, { watching = false } = {}) {
  const files = new Map();
  const outputs = {};
  for (const module of modules) {
    const name = `vendor-${module.replace(/^@/, '').replace(/[^\w]+/g, '-')}`;
    const result = await esbuild.build({
      ...options,
      entryPoints: { [name]: module },
      outdir: path.join(options.outdir, 'chunks'),
      entryNames: '[name]-[hash]',
      splitting: false,
      plugins: [],
    });
    const [file] = Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js'));
    files.set(module, file);
    Object.assign(outputs, result.metafile.outputs);
    if (!watching) await minifyFurther(result, { root: options.absWorkingDir, module: options.format === 'esm' });
  }
  const plugin = {
    name: 'vendors-apart',
    setup(build) {
      const filter = new RegExp(`^(${modules.map((m) => m.replace(/[/.]/g, '\\$&')).join('|')})$`);
      build.onResolve({ filter }, (args) => ({ path: `./${path.basename(files.get(args.path))}`, external: true }));
    },
  };
  return { plugin, files, outputs };
}

/**
 * Joins the vendors' outputs to the main build's metafile: an import of a vendor file becomes
 * an import of that output. A vendor import must come from a chunk (its path is relative to them).
 */
export function joinVendors(metafile, vendors, chunkDir) {
  const byName = new Map([...vendors.files.values()].map((f) => [`./${path.basename(f)}`, f]));
  for (const [file, out] of Object.entries(metafile.outputs)) {
    for (const imp of out.imports ?? []) {
      const target = imp.external && byName.get(imp.path);
      if (!target) continue;
      if (path.dirname(file) !== chunkDir) throw new Error(`${file} imports ${imp.path}, which resolves only from ${chunkDir}`);
      imp.path = target;
      imp.external = false;
    }
  }
  Object.assign(metafile.outputs, vendors.outputs);
}
