import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The manifest (size-budget.json): every entry a page loads, named once: its source file, its
 * gzip budget and why. Which output files count toward a budget is read from esbuild's metafile
 * (`membership`), never from the files' paths, so moving or renaming a module moves its bytes
 * only when it moves what loads it.
 *
 * @typedef {object} ManifestEntry
 * @property {string} entry the source file the build starts from, or that a part's loader imports on demand
 * @property {number} gzip the budget, in gzip bytes (level 9)
 * @property {string} why what the budget holds, in words
 * @property {string[]} [with] other entries whose own bytes count here too (the text chat counts the launcher and the markdown renderer)
 * @property {string} [bundle] the bundle (a name in the table) whose output is meant, where several bundles build the
 *   same source as an entry (the inspector: the widget's and the journey's)
 * @property {boolean} [onDemand] whether the files the entry loads on demand count too, those without
 *   an entry of their own; @default true (the journey sets false: its budget is a first visit)
 * @property {boolean} [optional] whether a build may lack the entry (a locale's words, written apart from the code
 *   that loads them): its budget then counts nothing and the build says so; @default false
 */

/** Reads size-budget.json: entry name -> `ManifestEntry` (keys starting with `$` are comments). */
export function readManifest(root) {
  const json = JSON.parse(readFileSync(path.join(root, 'size-budget.json'), 'utf8'));
  return Object.fromEntries(Object.entries(json).filter(([name]) => !name.startsWith('$')));
}

/** The files a metafile lists that a browser loads (not source maps or licences). */
export const loadedFile = (file) => !file.endsWith('.map') && !file.endsWith('.LEGAL.txt');

/**
 * Which output files count toward each entry's budget, from the builds' metafile (their outputs
 * joined in one): an entry counts what loading it brings that is not on the page already.
 *
 * - It loads its output, its CSS, what they import statically, and (unless `onDemand: false`)
 *   what they import on demand that has no entry of its own, and so on.
 * - On the page already is what every way to it went through: what the outputs that dominate it
 *   in the import graph (static and on-demand imports, from the `roots`) load statically. A chunk
 *   that two parts share counts in both; a module the core holds counts in neither.
 *
 * @param metafile `{ outputs }` of esbuild's metafile; paths relative to one folder
 * @param manifest entry name -> `ManifestEntry`
 * @param options `roots`: the source files of the entries a page loads first (the table's entry points);
 *   `alongside`: output file -> files loaded with it that no metafile lists (a page's HTML);
 *   `bundleOf`: output file -> the name of the bundle that made it (for entries that name their `bundle`)
 * @returns entry name -> the set of files that count toward its budget
 */
