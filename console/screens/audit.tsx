/** A site's audit log (issue 32 §2, owners): who, when, what, before → after; newest first, older on demand. */
import { AUDIT_PAGE_SIZE } from '../../machines/console-constants';
import type { AuditEntry } from '../api';
import { formatWhen, W } from '../messages';
import type { ScreenProps } from '.';
import { ErrorText, Heading, LoadState, useLoad } from '../ui';
import { ScrollTable } from '../scroll-table';

/** A value as the log shows it: JSON, compact; nothing as a dash. */
const shown = (v: unknown) => (v === undefined || v === null ? W.nothing : typeof v === 'string' ? v : JSON.stringify(v));

export function AuditScreen({ siteId, api }: Pick<ScreenProps, 'siteId' | 'api'>) {
  const log = useLoad(
    () => api.audit(siteId, { limit: AUDIT_PAGE_SIZE }),
    async (entries: AuditEntry[]) => {
      const page = await api.audit(siteId, { before: entries.at(-1)?.id, limit: AUDIT_PAGE_SIZE });
      return { data: [...entries, ...page], complete: page.length < AUDIT_PAGE_SIZE };
    },
  );
  const entries = log.data;
  const complete = log.complete || (entries !== undefined && entries.length < AUDIT_PAGE_SIZE);
  return (
    <section data-part="screen" data-screen="audit">
      <Heading>{W.screens.audit}</Heading>
      {!entries ? (
        <LoadState {...log} />
      ) : entries.length === 0 ? (
        <p>{W.noAudit}</p>
      ) : (
        <>
          <ScrollTable label={W.screens.audit} head={[W.when, W.who, W.what, W.change]}>
            {entries.map((e) => (
              <tr key={e.id}>
                <td>
                  <time dateTime={e.at}>{formatWhen(e.at)}</time>
                </td>
                <td>{e.who}</td>
                <td>
                  <code>{e.what}</code>
                </td>
                <td data-part="change">
                  <code>{shown(e.before)}</code> → <code>{shown(e.after)}</code>
                </td>
              </tr>
            ))}
          </ScrollTable>
          {log.phase === 'ready' && log.error && <ErrorText error={log.error} />}
          {complete ? (
            <p data-part="hint">{W.auditEnd}</p>
          ) : (
            <button type="button" onClick={log.more} disabled={log.phase === 'loadingMore'}>
              {log.phase === 'loadingMore' ? W.loading : W.older}
            </button>
          )}
        </>
      )}
    </section>
  );
}
