/**
 * The statement page's part on the server (docs/advice-records.md "Journey API"): the statement issued once and
 * downloaded as a PDF named with its date, "I accept this advice", and for a couple, the partner's link to pass on and
 * where their acceptance stands.
 */
import { useId, useState } from 'react';
import type { Accepted, IssuedStatement } from '../../contract/advice';
import { selectMail } from '../../machines/advice-status';
import { RECORDS_WORDS } from '../messages-records';
import { ConsentForm } from './consent';
import type { JourneyRef } from './kept';
import { latestAdvice } from './gate';
import { Alert, api, CopyLink, download, storage, useArrival } from './shared';
import { useAdviceStatus } from './status';
import { readFile, type KeptFile } from './store';

const W = RECORDS_WORDS.statement;

/** The statement issued for the latest advice, once per file and advice. */
let issued: { advice: unknown; fileId: string; statement: Promise<IssuedStatement> } | null = null;
function issue(file: KeptFile): Promise<IssuedStatement> {
  const advice = latestAdvice();
  if (issued?.advice !== advice || issued.fileId !== file.fileId) {
    // after the advice it states has been recorded
    const statement = Promise.resolve(advice?.done).then(() => api().statement(file));
    issued = { advice, fileId: file.fileId, statement };
    statement.catch(() => {
      if (issued?.statement === statement) issued = null;
    });
  }
  return issued.statement;
}

/** Download, Accept and the partner's link; without a file, why they need one and the consent to give. */
export function Acceptance({ partner, journey }: { partner: string | null; journey: JourneyRef }) {
  const id = useId();
  const [file, setFile] = useState(() => readFile(storage()));
  const [statement, setStatement] = useState<IssuedStatement | null>(null);
  const [accepted, setAccepted] = useState<Accepted | null>(null);
  // the gate around the statement has asked the status already
  const mail = useAdviceStatus(journey, selectMail);
  const [partnerEmail, setPartnerEmail] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  if (!file)
    return (
      <section className="panel stack" aria-labelledby={`${id}-h`}>
        <h2 id={`${id}-h`}>{W.accept}</h2>
        <p>{W.needsConsent}</p>
        <ConsentForm journey={journey} heading={false} onDone={(kept) => kept && setFile(readFile(storage()))} />
      </section>
    );
  // the buttons stay focusable while busy (a disabled one would drop the keyboard's focus to the page)
  const run = (step: (s: IssuedStatement) => Promise<unknown>) => {
    if (busy) return;
    setBusy(true);
    setError('');
    issue(file)
      .then((s) => {
        setStatement(s);
        return step(s);
      })
      .catch(() => setError(W.failed))
      .finally(() => setBusy(false));
  };
  const names = statement?.names ?? [file.name, ...(partner ? [partner] : [])].filter(Boolean);
  const partnerName = partner || W.yourPartner;
  return (
    <section className="panel stack" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{W.accept}</h2>
      {names.length > 0 && <p>{W.forNames(RECORDS_WORDS.and(names))}</p>}
      {partner && !accepted && mail && (
        <div className="field">
          <label htmlFor={`${id}-e`}>{W.partnerEmail(partnerName)}</label>
          <div className="field__input">
            <input id={`${id}-e`} type="email" value={partnerEmail} onInput={(e) => setPartnerEmail(e.currentTarget.value)} />
          </div>
        </div>
      )}
      <div className="soa__actions">
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={busy || undefined}
          onClick={() =>
            run((s) =>
              api()
                .statementPdf(file, s.statementId)
                .then((pdf) => download(pdf)),
            )
          }
        >
          {W.download}
        </button>
        {!accepted && (
          <button
            type="button"
            className="button button--primary"
            aria-disabled={busy || undefined}
            onClick={() =>
              run((s) =>
                api()
                  .accept(file, {
                    statementId: s.statementId,
                    ...(partner && mail && partnerEmail.trim() ? { partnerEmail: partnerEmail.trim() } : {}),
                  })
                  .then(setAccepted),
              )
            }
          >
            {W.accept}
          </button>
        )}
      </div>
      <Alert text={error} />
      {accepted && <AcceptedNow accepted={accepted} partner={partnerName} email={partnerEmail.trim()} />}
    </section>
  );
}

function AcceptedNow({ accepted, partner, email }: { accepted: Accepted; partner: string; email: string }) {
  const heading = useArrival<HTMLHeadingElement>();
  const link = accepted.partnerLink;
  return (
    <div className="stack">
      <h3 ref={heading} tabIndex={-1}>
        {W.accepted}
      </h3>
      {link && <CopyLink label={W.partnerLink(partner)} url={link.url} />}
      {link?.emailed && email && <p>{W.emailed(email)}</p>}
      <p role="status">
        {accepted.status === 'awaiting-partner' ? W.waiting(partner) : accepted.status === 'accepted' ? W.allAccepted : ''}
      </p>
    </div>
  );
}
