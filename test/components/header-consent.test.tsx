/**
 * The header's save status and consent to keep advice records (journey/records/saved-status.tsx): on this device
 * only before consent; kept by the licensee too once it is given; on this device only again once it is stopped.
 */
import { screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { completeAnswers } from '../fixtures/answers';
import { ADVICE_ON, renderWithApi } from './render-journey';

const DEVICE = 'Your answers are saved on this device';
const KEPT = 'Saved on this device and kept by Horizon Advice with your consent';
const status = () => screen.getByRole('banner').querySelector('.save-status')!.textContent;

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the save status in the header', () => {
  it('says the licensee keeps the answers once the visitor consents, and no longer once they stop', async () => {
    const { user } = renderWithApi(
      '/investment/intro',
      { ...ADVICE_ON, 'POST /journey/api/advice-files': { status: 201, body: { fileId: 'f1', token: 't1' } } },
      completeAnswers(),
    );
    await user.click(await screen.findByRole('checkbox', { name: 'Keep my answers and advice on our server' }));
    expect(status()).toBe(DEVICE);

    await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Ann Lee');
    await user.click(screen.getByRole('button', { name: 'Save my choice' }));
    const stop = await screen.findByRole('button', { name: 'Stop keeping my answers on the server' });
    expect(status()).toBe(KEPT);

    await user.click(stop);
    expect(status()).toBe(DEVICE);
  });

  it('reads the kept line on a later visit with consent given, and the device line without', async () => {
    localStorage.setItem('investment-journey:consent', 'yes');
    localStorage.setItem('investment-journey:advice-file', JSON.stringify({ fileId: 'f1', token: 't1', name: 'Ann Lee' }));
    renderWithApi('/questionnaire/income', ADVICE_ON, completeAnswers());
    expect(await screen.findByText(KEPT)).toBeTruthy();
  });

  it('says the answers stay on this device without consent', async () => {
    renderWithApi('/questionnaire/income', ADVICE_ON, completeAnswers());
    await screen.findByRole('button', { name: 'Save and continue later' });
    expect(status()).toBe(DEVICE);
  });
});
