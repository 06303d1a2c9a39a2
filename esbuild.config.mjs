// Every bundle of the project, in one table. Browser bundles alias react and
// react-dom to preact/compat; each browser bundle's first-load weight is held to
// the budget in size-budget.json, and the build fails when a bundle exceeds it.
//
//   node esbuild.config.mjs            build everything, print sizes, check budgets
//   node esbuild.config.mjs --watch    rebuild everything on change (no budget check, no second minification)
import * as esbuild from 'esbuild';
import * as acorn from 'acorn';
import { minify } from 'terser';
import { createHash } from 'node:crypto';
import { brotliCompress, constants as zlibConstants, gzip, gzipSync } from 'node:zlib';
import { promisify } from 'node:util';
import { watch as watchFolder } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));
const watch = process.argv.includes('--watch');

/**
 * Widget stylesheets are adopted as text: minified here, as esbuild's text loader would not.
 * esbuild keeps the space after the comma of `var(--name, fallback)`; a declared value is
 * trimmed, so it goes too.
 */
const minifiedCssText = {
  name: 'minified-css-text',
  setup(build) {
    build.onLoad({ filter: /\.css$/ }, async (args) => {
      const { code } = await esbuild.transform(await readFile(args.path, 'utf8'), { loader: 'css', minify: true });
      return { contents: code.replace(/(var\(--[\w-]+),\s+/g, '$1,'), loader: 'text' };
    });
  },
};

/**
 * The widget uses only marked's Lexer (its tokens become elements, src/markdown). marked
 * ships one pre-bundled file whose last statements build a default `Marked` instance and
 * hang the Parser, Renderer, hooks and option setters on the `marked` function: property
 * writes a bundler must keep, and with them everything they reach (about 3 KB gzip).
 * This cuts that tail and exports the Lexer and Tokenizer only, so the rest tree-shakes.
 * It checks the file's shape and fails the build if a new marked lays it out otherwise.
 */
const markedLexerOnly = {
  name: 'marked-lexer-only',
  setup(build) {
    build.onLoad({ filter: /[\\/]marked[\\/]lib[\\/]marked\.esm\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const exportList = /export\s*\{([^}]*)\};?\s*(?:\/\/# sourceMappingURL=\S*\s*)?$/.exec(source);
      const locals = new Map(
        (exportList?.[1] ?? '').split(',').map((spec) => {
          const [local, exported = local] = spec.trim().split(/\s+as\s+/);
          return [exported, local];
        }),
      );
      const [marked, lexer, tokenizer] = ['Marked', 'Lexer', 'Tokenizer'].map((name) => locals.get(name));
      const instance = marked && new RegExp(`var [\\w$]+=new ${marked.replace(/\$/g, '\\$')};`).exec(source);
      if (!lexer || !tokenizer || !instance) {
        throw new Error(`${args.path}: not the layout marked-lexer-only expects (a default Marked instance, then the export list); update the plugin in esbuild.config.mjs`);
      }
      return { contents: withoutUnusedRules(`${source.slice(0, instance.index)}export{${lexer} as Lexer,${tokenizer} as Tokenizer};`, args.path), loader: 'js' };
    });
  },
};

/**
 * marked builds its rule sets at load time: `{ normal, gfm, pedantic }` for blocks and `{ normal, gfm,
 * breaks, pedantic }` inline, each regex made by calls a bundler must keep even when nothing reads
 * the result. The widget lexes with `gfm: true, breaks: false, pedantic: false` (src/markdown), so the
 * `pedantic` and `breaks` sets go, then every top-level variable nothing reads any more, until none is
 * left (about 0.3 KB gzip). Fails the build if a new marked has not these two objects.
 */
function withoutUnusedRules(source, file) {
  const parse = (code) => acorn.parse(code, { ecmaVersion: 'latest', sourceType: 'module' });
  const walk = (node, visit, parent) => {
    if (!node || typeof node.type !== 'string') return;
    visit(node, parent);
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const child of value) walk(child, visit, node);
      else if (value && typeof value.type === 'string') walk(value, visit, node);
    }
  };
  const declarators = (program) => program.body.filter((s) => s.type === 'VariableDeclaration').flatMap((s) => s.declarations.filter((d) => d.id.type === 'Identifier'));
  const cut = (code, ranges) => ranges.sort((a, b) => b[0] - a[0]).reduce((c, [start, end, by = '']) => c.slice(0, start) + by + c.slice(end), code);

  const sets = declarators(parse(source)).filter((d) => d.init?.type === 'ObjectExpression' && /^normal,gfm,(breaks,)?pedantic$/.test(d.init.properties.map((p) => p.key?.name).join(',')));
  if (sets.length !== 2) throw new Error(`${file}: not the rule sets withoutUnusedRules expects ({ normal, gfm, pedantic } and { normal, gfm, breaks, pedantic }); update it in esbuild.config.mjs`);
  // each property with the comma before it (neither is first)
  let code = cut(source, sets.flatMap((d) => d.init.properties.filter((p) => p.key.name === 'pedantic' || p.key.name === 'breaks').map((p) => [p.start - 1, p.end])));
  for (;;) {
    const program = parse(code);
    const decls = declarators(program);
    const ids = new Set(decls.map((d) => d.id));
    const reads = new Set();
    walk(program, (n, parent) => {
      if (n.type !== 'Identifier' || ids.has(n)) return;
      if (parent && (parent.type === 'MemberExpression' || parent.type === 'Property' || parent.type === 'MethodDefinition' || parent.type === 'PropertyDefinition') && (parent.property === n || parent.key === n) && !parent.computed && !parent.shorthand) return;
      reads.add(n.name);
    });
    const unused = decls.filter((d) => d.init && !reads.has(d.id.name) && !(d.init.type === 'UnaryExpression' && d.init.operator === 'void'));
    if (!unused.length) return code;
    code = cut(code, unused.map((d) => [d.init.start, d.init.end, 'void 0']));
  }
}

