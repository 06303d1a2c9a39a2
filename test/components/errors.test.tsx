/** journey-spec §8: the error page of a render failure, and the not-found page. */
import { render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../../journey/app';
import { findPage, renderJourney } from './render-journey';

function Boom(): never {
  throw new Error('the chart could not be drawn');
}

describe('error boundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the error page when a child throws while rendering', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <p>before</p>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('the chart could not be drawn')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to your dashboard' })).toBeTruthy();
    expect(screen.queryByText('before')).toBeNull();
    expect(consoleError).toHaveBeenCalledWith(expect.objectContaining({ message: 'the chart could not be drawn' }));
  });

  it('renders its children when nothing throws', () => {
    render(
      <ErrorBoundary>
        <h1>All good</h1>
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'All good' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Unexpected Application Error!' })).toBeNull();
  });
});

describe('not-found page', () => {
  it('shows "Page not found" and the unknown path, leaving the URL as it is', async () => {
    const { port } = renderJourney('/questionnaire/nope');
    // the page loads on demand (journey/screens/outside.tsx)
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('/questionnaire/nope')).toBeTruthy();
    expect(port.entries).toEqual(['/questionnaire/nope']);
    await waitFor(() => expect(document.title).toBe('Page not found · Horizon Advice'));
  });

  it('has no progress bar and no Continue', async () => {
    renderJourney('/nowhere');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(screen.queryByRole('navigation', { name: 'Progress' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });

  it("'Go to your dashboard' shows the dashboard", async () => {
    const { user, port } = renderJourney('/nowhere');
    await user.click(await screen.findByRole('button', { name: 'Go to your dashboard' }));
    expect(await findPage('Your recommended journeys')).toBeTruthy();
    expect(port.path()).toBe('/');
  });

  it('Back with no page behind it shows the dashboard instead of leaving the site', async () => {
    const { user } = renderJourney('/nowhere');
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await findPage('Your recommended journeys')).toBeTruthy();
  });
});
