/**
 * The console's analytics screen in happy-dom (console/screens/analytics.tsx, issue 33 §3) on its real machine,
 * the client's analytics call answered by a fake: the tab for every role, the range asked for and kept in the
 * address, the figures and the chart's data table as the answer says, the chart's names, the refusals.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { today } from '../../console/analytics/effects';
import { addDays } from '../../machines/console-analytics';
import { analyticsRequest, EMPTY_ANALYTICS, FAKE_ANALYTICS } from './console-fake-api-analytics';
import { fakeApi, refusal, renderConsole, SESSION } from './console-harness';

const PATH = '/console/sites/s1/analytics';

/** Opens the screen at `query` with the analytics call answered by `request`. */
function open(query = '', request = analyticsRequest(), role: 'owner' | 'viewer' = 'owner') {
  history.replaceState(null, '', PATH + query);
  const session = { ...SESSION, sites: [{ ...SESSION.sites[0]!, role }] };
  const api = fakeApi({ request, session: vi.fn(async () => session), sites: vi.fn(async () => session.sites) });
  return { ...renderConsole(PATH, api), request };
}

/** The query of the analytics call number `n`. */
const callQuery = (request: ReturnType<typeof analyticsRequest>, n: number) =>
  new URLSearchParams(String(request.mock.calls[n]![1]).split('?')[1]);

/** A table's rows as the text of their cells. */
const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .queryAllByRole(/cell|rowheader/)
        .map((c) => c.textContent),
    );

beforeEach(() => history.replaceState(null, '', '/'));
afterEach(() => vi.restoreAllMocks());

