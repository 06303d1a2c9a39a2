/** The risk question's note on what a style could lose, loaded on demand with the engine's assumptions it reads. */
import { badYearReturn, RISK_PROFILES } from '../engine/assumptions';
import { article, formatDollars } from '../format';

/** issue 15: what the chosen style could lose in a bad year, in percent and in dollars, where it is chosen. */
export function PossibleLoss({ style }: { style: string }) {
  const profile = RISK_PROFILES.find((p) => p.id === style);
  if (!profile) return <p role="status" className="note" />;
  const loss = -badYearReturn(profile);
  return (
    <p role="status" className="note">
      {loss > 0
        ? `In a bad year, one year in twenty, ${article(profile.label)} ${profile.label.toLowerCase()} portfolio could lose about ${Math.round(loss * 100)}% of its value: ${formatDollars(Math.round(loss * 10_000))} on every $10,000 invested. It can take years to recover.`
        : `Even in a bad year, one year in twenty, ${article(profile.label)} ${profile.label.toLowerCase()} portfolio is expected to lose little or nothing, though its value can still fall.`}
    </p>
  );
}
