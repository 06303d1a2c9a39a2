/**
 * Every word a visitor sees comes from the widget's catalogue (src/messages.ts, and the parts of it that
 * load with the on-demand parts: src/voice/messages.ts, src/dictation/messages.ts, src/embeds/messages.ts,
 * src/chat-window/history-messages.ts; the launcher's first frame's, src/messages-first-frame.ts; the other
 * locales', src/locales/),
 * keyed by code: checked on the sources, no JSX text and no `aria-label`, `title`, `placeholder`, `alt`
 * or `label` attribute in src/ is a string with letters of its own, nor a label, title or text field of
 * a view model.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const CATALOGUES = new Set([
  'src/messages.ts',
  'src/messages-first-frame.ts',
  'src/chat-window/history-messages.ts',
  'src/voice/messages.ts',
  'src/dictation/messages.ts',
  'src/embeds/messages.ts',
  // the other locales' words, each a chunk of its own
  'src/locales/ar.ts',
  'src/locales/zh-hans.ts',
]);
/** The attributes a visitor reads (or hears). */
const ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
]);
/** A view model's fields a component shows as they are. */
const VIEW_FIELDS = /^(label|ariaLabel|title|placeholder|alt|text|status|heading|message)$/;
const letters = /\p{L}/u;

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return sources(rel);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') && !CATALOGUES.has(rel) ? [rel] : [];
  });
}

/** The string literals with letters in an expression (a conditional's branches, a template's parts, a `||`'s fallback). */
function wordsIn(node: ts.Node): string[] {
  const found: string[] = [];
  const visit = (n: ts.Node) => {
    if ((ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) && letters.test(n.text)) found.push(n.text);
    else if (ts.isTemplateExpression(n)) {
      for (const part of [n.head, ...n.templateSpans.map((s) => s.literal)]) if (letters.test(part.text)) found.push(part.text);
      for (const s of n.templateSpans) visit(s.expression);
    }
    // a call's arguments and a comparison's sides are codes (a catalogue function's, a selector's), not
    // words; an element inside is checked as an element
    else if (
      !ts.isCallExpression(n) &&
      !ts.isElementAccessExpression(n) &&
      !(ts.isBinaryExpression(n) && /^[!=]==?$/.test(n.operatorToken.getText())) &&
      !ts.isJsxElement(n) &&
      !ts.isJsxSelfClosingElement(n) &&
      !ts.isJsxFragment(n)
    )
      ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/** Where a file shows a visitor words of its own: `line: text`. */
function inlineWords(file: string, text = readFileSync(join(ROOT, file), 'utf8')): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: string[] = [];
  const at = (n: ts.Node, words: string) => out.push(`${file}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}: ${words}`);
  const viewModel = file.startsWith('src/view-models/');
  const visit = (n: ts.Node) => {
    if (ts.isJsxText(n) && letters.test(n.text)) at(n, n.text.trim());
    else if (ts.isJsxExpression(n) && n.expression && (ts.isJsxElement(n.parent) || ts.isJsxFragment(n.parent))) {
      for (const w of wordsIn(n.expression)) at(n, w);
    } else if (ts.isJsxAttribute(n) && ATTRIBUTES.has(n.name.getText(sf)) && n.initializer) {
      for (const w of wordsIn(n.initializer)) at(n, `${n.name.getText(sf)}=${w}`);
      return;
    } else if (viewModel && ts.isPropertyAssignment(n) && VIEW_FIELDS.test(n.name.getText(sf))) {
      for (const w of wordsIn(n.initializer)) at(n, `${n.name.getText(sf)}: ${w}`);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

describe('the visitor’s words', () => {
  it('come from the catalogues: no JSX text, labelling attribute or view-model label in src/ holds words of its own', () => {
    expect(sources('src').flatMap((f) => inlineWords(f))).toEqual([]);
  });

  it('the check finds words where they would be, and lets codes and catalogue entries be', () => {
    const probe = [
      `const a = <div title="Close chat" aria-label={x || 'Video message'} data-part="window">`,
      `  Loading…{ok ? 'Retry' : LABEL}<b>{' '}{text(code)}{kind === 'video' && <i data-part="x" />}</b><i aria-label={\`Open \${name}\`} title={CLOSE} />`,
      `</div>;`,
    ].join('\n');
    expect(inlineWords('src/probe.tsx', probe)).toEqual([
      'src/probe.tsx:1: title=Close chat',
      'src/probe.tsx:1: aria-label=Video message',
      'src/probe.tsx:2: Loading…',
      'src/probe.tsx:2: Retry',
      'src/probe.tsx:2: aria-label=Open ',
    ]);
    expect(inlineWords('src/view-models/probe.ts', `const v = { label: 'Send', id: 'send-button', ariaLabel: ok ? A : 'Stop' };`)).toEqual([
      'src/view-models/probe.ts:1: label: Send',
      'src/view-models/probe.ts:1: ariaLabel: Stop',
    ]);
  });
});
