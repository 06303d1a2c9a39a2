/** What both storages' advice files share (docs/advice-records.md): rows read into records, defaults, keys and cutoffs. */
import type { AdviceSettings, EntryAuthor, ReviewOutcome } from '../../contract/advice';
import type { AdviceEntry } from './types';
import { json, optStr, type Row, str } from './records';
import type { StoredAdviceFile } from './types';

/** A site's advice settings until an owner changes them (docs/advice-records.md). */
export const DEFAULT_ADVICE_SETTINGS: AdviceSettings = { paused: false, samplePercent: 10, retentionYears: 7 };

/** The text the console's search looks in: the names and the email, lower-cased (so the search ignores case on both dialects). */
export const adviceSearchKey = (clientName: string, clientEmail: string | null, partnerName: string | null) =>
  [clientName, clientEmail ?? '', partnerName ?? ''].join('\n').normalize('NFKC').toLowerCase();

/** A LIKE pattern that matches `text` anywhere, its `%`, `_` and `\` taken literally (ESCAPE '\'). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function toStoredAdviceFile(r: Row): StoredAdviceFile {
  return {
    id: str(r.id),
    siteId: str(r.site_id),
    status: str(r.status) as StoredAdviceFile['status'],
    clientName: str(r.client_name),
    clientEmail: optStr(r.client_email) ?? null,
    partnerName: optStr(r.partner_name) ?? null,
    createdAt: str(r.created_at),
    updatedAt: str(r.updated_at),
    inReviewQueue: Boolean(r.in_review_queue),
    reviewed: (optStr(r.reviewed) as ReviewOutcome | undefined) ?? null,
    lastSeq: Number(r.last_seq),
    sampled: Boolean(r.sampled),
  };
}

export const toAdviceEntry = (r: Row): AdviceEntry =>
  ({
    ...json<object>(str(r.data), {}),
    kind: str(r.kind),
    seq: Number(r.seq),
    at: str(r.at),
    by: json<EntryAuthor>(str(r.author), { kind: 'client' }),
  }) as AdviceEntry;

export const toAdviceSettings = (r: Row | null | undefined): AdviceSettings =>
  r
    ? { paused: Boolean(r.paused), samplePercent: Number(r.sample_percent), retentionYears: Number(r.retention_years) }
    : { ...DEFAULT_ADVICE_SETTINGS };

/** The time (ISO 8601) `years` whole calendar years before `nowMs`: a file whose latest entry is older is past its retention. */
export function retentionCutoff(nowMs: number, years: number): string {
  const d = new Date(nowMs);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString();
}

/** The stored `data` of an entry: everything but its kind (a column of its own), number, time and author. */
export const entryData = (data: object) => {
  const { kind: _, ...rest } = data as { kind: string };
  return JSON.stringify(rest);
};
