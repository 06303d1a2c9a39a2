/**
 * The pages a link opens (docs/advice-records.md): `/resume#CODE` carries the answers on to this device, and
 * `/partner#TOKEN` lets a couple's partner read and accept their joint advice. The link's secret is read from the
 * fragment, then taken off the address (it reaches no log, Referer or history).
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { AdviceFileStatus, IssuedStatement } from '../../contract/advice';
import type { ScreenId } from '../../machines/journey-flow';
import type { Answers } from '../../machines/journey-answers';
import { RECORDS_WORDS } from '../messages-records';
import { RecordsError } from './api';
import type { JourneyRef } from './kept';
import { keep } from './kept';
import { Alert, api, download, useArrival } from './shared';

const W = RECORDS_WORDS;

/** The fragment's secret, taken off the address. */
function takeFragment(): string {
  const secret = decodeURIComponent(location.hash.slice(1));
  if (secret) history.replaceState(history.state, '', location.pathname + location.search);
  return secret;
}

/** A page of its own: the frame's main landmark, its heading and the document's title. */
function Page({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <main id="main" tabIndex={-1} className="page" data-screen="records">
      <h1 tabIndex={-1} className="page__title">
        {title}
      </h1>
      {children}
    </main>
  );
}

/** The resume page: the code (prefilled from the link), Continue, and the answers loaded into the journey. */
export function ResumePage({ journey }: { journey: JourneyRef }) {
  const id = useId();
  const [code, setCode] = useState(takeFragment);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Page title={W.resume.title}>
      <p className="lead">{W.resume.lead}</p>
      <form
        className="stack"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setBusy(true);
          setError('');
          api()
            .resume(code.trim())
            .then((r) => {
              // the machine's own way in: the answers and the screen to resume at, then Continue where you left off;
              // answers not of the questionnaire's shape are refused by its guard, and nothing is kept
              const restore = { type: 'JOURNEY.RESTORE', answers: r.answers as Answers, resumeAt: r.resumeAt as ScreenId | null } as const;
              if (!journey.getSnapshot().can(restore)) throw new Error('answers of another shape');
              keep({ fileId: r.fileId, token: r.token, name: r.name }, journey);
              journey.send(restore);
              journey.send({ type: 'JOURNEY.RESUME' });
              if (journey.getSnapshot().value === 'notFound') journey.send({ type: 'JOURNEY.HOME' });
            })
            .catch((err: unknown) => {
              setBusy(false);
              setError(
                err instanceof RecordsError && err.status === 429
                  ? W.resume.throttled(Math.max(1, Math.ceil((err.retryAfterS ?? 60) / 60)))
                  : err instanceof RecordsError && err.status === 404
                    ? W.resume.invalid
                    : W.resume.failed,
              );
            });
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-c`}>{W.resume.code}</label>
          <p className="field__hint" id={`${id}-h`}>
            {W.resume.codeHint}
          </p>
          <div className="field__input">
            <input
              id={`${id}-c`}
              dir="ltr"
              autoComplete="off"
              autoCapitalize="characters"
              spellcheck={false}
              value={code}
              aria-describedby={`${id}-h`}
              aria-invalid={error ? true : undefined}
              onInput={(e) => setCode(e.currentTarget.value)}
            />
          </div>
        </div>
        <Alert text={error} />
        <div className="page-nav">
          <button type="submit" className="button button--primary" disabled={busy || !code.trim()}>
            {W.resume.continue}
          </button>
        </div>
      </form>
    </Page>
  );
}

/** The partner's page: who the advice is for, the statement, Accept; then thanks and where the file stands. */
export function PartnerPage() {
  const [token] = useState(takeFragment);
  const [statement, setStatement] = useState<(IssuedStatement & { status: string }) | null>(null);
  const [status, setStatus] = useState<AdviceFileStatus | null>(null);
  const [error, setError] = useState('');
  // bumped by Try again after a load that failed on the way (not a link refused)
  const [tries, setTries] = useState(0);
  useEffect(() => {
    if (token)
      api()
        .partner(token)
        .then(setStatement, (err: unknown) =>
          setError(err instanceof RecordsError && err.status === 404 ? W.partner.invalid : W.statement.failed),
        );
  }, [token, tries]);
  return (
    <Page title={W.partner.title}>
      {!token ? (
        <p>{W.partner.code}</p>
      ) : statement ? (
        <div className="stack">
          <p>{W.statement.forNames(W.and(statement.names))}</p>
          <div className="soa__actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                // a new try clears the last one's error (else it stayed beside the download or the thanks)
                setError('');
                api()
                  .partnerStatement(token)
                  .then(
                    (pdf) => download(pdf),
                    () => setError(W.statement.failed),
                  );
              }}
            >
              {W.statement.download}
            </button>
            {!status && statement.status !== 'accepted' && (
              <button
                type="button"
                className="button button--primary"
                onClick={() => {
                  setError('');
                  api()
                    .partnerAccept(token)
                    .then(
                      (a) => setStatus(a.status),
                      () => setError(W.statement.failed),
                    );
                }}
              >
                {W.statement.accept}
              </button>
            )}
          </div>
          {(status || statement.status === 'accepted') && <Thanks />}
        </div>
      ) : null}
      <Alert text={error} />
      {!statement && error === W.statement.failed && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setError('');
            setTries(tries + 1);
          }}
        >
          {W.partner.retry}
        </button>
      )}
    </Page>
  );
}

function Thanks() {
  const heading = useArrival<HTMLHeadingElement>();
  return (
    <section className="panel">
      <h2 ref={heading} tabIndex={-1}>
        {W.partner.thanks}
      </h2>
      <p>{W.statement.allAccepted}</p>
    </section>
  );
}
