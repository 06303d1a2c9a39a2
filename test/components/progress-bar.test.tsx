/** journey-spec §2, §9: the 7-step progress bar of the questionnaire. */
import { screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { findPage, renderJourney } from './render-journey';

const progress = () => screen.getByRole('navigation', { name: 'Progress' });
const queryProgress = () => screen.queryByRole('navigation', { name: 'Progress' });
const stepButtons = () => within(progress()).getAllByRole('button');
const currentSteps = () => stepButtons().filter((b) => b.getAttribute('aria-current') === 'step');
/** The step button whose accessible name ends with `label` ('Step 3 of 7: Your finances'). */
const stepButton = (label: string) => within(progress()).getByRole('button', { name: new RegExp(`^Step \\d of 7: ${label}$`) });

const LABELS = ['About you', 'Goals', 'Your finances', 'Risk', 'Summary', 'Needs analysis', 'Recommendation'];

describe('progress bar', () => {
  it('is a navigation landmark named Progress with 7 step buttons', () => {
    renderJourney('/questionnaire/date-of-birth');
    expect(within(progress()).getAllByRole('listitem')).toHaveLength(7);
    expect(stepButtons()).toHaveLength(7);
    LABELS.forEach((label, i) => {
      expect(within(progress()).getByRole('button', { name: `Step ${i + 1} of 7: ${label}` })).toBe(stepButtons()[i]);
    });
  });

  it.each([
    ['/questionnaire/date-of-birth', 'About you'],
    ['/questionnaire/relationship-status', 'About you'],
    ['/questionnaire/goal-details', 'Goals'],
    ['/questionnaire/summary', 'Goals'],
    ['/questionnaire/income', 'Your finances'],
    ['/questionnaire/private-health', 'Your finances'],
    ['/questionnaire/risk-assessment', 'Risk'],
    ['/questionnaire/review-details', 'Summary'],
    ['/questionnaire/needs-analysis', 'Needs analysis'],
    ['/questionnaire/recommendation', 'Recommendation'],
  ])('on %s the current step is %s', (path, label) => {
    renderJourney(path);
    expect(currentSteps()).toEqual([stepButton(label)]);
  });

  it('moves the current step along as the user continues', async () => {
    const { user } = renderJourney('/questionnaire/relationship-status');
    await user.click(await screen.findByRole('radio', { name: 'Single' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await findPage('What are you investing for?');
    expect(currentSteps()).toEqual([stepButton('Goals')]);
  });

  it("clicking 'Your finances' shows the employment status screen", async () => {
    const { user, port } = renderJourney('/questionnaire/date-of-birth');
    await user.click(stepButton('Your finances'));
    expect(await findPage('What is your employment status?')).toBeTruthy();
    expect(port.path()).toBe('/questionnaire/employment-status');
    expect(currentSteps()).toEqual([stepButton('Your finances')]);
  });

  it('clicking an earlier step goes back to its first page', async () => {
    const { user } = renderJourney('/questionnaire/risk-assessment');
    await user.click(stepButton('Goals'));
    expect(await findPage('What are you investing for?')).toBeTruthy();
  });

  it.each(['/', '/investment/intro', '/investment/before-start', '/investment/eligibility', '/recommended-products'])(
    'is not shown on %s',
    async (path) => {
      renderJourney(path);
      expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
      expect(queryProgress()).toBeNull();
    },
  );
});
