/**
 * A site's Advice tab (issue 34 §5; owners and advisers, docs/console.md "Advice"): the advice files newest first with
 * their filters, search and paging, the change log of engine and assumptions versions with its CSV, and, for owners,
 * the advice settings (the kill switch, the review sample, the retention). A file's own view is advice-file.tsx.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import type { AdviceFileSummary, AdviceSettings } from '../../contract/advice';
import { pathOf } from '../../machines/console-router';
import { selectSites } from '../../machines/console-session';
import {
  ADVICE_STATUSES,
  type AdviceFilters,
  adviceApi,
  adviceQuery,
  NO_ADVICE_FILTERS,
  parseAdviceFilters,
  versionsCsvUrl,
} from '../advice/api';
import { focusLost, useRefocus, useRetryFocus } from '../advice/focus';
import { invalidSettings, SETTINGS_RANGES, settingValue, shortensRetention } from '../advice/settings';
import { ReviewMarks } from '../advice/marks';
import { ADVICE_WORDS as A } from '../advice/words';
import { useSession } from '../context';
import { formatWhen, W } from '../messages';
import { adoptScreenStyles } from '../screen-styles';
import type { ScreenProps } from '.';
import { ConfirmDialog, ErrorText, Field, Heading, LoadState, Link, useLoad, useTask } from '../ui';
import { ScrollTable } from '../scroll-table';
import css from '../advice/advice.css' with { type: 'text' };

type Calls = ReturnType<typeof adviceApi>;

export function AdviceScreen({ siteId, api }: Pick<ScreenProps, 'siteId' | 'api'>) {
  adoptScreenStyles(css);
  const calls = adviceApi(api, siteId);
  const owner = useSession(selectSites).find((s) => s.id === siteId)?.role === 'owner';
  // the filters live in the address's query, so that Back from a file comes back to the same list
  const [filters, setFilters] = useState(() => parseAdviceFilters(location.search));
  const filter = (next: AdviceFilters) => {
    history.replaceState(history.state, '', location.pathname + adviceQuery(next));
    setFilters(next);
  };
  return (
    <section data-part="screen" data-screen="advice">
      <Heading>{W.screens.advice}</Heading>
      <p>{A.intro}</p>
      <section>
        <h2>{A.files}</h2>
        <Filters filters={filters} set={filter} />
        {/* a change of filters reads the list afresh from its first page */}
        <Files key={adviceQuery(filters)} siteId={siteId} calls={calls} filters={filters} />
      </section>
      <ChangeLog siteId={siteId} calls={calls} />
      {owner && <Settings calls={calls} />}
    </section>
  );
}

/** The status, the review queue and the search, applied together. */
function Filters({ filters, set }: { filters: AdviceFilters; set: (f: AdviceFilters) => void }) {
  const [status, setStatus] = useState(filters.status);
  const [queue, setQueue] = useState(filters.queue);
  const [q, setQ] = useState(filters.q);
  const search = useRef<HTMLInputElement>(null);
  return (
    <form
      role="search"
      aria-label={A.filters}
      data-part="advice-filters"
      onSubmit={(e) => {
        e.preventDefault();
        set({ status, queue, q: q.trim() });
      }}
    >
      <label>
        <span>{A.search}</span>
        <input ref={search} type="search" name="q" maxLength={200} value={q} onInput={(e) => setQ(e.currentTarget.value)} />
      </label>
      <label>
        <span>{A.statusFilter}</span>
        <select name="status" value={status} onChange={(e) => setStatus(e.currentTarget.value as AdviceFilters['status'])}>
          <option value="">{A.anyStatus}</option>
          {ADVICE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {A.status[s]}
            </option>
          ))}
        </select>
      </label>
      <label data-part="check">
        <input type="checkbox" name="queue" checked={queue} onChange={(e) => setQueue(e.currentTarget.checked)} />
        {A.queueFilter}
      </label>
      <div data-part="advice-filter-actions">
        <button type="submit" data-part="primary">
          {A.apply}
        </button>
        <button
          type="button"
          onClick={() => {
            setStatus('');
            setQueue(false);
            setQ('');
            set(NO_ADVICE_FILTERS);
            // Clear is disabled once the filters are clear: the focus goes to the search, where a new one starts
            search.current?.focus();
          }}
          disabled={!adviceQuery(filters)}
        >
          {A.clear}
        </button>
      </div>
    </form>
  );
}

