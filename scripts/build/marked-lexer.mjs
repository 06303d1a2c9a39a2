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
        contents: withShortRuleNames(withoutUnusedRules(folded.code, args.path)),
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

/** The Lexer's, the Tokenizer's and the rule builder's own members that src/markdown never reads (their names shrink: withShortRuleNames). */
const LEXER_INTERNALS = [
  'rules',
  'lexer',
  'tokenizer',
  'options',
  'state',
  'inlineQueue',
  'blockTokens',
  'inlineTokens',
  'infiniteLoopError',
  'linkInText',
  'linkParenPossible',
  'linkEmitted',
  'lastToken',
  'other',
  'inline',
  'getRegex',
  'lastPossibleEmStrongCloserIndex',
  'lastPossibleDelCloserIndex',
];

/**
 * The rules' names (the shared regexes' `codeRemoveIndent`, `listInterruptsParagraph`, …, the block and
 * inline rules' `emStrongLDelim`, `reflinkSearch`, …) are read as properties,
 * which no minifier renames. Each name that no other object, class or pattern of the file uses, and that
 * no built-in object has, becomes a short one wherever it is read; the objects are read by names only
 * (withoutUnusedRules checks it), so nothing else can tell. So do the Lexer's and Tokenizer's own
 * members that src/markdown never reads ({@link LEXER_INTERNALS}: `Lexer.rules`, `tokenizer.lexer`, the
 * inline queue, the lexer's state), and the Lexer's static shortcuts go (`Lexer.lex`, `lexInline`,
 * `rules`: src/markdown makes a Lexer). About 0.6 KB gzip in all.
 */
function withShortRuleNames(code) {
  const parse = (c) => acorn.parse(c, { ecmaVersion: 'latest', sourceType: 'module' });
  const program = parse(code);
  const otherName = /[{,]other:([\w$]+)[,}]/.exec(code)[1];
  const nodes = [];
  const walk = (node, parent) => {
    if (!node || typeof node.type !== 'string') return;
    nodes.push([node, parent]);
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const child of value) walk(child, node);
      else if (value && typeof value.type === 'string') walk(value, node);
    }
  };
  walk(program);
  const inits = new Map(
    nodes.filter(([n]) => n.type === 'VariableDeclarator' && n.id.type === 'Identifier').map(([n]) => [n.id.name, n.init]),
  );
  // the shared regexes, and the block and inline rule sets: the objects that `{ normal, gfm }` name
  const sets = [...inits.values()].filter(
    (init) => init?.type === 'ObjectExpression' && init.properties.map((p) => p.key?.name).join(',') === 'normal,gfm',
  );
  const ruleObjects = [
    inits.get(otherName),
    ...sets.flatMap((set) => set.properties.map((p) => (p.value.type === 'Identifier' ? inits.get(p.value.name) : p.value))),
  ].filter((o) => o?.type === 'ObjectExpression');
  if (ruleObjects.length !== 5) throw new Error('withShortRuleNames: not the rule objects it expects (other, and two rule sets of two)');
  const ruleKeys = new Set(ruleObjects.flatMap((o) => o.properties.filter((p) => p.type === 'Property').map((p) => p.key)));
  const elsewhere = new Set();
  for (const [n] of nodes) {
    if ((n.type === 'Property' || n.type === 'MethodDefinition' || n.type === 'PropertyDefinition') && !ruleKeys.has(n.key))
      elsewhere.add(n.key.name ?? n.key.value);
  }
  const builtIn = (name) =>
    [Object.prototype, Function.prototype, Array.prototype, String.prototype, RegExp.prototype, Promise.prototype].some((o) => name in o);
  const short = new Map();
  for (const o of ruleObjects)
    for (const p of o.properties) {
      const name = p.key?.name;
      if (p.type !== 'Property' || p.computed || p.key.type !== 'Identifier' || p.shorthand || short.has(name)) continue;
      if (elsewhere.has(name) || builtIn(name)) continue;
      short.set(name, `$${short.size.toString(36)}`);
    }
  // the Lexer's and Tokenizer's own members, which the widget never reads: renamed in every place they are named
  for (const name of LEXER_INTERNALS) {
    if (nodes.some(([n]) => n.type === 'Literal' && n.value === name) || short.has(name))
      throw new Error(`withShortRuleNames: marked names "${name}" in a string; update LEXER_INTERNALS in scripts/build/marked-lexer.mjs`);
    short.set(name, `$${short.size.toString(36)}`);
  }
  const internal = new Set(LEXER_INTERNALS);
  // the Lexer's static shortcuts (`Lexer.lex`, `Lexer.lexInline`, `Lexer.rules`): src/markdown makes a Lexer
  const statics = nodes.filter(([n]) => n.type === 'MethodDefinition' && n.static && ['lex', 'lexInline', 'rules'].includes(n.key.name));
  if (statics.length !== 3) throw new Error('withShortRuleNames: not the Lexer statics it expects (lex, lexInline, rules)');
  const ranges = statics.map(([n]) => [n.start, n.end, '']);
  for (const [n, parent] of nodes) {
    if (n.type !== 'Identifier' || !short.has(n.name)) continue;
    // a key of a rule object, or of a pattern that reads one (`let { blockSkip } = rules.inline`)
    const isKey = parent?.type === 'Property' && parent.key === n && !parent.computed && !parent.shorthand;
    const isMember = parent?.type === 'MemberExpression' && parent.property === n && !parent.computed;
    const isMemberKey =
      internal.has(n.name) &&
      (parent?.type === 'MethodDefinition' || parent?.type === 'PropertyDefinition' || parent?.type === 'Property') &&
      parent.key === n &&
      !parent.computed;
    if (internal.has(n.name) && parent?.type === 'Property' && parent.shorthand)
      throw new Error(`withShortRuleNames: "${n.name}" is a shorthand property; update LEXER_INTERNALS in scripts/build/marked-lexer.mjs`);
    if ((isKey || isMember || isMemberKey) && !statics.some(([m]) => m.start <= n.start && n.end <= m.end))
      ranges.push([n.start, n.end, short.get(n.name)]);
  }
  return ranges.sort((a, b) => b[0] - a[0]).reduce((c, [start, end, by]) => c.slice(0, start) + by + c.slice(end), code);
}