/**
 * @xstate/react reaches React's hooks through use-sync-external-store, a CommonJS
 * package whose `require('react')` needs the whole preact/compat module object, so
 * none of compat could tree-shake (about 2.5 KB gzip of the chat window). Its
 * `require('react')` gets an ES module with just the hooks it reads instead; the rest
 * of the code still imports all of React's API from preact/compat.
 */
const REACT_HOOKS_FOR_CJS = ['useSyncExternalStore', 'useRef', 'useEffect', 'useLayoutEffect', 'useMemo', 'useState', 'useDebugValue'];
const reactHooksForCommonJs = {
  name: 'react-hooks-for-commonjs',
  setup(build) {
    build.onResolve({ filter: /^react$/ }, (args) =>
      args.kind === 'require-call' && /[\\/]use-sync-external-store[\\/]/.test(args.importer) ? { path: 'react', namespace: 'react-hooks-for-commonjs' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'react-hooks-for-commonjs' }, () => ({
      contents: `export { ${REACT_HOOKS_FOR_CJS.join(', ')} } from 'preact/compat';`,
      resolveDir: root,
      loader: 'js',
    }));
  },
};

/**
 * Third-party modules built apart, each into one self-contained file beside the widget's chunks,
 * which import it by that file's name. Both bundle CommonJS (jszip; the inspector's stringifiers),
 * whose helpers esbuild would otherwise put in a chunk of their own that every chunk imports,
 * the launcher's first load included (0.5 KB gzip and a round trip for nothing).
 */
const WIDGET_VENDORS = ['docx-preview', '@statelyai/inspect'];

/**
 * Builds each vendor module on its own into `outdir/chunks/vendor-NAME-HASH.js` and returns
 * the plugin that marks its imports external, pointing at that file, with the outputs' metafile
 * (merged into the main build's, so budgets follow the import).
 */
