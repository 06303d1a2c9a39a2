/** What the advice records' views share: the API and storage of the page, focus on arrival, dates, copy, download. */
import { useEffect, useId, useRef, useState } from 'react';
import { RECORDS_WORDS as W } from '../messages-records';
import { pageApiKey, recordsApi, type RecordsApi } from './api';
import { localStore } from './store';

/** The page's API client (the site's key from the widget's script tag). Replaced in tests through `fetch`. */
export const api = (): RecordsApi => recordsApi(pageApiKey());
export const storage = localStore;

/** A heading that takes the focus when it appears (each step's new content), unless `focus` is false (the page's first content). */
export function useArrival<T extends HTMLElement>(focus = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, []);
  return ref;
}

/** A date as the page's language says it: "3 December 2026". */
export const longDate = (iso: string) =>
  new Intl.DateTimeFormat(document.documentElement.lang || 'en-AU', { dateStyle: 'long' }).format(new Date(iso));

/** A link to pass on, with Copy (its result said in a status line). */
export function CopyLink({ label, url, hideLabel }: { label: string; url: string; hideLabel?: boolean }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </label>
      <div className="field__input">
        <input id={id} readOnly value={url} dir="ltr" onFocus={(e) => e.currentTarget.select()} />
      </div>
      <div>
        <button
          type="button"
          className="button button--secondary"
          onClick={() =>
            void navigator.clipboard?.writeText(url).then(
              () => setCopied(true),
              () => undefined,
            )
          }
        >
          {W.later.copy}
        </button>{' '}
        <span role="status">{copied ? W.later.copied : ''}</span>
      </div>
    </div>
  );
}

/** Saves a PDF as a file named with today's date. */
export function download(pdf: Blob, date = new Date()) {
  const url = URL.createObjectURL(pdf);
  const a = document.createElement('a');
  a.href = url;
  a.download = `statement-of-advice-${date.toISOString().slice(0, 10)}.pdf`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** An error, announced and focused (the keyboard goes on from it; the button that failed is next or just before). */
export function Alert({ text }: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), [text]);
  return text ? (
    <p role="alert" className="field__error" ref={ref} tabIndex={-1}>
      {text}
    </p>
  ) : null;
}
