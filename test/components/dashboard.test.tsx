/** The dashboard (journey-spec §2): four recommended journeys, each starting at the intro. */
import { screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { findPage, renderJourney } from './render-journey';

const JOURNEYS = ['Retirement', 'Investment', 'Investment Choice', 'Financial health check'];

describe('dashboard', () => {
  it('lists four journeys, each with its own Start button', () => {
    renderJourney('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Your recommended journeys' })).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Recommended journeys' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    items.forEach((item, i) => {
      expect(within(item).getByRole('heading', { level: 2, name: JOURNEYS[i] })).toBeTruthy();
      expect(within(item).getByRole('button', { name: `Start ${JOURNEYS[i]}` })).toBeTruthy();
    });
  });

  it('has no Continue button and no progress bar', () => {
    renderJourney('/');
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Progress' })).toBeNull();
  });

  it.each(JOURNEYS)("'Start %s' leads to the intro", async (journey) => {
    const { user, port } = renderJourney('/');
    await user.click(screen.getByRole('button', { name: `Start ${journey}` }));
    expect(await findPage('Let’s talk about your investment goals')).toBeTruthy();
    expect(port.path()).toBe('/investment/intro');
  });
});
