/**
 * journey-spec §5: on each screen with a rule, Continue stays disabled until the
 * required input is given; then it is enabled and goes on to the next screen.
 */
import { screen } from '@testing-library/preact';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { continueButton, findPage, pageHeading, renderJourney } from './render-journey';

type Step = (user: UserEvent) => Promise<void>;

// findBy…: the controls are in the screen's body, which loads lazily
const typeInto =
  (name: string, text: string): Step =>
  async (user) =>
    user.type(await screen.findByRole('textbox', { name }), text);
const choose =
  (name: string | RegExp): Step =>
  async (user) =>
    user.click(await screen.findByRole('radio', { name }));
const select =
  (name: string, option: string): Step =>
  async (user) =>
    user.selectOptions(await screen.findByRole('combobox', { name }), option);

interface Case {
  path: string;
  heading: string;
  /** The inputs, in order: Continue stays disabled until the last has been given. */
  steps: Step[];
  next: string;
}

const CASES: Case[] = [
  {
    path: '/questionnaire/date-of-birth',
    heading: 'What is your date of birth?',
    steps: [typeInto('Date of birth', '14/03/1988')],
    next: 'What is your relationship status?',
  },
  {
    path: '/questionnaire/relationship-status',
    heading: 'What is your relationship status?',
    steps: [choose('Couple')],
    next: 'What are you investing for?',
  },
  {
    path: '/questionnaire/goal-selection',
    heading: 'What are you investing for?',
    steps: [choose('Buying your first home')],
    next: 'Tell us about your goal',
  },
  {
    path: '/questionnaire/goal-details',
    heading: 'Tell us about your goal',
    steps: [typeInto('How much will you need?', '60000'), typeInto('How many years from now?', '8')],
    next: 'Thanks, your goal is saved',
  },
  {
    path: '/questionnaire/employment-status',
    heading: 'What is your employment status?',
    steps: [choose('Self-employed')],
    next: 'What is your income?',
  },
  {
    path: '/questionnaire/income',
    heading: 'What is your income?',
    steps: [typeInto('Gross income', '90000'), select('How often?', 'Annually')],
    next: 'Do you have any other income?',
  },
  {
    path: '/questionnaire/super',
    heading: 'Tell us about your superannuation',
    steps: [typeInto('Total super balance', '85000'), choose('No')],
    next: 'Do you have any debts?',
  },
  {
    path: '/questionnaire/insurance-cover',
    heading: 'What insurance cover do you have?',
    steps: [
      typeInto('Life cover', '500000'),
      typeInto('Total and permanent disability (TPD) cover', '250000'),
      typeInto('Trauma cover', '0'),
      typeInto('Income protection (per month)', '4000'),
    ],
    next: 'Do you have private hospital cover?',
  },
  {
    path: '/questionnaire/private-health',
    heading: 'Do you have private hospital cover?',
    steps: [choose('No')],
    next: 'How do you feel about investment risk?',
  },
  {
    path: '/questionnaire/risk-assessment',
    heading: 'How do you feel about investment risk?',
    steps: [choose(/^Cautious/)],
    next: 'Review your details',
  },
];

describe('Continue is disabled until the screen is complete (journey-spec §5)', () => {
  it.each(CASES.map((c) => [c.path, c] as const))('%s', async (path, { heading, steps, next }) => {
    const { user, port } = renderJourney(path);
    expect(pageHeading().textContent).toBe(heading);

    for (const step of steps) {
      expect(continueButton()).toHaveProperty('disabled', true);
      await step(user);
    }
    expect(continueButton()).toHaveProperty('disabled', false);

    await user.click(continueButton());
    expect(await findPage(next)).toBeTruthy();
    expect(port.path()).not.toBe(path);
  });
});

describe('partly answered screens keep Continue disabled', () => {
  it('goal details with only an amount', async () => {
    const { user, port } = renderJourney('/questionnaire/goal-details');
    await user.type(await screen.findByRole('textbox', { name: 'How much will you need?' }), '60000');
    expect(continueButton()).toHaveProperty('disabled', true);

    await user.click(continueButton());
    expect(pageHeading().textContent).toBe('Tell us about your goal');
    expect(port.path()).toBe('/questionnaire/goal-details');
  });

  it('goal details with only the years', async () => {
    const { user } = renderJourney('/questionnaire/goal-details');
    await user.type(await screen.findByRole('textbox', { name: 'How many years from now?' }), '8');
    expect(continueButton()).toHaveProperty('disabled', true);
  });

  it('date of birth of spaces only', async () => {
    const { user } = renderJourney('/questionnaire/date-of-birth');
    await user.type(await screen.findByRole('textbox', { name: 'Date of birth' }), '   ');
    expect(continueButton()).toHaveProperty('disabled', true);
  });

  it('clearing a required field disables Continue again', async () => {
    const { user } = renderJourney('/questionnaire/date-of-birth');
    const field = await screen.findByRole('textbox', { name: 'Date of birth' });
    await user.type(field, '14/03/1988');
    expect(continueButton()).toHaveProperty('disabled', false);
    await user.clear(field);
    expect(continueButton()).toHaveProperty('disabled', true);
  });

  it('an impossible date of birth is refused with a message tied to the field', async () => {
    const { user } = renderJourney('/questionnaire/date-of-birth');
    const field = await screen.findByRole('textbox', { name: 'Date of birth' });
    await user.type(field, '31/02/2000');
    expect(continueButton()).toHaveProperty('disabled', true);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(field.getAttribute('aria-describedby')!.split(' ').pop()!)!;
    expect(message.textContent).toMatch(/not a real date/);
    await user.clear(field);
    await user.type(field, '29/02/2000');
    expect(continueButton()).toHaveProperty('disabled', false);
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });
});
