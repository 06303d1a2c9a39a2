/** The audit log's operations: reading a site's entries (owners), and exporting them (the CLI's `audit:export`). */
import type { AuditEntry } from '../storage/types';
import { type Actor, type Context, need } from './context';

/** The most entries one page of `listAudit` holds. */
export const AUDIT_PAGE_MAX = 200;

/** An entry as the console and the export show it: who in words (an email, or `cli`), and what (the action's code). */
export interface AuditView {
  id: number;
  siteId: string | null;
  at: string;
  who: string;
  what: string;
  before: unknown;
  after: unknown;
}

export const auditView = (e: AuditEntry): AuditView => ({
  id: e.id,
  siteId: e.siteId,
  at: e.at,
  who: e.actor.kind === 'account' ? e.actor.email : 'cli',
  what: e.action,
  before: e.before,
  after: e.after,
});

export function auditOperations(c: Context) {
  return {
    /** A site's entries, newest first (owners): `limit` (1 to {@link AUDIT_PAGE_MAX}, default 50) below id `before`. */
    async listAudit(actor: Actor, siteId: string, page: { before?: number; limit?: number } = {}): Promise<AuditView[]> {
      await need(c, actor, siteId, 'owner');
      const limit = Number.isFinite(page.limit) ? Math.min(Math.max(1, Math.trunc(page.limit!)), AUDIT_PAGE_MAX) : 50;
      // a page's start is an entry's id: anything else starts at the newest
      const before = Number.isSafeInteger(page.before) && page.before! > 0 ? page.before : undefined;
      return (await c.storage.listAudit(siteId, { before, limit })).map(auditView);
    },

    /** Every entry of one site (or of all, and of none, for the CLI without `siteId`), oldest first. */
    async exportAudit(actor: Actor, siteId?: string): Promise<AuditView[]> {
      if (siteId !== undefined) await need(c, actor, siteId, 'owner');
      else if (actor.kind !== 'cli') throw new Error('only the CLI exports every site');
      const out: AuditView[] = [];
      let before: number | undefined;
      for (;;) {
        const page = await c.storage.listAudit(siteId ?? null, { before, limit: 500 });
        out.push(...page.map(auditView));
        if (page.length < 500) break;
        before = page[page.length - 1]!.id;
      }
      return out.reverse();
    },
  };
}

/** The entries as CSV (RFC 4180): id, at, site, who, what, before, after (the values as JSON). */
export function auditCsv(entries: readonly AuditView[]): string {
  const cell = (v: unknown) => {
    let text = v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);
    // a cell a spreadsheet would run as a formula (OWASP "CSV injection") is opened as text
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const rows = entries.map((e) => [e.id, e.at, e.siteId, e.who, e.what, e.before, e.after].map(cell).join(','));
  return ['id,at,site,who,what,before,after', ...rows].join('\r\n');
}
