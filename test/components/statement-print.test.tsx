/**
 * The printed statement of advice (journey/screens/statement.tsx, journey.css `@page`): while it shows, the root
 * element carries the licensee's name and the catalogue's 'Page {page} of {pages}' as CSS for the page's margin boxes
 * (set through the CSSOM, as the strict CSP requires); leaving it takes them away. The PDF itself is checked in
 * Chromium (test/e2e/advice.test.ts).
 */
import { screen } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { BUSINESS } from '../../journey/licensee';
import { completeAnswers } from '../fixtures/answers';
import { renderJourney } from './render-journey';

const root = () => document.documentElement.style;

describe('the printed statement', () => {
  it('hands the licensee’s name and the page numbers to the print styles while it shows, and takes them away after', async () => {
    const { unmount } = renderJourney('/statement-of-advice', completeAnswers());
    await screen.findByRole('article', { name: 'Statement of advice' });
    // an effect sets them, after the render
    await vi.waitFor(() => expect(root().getPropertyValue('--soa-licensee')).toBe(`"${BUSINESS}"`));
    expect(root().getPropertyValue('--soa-page')).toBe('"Page " counter(page) " of " counter(pages) ""');
    unmount();
    await vi.waitFor(() => expect(root().getPropertyValue('--soa-licensee')).toBe(''));
    expect(root().getPropertyValue('--soa-page')).toBe('');
  });

  it('sets nothing where there is no statement to print', async () => {
    renderJourney('/statement-of-advice');
    await screen.findByText(/^Your statement of advice is prepared from your answers/);
    expect(root().getPropertyValue('--soa-licensee')).toBe('');
  });
});
