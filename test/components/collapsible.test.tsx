/** journey-spec §4: collapsible sections toggle open and closed. */
import { isInaccessible, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { renderJourney } from './render-journey';

/** The element a disclosure button controls. */
function controlledRegion(button: HTMLElement): HTMLElement {
  const id = button.getAttribute('aria-controls');
  const region = id ? document.getElementById(id) : null;
  if (!region) throw new Error(`${button.textContent} controls no element`);
  return region;
}

// the page loads on demand (journey/screens/introduction.tsx): each test waits for its toggle
describe('collapsible sections on /investment/before-start', () => {
  it('start closed, with their content hidden', async () => {
    renderJourney('/investment/before-start');
    const toggle = await screen.findByRole('button', { name: 'Documents to read' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const region = controlledRegion(toggle);
    expect(region.hidden).toBe(true);
    expect(region.textContent).toContain('Financial Services Guide');
    expect(isInaccessible(screen.getByText('Financial Services Guide'))).toBe(true);
  });

  it('open on a click and close on a second', async () => {
    const { user } = renderJourney('/investment/before-start');
    const toggle = await screen.findByRole('button', { name: 'Documents to read' });

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(controlledRegion(toggle).hidden).toBe(false);
    expect(isInaccessible(screen.getByText('Financial Services Guide'))).toBe(false);

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(controlledRegion(toggle).hidden).toBe(true);
    expect(isInaccessible(screen.getByText('Financial Services Guide'))).toBe(true);
  });

  it('open from the keyboard', async () => {
    const { user } = renderJourney('/investment/before-start');
    const toggle = await screen.findByRole('button', { name: 'Documents to read' });
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard(' ');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});
