/**
 * The journey's calls to the advice-records API (docs/advice-records.md "Journey API"; the wire types are
 * contract/advice.ts). The site's public key travels as `X-API-Key`; a file's own calls carry its token.
 */
import type { Answers } from '../../machines/journey-answers';
import type { Accepted, AdviceStatus, CreatedAdviceFile, IssuedStatement, Resumed, ResumeLink } from '../../contract/advice';

/** A call the server refused: its status, its error code (`ADVICE_PAUSED`, `RESUME_INVALID`, …) and Retry-After in seconds. */
export class RecordsError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly retryAfterS: number | null = null,
  ) {
    super(`${status} ${code}`);
  }
}

/** A failure that may pass if the same call is made later: the network, a 5xx, a 429 (after its Retry-After) or a 409 (the file changed meanwhile). */
export const isTransient = (err: unknown) =>
  !(err instanceof RecordsError) || err.status >= 500 || err.status === 429 || err.status === 409;

/** The file a browser writes to: its id and token (kept in the browser, journey/records/store.ts). */
export interface FileAccess {
  fileId: string;
  token: string;
}

export interface RecordsApi {
  status(): Promise<AdviceStatus>;
  createFile(body: { name: string; email: string | null; wording: string }): Promise<CreatedAdviceFile>;
  /** `resumeAt` left out keeps the last one the file holds. */
  appendAnswers(file: FileAccess, body: { answers: Answers; resumeAt?: string | null }): Promise<{ seq: number }>;
  advice(file: FileAccess): Promise<{ seq: number; status: string; engineVersion: string; assumptionsVersion: string }>;
  statement(file: FileAccess): Promise<IssuedStatement>;
  statementPdf(file: FileAccess, statementId: string): Promise<Blob>;
  accept(file: FileAccess, body: { statementId: string; partnerEmail?: string }): Promise<Accepted>;
  resumeLink(file: FileAccess, body: { email?: string }): Promise<ResumeLink>;
  resume(code: string): Promise<Resumed>;
  partner(token: string): Promise<IssuedStatement & { status: string }>;
  partnerStatement(token: string): Promise<Blob>;
  partnerAccept(token: string): Promise<Accepted>;
}

/** The site's public key, from the widget's script tag on the journey's page (`data-api-key`). */
export const pageApiKey = (doc: Document = document) => doc.querySelector<HTMLScriptElement>('script[data-api-key]')?.dataset.apiKey ?? '';

/** A check of one field of an answer (or of the answer itself). */
type Check = (v: unknown) => boolean;

const text: Check = (v) => typeof v === 'string';
const count: Check = (v) => typeof v === 'number';
const flag: Check = (v) => typeof v === 'boolean';
const date: Check = (v) => text(v) && !Number.isNaN(Date.parse(v as string));
const names: Check = (v) => Array.isArray(v) && v.every(text);
const orNull =
  (check: Check): Check =>
  (v) =>
    v === null || check(v);
/** An object whose fields pass their checks (fields the code does not read are not looked at). */
const shape =
  (fields: Record<string, Check>): Check =>
  (v) =>
    typeof v === 'object' && v !== null && Object.entries(fields).every(([k, check]) => check((v as Record<string, unknown>)[k]));

/** A link shown to copy: absolute, http(s), of the page's own origin (no other site's link, no `javascript:`). */
const isOwnLink: Check = (v) => {
  try {
    const url = new URL(v as string);
    return /^https?:$/.test(url.protocol) && url.origin === location.origin;
  } catch {
    return false;
  }
};

/** A resume code as the server makes it: 8 characters of Crockford's base32, shown `XXXX-XXXX`. */
const isResumeCode: Check = (v) => text(v) && /^[\dA-HJKMNP-TV-Z]{4}-[\dA-HJKMNP-TV-Z]{4}$/.test(v as string);

const STATUSES = ['in-progress', 'refused', 'advised', 'awaiting-partner', 'accepted'];
const fileStatus: Check = (v) => STATUSES.includes(v as string);
const issued = { statementId: text, names };

/**
 * The answers' shapes, per call: the type of each field the journey reads. An answer that fails is a failure like
 * the server's own (`BAD_RESPONSE`), so the page says its failure words instead of showing or keeping it. A resume's
 * answers are checked by the journey machine's `isRestorable` guard (./pages.tsx).
 */
