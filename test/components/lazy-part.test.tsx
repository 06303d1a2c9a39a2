/**
 * A part of the chat window loaded on demand (src/chat-window/chat-window.tsx `lazyPart`: the Navigation menu's
 * dropdown, the History and Settings tabs) whose chunk could not load: a tab says so in its place, with Retry,
 * which loads the chunk again; the menu closes instead, and its next opening loads it again.
 */
import { act, render, screen } from '@testing-library/preact';
import { render as renderNow } from 'preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPart } from '../../src/chat-window/chat-window';

/** A chunk whose first load fails (as a blocked or dropped request does) and whose next one works. */
function flakyChunk() {
  const loads = vi.fn();
  const Part = ({ label }: { label: string; dismiss?: () => void }) => <p>{label}</p>;
  const importPart = () => {
    loads();
    return loads.mock.calls.length === 1
      ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
      : Promise.resolve(Part);
  };
  return { loads, importPart };
}

describe('a part whose chunk could not load', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a tab: an alert with Retry in its place; Retry loads the chunk again, and the part shows', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { loads, importPart } = flakyChunk();
    const part = lazyPart(importPart);
    render(<part.Lazy label="History list" />);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'This could not load.');
    expect(loads).toHaveBeenCalledTimes(1);
    expect(console.error).toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('History list')).toBeTruthy();
    expect(loads).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('a Retry that fails again: the alert comes again (announced anew), and Retry stays where the focus is', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const loads = vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const part = lazyPart(loads);
    render(<part.Lazy />);
    const first = await screen.findByRole('alert');
    const retry = screen.getByRole('button', { name: 'Retry' });
    retry.focus();
    await userEvent.click(retry);
    await act(async () => undefined);
    expect(loads).toHaveBeenCalledTimes(2);
    const again = screen.getByRole('alert');
    expect(again).not.toBe(first);
    expect(document.activeElement).toBe(retry);
  });

  it('the menu (given dismiss): it closes rather than stay open and empty; its next opening loads the chunk again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { loads, importPart } = flakyChunk();
    const part = lazyPart(importPart);
    const dismiss = vi.fn();
    const { unmount } = render(<part.Lazy label="Home" dismiss={dismiss} />);
    await vi.waitFor(() => expect(dismiss).toHaveBeenCalledTimes(1));
    unmount();
    // the next opening
    render(<part.Lazy label="Home" dismiss={dismiss} />);
    expect(await screen.findByText('Home')).toBeTruthy();
    expect(loads).toHaveBeenCalledTimes(2);
    expect(dismiss).toHaveBeenCalledTimes(1);
  });
});

describe('a part whose chunk arrives between its first drawing and its effects', () => {
  it('shows as the chunk arrives (a prefetch by the pointer, then the click that opens the menu)', async () => {
    const Part = ({ label }: { label: string; dismiss?: () => void }) => <p>{label}</p>;
    let arrive: (part: typeof Part) => void = () => undefined;
    const part = lazyPart(() => new Promise<typeof Part>((resolve) => (arrive = resolve)));
    // the pointer reaches the Navigation button: its chunk is asked for
    part.prefetch();
    // the click draws the part (nothing yet: its chunk is on the way); its effects wait for the frame
    const host = document.body.appendChild(document.createElement('div'));
    renderNow(<part.Lazy label="Home" />, host);
    expect(host.textContent).toBe('');
    // the chunk arrives before those effects run
    arrive(Part);
    await Promise.resolve();
    expect(await screen.findByText('Home')).toBeTruthy();
    renderNow(null, host);
    host.remove();
  });
});
