/**
 * A refusal's reasons in the console's file view, each said once in the journey's own words
 * (journey/messages-on-demand.ts `sayReason`: the heading, why and what to do instead, from the reason's figures),
 * then its code, then its figures as rows (the code, which the stored figures repeat, is not one of them). A chunk of
 * its own, loaded only when a file shows a refusal: the journey's catalogue of reasons brings its formatters and
 * labels, about 2 KB gzip. Its place among the console's chunks is declared in esbuild.config.mjs (`chunkWith`): built as
 * reaching the console's shared modules, as every screen does.
 */
import type { ComponentType } from 'react';
import type { RefusalReason } from '../../contract/advice';
import type { UnsuitableReason } from '../../journey/engine/unsuitable';
import { sayReason } from '../../journey/messages-on-demand';
import type { ADVICE_WORDS } from './words';

/** The reason's words, or nothing for a code the catalogue does not know (an older or newer engine's) or figures it cannot say. */
function ReasonWords({ code, figures }: { code: string; figures: Record<string, unknown> }) {
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

/**
 * The reasons, each with its words, code and figures; `Table` is the file view's table of figures and `A` the Advice
 * screens' words, both given by the file view (imported here, they would be split from the chunk it shares).
 */
export function SaidReasons({
  reasons,
  Table,
  A,
}: {
  reasons: RefusalReason[];
  Table: ComponentType<{ label: string; figures: Record<string, unknown>; caption: 'hidden' }>;
  A: typeof ADVICE_WORDS;
}) {
  return (
    <ul data-part="advice-reasons">
      {reasons.map(({ code, figures: { code: _, ...figures } = {} }) => (
        <li key={code}>
          <ReasonWords code={code} figures={figures} />
          {A.reasonCode}: <code>{code}</code>
          {Object.keys(figures).length > 0 && <Table label={`${A.reasonFigures}: ${code}`} caption="hidden" figures={figures} />}
        </li>
      ))}
    </ul>
  );
}
