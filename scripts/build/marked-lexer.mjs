import * as acorn from 'acorn';
import { transform } from 'esbuild';
import { readFile } from 'node:fs/promises';

/**
 * The widget uses only marked's Lexer (its tokens become elements, src/markdown). marked
 * ships one pre-bundled file whose last statements build a default `Marked` instance and
 * hang the Parser, Renderer, hooks and option setters on the `marked` function: property
 * writes a bundler must keep, and with them everything they reach (about 3 KB gzip).
 * This cuts that tail and exports the Lexer and Tokenizer only, so the rest tree-shakes.
 * It checks the file's shape and fails the build if a new marked lays it out otherwise.
 */
export const markedLexerOnly = {
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
        throw new Error(
          `${args.path}: not the layout marked-lexer-only expects (a default Marked instance, then the export list); update the plugin in scripts/build/marked-lexer.mjs`,
        );
      }
      const lexerOnly = `${source.slice(0, instance.index)}export{${lexer} as Lexer,${tokenizer} as Tokenizer};`;
      // the other settings' branches folded away first, so that the rules only they read are read no more
      const folded = await transform(withFixedOptions(lexerOnly, args.path), { minifySyntax: true, minifyWhitespace: true, format: 'esm' });
      return {
        contents: withoutUnusedRules(folded.code, args.path),
        loader: 'js',
      };
    });
  },
};

/**
 * The options the widget lexes with (src/markdown's `lexerOptions`, no extensions, no hooks), as
 * the values their reads become. The Lexer and Tokenizer read `this.options.pedantic` and the others
 * at every turn; as constants, the branches of the other settings (pedantic's, extensions', hooks')
 * fold away (about 0.5 KB gzip).
 */
export const FIXED_OPTIONS = { pedantic: '!1', gfm: '!0', breaks: '!1', silent: '!1', extensions: 'void 0', hooks: 'void 0' };

/**
 * Replaces each read of `this.options.<name>` for the names of {@link FIXED_OPTIONS} by its value. Fails
 * the build if one is written, or if a name is read nowhere (a new marked that reads its options
 * otherwise).
 */
function withFixedOptions(source, file) {
  const names = Object.keys(FIXED_OPTIONS).join('|');
  if (new RegExp(`this\\.options\\.(?:${names})\\s*=(?!=)`).test(source))
    throw new Error(`${file}: marked writes an option withFixedOptions takes as fixed; update it in scripts/build/marked-lexer.mjs`);
  const seen = new Set();
  const code = source.replace(new RegExp(`this\\.options\\.(${names})\\b`, 'g'), (_, name) => {
    seen.add(name);
    return `(${FIXED_OPTIONS[name]})`;
  });
  if (seen.size !== Object.keys(FIXED_OPTIONS).length)
    throw new Error(`${file}: marked no longer reads this.options.{${names}}; update withFixedOptions in scripts/build/marked-lexer.mjs`);
  return code;
}

/**
 * marked builds its rule sets at load time: `{ normal, gfm, pedantic }` for blocks and `{ normal, gfm,
 * breaks, pedantic }` inline, each regex made by calls a bundler must keep even when nothing reads
 * the result. The widget lexes with `gfm: true, breaks: false, pedantic: false` (src/markdown), so the
 * `pedantic` and `breaks` sets go, then every shared regex no code names any more (the pedantic ones,
 * the renderer's) and every top-level variable nothing reads any more, until none is left (about 0.3 KB
 * gzip). Fails the build if a new marked has not these two objects.
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
  const declarators = (program) =>
    program.body.filter((s) => s.type === 'VariableDeclaration').flatMap((s) => s.declarations.filter((d) => d.id.type === 'Identifier'));
  const cut = (code, ranges) =>
    ranges.sort((a, b) => b[0] - a[0]).reduce((c, [start, end, by = '']) => c.slice(0, start) + by + c.slice(end), code);

  const sets = declarators(parse(source)).filter(
    (d) =>
      d.init?.type === 'ObjectExpression' && /^normal,gfm,(breaks,)?pedantic$/.test(d.init.properties.map((p) => p.key?.name).join(',')),
  );
  if (sets.length !== 2)
    throw new Error(
      `${file}: not the rule sets withoutUnusedRules expects ({ normal, gfm, pedantic } and { normal, gfm, breaks, pedantic }); update it in scripts/build/marked-lexer.mjs`,
    );
  // each property with the comma before it (neither is first)
  let code = cut(
    source,
    sets.flatMap((d) =>
      d.init.properties.filter((p) => p.key.name === 'pedantic' || p.key.name === 'breaks').map((p) => [p.start - 1, p.end]),
    ),
  );
  // the shared regexes (`other`, as the Lexer names them): each is read by its name, so the ones no code names go
  const otherName = /[{,]other:([\w$]+)[,}]/.exec(code)?.[1];
  if (!otherName || new RegExp(`(?:\\.other|[^\\w$.]${otherName.replace(/\$/g, '\\$')})\\s*\\[`).test(code))
    throw new Error(
      `${file}: not the \`other\` rules withoutUnusedRules expects (an object read by names); update it in scripts/build/marked-lexer.mjs`,
    );
  for (;;) {
    const program = parse(code);
    const decls = declarators(program);
    const ids = new Set(decls.map((d) => d.id));
    const reads = new Set();
    const names = new Set();
    walk(program, (n) => {
      if (n.type === 'MemberExpression' && !n.computed && n.property.type === 'Identifier') names.add(n.property.name);
      if (n.type === 'ObjectPattern') for (const p of n.properties) if (p.key?.type === 'Identifier') names.add(p.key.name);
    });
    const other = decls.find((d) => d.id.name === otherName && d.init?.type === 'ObjectExpression');
    const kept = other?.init.properties.filter((p) => p.computed || p.key.type !== 'Identifier' || names.has(p.key.name));
    if (other && kept.length < other.init.properties.length) {
      code = cut(code, [[other.init.start, other.init.end, `{${kept.map((p) => code.slice(p.start, p.end)).join(',')}}`]]);
      continue;
    }
    walk(program, (n, parent) => {
      if (n.type !== 'Identifier' || ids.has(n)) return;
      if (
        parent &&
        (parent.type === 'MemberExpression' ||
          parent.type === 'Property' ||
          parent.type === 'MethodDefinition' ||
          parent.type === 'PropertyDefinition') &&
        (parent.property === n || parent.key === n) &&
        !parent.computed &&
        !parent.shorthand
      )
        return;
      reads.add(n.name);
    });
    const unused = decls.filter(
      (d) => d.init && !reads.has(d.id.name) && !(d.init.type === 'UnaryExpression' && d.init.operator === 'void'),
    );
    if (!unused.length) return code;
    code = cut(
      code,
      unused.map((d) => [d.init.start, d.init.end, 'void 0']),
    );
  }
}
