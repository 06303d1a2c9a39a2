/**
 * Tables of the site's documents as the answer engines read them: a CSV file or a
 * spreadsheet's sheets become GFM markdown tables (a header row, the `| --- |`
 * separator, then the rows), never prose, so that a row keeps its column names.
 * Pure: text or cells in, markdown out.
 */
import { parse } from 'csv-parse/sync';

/** How much of a table is kept; the rest is left out (the caller notes it in a log line). */
export interface TableLimits {
  /** Rows kept after the header row. */
  maxRows: number;
  /** Columns kept, from the first. */
  maxColumns: number;
  /** Characters kept of one cell; a longer one ends with '…'. */
  maxCellChars: number;
}

/** A value of a spreadsheet cell, as read-excel-file gives it. */
export type CellValue = string | number | boolean | Date | null;

/** A table in markdown, and whether rows or columns were left out to keep within the limits. */
export interface MarkdownTable {
  /** '' when the table has no cell with text. */
  markdown: string;
  truncated: boolean;
}

/** Characters of a CSV file read at most: far more than {@link TableLimits.maxRows} rows of any real table need. */
const MAX_CSV_CHARS = 4 * 1024 * 1024;

/**
 * A cell as one line of a markdown table: its line breaks become spaces and its pipes
 * are escaped (a pipe would end the cell, GFM §4.10).
 */
function cellText(value: CellValue, maxChars: number): string {
  const text = formatCell(value).replace(/\s+/g, ' ').trim();
  const cut = text.length > maxChars ? `${text.slice(0, maxChars - 1).trimEnd()}…` : text;
  return cut.replace(/\|/g, '\\|');
}

function formatCell(value: CellValue): string {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  // 12 significant digits hide the binary noise of a sum (0.1 + 0.2) that a spreadsheet shows rounded
  if (typeof value === 'number') return Number.isFinite(value) ? String(Number(value.toPrecision(12))) : '';
  if (Number.isNaN(value.getTime())) return '';
  const iso = value.toISOString();
  // a date without a time of day (the usual date cell) is written as the date alone
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
}

/**
 * The rows as a GFM table: the first row with text is the header (an empty header cell
 * is named 'Column N'); rows without text and columns empty all the way down are dropped;
 * short rows are padded.
 */
export function markdownTable(rows: readonly (readonly CellValue[])[], limits: TableLimits): MarkdownTable {
  let truncated = false;
  const cells: string[][] = [];
  for (const row of rows) {
    if (row.length > limits.maxColumns) truncated = true;
    const line = row.slice(0, limits.maxColumns).map((v) => cellText(v, limits.maxCellChars));
    if (!line.some((c) => c !== '')) continue;
    if (cells.length > limits.maxRows) {
      truncated = true;
      break;
    }
    cells.push(line);
  }
  if (cells.length === 0) return { markdown: '', truncated };
  const width = Math.max(...cells.map((r) => r.length));
  const used = Array.from({ length: width }, (_, i) => cells.some((r) => (r[i] ?? '') !== ''));
  const columns = used.flatMap((u, i) => (u ? [i] : []));
  const [header, ...body] = cells.map((r) => columns.map((i) => r[i] ?? ''));
  const named = header!.map((c, i) => c || `Column ${i + 1}`);
  const line = (r: readonly string[]) => `| ${r.join(' | ')} |`;
  return { markdown: [line(named), line(named.map(() => '---')), ...body.map(line)].join('\n'), truncated };
}

/**
 * The delimiter of a CSV file: whichever of comma, semicolon and tab its first line
 * has most of outside quotes (a semicolon is the list separator of spreadsheets in
 * many locales); a comma when it has none.
 */
export function csvDelimiter(text: string): string {
  const counts = new Map([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const ch of text.slice(0, 64 * 1024)) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ',';
  for (const [d, n] of counts) if (n > counts.get(best)!) best = d;
  return best;
}

/**
 * A CSV file (RFC 4180, a byte-order mark already removed) as a markdown table. Quoted
 * cells may hold delimiters, quotes and line breaks; rows may be ragged; a record that
 * cannot be parsed (a quote never closed) is skipped. Null when nothing parses.
 */
export function csvMarkdown(text: string, limits: TableLimits): MarkdownTable | null {
  let input = text.replace(/^\uFEFF/, '');
  let truncated = false;
  if (input.length > MAX_CSV_CHARS) {
    // cut at a line end; a quoted cell cut in two becomes a record that does not parse, and is skipped
    input = input.slice(0, input.lastIndexOf('\n', MAX_CSV_CHARS) + 1 || MAX_CSV_CHARS);
    truncated = true;
  }
  let records: string[][];
  try {
    records = parse(input, {
      delimiter: csvDelimiter(input),
      relax_column_count: true,
      relax_quotes: true,
      skip_records_with_error: true,
      skip_empty_lines: true,
      // the header, the rows kept, and one more to know that some were left out
      to: limits.maxRows + 2,
    }) as string[][];
  } catch {
    return null;
  }
  if (records.length === 0) return null;
  const table = markdownTable(records, limits);
  return table.markdown ? { markdown: table.markdown, truncated: truncated || table.truncated } : null;
}

/** A spreadsheet's sheets as markdown: each non-empty sheet's table under a `##` heading naming the sheet. */
export function sheetsMarkdown(
  sheets: readonly { name: string; rows: readonly (readonly CellValue[])[] }[],
  limits: TableLimits,
): MarkdownTable {
  let truncated = false;
  const parts: string[] = [];
  for (const sheet of sheets) {
    const table = markdownTable(sheet.rows, limits);
    truncated ||= table.truncated;
    if (table.markdown) parts.push(`## ${sheet.name.replace(/\s+/g, ' ').trim() || `Sheet ${parts.length + 1}`}\n\n${table.markdown}`);
  }
  return { markdown: parts.join('\n\n'), truncated };
}
