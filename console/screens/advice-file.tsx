/**
 * One advice file in the console (issue 34 §5, owners and advisers; docs/console.md "Advice"): its summary, the latest
 * result with its figures and refusal reasons, the statements to download, the replay with today's engine, the review
 * checklist with its sign-off, and the timeline of every entry in order.
 */
import { useEffect, useState } from 'react';
import {
  type AdviceEntry,
  type RefusalReason,
  REVIEW_ITEMS,
  type Replay,
  type ReviewItem,
  type ReviewOutcome,
} from '../../contract/advice';
import { pathOf } from '../../machines/console-router';
import { adviceApi, type ReviewBody, statementUrl } from '../advice/api';
import { useRefocus } from '../advice/focus';
import { formatDay, formatFigure } from '../advice/format';
import { ReviewMarks } from '../advice/marks';
import type { SaidReasons } from '../advice/reason-words';
import { reviewProblem } from '../advice/review';
import { ADVICE_WORDS as A } from '../advice/words';
import { formatWhen, W } from '../messages';
import { adoptScreenStyles } from '../screen-styles';
import type { ScreenProps } from '.';
import { ErrorText, Field, Heading, LoadState, Link, useLoad, useTask } from '../ui';
import { ScrollTable } from '../scroll-table';
import css from '../advice/advice.css' with { type: 'text' };

type Calls = ReturnType<typeof adviceApi>;
type Of<K extends AdviceEntry['kind']> = Extract<AdviceEntry, { kind: K }>;
const ofKind = <K extends AdviceEntry['kind']>(entries: AdviceEntry[], kind: K) => entries.filter((e): e is Of<K> => e.kind === kind);

export function AdviceFileScreen({ siteId, fileId, api }: Pick<ScreenProps, 'siteId' | 'fileId' | 'api'>) {
  adoptScreenStyles(css);
  const calls = adviceApi(api, siteId);
  const load = useLoad(() => calls.file(fileId));
  const view = load.data;
  const back = <Link to={pathOf({ name: 'advice', siteId })}>{A.back}</Link>;
  if (!view)
    return (
      <section data-part="screen" data-screen="advice-file">
        <Heading>{W.screens.adviceFile}</Heading>
        {back}
        <LoadState {...load} />
      </section>
    );
  const { file, entries } = view;
  const result = ofKind(entries, 'result').at(-1);
  return (
    <section data-part="screen" data-screen="advice-file">
      <Heading>{A.fileTitle(file.clientName)}</Heading>
      {back}
      <dl data-part="advice-summary">
        <dt>{A.statusFilter}</dt>
        <dd>{A.status[file.status]}</dd>
        <dt>{A.email}</dt>
        <dd>{file.clientEmail ?? A.noEmail}</dd>
        {file.partnerName && (
          <>
            <dt>{A.partner}</dt>
            <dd>{file.partnerName}</dd>
          </>
        )}
        <dt>{A.created}</dt>
        <dd>
          <time dateTime={file.createdAt}>{formatWhen(file.createdAt)}</time>
        </dd>
        <dt>{A.updated}</dt>
        <dd>
          <time dateTime={file.updatedAt}>{formatWhen(file.updatedAt)}</time>
        </dd>
        <dt>{A.review}</dt>
        <dd>
          <ReviewMarks file={file} />
        </dd>
      </dl>
      <Result result={result} />
      <Statements siteId={siteId} fileId={fileId} entries={entries} />
      {result && <ReplaySection calls={calls} fileId={fileId} />}
      <ReviewForm calls={calls} fileId={fileId} done={load.again} />
      <Timeline entries={entries} />
    </section>
  );
}

/** A table of figures: each key as stored, its value in words. */
function FigureTable({
  label,
  figures,
  caption = 'shown',
}: {
  label: string;
  figures: Record<string, unknown>;
  caption?: 'shown' | 'hidden';
}) {
  const keys = Object.keys(figures);
  return (
    <ScrollTable label={label} caption={caption} table="figures" head={[A.figure, A.value]}>
      {keys.map((k) => (
        <tr key={k}>
          <th scope="row">
            <code>{k}</code>
          </th>
          <td>{formatFigure(k, figures[k] as never)}</td>
        </tr>
      ))}
    </ScrollTable>
  );
}

