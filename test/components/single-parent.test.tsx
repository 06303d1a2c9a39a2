/**
 * A single's dependent children: asked on the relationship page under Single (not required: journey-spec §5 fixes its
 * rule), kept in the answer a couple's are asked into, shown on the review, and read by the advice as a single
 * parent's family thresholds.
 */
import { screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { emptyAnswers } from '../../journey/questionnaire';
import { completeAnswers } from '../fixtures/answers';
import { continueButton, findPage, renderJourney, reviewValue } from './render-journey';

const RELATIONSHIP = '/questionnaire/relationship-status';
const children = () => screen.findByRole('combobox', { name: 'Dependent children' });

describe('a single’s dependent children', () => {
  it('are asked under Single, not under Couple, and Continue does not wait for them', async () => {
    const { user, saved, port } = renderJourney(RELATIONSHIP, { ...emptyAnswers(), dateOfBirth: '14/03/1988' });
    await findPage('What is your relationship status?');
    expect(screen.queryByRole('combobox', { name: 'Dependent children' })).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Single' }));
    const select = await children();
    expect(screen.getByText(/A single parent’s Medicare levy and surcharge use the family thresholds/)).toBeTruthy();
    expect((continueButton() as HTMLButtonElement).disabled).toBe(false);
    await user.selectOptions(select, '2');
    expect(saved()?.partner.children).toBe('2');

    // a couple's are asked with the partner: the field goes, the answer stays for the partner's page
    await user.click(screen.getByRole('radio', { name: 'Couple' }));
    expect(screen.queryByRole('combobox', { name: 'Dependent children' })).toBeNull();
    expect(saved()?.partner.children).toBe('2');
    await user.click(screen.getByRole('radio', { name: 'Single' }));
    expect(((await children()) as HTMLSelectElement).value).toBe('2');

    await user.click(continueButton());
    await findPage('What are you investing for?');
    expect(port.path()).toBe('/questionnaire/goal-selection');
  });

  it('show on the review under About you', async () => {
    const two = completeAnswers();
    renderJourney('/questionnaire/review-details', { ...two, partner: { ...two.partner, children: '2' } });
    expect(within(await reviewValue('About you', 'Dependent children')).getByText('2')).toBeTruthy();
  });

  it('not said: 0, not marked Example', async () => {
    renderJourney('/questionnaire/review-details', completeAnswers());
    const none = await reviewValue('About you', 'Dependent children');
    expect(within(none).getByText('0')).toBeTruthy();
    expect(within(none).queryByText('Example')).toBeNull();
  });

  it('the needs analysis says a single parent’s levy and surcharge use the family thresholds', async () => {
    const a = completeAnswers();
    renderJourney('/questionnaire/needs-analysis', { ...a, partner: { ...a.partner, children: '1' } });
    expect(
      await screen.findByText(
        /^As a single parent with a dependent child, your Medicare levy and its low-income reduction use the family threshold/,
      ),
    ).toBeTruthy();
  });
});
