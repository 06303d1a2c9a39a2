/**
 * "Save and continue later" (docs/advice-records.md "Resume"): with a file on the server, a resume link and its code,
 * when it expires, that it works once, and whether it was emailed; without one, why coming back on another device
 * needs the answers kept on the server, and the consent to give there.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { ResumeLink } from '../../contract/advice';
import { selectMail } from '../../machines/advice-status';
import { RECORDS_WORDS } from '../messages-records';
import { ConsentForm } from './consent';
import type { JourneyRef } from './kept';
import { saverIdle } from './saver';
import { Alert, api, CopyLink, longDate, storage, useArrival } from './shared';
import { useAdviceStatus } from './status';
import { readFile } from './store';

const W = RECORDS_WORDS.later;

/** The button, and the panel it opens in its place; closing it gives the focus back to the button. */
export function SaveLater({ journey }: { journey: JourneyRef }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const closed = useRef(false);
  useEffect(() => {
    if (!open && closed.current) button.current?.focus();
  }, [open]);
  if (open)
    return (
      <SaveLaterPanel
        journey={journey}
        onClose={() => {
          closed.current = true;
          setOpen(false);
        }}
      />
    );
  return (
    <div className="save-later">
      <button type="button" ref={button} className="button button--text" onClick={() => setOpen(true)}>
        {W.button}
      </button>
    </div>
  );
}

function SaveLaterPanel({ journey, onClose }: { journey: JourneyRef; onClose: () => void }) {
  const id = useId();
  const heading = useArrival<HTMLHeadingElement>();
  const [file, setFile] = useState(() => readFile(storage()));
  const mail = useAdviceStatus(journey, selectMail);
  const [email, setEmail] = useState('');
  const [link, setLink] = useState<ResumeLink | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <section className="panel stack save-later" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} ref={heading} tabIndex={-1}>
        {W.heading}
      </h2>
      {!file ? (
        <>
          <p>{W.needsConsent}</p>
          <ConsentForm journey={journey} heading={false} onDone={(kept) => (kept ? setFile(readFile(storage())) : onClose())} />
        </>
      ) : link ? (
        <LinkMade link={link} email={email.trim()} />
      ) : (
        <form
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            setBusy(true);
            setError('');
            // the latest answers first: the link resumes from what the server has
            saverIdle()
              .then(() => api().resumeLink(file, mail && email.trim() ? { email: email.trim() } : {}))
              .then(setLink, () => setError(W.failed))
              .finally(() => setBusy(false));
          }}
        >
          {mail && (
            <div className="field">
              <label htmlFor={`${id}-e`}>{W.email}</label>
              <div className="field__input">
                <input id={`${id}-e`} type="email" autoComplete="email" value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
              </div>
            </div>
          )}
          <Alert text={error} />
          <div>
            <button type="submit" className="button button--primary" disabled={busy}>
              {W.create}
            </button>
          </div>
        </form>
      )}
      <div>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {W.close}
        </button>
      </div>
    </section>
  );
}

function LinkMade({ link, email }: { link: ResumeLink; email: string }) {
  const said = useArrival<HTMLHeadingElement>();
  return (
    <div className="stack">
      <h3 ref={said} tabIndex={-1}>
        {W.link}
      </h3>
      <CopyLink label={W.link} hideLabel url={link.url} />
      <p>{W.code(link.code)}</p>
      <p>{W.expires(longDate(link.expiresAt))}</p>
      {link.emailed && email && <p>{W.emailed(email)}</p>}
    </div>
  );
}
