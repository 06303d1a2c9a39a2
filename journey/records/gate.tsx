/**
 * The kill switch as the visitor sees it (docs/advice-records.md "Kill switch"): before a recommendation shows, the
 * site's advice status is asked (of everyone, with consent or not); while advice is paused, the page offers the
 * licensee's human advisers instead. With a file on the server, the advice is also computed there once per change
 * of the answers (the server's result is the record; the page shows the same engine's local result).
 */
import { useEffect, useId, type ReactNode } from 'react';
import { selectAdvice } from '../../machines/advice-status';
import type { Answers } from '../../machines/journey-answers';
import { EMAIL, PHONE } from '../licensee';
import { FRAME_WORDS } from '../messages';
import { RECORDS_WORDS } from '../messages-records';
import { RecordsError } from './api';
import { saverIdle } from './saver';
import type { JourneyRef } from './kept';
import { api, storage } from './shared';
import { adviceStatus, useAdviceStatus } from './status';
import { readFile } from './store';

const W = RECORDS_WORDS.paused;

/** The answers the server last computed advice from, and that call (the statement waits on it). */
let advised: { answers: Answers; done: Promise<unknown> } | null = null;

/** The latest advice asked of the server (its answers and call), or null: a statement is issued once per advice. */
export const latestAdvice = () => advised;

/** Asks the server for the advice from the answers it holds, once per change of them; rejects ADVICE_PAUSED. */
function recordAdvice(answers: Answers): Promise<unknown> {
  const file = readFile(storage());
  if (!file) return Promise.resolve();
  if (advised?.answers !== answers) {
    // the answers the page advises on go first (the server appends nothing when it has them already): a client who
    // consented and came straight here has changed nothing since, so the saver has sent nothing yet
    const done = saverIdle()
      .then(() => api().appendAnswers(file, { answers }))
      .then(() => api().advice(file));
    advised = { answers, done };
    // a failure is asked again next time
    done.catch(() => {
      if (advised?.done === done) advised = null;
    });
  }
  return advised!.done;
}

/**
 * Shows `children` (the recommendation) unless advice is paused. The status is the journey's `adviceStatus` actor
 * (./status.ts), asked once per page load; unreachable, the page shows the engine's advice as it did before the
 * server kept any.
 */
export function AdviceGate({ answers, journey, children }: { answers: Answers; journey: JourneyRef; children: ReactNode }) {
  const status = adviceStatus(journey);
  const advice = useAdviceStatus(journey, selectAdvice);
  useEffect(() => {
    if (advice === 'open')
      recordAdvice(answers).catch(
        (err: unknown) => err instanceof RecordsError && err.code === 'ADVICE_PAUSED' && status.send({ type: 'STATUS.PAUSED' }),
      );
  }, [advice, answers]);
  // the frame's own loading line while the status is asked (tests and assistive technology wait for it to go)
  if (advice === 'unknown') return <p className="loading">{FRAME_WORDS.loading}</p>;
  return advice === 'paused' ? <AdvicePaused /> : children;
}

/** Advice is paused: the licensee's human advisers instead of a recommendation. */
export function AdvicePaused() {
  const id = useId();
  return (
    <section className="panel panel--warning" aria-labelledby={id}>
      <h2 id={id}>{W.heading}</h2>
      <p>{W.text}</p>
      <p>{W.contact(PHONE, EMAIL)}</p>
      <p>{W.hours}</p>
    </section>
  );
}
