/**
 * The web statement lists the answers it relied on as the PDF does (server/advice/statement-pdf.ts): a couple's
 * partner rows come from the question's on-demand parts (journey/questions/on-demand.ts), which the review page
 * already passes; without them the page left the partner out.
 */
import { screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { FY2025_26, household } from '../journey/engine-fixtures';
import { renderJourney } from './render-journey';

const answersSection = async () => {
  const soa = within(await screen.findByRole('article', { name: 'Statement of advice' }, { timeout: 10_000 }));
  return within(soa.getByRole('heading', { name: 'The answers this advice is based on' }).closest('section') as HTMLElement);
};

describe('the statement’s answers', () => {
  it('include a couple’s partner: name, income and hospital cover', async () => {
    const answers = household({ relationshipStatus: 'couple', partner: { income: '60000', cover: 'no' } });
    renderJourney('/statement-of-advice', answers, () => FY2025_26);
    const section = await answersSection();
    expect(section.getByText('Partner’s first name').nextElementSibling?.textContent).toBe('Sam');
    expect(section.getByText('Partner’s gross income').nextElementSibling?.textContent).toMatch(/^\$60,000/);
    expect(section.getByText('Does your partner have private hospital cover?').nextElementSibling?.textContent).toBe('No');
  });

  it('have no partner rows for a single', async () => {
    renderJourney('/statement-of-advice', household({}), () => FY2025_26);
    const section = await answersSection();
    expect(section.queryByText('Partner’s first name')).toBeNull();
  });
});
