/**
 * The advice files' calls (docs/advice-records.md "Console API"), built on the client's `request` in the Advice
 * screens' own chunks, so the first visit does not pay for them. Every answer is checked against its shape; the
 * statements and the change log's CSV are downloads the browser makes itself (links).
 */
import type {
  AdviceEntry,
  AdviceFileStatus,
  AdviceFileSummary,
  AdviceFileView,
  AdviceSettings,
  AdviceVersionUse,
  Replay,
  ReplayDifference,
  ReviewItem,
  ReviewOutcome,
} from '../../contract/advice';
import { ApiError, bool, type Check, type ConsoleApi, idText, list, num, object, oneOf, optional, str } from '../api';

/** The statuses of a file, in the order the list's filter offers them. */
export const ADVICE_STATUSES: readonly AdviceFileStatus[] = ['in-progress', 'refused', 'advised', 'awaiting-partner', 'accepted'];
const status = oneOf<AdviceFileStatus>(...ADVICE_STATUSES);
const outcome = oneOf<ReviewOutcome>('satisfactory', 'needs-action');
const fail = (): never => {
  throw new ApiError('BAD_RESPONSE', 200);
};
/** A value that may be null (the contract's `… | null`). */
const nullable =
  <T>(c: Check<T>): Check<T | null> =>
  (v) =>
    v === null || v === undefined ? null : c(v);
/** A figure as the contract allows it: a number, text, true/false or null. */
const figure: Check<number | string | boolean | null> = (v) => (v === null || typeof v === 'string' || typeof v === 'boolean' ? v : num(v));

/** What narrows the list; each field empty means "any". */
export interface AdviceFilters {
  /** one status, or '' for all */
  status: AdviceFileStatus | '';
  /** only the files in the review queue */
  queue: boolean;
  /** the client's name or email (a part of either, any case) */
  q: string;
}
export const NO_ADVICE_FILTERS: AdviceFilters = { status: '', queue: false, q: '' };

/** The filters of an address's query (the API's own names); what is not allowed is dropped. */
export function parseAdviceFilters(query: string): AdviceFilters {
  const params = new URLSearchParams(query);
  const given = params.get('status') as AdviceFileStatus;
  return { status: ADVICE_STATUSES.includes(given) ? given : '', queue: params.get('queue') === 'review', q: params.get('q') ?? '' };
}

/** The list's query for the filters and the cursor, `?` included, or '' when nothing narrows it: the API's own. */
export function adviceQuery(filters: AdviceFilters, cursor: string | null = null): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.queue) params.set('queue', 'review');
  if (filters.q) params.set('q', filters.q);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `?${query}` : '';
}

const summary = object<AdviceFileSummary>({
  id: idText,
  status,
  clientName: str,
  clientEmail: nullable(str),
  partnerName: nullable(str),
  createdAt: str,
  updatedAt: str,
  inReviewQueue: bool,
  reviewed: nullable(outcome),
});

/** One page of the list, newest first, with where the next starts (null after the last). */
export interface AdviceFilesPage {
  files: AdviceFileSummary[];
  next: string | null;
}
const page = object<AdviceFilesPage>({ files: list(summary), next: nullable(str) });

const KINDS = ['consent', 'answers', 'result', 'advice-paused', 'statement', 'acceptance', 'resume-link', 'partner-link', 'mail', 'review'];
const author = (v: unknown) => {
  const by = object<{ kind: 'client' | 'partner' | 'account'; email?: string }>({
    kind: oneOf('client', 'partner', 'account'),
    email: optional(str),
  })(v);
  return by.kind === 'account' ? { ...by, email: by.email ?? '' } : by;
};
/**
 * An entry: its place, time, author and kind checked; its kind's own fields kept as they came (the views read them
 * with defaults, so an entry of an older shape still shows).
 */
const entry: Check<AdviceEntry> = (v) => {
  const o = typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : fail();
  if (!KINDS.includes(str(o.kind))) fail();
  return { ...o, seq: num(o.seq), at: str(o.at), by: author(o.by) } as AdviceEntry;
};
const fileView = object<AdviceFileView>({ file: summary, entries: list(entry) });

const versions = object<Replay['before']>({ engineVersion: str, assumptionsVersion: str, status: str });
const difference = object<ReplayDifference>({ figure: str, before: figure, after: figure, delta: nullable(num) });
const replay = object<Replay>({ resultSeq: num, asOf: str, before: versions, after: versions, differences: list(difference) });

const settings = object<AdviceSettings>({ paused: bool, samplePercent: num, retentionYears: num });

const versionUse = object<AdviceVersionUse>({
  engineVersion: str,
  assumptionsVersion: str,
  firstUsedAt: str,
  lastUsedAt: str,
  results: num,
});
const versionsAnswer = object<{ versions: AdviceVersionUse[] }>({ versions: list(versionUse) });

/** A review as the sign-off sends it. */
export interface ReviewBody {
  checklist: Record<ReviewItem, boolean>;
  notes: string;
  outcome: ReviewOutcome;
}

const BASE = '/console/api/';
const site = (id: string) => `sites/${encodeURIComponent(id)}`;
const file = (siteId: string, fileId: string) => `${site(siteId)}/advice-files/${encodeURIComponent(fileId)}`;

/** A statement's PDF (same origin: the session's cookie goes with it). */
export const statementUrl = (siteId: string, fileId: string, statementId: string) =>
  `${BASE}${file(siteId, fileId)}/statements/${encodeURIComponent(statementId)}`;

/** The change log as CSV. */
export const versionsCsvUrl = (siteId: string) => `${BASE}${site(siteId)}/advice-versions?format=csv`;

/** The Advice screens' calls on top of `api`. */
export const adviceApi = ({ request }: ConsoleApi, siteId: string) => ({
  /** One page of the list (50 a page, the server's), newest first. */
  files: (filters: AdviceFilters, cursor: string | null) =>
    request('GET', `${site(siteId)}/advice-files${adviceQuery(filters, cursor)}`, page),
  /** One file with every entry; 404 for another site's or an unknown id. */
  file: (fileId: string) => request('GET', file(siteId, fileId), fileView),
  /** The latest result recomputed by today's engine and assumptions, for its own calculation date. */
  replay: (fileId: string) => request('POST', `${file(siteId, fileId)}/replay`, replay),
  /** Signs a review off: the stored entry. */
  review: (fileId: string, body: ReviewBody) => request('POST', `${file(siteId, fileId)}/reviews`, entry, body),
  settings: () => request('GET', `${site(siteId)}/advice-settings`, settings),
  /** Owners only; audited. */
  saveSettings: (value: AdviceSettings) => request('PUT', `${site(siteId)}/advice-settings`, settings, value),
  versions: () => request('GET', `${site(siteId)}/advice-versions`, versionsAnswer).then((r) => r.versions),
});