describe('the analytics screen', () => {
  it('is a tab for a viewer too, and asks for the address’s range in the browser’s time zone', async () => {
    const { request } = open('?days=7', analyticsRequest(), 'viewer');
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeTruthy();
    const tab = screen.getByRole('link', { name: 'Analytics' });
    expect(tab.getAttribute('aria-current')).toBe('page');
    expect(tab.getAttribute('href')).toBe(PATH);
    await screen.findByText('41');
    expect(request.mock.calls[0]![0]).toBe('GET');
    expect(String(request.mock.calls[0]![1])).toMatch(/^sites\/s1\/analytics\?/);
    const q = callQuery(request, 0);
    expect(q.get('to')).toBe(today());
    expect(q.get('from')).toBe(addDays(today(), -6));
    expect(q.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(screen.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('shows every figure of the answer; the chart is named and its data table holds each day', async () => {
    open();
    await screen.findByText('41');
    // the range the answer covers, in its time zone
    expect(screen.getByText(/to Nov 26, 2026, days in Europe\/Paris\./)).toBeTruthy();
    const figure = screen.getByRole('figure', { name: /Conversations and messages per day/ });
    const chart = within(figure).getByRole('img');
    expect(chart.getAttribute('aria-label')).toBe(
      'Conversations and messages per day from Nov 20, 2026 to Nov 26, 2026: 41 conversations and 127 messages in all; the busiest day was Nov 24, 2026.',
    );
    const days = within(figure).getByRole('table', { name: 'Conversations and messages per day' });
    expect(rows(days)).toEqual([
      ['Nov 20', '4', '6', '12'],
      ['Nov 21', '7', '11', '22'],
      ['Nov 22', '0', '0', '0'],
      ['Nov 23', '9', '15', '30'],
      ['Nov 24', '12', '20', '39'],
      ['Nov 25', '6', '8', '16'],
      ['Nov 26', '3', '4', '8'],
    ]);
    expect(
      within(days)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Day', 'Conversations', 'Questions', 'Messages']);
    // the unanswered rate with its parts and its definition
    const unanswered = screen.getByRole('heading', { level: 2, name: 'Unanswered questions' }).closest('section')!;
    expect(within(unanswered).getByText('12.5%')).toBeTruthy();
    expect(within(unanswered).getByText('8 of 64 questions')).toBeTruthy();
    expect(rows(within(unanswered).getByRole('table', { name: 'Unanswered questions by reason' }))).toEqual([
      ['Failed (an error, or no answer after a failure)', '2'],
      ['Incomplete (cut off)', '1'],
      ['Nothing found to answer from', '5'],
    ]);
    expect(within(unanswered).getByText(/A question counts as unanswered when its answer failed/)).toBeTruthy();
    expect(rows(screen.getByRole('table', { name: 'Top questions' }))).toEqual([
      ['what are your delivery times', '9'],
      ['can i return shoes bought in the sale', '6'],
      ['do you have size 47', '3'],
    ]);
    expect(screen.getByText('17 clicks in all.')).toBeTruthy();
    expect(rows(screen.getByRole('table', { name: 'Button clicks: By button' }))).toEqual([
      ['Size guide', '11'],
      ['b-old (not a button of this site now)', '6'],
    ]);
    expect(rows(screen.getByRole('table', { name: 'Button clicks: By page' }))).toEqual([
      [FAKE_ANALYTICS.clicks.byPage[0]!.page, '12'],
      ['https://www.harbour-shoes.example/', '5'],
    ]);
    expect(rows(screen.getByRole('table', { name: 'Documents and videos' }))).toEqual([
      ['Returns policy', 'Document', '21', '4', '3'],
      ['How to lace boots', 'Video', '8', '1', '1'],
    ]);
    expect(rows(screen.getByRole('table', { name: 'Answer latency' }))).toEqual([
      ['Time to first word', '420 ms', '1.9 s', '56'],
      ['Time to the whole answer', '2.1 s', '6.4 s', '55'],
    ]);
  });

  it('a range with nothing in it says so, with no rate and no percentile', async () => {
    open(
      '',
      analyticsRequest(async () => EMPTY_ANALYTICS),
    );
    expect(await screen.findByText('No questions were asked in this range.')).toBeTruthy();
    expect(screen.getByText('No questions in this range.')).toBeTruthy();
    expect(screen.getByText('No button was clicked in this range.')).toBeTruthy();
    expect(screen.getByText('This site has no documents or videos.')).toBeTruthy();
    expect(rows(screen.getByRole('table', { name: 'Answer latency' }))).toEqual([
      ['Time to first word', '—', '—', '0'],
      ['Time to the whole answer', '—', '—', '0'],
    ]);
    expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(/: 0 conversations and 0 messages in all\.$/);
  });

  it('a preset asks for its days and writes them into the address; custom dates likewise', async () => {
    const { request } = open();
    await screen.findByText('41');
    expect(callQuery(request, 0).get('from')).toBe(addDays(today(), -29));
    fireEvent.click(screen.getByRole('button', { name: 'Last 90 days' }));
    await waitFor(() => expect(request).toHaveBeenCalledTimes(2));
    expect(callQuery(request, 1).get('from')).toBe(addDays(today(), -89));
    expect(location.search).toBe('?days=90');
    expect(location.pathname).toBe(PATH);
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe(addDays(today(), -89));
    fireEvent.input(screen.getByLabelText('From'), { target: { value: '2026-10-01' } });
    fireEvent.input(screen.getByLabelText('To'), { target: { value: '2026-10-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(request).toHaveBeenCalledTimes(3));
    expect([callQuery(request, 2).get('from'), callQuery(request, 2).get('to')]).toEqual(['2026-10-01', '2026-10-31']);
    expect(location.search).toBe('?from=2026-10-01&to=2026-10-31');
    for (const days of [7, 30, 90])
      expect(screen.getByRole('button', { name: `Last ${days} days` }).getAttribute('aria-pressed')).toBe('false');
  });

  it('custom dates backwards are refused at the fields, and nothing is asked', async () => {
    const { request } = open();
    await screen.findByText('41');
    fireEvent.input(screen.getByLabelText('From'), { target: { value: '2026-10-31' } });
    fireEvent.input(screen.getByLabelText('To'), { target: { value: '2026-10-01' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Show' }).closest('form')!);
    expect((await screen.findByRole('alert')).textContent).toBe('The end date is before the start date.');
    expect(screen.getByLabelText('From').getAttribute('aria-invalid')).toBe('true');
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('a new range aborts the request still running, and the figures shown stay until the new ones come', async () => {
    // the first answer comes at once; the next ones wait for the test
    const pending: { signal?: AbortSignal; resolve: () => void }[] = [];
    let answered = 0;
    const request = vi.fn(
      (_m: string, path: string, check: (v: unknown) => unknown, _b?: unknown, _s?: boolean, _a?: boolean, signal?: AbortSignal) => {
        if (!path.includes('/analytics')) return Promise.resolve(undefined);
        if (answered++ === 0) return Promise.resolve(check(FAKE_ANALYTICS));
        return new Promise((resolve) => pending.push({ signal, resolve: () => resolve(check(EMPTY_ANALYTICS)) }));
      },
    );
    open('', request as never);
    await screen.findByText('41');
    fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    fireEvent.click(screen.getByRole('button', { name: 'Last 90 days' }));
    await waitFor(() => expect(pending).toHaveLength(2));
    expect(pending[0]!.signal?.aborted).toBe(true);
    expect(pending[1]!.signal?.aborted).toBe(false);
    expect(screen.getByText('41')).toBeTruthy();
    expect(screen.getByText('Loading the new range…')).toBeTruthy();
    pending[1]!.resolve();
    expect(await screen.findByText('No questions were asked in this range.')).toBeTruthy();
  });

  it('a refusal shows with Retry, which asks again', async () => {
    let fail = true;
    const request = analyticsRequest(async () => {
      if (fail) throw refusal('FORBIDDEN');
      return FAKE_ANALYTICS;
    });
    open('', request);
    expect((await screen.findByRole('alert')).textContent).toBe('Your role on this site does not allow this.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('41')).toBeTruthy();
  });
});
