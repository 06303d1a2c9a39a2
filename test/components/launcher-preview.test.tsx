/**
 * The launcher's first frame (src/launcher-preview.tsx, issue 13): drawn before the machines load,
 * with the same markup and names as the launcher of `App`, so the hand-over changes nothing a
 * visitor sees; a click shows the window's placeholder and is reported.
 */
import { fireEvent, render, screen } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { mergeAppearance } from '../../contract/appearance';
import { Preview } from '../../src/launcher-preview';
import { renderApp } from './widget-harness';

describe('the launcher’s first frame', () => {
  it('has the launcher of App: the same parts, name, state and live dot', async () => {
    const appearance = mergeAppearance({ agentName: 'Ada', launcher: { alignment: 'left', pulseAnimation: true, showLiveStatus: true } });
    const { container } = render(<Preview appearance={appearance} mobile={false} open={false} onOpen={() => undefined} />);
    const button = screen.getByRole('button', { name: 'Open chat with Ada' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('data-part')).toBe('launcher');
    expect(button.hasAttribute('data-pulse')).toBe(true);
    expect(container.querySelector('[data-part="frame"]')!.getAttribute('data-align')).toBe('left');
    expect(button.querySelector('[data-part="live-dot"]')).not.toBeNull();
    const preview = button.outerHTML;
    container.remove();

    // App's launcher, closed, for the same appearance
    const app = renderApp({ appearance: { agentName: 'Ada', launcher: { alignment: 'left', pulseAnimation: true, showLiveStatus: true } } });
    const real = await app.findByRole('button', { name: 'Open chat with Ada' });
    expect(real.outerHTML).toBe(preview);
  });

  it('a click shows the window’s placeholder and is reported', () => {
    const onOpen = vi.fn();
    const { rerender } = render(<Preview appearance={mergeAppearance({ agentName: 'Ada' })} mobile open={false} onOpen={onOpen} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open chat with Ada' }));
    expect(onOpen).toHaveBeenCalledTimes(1);
    rerender(<Preview appearance={mergeAppearance({ agentName: 'Ada' })} mobile open onOpen={onOpen} />);
    expect(screen.getByRole('dialog', { name: 'Ada' }).textContent).toBe('Loading…');
    expect(screen.getByRole('button', { name: 'Close chat' }).getAttribute('aria-expanded')).toBe('true');
  });
});
