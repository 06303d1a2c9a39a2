/**
 * Advice records against a fake of the journey API behind `fetch` (journey/records): "Save and continue later" with
 * and without consent, with and without mail; the partner's page; and answers not of their call's shape, each taken
 * as a failure with the page's failure words (journey/records/api.ts): nothing of them shows or is kept.
 */
import { screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CALL_LIMIT_MS } from '../../journey/records/api';
import { FILE_KEY, keepFile } from '../../journey/records/store';
import { completeAnswers } from '../fixtures/answers';
import { fakeApi } from '../journey/records-fake';
import { findPage, renderJourney } from './render-journey';

const status = (mail: boolean) => ({ 'GET /journey/api/advice-status': { status: 200, body: { paused: false, mail } } });
const link = (over: Record<string, unknown> = {}) => ({
  status: 201,
  body: { code: 'ABCD-2345', url: `${location.origin}/resume#ABCD-2345`, expiresAt: '2026-12-03T00:00:00Z', emailed: false, ...over },
});
const PDF = { status: 200, body: new Uint8Array([37, 80, 68, 70]) };

beforeEach(() => {
  localStorage.clear();
  history.replaceState(null, '', '/');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Opens "Save and continue later" on a question's page. */
async function openSaveLater(api: ReturnType<typeof fakeApi>) {
  vi.stubGlobal('fetch', api.fetch);
  const journey = renderJourney('/questionnaire/date-of-birth');
  await journey.user.click(await screen.findByRole('button', { name: 'Save and continue later' }));
  await screen.findByRole('heading', { level: 2, name: 'Save and continue later' });
  return journey;
}

/** Clicks the download buttons' anchors into a list of file names. */
function downloads() {
  const clicked: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  });
  return clicked;
}