/** The latest result: its outcome, versions and date, its figures and, when refused, its reasons by code. */
function Result({ result }: { result: Of<'result'> | undefined }) {
  return (
    <section>
      <h2>{A.resultsTitle}</h2>
      {!result ? (
        <p>{A.noResult}</p>
      ) : (
        <>
          <dl data-part="advice-summary">
            <dt>{A.outcome}</dt>
            <dd>{A.resultStatus[result.status] ?? result.status}</dd>
            <dt>{A.engineVersion}</dt>
            <dd>
              <code>{result.engineVersion}</code>
            </dd>
            <dt>{A.assumptionsVersion}</dt>
            <dd>
              <code>{result.assumptionsVersion}</code>
            </dd>
            <dt>{A.asOf}</dt>
            <dd>
              <time dateTime={result.asOf}>{formatDay(result.asOf)}</time>
            </dd>
          </dl>
          {(result.reasons ?? []).length > 0 && (
            <>
              <h3>{A.reasons}</h3>
              <Reasons reasons={result.reasons} />
            </>
          )}
          {Object.keys(result.figures ?? {}).length > 0 && <FigureTable label={A.figures} figures={result.figures} />}
        </>
      )}
    </section>
  );
}

/**
 * A refusal's reasons, said by their chunk (console/advice/reason-words.tsx, loaded with the first refusal shown):
 * until it arrives, or if it cannot load, their codes.
 */
function Reasons({ reasons }: { reasons: RefusalReason[] }) {
  const [Said, setSaid] = useState<typeof SaidReasons | null>(null);
  useEffect(() => {
    import('../advice/reason-words').then((m) => setSaid(() => m.SaidReasons)).catch(() => {});
  }, []);
  return Said ? <Said reasons={reasons} Table={FigureTable} A={A} /> : <p>{reasons.map((r) => r.code).join(', ')}</p>;
}

