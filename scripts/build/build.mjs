import * as esbuild from 'esbuild';
import { cp, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { checkBudgets, membership } from './budgets.mjs';
import { buildLayers } from './layers.mjs';
import { minifyFurther } from './minify.mjs';
import { precompress } from './precompress.mjs';
import { report } from './report.mjs';
import { buildVendors, joinVendors } from './vendors.mjs';

/**
 * A row of the table of bundles (esbuild.config.mjs).
 *
 * @typedef {object} Bundle
 * @property {string} name printed above its outputs
 * @property {import('esbuild').BuildOptions} options esbuild's options; `entryPoints` are the entries a page loads first
 * @property {{ from: string, to: string, lazy?: boolean }[]} [static] files copied next to the outputs; those
 *   a first visit loads count with the bundle's entries, those marked `lazy` (fetched later or in the background) do not
 * @property {string[]} [vendors] modules built apart, each into one file of its own (`buildVendors`)
 * @property {{ core: string }} [layers] build the core and the parts it loads on demand in two layers (`buildLayers`)
 * @property {string[]} [eagerCompile] the entries (source files) whose outputs get the compile hint (`COMPILE_HINT`)
 * @property {{ bundle: string, define: (metafile: import('esbuild').Metafile) => Record<string, string> }} [defineFrom]
 *   defines computed from an earlier bundle's outputs
 */

/**
 * Builds every bundle into `root`/dist and returns each one's metafile. Then, unless `watching`:
 * the second minification pass, a compressed copy of each file a browser loads, each output's raw
 * and gzip size printed, and the budgets checked; it fails when one is over. While watching, those
 * are left out (the server sends the files as they are).
 *
 * @param {{ root: string, bundles: Bundle[], manifest: Record<string, import('./budgets.mjs').ManifestEntry>, watching?: boolean, log?: (line: string) => void }} how
 */
export async function build({ root, bundles, manifest, watching = false, log = console.log }) {
  await rm(path.join(root, 'dist'), { recursive: true, force: true });
  const results = [];
  const sizes = new Map();
  for (const bundle of bundles) {
    const base = { absWorkingDir: root, ...bundle.options };
    const vendors = bundle.vendors && (await buildVendors(bundle.vendors, base, { watching }));
    let options = vendors && !bundle.layers ? { ...base, plugins: [...base.plugins, vendors.plugin] } : base;
    if (bundle.defineFrom) {
      const from = results.find((r) => r.bundle.name === bundle.defineFrom.bundle);
      options = { ...options, define: { ...options.define, ...bundle.defineFrom.define(from.metafile) } };
    }
    const result = bundle.layers
      ? await buildLayers({ core: bundle.layers.core, options, extraPlugins: vendors ? [vendors.plugin] : [] })
      : await esbuild.build(options);
    if (vendors) joinVendors(result.metafile, vendors, path.join(options.outdir, 'chunks'));
    if (options.platform === 'browser' && !watching)
      await minifyFurther(result, { root, module: options.format === 'esm', eagerCompile: bundle.eagerCompile });
    await copyStatic(root, bundle);
    results.push({ bundle, metafile: result.metafile });
    if (!watching) for (const [file, s] of await report(root, bundle, result.metafile, log)) sizes.set(file, s);
  }
  if (watching) return results;
  await Promise.all(browserFolders(bundles).map((dir) => precompress(path.join(root, dir))));
  const members = membership({ outputs: Object.assign({}, ...results.map((r) => r.metafile.outputs)) }, manifest, {
    roots: bundles.flatMap((b) => Object.values(b.options.entryPoints)),
    alongside: firstLoadStatics(results),
    bundleOf: new Map(results.flatMap((r) => Object.keys(r.metafile.outputs).map((file) => [file, r.bundle.name]))),
  });
  if (!checkBudgets(manifest, members, (file) => sizes.get(file)?.gzip, log))
    throw new Error('a bundle is over its size budget (size-budget.json)');
  return results;
}

async function copyStatic(root, bundle) {
  for (const s of bundle.static ?? []) {
    await mkdir(path.dirname(path.join(root, s.to)), { recursive: true });
    await cp(path.join(root, s.from), path.join(root, s.to));
  }
}

/** Output file of a bundle's entry -> the static files a first visit loads with it. */
function firstLoadStatics(results) {
  const alongside = new Map();
  for (const { bundle, metafile } of results) {
    const eager = (bundle.static ?? []).filter((s) => !s.lazy).map((s) => s.to);
    const entries = new Set(Object.values(bundle.options.entryPoints));
    for (const [file, out] of Object.entries(metafile.outputs)) if (entries.has(out.entryPoint)) alongside.set(file, eager);
  }
  return alongside;
}

/** The folders browsers load from: the browser bundles' output folders and their static files' (the outermost of those nested). */
function browserFolders(bundles) {
  const dirs = bundles
    .filter((b) => b.options.platform === 'browser')
    .flatMap((b) => [b.options.outdir, ...(b.static ?? []).map((s) => path.dirname(s.to))]);
  return [...new Set(dirs)].filter((d) => !dirs.some((o) => o !== d && d.startsWith(`${o}/`)));
}
