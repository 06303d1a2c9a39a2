/**
 * Every word a visitor sees comes from the widget's catalogue (src/messages.ts, and the parts of it that
 * load with the on-demand parts: src/voice/messages.ts, src/dictation/messages.ts, src/embeds/messages.ts,
 * src/chat-window/history-messages.ts; the launcher's first frame's, src/messages-first-frame.ts; the other
 * locales', src/locales/),
 * keyed by code: checked on the sources, no JSX text and no `aria-label`, `title`, `placeholder`, `alt`
 * or `label` attribute in src/ is a string with letters of its own, nor a label, title or text field of
 * a view model. And the codes the recording and voice mode carry (a microphone's refusal, a failed
 * transcription, the avatar's status) are worded by every locale: the spec's English in English, the
 * locale's own words in the others.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import type { AvatarFailure, AvatarStatus } from '../../machines/avatar';
import type { RecordingFailure, RecordingProblem, TranscriptionFault } from '../../machines/recording';
import { problemText } from '../../src/dictation/messages';
import type { Catalogue } from '../../src/locales/catalogue';
import { words as ar } from '../../src/locales/ar';
import { words as zhHans } from '../../src/locales/zh-hans';
import { voiceStatusText } from '../../src/voice/messages';
import { putWords } from '../../src/words';

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

/**
 * Every reason the microphone and the recorder report, and what is known of a failed transcription, with its
 * English (typed by the codes, so a code added without its line here fails `tsc`).
 */
const REASONS: Record<RecordingFailure, string> = {
  denied: 'microphone access was denied',
  'not-found': 'no microphone was found',
  'in-use': 'the microphone is in use or unavailable',
  'not-started': 'the microphone could not start',
  insecure: 'recording needs a secure (https) page',
  unsupported: 'this browser cannot record audio',
  interrupted: 'the recording stopped unexpectedly',
};
const FAULTS: Record<TranscriptionFault['code'], [TranscriptionFault, string]> = {
  http: [{ code: 'http', status: 503 }, 'HTTP error! status: 503'],
  invalid: [{ code: 'invalid' }, 'Invalid response from API'],
};
/** Dictation's problems, each with its English: widget-spec §8's texts, a reason after 'Recording failed: '. */
const PROBLEMS: [RecordingProblem, string][] = [
  [{ code: 'no-speech' }, 'No speech detected'],
  ...Object.entries(REASONS).map(([reason, text]): [RecordingProblem, string] => [
    { code: 'recording-failed', reason: reason as RecordingFailure },
    `Recording failed: ${text}`,
  ]),
  ...Object.values(FAULTS).map(([fault, text]): [RecordingProblem, string] => [
    { code: 'transcription-failed', fault },
    `Transcription failed: ${text}`,
  ]),
  [{ code: 'transcription-failed', fault: null }, 'Transcription failed'],
];
const AVATAR_FAILURES: Record<AvatarFailure, string> = {
  TOKEN_FAILED: 'Error: Failed to fetch session token',
  SESSION_FAILED: 'Error: Failed to create streaming session',
  CLIENT_FAILED: 'Error: LiveKit client failed to load',
  CONNECT_FAILED: 'Error: Failed to connect to avatar',
};
/** Voice mode's status line, each code with its English (widget-spec §4, §8 word for word where they give it). */
const STATUSES: [AvatarStatus, string][] = [
  [{ code: 'connecting' }, 'Connecting to avatar...'],
  [{ code: 'ready' }, 'Media stream ready'],
  [{ code: 'listening' }, 'Listening...'],
  [{ code: 'transcribing' }, 'Transcribing'],
  [{ code: 'thinking' }, 'Thinking...'],
  [{ code: 'speaking' }, 'Speaking...'],
  [{ code: 'muted' }, 'Microphone muted'],
  ...Object.entries(AVATAR_FAILURES).map(([failure, text]): [AvatarStatus, string] => [
    { code: 'failed', failure: failure as AvatarFailure },
    text,
  ]),
  [{ code: 'disconnected', reason: 5 }, 'Room disconnected: Idle timeout'],
  [{ code: 'disconnected', reason: 1 }, 'Room disconnected: left'],
  [{ code: 'disconnected', reason: null }, 'Room disconnected: unknown reason'],
  [{ code: 'disconnected', reason: 42 }, 'Room disconnected: reason 42'],
  [{ code: 'problem', problem: { code: 'no-speech' } }, 'No speech detected'],
  [{ code: 'problem', problem: { code: 'recording-failed', reason: 'denied' } }, 'Recording failed'],
  [{ code: 'problem', problem: { code: 'transcription-failed', fault: null } }, 'Transcription failed'],
];

describe('the recording’s and voice mode’s codes, in words', () => {
  afterEach(() => putWords(null));

  it('in English, each code is worded as the spec words it (§4, §8), a reason after its colon', () => {
    expect(PROBLEMS.map(([p]) => problemText(p))).toEqual(PROBLEMS.map(([, text]) => text));
    expect(STATUSES.map(([s]) => voiceStatusText(s))).toEqual(STATUSES.map(([, text]) => text));
  });

  it.each([
    ['ar', ar],
    ['zh-Hans', zhHans],
  ] as [string, Catalogue][])('in %s, every code has words of the locale’s own, none left in English', (_tag, words) => {
    putWords(words);
    const problems = PROBLEMS.map(([p, en]) => [problemText(p), en] as const);
    const statuses = STATUSES.map(([st, en]) => [voiceStatusText(st), en] as const);
    for (const [text, en] of [...problems, ...statuses]) {
      expect(text, en).not.toBe('');
      expect(text, en).not.toMatch(/undefined|null|\[object/);
      // the English's words are not in it (product names, 'HTTP', 'API', 'https' and figures may be)
      const english = en.split(/[^A-Za-z]+/).filter((w) => w.length > 3 && !/^(HTTP|https|LiveKit)$/.test(w));
      for (const w of english) expect(text, en).not.toContain(w);
    }
    // each reason reads differently, and a transcription's HTTP status is given
    expect(new Set(problems.map(([text]) => text)).size).toBe(PROBLEMS.length);
    expect(problems.find(([, en]) => en.includes('503'))?.[0]).toContain('503');
    expect(new Set(statuses.map(([text]) => text)).size).toBe(STATUSES.length);
  });
});
