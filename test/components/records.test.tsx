/**
 * Advice records as the visitor sees them (journey/records), against a fake of the server's journey API behind
 * `fetch`: consent on the intro page, the paused advice, resuming with a code, and the statement's PDF and acceptance
 * with the partner's link. The saver's own rules (nothing without consent, coalescing, retries) are in
 * test/journey/records-saver.test.ts.
 */
import { screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_KEY, FILE_KEY, keepFile } from '../../journey/records/store';
import { completeAnswers } from '../fixtures/answers';
import { ADVICE_ON, findPage, renderWithApi } from './render-journey';

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('consent on the intro page', () => {
  it('asks once; with the box ticked and a name, the file is created and kept, and the line offers to stop', async () => {
    const { user, api } = renderWithApi('/investment/intro', {
      ...ADVICE_ON,
      'POST /journey/api/advice-files': { status: 201, body: { fileId: 'f1', token: 't1' } },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Keep my answers and advice on our server' }));
    await user.click(screen.getByRole('button', { name: 'Save my choice' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter your name to keep your answers on our server.');
    expect(api.calls).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Ann Lee');
    await user.click(screen.getByRole('button', { name: 'Save my choice' }));
    const stop = await screen.findByRole('button', { name: 'Stop keeping my answers on the server' });
    expect(api.of('POST', '/journey/api/advice-files')[0]!.body).toMatchObject({ consent: true, name: 'Ann Lee' });
    expect(JSON.parse(localStorage.getItem(FILE_KEY)!)).toEqual({ fileId: 'f1', token: 't1', name: 'Ann Lee' });
    await user.click(stop);
    expect(localStorage.getItem(FILE_KEY)).toBeNull();
    expect(localStorage.getItem(CONSENT_KEY)).toBe('no');
  });

  it('without the box ticked, nothing reaches the server and the answers stay on the device', async () => {
    const { user, api } = renderWithApi('/investment/intro', ADVICE_ON);
    await user.click(await screen.findByRole('button', { name: 'Save my choice' }));
    expect(await screen.findByText('Your answers stay on this device only.', { exact: false })).toBeTruthy();
    expect(api.calls).toEqual([]);
  });
});

describe('advice with a file kept', () => {
  it('sends the answers the page advises on before asking the advice: a client who consented and came straight there has changed nothing', async () => {
    keepFile(localStorage, { fileId: 'f1', token: 't1', name: 'Ann' });
    const answers = completeAnswers();
    const { api } = renderWithApi(
      '/questionnaire/recommendation',
      {
        ...ADVICE_ON,
        'POST /journey/api/advice-files/f1/answers': { status: 201, body: { seq: 2 } },
        'POST /journey/api/advice-files/f1/advice': {
          status: 200,
          body: { seq: 3, status: 'recommended', engineVersion: '1', assumptionsVersion: '1' },
        },
      },
      answers,
    );
    await waitFor(() => expect(api.of('POST', '/journey/api/advice-files/f1/advice')).toHaveLength(1), { timeout: 10_000 });
    expect(api.calls.map((c) => `${c.method} ${c.path}`).filter((c) => c.startsWith('POST'))).toEqual([
      'POST /journey/api/advice-files/f1/answers',
      'POST /journey/api/advice-files/f1/advice',
    ]);
    // the screen to resume at is left to the saver: left out, the server keeps the last one
    expect(api.of('POST', '/journey/api/advice-files/f1/answers')[0]!.body).toEqual({ answers });
  });
});

describe('the kill switch', () => {
  it('shows that advice is paused, with the human advisers, instead of the recommendation', async () => {
    renderWithApi(
      '/questionnaire/recommendation',
      { 'GET /journey/api/advice-status': { status: 200, body: { paused: true, mail: false } } },
      completeAnswers(),
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Advice is paused' })).toBeTruthy();
    expect(screen.getByText(/Call 1300 975 707/)).toBeTruthy();
  });

  it('offers no way on from a paused page, only Back: the pages after it are paused too', async () => {
    const { user } = renderWithApi(
      '/questionnaire/recommendation',
      { 'GET /journey/api/advice-status': { status: 200, body: { paused: true, mail: false } } },
      completeAnswers(),
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Advice is paused' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept and continue' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await findPage('Your needs analysis');
  });

  it('open: the recommendation offers Accept and continue once the status is known, and the products page Continue', async () => {
    const { user } = renderWithApi('/questionnaire/recommendation', ADVICE_ON, completeAnswers());
    await user.click(await screen.findByRole('button', { name: 'Accept and continue' }, { timeout: 10_000 }));
    await findPage('Your recommended product');
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeTruthy();
  });
});

describe('resume', () => {
  it('takes the code from the link, loads the answers into the journey and goes to where they left off', async () => {
    history.replaceState(null, '', '/resume#ABCD-2345');
    const answers = completeAnswers();
    const { user, saved, api } = renderWithApi('/resume', {
      'POST /journey/api/resume': { status: 200, body: { fileId: 'f2', token: 't2', name: 'Ann', answers, resumeAt: 'income' } },
    });
    const code = await screen.findByRole('textbox', { name: 'Your code' });
    expect((code as HTMLInputElement).value).toBe('ABCD-2345');
    // the code leaves the address
    expect(location.hash).toBe('');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await findPage(/income/i);
    expect(api.of('POST', '/journey/api/resume')[0]!.body).toEqual({ code: 'ABCD-2345' });
    expect(saved()).toEqual(answers);
    expect(JSON.parse(localStorage.getItem(FILE_KEY)!)).toMatchObject({ fileId: 'f2', token: 't2' });
  });

  it('says when a code does not work, and when to try again after too many tries', async () => {
    let n = 0;
    const { user } = renderWithApi('/resume', {
      'POST /journey/api/resume': () =>
        n++ === 0
          ? { status: 404, body: { error: 'RESUME_INVALID' } }
          : { status: 429, body: { error: 'THROTTLED' }, headers: { 'Retry-After': '600' } },
    });
    await user.type(await screen.findByRole('textbox', { name: 'Your code' }), 'WXYZ-0000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/does not work/);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Too many tries. Please try again in 10 minutes.'));
  });
});

describe('the statement', () => {
  it("downloads the PDF named with the date, and a couple's acceptance gives the partner's link", async () => {
    keepFile(localStorage, { fileId: 'f1', token: 't1', name: 'Ann' });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const answers = {
      ...completeAnswers(),
      relationshipStatus: 'couple',
      partner: { name: 'Bo', amount: '50000', frequency: 'annually', hospitalCover: 'yes', children: '0' },
    } as never;
    const { user, api } = renderWithApi(
      '/statement-of-advice',
      {
        ...ADVICE_ON,
        'POST /journey/api/advice-files/f1/answers': { status: 201, body: { seq: 2 } },
        'POST /journey/api/advice-files/f1/advice': { status: 200, body: { seq: 3, status: 'recommended' } },
        'POST /journey/api/advice-files/f1/statement': {
          status: 201,
          body: { statementId: 's1', sha256: 'ab', names: ['Ann', 'Bo'], issuedAt: '2026-11-26T00:00:00Z' },
        },
        'GET /journey/api/advice-files/f1/statements/s1': { status: 200, body: new Uint8Array([37, 80, 68, 70]) },
        'POST /journey/api/advice-files/f1/acceptance': {
          status: 200,
          body: {
            status: 'awaiting-partner',
            partnerLink: { url: `${location.origin}/partner#p1`, expiresAt: '2026-12-26T00:00:00Z', emailed: false },
          },
        },
      },
      answers,
    );
    await user.click(await screen.findByRole('button', { name: 'Download the statement (PDF)' }));
    await waitFor(() => expect(clicked).toEqual([expect.stringMatching(/^statement-of-advice-\d{4}-\d{2}-\d{2}\.pdf$/)]));
    expect(screen.getByText('This advice is for Ann and Bo.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'I accept this advice' }));
    expect(await screen.findByRole('heading', { name: 'You have accepted this advice.' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Pass this link to Bo/ }) as HTMLInputElement).value).toBe(`${location.origin}/partner#p1`);
    expect(screen.getByText('Waiting for Bo to accept.')).toBeTruthy();
    // the statement was issued once for both, and accepted by its id
    expect(api.of('POST', '/journey/api/advice-files/f1/statement')).toHaveLength(1);
    expect(api.of('POST', '/journey/api/advice-files/f1/acceptance')[0]!.body).toEqual({ statementId: 's1' });
  });
});

describe('the advice status', () => {
  it('is asked once per page load, however many advice pages mount, and serves Save-later’s mail flag too', async () => {
    const { user, api } = renderWithApi(
      '/questionnaire/recommendation',
      { 'GET /journey/api/advice-status': { status: 200, body: { paused: false, mail: true } } },
      completeAnswers(),
    );
    expect(await screen.findByTestId('proposed-advice', {}, { timeout: 10_000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Accept and continue' }));
    await findPage('Your recommended product');
    await user.click(await screen.findByRole('button', { name: 'Save and continue later' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await findPage('Your investment strategy');
    expect(await screen.findByTestId('proposed-advice')).toBeTruthy();
    expect(api.of('GET', '/journey/api/advice-status')).toHaveLength(1);
  });

  it('a call that answers advice is paused asks the status again, and the page says advice is paused', async () => {
    keepFile(localStorage, { fileId: 'f1', token: 't1', name: 'Ann' });
    const { api } = renderWithApi(
      '/questionnaire/recommendation',
      {
        'GET /journey/api/advice-status': { status: 200, body: { paused: false, mail: false } },
        'POST /journey/api/advice-files/f1/answers': { status: 201, body: { seq: 2 } },
        'POST /journey/api/advice-files/f1/advice': { status: 503, body: { error: 'ADVICE_PAUSED' } },
      },
      completeAnswers(),
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Advice is paused' }, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(api.of('GET', '/journey/api/advice-status')).toHaveLength(2));
  });
});
