/**
 * The layers of docs/architecture.md, checked on the sources: machines import only
 * xstate and each other, the code shared by the server and the widget lives in
 * contract/, and no module reaches itself through its own imports.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const FOLDERS = ['machines', 'contract', 'src', 'journey', 'console', 'server', 'demo', 'scripts', 'test'];

interface Edge {
  /** What the source wrote: a package name or a relative path. */
  spec: string;
  /** The repository file it names, for relative imports. */
  file: string | null;
  typeOnly: boolean;
}

function sources(dir: string): string[] {
  let out: string[] = [];
  for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) out = out.concat(sources(rel));
    else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

const FILES = FOLDERS.flatMap(sources);
const KNOWN = new Set(FILES);

function resolveFile(from: string, spec: string): string | null {
  const base = relative(ROOT, resolve(ROOT, dirname(from), spec));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (KNOWN.has(candidate)) return candidate;
  }
  return null;
}

/** Static imports and re-exports of a file (dynamic `import()` loads on demand and is not a layer edge). */
function edgesOf(file: string): Edge[] {
  const sf = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, false);
  const edges: Edge[] = [];
  for (const st of sf.statements) {
    let spec: string | undefined;
    let typeOnly = false;
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      spec = st.moduleSpecifier.text;
      const clause = st.importClause;
      typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
    } else if (ts.isExportDeclaration(st) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)) {
      spec = st.moduleSpecifier.text;
      typeOnly = st.isTypeOnly;
    }
    if (spec === undefined) continue;
    edges.push({ spec, file: spec.startsWith('.') ? resolveFile(file, spec) : null, typeOnly });
  }
  return edges;
}

const GRAPH = new Map(FILES.map((f) => [f, edgesOf(f)]));
const layer = (file: string) => file.split('/')[0]!;

describe('layers', () => {
  it('machines import only xstate and each other at run time (types may come from contract/)', () => {
    const wrong: string[] = [];
    for (const [file, edges] of GRAPH) {
      if (layer(file) !== 'machines') continue;
      for (const e of edges) {
        const target = e.file ? layer(e.file) : e.spec;
        const ok = target === 'xstate' || target === 'machines' || (e.typeOnly && target === 'contract');
        if (!ok) wrong.push(`${file} -> ${e.spec}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('contract/ imports nothing outside itself; the server never imports the widget, nor the apps the server', () => {
    const wrong: string[] = [];
    for (const [file, edges] of GRAPH) {
      for (const e of edges) {
        if (!e.file) continue;
        const from = layer(file);
        const to = layer(e.file);
        if (from === 'contract' && to !== 'contract') wrong.push(`${file} -> ${e.spec}`);
        if (from === 'server' && to === 'src') wrong.push(`${file} -> ${e.spec}`);
        if ((from === 'src' || from === 'journey' || from === 'console' || from === 'machines') && to === 'server')
          wrong.push(`${file} -> ${e.spec}`);
        if (from === 'src' && to === 'journey') wrong.push(`${file} -> ${e.spec}`);
        if (from === 'journey' && to === 'src' && !e.file.startsWith('src/inspect')) wrong.push(`${file} -> ${e.spec}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('every relative import names a source file', () => {
    const missing = [...GRAPH].flatMap(([file, edges]) =>
      edges
        .filter((e) => e.spec.startsWith('.') && !e.file && !existsSync(resolve(ROOT, dirname(file), e.spec)))
        .map((e) => `${file} -> ${e.spec}`),
    );
    expect(missing).toEqual([]);
  });
});

describe('import circles', () => {
  it('no module imports itself through others (type-only imports count too)', () => {
    // Tarjan's strongly connected components: every component of more than one file is a circle
    let index = 0;
    const idx = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const circles: string[][] = [];
    const visit = (v: string) => {
      idx.set(v, index);
      low.set(v, index++);
      stack.push(v);
      onStack.add(v);
      for (const e of GRAPH.get(v) ?? []) {
        const w = e.file;
        if (!w) continue;
        if (!idx.has(w)) {
          visit(w);
          low.set(v, Math.min(low.get(v)!, low.get(w)!));
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
      }
      if (low.get(v) === idx.get(v)) {
        const scc: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          scc.push(w);
        } while (w !== v);
        if (scc.length > 1 || (GRAPH.get(v) ?? []).some((e) => e.file === v)) circles.push(scc.sort());
      }
    };
    for (const f of FILES) if (!idx.has(f)) visit(f);
    expect(circles).toEqual([]);
  });
});
