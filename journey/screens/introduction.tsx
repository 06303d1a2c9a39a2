/** The pages between the dashboard and the questions: intro, before you start, eligibility (journey-spec §2), loaded on demand. */
import type { ComponentType } from 'react';
import { Collapsible } from '../components/collapsible';
import { DOCUMENT_LINKS } from '../licensee';
import { INTRODUCTION_WORDS as W } from '../messages-on-demand';
import { Consent } from '../records/consent';
import type { BodyProps } from '.';

function Intro({ journey }: BodyProps) {
  // the sentence's one slot, filled here: importing ../components/sentence would split it into a chunk of its own,
  // loaded with the first visit (its modules would no longer share one set of importers)
  const [before, after] = W.intro.text.split('{minutes}');
  return (
    <div className="prose">
      <p>
        {before}
        <strong>{W.intro.minutes}</strong>
        {after}
      </p>
      <ul className="checklist">
        {W.intro.points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
      {/* issue 34: whether the answers are kept on the server, asked once */}
      <Consent journey={journey} />
    </div>
  );
}

function BeforeStart() {
  return (
    <div className="prose">
      <p>{W.beforeStart.text}</p>
      <ul className="checklist">
        {W.beforeStart.points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
      <p>{W.beforeStart.partner}</p>
      <Collapsible title={W.beforeStart.documents}>
        <p>{W.beforeStart.read}</p>
        <ul>
          <li>
            <a href={DOCUMENT_LINKS.fsg}>{W.beforeStart.fsg}</a>
          </li>
          <li>
            <a href={DOCUMENT_LINKS.privacy}>{W.beforeStart.privacy}</a>
          </li>
        </ul>
      </Collapsible>
    </div>
  );
}

function Eligibility() {
  return (
    <div className="prose">
      <h2>{W.eligibility.suits}</h2>
      <ul className="checklist">
        {W.eligibility.suitsPoints.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
      <h2>{W.eligibility.notCovered}</h2>
      <ul>
        {W.eligibility.notCoveredPoints.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
      <p>{W.eligibility.confirm}</p>
    </div>
  );
}

export const BODIES = {
  intro: Intro,
  beforeStart: BeforeStart,
  eligibility: Eligibility,
} satisfies Record<string, ComponentType<BodyProps>>;