async function buildVendors(modules, options, { watching = false } = {}) {
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
    if (!watching) await minifyFurther(result, { options });
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
function joinVendors(metafile, vendors, chunkDir) {
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

/** The modules of dictation and voice mode (their chunks, and the chunks they share). */
const VOICE_PARTS = /src[\\/](dictation|voice)[\\/]|machines[\\/](recording|avatar)|src[\\/]effects[\\/](microphone|avatar-room|fake-avatar-room)|src[\\/]api[\\/](transcribe|avatar)|src[\\/]view-models[\\/]dictation/;
/** The host-page slots' viewers and the Ask-question modal (their chunk loads once a page has a slot). */
const EMBED_PARTS = /src[\\/]embeds[\\/](index|views)|machines[\\/](slot|video-player|ask-modal)\.|src[\\/]effects[\\/](embed-content|ask-modal|media)\.|src[\\/]view-models[\\/]embeds/;
/** docx-preview, with jszip and what it brings, and the safe renderer around it. */
const DOCX = /src[\\/]embeds[\\/]docx|node_modules[\\/](docx-preview|jszip|pako|lie|immediate|setimmediate|readable-stream|inherits|core-util-is|isarray|process-nextick-args|safe-buffer|string_decoder|util-deprecate)[\\/]/;
/** livekit-client and what it brings. */
const LIVEKIT = /node_modules[\\/](livekit-client|@livekit|@bufbuild|sdp-transform|webrtc-adapter|jose|loglevel|events|typed-emitter|tslib|sdp)[\\/]/;

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

/** The widget's modules add CSS adopted as text and the lexer-only marked to the defaults. */
export const widgetPlugins = [reactHooksForCommonJs, minifiedCssText, markedLexerOnly];

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
    // The widget's modules in two layers (see `buildLayers`): the core (machines, client, chat window,
    // Preact, xstate), then the parts it loads on demand.
    name: 'widget',
    budget: 'widget',
    // widget.js draws the launcher before it loads the core (src/launcher-frame.ts): the launcher's
    // budget counts widget.js alone, and the text chat's all of it
    afterLauncher: true,
    vendors: WIDGET_VENDORS,
    layers: { core: 'src/core.tsx' },
    // the core runs nearly all of its functions as it starts (issue 13: its lazy compilation on the main
    // thread was the one long task the widget added to a page at 4x CPU; see `COMPILE_HINT`)
    eagerCompile: /[\\/]core-[^\\/]*\.js$/,
    // The text chat once opened counts everything it loads: the launcher, the window and the
    // markdown renderer (fetched with the first formatted answer). The inspector (?inspect, a
    // development aid) is left out. The markdown chunk also has a budget of its own.
    // Dictation and voice mode (the recording and avatar machines, the microphone's and the room's
    // effects, LiveKit) load on the first click of their buttons and are budgeted on their own: a chunk
    // holding any of their modules is theirs, not the text chat's.
    // The documents' and videos' viewers load only on a page with a slot, and are budgeted on their own too.
    lazyBudget: { name: 'widget-chat', exclude: new RegExp(`@statelyai[\\\\/]inspect|src[\\\\/]inspect\\.ts|${VOICE_PARTS.source}|${LIVEKIT.source}|${EMBED_PARTS.source}|${DOCX.source}`) },
    partBudgets: [
      { name: 'widget-markdown', match: /marked[\\/]|src[\\/]markdown[\\/]/ },
      // each counts everything its first use loads, the recording parts they share included
      { name: 'widget-dictation', match: /src[\\/]dictation[\\/]|machines[\\/]recording|src[\\/]effects[\\/]microphone|src[\\/]api[\\/]transcribe/ },
      { name: 'widget-voice', match: /src[\\/]voice[\\/]index|machines[\\/](avatar|recording)|src[\\/]effects[\\/](avatar-room|fake-avatar-room|microphone)|src[\\/]api[\\/](avatar|transcribe)/ },
      { name: 'widget-livekit', match: LIVEKIT },
      { name: 'widget-embeds', match: EMBED_PARTS },
      { name: 'widget-docx', match: DOCX },
    ],
    options: {
      ...browserDefaults,
      entryPoints: { core: 'src/core.tsx' },
      outdir: 'dist/widget/widget',
      format: 'esm',
      splitting: true,
      // every file but widget.js is content-hashed: served immutable, cached for good (issue 13)
      entryNames: '[name]-[hash]',
      chunkNames: 'chunks/[name]-[hash]',
      plugins: widgetPlugins,
      metafile: true,
    },
  },
  {
    // widget.js: the classic script a site pastes; it reads its attributes, draws the launcher
    // (src/launcher-frame.ts), then loads the core (its hashed name comes from the widget's build, issue 13).
    name: 'widget-loader',
    budget: 'widget',
    budgetWith: ['widget'],
    defineFrom: { bundle: 'widget', define: coreManifest },
    options: {
      ...browserDefaults,
      entryPoints: { widget: 'src/loader.ts' },
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
 * Builds the widget in two layers (issue 13). esbuild's code splitting puts every module that two
 * entries share into a chunk of its own: the text chat was seven files, each with its gzip overhead
 * and its import glue. Here the core (src/core.tsx: the engine, the chat window, Preact and xstate,
 * everything the widget loads once widget.js has drawn the launcher) is one file, and the parts it
 * loads on demand (its dynamic imports: the markdown renderer, dictation, voice mode, the viewers, the
 * inspector) are built with their imports of the core's modules turned into imports from the core's
 * file, so that those modules ship once:
 *
 * 1. a probe build of the core tells which modules it holds, and which it imports dynamically (the parts);
 * 2. a probe build of the parts, with the held modules external, tells which of their names each of
 *    its output files imports;
 * 3. the core is built with those names exported as `_0`, `_1`, …, its dynamic imports pointing at the
 *    parts' files;
 * 4. the parts are built with each held module replaced, for the modules of each output file, by one
 *    module re-exporting the names they use from the core's file (one per output file, so that each
 *    stays in that file: a module two files share would be a chunk of its own); then each file's
 *    import statements from the core's file become one (replaced line for line, so the source maps
 *    still hold);
 * 5. the core names the parts' files and the parts name the core's, so no file can be named by the hash
 *    of its own content: every file of both builds is named with one hash of all of them, written in
 *    place of a placeholder of the same length (so the source maps still hold). A change anywhere
 *    renames them all, and a name still stands for one content, so they are cached for good.
 *
 * Returns both builds' outputs in one metafile, the parts' imports of the core and the core's dynamic
 * imports made internal, so budgets follow them.
 */
async function buildLayers(bundle, extraPlugins) {
  const { core } = bundle.layers;
  const options = bundle.options;
  const chunkDir = path.join(options.outdir, 'chunks');
  const plugins = [...options.plugins, ...extraPlugins];
  const rel = (file) => path.relative(root, file).split(path.sep).join('/');
  const probeDir = path.join(root, 'dist', 'probe');
  // as long as the hash that takes its place (step 5)
  const PLACEHOLDER = 'LAYERHSH';

  // 1. what the core holds (its module graph, JavaScript only: its CSS is text it adopts), and the parts it loads on demand
  /** a part's source (absolute) -> its entry name */
  const parts = new Map();
  const partsApart = (to) => ({
    name: 'layer-parts',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData === partsApart) return undefined;
        const r = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: partsApart });
        if (r.errors.length) return { errors: r.errors };
        if (r.external || r.namespace !== 'file') return undefined;
        const base = path.basename(r.path).replace(/\.[^.]+$/, '');
        if (!parts.has(r.path)) parts.set(r.path, base === 'index' ? path.basename(path.dirname(r.path)) : base);
        return { path: to(parts.get(r.path)), external: true };
      });
    },
  });
  const probeCore = await esbuild.build({ ...options, entryPoints: { core }, splitting: false, write: false, sourcemap: false, minify: false, outdir: probeDir, plugins: [partsApart((name) => `part:${name}`), ...plugins] });
  const held = new Set(Object.keys(probeCore.metafile.inputs).filter((f) => /\.(m?js|tsx?)$/.test(f)).map((f) => path.resolve(root, f)));
  const rest = Object.fromEntries([...parts].map(([file, name]) => [name, rel(file)]));
  if (Object.keys(rest).length !== parts.size) throw new Error(`buildLayers: two parts of the core have one name: ${[...parts.values()].join(', ')}`);

  // 2. which of their exports each output file of the parts imports
  const probeRest = await esbuild.build({
    ...options,
    entryPoints: rest,
    entryNames: 'chunks/[name]-[hash]',
    write: false,
    sourcemap: false,
    minify: false,
    outdir: probeDir,
    plugins: [heldModules(held, (file) => ({ path: `held:${rel(file)}`, external: true })), ...plugins],
  });
  /** output file of the probe -> held module -> names */
  const wanted = new Map();
  /** an input of the parts -> its output file in the probe */
  const group = new Map();
  for (const out of probeRest.outputFiles.filter((f) => f.path.endsWith('.js'))) {
    const file = rel(out.path);
    const byModule = new Map();
    for (const { module, names } of importsOf(out.text, 'held:', file)) {
      const set = byModule.get(module) ?? new Set();
      for (const { name } of names) set.add(name);
      byModule.set(module, set);
    }
    wanted.set(file, byModule);
    for (const input of Object.keys(probeRest.metafile.outputs[file].inputs)) group.set(input, file);
  }
  const alias = new Map();
  for (const byModule of wanted.values()) {
    for (const [module, names] of byModule) for (const name of names) if (!alias.has(`${module}\0${name}`)) alias.set(`${module}\0${name}`, `_${alias.size.toString(36)}`);
  }
  const aliasOf = (module, name) => alias.get(`${module}\0${name}`);

  // 3. the core, exporting them, its parts loaded from their files
  const coreFile = path.resolve(root, core);
  const exported = new Map();
  for (const [key, a] of alias) {
    const [module, name] = key.split('\0');
    exported.set(module, [...(exported.get(module) ?? []), `${name} as ${a}`]);
  }
  const exportLines = [...exported].map(([module, specs]) => `export { ${specs.join(', ')} } from ${JSON.stringify(path.resolve(root, module))};`);
  const first = await esbuild.build({
    ...options,
    entryPoints: { core },
    entryNames: `[name]-${PLACEHOLDER}`,
    splitting: false,
    write: false,
    plugins: [
      partsApart((name) => `./chunks/${name}-${PLACEHOLDER}.js`),
      {
        name: 'core-layer-exports',
        setup(build) {
          build.onLoad({ filter: /.*/ }, async (args) => {
            if (args.path !== coreFile) return undefined;
            const source = await readFile(args.path, 'utf8');
            if (/export\s+(const|let|var|function|class)\s+_[0-9a-z]+\b/.test(source)) throw new Error(`${core}: an export named like the layer's aliases (_0, _1, …)`);
            return { contents: `${source}\n${exportLines.join('\n')}\n`, loader: path.extname(args.path).slice(1) };
          });
        },
      },
      ...options.plugins,
    ],
  });
  const coreOut = Object.keys(first.metafile.outputs).find((f) => f.endsWith('.js') && first.metafile.outputs[f].entryPoint);
  const coreExports = new Set(first.metafile.outputs[coreOut].exports);
  for (const a of alias.values()) if (!coreExports.has(a)) throw new Error(`buildLayers: the core does not export ${a}`);

  // 4. the parts, importing them from the core's file (every output of this build is in chunks/)
  const fromCore = path.relative(chunkDir, coreOut).split(path.sep).join('/');
  const second = await esbuild.build({
    ...options,
    entryPoints: rest,
    entryNames: `chunks/[name]-${PLACEHOLDER}`,
    chunkNames: `chunks/[name]-[hash]-${PLACEHOLDER}`,
    write: false,
    // one statement per line, so that joining the import statements keeps the source maps right;
    // the second minification pass (minifyFurther) takes out the whitespace
    minify: false,
    minifyIdentifiers: true,
    minifySyntax: true,
    plugins: [
      heldModules(held, (file, importer) => {
        const of = group.get(rel(importer));
        if (!of) throw new Error(`buildLayers: ${rel(importer)} was not in the probe's build`);
        return { path: `${rel(file)}\0${of}`, namespace: 'held-in-core' };
      }),
      {
        name: 'held-in-core',
        setup(build) {
          build.onResolve({ filter: /.*/, namespace: 'held-in-core' }, (args) => (args.path === fromCore ? { path: fromCore, external: true } : undefined));
          build.onLoad({ filter: /.*/, namespace: 'held-in-core' }, (args) => {
            const [module, of] = args.path.split('\0');
            const names = [...(wanted.get(of)?.get(module) ?? [])];
            const specs = names.map((n) => `${aliasOf(module, n)} as ${n}`).join(', ');
            return { contents: names.length ? `export { ${specs} } from ${JSON.stringify(fromCore)};` : 'export {};', loader: 'js' };
          });
        },
      },
      ...plugins,
    ],
  });
  const jsOutputs = (result) => Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js'));
  if (jsOutputs(second).length !== jsOutputs(probeRest).length) throw new Error('buildLayers: the build made other files than its probe (a module the core holds in a chunk of its own?)');
  const texts = new Map(first.outputFiles.map((f) => [f.path, f.text]));
  for (const file of second.outputFiles) {
    const out = rel(file.path);
    let text = file.text;
    if (out.endsWith('.js')) {
      if (path.dirname(out) !== chunkDir) throw new Error(`buildLayers: ${out} is not in ${chunkDir}, where the core's path is right`);
      const statements = [...text.matchAll(importPattern(fromCore))].map((m) => m[0]);
      if (statements.length > 1) {
        const specs = importsOf(text, fromCore, out).flatMap(({ names }) => names.map(({ name, local }) => (name === local ? name : `${name} as ${local}`)));
        let joined = false;
        text = text.replace(importPattern(fromCore), (statement) => {
          const lines = '\n'.repeat(statement.split('\n').length - 1);
          if (joined) return lines;
          joined = true;
          return `import { ${[...new Set(specs)].join(', ')} } from ${JSON.stringify(fromCore)};${lines}`;
        });
      }
    }
    texts.set(file.path, text);
  }

  // 5. one hash of every file names them all
  const sources = Object.keys({ ...first.metafile.inputs, ...second.metafile.inputs });
  if (sources.some((f) => f.includes(PLACEHOLDER))) throw new Error(`buildLayers: a source's path holds the placeholder ${PLACEHOLDER}`);
  const hash = createHash('sha256');
  for (const [file, text] of [...texts].sort(([a], [b]) => a.localeCompare(b))) hash.update(`${rel(file)}\0${text}\0`);
  const layerHash = hash.digest('hex').slice(0, PLACEHOLDER.length).toUpperCase();
  const named = (s) => s.split(PLACEHOLDER).join(layerHash);
  for (const [file, text] of texts) {
    await mkdir(path.dirname(named(file)), { recursive: true });
    await writeFile(named(file), named(text));
  }
  const metafile = JSON.parse(named(JSON.stringify({ inputs: { ...first.metafile.inputs, ...second.metafile.inputs }, outputs: { ...first.metafile.outputs, ...second.metafile.outputs } })));
  const coreFinal = named(coreOut);
  for (const [file, out] of Object.entries(metafile.outputs)) {
    for (const imp of out.imports) {
      if (!imp.external) continue;
      if (file !== coreFinal && imp.path === named(fromCore)) Object.assign(imp, { path: coreFinal, external: false });
      else if (file === coreFinal && imp.kind === 'dynamic-import') Object.assign(imp, { path: path.join(path.dirname(coreFinal), imp.path).split(path.sep).join('/'), external: false });
    }
  }
  return { metafile };
}

