/** The header: the logo (to the dashboard), the save status, and 'Start again' with its confirmation. */
import { screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEY } from '../../journey/storage';
import { completeAnswers } from '../fixtures/answers';
import { findPage, renderJourney } from './render-journey';

const startAgain = () => screen.queryByRole('button', { name: 'Start again' });

/** Opens date of birth with nothing answered and types a date, so there is something to clear. */
async function answerSomething() {
  const journey = renderJourney('/questionnaire/date-of-birth');
  await journey.user.type(await screen.findByRole('textbox', { name: 'Date of birth' }), '14/03/1988');
  return journey;
}

describe("'Start again'", () => {
  it('is not offered before anything is answered', async () => {
    renderJourney('/questionnaire/date-of-birth');
    await screen.findByRole('textbox', { name: 'Date of birth' });
    expect(startAgain()).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('appears once something is answered, with the save status', async () => {
    const { storage } = await answerSomething();
    expect(startAgain()).not.toBeNull();
    expect(screen.getByText('Your answers are saved on this device')).toBeTruthy();
    expect(storage.getItem(STORAGE_KEY)).not.toBeNull();
  });

  it('asks for confirmation, with focus on Cancel', async () => {
    const { user } = await answerSomething();
    await user.click(startAgain()!);

    const confirm = screen.getByRole('group', { name: 'Start again' });
    expect(within(confirm).getByText('Clear all your answers?')).toBeTruthy();
    expect(within(confirm).getByRole('button', { name: 'Clear answers' })).toBeTruthy();
    const cancel = within(confirm).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    expect(startAgain()).toBeNull();
  });

  it('Cancel keeps the answers and returns focus to Start again', async () => {
    const { user, saved } = await answerSomething();
    await user.click(startAgain()!);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('group', { name: 'Start again' })).toBeNull();
    expect(startAgain()).not.toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(startAgain()));
    expect(screen.getByRole('textbox', { name: 'Date of birth' })).toHaveProperty('value', '14/03/1988');
    expect(saved()?.dateOfBirth).toBe('14/03/1988');
  });

  it("'Clear answers' clears storage and shows the intro", async () => {
    const { user, storage, port } = await answerSomething();
    await user.click(startAgain()!);
    await user.click(screen.getByRole('button', { name: 'Clear answers' }));

    expect(await findPage('Let’s talk about your investment goals')).toBeTruthy();
    expect(port.path()).toBe('/investment/intro');
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
    expect(startAgain()).toBeNull();
  });

  it("'Clear answers' forgets the answers: the questionnaire starts blank again", async () => {
    const { user } = renderJourney('/questionnaire/income', completeAnswers());
    await user.click(startAgain()!);
    await user.click(screen.getByRole('button', { name: 'Clear answers' }));
    await findPage('Let’s talk about your investment goals');

    await user.click(screen.getByRole('button', { name: "Let's get started" }));
    await findPage('Before you start');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await findPage('Is this advice right for you?');
    await user.click(screen.getByRole('button', { name: 'Agree and continue' }));
    await findPage('What is your date of birth?');
    expect(await screen.findByRole('textbox', { name: 'Date of birth' })).toHaveProperty('value', '');
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', true);
  });
});

describe('logo', () => {
  it('goes to the dashboard', async () => {
    const { user, port } = renderJourney('/questionnaire/income');
    await user.click(screen.getByRole('button', { name: /^Horizon Advice/ }));
    expect(await findPage('Your recommended journeys')).toBeTruthy();
    expect(port.path()).toBe('/');
  });
});
