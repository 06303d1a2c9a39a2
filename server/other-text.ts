/**
 * The text of a document of no known type ('other', widget-spec §2), when it is safe text: valid UTF-8 without NUL
 * characters. JSON is laid out for reading: an array of objects (or such an array in an object) as a GFM table,
 * anything else as indented `key: value` lines; other text is kept as it is. Binary files have no text. Pure: bytes
 * in, text out.
 */
import { markdownTable, type TableLimits } from './document-tables';

/** Characters of JSON laid out at most; a bigger file is kept as its text (parsing it would hold the event loop). */
const MAX_JSON_CHARS = 8 * 1024 * 1024;
/** Levels of nesting laid out as lines; deeper values are written as compact JSON. */
const MAX_DEPTH = 16;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: Json): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An array whose items are all objects: a table, its columns the objects' keys. */
const isRecords = (value: Json): value is JsonObject[] => Array.isArray(value) && value.length > 0 && value.every(isObject);

/** A value on one line: a string as it is (its line breaks as spaces), anything nested as compact JSON. */
function oneLine(value: Json): string {
  if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim();
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/** Records as a table: the columns are the keys in the order they are first met. */
function recordsTable(records: readonly JsonObject[], limits: TableLimits): { markdown: string; truncated: boolean } {
  const columns: string[] = [];
  const known = new Set<string>();
  for (const record of records.slice(0, limits.maxRows + 1))
    for (const key of Object.keys(record))
      if (!known.has(key)) {
        known.add(key);
        columns.push(key);
      }
  const rows = records.slice(0, limits.maxRows + 1).map((r) => columns.map((c) => (Object.hasOwn(r, c) ? oneLine(r[c]!) : '')));
  const table = markdownTable([columns, ...rows], limits);
  return { markdown: table.markdown, truncated: table.truncated || records.length > limits.maxRows + 1 };
}

/** A value as indented lines, YAML-like: `key: value`, a nested object or array under its key, array items as `- `. */
function lines(value: Json, indent: string, depth: number, out: string[]): void {
  const nested = (v: Json) =>
    typeof v === 'object' && v !== null && depth < MAX_DEPTH && (Array.isArray(v) ? v.length > 0 : Object.keys(v).length > 0);
  if (Array.isArray(value)) {
    for (const item of value) {
      if (!nested(item)) out.push(`${indent}- ${oneLine(item)}`);
      else {
        // the item's first line goes on its dash, the others under it
        const start = out.length;
        lines(item, `${indent}  `, depth + 1, out);
        out[start] = `${indent}- ${out[start]!.slice(indent.length + 2)}`;
      }
    }
    return;
  }
  if (!isObject(value)) {
    out.push(`${indent}${oneLine(value)}`);
    return;
  }
  for (const [key, v] of Object.entries(value)) {
    if (nested(v)) {
      out.push(`${indent}${key}:`);
      lines(v, `${indent}  `, depth + 1, out);
    } else out.push(`${indent}${key}: ${oneLine(v)}`);
  }
}

/**
 * JSON laid out for reading. An array of objects is a table; an object's arrays of objects are tables under a `## `
 * heading naming them, its other keys `key: value` lines in between; anything else is lines.
 */
function jsonMarkdown(value: Json, limits: TableLimits): { markdown: string; truncated: boolean } {
  if (isRecords(value)) return recordsTable(value, limits);
  if (!isObject(value)) {
    const out: string[] = [];
    lines(value, '', 0, out);
    return { markdown: out.join('\n'), truncated: false };
  }
  const blocks: string[] = [];
  let truncated = false;
  // without a prototype, so that a key named __proto__ is a key like any other
  const empty = () => Object.create(null) as JsonObject;
  let pending = empty();
  const flush = () => {
    const out: string[] = [];
    lines(pending, '', 0, out);
    if (out.length > 0) blocks.push(out.join('\n'));
    pending = empty();
  };
  for (const [key, v] of Object.entries(value)) {
    if (!isRecords(v)) {
      pending[key] = v;
      continue;
    }
    flush();
    const table = recordsTable(v, limits);
    truncated ||= table.truncated;
    if (table.markdown) blocks.push(`## ${key.replace(/\s+/g, ' ').trim() || 'Items'}\n\n${table.markdown}`);
  }
  flush();
  return { markdown: blocks.join('\n\n'), truncated };
}

/**
 * The text of a document of no known type: null when it is not UTF-8 text (a binary file), its JSON laid out
 * (above) when it parses as JSON, otherwise the text itself without a byte-order mark.
 */
export function otherText(bytes: Uint8Array, limits: TableLimits): { text: string | null; truncated: boolean } {
  if (bytes.includes(0)) return { text: null, truncated: false };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return { text: null, truncated: false };
  }
  const trimmed = text.trim();
  if (!trimmed) return { text: null, truncated: false };
  if (/^[[{]/.test(trimmed) && trimmed.length <= MAX_JSON_CHARS) {
    let value: Json | undefined;
    try {
      value = JSON.parse(trimmed) as Json;
    } catch {
      // not JSON: read as text
    }
    try {
      const laid = value === undefined ? null : jsonMarkdown(value, limits);
      if (laid?.markdown) return { text: laid.markdown, truncated: laid.truncated };
    } catch {
      // nested too deep to write out (the stack ends first): read as text
    }
  }
  return { text, truncated: false };
}
