/**
 * The header's save status, once the advice records' chunk is here: with an advice file (consent given), the answers
 * are also kept by the licensee; without one, the first visit's line as it was. It follows consent given or stopped
 * on any page: the journey's `records` actor holds it (machines/journey-records.ts), as it does for the saver.
 */
import { RECORDS_WORDS } from '../messages-records';
import type { JourneyRef } from './kept';
import { SaveLater } from './save-later';

/**
 * `children`: the line without a file (the first visit's words); `by`: the licensee's name, as the header shows it;
 * `kept`: whether the licensee keeps the answers too, as the header reads it from the journey's `records` actor.
 */
export const SavedStatus = ({ children, by, kept }: { children: string; by: string; kept: boolean }) => (
  <>{kept ? RECORDS_WORDS.consent.savedKept(by) : children}</>
);

/**
 * The frame's one way into the chunk (journey/app.tsx): the save status when given its line (`status`, with the
 * licensee's name `by`), else 'Save and continue later'; one loader in the first visit instead of one per part.
 */
export const RecordsPart = ({ journey, status, by, kept }: { journey?: JourneyRef; status?: string; by?: string; kept?: boolean }) =>
  status ? (
    <SavedStatus by={by!} kept={!!kept}>
      {status}
    </SavedStatus>
  ) : (
    <SaveLater journey={journey!} />
  );
