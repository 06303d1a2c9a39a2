/** The risk question's note on what a style could lose, loaded on demand with the engine's assumptions it reads. */
import { badYearReturn, RISK_PROFILES } from '../engine/assumptions';
import { RISK_LABELS } from '../messages';
import { POSSIBLE_LOSS_WORDS as W } from '../messages-on-demand';

/** issue 15: what the chosen style could lose in a bad year, in percent and in dollars, where it is chosen. */
export function PossibleLoss({ style }: { style: string }) {
  const profile = RISK_PROFILES.find((p) => p.id === style);
  if (!profile) return <p role="status" className="note" />;
  const loss = -badYearReturn(profile);
  return (
    <p role="status" className="note">
      {loss > 0 ? W.loss(RISK_LABELS[profile.id], Math.round(loss * 100), Math.round(loss * 10_000)) : W.little(RISK_LABELS[profile.id])}
    </p>
  );
}
