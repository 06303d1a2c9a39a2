/** The review page (journey-spec §2, §3): the answers by section, sample values marked Example, and editing a section. */
import { screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { emptyAnswers } from '../../journey/questionnaire';
import { completeAnswers } from '../fixtures/answers';
import { continueButton, findPage, renderJourney, reviewValue } from './render-journey';

const REVIEW = '/questionnaire/review-details';

const isExample = (dd: HTMLElement) => within(dd).queryByText('Example') !== null;

describe('review values', () => {
  it('shows the entered values, none marked Example', async () => {
    renderJourney(REVIEW, completeAnswers());
    const dob = await reviewValue('About you', 'Date of birth');
    expect(within(dob).getByText('14/03/1988')).toBeTruthy();
    expect(isExample(dob)).toBe(false);
    const amount = await reviewValue('Goals', 'Amount needed');
    expect(within(amount).getByText('$60,000')).toBeTruthy();
    expect(within(await reviewValue('Your finances', 'Gross income')).getByText('$90,000 annually')).toBeTruthy();
    expect(within(await reviewValue('Risk', 'Investment style')).getByText('Moderately aggressive')).toBeTruthy();
    expect(screen.queryAllByText('Example')).toHaveLength(0);
  });

  it('shows sample values marked Example for unanswered questions', async () => {
    renderJourney(REVIEW, { ...emptyAnswers(), dateOfBirth: '14/03/1988' });

    const dob = await reviewValue('About you', 'Date of birth');
    expect(within(dob).getByText('14/03/1988')).toBeTruthy();
    expect(isExample(dob)).toBe(false);

    const relationship = await reviewValue('About you', 'Relationship status');
    expect(within(relationship).getByText('Single')).toBeTruthy();
    expect(isExample(relationship)).toBe(true);

    const amount = await reviewValue('Goals', 'Amount needed');
    expect(within(amount).getByText('$50,000')).toBeTruthy();
    expect(isExample(amount)).toBe(true);

    expect(screen.getByText(/are sample values standing in for questions you have not answered/)).toBeTruthy();
  });
});

describe('editing a section from the review', () => {
  const SECTIONS = [
    ['Edit About you', ['What is your date of birth?', 'What is your relationship status?']],
    ['Edit Goals', ['What are you investing for?', 'Tell us about your goal']],
    [
      'Edit Your finances',
      [
        'What is your employment status?',
        'What is your income?',
        'Do you have any other income?',
        'Do you receive any government benefits?',
        'Do you expect any big expenses in the next 5 years?',
        'Do you have any assets?',
        'Do you save regularly?',
        'Tell us about your superannuation',
        'Do you have any debts?',
        'What insurance cover do you have?',
        'Do you have private hospital cover?',
      ],
    ],
    ['Edit Risk', ['How do you feel about investment risk?']],
  ] as const;

  it.each(SECTIONS)("'%s' goes to the section's first page; Continue at its end returns to the review", async (edit, pages) => {
    const { user, port } = renderJourney(REVIEW, completeAnswers());
    await user.click(await screen.findByRole('button', { name: edit }));

    for (const page of pages) {
      await findPage(page);
      expect(screen.getByRole('button', { name: 'Save and return to review' })).toBeTruthy();
      await user.click(continueButton());
    }

    await findPage('Review your details');
    expect(port.path()).toBe(REVIEW);
    expect(screen.queryByRole('button', { name: 'Save and return to review' })).toBeNull();
  });

  it("'Save and return to review' returns from the middle of a section", async () => {
    const { user } = renderJourney(REVIEW, completeAnswers());
    await user.click(await screen.findByRole('button', { name: 'Edit Your finances' }));
    await findPage('What is your employment status?');
    await user.click(continueButton());
    await findPage('What is your income?');

    await user.click(screen.getByRole('button', { name: 'Save and return to review' }));
    await findPage('Review your details');
  });

  it("'Save and return to review' is disabled while the page is incomplete", async () => {
    const { user } = renderJourney(REVIEW, completeAnswers());
    await user.click(await screen.findByRole('button', { name: 'Edit About you' }));
    await user.clear(await screen.findByRole('textbox', { name: 'Date of birth' }));
    expect(screen.getByRole('button', { name: 'Save and return to review' })).toHaveProperty('disabled', true);
  });

  it('Back on the first page of the section returns to the review', async () => {
    const { user } = renderJourney(REVIEW, completeAnswers());
    await user.click(await screen.findByRole('button', { name: 'Edit Goals' }));
    await findPage('What are you investing for?');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await findPage('Review your details');
  });

  it('the review shows the edited value', async () => {
    const { user } = renderJourney(REVIEW, completeAnswers());
    await user.click(await screen.findByRole('button', { name: 'Edit About you' }));
    const dob = await screen.findByRole('textbox', { name: 'Date of birth' });
    await user.clear(dob);
    await user.type(dob, '01/02/1990');
    await user.click(screen.getByRole('button', { name: 'Save and return to review' }));
    await findPage('Review your details');
    expect(within(await reviewValue('About you', 'Date of birth')).getByText('01/02/1990')).toBeTruthy();
  });
});
