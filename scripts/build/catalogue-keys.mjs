import { readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * The widget's catalogue (src/messages.ts and its parts) names each word by a key, once in its English
 * object and once where the active locale's words are taken in (src/words.ts); a locale's chunk writes
 * the same keys. esbuild renames those keys to short ones (`mangleProps`), the same in the core, the
 * parts and the locales (one mangle cache for both layers, scripts/build/layers.mjs): the keys cost the
 * text chat's budget a few bytes each instead of their length.
 *
 * A renamed key must not be a name that other code reaches by its text: a property of the browser's
 * (lib.dom.d.ts: those keep their names), or one a bundled library makes from a string (a TypeScript
 * enum's `e[e.VIDEO=1]="VIDEO"`, a protobuf field's name). `reservedKeys` lists those the catalogue
 * shares; `checkMangled` fails the build when a renamed key is written as a string in any output.
 */

/** The catalogue's modules, each with its keys listed in `export let { … } = EN;`. */
export const CATALOGUE_MODULES = [
  'src/messages.ts',
  'src/chat-window/history-messages.ts',
  'src/dictation/messages.ts',
  'src/voice/messages.ts',
  'src/embeds/messages.ts',
];

/**
 * Keys other code also reaches by their text, kept as written: `greeting` is a state of the site machine, which
 * transitions name as a string. (The catalogue's RECONNECTING_NOTE and VIDEO_LABEL are named apart from
 * livekit-client's enums' RECONNECTING and VIDEO for the same reason.)
 */
export const reservedKeys = new Set(['greeting']);

/** The catalogue's keys, read from its modules. */
export function catalogueKeys(root) {
  const keys = new Set();
  for (const file of CATALOGUE_MODULES) {
    const source = readFileSync(path.join(root, file), 'utf8');
    const list = /export let \{([^}]*)\} = EN;/.exec(source);
    if (!list) throw new Error(`${file}: no \`export let { … } = EN;\` to read the catalogue's keys from`);
    for (const key of list[1].split(',').map((k) => k.trim())) if (key && !reservedKeys.has(key)) keys.add(key);
  }
  // a property of the browser's keeps its name (the DOM's LOADING, say)
  const dom = readFileSync(path.join(root, 'node_modules/typescript/lib/lib.dom.d.ts'), 'utf8');
  return [...keys].filter((key) => !new RegExp(`\\b${key}\\??:`).test(dom));
}

/** esbuild's `mangleProps` for the catalogue's keys. */
export const catalogueMangle = (root) => new RegExp(`^(${catalogueKeys(root).join('|')})$`);

/** Fails when a renamed key is written as a string in an output (code that reaches a property by its text). */
export function checkMangled(mangleCache, outputFiles) {
  const renamed = Object.entries(mangleCache ?? {})
    .filter(([, to]) => to !== false)
    .map(([from]) => from);
  for (const file of outputFiles) {
    if (!file.path.endsWith('.js')) continue;
    // (the parts are built unminified, their comments kept until the last pass: comments are not code)
    const code = file.text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    for (const key of renamed) {
      if (!new RegExp(`["'\`]${key}["'\`]`).test(code)) continue;
      throw new Error(
        `${path.basename(file.path)} reaches a property named ${key} by its text, which the catalogue's key renames: add it to reservedKeys (scripts/build/catalogue-keys.mjs)`,
      );
    }
  }
}