/** A plugin that gives every import of one of the `held` files (absolute paths) to `to(file, importer)`. */
function heldModules(held, to) {
  const SKIP = Symbol('held');
  return {
    name: 'held-modules',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === SKIP || args.kind === 'entry-point' || args.namespace === 'held-in-core') return undefined;
        const r = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, namespace: args.namespace, pluginData: SKIP });
        if (r.errors.length) return { errors: r.errors };
        if (r.namespace === 'file' && held.has(r.path)) {
          if (args.kind !== 'import-statement') throw new Error(`${args.importer} loads ${r.path}, which the core holds, by ${args.kind}: only import statements can reach the core's file`);
          return to(r.path, args.importer);
        }
        return { path: r.path, namespace: r.namespace, external: r.external, sideEffects: r.sideEffects, pluginData: r.pluginData, suffix: r.suffix };
      });
    },
  };
}

/** esbuild's import (or re-export) statements from externals whose path starts with `prefix`. */
const importPattern = (prefix) => new RegExp(`\\b(?:import|export)\\s*[^;"]*?\\s*from\\s*"${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^"]*";?`, 'g');

/**
 * The imports of esbuild's output `text` from externals whose path starts with `prefix`: for each, the
 * module (the rest of the path) and the names with their local bindings. A namespace import, a
 * re-export or a dynamic import of one fails the build: they cannot be turned into the core's aliases.
 */
