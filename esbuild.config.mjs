// Every bundle of the project, in one table. Browser bundles alias react and react-dom to
// preact/compat. The entries a page loads, with their gzip budgets, are named once, in
// size-budget.json; the steps of the build live in scripts/build/.
//
//   node esbuild.config.mjs            build everything, print sizes, check budgets
//   node esbuild.config.mjs --watch    rebuild everything on change (no budget check, no second minification)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readManifest } from './scripts/build/budgets.mjs';
import { build } from './scripts/build/build.mjs';
import { catalogueMangle } from './scripts/build/catalogue-keys.mjs';
import { chunkWith } from './scripts/build/chunk-with.mjs';
import { minifiedCssText } from './scripts/build/css-text.mjs';
import { coreManifest } from './scripts/build/layers.mjs';
import { markedLexerOnly } from './scripts/build/marked-lexer.mjs';
import { reactHooksForCommonJs } from './scripts/build/react-hooks.mjs';
import { watchAll } from './scripts/build/watch.mjs';
import { xstateWithoutDevTools } from './scripts/build/xstate-dev.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
const manifest = readManifest(root);
/** The source file of a manifest entry. */
const entry = (name) => {
  if (!manifest[name]) throw new Error(`size-budget.json has no entry "${name}"`);
  return manifest[name].entry;
};
const core = entry('chat');

/** Shared by every browser bundle: components are written against React's API and run on Preact. */
export const browserDefaults = {
  bundle: true,
  platform: 'browser',
  // the browsers we support, and nothing older: an extra 'es2020' lowered class fields and private
  // members into helpers every chunk shared (0.3 KB gzip on the launcher and on the text chat)
  target: ['chrome100', 'firefox100', 'safari15.4'],
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
  plugins: [reactHooksForCommonJs],
  logLevel: 'warning',
};

/** The widget's modules add CSS adopted as text, the lexer-only marked and xstate without its devtools hook to the defaults. */
export const widgetPlugins = [reactHooksForCommonJs, minifiedCssText, markedLexerOnly, xstateWithoutDevTools];

/** The table of bundles (its fields: `Bundle` in scripts/build/build.mjs). */
export const bundles = [
  {
    name: 'journey',
    options: {
      ...browserDefaults,
      entryPoints: { journey: entry('journey') },
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
    // The operator console (docs/console.md): its first screen, then each screen as a chunk of its own on demand.
    name: 'console',
    options: {
      ...browserDefaults,
      entryPoints: { console: entry('console') },
      outdir: 'dist/public/assets',
      format: 'esm',
      splitting: true,
      chunkNames: 'chunks/console-[name]-[hash]',
      metafile: true,
      plugins: [
        ...browserDefaults.plugins,
        // the chunks loaded on demand that reach none of the console's shared modules (scripts/build/chunk-with.mjs):
        // each is built as reaching them, as every screen does, so the runtime helpers stay in their shared chunk and
        // the first visit loads no chunk of helpers of its own
        chunkWith(root, { [entry('console-advice-reasons')]: ['console/ui.tsx'] }),
      ],
    },
    static: [{ from: 'demo/console.html', to: 'dist/public/console.html' }],
  },
  {
    // The widget's modules in two layers (scripts/build/layers.mjs): the core (machines, client, chat
    // window, Preact, xstate), then the parts it loads on demand.
    name: 'widget',
    // built apart, each into one self-contained file: both bundle CommonJS (jszip; the inspector's stringifiers)
    vendors: ['docx-preview', '@statelyai/inspect'],
    layers: { core },
    // the core runs nearly all of its functions as it starts (its lazy compilation on the main thread
    // was the one long task the widget added to a page at 4x CPU; see `COMPILE_HINT`)
    eagerCompile: [core],
    options: {
      ...browserDefaults,
      entryPoints: { core },
      outdir: 'dist/widget/widget',
      format: 'esm',
      splitting: true,
      // every file but widget.js is content-hashed: served immutable, cached for good
      entryNames: '[name]-[hash]',
      chunkNames: 'chunks/[name]-[hash]',
      plugins: widgetPlugins,
      metafile: true,
      // the catalogue's keys, short (scripts/build/catalogue-keys.mjs)
      mangleProps: catalogueMangle(root),
    },
  },
  {
    // widget.js: the classic script a site pastes; it reads its attributes, draws the launcher
    // (src/launcher-frame.ts), then loads the core (its hashed name comes from the widget's build).
    name: 'widget-loader',
    defineFrom: { bundle: 'widget', define: (metafile) => coreManifest(metafile, core, 'dist/widget') },
    options: {
      ...browserDefaults,
      entryPoints: { widget: entry('launcher') },
      outdir: 'dist/widget',
      format: 'iife',
      // the launcher's stylesheet, adopted by its first frame (src/launcher-frame.ts)
      plugins: [minifiedCssText],
      metafile: true,
      // the core's URL is computed from the script's own URL at run time; esbuild leaves it alone
      supported: { 'dynamic-import': true },
    },
  },
  {
    // the appearance editor's preview (docs/console.md "The appearance preview"): a sample host page whose script
    // loads the real widget.js with a preview key and applies the editor's draft
    name: 'console-preview',
    options: {
      ...browserDefaults,
      entryPoints: { 'console-preview': entry('console-preview') },
      outdir: 'dist/public/assets',
      format: 'esm',
      metafile: true,
    },
    static: [{ from: 'console/preview/preview.html', to: 'dist/public/console-preview.html' }],
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

// Tests import the options above (the markdown XSS harness builds with the widget's plugins).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.chdir(root);
  const run = (watching) => build({ root, bundles, manifest, watching });
  if (process.argv.includes('--watch')) watchAll(root, () => run(true));
  else {
    await run(false).catch((err) => {
      console.error(`\nbuild failed: ${err instanceof Error ? err.message : err}`);
      process.exit(1);
    });
  }
}