const SHAPES = {
  status: shape({ paused: flag, mail: flag }),
  file: shape({ fileId: text, token: text }),
  seq: shape({ seq: count }),
  statement: shape(issued),
  partner: shape({ ...issued, status: fileStatus }),
  accepted: shape({ status: fileStatus, partnerLink: orNull(shape({ url: isOwnLink, emailed: flag })) }),
  resumeLink: shape({ code: isResumeCode, url: isOwnLink, expiresAt: date, emailed: flag }),
  resumed: shape({ fileId: text, token: text, name: text, resumeAt: orNull(text) }),
  pdf: (res: Response) => /^application\/pdf\b/.test(res.headers.get('Content-Type') ?? ''),
};

/** The error of an answer not of its call's shape (or not JSON): a failure that may pass, as the server's own. */
const badResponse = () => new RecordsError(502, 'BAD_RESPONSE');

/**
 * How long a call may take, its answer read to the end, before it is given up as a network failure (a request that
 * never answers would otherwise leave the visitor with no error at all). Well past any normal answer: the statement's
 * PDF is the slowest, in a second or two, and the tests' slow answer takes 3 s.
 */
export const CALL_LIMIT_MS = 20_000;

/**
 * The API client: `fetchFn` and `base` replaceable (tests give a fake fetch), and `limitMs` (tests give their own).
 * A call past its limit is aborted and fails as the network does (no `RecordsError`: transient, the failure words).
 */
export function recordsApi(
  key: string,
  fetchFn: typeof fetch = (...a) => fetch(...a),
  base = '/journey/api',
  limitMs = CALL_LIMIT_MS,
): RecordsApi {
  /** Runs a call and the reading of its answer within the limit (a fetch that ignores the signal fails all the same). */
  async function limited<T>(run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const stop = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const err = new DOMException('The call took too long', 'TimeoutError');
        stop.abort(err);
        reject(err);
      }, limitMs);
    });
    try {
      return await Promise.race([run(stop.signal), late]);
    } finally {
      clearTimeout(timer);
    }
  }
  async function call(
    path: string,
    init: { method?: string; body?: unknown; file?: FileAccess } = {},
    signal?: AbortSignal,
  ): Promise<Response> {
    const headers: Record<string, string> = { 'X-API-Key': key };
    if (init.file) headers.Authorization = `Bearer ${init.file.token}`;
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetchFn(`${base}/${path}`, {
      method: init.method ?? 'POST',
      headers,
      signal,
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
    if (!res.ok) {
      const body = (await res.json().catch(() => ({}))) as { error?: string };
      const after = Number(res.headers.get('Retry-After'));
      throw new RecordsError(res.status, body.error ?? 'ERROR', after > 0 ? after : null);
    }
    return res;
  }
  const json = <T>(check: Check, path: string, init?: Parameters<typeof call>[1]) =>
    limited(async (signal) => {
      const body: unknown = await (await call(path, init, signal)).json().catch(() => undefined);
      if (!check(body)) throw badResponse();
      return body as T;
    });
  const blob = (path: string, init?: Parameters<typeof call>[1]) =>
    limited(async (signal) => {
      const res = await call(path, init, signal);
      if (!SHAPES.pdf(res)) throw badResponse();
      return res.blob();
    });
  const files = (file: FileAccess, rest: string) => `advice-files/${encodeURIComponent(file.fileId)}/${rest}`;
  return {
    status: () => json(SHAPES.status, 'advice-status', { method: 'GET' }),
    createFile: (body) => json(SHAPES.file, 'advice-files', { body: { consent: true, ...body, email: body.email ?? undefined } }),
    appendAnswers: (file, body) => json(SHAPES.seq, files(file, 'answers'), { file, body }),
    advice: (file) => json(SHAPES.seq, files(file, 'advice'), { file }),
    statement: (file) => json(SHAPES.statement, files(file, 'statement'), { file }),
    statementPdf: (file, id) => blob(files(file, `statements/${encodeURIComponent(id)}`), { method: 'GET', file }),
    accept: (file, body) => json(SHAPES.accepted, files(file, 'acceptance'), { file, body }),
    resumeLink: (file, body) => json(SHAPES.resumeLink, files(file, 'resume-links'), { file, body }),
    // the answers are checked by the journey machine's `isRestorable` guard before they are taken (./pages.tsx)
    resume: (code) => json(SHAPES.resumed, 'resume', { body: { code } }),
    partner: (token) => json(SHAPES.partner, 'partner', { body: { token } }),
    partnerStatement: (token) => blob('partner/statement', { body: { token } }),
    partnerAccept: (token) => json(SHAPES.accepted, 'partner/acceptance', { body: { token } }),
  };
}
