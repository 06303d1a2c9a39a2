/**
 * One message catalogue per app (the journey's: journey/messages.ts, with the words of what loads on demand in
 * journey/messages-on-demand.ts and a recommendation's in journey/messages-advice.ts): no words are written where
 * they are shown. A JSX text node, or a string literal given to a prop a visitor reads or hears (aria-label, title, placeholder, alt, label, hint, legend, lead, …),
 * with letters in it, anywhere in journey/ but the catalogue fails here. The widget's effects, API calls and
 * machines hand its views codes, never sentences (its views' words: visitor-words.test.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
/** The catalogue's files: the only place words are written. */
const CATALOGUE = new Set(['journey/messages.ts', 'journey/messages-on-demand.ts', 'journey/messages-advice.ts']);
/** The props whose text a visitor reads or hears. */
const WORDS_PROPS = new Set([
  'aria-label',
  'title',
  'placeholder',
  'alt',
  'label',
  'hint',
  'legend',
  'itemLabel',
  'question',
  'lead',
  'aria-description',
  'aria-valuetext',
]);
const LETTERS = /\p{L}/u;

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return sources(rel);
    return /\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

/** The words written in a file where they are shown: `file:line text`. */
function inlineWords(file: string, text = readFileSync(join(ROOT, file), 'utf8')): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const at = (n: ts.Node, what: string) => found.push(`${file}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1} ${what.trim()}`);
  /** A literal with letters: a string, or a template with letters outside its placeholders. */
  const wordy = (e: ts.Expression | undefined): boolean => {
    if (!e) return false;
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return LETTERS.test(e.text);
    if (ts.isTemplateExpression(e)) return LETTERS.test(e.head.text) || e.templateSpans.some((s) => LETTERS.test(s.literal.text));
    if (ts.isParenthesizedExpression(e)) return wordy(e.expression);
    if (ts.isConditionalExpression(e)) return wordy(e.whenTrue) || wordy(e.whenFalse);
    if (
      ts.isBinaryExpression(e) &&
      (e.operatorToken.kind === ts.SyntaxKind.BarBarToken ||
        e.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
        e.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)
    )
      return wordy(e.left) || wordy(e.right);
    return false;
  };
  const visit = (n: ts.Node) => {
    if (ts.isJsxText(n) && LETTERS.test(n.text)) at(n, n.text);
    else if (ts.isJsxExpression(n) && n.parent && !ts.isJsxAttribute(n.parent) && wordy(n.expression)) at(n, n.getText());
    else if (ts.isJsxAttribute(n) && WORDS_PROPS.has(n.name.getText())) {
      const init = n.initializer;
      if (init && ts.isStringLiteral(init) && LETTERS.test(init.text)) at(n, n.getText());
      else if (init && ts.isJsxExpression(init) && wordy(init.expression)) at(n, n.getText());
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

/**
 * Files that hand out words a page shows though they render nothing: their words are the catalogue's too. Any string
 * literal (or template part) there that reads as words (it starts with a capital, or has two words) fails, but the codes and values
 * they are made of, and what is said to a developer: an error's message (`new RangeError('…')`), a console line.
 */
const WORDLESS = [
  'journey/options.ts',
  'journey/option-values.ts',
  // the engine: codes and figures (the catalogue says them); the assumptions' citations are let be (CITATIONS)
  ...sources('journey/engine'),
];
const WORDS = /^\P{L}*\p{Lu}|\p{L}\s+\p{L}/u;

/**
 * What journey/engine/assumptions.ts may write that reads as words: data about the outside documents its figures come
 * from, not sentences the journey says. Each figure block's `source` (or a constant typed `Source`) cites a document by its own title, its publisher
 * and a note on how the engine reads it (a bibliography's entry, listed as cited beside the figures: a translation
 * would no longer name the document); the publisher named for the journey's own figures (`JOURNEY_ENGINE_SPEC`); and
 * the names the blocks are listed under (`ASSUMPTION_SOURCES`, read back by `sourcesInForce`), keys no page shows.
 * Anything else there that reads as words (a label, a reason, an explanation) fails like the rest of the engine.
 */
const CITATIONS = {
  file: 'journey/engine/assumptions.ts',
  fields: new Set(['title', 'publisher', 'note']),
  declarations: new Set(['JOURNEY_ENGINE_SPEC', 'ASSUMPTION_SOURCES', 'sourcesInForce']),
};

/** Whether an object literal's holder makes it a source: a `source:` property, or a constant typed `Source`. */
const isSource = (holder: ts.Node) =>
  (ts.isPropertyAssignment(holder) && holder.name.getText() === 'source') ||
  (ts.isVariableDeclaration(holder) && holder.type?.getText() === 'Source');

/** Whether `n` is part of a citation (CITATIONS): a source's title, publisher or note, or in a declaration listed there. */
function isCitation(n: ts.Node): boolean {
  for (let p: ts.Node | undefined = n; p; p = p.parent) {
    if ((ts.isVariableDeclaration(p) || ts.isFunctionDeclaration(p)) && p.name && CITATIONS.declarations.has(p.name.getText())) return true;
    // a field's text may be written in parts (`'…' + '…'`): the field is the first property above them
    if (ts.isPropertyAssignment(p) && p.name !== n) return CITATIONS.fields.has(p.name.getText()) && isSource(p.parent.parent);
  }
  return false;
}

/** The string literals in a file that read as words (`words`: by default, as WORDS says): `file:line text`. */
function literalWords(file: string, text = readFileSync(join(ROOT, file), 'utf8'), words = WORDS): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const at = (n: ts.Node, what: string) => found.push(`${file}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1} ${what}`);
  const visit = (n: ts.Node) => {
    if (ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) return;
    if (file === CITATIONS.file && isCitation(n)) return;
    if (ts.isNewExpression(n) && /Error$/.test(n.expression.getText())) return;
    if (ts.isCallExpression(n) && /^console\.\w+$/.test(n.expression.getText())) return;
    if ((ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) && words.test(n.text)) at(n, n.text);
    else if (ts.isTemplateExpression(n))
      for (const part of [n.head, ...n.templateSpans.map((s) => s.literal)]) if (words.test(part.text)) at(part, part.text);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

/**
 * The widget's files that hand its views codes (STYLE.md: machines and effects carry codes and parameters, never
 * words): its effects, its API calls, the machines (the journey's too), and the on-demand parts but their catalogues'
 * modules. A sentence there (two words or more: a reason, a status, an error a visitor would read) fails; a code,
 * a MIME type or a URL does not, nor what is said to a developer.
 */
const WIDGET_CATALOGUES = new Set(['src/voice/messages.ts', 'src/dictation/messages.ts']);
const CODES_ONLY = [
  ...sources('src/effects'),
  ...sources('src/api'),
  ...sources('machines'),
  ...sources('src/voice'),
  ...sources('src/dictation'),
].filter((f) => !WIDGET_CATALOGUES.has(f));
const SENTENCE = /\p{L}\s+\p{L}/u;

/** Every string a catalogue module holds, or makes from its functions (each called with placeholders): `path text`. */
function catalogueStrings(module: Record<string, unknown>, name: string): string[] {
  const found: string[] = [];
  const walk = (v: unknown, path: string): void => {
    if (typeof v === 'string') found.push(`${path} ${v}`);
    else if (typeof v === 'function') {
      let made: unknown;
      try {
        made = (v as (...a: unknown[]) => unknown)(...Array.from({ length: v.length }, () => 'X'));
      } catch {
        return; // a function that needs real figures (the engine's), said whole by its own tests
      }
      walk(made, `${path}()`);
    } else if (Array.isArray(v)) {
      for (const [i, x] of v.entries()) walk(x, `${path}[${i}]`);
    } else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, `${path}.${k}`);
  };
  for (const [k, v] of Object.entries(module)) walk(v, `${name}.${k}`);
  return found;
}

/**
 * A sentence's piece: words that start or end at a space, or start with the punctuation that closes a sentence, made
 * to be glued to a figure or to other words where they are shown. A translator cannot order such words: the
 * catalogue writes whole sentences with parameters (or slots, journey/components/sentence.tsx) instead.
 */
const PIECE = /^[\s,.;:)]|\s$/u;
/**
 * The clauses that fill an optional slot of one of the catalogue's own sentences (the take-home pay's offsets and
 * levies, the first deposit's adjustments): written beside the sentence they complete, so a translator writes both.
 */
const CLAUSES = new Set([
  'ADVICE_WORDS.computed.afterALowIncome()',
  'ADVICE_WORDS.computed.andAMedicareLevy()',
  // issue 34: the same clause for a couple
  'ADVICE_WORDS.computed.andAFamilySurcharge()',
  'ADVICE_WORDS.computed.plusOfTaxFree()',
  'ADVICE_WORDS.computed.ofThemIsNot()',
  'ADVICE_WORDS.computed.andTheMedicareLevy()',
  'ADVICE_WORDS.computed.plusTaxFreeBenefits()',
  'ADVICE_WORDS.computed.lessTheAdviserFee',
  'ADVICE_WORDS.computed.allOfIt()',
  'ADVICE_WORDS.computed.upToWhatThe()',
  'ADVICE_WORDS.computed.assessableIncomeLessIncome()',
  'ADVICE_WORDS.computed.keptInCashOf()',
  'ADVICE_WORDS.computed.regularSavingsAMonth()',
  'ADVICE_WORDS.computed.aFirstDepositOf()',
  'ADVICE_WORDS.statement.shortOfIt()',
]);

/** Sentence punctuation (Latin, Arabic, Chinese) that starts JSX text a view glues to words or figures. */
const PUNCTUATION = /^\s*[,.;:!?،؛؟、，。：；！？]/u;
/** The same in a string or a template's part: at its start or end, spaced from what it joins (not a path's '../', nor '1,2'). */
const SPACED_PUNCTUATION = /^\s*[,.;:!?،؛؟、，。：；！？]\s|[,.;:!?،؛؟、，。：；！？]\s+$/u;

/**
 * The language a view (a .tsx file outside the catalogue) would write around the catalogue's words: punctuation in JSX
 * text or in a string (a full stop after a figure, ': ' before one, a list joined with ', '), and a label's letter
 * case changed (`toLowerCase`, `toUpperCase`), each a rule of English. `file:line text`.
 */
function viewGrammar(file: string, text = readFileSync(join(ROOT, file), 'utf8')): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const at = (n: ts.Node, what: string) => found.push(`${file}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1} ${what.trim()}`);
  const visit = (n: ts.Node) => {
    if (ts.isImportDeclaration(n)) return;
    if (ts.isJsxText(n) && PUNCTUATION.test(n.text)) at(n, n.text);
    else if ((ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) && SPACED_PUNCTUATION.test(n.text)) at(n, n.getText());
    else if (ts.isTemplateExpression(n) && [n.head, ...n.templateSpans.map((s) => s.literal)].some((p) => SPACED_PUNCTUATION.test(p.text)))
      at(n, n.getText());
    else if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && /^to(Lower|Upper)Case$/.test(n.expression.name.text))
      at(n, n.getText());
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

describe('the journey’s words', () => {
  it('are whole sentences: no piece to glue to a figure or to other words where it is shown (but the clauses of a sentence’s slots)', async () => {
    const modules = {
      messages: await import('../../journey/messages'),
      'messages-on-demand': await import('../../journey/messages-on-demand'),
      'messages-advice': await import('../../journey/messages-advice'),
    };
    const pieces = Object.values(modules)
      .flatMap((m) => catalogueStrings(m, ''))
      .map((line) => line.slice(1))
      .filter((line) => {
        const at = line.indexOf(' ');
        return !CLAUSES.has(line.slice(0, at)) && PIECE.test(line.slice(at + 1));
      });
    expect(pieces).toEqual([]);
  });

  it('finds the pieces of a sentence (the check itself)', () => {
    const found = catalogueStrings({ W: { over: 'Over ', from: ' (from ', whole: (n: string) => `Over ${n}`, and: ' and ' } }, 'M')
      .filter((line) => PIECE.test(line.slice(line.indexOf(' ', 2) + 1)))
      .map((line) => line.slice(0, line.indexOf(' ')));
    expect(found).toEqual(['M.W.over', 'M.W.from', 'M.W.and']);
  });

  it('are not written in the options, which hold only values, nor in the engine, which hands over codes and figures (their words are the catalogue’s)', () => {
    expect(WORDLESS.flatMap((f) => literalWords(f))).toEqual([]);
  });

  it('are not imported by the engine, which says nothing', () => {
    const imports = sources('journey/engine').flatMap((file) => {
      const sf = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
      return sf.statements.flatMap((st) =>
        ts.isImportDeclaration(st) &&
        !st.importClause?.isTypeOnly &&
        ts.isStringLiteral(st.moduleSpecifier) &&
        /\/messages/.test(st.moduleSpecifier.text)
          ? [`${file} ${st.moduleSpecifier.text}`]
          : [],
      );
    });
    // the date of birth's problems and the missing answers are codes with figures: the views say them
    // (journey/messages.ts `sayDateOfBirthProblem`, journey/messages-on-demand.ts `sayMissing`)
    expect(imports).toEqual([]);
  });

  it('lets the assumptions cite their sources by title, publisher and note, and nothing else (the check itself)', () => {
    const source = [
      "const A = { rate: 0.1, source: { publisher: 'ATO', title: 'Tax rates – Australian residents', note: 'Checked ' + 'in May.' } };",
      "const S: Source = { publisher: 'ATO', title: 'Medicare levy' }; const T: Other = { title: 'Medicare levy' };",
      "const B = { label: 'Tax free threshold', source: { publisher: 'ATO', title: 'Medicare levy' }, note: 'Read as taxable.' };",
      "export const JOURNEY_ENGINE_SPEC = 'Horizon Advice planning assumptions';",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template, as found
      'const why = `Your goal is ${n} years away`;',
    ].join('\n');
    expect(literalWords(CITATIONS.file, source).map((w) => w.replace(/^[^:]*:/, ''))).toEqual([
      '2 Medicare levy',
      '3 Tax free threshold',
      '3 Read as taxable.',
      '5 Your goal is ',
      '5  years away',
    ]);
  });

  it('finds words in string literals (the check itself)', () => {
    const source =
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template, as found
      "const a = ['half-yearly', 'weekly'];\nconst b = { label: 'Cash' };\nconst c = `${n} years away`;\nthrow new RangeError('paths must be whole');";
    expect(literalWords('x.ts', source).map((w) => w.replace(/^x\.ts:/, ''))).toEqual(['2 Cash', '3  years away']);
  });

  it('are all in its catalogue: no JSX text, nor words given to a label, title, hint or the like, written elsewhere', () => {
    const files = sources('journey').filter((f) => !CATALOGUE.has(f));
    expect(files.flatMap((f) => inlineWords(f))).toEqual([]);
  });

  it('are punctuated and cased by the catalogue: no view writes punctuation around them or changes a label’s case', () => {
    const views = sources('journey').filter((f) => f.endsWith('.tsx') && !CATALOGUE.has(f));
    expect(views.flatMap((f) => viewGrammar(f))).toEqual([]);
  });

  it('word the licensee’s facts in English as the server’s documents do (journey/licensee.ts)', async () => {
    const { ADVICE_WORDS } = await import('../../journey/messages-on-demand');
    const { AFCA, AFCA_CONTACTS, HOURS } = await import('../../journey/licensee');
    const M = ADVICE_WORDS.statement;
    expect(M.adviserHours).toBe(HOURS);
    expect(M.afcaContacts(AFCA_CONTACTS.web, AFCA_CONTACTS.email, AFCA_CONTACTS.phone, AFCA_CONTACTS.post)).toBe(AFCA);
  });

  it('finds punctuation and letter case written in a view (the check itself)', () => {
    const tsx =
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template, as found
      "const A = () => <p>{a} <b>{n}</b>.{x ? `: ${n}` : ''}{list.join(', ')}{label.toLowerCase()}<i className={`a ${b}`}>{' '}</i></p>;";
    expect(viewGrammar('x.tsx', tsx).map((w) => w.replace(/^x\.tsx:1 /, ''))).toEqual([
      '.',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template, as found
      '`: ${n}`',
      "', '",
      'label.toLowerCase()',
    ]);
  });

  it('finds words written inline (the check itself)', () => {
    const tsx = `const A = () => <p title="Help">Hello <b>{'there'}</b>{n}{\`\${n} years\`}<i aria-label={x ? 'Yes' : y}>{'$1'}</i></p>;`;
    expect(inlineWords('x.tsx', tsx).map((w) => w.replace(/^x\.tsx:1 /, ''))).toEqual([
      'title="Help"',
      'Hello',
      "{'there'}",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template, as found
      '{`${n} years`}',
      "aria-label={x ? 'Yes' : y}",
    ]);
  });
});

describe('the widget’s words', () => {
  it('finds sentences in string literals, and lets what is said to a developer be (the check itself)', () => {
    const source = [
      "console.warn('AI chat widget: the call failed');",
      "throw new ApiError('FAILED', 'Failed to boot session');",
      "sendBack({ type: 'MIC.FAILED', reason: secure ? 'microphone access was denied' : 'denied' });",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template, as found
      'throw new TranscriptionFailure(`HTTP error! status: ${res.status}`);',
      "const type = 'audio/webm;codecs=opus';",
    ].join('\n');
    expect(literalWords('x.ts', source, SENTENCE).map((w) => w.replace(/^x\.ts:/, ''))).toEqual([
      '3 microphone access was denied',
      '4 HTTP error! status: ',
    ]);
  });

  it('are not written in its effects, API calls or machines: they carry codes, the catalogue words them', () => {
    expect(CODES_ONLY.length).toBeGreaterThan(20);
    expect(CODES_ONLY.flatMap((f) => literalWords(f, undefined, SENTENCE))).toEqual([]);
  });
});
