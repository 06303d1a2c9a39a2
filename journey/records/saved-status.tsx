/**
 * The header's save status, once the advice records' chunk is here: with an advice file (consent given), the answers
 * are also kept by the licensee; without one, the first visit's line as it was. It follows consent given or stopped
 * on any page (./store.ts tells it).
 */
import { useSyncExternalStore } from 'react';
import { RECORDS_WORDS } from '../messages-records';
import type { JourneyRef } from './consent';
import { SaveLater } from './save-later';
import { storage } from './shared';
import { onKeptChange, readFile } from './store';

/** `children`: the line without a file (the first visit's words); `by`: the licensee's name, as the header shows it. */
export function SavedStatus({ children, by }: { children: string; by: string }) {
  const kept = useSyncExternalStore(onKeptChange, () => readFile(storage()) !== null);
  return <>{kept ? RECORDS_WORDS.consent.savedKept(by) : children}</>;
}

/**
 * The frame's one way into the chunk (journey/app.tsx): the save status when given its line (`status`, with the
 * licensee's name `by`), else 'Save and continue later'; one loader in the first visit instead of one per part.
 */
export const RecordsPart = ({ journey, status, by }: { journey?: JourneyRef; status?: string; by?: string }) =>
  status ? <SavedStatus by={by!}>{status}</SavedStatus> : <SaveLater journey={journey!} />;