/** The files for the filters, page after page. */
function Files({ siteId, calls, filters }: { siteId: string; calls: Calls; filters: AdviceFilters }) {
  const list = useLoad(
    () => calls.files(filters, null),
    async (read: { files: AdviceFileSummary[]; next: string | null }) => {
      const page = await calls.files(filters, read.next);
      return { data: { files: [...read.files, ...page.files], next: page.next }, complete: page.next === null };
    },
  );
  const data = list.data;
  const shown = useRef(0);
  const loadingMore = list.phase === 'loadingMore';
  useLayoutEffect(() => {
    // the page may come a render before the phase ends: the count waits for it
    if (loadingMore) return;
    const count = data?.files.length ?? 0;
    // Load more disabled (or gone at the end) dropped the focus: it goes to the first file the page brought
    if (count > shown.current && shown.current > 0 && focusLost())
      document
        .querySelector<HTMLElement>(`a[href="${pathOf({ name: 'adviceFile', siteId, fileId: data?.files[shown.current]?.id ?? '' })}"]`)
        ?.focus();
    shown.current = count;
  }, [data, loadingMore, siteId]);
  // after the effect above (effects run in order): a failed Load more takes the focus back, to try again
  const more = useRefocus<HTMLButtonElement>(loadingMore);
  const fileLink = (i: number) =>
    document.querySelector<HTMLElement>(`a[href="${pathOf({ name: 'adviceFile', siteId, fileId: data?.files[i]?.id ?? '' })}"]`);
  // a Try again by keys keeps the focus: on the next Try again, or on the first file
  const box = useRef<HTMLDivElement>(null);
  useRetryFocus(list.phase, box, () => fileLink(0));
  if (!data)
    return (
      <div ref={box}>
        <LoadState {...list} />
      </div>
    );
  if (data.files.length === 0) return <p role="status">{adviceQuery(filters) ? A.noMatch : A.empty}</p>;
  return (
    <>
      <ScrollTable label={A.files} head={[A.client, A.statusFilter, A.updated, A.review]}>
        {data.files.map((f) => (
          <tr key={f.id}>
            <td>
              <Link to={pathOf({ name: 'adviceFile', siteId, fileId: f.id })}>{f.clientName}</Link>
              {f.partnerName && <span data-part="hint"> {A.withPartner(f.partnerName)}</span>}
              {f.clientEmail && <div data-part="hint">{f.clientEmail}</div>}
            </td>
            <td>{A.status[f.status]}</td>
            <td>
              <time dateTime={f.updatedAt}>{formatWhen(f.updatedAt)}</time>
            </td>
            <td>
              <ReviewMarks file={f} />
            </td>
          </tr>
        ))}
      </ScrollTable>
      {list.phase === 'ready' && <ErrorText error={list.error} />}
      {data.next === null || list.complete ? (
        <p data-part="hint">{A.end}</p>
      ) : (
        <button type="button" ref={more} onClick={list.more} disabled={loadingMore}>
          {loadingMore ? W.loading : A.more}
        </button>
      )}
    </>
  );
}

/** The engine and assumptions versions in use over time, with the CSV export. */
function ChangeLog({ siteId, calls }: { siteId: string; calls: Calls }) {
  const log = useLoad(calls.versions);
  const versions = log.data;
  return (
    <section>
      <h2>{A.changeLog}</h2>
      <p>
        {A.changeLogIntro}{' '}
        <a href={versionsCsvUrl(siteId)} download aria-label={A.exportCsvLabel}>
          {A.exportCsv}
        </a>
      </p>
      {!versions ? (
        <LoadState {...log} />
      ) : versions.length === 0 ? (
        <p>{A.noVersions}</p>
      ) : (
        <ScrollTable
          label={A.changeLog}
          table="changes"
          head={[A.engineVersion, A.assumptionsVersion, A.tookEffect, A.lastUsed, A.results]}
        >
          {versions.map((v) => (
            <tr key={`${v.engineVersion} ${v.assumptionsVersion}`}>
              <td>
                <code>{v.engineVersion}</code>
              </td>
              <td>
                <code>{v.assumptionsVersion}</code>
              </td>
              <td>
                <time dateTime={v.firstUsedAt}>{formatWhen(v.firstUsedAt)}</time>
              </td>
              <td>
                <time dateTime={v.lastUsedAt}>{formatWhen(v.lastUsedAt)}</time>
              </td>
              <td>{v.results}</td>
            </tr>
          ))}
        </ScrollTable>
      )}
    </section>
  );
}

