/** Every navigation titles the document after the new page and moves focus to its heading. */
import { screen, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { completeAnswers } from '../fixtures/answers';
import { continueButton, findPage, pageHeading, renderJourney } from './render-journey';

const titled = (heading: string) => `${heading} · Horizon Advice`;

describe('document title', () => {
  it('is the page heading on first load', async () => {
    renderJourney('/questionnaire/date-of-birth');
    await waitFor(() => expect(document.title).toBe(titled('What is your date of birth?')));
  });

  it('changes to the new heading after Continue', async () => {
    const { user } = renderJourney('/questionnaire/date-of-birth', completeAnswers());
    await waitFor(() => expect(document.title).toBe(titled('What is your date of birth?')));
    await user.click(continueButton());
    await findPage('What is your relationship status?');
    await waitFor(() => expect(document.title).toBe(titled('What is your relationship status?')));
  });

  it('changes to the new heading after Back', async () => {
    const { user } = renderJourney('/investment/eligibility');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await findPage('Before you start');
    await waitFor(() => expect(document.title).toBe(titled('Before you start')));
  });
});

describe('focus', () => {
  it('stays where it is on first load', async () => {
    renderJourney('/questionnaire/date-of-birth');
    // the title is set by the same effect that would move focus
    await waitFor(() => expect(document.title).toBe(titled('What is your date of birth?')));
    expect(document.activeElement).not.toBe(pageHeading());
  });

  it("moves to the new page's h1 after Continue", async () => {
    const { user } = renderJourney('/questionnaire/date-of-birth', completeAnswers());
    await user.click(continueButton());
    const heading = await findPage('What is your relationship status?');
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it("moves to the new page's h1 after choosing a progress step", async () => {
    const { user } = renderJourney('/questionnaire/date-of-birth');
    await user.click(screen.getByRole('button', { name: 'Step 2 of 7: Goals' }));
    const heading = await findPage('What are you investing for?');
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('moves to the h1 when Continue shows the same page again (recommended products)', async () => {
    const { user } = renderJourney('/recommended-products');
    const heading = pageHeading();
    // the advice's pages render their own nav with the body (it waits for the advice's status: journey/screens/advice.tsx)
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.textContent).toBe('Your recommended product');
  });
});
