/**
 * PDFs and spreadsheets are read by third-party parsers (unpdf's PDF.js, read-excel-file) over bytes that
 * anyone with an upload may have crafted. They run here in a worker thread, one at a time, with a heap
 * limit and a time limit: a PDF that loops, or a zip that inflates to gigabytes, ends its worker and
 * nothing else; the server's event loop never waits on them.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { CellValue } from './document-tables';

/** A piece of a PDF page's text: its characters, font size, baseline height on the page, and whether a line ends after it. */
export type PdfItem = [text: string, size: number, y: number, endOfLine: boolean];

/** What the worker read. */
export type WorkerRead =
  | { kind: 'pdf'; totalPages: number; pages: PdfItem[][] }
  | { kind: 'xlsx'; sheets: { name: string; rows: CellValue[][] }[] };

/** The worker's limits: what it reads at most, and for how long. */
export interface WorkerLimits {
  /** Pages of a PDF read, from the first. */
  maxPages: number;
  /** Characters of a PDF's text read, after which the pages left are not read. */
  maxChars: number;
  /** Rows of a sheet read, after its header. */
  maxRows: number;
  /** Columns of a sheet read. */
  maxColumns: number;
  /** Milliseconds before the worker is stopped. */
  timeLimitMs: number;
}

/** The heap a worker may use: PDF.js and one large document fit; a bomb does not. */
const WORKER_HEAP_MB = 256;

// Resolved here, where the packages are found from this module (its source under test, dist/server in the
// bundle), since code evaluated in a worker resolves from the working directory.
const require = createRequire(import.meta.url);
const MODULES = { unpdf: require.resolve('unpdf'), xlsx: require.resolve('read-excel-file/node') };

/**
 * The worker's code: CommonJS evaluated in the worker. It only reads; the text is laid out by the caller.
 * PDF.js is asked for no fonts, no eval and no messages (its warnings would go to the server's output).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { kind, bytes, limits, modules } = workerData;

async function readPdf() {
  const { getDocumentProxy } = require(modules.unpdf);
  const pdf = await getDocumentProxy(bytes, { verbosity: 0, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, stopAtErrors: false });
  const pages = [];
  let chars = 0;
  for (let n = 1; n <= Math.min(pdf.numPages, limits.maxPages) && chars <= limits.maxChars; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    const items = [];
    for (const item of content.items) {
      if (typeof item.str !== 'string') continue;
      const t = item.transform;
      items.push([item.str, item.height || Math.hypot(t[2], t[3]), t[5], Boolean(item.hasEOL)]);
      chars += item.str.length;
    }
    pages.push(items);
    page.cleanup();
  }
  const totalPages = pdf.numPages;
  await pdf.destroy();
  return { kind: 'pdf', totalPages, pages };
}

async function readXlsx() {
  const readXlsxFile = require(modules.xlsx);
  const sheets = await readXlsxFile(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return {
    kind: 'xlsx',
    sheets: sheets.map((s) => ({ name: String(s.sheet), rows: s.data.slice(0, limits.maxRows + 2).map((r) => r.slice(0, limits.maxColumns + 1)) })),
  };
}

(kind === 'pdf' ? readPdf() : readXlsx()).then(
  (read) => parentPort.postMessage({ ok: true, read }),
  (err) => parentPort.postMessage({ ok: false, name: String((err && err.name) || 'Error'), message: String((err && err.message) || err) }),
);
`;

/** Why a worker gave no result, in words for a log line. */
export class UnreadableError extends Error {
  constructor(
    message: string,
    /** The parser's error name (PasswordException, InvalidPDFException, …), or 'timeout', 'memory'. */
    readonly reason: string,
  ) {
    super(message);
    this.name = 'UnreadableError';
  }
}

/** The readings waiting for the worker: one runs at a time, so that uploads at once cannot take every core. */
let queue: Promise<unknown> = Promise.resolve();

/** Reads `bytes` as `kind` in a worker (one at a time); rejects with an {@link UnreadableError}. */
export function readInWorker(kind: 'pdf' | 'xlsx', bytes: Uint8Array, limits: WorkerLimits): Promise<WorkerRead> {
  const run = queue.then(() => runWorker(kind, bytes, limits));
  queue = run.catch(() => undefined);
  return run;
}

function runWorker(kind: 'pdf' | 'xlsx', bytes: Uint8Array, limits: WorkerLimits): Promise<WorkerRead> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      // a copy: the worker's parsers may detach or change what they are given
      workerData: { kind, bytes: new Uint8Array(bytes), limits, modules: MODULES },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => settle(() => reject(new UnreadableError(`it took longer than ${limits.timeLimitMs} ms to read`, 'timeout'))),
      limits.timeLimitMs,
    );
    // whatever the parsers print is theirs, not the server's log
    worker.stdout.resume();
    worker.stderr.resume();
    worker.on('message', (m: { ok: true; read: WorkerRead } | { ok: false; name: string; message: string }) =>
      settle(() => (m.ok ? resolve(m.read) : reject(new UnreadableError(m.message, m.name)))),
    );
    worker.on('error', (err: Error & { code?: string }) =>
      settle(() =>
        reject(
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new UnreadableError(`it needs more than ${WORKER_HEAP_MB} MB to read`, 'memory')
            : new UnreadableError(err.message, err.name),
        ),
      ),
    );
    worker.on('exit', (code) => settle(() => reject(new UnreadableError(`the reader stopped (exit code ${code})`, 'exit'))));
  });
}
