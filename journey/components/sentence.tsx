/**
 * A catalogue sentence with inline parts (a badge, a figure in bold, an exponent): the catalogue writes the whole
 * sentence with a slot, `{name}`, where each part falls, so a translator sees one sentence; the view fills the slots.
 */
import { Fragment, type ReactNode } from 'react';

export function Sentence({ text, parts }: { text: string; parts: Record<string, ReactNode> }) {
  // split on a capture group: the text and the slots' names alternate (a fixed sentence's pieces, keyed by place)
  return (
    <>
      {text.split(/\{(\w+)\}/).map((piece, i) => (
        <Fragment key={i}>{i % 2 ? parts[piece] : piece}</Fragment>
      ))}
    </>
  );
}
