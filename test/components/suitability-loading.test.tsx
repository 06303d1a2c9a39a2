/**
 * The engine's suitability check loads on demand (journey/suitability.ts, issue 15): until it has, a
 * screen whose rule needs it cannot continue; once it arrives, Continue is enabled without any other
 * change (the page navigation reads the rule again).
 */
import { act, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { assessSuitability } from '../../journey/engine/assess';
import { lazySuitability } from '../../journey/suitability';
import { completeAnswers } from '../fixtures/answers';
import { continueButton, findPage, renderJourney } from './render-journey';

describe('the suitability check, loaded on demand', () => {
  it('holds Continue on the needs analysis until it has loaded, then lets the visitor go on', async () => {
    let resolve: (fn: typeof assessSuitability) => void = () => undefined;
    const check = lazySuitability(() => new Promise((r) => (resolve = r)));
    renderJourney('/questionnaire/needs-analysis', completeAnswers(), undefined, check);
    await findPage(/needs analysis/i);
    expect((continueButton() as HTMLButtonElement).disabled).toBe(true);
    void check.load();
    await act(async () => {
      resolve(assessSuitability);
      await check.load();
    });
    expect((continueButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('the first screens do not need it: Continue works on the date of birth before it has loaded', async () => {
    const check = lazySuitability(() => new Promise(() => undefined));
    const { user } = renderJourney('/questionnaire/date-of-birth', completeAnswers(), undefined, check);
    await findPage(/date of birth/i);
    await user.click(continueButton());
    expect(screen.getByRole('heading', { level: 1 }).textContent).not.toMatch(/date of birth/i);
  });
});
