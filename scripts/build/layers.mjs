import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkMangled } from './catalogue-keys.mjs';

/*
 * Builds the widget in two layers. esbuild's code splitting puts every module that two entries
 * share into a chunk of its own: the text chat was seven files, each with its gzip overhead and its
 * import glue. Here the core (src/core.tsx: the engine, the chat window, Preact and xstate,
 * everything the widget loads once widget.js has drawn the launcher) is one file, and the parts it
 * loads on demand (its dynamic imports: the markdown renderer, dictation, voice mode, the viewers,
 * the inspector) are built with their imports of the core's modules turned into imports from the
 * core's file, so that those modules ship once:
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
 */

/** As long as the hash that takes its place (step 5). */
const PLACEHOLDER = 'LAYERHSH';

/**
 * Builds the core `core` (a source file) and the parts it loads on demand, steps 1 to 5 above.
 * `options` are the core's esbuild options (`absWorkingDir` is the root the metafile's paths are
 * relative to); `extraPlugins` are given to the parts only (the vendors' plugin).
 *
 * Returns both builds' outputs in one metafile, the parts' imports of the core and the core's dynamic
 * imports made internal, so budgets follow them.
 */
export async function buildLayers({ core, options, extraPlugins = [] }) {
  const root = options.absWorkingDir ?? process.cwd();
  const layer = {
    core,
    options,
    root,
    plugins: [...options.plugins, ...extraPlugins],
    chunkDir: path.join(options.outdir, 'chunks'),
    rel: (file) => path.relative(root, file).split(path.sep).join('/'),
    probeDir: path.join(root, 'dist', 'probe'),
  };
  // the core starts the catalogue's renamed keys (scripts/build/catalogue-keys.mjs); esbuild gives the cache back only when given one
  if (options.mangleProps) layer.options = { ...layer.options, mangleCache: {} };
  const { parts, held, rest } = await probeCore(layer);
  const { wanted, group, alias, outputs } = await probeParts(layer, held, rest);
  const first = await buildCore(layer, parts, alias);
  const coreOut = Object.keys(first.metafile.outputs).find((f) => f.endsWith('.js') && first.metafile.outputs[f].entryPoint);
  const coreExports = new Set(first.metafile.outputs[coreOut].exports);
  for (const a of alias.values()) if (!coreExports.has(a)) throw new Error(`buildLayers: the core does not export ${a}`);
  // the parts rename the catalogue's keys as the core did (scripts/build/catalogue-keys.mjs)
  if (options.mangleProps) layer.options = { ...layer.options, mangleCache: first.mangleCache };
  const second = await buildParts(layer, { held, rest, wanted, group, alias, coreOut, probeOutputs: outputs });
  if (options.mangleProps) {
    if (!first.mangleCache || !second.second.mangleCache) throw new Error('buildLayers: no mangle cache came back');
    checkMangled(second.second.mangleCache, [...first.outputFiles, ...second.second.outputFiles]);
  }
  return nameByOneHash(layer, first, second, coreOut);
}

/**
 * A plugin that makes each dynamic import of a source file external, at `to(name)`, and records the
 * file with its entry name (its base name, or its folder's for an index) in `parts`.
 */
function partsApart(parts, to) {
  const SKIP = Symbol('parts');
  return {
    name: 'layer-parts',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData === SKIP) return undefined;
        const r = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: SKIP,
        });
        if (r.errors.length) return { errors: r.errors };
        if (r.external || r.namespace !== 'file') return undefined;
        const base = path.basename(r.path).replace(/\.[^.]+$/, '');
        if (!parts.has(r.path)) parts.set(r.path, base === 'index' ? path.basename(path.dirname(r.path)) : base);
        return { path: to(parts.get(r.path)), external: true };
      });
    },
  };
}

