/**
 * The timeline of one advice file (console/screens/advice-file.tsx) with the record of a link's message: the link's
 * entry says a message was asked for, and the later `mail` entry what became of it (docs/advice-records.md "Mail of
 * the links"), on the real client with a fake fetch.
 */
import { screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { createApi } from '../../console/api';
import type { AdviceEntry, AdviceFileView } from '../../contract/advice';
import { ENTRIES, FILES } from './console-advice-data';
import { fakeApi, renderConsole, SESSION } from './console-harness';

const client = { kind: 'client' } as const;
const LINKS: AdviceEntry[] = [
  ENTRIES[0]!,
  { seq: 2, at: '2026-11-25T09:06:00Z', by: client, kind: 'resume-link', expiresAt: '2026-12-02T09:06:00Z', emailRequested: true },
  { seq: 3, at: '2026-11-25T09:06:01Z', by: client, kind: 'mail', about: 'resume', linkSeq: 2, outcome: 'sent' },
  {
    seq: 4,
    at: '2026-11-25T09:13:00Z',
    by: client,
    kind: 'partner-link',
    statementId: 'st1',
    expiresAt: '2026-12-25T09:13:00Z',
    emailRequested: true,
  },
  { seq: 5, at: '2026-11-25T09:13:01Z', by: client, kind: 'mail', about: 'partner', linkSeq: 4, outcome: 'failed' },
  { seq: 6, at: '2026-11-25T09:14:00Z', by: client, kind: 'mail', about: 'resume', linkSeq: 2, outcome: 'limited' },
];

function api() {
  const view: AdviceFileView = { file: FILES[0]!, entries: LINKS };
  const fetch = async () => new Response(JSON.stringify(view), { status: 200, headers: { 'Content-Type': 'application/json' } });
  const c = createApi({ fetch: fetch as typeof globalThis.fetch });
  c.withSession(SESSION);
  return fakeApi({ request: c.request });
}

describe('the record of a link’s message', () => {
  it('shows the link as to be emailed, then each message sent, failed or held back by the limits', async () => {
    renderConsole('/console/sites/s1/advice/f3', api());
    await screen.findByRole('heading', { name: 'Timeline' }, { timeout: 5000 });
    const items = [...screen.getByRole('heading', { name: 'Timeline' }).parentElement!.querySelectorAll('ol > li')];
    expect(items.map((li) => li.querySelector('strong')!.textContent)).toEqual([
      'Consent',
      'Resume link issued',
      'Mail',
      'Partner link issued',
      'Mail',
      'Mail',
    ]);
    expect(items.map((li) => li.querySelectorAll('p')[1]?.textContent ?? '')).toEqual([
      'Keep my answers and advice.',
      expect.stringMatching(/· To be emailed$/),
      'The resume link · Sent',
      expect.stringMatching(/· To be emailed$/),
      'The partner link · Not sent: the mail server failed',
      'The resume link · Not sent: over the mail limit',
    ]);
  });
});