describe('Save and continue later', () => {
  it('with a file and no mail: the link, the code and when it expires; no email field, and nothing said to be sent', async () => {
    keepFile(localStorage, { fileId: 'f1', token: 't1', name: 'Ann' });
    const api = fakeApi({ ...status(false), 'POST /journey/api/advice-files/f1/resume-links': link() });
    const { user } = await openSaveLater(api);
    expect(screen.queryByRole('textbox', { name: 'Email me the link (optional)' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Get my link and code' }));
    const url = (await screen.findByRole('textbox', { name: 'Your link' })) as HTMLInputElement;
    expect(url.value).toBe(`${location.origin}/resume#ABCD-2345`);
    expect(screen.getByText('Or enter this code on the resume page: ABCD-2345')).toBeTruthy();
    expect(screen.getByText(/^It works once, until 3 December 2026\.$/)).toBeTruthy();
    expect(screen.queryByText(/We emailed/)).toBeNull();
    expect(api.of('POST', '/journey/api/advice-files/f1/resume-links')[0]!.body).toEqual({});
  });

  it('with a file and mail: the address goes with the call, and the panel says it was emailed', async () => {
    keepFile(localStorage, { fileId: 'f1', token: 't1', name: 'Ann' });
    const api = fakeApi({ ...status(true), 'POST /journey/api/advice-files/f1/resume-links': link({ emailed: true }) });
    const { user } = await openSaveLater(api);
    await user.type(await screen.findByRole('textbox', { name: 'Email me the link (optional)' }), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Get my link and code' }));
    expect(await screen.findByText('We emailed it to ann@example.com.')).toBeTruthy();
    expect(api.of('POST', '/journey/api/advice-files/f1/resume-links')[0]!.body).toEqual({ email: 'ann@example.com' });
  });

  it('a call that never answers: after the time limit, the failure words, the address kept, and trying again makes the link', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    keepFile(localStorage, { fileId: 'f1', token: 't1', name: 'Ann' });
    let tries = 0;
    const api = fakeApi({
      ...status(true),
      'POST /journey/api/advice-files/f1/resume-links': () => (++tries === 1 ? new Promise<never>(() => undefined) : link()),
    });
    try {
      const { user } = await openSaveLater(api);
      const email = await screen.findByRole('textbox', { name: 'Email me the link (optional)' });
      await user.type(email, 'ann@example.com');
      await user.click(screen.getByRole('button', { name: 'Get my link and code' }));
      await vi.advanceTimersByTimeAsync(CALL_LIMIT_MS);
      expect((await screen.findByRole('alert')).textContent).toBe('We could not make your link. Please try again.');
      expect((email as HTMLInputElement).value).toBe('ann@example.com');
      await user.click(screen.getByRole('button', { name: 'Get my link and code' }));
      expect(await screen.findByRole('textbox', { name: 'Your link' })).toBeTruthy();
      expect(api.of('POST', '/journey/api/advice-files/f1/resume-links').map((c) => c.body)).toEqual([
        { email: 'ann@example.com' },
        { email: 'ann@example.com' },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('without consent: says why, asks for it there, and once given makes the link', async () => {
    const api = fakeApi({
      ...status(false),
      'POST /journey/api/advice-files': { status: 201, body: { fileId: 'f1', token: 't1' } },
      'POST /journey/api/advice-files/f1/answers': { status: 201, body: { seq: 2 } },
      'POST /journey/api/advice-files/f1/resume-links': link(),
    });
    const { user } = await openSaveLater(api);
    expect(screen.getByText(/^To come back on another device, your answers need to be kept on our server\./)).toBeTruthy();
    expect(api.of('POST', '/journey/api/advice-files/f1/resume-links')).toEqual([]);
    await user.click(screen.getByRole('checkbox', { name: 'Keep my answers and advice on our server' }));
    await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Ann Lee');
    await user.click(screen.getByRole('button', { name: 'Save my choice' }));
    await user.click(await screen.findByRole('button', { name: 'Get my link and code' }));
    expect(await screen.findByText('Or enter this code on the resume page: ABCD-2345')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(FILE_KEY)!)).toMatchObject({ fileId: 'f1', name: 'Ann Lee' });
    // the words agreed to are named by their catalogue version and language (the server keeps 200 characters)
    expect(api.of('POST', '/journey/api/advice-files')[0]!.body).toMatchObject({
      wording: expect.stringMatching(/^consent-\d{4}-\d\d \S+$/),
    });
  });

  it('without consent, refused there: the panel closes and nothing reaches the server', async () => {
    const api = fakeApi(status(false));
    const { user } = await openSaveLater(api);
    await user.click(screen.getByRole('button', { name: 'Save my choice' }));
    expect(await screen.findByRole('button', { name: 'Save and continue later' })).toBeTruthy();
    expect(api.calls.filter((c) => c.path !== '/journey/api/advice-status')).toEqual([]);
  });
});

describe('the partner’s page', () => {
  const partner = (over: Record<string, unknown> = {}) => ({
    status: 200,
    body: { statementId: 's1', sha256: 'ab', names: ['Ann', 'Bo'], issuedAt: '2026-11-26T00:00:00Z', status: 'awaiting-partner', ...over },
  });

  it('takes the token off the address, names both, downloads the PDF and accepts', async () => {
    history.replaceState(null, '', '/partner#tok1');
    const api = fakeApi({
      'POST /journey/api/partner': partner(),
      'POST /journey/api/partner/statement': PDF,
      'POST /journey/api/partner/acceptance': { status: 200, body: { status: 'accepted', partnerLink: null } },
    });
    vi.stubGlobal('fetch', api.fetch);
    const clicked = downloads();
    const { user } = renderJourney('/partner');
    await findPage('Accept your joint advice');
    expect(await screen.findByText('This advice is for Ann and Bo.')).toBeTruthy();
    expect(location.hash).toBe('');
    await user.click(screen.getByRole('button', { name: 'Download the statement (PDF)' }));
    await waitFor(() => expect(clicked).toEqual([expect.stringMatching(/^statement-of-advice-\d{4}-\d{2}-\d{2}\.pdf$/)]));
    await user.click(screen.getByRole('button', { name: 'I accept this advice' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Thank you. You have accepted this advice.' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'I accept this advice' })).toBeNull();
    for (const path of ['/journey/api/partner', '/journey/api/partner/statement', '/journey/api/partner/acceptance'])
      expect(api.of('POST', path)[0]!.body).toEqual({ token: 'tok1' });
  });

  it('a failure then a success: the error goes when the next try starts, and the thanks show alone', async () => {
    history.replaceState(null, '', '/partner#tok1');
    let accepts = 0;
    let pdfs = 0;
    const api = fakeApi({
      'POST /journey/api/partner': partner(),
      'POST /journey/api/partner/statement': () => (++pdfs === 1 ? 'offline' : PDF),
      'POST /journey/api/partner/acceptance': () =>
        ++accepts === 1
          ? { status: 429, body: { error: 'RATE_LIMITED' }, headers: { 'Retry-After': '1' } }
          : { status: 200, body: { status: 'accepted', partnerLink: null } },
    });
    vi.stubGlobal('fetch', api.fetch);
    const clicked = downloads();
    const { user } = renderJourney('/partner');
    await screen.findByText('This advice is for Ann and Bo.');
    await user.click(screen.getByRole('button', { name: 'Download the statement (PDF)' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong. Please try again.');
    await user.click(screen.getByRole('button', { name: 'Download the statement (PDF)' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'I accept this advice' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong. Please try again.');
    await user.click(screen.getByRole('button', { name: 'I accept this advice' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Thank you. You have accepted this advice.' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Something went wrong. Please try again.')).toBeNull();
  });

  it('already accepted: thanks, and no Accept', async () => {
    history.replaceState(null, '', '/partner#tok1');
    vi.stubGlobal('fetch', fakeApi({ 'POST /journey/api/partner': partner({ status: 'accepted' }) }).fetch);
    renderJourney('/partner');
    expect(await screen.findByRole('heading', { level: 2, name: 'Thank you. You have accepted this advice.' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'I accept this advice' })).toBeNull();
  });

  it('says when the link does not work, and when there is none', async () => {
    history.replaceState(null, '', '/partner#used');
    vi.stubGlobal('fetch', fakeApi({ 'POST /journey/api/partner': { status: 404, body: { error: 'LINK_INVALID' } } }).fetch);
    const { unmount } = renderJourney('/partner');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This link does not work. It may be used already or expired. Ask your partner for a new one.',
    );
    unmount();
    history.replaceState(null, '', '/partner');
    renderJourney('/partner');
    expect(await screen.findByText('This page needs the link you were sent.')).toBeTruthy();
  });
});

describe('answers not of their call’s shape are failures', () => {
  it.each([
    ['another site’s link', { url: 'https://evil.example/resume#ABCD-2345' }],
    ['a script link', { url: 'javascript:alert(1)' }],
    ['a link that is no URL', { url: '/resume#ABCD-2345' }],
    ['a code of another form', { code: 'abcd2345' }],
    ['a code with I, L, O or U', { code: 'ABCI-2345' }],
    ['an expiry that is no date', { expiresAt: 'soon' }],
    ['no emailed flag', { emailed: 'yes' }],
  ])('Save and continue later: %s says it could not make the link, and shows none', async (_, over) => {
    keepFile(localStorage, { fileId: 'f1', token: 't1', name: 'Ann' });
    const api = fakeApi({ ...status(false), 'POST /journey/api/advice-files/f1/resume-links': link(over) });
    const { user } = await openSaveLater(api);
    await user.click(screen.getByRole('button', { name: 'Get my link and code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('We could not make your link. Please try again.');
    expect(screen.queryByRole('textbox', { name: 'Your link' })).toBeNull();
    expect(screen.queryByText(/Or enter this code/)).toBeNull();
  });

  it.each([
    ['no token', { token: undefined }],
    ['a name that is no text', { name: 7 }],
    ['a screen that is no text', { resumeAt: 3 }],
    ['no JSON at all', 'html'],
  ])('resume: %s says it could not reach the server, and keeps nothing', async (_, over) => {
    const body = { fileId: 'f2', token: 't2', name: 'Ann', answers: completeAnswers(), resumeAt: 'income' };
    const api = fakeApi({
      'POST /journey/api/resume': { status: 200, body: over === 'html' ? '<html>' : { ...body, ...(over as object) } },
    });
    vi.stubGlobal('fetch', over === 'html' ? async () => new Response('<html>', { status: 200 }) : api.fetch);
    const { user, saved } = renderJourney('/resume');
    await user.type(await screen.findByRole('textbox', { name: 'Your code' }), 'ABCD-2345');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('We could not reach our server. Please try again.');
    expect(localStorage.getItem(FILE_KEY)).toBeNull();
    expect(saved()).toBeNull();
  });

  it('the statement: an acceptance whose partner link is another site’s shows no link and says it went wrong', async () => {
    keepFile(localStorage, { fileId: 'f1', token: 't1', name: 'Ann' });
    const api = fakeApi({
      ...status(false),
      'POST /journey/api/advice-files/f1/answers': { status: 201, body: { seq: 2 } },
      'POST /journey/api/advice-files/f1/advice': { status: 200, body: { seq: 3, status: 'recommended' } },
      'POST /journey/api/advice-files/f1/statement': {
        status: 201,
        body: { statementId: 's1', sha256: 'ab', names: ['Ann', 'Bo'], issuedAt: '2026-11-26T00:00:00Z' },
      },
      'POST /journey/api/advice-files/f1/acceptance': {
        status: 200,
        body: {
          status: 'awaiting-partner',
          partnerLink: { url: 'https://evil.example/partner#p1', expiresAt: '2026-12-26T00:00:00Z', emailed: false },
        },
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    const { user } = renderJourney('/statement-of-advice', completeAnswers());
    await user.click(await screen.findByRole('button', { name: 'I accept this advice' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong. Please try again.');
    expect(screen.queryByRole('heading', { name: 'You have accepted this advice.' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /Pass this link/ })).toBeNull();
  });

  it('the statement: names that are no list, and a download that is no PDF, say it went wrong', async () => {
    keepFile(localStorage, { fileId: 'f1', token: 't1', name: 'Ann' });
    let names: unknown = 'Ann';
    const api = fakeApi({
      ...status(false),
      'POST /journey/api/advice-files/f1/answers': { status: 201, body: { seq: 2 } },
      'POST /journey/api/advice-files/f1/advice': { status: 200, body: { seq: 3, status: 'recommended' } },
      'POST /journey/api/advice-files/f1/statement': () => ({
        status: 201,
        body: { statementId: 's1', sha256: 'ab', names, issuedAt: '' },
      }),
      // JSON where the PDF should be
      'GET /journey/api/advice-files/f1/statements/s1': { status: 200, body: { pdf: true } },
    });
    vi.stubGlobal('fetch', api.fetch);
    const clicked = downloads();
    const { user } = renderJourney('/statement-of-advice', completeAnswers());
    const download = await screen.findByRole('button', { name: 'Download the statement (PDF)' });
    await user.click(download);
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong. Please try again.');
    expect(api.of('GET', '/journey/api/advice-files/f1/statements/s1')).toEqual([]);
    names = ['Ann'];
    await user.click(download);
    await waitFor(() => expect(api.of('GET', '/journey/api/advice-files/f1/statements/s1')).toHaveLength(1));
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong. Please try again.');
    expect(clicked).toEqual([]);
  });

  it('the partner’s page: a statement without its names says it went wrong', async () => {
    history.replaceState(null, '', '/partner#tok1');
    vi.stubGlobal('fetch', fakeApi({ 'POST /journey/api/partner': { status: 200, body: { statementId: 's1', status: 'advised' } } }).fetch);
    renderJourney('/partner');
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong. Please try again.');
    expect(screen.queryByRole('button', { name: 'I accept this advice' })).toBeNull();
  });

  it('the advice status: a pause that is no flag is a failure, and the advice shows as when the server is unreachable', async () => {
    vi.stubGlobal('fetch', fakeApi({ 'GET /journey/api/advice-status': { status: 200, body: { paused: 'yes', mail: false } } }).fetch);
    renderJourney('/questionnaire/recommendation', completeAnswers());
    expect(await screen.findByTestId('proposed-advice', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: 'Advice is paused' })).toBeNull();
  });
});
