/**
 * The conversations inbox in happy-dom (console/screens/inbox.tsx, console/inbox/*), on the real machines with the
 * fake API's inbox (console-fake-api-inbox.ts): the list as cards, its filters and search in the address, Load more,
 * a transcript with what the visitor saw, the exports' links, and the visitor's data for owners only.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONVERSATIONS, fakeInbox } from './console-fake-api-inbox';
import { fakeApi, renderConsole, SESSION } from './console-harness';

/** The address bar the inbox reads its query from (the router's own is the harness's, in memory). */
const at = (path: string) => {
  history.replaceState(null, '', path);
  return path.split('?')[0]!;
};

afterEach(() => {
  history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

const cards = () => screen.getAllByRole('listitem').filter((li) => li.getAttribute('data-part') === 'conversation');

describe('the list', () => {
  it('shows the conversations newest first as cards: question, page, messages, voice, badges, start', async () => {
    const inbox = fakeInbox();
    renderConsole(at('/console/sites/s1/inbox'), fakeApi({ request: inbox.request }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Conversations' })).toBeTruthy();
    await screen.findByRole('link', { name: 'Can I open an ISA?' });
    expect(cards().map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Can I open an ISA?',
      'How do I transfer my pension?',
      'What are the fees?',
    ]);
    const second = cards()[1]!;
    expect(second.textContent).toContain('/pensions');
    expect(second.textContent).toContain('2 messages');
    expect(second.textContent).toContain('1 question by voice');
    expect(within(second).getByText('Incomplete')).toBeTruthy();
    expect(within(second).getByText('Nothing found')).toBeTruthy();
    expect(within(cards()[2]!).getByText('Failed')).toBeTruthy();
    expect(second.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-25T09:00:00Z');
    expect(screen.getByRole('link', { name: 'Can I open an ISA?' }).getAttribute('href')).toBe('/console/sites/s1/inbox/c3');
    expect(screen.getByText('That is the oldest conversation.')).toBeTruthy();
    expect(inbox.calls[0]!.query.get('limit')).toBe('25');
  });

  it('the tab shows for every role, a viewer’s too', async () => {
    const api = fakeApi({
      request: fakeInbox().request,
      session: vi.fn(async () => ({ ...SESSION, sites: [{ id: 's1', name: 'Shop', role: 'viewer' as const }] })),
    });
    renderConsole(at('/console/sites/s1/inbox'), api);
    const tab = await screen.findByRole('link', { name: 'Conversations' });
    expect(tab.getAttribute('aria-current')).toBe('page');
    expect(tab.getAttribute('href')).toBe('/console/sites/s1/inbox');
  });

  it('Load more reads the next page from the cursor and appends it', async () => {
    const inbox = fakeInbox(CONVERSATIONS, 2);
    renderConsole(at('/console/sites/s1/inbox'), fakeApi({ request: inbox.request }));
    await screen.findByRole('link', { name: 'Can I open an ISA?' });
    expect(cards()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: 'What are the fees?' });
    expect(cards()).toHaveLength(3);
    expect(inbox.calls.at(-1)!.query.get('cursor')).toBe('2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});

describe('filters and search', () => {
  it('starts from the address’s filters, and sends them to the list and to its exports', async () => {
    const inbox = fakeInbox();
    renderConsole(at('/console/sites/s1/inbox?state=failed&path=%2Ffees'), fakeApi({ request: inbox.request }));
    await screen.findByRole('link', { name: 'What are the fees?' });
    expect(cards()).toHaveLength(1);
    expect(inbox.calls[0]!.query.get('state')).toBe('failed');
    expect(inbox.calls[0]!.query.get('path')).toBe('/fees');
    expect((screen.getByRole('checkbox', { name: 'failed' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Page path') as HTMLInputElement).value).toBe('/fees');
    expect(screen.getByRole('link', { name: 'Export the list as CSV' }).getAttribute('href')).toBe(
      '/console/api/sites/s1/conversations/export?format=csv&path=%2Ffees&state=failed',
    );
    expect(screen.getByRole('link', { name: 'Export the list as JSON' }).getAttribute('href')).toBe(
      '/console/api/sites/s1/conversations/export?format=json&path=%2Ffees&state=failed',
    );
  });

  it('a state ticked and applied narrows the list and goes into the address, to share; Clear filters takes every filter off', async () => {
    const inbox = fakeInbox();
    renderConsole(at('/console/sites/s1/inbox'), fakeApi({ request: inbox.request }));
    await screen.findByRole('link', { name: 'Can I open an ISA?' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'found nothing' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(location.search).toBe('?state=nothing-found');
    expect(location.pathname).toBe('/console/sites/s1/inbox');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(location.search).toBe('');
  });

  it('the dates, the path and the states apply together; nothing matching says so', async () => {
    const inbox = fakeInbox();
    renderConsole(at('/console/sites/s1/inbox'), fakeApi({ request: inbox.request }));
    await screen.findByRole('link', { name: 'Can I open an ISA?' });
    fireEvent.input(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.input(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    fireEvent.input(screen.getByLabelText('Page path'), { target: { value: ' /nowhere ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('No conversation matches these filters.')).toBeTruthy();
    const last = inbox.calls.at(-1)!.query;
    expect([last.get('from'), last.get('to'), last.get('path')]).toEqual(['2026-11-01', '2026-11-30', '/nowhere']);
    expect(location.search).toBe('?from=2026-11-01&to=2026-11-30&path=%2Fnowhere');
  });

  it('a search shows each conversation’s matching snippet with the match marked, its text as text', async () => {
    const inbox = fakeInbox();
    renderConsole(at('/console/sites/s1/inbox'), fakeApi({ request: inbox.request }));
    await screen.findByRole('link', { name: 'Can I open an ISA?' });
    fireEvent.input(screen.getByRole('searchbox', { name: 'Search messages' }), { target: { value: 'pension' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(cards()).toHaveLength(1));
    const card = cards()[0]!;
    expect(card.querySelector('mark')?.textContent).toBe('pension');
    expect(card.querySelector('[data-part="snippet"]')?.textContent).toBe('The visitor wrote: How do I transfer my pension? <b>bold</b>');
    expect(card.querySelector('b')).toBeNull();
    expect(inbox.calls.at(-1)!.query.get('q')).toBe('pension');
    expect(location.search).toBe('?q=pension');
  });
});

describe('a transcript', () => {
  it('has its own address, opened from the list', async () => {
    const { root } = renderConsole(at('/console/sites/s1/inbox'), fakeApi({ request: fakeInbox().request }));
    fireEvent.click(await screen.findByRole('link', { name: 'What are the fees?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'What are the fees?' })).toBeTruthy();
    expect(root().system.get('router').getSnapshot().context.route).toEqual({ name: 'conversation', siteId: 's1', conversationId: 'c1' });
    // the inbox's tab stays the current one
    expect(screen.getByRole('link', { name: 'Conversations' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows what the visitor saw: messages, voice, documents in view, buttons offered and clicked, clicks, failures', async () => {
    renderConsole(at('/console/sites/s1/inbox/c1'), fakeApi({ request: fakeInbox().request }));
    await screen.findByRole('heading', { level: 1, name: 'What are the fees?' });
    const messages = document.querySelectorAll('[data-part="message"]');
    expect(messages).toHaveLength(3);
    const [question, answer, failure] = [...messages] as HTMLElement[];
    expect(within(question!).getByText('Visitor')).toBeTruthy();
    expect(within(question!).getByText('Voice')).toBeTruthy();
    expect(question!.textContent).toContain('Asked on /fees');
    expect(question!.textContent).toContain('Asked about: Fee schedule');
    expect(question!.textContent).toContain('In view: Fee schedule (document), Welcome video (video)');
    expect(within(question!).getByText('Book a call').closest('li')?.textContent).toBe('Book a callclicked');
    // the answer's markdown shows as it was stored: as text, never as markup
    expect(answer!.querySelector('[data-part="message-text"]')?.textContent).toBe(
      '**Fees** are 0.45% a year. <img src=x onerror=alert(1)>',
    );
    expect(answer!.querySelector('[data-part="message-text"] *')).toBeNull();
    expect(within(answer!).getByText('Are there exit fees?').closest('li')?.hasAttribute('data-clicked')).toBe(true);
    expect(within(answer!).getByText('How are fees taken?').closest('li')?.hasAttribute('data-clicked')).toBe(false);
    expect(within(answer!).getByText('https://example.com/fees.pdf').tagName).toBe('CODE');
    expect(answer!.textContent).toContain('Sources: Fee schedule');
    expect(within(failure!).getByText('Failed')).toBeTruthy();
    // the click takes its place in time, between the answer and the failure
    const order = [...document.querySelectorAll('[data-part="transcript"] > li')].map((li) => li.getAttribute('data-part'));
    expect(order).toEqual(['message', 'message', 'click', 'message']);
    expect(screen.getByText('Clicked “Are there exit fees?”')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export this conversation as CSV' }).getAttribute('href')).toBe(
      '/console/api/sites/s1/conversations/c1/export?format=csv',
    );
    expect(screen.getByRole('link', { name: 'Export this conversation as JSON' }).getAttribute('href')).toBe(
      '/console/api/sites/s1/conversations/c1/export?format=json',
    );
  });

  it('an unknown conversation reads as not found', async () => {
    renderConsole(at('/console/sites/s1/inbox/nope'), fakeApi({ request: fakeInbox().request }));
    expect((await screen.findByRole('alert')).textContent).toBe('Not found, or not yours to see.');
  });
});

describe('the visitor’s data', () => {
  it('an owner exports it as a file, and deletes it after a confirmation: the list no longer shows it', async () => {
    const inbox = fakeInbox();
    const { commands } = renderConsole(at('/console/sites/s1/inbox/c1'), fakeApi({ request: inbox.request }));
    await screen.findByRole('heading', { level: 1, name: 'What are the fees?' });
    const file = screen.getByRole('link', { name: 'Export visitor data' });
    expect(file.getAttribute('href')).toBe('/console/api/sites/s1/visitors/visitor-aaaa/export');
    expect(file.hasAttribute('download')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Delete visitor data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this visitor’s data?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(inbox.calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Delete visitor data' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByRole('heading', { level: 1, name: 'Conversations' });
    expect(inbox.calls.find((c) => c.method === 'DELETE')?.path).toBe('sites/s1/visitors/visitor-aaaa');
    expect(commands.at(-1)).toEqual({ type: 'PUSH', path: '/console/sites/s1/inbox' });
    await screen.findByRole('link', { name: 'Can I open an ISA?' });
    expect(screen.queryByRole('link', { name: 'What are the fees?' })).toBeNull();
  });

  it('is not offered to an editor or a viewer', async () => {
    for (const role of ['editor', 'viewer'] as const) {
      const api = fakeApi({
        request: fakeInbox().request,
        session: vi.fn(async () => ({ ...SESSION, sites: [{ id: 's1', name: 'Shop', role }] })),
      });
      const view = renderConsole(at('/console/sites/s1/inbox/c1'), api);
      await screen.findByRole('heading', { level: 1, name: 'What are the fees?' });
      expect(screen.queryByRole('button', { name: 'Delete visitor data' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Export visitor data' })).toBeNull();
      expect(screen.getByRole('link', { name: 'Export this conversation as CSV' })).toBeTruthy();
      view.unmount();
    }
  });
});
