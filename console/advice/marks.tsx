/** A file's review marks, in the list and on the file: waiting in the review queue, and its latest review's outcome. */
import type { AdviceFileSummary } from '../../contract/advice';
import { ADVICE_WORDS as A } from './words';

export function ReviewMarks({ file }: { file: AdviceFileSummary }) {
  return (
    <>
      {file.inReviewQueue && (
        <span data-part="badge" data-mark="queue">
          {A.inQueue}
        </span>
      )}
      {file.reviewed ? (
        <span data-part="badge" data-mark={file.reviewed}>
          {A.reviewed(file.reviewed)}
        </span>
      ) : (
        !file.inReviewQueue && <span data-part="hint">{A.notReviewed}</span>
      )}
    </>
  );
}
