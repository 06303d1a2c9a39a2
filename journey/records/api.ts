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

/** Whether a failed call is worth trying again later: offline (no answer at all) or the server's own failure. */
export const isTransient = (err: unknown) => !(err instanceof RecordsError) || err.status >= 500;

/** The file a browser writes to: its id and token (kept in the browser, journey/records/store.ts). */
export interface FileAccess {
  fileId: string;
  token: string;
}

export interface RecordsApi {
  status(): Promise<AdviceStatus>;
  createFile(body: { name: string; email: string | null; wording: string }): Promise<CreatedAdviceFile>;
  appendAnswers(file: FileAccess, body: { answers: Answers; resumeAt: string | null }): Promise<{ seq: number }>;
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

/** The API client: `fetchFn` and `base` replaceable (tests give a fake fetch). */
export function recordsApi(key: string, fetchFn: typeof fetch = (...a) => fetch(...a), base = '/journey/api'): RecordsApi {
  async function call(path: string, init: { method?: string; body?: unknown; file?: FileAccess } = {}): Promise<Response> {
    const headers: Record<string, string> = { 'X-API-Key': key };
    if (init.file) headers.Authorization = `Bearer ${init.file.token}`;
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetchFn(`${base}/${path}`, {
      method: init.method ?? 'POST',
      headers,
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
    if (!res.ok) {
      const body = (await res.json().catch(() => ({}))) as { error?: string };
      const after = Number(res.headers.get('Retry-After'));
      throw new RecordsError(res.status, body.error ?? 'ERROR', after > 0 ? after : null);
    }
    return res;
  }
  const json = async <T>(path: string, init?: Parameters<typeof call>[1]) => (await call(path, init)).json() as Promise<T>;
  const blob = async (path: string, init?: Parameters<typeof call>[1]) => (await call(path, init)).blob();
  const files = (file: FileAccess, rest: string) => `advice-files/${encodeURIComponent(file.fileId)}/${rest}`;
  return {
    status: () => json('advice-status', { method: 'GET' }),
    createFile: (body) => json('advice-files', { body: { consent: true, ...body, email: body.email ?? undefined } }),
    appendAnswers: (file, body) => json(files(file, 'answers'), { file, body }),
    advice: (file) => json(files(file, 'advice'), { file }),
    statement: (file) => json(files(file, 'statement'), { file }),
    statementPdf: (file, id) => blob(files(file, `statements/${encodeURIComponent(id)}`), { method: 'GET', file }),
    accept: (file, body) => json(files(file, 'acceptance'), { file, body }),
    resumeLink: (file, body) => json(files(file, 'resume-links'), { file, body }),
    // the answers are checked by the journey machine's `isRestorable` guard before they are taken (./pages.tsx)
    resume: (code) => json('resume', { body: { code } }),
    partner: (token) => json('partner', { body: { token } }),
    partnerStatement: (token) => blob('partner/statement', { body: { token } }),
    partnerAccept: (token) => json('partner/acceptance', { body: { token } }),
  };
}
