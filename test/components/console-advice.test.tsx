/**
 * The Advice tab in happy-dom (console/screens/advice.tsx, console/advice/*), on the real client with a fake fetch
 * (console-fake-api-advice.ts): the list with its filters, search and paging, the roles that see it, the change log,
 * the owner's settings (the kill switch asks first; the numbers' ranges), and failures with Try again.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { invalidSettings, settingValue, shortensRetention } from '../../console/advice/settings';
import { FILES, summary } from './console-advice-data';
import { fakeAdvice } from './console-fake-api-advice';
import { renderConsole, SESSION } from './console-harness';

const as = (role: 'owner' | 'adviser' | 'editor' | 'viewer') => ({
  session: vi.fn(async () => ({ ...SESSION, sites: [{ id: 's1', name: 'Shop', role }] })),
});

/** The address bar the list reads its filters from (the router's own is the harness's, in memory). */
const at = (path: string) => {
  history.replaceState(null, '', path);
  return path.split('?')[0]!;
};

afterEach(() => {
  history.replaceState(null, '', '/');
});

const rows = () =>
  within(screen.getByRole('region', { name: 'Advice files' }))
    .getAllByRole('row')
    .slice(1);

describe('the list', () => {
  it('shows each file: client and partner, email, status, updated, the review marks; newest first', async () => {
    const advice = fakeAdvice();
    renderConsole('/console/sites/s1/advice', advice.api());
    // the first test loads the screen's chunk: a slow machine may take longer than the default wait
    expect(await screen.findByRole('heading', { level: 1, name: 'Advice' }, { timeout: 5000 })).toBeTruthy();
    await screen.findByRole('link', { name: 'Alex Chen' });
    expect(rows().map((r) => within(r).getByRole('link').textContent)).toEqual(['Alex Chen', 'Jo Bloggs', 'Pat Lee']);
    const first = rows()[0]!;
    expect(first.textContent).toContain('with Sam Chen');
    expect(first.textContent).toContain('alex@example.com');
    expect(first.textContent).toContain('Awaiting partner');
    expect(first.textContent).toContain('In the review queue');
    expect(first.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-25T10:00:00Z');
    expect(rows()[1]!.textContent).toContain('Refused');
    expect(rows()[1]!.textContent).toContain('Not reviewed');
    expect(rows()[2]!.textContent).toContain('Reviewed: satisfactory');
    expect(screen.getByRole('link', { name: 'Alex Chen' }).getAttribute('href')).toBe('/console/sites/s1/advice/f3');
    expect(screen.getByText('That is the oldest file.')).toBeTruthy();
    expect(advice.callsTo('advice-files')[0]!.query.toString()).toBe('');
  });

  it('the status, the review queue and the search go to the list’s query; Clear reads everything again', async () => {
    const advice = fakeAdvice();
    renderConsole('/console/sites/s1/advice', advice.api());
    await screen.findByRole('link', { name: 'Alex Chen' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'refused');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Alex Chen' })).toBeNull());
    await screen.findByRole('link', { name: 'Jo Bloggs' });
    expect(advice.calls.at(-1)!.query.get('status')).toBe('refused');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), '');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Only files in the review queue' }));
    fireEvent.input(screen.getByRole('searchbox', { name: 'Client name or email' }), { target: { value: '  ALEX@ ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByRole('link', { name: 'Alex Chen' });
    const query = advice.calls.at(-1)!.query;
    expect([...query.entries()]).toEqual([
      ['queue', 'review'],
      ['q', 'ALEX@'],
    ]);
    expect(rows()).toHaveLength(1);

    fireEvent.input(screen.getByRole('searchbox', { name: 'Client name or email' }), { target: { value: 'nobody' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('No advice file matches these filters.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await screen.findByRole('link', { name: 'Pat Lee' });
    expect(advice.calls.at(-1)!.query.toString()).toBe('');
    expect((screen.getByRole('searchbox', { name: 'Client name or email' }) as HTMLInputElement).value).toBe('');
  });

  it('starts from the address’s filters and writes the applied ones there, so that Back from a file finds the same list', async () => {
    const advice = fakeAdvice();
    renderConsole(at('/console/sites/s1/advice?status=refused&queue=nope&q=jo'), advice.api());
    await screen.findByRole('link', { name: 'Jo Bloggs' });
    expect(advice.calls[0]!.query.toString()).toBe('status=refused&q=jo');
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('refused');
    expect((screen.getByRole('searchbox', { name: 'Client name or email' }) as HTMLInputElement).value).toBe('jo');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Only files in the review queue' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('No advice file matches these filters.');
    expect(location.pathname + location.search).toBe('/console/sites/s1/advice?status=refused&queue=review&q=jo');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await screen.findByRole('link', { name: 'Alex Chen' });
    expect(location.search).toBe('');
  });

  it('Load more reads the next page from the cursor, with the same filters, and appends it', async () => {
    const advice = fakeAdvice({ pageSize: 2 });
    renderConsole('/console/sites/s1/advice', advice.api());
    await screen.findByRole('link', { name: 'Alex Chen' });
    expect(rows()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: 'Pat Lee' });
    expect(rows()).toHaveLength(3);
    expect(advice.calls.at(-1)!.query.get('cursor')).toBe('2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says when a site has no advice files yet', async () => {
    renderConsole('/console/sites/s1/advice', fakeAdvice({ files: [] }).api());
    expect(await screen.findByText('No advice files yet.')).toBeTruthy();
  });
});

describe('roles', () => {
  it('an adviser sees the Advice tab and the files, not the settings', async () => {
    const advice = fakeAdvice();
    renderConsole('/console/sites/s1/advice', advice.api(as('adviser')));
    const tab = await screen.findByRole('link', { name: 'Advice' });
    expect(tab.getAttribute('aria-current')).toBe('page');
    expect(tab.getAttribute('href')).toBe('/console/sites/s1/advice');
    await screen.findByRole('link', { name: 'Alex Chen' });
    await screen.findByRole('cell', { name: 'engine-3' });
    expect(screen.queryByRole('heading', { name: 'Advice settings' })).toBeNull();
    expect(advice.callsTo('advice-settings')).toHaveLength(0);
  });

  it.each(['editor', 'viewer'] as const)('an %s sees no Advice tab', async (role) => {
    renderConsole('/console/sites/s1/inbox', fakeAdvice().api(as(role)));
    await screen.findByRole('link', { name: 'Conversations' });
    expect(screen.queryByRole('link', { name: 'Advice' })).toBeNull();
  });

  it('an owner sees the tab, the files and the settings', async () => {
    renderConsole('/console/sites/s1', fakeAdvice().api());
    fireEvent.click(await screen.findByRole('link', { name: 'Advice' }));
    expect(await screen.findByRole('heading', { name: 'Advice settings' })).toBeTruthy();
  });
});

describe('the change log', () => {
  it('shows each pair of versions with when it took effect, when last used and its results, and links the CSV', async () => {
    const advice = fakeAdvice();
    renderConsole('/console/sites/s1/advice', advice.api());
    const log = await screen.findByRole('region', { name: 'Change log' });
    const cells = within(log).getAllByRole('row')[1]!.querySelectorAll('td');
    expect(cells[0]!.textContent).toBe('engine-3');
    expect(cells[1]!.textContent).toBe('2026-07');
    expect(cells[2]!.querySelector('time')?.getAttribute('datetime')).toBe('2026-07-01T00:00:00Z');
    expect(cells[3]!.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-25T09:10:00Z');
    expect(cells[4]!.textContent).toBe('42');
    expect(screen.getByRole('link', { name: 'Export the change log as CSV' }).getAttribute('href')).toBe(
      '/console/api/sites/s1/advice-versions?format=csv',
    );
  });
});

describe('the settings (owners)', () => {
  it('Pause asks first, saying what visitors will see; Cancel changes nothing, Pause sends paused: true', async () => {
    const advice = fakeAdvice();
    renderConsole('/console/sites/s1/advice', advice.api());
    fireEvent.click(await screen.findByRole('button', { name: 'Pause new recommendations' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause new recommendations?' });
    expect(dialog.textContent).toContain('see that advice is paused');
    expect(dialog.textContent).toContain('human advisers');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(advice.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Pause new recommendations' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pause' }));
    await screen.findByText(/New recommendations are paused/);
    const put = advice.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('sites/s1/advice-settings');
    expect(put.body).toEqual({ paused: true, samplePercent: 10, retentionYears: 7 });
    expect(put.headers['X-CSRF-Token']).toBe('csrf');
    // resuming is not asked about
    fireEvent.click(screen.getByRole('button', { name: 'Resume recommendations' }));
    await screen.findByText('New recommendations are on.');
    expect(advice.settings().paused).toBe(false);
  });

  it('the sample is a whole percent from 0 to 100 and the retention whole years from 1 to 100; nothing is sent otherwise', async () => {
    const advice = fakeAdvice();
    renderConsole('/console/sites/s1/advice', advice.api());
    const sample = await screen.findByRole('spinbutton', { name: 'Review sample (percent)' });
    const years = screen.getByRole('spinbutton', { name: 'Keep advice files for (years)' });
    fireEvent.input(sample, { target: { value: '101' } });
    fireEvent.input(years, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a whole number from 0 to 100.')).toBeTruthy();
    expect(screen.getByText('Enter a whole number from 1 to 100.')).toBeTruthy();
    expect(sample.getAttribute('aria-invalid')).toBe('true');
    expect(advice.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.input(sample, { target: { value: '0' } });
    fireEvent.input(years, { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved.');
    expect(advice.calls.find((c) => c.method === 'PUT')!.body).toEqual({ paused: false, samplePercent: 0, retentionYears: 100 });
  });

  it('a shorter retention asks first, as older files will be deleted', async () => {
    const advice = fakeAdvice();
    renderConsole('/console/sites/s1/advice', advice.api());
    fireEvent.input(await screen.findByRole('spinbutton', { name: 'Keep advice files for (years)' }), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Keep advice files for less time?' });
    expect(dialog.textContent).toContain('more than 5 years old will be deleted');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved.');
    expect(advice.settings().retentionYears).toBe(5);
  });

  it('the rules, written once', () => {
    expect(settingValue('samplePercent', '10')).toBe(10);
    expect(settingValue('samplePercent', '0')).toBe(0);
    expect(settingValue('samplePercent', '10.5')).toBeNull();
    expect(settingValue('samplePercent', '-1')).toBeNull();
    expect(settingValue('retentionYears', '0')).toBeNull();
    expect(settingValue('retentionYears', '100')).toBe(100);
    expect(settingValue('retentionYears', '')).toBeNull();
    expect(invalidSettings({ samplePercent: '100', retentionYears: '101' })).toEqual(['retentionYears']);
    const s = { paused: false, samplePercent: 10, retentionYears: 7 };
    expect(shortensRetention(s, { ...s, retentionYears: 6 })).toBe(true);
    expect(shortensRetention(s, { ...s, retentionYears: 8 })).toBe(false);
  });
});

describe('failures', () => {
  it('a list that fails says so in the console’s words, and Try again reads it', async () => {
    const advice = fakeAdvice();
    advice.fail('GET advice-files', 'NETWORK');
    renderConsole('/console/sites/s1/advice', advice.api());
    expect(await screen.findByText('The server could not be reached. Check your connection and try again.')).toBeTruthy();
    advice.heal();
    fireEvent.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
    await screen.findByRole('link', { name: 'Alex Chen' });
  });

  it('a change log, settings or save that fails shows the server’s error, with Try again for a read', async () => {
    const advice = fakeAdvice();
    advice.fail('GET advice-versions');
    advice.fail('GET advice-settings');
    renderConsole('/console/sites/s1/advice', advice.api());
    await waitFor(() => expect(screen.getAllByText('Something went wrong on the server. Please try again.')).toHaveLength(2));
    advice.heal();
    for (const b of screen.getAllByRole('button', { name: 'Try again' })) fireEvent.click(b);
    await screen.findByRole('button', { name: 'Pause new recommendations' });
    await screen.findByRole('cell', { name: 'engine-3' });
    advice.fail('PUT advice-settings');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong on the server. Please try again.');
  });

  it('a list page with a file of a status this client does not know is an unexpected answer, not a half-read row', async () => {
    const advice = fakeAdvice({ files: [summary({ id: 'f9', clientName: 'X', status: 'archived' as never }), ...FILES] });
    renderConsole('/console/sites/s1/advice', advice.api());
    expect(await screen.findByText('The server answered something unexpected. Please try again.')).toBeTruthy();
  });
});
