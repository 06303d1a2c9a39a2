// Every bundle of the project, in one table. Browser bundles alias react and
// react-dom to preact/compat; each browser bundle's first-load weight is held to
// the budget in size-budget.json, and the build fails when a bundle exceeds it.
//
//   node esbuild.config.mjs            build everything, print sizes, check budgets
//   node esbuild.config.mjs --watch    rebuild on change (no budget failure while watching)
import * as esbuild from 'esbuild';
import { gzipSync } from 'node:zlib';
import { cp, mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));
const watch = process.argv.includes('--watch');

/** Shared by every browser bundle: components are written against React's API and run on Preact. */
const browserDefaults = {
  bundle: true,
  platform: 'browser',
  target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
  minify: true,
  sourcemap: 'linked',
  legalComments: 'linked',
  alias: {
    react: 'preact/compat',
    'react-dom': 'preact/compat',
    'react/jsx-runtime': 'preact/jsx-runtime',
    'react/jsx-dev-runtime': 'preact/jsx-runtime',
  },
  jsx: 'automatic',
  jsxImportSource: 'react',
  loader: { '.svg': 'text' },
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
};

/**
 * The table of bundles. `budget` names the entry in size-budget.json; `static`
 * lists files copied next to the outputs; those a first visit loads count in the
 * budget, those marked `lazy` (fetched later or in the background) do not.
 */
export const bundles = [
  {
    name: 'journey',
    budget: 'journey',
    options: {
      ...browserDefaults,
      entryPoints: { journey: 'journey/main.tsx' },
      outdir: 'dist/public/assets',
      format: 'esm',
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
      metafile: true,
    },
    static: [
      { from: 'demo/index.html', to: 'dist/public/index.html' },
      { from: 'demo/favicon.svg', to: 'dist/public/assets/favicon.svg', lazy: true },
    ],
  },
  {
    name: 'server',
    options: {
      entryPoints: { main: 'server/main.ts', admin: 'server/admin-cli.ts' },
      outdir: 'dist/server',
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      sourcemap: 'linked',
      metafile: true,
      logLevel: 'warning',
    },
  },
];

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/**
 * What a first visit loads for an entry: its output, every chunk it imports
 * statically (not the lazy `import()` ones), and the CSS esbuild emitted for it.
 */
function initialFiles(metafile, entryOut) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const out = metafile.outputs[file];
    if (out?.cssBundle) visit(out.cssBundle);
    for (const imp of out?.imports ?? []) {
      if (imp.kind === 'import-statement' && !imp.external) visit(imp.path);
    }
  };
  visit(entryOut);
  return [...seen];
}

async function report(bundle, result, budgets) {
  const outputs = Object.keys(result.metafile.outputs).filter((f) => !f.endsWith('.map'));
  const sizes = new Map();
  for (const file of outputs) {
    const buf = await readFile(path.join(root, file));
    sizes.set(file, { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length });
  }
  for (const s of bundle.static ?? []) {
    const buf = await readFile(path.join(root, s.to));
    sizes.set(s.to, { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length });
  }
  console.log(`\n${bundle.name}`);
  for (const [file, s] of sizes) {
    console.log(`  ${file.padEnd(56)} ${kb(s.raw).padStart(10)} raw ${kb(s.gzip).padStart(10)} gzip`);
  }
  if (!bundle.budget) return true;
  const budget = budgets[bundle.budget];
  if (!budget) throw new Error(`size-budget.json has no entry "${bundle.budget}"`);
  // esbuild also marks lazily imported chunks as entry points; only the configured entries count here.
  const entrySources = new Set(Object.values(bundle.options.entryPoints));
  const entryOuts = Object.entries(result.metafile.outputs)
    .filter(([, o]) => o.entryPoint && entrySources.has(o.entryPoint))
    .map(([f]) => f);
  const eagerStatic = (bundle.static ?? []).filter((s) => !s.lazy).map((s) => s.to);
  const files = new Set([...entryOuts.flatMap((e) => initialFiles(result.metafile, e)), ...eagerStatic]);
  const total = [...files].reduce((n, f) => n + (sizes.get(f)?.gzip ?? 0), 0);
  const ok = total <= budget.gzip;
  console.log(
    `  first load: ${kb(total)} gzip of ${kb(budget.gzip)} budget (${[...files].length} files) ${ok ? 'ok' : 'OVER BUDGET'}`,
  );
  return ok;
}

async function copyStatic(bundle) {
  for (const s of bundle.static ?? []) {
    await mkdir(path.dirname(path.join(root, s.to)), { recursive: true });
    await cp(path.join(root, s.from), path.join(root, s.to));
  }
}

async function main() {
  const budgets = JSON.parse(await readFile(path.join(root, 'size-budget.json'), 'utf8'));
  process.chdir(root);
  if (watch) {
    for (const bundle of bundles) {
      await copyStatic(bundle);
      const ctx = await esbuild.context(bundle.options);
      await ctx.watch();
    }
    console.log('watching for changes…');
    return;
  }
  await rm(path.join(root, 'dist'), { recursive: true, force: true });
  let ok = true;
  for (const bundle of bundles) {
    const result = await esbuild.build(bundle.options);
    await copyStatic(bundle);
    ok = (await report(bundle, result, budgets)) && ok;
  }
  if (!ok) {
    console.error('\nbuild failed: a bundle is over its size budget (size-budget.json)');
    process.exit(1);
  }
}

await main();
