/**
 * Consent to keep the answers on the server (docs/advice-records.md "Consent"), asked once on the intro page: what is
 * kept, why, for how long and what happens without it; the client's name (required to keep a file) and email
 * (optional). Once answered, a short line says where the answers are and offers the other choice.
 */
import { useId, useState } from 'react';
import { CONSENT_VERSION, RECORDS_WORDS } from '../messages-records';
import { drop, keep, type JourneyRef } from './kept';
import { Alert, api, storage, useArrival } from './shared';
import { readConsent, type KeptFile } from './store';

const W = RECORDS_WORDS.consent;

/**
 * The words the client agreed to, as the file records them: the catalogue's version of them and the page's language,
 * which name the words shown (the server keeps at most 200 characters of it, fewer than the words themselves).
 */
const wording = () => `${CONSENT_VERSION} ${document.documentElement.lang || 'en'}`;

/** Creates the file and keeps it: the journey sends the answers so far to it at once (machines/journey.ts RECORDS.KEEP). */
export async function giveConsent(name: string, email: string, journey?: JourneyRef): Promise<KeptFile> {
  const created = await api().createFile({ name, email: email || null, wording: wording() });
  const file = { ...created, name };
  keep(file, journey);
  return file;
}

/** The consent form: the checkbox, name and email, and the choice saved. */
export function ConsentForm({
  journey,
  onDone,
  heading = true,
}: {
  journey?: JourneyRef;
  onDone: (kept: boolean) => void;
  heading?: boolean;
}) {
  const id = useId();
  const [keep, setKeep] = useState(false);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="panel stack"
      aria-labelledby={`${id}-h`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!keep) {
          drop(journey);
          return onDone(false);
        }
        // the fields as they are now: Enter right after typing (or after the browser's autofill) can come before the
        // render that would have given this handler the typed values
        const field = (key: string, typed: string) => (e.currentTarget.elements.namedItem(key) as HTMLInputElement | null)?.value ?? typed;
        const [given, address] = [field('name', name).trim(), field('email', email).trim()];
        if (!given) return setError(W.nameMissing);
        setBusy(true);
        setError('');
        giveConsent(given, address, journey).then(
          () => onDone(true),
          () => {
            setBusy(false);
            setError(W.failed);
          },
        );
      }}
    >
      <h2 id={`${id}-h`} className={heading ? undefined : 'sr-only'}>
        {W.heading}
      </h2>
      <ul>
        <li>{W.what}</li>
        <li>{W.why}</li>
        <li>{W.howLong}</li>
        <li>{W.without}</li>
      </ul>
      <label className="choice" data-checked={keep || undefined}>
        <input type="checkbox" checked={keep} onChange={(e) => setKeep(e.currentTarget.checked)} />
        <span className="choice__label">{W.keep}</span>
      </label>
      {keep && (
        <>
          <div className="field">
            <label htmlFor={`${id}-n`}>{W.name}</label>
            <p className="field__hint" id={`${id}-nh`}>
              {W.nameHint}
            </p>
            <div className="field__input">
              <input
                id={`${id}-n`}
                name="name"
                autoComplete="name"
                value={name}
                aria-describedby={`${id}-nh`}
                aria-invalid={error === W.nameMissing || undefined}
                onInput={(e) => setName(e.currentTarget.value)}
              />
            </div>
          </div>
          <div className="field">
            <label htmlFor={`${id}-e`}>{W.email}</label>
            <p className="field__hint" id={`${id}-eh`}>
              {W.emailHint}
            </p>
            <div className="field__input">
              <input
                id={`${id}-e`}
                name="email"
                type="email"
                autoComplete="email"
                value={email}
                aria-describedby={`${id}-eh`}
                onInput={(e) => setEmail(e.currentTarget.value)}
              />
            </div>
          </div>
        </>
      )}
      <Alert text={error} />
      <div>
        <button type="submit" className="button button--secondary" disabled={busy}>
          {W.save}
        </button>
      </div>
    </form>
  );
}

/** The intro page's part: the question until answered, then where the answers are and the other choice. */
export function Consent({ journey }: { journey?: JourneyRef }) {
  const [asked, setAsked] = useState(() => readConsent(storage()));
  const [changing, setChanging] = useState(false);
  // the line after a choice made here: said (and focused), with 'stopped' after a stop
  const [after, setAfter] = useState<'' | 'chosen' | 'stopped'>('');
  if (asked === null || changing)
    return (
      <ConsentForm
        journey={journey}
        onDone={(kept) => {
          setChanging(false);
          setAsked(kept ? 'yes' : 'no');
          setAfter('chosen');
        }}
      />
    );
  return (
    <ConsentLine
      key={after}
      kept={asked === 'yes'}
      focus={after !== ''}
      stopped={after === 'stopped'}
      onStop={() => {
        setAsked('no');
        setAfter('stopped');
      }}
      onKeep={() => setChanging(true)}
      journey={journey}
    />
  );
}

function ConsentLine(p: { kept: boolean; focus: boolean; stopped: boolean; onStop: () => void; onKeep: () => void; journey?: JourneyRef }) {
  const { kept, onStop, onKeep } = p;
  const said = useArrival<HTMLParagraphElement>(p.focus);
  return (
    <p className="note" ref={said} tabIndex={-1}>
      {kept ? W.kept : p.stopped ? W.stopped : W.onDevice}{' '}
      <button
        type="button"
        className="button button--text"
        onClick={() => {
          if (!kept) return onKeep();
          drop(p.journey);
          onStop();
        }}
      >
        {kept ? W.stop : W.keepInstead}
      </button>
    </p>
  );
}