/** The statements issued, each with its PDF and who accepted it. */
function Statements({ siteId, fileId, entries }: { siteId: string; fileId: string; entries: AdviceEntry[] }) {
  const statements = ofKind(entries, 'statement');
  const acceptances = ofKind(entries, 'acceptance');
  return (
    <section>
      <h2>{A.statements}</h2>
      {statements.length === 0 ? (
        <p>{A.noStatements}</p>
      ) : (
        <ul data-part="advice-statements">
          {statements.map((s) => (
            <li key={s.statementId}>
              <p>
                {A.issued} <time dateTime={s.at}>{formatWhen(s.at)}</time>
                {(s.names ?? []).length > 0 && ` · ${A.names}: ${s.names.join(', ')}`}
              </p>
              <p data-part="hint">
                {A.sha256}: <code data-part="advice-hash">{s.sha256}</code>
              </p>
              {acceptances
                .filter((a) => a.statementId === s.statementId)
                .map((a) => (
                  <p key={a.seq}>
                    {A.acceptedBy(a.name)}, <time dateTime={a.at}>{formatWhen(a.at)}</time>
                  </p>
                ))}
              <a href={statementUrl(siteId, fileId, s.statementId)} download aria-label={A.downloadNamed(formatWhen(s.at))}>
                {A.download}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Replay: the latest result recomputed by today's engine, and each figure that differs. */
function ReplaySection({ calls, fileId }: { calls: Calls; fileId: string }) {
  const replay = useTask(() => calls.replay(fileId));
  const r = replay.result as Replay | undefined;
  const button = useRefocus<HTMLButtonElement>(replay.phase === 'running');
  return (
    <section>
      <h2>{A.replay}</h2>
      <p>{A.replayIntro}</p>
      <button type="button" ref={button} onClick={() => replay.run(undefined)} disabled={replay.phase === 'running'}>
        {replay.phase === 'running' ? A.replaying : A.replayButton}
      </button>
      {replay.phase === 'failed' && <ErrorText error={replay.error} />}
      {replay.phase === 'done' && r && (
        <div role="status" data-part="advice-replay">
          <p>
            {A.versionsBefore(r.before.engineVersion, r.before.assumptionsVersion)}
            <br />
            {A.versionsAfter(r.after.engineVersion, r.after.assumptionsVersion)}
          </p>
          {r.before.status !== r.after.status && (
            <p>{A.statusChanged(A.resultStatus[r.before.status] ?? r.before.status, A.resultStatus[r.after.status] ?? r.after.status)}</p>
          )}
          {r.differences.length === 0 ? (
            <p>{A.sameFigures}</p>
          ) : (
            <ScrollTable label={A.replay} table="replay" head={[A.figure, A.before, A.after, A.difference]}>
              {r.differences.map((d) => (
                <tr key={d.figure}>
                  <th scope="row">
                    <code>{d.figure}</code>
                  </th>
                  <td>{formatFigure(d.figure, d.before)}</td>
                  <td>{formatFigure(d.figure, d.after)}</td>
                  <td>{formatFigure(d.figure, d.delta, true)}</td>
                </tr>
              ))}
            </ScrollTable>
          )}
        </div>
      )}
    </section>
  );
}

/** Gives an element the focus as it shows (one function for every render, so only then). */
const focusOnce = (el: HTMLElement | null) => el?.focus();

const UNTICKED = Object.fromEntries(REVIEW_ITEMS.map((i) => [i, false])) as Record<ReviewItem, boolean>;

/**
 * The review checklist, notes and outcome; Sign off sends them, says it was signed off (a status a screen reader
 * hears), starts the form afresh, and the file reads again to show the review in the timeline.
 */
function ReviewForm({ calls, fileId, done }: { calls: Calls; fileId: string; done: () => void }) {
  const [checklist, setChecklist] = useState(UNTICKED);
  const [notes, setNotes] = useState('');
  const [outcome, setOutcome] = useState<ReviewOutcome | null>(null);
  const [checked, setChecked] = useState(false);
  const sign = useTask(async (body: ReviewBody) => {
    await calls.review(fileId, body);
    setChecklist(UNTICKED);
    setNotes('');
    setOutcome(null);
    setChecked(false);
    done();
  });
  const problem = checked ? reviewProblem(outcome, notes) : null;
  // a refusal leaves the focus on Sign off; a sign-off moves it to the words that say so (the form starts afresh)
  const button = useRefocus<HTMLButtonElement>(sign.phase === 'running');
  return (
    <section data-part="card">
      <h2>{A.reviewTitle}</h2>
      <form
        data-part="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setChecked(true);
          const found = reviewProblem(outcome, notes);
          // a problem takes the focus to what it is about: the outcome's first choice, or the notes
          if (found) e.currentTarget.querySelector<HTMLElement>(found === 'outcome' ? '[name=outcome]' : 'textarea')?.focus();
          else if (outcome) sign.run({ checklist, notes: notes.trim(), outcome });
        }}
      >
        <fieldset>
          <legend>{A.checklist}</legend>
          {REVIEW_ITEMS.map((item) => (
            <label key={item} data-part="check">
              <input
                type="checkbox"
                name={item}
                checked={checklist[item]}
                onChange={(e) => setChecklist({ ...checklist, [item]: e.currentTarget.checked })}
              />
              {A.items[item]}
            </label>
          ))}
        </fieldset>
        <fieldset data-part="advice-outcome" aria-describedby={problem === 'outcome' ? 'advice-review-problem' : undefined}>
          <legend>{A.outcome}</legend>
          {(['satisfactory', 'needs-action'] as const).map((o) => (
            <label key={o} data-part="check">
              <input type="radio" name="outcome" value={o} checked={outcome === o} onChange={() => setOutcome(o)} />
              {A.outcomes[o]}
            </label>
          ))}
        </fieldset>
        {problem === 'outcome' && (
          <p id="advice-review-problem" role="alert" data-part="error">
            {A.chooseOutcome}
          </p>
        )}
        <Field label={A.notes} error={problem === 'notes' ? A.notesNeeded : null}>
          {(attrs) => (
            <textarea {...attrs} name="notes" rows={4} maxLength={4000} value={notes} onInput={(e) => setNotes(e.currentTarget.value)} />
          )}
        </Field>
        <button type="submit" ref={button} data-part="primary" disabled={sign.phase === 'running'}>
          {sign.phase === 'running' ? A.signingOff : A.signOff}
        </button>
        <ErrorText error={sign.error} />
        {sign.phase === 'done' && (
          <p role="status" ref={focusOnce} tabIndex={-1}>
            {A.signedOff}
          </p>
        )}
      </form>
    </section>
  );
}

/** Who wrote an entry: the client, the partner, or a console account's email. */
const authorOf = (e: AdviceEntry) => (e.by.kind === 'account' ? e.by.email : (A.by[e.by.kind] ?? e.by.kind));

/** Every entry in order: its kind, time and author, and what it holds. */
function Timeline({ entries }: { entries: AdviceEntry[] }) {
  return (
    <section>
      <h2>{A.timeline}</h2>
      <ol data-part="advice-timeline">
        {entries.map((e) => (
          <li key={e.seq} data-kind={e.kind}>
            <p>
              <strong>{A.kind[e.kind]}</strong> · <time dateTime={e.at}>{formatWhen(e.at)}</time> · {authorOf(e)}
            </p>
            <EntryBody entry={e} />
          </li>
        ))}
      </ol>
    </section>
  );
}

const emailed = (e: { emailed?: boolean; emailRequested?: boolean }) =>
  e.emailed ? A.emailed : e.emailRequested ? A.emailRequested : A.notEmailed;

/** What one entry holds, by its kind. */
function EntryBody({ entry: e }: { entry: AdviceEntry }) {
  switch (e.kind) {
    case 'consent':
      return (
        <details>
          <summary>{A.consentWording}</summary>
          <p>{e.wording}</p>
        </details>
      );
    case 'answers':
      return (
        <>
          <p>{(e.changed ?? []).length ? A.changed(e.changed.join(', ')) : A.firstAnswers}</p>
          <details>
            <summary>{A.showAnswers}</summary>
            <dl data-part="advice-answers">
              {Object.entries(e.answers ?? {}).map(([k, v]) => (
                <div key={k}>
                  <dt>
                    <code>{k}</code>
                  </dt>
                  <dd>
                    <code>{JSON.stringify(v)}</code>
                  </dd>
                </div>
              ))}
            </dl>
          </details>
        </>
      );
    case 'result':
      return (
        <p>
          {A.resultStatus[e.status] ?? e.status} · {A.engineVersion} <code>{e.engineVersion}</code> · {A.assumptionsVersion}{' '}
          <code>{e.assumptionsVersion}</code>
          {(e.reasons ?? []).length > 0 && (
            <>
              {' · '}
              {e.reasons.map((r) => r.code).join(', ')}
            </>
          )}
        </p>
      );
    case 'statement':
      return (
        <p data-part="hint">
          {A.sha256}: <code data-part="advice-hash">{e.sha256}</code>
        </p>
      );
    case 'acceptance':
      return <p>{A.acceptedBy(e.name)}</p>;
    case 'resume-link':
    case 'partner-link':
      return (
        <p>
          {A.expires(formatWhen(e.expiresAt))} · {emailed(e)}
        </p>
      );
    case 'mail':
      return (
        <p>
          {A.mailAbout[e.about] ?? e.about} · {A.mailOutcome[e.outcome] ?? e.outcome}
        </p>
      );
    case 'review':
      return (
        <>
          <p>
            {A.outcome}: {A.outcomes[e.outcome] ?? e.outcome}
          </p>
          <p>{e.notes || A.noNotes}</p>
          <ul data-part="advice-checklist">
            {REVIEW_ITEMS.map((i) => (
              <li key={i} data-ticked={e.checklist?.[i] ? 'yes' : 'no'}>
                <span aria-hidden="true">{e.checklist?.[i] ? '✓' : '✗'}</span>
                <span data-part="visually-hidden">{e.checklist?.[i] ? A.ticked : A.notTicked}</span> {A.items[i]}
              </li>
            ))}
          </ul>
        </>
      );
    default:
      return null;
  }
}