/** The owner's settings: the kill switch (asked first), the review sample and the retention. */
function Settings({ calls }: { calls: Calls }) {
  const load = useLoad(calls.settings);
  return (
    <section data-part="card">
      <h2>{A.settings}</h2>
      {load.data ? <SettingsForm calls={calls} saved={load.data} /> : <LoadState {...load} />}
    </section>
  );
}

function SettingsForm({ calls, saved: first }: { calls: Calls; saved: AdviceSettings }) {
  const [saved, setSaved] = useState(first);
  const save = useTask(async (value: AdviceSettings) => {
    const answer = await calls.saveSettings(value);
    setSaved(answer);
    return answer;
  });
  const [sample, setSample] = useState(String(first.samplePercent));
  const [retention, setRetention] = useState(String(first.retentionYears));
  const [checked, setChecked] = useState(false);
  // which question is asked before the change runs: the pause, or a shorter retention
  const [asking, setAsking] = useState<'pause' | 'shorter' | null>(null);
  const invalid = checked ? invalidSettings({ samplePercent: sample, retentionYears: retention }) : [];
  const numbers = (): AdviceSettings => ({
    ...saved,
    samplePercent: settingValue('samplePercent', sample) ?? saved.samplePercent,
    retentionYears: settingValue('retentionYears', retention) ?? saved.retentionYears,
  });
  const ask = (question: 'pause' | 'shorter', value: AdviceSettings) => {
    setAsking(question);
    save.request(value);
  };
  const range = (field: keyof typeof SETTINGS_RANGES) => A.wholeNumber(SETTINGS_RANGES[field][0], SETTINGS_RANGES[field][1]);
  const busy = save.phase === 'running';
  // which button started the change: only it takes the focus back
  const [byToggle, setByToggle] = useState(false);
  // Pause and Resume take each other's place, and a button disabled while saving drops the focus: it comes back
  const toggle = useRefocus<HTMLButtonElement>(byToggle && (busy || save.phase === 'confirming'));
  const submit = useRefocus<HTMLButtonElement>(!byToggle && (busy || save.phase === 'confirming'));
  return (
    <>
      <p role="status" data-part={saved.paused ? 'advice-paused' : undefined}>
        {saved.paused ? A.pausedNow : A.runningNow}
      </p>
      {saved.paused ? (
        <button
          type="button"
          ref={toggle}
          disabled={busy}
          onClick={() => {
            setByToggle(true);
            save.run({ ...saved, paused: false });
          }}
        >
          {A.resume}
        </button>
      ) : (
        <button
          type="button"
          ref={toggle}
          data-part="danger"
          disabled={busy}
          onClick={() => {
            setByToggle(true);
            ask('pause', { ...saved, paused: true });
          }}
        >
          {A.pause}
        </button>
      )}
      <form
        data-part="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setChecked(true);
          setByToggle(false);
          if (invalidSettings({ samplePercent: sample, retentionYears: retention }).length) return;
          const value = numbers();
          if (shortensRetention(saved, value)) ask('shorter', value);
          else save.run(value);
        }}
      >
        <Field label={A.samplePercent} hint={A.samplePercentHint} error={invalid.includes('samplePercent') ? range('samplePercent') : null}>
          {(attrs) => (
            <input
              {...attrs}
              type="number"
              name="samplePercent"
              min={0}
              max={100}
              step={1}
              value={sample}
              onInput={(e) => setSample(e.currentTarget.value)}
            />
          )}
        </Field>
        <Field
          label={A.retentionYears}
          hint={A.retentionYearsHint}
          error={invalid.includes('retentionYears') ? range('retentionYears') : null}
        >
          {(attrs) => (
            <input
              {...attrs}
              type="number"
              name="retentionYears"
              min={1}
              max={100}
              step={1}
              value={retention}
              onInput={(e) => setRetention(e.currentTarget.value)}
            />
          )}
        </Field>
        <button type="submit" ref={submit} data-part="primary" disabled={busy}>
          {busy ? W.saving : W.save}
        </button>
      </form>
      <ErrorText error={save.error} />
      {save.phase === 'done' && <p role="status">{W.saved}</p>}
      {save.phase === 'confirming' && asking && (
        <ConfirmDialog
          title={asking === 'pause' ? A.pauseTitle : A.shorterTitle}
          text={asking === 'pause' ? A.pauseText : A.shorterText(numbers().retentionYears)}
          confirm={asking === 'pause' ? A.pauseConfirm : A.shorterConfirm}
          onConfirm={save.confirm}
          onCancel={save.cancel}
        />
      )}
    </>
  );
}