/** 1. What the core holds (its module graph, JavaScript only: its CSS is text it adopts), and the parts it loads on demand. */
async function probeCore({ core, options, plugins, probeDir, root, rel }) {
  /** a part's source (absolute) -> its entry name */
  const parts = new Map();
  const probe = await esbuild.build({
    ...options,
    entryPoints: { core },
    splitting: false,
    write: false,
    sourcemap: false,
    minify: false,
    outdir: probeDir,
    plugins: [partsApart(parts, (name) => `part:${name}`), ...plugins],
  });
  const held = new Set(
    Object.keys(probe.metafile.inputs)
      .filter((f) => /\.(m?js|tsx?)$/.test(f))
      .map((f) => path.resolve(root, f)),
  );
  const rest = Object.fromEntries([...parts].map(([file, name]) => [name, rel(file)]));
  if (Object.keys(rest).length !== parts.size)
    throw new Error(`buildLayers: two parts of the core have one name: ${[...parts.values()].join(', ')}`);
  return { parts, held, rest };
}

/** 2. Which of the core's names each output file of the parts imports, and the alias each name is exported under. */
async function probeParts({ options, plugins, probeDir, rel }, held, rest) {
  const probe = await esbuild.build({
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
  for (const out of probe.outputFiles.filter((f) => f.path.endsWith('.js'))) {
    const file = rel(out.path);
    const byModule = new Map();
    for (const { module, names } of importsOf(out.text, 'held:', file)) {
      const set = byModule.get(module) ?? new Set();
      for (const { name } of names) set.add(name);
      byModule.set(module, set);
    }
    wanted.set(file, byModule);
    for (const input of Object.keys(probe.metafile.outputs[file].inputs)) group.set(input, file);
  }
  /** `module\0name` -> the core's alias for it */
  const alias = new Map();
  for (const byModule of wanted.values()) {
    for (const [module, names] of byModule)
      for (const name of names) if (!alias.has(`${module}\0${name}`)) alias.set(`${module}\0${name}`, `_${alias.size.toString(36)}`);
  }
  return { wanted, group, alias, outputs: probe.metafile.outputs };
}

/** 3. The core, exporting the parts' names under their aliases, its parts loaded from their files. */
async function buildCore({ core, options, root }, parts, alias) {
  const coreFile = path.resolve(root, core);
  const exported = new Map();
  for (const [key, a] of alias) {
    const [module, name] = key.split('\0');
    exported.set(module, [...(exported.get(module) ?? []), `${name} as ${a}`]);
  }
  const exportLines = [...exported].map(
    ([module, specs]) => `export { ${specs.join(', ')} } from ${JSON.stringify(path.resolve(root, module))};`,
  );
  return esbuild.build({
    ...options,
    entryPoints: { core },
    entryNames: `[name]-${PLACEHOLDER}`,
    splitting: false,
    write: false,
    plugins: [
      partsApart(parts, (name) => `./chunks/${name}-${PLACEHOLDER}.js`),
      {
        name: 'core-layer-exports',
        setup(build) {
          build.onLoad({ filter: /.*/ }, async (args) => {
            if (args.path !== coreFile) return undefined;
            const source = await readFile(args.path, 'utf8');
            if (/export\s+(const|let|var|function|class)\s+_[0-9a-z]+\b/.test(source))
              throw new Error(`${core}: an export named like the layer's aliases (_0, _1, …)`);
            return { contents: `${source}\n${exportLines.join('\n')}\n`, loader: path.extname(args.path).slice(1) };
          });
        },
      },
      ...options.plugins,
    ],
  });
}

/**
 * 4. The parts, importing the core's names from the core's file (every output of this build is in
 * chunks/); each output's import statements from the core's file joined into one. Returns the build
 * and the texts of its outputs.
 */
async function buildParts({ options, plugins, chunkDir, rel }, { held, rest, wanted, group, alias, coreOut, probeOutputs }) {
  const fromCore = path.relative(chunkDir, coreOut).split(path.sep).join('/');
  const aliasOf = (module, name) => alias.get(`${module}\0${name}`);
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
          build.onResolve({ filter: /.*/, namespace: 'held-in-core' }, (args) =>
            args.path === fromCore ? { path: fromCore, external: true } : undefined,
          );
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
  const jsOutputs = (outputs) => Object.keys(outputs).filter((f) => f.endsWith('.js'));
  if (jsOutputs(second.metafile.outputs).length !== jsOutputs(probeOutputs).length)
    throw new Error('buildLayers: the build made other files than its probe (a module the core holds in a chunk of its own?)');
  const texts = new Map();
  for (const file of second.outputFiles) {
    const out = rel(file.path);
    let text = file.text;
    if (out.endsWith('.js')) {
      if (path.dirname(out) !== chunkDir) throw new Error(`buildLayers: ${out} is not in ${chunkDir}, where the core's path is right`);
      text = joinImports(text, fromCore, out);
    }
    texts.set(file.path, text);
  }
  return { second, texts, fromCore };
}

/** An output's import statements from the core's file `fromCore`, made one (in place of the first; the others leave their line breaks). */
function joinImports(text, fromCore, out) {
  const statements = [...text.matchAll(importPattern(fromCore))].map((m) => m[0]);
  if (statements.length <= 1) return text;
  const specs = importsOf(text, fromCore, out).flatMap(({ names }) =>
    names.map(({ name, local }) => (name === local ? name : `${name} as ${local}`)),
  );
  let joined = false;
  return text.replace(importPattern(fromCore), (statement) => {
    const lines = '\n'.repeat(statement.split('\n').length - 1);
    if (joined) return lines;
    joined = true;
    return `import { ${[...new Set(specs)].join(', ')} } from ${JSON.stringify(fromCore)};${lines}`;
  });
}

/** 5. One hash of every file names them all; writes the files and returns both builds' outputs in one metafile. */
async function nameByOneHash({ rel }, first, { second, texts: partTexts, fromCore }, coreOut) {
  const texts = new Map([...first.outputFiles.map((f) => [f.path, f.text]), ...partTexts]);
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
  const metafile = JSON.parse(
    named(
      JSON.stringify({
        inputs: { ...first.metafile.inputs, ...second.metafile.inputs },
        outputs: { ...first.metafile.outputs, ...second.metafile.outputs },
      }),
    ),
  );
  const coreFinal = named(coreOut);
  for (const [file, out] of Object.entries(metafile.outputs)) {
    for (const imp of out.imports) {
      if (!imp.external) continue;
      if (file !== coreFinal && imp.path === named(fromCore)) Object.assign(imp, { path: coreFinal, external: false });
      else if (file === coreFinal && imp.kind === 'dynamic-import')
        Object.assign(imp, { path: path.join(path.dirname(coreFinal), imp.path).split(path.sep).join('/'), external: false });
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
        const r = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          namespace: args.namespace,
          pluginData: SKIP,
        });
        if (r.errors.length) return { errors: r.errors };
        if (r.namespace === 'file' && held.has(r.path)) {
          if (args.kind !== 'import-statement')
            throw new Error(
              `${args.importer} loads ${r.path}, which the core holds, by ${args.kind}: only import statements can reach the core's file`,
            );
          return to(r.path, args.importer);
        }
        return {
          path: r.path,
          namespace: r.namespace,
          external: r.external,
          sideEffects: r.sideEffects,
          pluginData: r.pluginData,
          suffix: r.suffix,
        };
      });
    },
  };
}

/** esbuild's import (or re-export) statements from externals whose path starts with `prefix`. */
const importPattern = (prefix) =>
  new RegExp(`\\b(?:import|export)\\s*[^;"]*?\\s*from\\s*"${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^"]*";?`, 'g');

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
    if (!statement.startsWith('import') || clause.includes('*'))
      throw new Error(`buildLayers: ${file} has \`${statement}\`; only named or default imports can reach the core's file`);
    const names = [];
    const braces = /\{([^}]*)\}/.exec(clause);
    const defaultLocal = clause
      .replace(/\{[^}]*\}/, '')
      .replace(/,/g, '')
      .trim();
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

/**
 * The define that tells widget.js where the core is (`__WIDGET_CORE__`): the output of the source
 * file `core` in the layers' metafile, as a path relative to the folder `from` (widget.js's).
 */
export function coreManifest(metafile, core, from) {
  const file = Object.keys(metafile.outputs).find((f) => metafile.outputs[f].entryPoint === core);
  if (!file) throw new Error(`coreManifest: the widget build has no ${core}`);
  return { __WIDGET_CORE__: JSON.stringify({ core: path.relative(from, file).split(path.sep).join('/') }) };
}
