/**
 * A refusal's reason in the journey's own words (journey/messages-on-demand.ts `sayReason`: the heading, why and what
 * to do instead, said from the reason's figures), for the console's file view. A chunk of its own, loaded only when a
 * file shows a refusal: the journey's catalogue of reasons brings its formatters and labels, about 2 KB gzip.
 */
import type { UnsuitableReason } from '../../journey/engine/unsuitable';
import { sayReason } from '../../journey/messages-on-demand';
// nothing of it is used: reaching the console's shared modules as every screen does keeps the bundler from splitting
// its runtime helpers into a chunk of their own, which the first visit would load too (measured: 300 B more)
import '../ui';

/** The reason's words, or nothing for a code the catalogue does not know (an older or newer engine's) or figures it cannot say. */
export function ReasonWords({ code, figures }: { code: string; figures: Record<string, unknown> }) {
  let words: ReturnType<typeof sayReason>;
  try {
    words = sayReason({ ...figures, code } as UnsuitableReason);
  } catch {
    return null;
  }
  return (
    <>
      <h4>{words.title}</h4>
      <p>{words.explanation}</p>
      <p>{words.instead}</p>
    </>
  );
}