function importsOf(text, prefix, file) {
  const found = [];
  for (const m of text.matchAll(importPattern(prefix))) {
    const statement = m[0];
    const module = /"([^"]*)"/.exec(statement)[1].slice(prefix.length);
    const clause = statement.replace(/^import\s*/, '').replace(/\s*from\s*"[^"]*";?$/, '');
    if (!statement.startsWith('import') || clause.includes('*')) throw new Error(`buildLayers: ${file} has \`${statement}\`; only named or default imports can reach the core's file`);
    const names = [];
    const braces = /\{([^}]*)\}/.exec(clause);
    const defaultLocal = clause.replace(/\{[^}]*\}/, '').replace(/,/g, '').trim();
    if (defaultLocal) names.push({ name: 'default', local: defaultLocal });
    for (const spec of braces?.[1].split(',') ?? []) {
      const [name, local = name] = spec.trim().split(/\s+as\s+/);
      if (name) names.push({ name, local });
    }
    found.push({ module, names });
  }
  const dynamic = new RegExp(`\\b(?:import|require)\\s*\\(\\s*"${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
  if (dynamic.test(text)) throw new Error(`buildLayers: ${file} loads a module the core holds dynamically`);
  return found;
}

/** The core's file, as a path relative to widget.js, for the loader's `__WIDGET_CORE__` (issue 13). */
function coreManifest(metafile) {
  const core = Object.keys(metafile.outputs).find((f) => metafile.outputs[f].entryPoint === 'src/core.tsx');
  if (!core) throw new Error('coreManifest: the widget build has no core');
  return { __WIDGET_CORE__: JSON.stringify({ core: path.relative('dist/widget', core).split(path.sep).join('/') }) };
}

/**
 * The outputs a visit loads for an entry: its output, the CSS esbuild emitted for
 * it, and every chunk it imports statically; with `lazy`, also the chunks it imports
 * on demand (except those whose inputs match `exclude`), i.e. everything loaded once
 * every feature has been used.
 */
function reachable(metafile, entryOut, { lazy = false, exclude } = {}) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    const out = metafile.outputs[file];
    if (exclude && out && Object.keys(out.inputs).some((i) => exclude.test(i))) return;
    seen.add(file);
    if (out?.cssBundle) visit(out.cssBundle);
    for (const imp of out?.imports ?? []) {
      if (imp.external) continue;
      if (imp.kind === 'import-statement' || (lazy && imp.kind === 'dynamic-import')) visit(imp.path);
    }
  };
  visit(entryOut);
  return seen;
}

/** Prints each output's raw and gzip size; returns this build's first-load and on-demand gzip totals. */
async function report(bundle, result) {
  const outputs = Object.keys(result.metafile.outputs).filter((f) => !f.endsWith('.map') && !f.endsWith('.LEGAL.txt'));
  const sizes = new Map();
  for (const file of [...outputs, ...(bundle.static ?? []).map((s) => s.to)]) {
    const buf = await readFile(path.join(root, file));
    sizes.set(file, { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length });
  }
  console.log(`\n${bundle.name}`);
  for (const [file, s] of sizes) {
    console.log(`  ${file.padEnd(60)} ${kb(s.raw).padStart(10)} raw ${kb(s.gzip).padStart(10)} gzip`);
  }
  // esbuild also marks lazily imported chunks as entry points; only the configured entries count here.
  const entrySources = new Set(Object.values(bundle.options.entryPoints));
  const entryOuts = Object.entries(result.metafile.outputs)
    .filter(([, o]) => o.entryPoint && entrySources.has(o.entryPoint))
    .map(([f]) => f);
  const eagerStatic = (bundle.static ?? []).filter((s) => !s.lazy).map((s) => s.to);
  const sum = (files) => [...files].reduce((n, f) => n + (sizes.get(f)?.gzip ?? 0), 0);
  const initial = new Set([...entryOuts.flatMap((e) => [...reachable(result.metafile, e)]), ...eagerStatic]);
  const lazy = bundle.lazyBudget
    ? new Set([...entryOuts.flatMap((e) => [...reachable(result.metafile, e, { lazy: true, exclude: bundle.lazyBudget.exclude })]), ...eagerStatic])
    : initial;
  const parts = Object.fromEntries(
    (bundle.partBudgets ?? []).map(({ name, match }) => [
      name,
      sum(Object.entries(result.metafile.outputs).filter(([f, o]) => !f.endsWith('.map') && Object.keys(o.inputs).some((i) => match.test(i))).map(([f]) => f)),
    ]),
  );
  return { initial: sum(initial), lazy: sum(lazy), parts };
}

/** Checks the budgets: a budget sums the first loads of its bundles; a lazy budget adds what they load on demand. */
function checkBudgets(results, budgets) {
  let ok = true;
  const totals = new Map();
  const add = (name, n) => totals.set(name, (totals.get(name) ?? 0) + n);
  for (const { sizes } of results) for (const [name, n] of Object.entries(sizes.parts ?? {})) add(name, n);
  for (const { bundle, sizes } of results) {
    if (!bundle.budget) continue;
    if (!bundle.afterLauncher) add(bundle.budget, sizes.initial);
    for (const other of results) {
      if (other.bundle.lazyBudget && other.bundle.budget === bundle.budget) add(other.bundle.lazyBudget.name, bundle.lazyBudget ? sizes.lazy : sizes.initial);
    }
  }
  console.log('\nbudgets (gzip)');
  for (const [name, total] of totals) {
    const budget = budgets[name];
    if (!budget) throw new Error(`size-budget.json has no entry "${name}"`);
    const within = total <= budget.gzip;
    ok &&= within;
    console.log(`  ${name.padEnd(16)} ${kb(total).padStart(10)} of ${kb(budget.gzip).padStart(9)} (${String(budget.gzip - total).padStart(6)} B left)  ${within ? 'ok' : 'OVER BUDGET'}  ${budget.why ?? ''}`);
  }
  return ok;
}

/**
 * V8's explicit compile hint (Chromium 136+; other engines read a comment): every function of the
 * file is compiled as the file is parsed, on a background thread while it streams in, instead of on
 * the main thread the first time each runs. Given to the files whose functions nearly all run at
 * start (a bundle's `eagerCompile`). Measured in headless Chromium at 4x CPU on the widget's own
 * page (12 loads each, interleaved): the long tasks after the core arrived went from a median of
 * 133 ms to 0. widget.js (9 KB) and the journey's files showed no difference beyond the noise, so
 * they are left without it (the 29 bytes count in the text chat's budget).
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * A second minification pass over a browser build's JavaScript with terser, whose compressor
 * goes further than esbuild's (about 3% of the gzip bytes, 1.8 KB of the widget's text chat).
 * The source maps are carried through, so they still point at the TypeScript sources; the
 * files a bundle's `eagerCompile` matches start with `COMPILE_HINT`.
 */
async function minifyFurther(result, bundle) {
  const files = Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js'));
  await Promise.all(
    files.map(async (file) => {
      const full = path.join(root, file);
      const [code, map] = await Promise.all([readFile(full, 'utf8'), readFile(`${full}.map`, 'utf8').catch(() => null)]);
      const mapName = `${path.basename(file)}.map`;
      const out = await minify(code, {
        module: bundle.options.format === 'esm',
        ecma: 2020,
        compress: { passes: 2 },
        mangle: true,
        // the preamble is written before the code, and the source map accounts for it
        format: { comments: false, ...(bundle.eagerCompile?.test(file) ? { preamble: COMPILE_HINT } : {}) },
        sourceMap: map ? { content: map, url: mapName } : false,
      });
      await writeFile(full, out.code);
      if (map && out.map) await writeFile(`${full}.map`, typeof out.map === 'string' ? out.map : JSON.stringify(out.map));
    }),
  );
}

/** What the server sends compressed: code, styles and images that are text (not source maps or licences). */
const PRECOMPRESS = /\.(js|mjs|css|svg|json)$/;

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside every text file a browser loads,
 * which the server sends as they are (server/app.ts, `preCompressed`): compressing once at build
 * time costs the server no CPU per request (issue 13: eight scripts compressed on the fly at once
 * held the launcher back by tens of milliseconds on a busy two-core machine), and the strongest
 * settings are affordable here. Files under 1 KB are sent as they are.
 */
async function precompress(dir) {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  const entries = await readdir(path.join(root, dir), { withFileTypes: true, recursive: true }).catch(() => []);
  await Promise.all(
    entries
      .filter((e) => e.isFile() && PRECOMPRESS.test(e.name))
      .map(async (e) => {
        const file = path.join(e.parentPath, e.name);
        const buf = await readFile(file);
        if (buf.length < 1024) return;
        const [br, gzipped] = await Promise.all([
          brotli(buf, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: buf.length } }),
          gz(buf, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
      }),
  );
}

async function copyStatic(bundle) {
  for (const s of bundle.static ?? []) {
    await mkdir(path.dirname(path.join(root, s.to)), { recursive: true });
    await cp(path.join(root, s.from), path.join(root, s.to));
  }
}

/**
 * Builds every bundle into dist/ and returns each one's outputs and sizes. While watching, the second
 * minification pass and the compressed copies are left out (the server sends the files as they are).
 */
async function buildAll({ watching = false } = {}) {
  await rm(path.join(root, 'dist'), { recursive: true, force: true });
  const results = [];
  for (const bundle of bundles) {
    const vendors = bundle.vendors && (await buildVendors(bundle.vendors, bundle.options, { watching }));
    let options = vendors && !bundle.layers ? { ...bundle.options, plugins: [...bundle.options.plugins, vendors.plugin] } : bundle.options;
    if (bundle.defineFrom) {
      const from = results.find((r) => r.bundle.name === bundle.defineFrom.bundle);
      options = { ...options, define: { ...options.define, ...bundle.defineFrom.define(from.metafile) } };
    }
    const result = bundle.layers ? await buildLayers({ ...bundle, options }, vendors ? [vendors.plugin] : []) : await esbuild.build(options);
    if (vendors) joinVendors(result.metafile, vendors, path.join(bundle.options.outdir, 'chunks'));
    if (bundle.options.platform === 'browser' && !watching) await minifyFurther(result, bundle);
    await copyStatic(bundle);
    results.push({ bundle, metafile: result.metafile, sizes: watching ? null : await report(bundle, result) });
  }
  if (!watching) await Promise.all(['dist/widget', 'dist/public'].map(precompress));
  return results;
}

/** Rebuilds everything (the widget's layers are several builds in a row) on each change of a source folder. */
async function watchAll() {
  let timer;
  let running = Promise.resolve();
  const rebuild = () => {
    running = running.then(async () => {
      const started = Date.now();
      try {
        await buildAll({ watching: true });
        console.log(`built in ${Date.now() - started} ms; watching for changes…`);
      } catch (err) {
        console.error(err instanceof Error ? err.message : err);
      }
    });
  };
  for (const dir of ['src', 'machines', 'contract', 'journey', 'demo', 'server']) {
    watchFolder(path.join(root, dir), { recursive: true }, () => {
      clearTimeout(timer);
      timer = setTimeout(rebuild, 100);
    });
  }
  rebuild();
}

async function main() {
  process.chdir(root);
  if (watch) return watchAll();
  const budgets = JSON.parse(await readFile(path.join(root, 'size-budget.json'), 'utf8'));
  const results = await buildAll();
  if (!checkBudgets(results, budgets)) {
    console.error('\nbuild failed: a bundle is over its size budget (size-budget.json)');
    process.exit(1);
  }
}

// Tests import the options above (the markdown XSS harness builds with the widget's plugins).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
