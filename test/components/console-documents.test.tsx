/**
 * The documents screen in happy-dom (console/screens/documents.tsx) with a fake API and a fake XMLHttpRequest: the
 * list with each slot snippet, an upload's progress and its refusals in the server's words, the fields, the footer
 * buttons, and a viewer's read-only view.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleApi } from '../../console/api';
import type { ConsoleDocument } from '../../console/content/documents-api';
import { fakeApi, renderConsole, SESSION } from './console-harness';

const DOC: ConsoleDocument = {
  id: 'd1',
  name: 'Pet cover',
  type: 'docx',
  versionNumber: 2,
  embedToken: 'tok_abc',
  filename: 'pet.docx',
  fileUrl: 'http://h/files/f1/pet.docx',
  hideDocHeader: false,
  hideDocFooter: false,
  hasText: true,
  slot: '<div class="smart-doc-embedding-slot" data-embed-token="tok_abc"></div>',
  footerButtons: [{ id: 'b1', label: 'Ask question', type: 'BUTTON', actionType: 'open_chat_modal' }],
};

/** A fake API whose `request` answers the documents' routes. */
function documentsFake(docs: ConsoleDocument[] = [DOC]) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const request = vi.fn(async (method: string, path: string, _check: unknown, body?: unknown) => {
    calls.push({ method, path, body });
    if (method === 'GET') return docs;
    if (method === 'PATCH') return { ...DOC, ...(body as object) };
    if (method === 'PUT') return (body as { buttons: unknown }).buttons;
    return undefined;
  });
  const api = fakeApi({ request: request as unknown as ConsoleApi['request'] });
  return { api, calls };
}

/** A stand-in XMLHttpRequest: records what is sent; the test reports progress and answers. */
class FakeXhr {
  static last: FakeXhr | undefined;
  headers: Record<string, string> = {};
  url = '';
  body: unknown;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.last = this;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.last = undefined;
});

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);

describe('documents', () => {
  it('lists each document with its version, its slot to copy and its preview', async () => {
    const { api } = documentsFake();
    renderConsole('/console/sites/s1/documents', api);
    const item = await screen.findByRole('article', { name: 'Pet cover' });
    expect(within(item).getByText('Version 2 • DOCX', { exact: false })).toBeTruthy();
    expect(within(item).getByText(DOC.slot)).toBeTruthy();
    expect(within(item).getByRole('button', { name: 'Copy the slot of Pet cover' })).toBeTruthy();
    expect(within(item).getByRole('link', { name: 'Preview Pet cover (opens in a new tab)' }).getAttribute('href')).toBe(
      '/console/preview?site=s1&doc=tok_abc',
    );
    expect(screen.getByRole('link', { name: 'Documents' }).getAttribute('aria-current')).toBe('page');
  });

  it('uploads a picked file with its progress and the CSRF header, then lists it again', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { api, calls } = documentsFake();
    renderConsole('/console/sites/s1/documents', api);
    await screen.findByRole('article', { name: 'Pet cover' });
    const [picker] = screen.getAllByLabelText('Choose a file');
    await userEvent.upload(picker as HTMLInputElement, file('fees.md', 100));
    await waitFor(() => expect(FakeXhr.last).toBeDefined(), { timeout: 5000 });
    const xhr = FakeXhr.last!;
    expect(xhr.url).toBe('/console/api/sites/s1/documents?filename=fees.md');
    expect(xhr.headers).toMatchObject({ 'X-CSRF-Token': SESSION.csrfToken, 'Content-Type': 'application/octet-stream' });
    xhr.progress(40, 100);
    const bar = (await screen.findByRole('progressbar', { name: 'Uploading fees.md' })) as HTMLProgressElement;
    await waitFor(() => expect(bar.value).toBe(0.4));
    expect(screen.getByText('40%')).toBeTruthy();
    xhr.answer(201, { document: { ...DOC, id: 'd2', name: 'fees.md', type: 'md' }, textProblem: null });
    expect((await screen.findByText('fees.md was added.')).getAttribute('role')).toBe('status');
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2));
  });

  it('shows every refusal in the server’s words, and refuses a file over the limit before sending it', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { api } = documentsFake();
    renderConsole('/console/sites/s1/documents', api);
    await screen.findByRole('article', { name: 'Pet cover' });
    const [picker] = screen.getAllByLabelText('Choose a file');
    await userEvent.upload(picker as HTMLInputElement, file('report.pdf'));
    await waitFor(() => expect(FakeXhr.last).toBeDefined(), { timeout: 5000 });
    const message = "The file's content is PNG, which is not a document type accepted here (PDF, Word (.docx), Markdown, text or CSV).";
    FakeXhr.last!.answer(415, { error: 'UNSUPPORTED_MEDIA_TYPE', message, field: 'file', allowed: ['pdf', 'docx'] });
    expect((await screen.findByRole('alert')).textContent).toBe(message);

    FakeXhr.last = undefined;
    const big = file('big.txt');
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    await userEvent.upload(picker as HTMLInputElement, big);
    expect((await screen.findByRole('alert')).textContent).toBe('This file is larger than 20 MB, the most a document may be.');
    expect(FakeXhr.last).toBeUndefined();
  });

  it('saves the fields and the footer buttons, reordered', async () => {
    const { api, calls } = documentsFake();
    renderConsole('/console/sites/s1/documents', api);
    const item = await screen.findByRole('article', { name: 'Pet cover' });
    fireEvent.input(within(item).getByLabelText('Name'), { target: { value: 'Pet cover 2027' } });
    fireEvent.click(within(item).getByLabelText('Hide the header (name and version)'));
    fireEvent.click(within(item).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')).toEqual({
        method: 'PATCH',
        path: 'sites/s1/documents/d1',
        body: { name: 'Pet cover 2027', versionNumber: 2, hideDocHeader: true, hideDocFooter: false },
      }),
    );
    fireEvent.click(within(item).getByRole('button', { name: 'Add a button' }));
    const labels = within(item).getAllByLabelText('Label');
    fireEvent.input(labels[1]!, { target: { value: 'Quote' } });
    fireEvent.input(within(item).getByLabelText('Address (https://…)'), { target: { value: 'https://shop.example/quote' } });
    fireEvent.click(within(item).getByRole('button', { name: 'Move Quote up' }));
    fireEvent.click(within(item).getByRole('button', { name: 'Save buttons' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        buttons: [
          { label: 'Quote', type: 'LINK', url: 'https://shop.example/quote' },
          { id: 'b1', label: 'Ask question', type: 'BUTTON', actionType: 'open_chat_modal' },
        ],
      }),
    );
  });

  // an adviser reads a site as a viewer does: the server refuses its content changes (editors and owners only)
  it.each(['viewer', 'adviser'] as const)('the %s sees the documents and their slots, and nothing to change', async (role) => {
    const { api } = documentsFake();
    api.session = vi.fn(async () => ({ ...SESSION, sites: [{ id: 's1', name: 'Shop', role }] }));
    api.sites = vi.fn(async () => [{ id: 's1', name: 'Shop', role }]);
    renderConsole('/console/sites/s1/documents', api);
    const item = await screen.findByRole('article', { name: 'Pet cover' });
    expect(screen.getByText('Your role on this site lets you see the documents, not change them.')).toBeTruthy();
    expect(screen.queryByLabelText('Choose a file')).toBeNull();
    expect(within(item).queryByText('Edit')).toBeNull();
    expect(within(item).getByText(DOC.slot)).toBeTruthy();
  });
});