export function membership(metafile, manifest, { roots, alongside = new Map(), bundleOf = new Map() }) {
  const outputs = Object.fromEntries(Object.entries(metafile.outputs).filter(([f]) => loadedFile(f)));
  const outputOf = (source, what, bundle) => {
    const found = Object.keys(outputs).filter((f) => outputs[f].entryPoint === source && (!bundle || bundleOf.get(f) === bundle));
    if (found.length !== 1)
      throw new Error(
        `${what}: ${source} is ${found.length ? 'the entry of several outputs' : 'no output’s entry (renamed? update size-budget.json)'}`,
      );
    return found[0];
  };
  const built = (e) => !e.optional || Object.values(outputs).some((o) => o.entryPoint === e.entry);
  manifest = Object.fromEntries(Object.entries(manifest).filter(([, e]) => built(e)));
  const entryOut = new Map(Object.entries(manifest).map(([name, e]) => [name, outputOf(e.entry, `size-budget.json "${name}"`, e.bundle)]));
  const ownEntry = new Set(entryOut.values());
  const staticOf = (file) => [
    ...(outputs[file]?.cssBundle ? [outputs[file].cssBundle] : []),
    ...(alongside.get(file) ?? []),
    ...(outputs[file]?.imports ?? []).filter((i) => !i.external && i.kind !== 'dynamic-import').map((i) => i.path),
  ];
  const dynamicOf = (file) => (outputs[file]?.imports ?? []).filter((i) => !i.external && i.kind === 'dynamic-import').map((i) => i.path);
  const closure = (from, next) => {
    const seen = new Set();
    const visit = (f) => {
      if (seen.has(f)) return;
      seen.add(f);
      for (const n of next(f)) visit(n);
    };
    visit(from);
    return seen;
  };
  const loadsStatically = (file) => closure(file, staticOf);

  // dominators over every import, from the roots (a root is on no way to another root)
  const rootOuts = new Set(roots.map((r) => outputOf(r, 'the table’s entry')));
  const reached = [...new Set([...rootOuts].flatMap((r) => [...closure(r, (f) => [...staticOf(f), ...dynamicOf(f)])]))];
  const preds = new Map(reached.map((f) => [f, []]));
  for (const f of reached) for (const n of [...staticOf(f), ...dynamicOf(f)]) if (!rootOuts.has(n)) preds.get(n).push(f);
  const dom = new Map(reached.map((f) => [f, rootOuts.has(f) ? new Set([f]) : new Set(reached)]));
  for (let changed = true; changed; ) {
    changed = false;
    for (const f of reached) {
      if (rootOuts.has(f)) continue;
      const next = new Set([f, ...[...dom.get(preds.get(f)[0])].filter((d) => preds.get(f).every((p) => dom.get(p).has(d)))]);
      if (next.size !== dom.get(f).size) {
        dom.set(f, next);
        changed = true;
      }
    }
  }

  const cost = (name) => {
    const out = entryOut.get(name);
    if (!dom.has(out)) throw new Error(`size-budget.json "${name}": ${manifest[name].entry} is not loaded from any of ${roots.join(', ')}`);
    const onPage = new Set([...dom.get(out)].filter((d) => d !== out).flatMap((d) => [...loadsStatically(d)]));
    const onDemand = manifest[name].onDemand !== false;
    const loads = closure(out, (f) => [...staticOf(f), ...(onDemand ? dynamicOf(f).filter((d) => !ownEntry.has(d)) : [])]);
    return [...loads].filter((f) => !onPage.has(f));
  };
  return new Map(
    Object.entries(manifest).map(([name, e]) => {
      for (const other of e.with ?? [])
        if (!manifest[other]) throw new Error(`size-budget.json "${name}": no entry "${other}" to count with it`);
      return [name, new Set([name, ...(e.with ?? [])].flatMap(cost))];
    }),
  );
}

/** Bytes as the build prints them. */
export const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/**
 * Sums each entry's files (`membership`) with their gzip sizes, prints one line per budget and
 * returns whether all hold.
 *
 * @param members entry name -> files
 * @param gzipOf file -> gzip bytes (undefined for a file that was not measured: the build fails)
 */
export function checkBudgets(manifest, members, gzipOf, log = console.log) {
  let ok = true;
  log('\nbudgets (gzip)');
  for (const [name, budget] of Object.entries(manifest))
    if (!members.has(name))
      log(
        `  ${name.padEnd(16)} ${'-'.padStart(10)} of ${kb(budget.gzip).padStart(9)}  not in this build (${budget.entry} is not there yet)`,
      );
  for (const [name, files] of members) {
    const budget = manifest[name];
    const total = [...files].reduce((n, f) => {
      const gzip = gzipOf(f);
      // a file the report did not measure would count as nothing, and could hide an overrun
      if (gzip === undefined) throw new Error(`budget "${name}": ${f} was not measured`);
      return n + gzip;
    }, 0);
    const within = total <= budget.gzip;
    ok &&= within;
    log(
      `  ${name.padEnd(16)} ${kb(total).padStart(10)} of ${kb(budget.gzip).padStart(9)} (${String(budget.gzip - total).padStart(6)} B left)  ${within ? 'ok' : 'OVER BUDGET'}  ${budget.why ?? ''}`,
    );
  }
  return ok;
}
