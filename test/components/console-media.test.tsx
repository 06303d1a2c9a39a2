/**
 * The console's Videos and Buttons screens in happy-dom (issue 33 §1), on the real machines with a fake API: what an
 * editor sees and does, the contract's checks shown at their fields before any call, and a viewer's read-only view.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderConsole, SESSION } from './console-harness';

afterEach(() => vi.restoreAllMocks());

const SETTINGS = {
  hideVideoHeader: false,
  shareEnabled: true,
  askQuestionEnabled: true,
  embedBrandColor: '#1d4ed8',
  controls: true,
  autoplay: false,
  loop: false,
  mute: false,
};
const VIDEO = {
  id: 'v1',
  name: 'Welcome',
  description: 'Hello',
  transcript: 'Hi there.',
  embedToken: 'vtok',
  settings: SETTINGS,
  snippet: '<div class="video-embedding-slot" data-embed-token="vtok"></div>',
  video: { filename: 'welcome.webm', url: '/files/f1/welcome.webm' },
};
const BUTTONS = [
  { id: 'b1', path: '/pricing', name: 'Prices', buttonType: 'ACTION', actionMessage: 'What does it cost?' },
  { id: 'b2', path: '/pricing', name: 'Docs', buttonType: 'EXTERNAL_LINK', externalUrl: 'https://docs.example/' },
  { id: 'b3', path: '/help/*', name: 'Help', buttonType: 'ACTION', actionMessage: 'Help me' },
];

/** The calls of the media screens (console/media/api.ts, over `request`), answered by method and path. */
function mediaRequest(over: Record<string, (body: unknown) => unknown> = {}) {
  return vi.fn(async (method: string, path: string, _check: unknown, body?: unknown) => {
    const key = `${method} ${path.replace('sites/s1/', '')}`;
    if (over[key]) return over[key](body);
    if (key === 'GET buttons') return BUTTONS;
    if (key === 'GET presence') return [{ id: 'p1', path: '/welcome', videoId: 'v1', videoName: 'Welcome', content: 'Hello!' }];
    if (key === 'GET videos') return [VIDEO];
    if (key === 'POST buttons' || key.startsWith('PUT buttons/')) return { id: 'b9', ...(body as object) };
    if (key === 'POST buttons/reorder') return [];
    if (key === 'POST presence') return { id: 'p2', videoName: 'Welcome', ...(body as object) };
    if (key.startsWith('PATCH videos/')) return { ...VIDEO, ...(body as object) };
    return undefined;
  });
}

const asViewer = () => ({ session: vi.fn(async () => ({ ...SESSION, sites: [{ ...SESSION.sites[0]!, role: 'viewer' as const }] })) });

describe('the Buttons screen', () => {
  it('lists the buttons by path in their order; reorders, edits and removes (after asking)', async () => {
    const request = mediaRequest();
    renderConsole('/console/sites/s1/buttons', fakeApi({ request: request as never }));
    const pricing = await screen.findByRole('region', { name: 'On /pricing' });
    expect(
      within(pricing)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('strong')?.textContent),
    ).toEqual(['Prices', 'Docs']);
    expect(within(pricing).getByText('Opens https://docs.example/')).toBeTruthy();
    // a path with one button has nothing to reorder
    expect(within(screen.getByRole('region', { name: 'On /help/*' })).queryByRole('button', { name: 'Move Help up' })).toBeNull();

    fireEvent.click(within(pricing).getByRole('button', { name: 'Move Prices down' }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith('POST', 'sites/s1/buttons/reorder', expect.anything(), { path: '/pricing', ids: ['b2', 'b1'] }),
    );

    fireEvent.click(within(pricing).getByRole('button', { name: 'Edit Docs' }));
    const form = await screen.findByRole('form', { name: 'Edit “Docs”' });
    fireEvent.input(within(form).getByLabelText('Link'), { target: { value: 'https://docs.example/fees' } });
    fireEvent.submit(form);
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith('PUT', 'sites/s1/buttons/b2', expect.anything(), {
        path: '/pricing',
        name: 'Docs',
        buttonType: 'EXTERNAL_LINK',
        externalUrl: 'https://docs.example/fees',
      }),
    );

    fireEvent.click(within(pricing).getByRole('button', { name: 'Remove Prices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the button “Prices”?' });
    expect(request).not.toHaveBeenCalledWith('DELETE', 'sites/s1/buttons/b1', null);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(request).toHaveBeenCalledWith('DELETE', 'sites/s1/buttons/b1', null));
  });

  it('shows the contract’s problems at their fields before any call, then adds the button', async () => {
    const request = mediaRequest();
    renderConsole('/console/sites/s1/buttons', fakeApi({ request: request as never }));
    const form = await screen.findByRole('form', { name: 'Add an action button' });
    fireEvent.input(within(form).getByLabelText(/^Page path/), { target: { value: 'pricing' } });
    await userEvent.selectOptions(within(form).getByLabelText('When clicked'), 'EXTERNAL_LINK');
    fireEvent.input(await within(form).findByLabelText('Link'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.submit(form);
    await waitFor(() => expect(within(form).getAllByRole('alert')).toHaveLength(3));
    expect(
      within(form)
        .getByLabelText(/^Page path/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(within(form).getByLabelText('Button text').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByLabelText('Link').getAttribute('aria-invalid')).toBe('true');
    expect(request).not.toHaveBeenCalledWith('POST', 'sites/s1/buttons', expect.anything(), expect.anything());

    fireEvent.input(within(form).getByLabelText(/^Page path/), { target: { value: '/pricing' } });
    fireEvent.input(within(form).getByLabelText('Button text'), { target: { value: 'Fees' } });
    fireEvent.input(within(form).getByLabelText('Link'), { target: { value: 'https://shop.example/fees' } });
    await waitFor(() => expect(within(form).queryAllByRole('alert')).toHaveLength(0));
    fireEvent.submit(form);
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith('POST', 'sites/s1/buttons', expect.anything(), {
        path: '/pricing',
        name: 'Fees',
        buttonType: 'EXTERNAL_LINK',
        externalUrl: 'https://shop.example/fees',
      }),
    );
  });

  it('adds a presence video for a path; a viewer sees both lists and no control that changes them', async () => {
    const request = mediaRequest();
    renderConsole('/console/sites/s1/buttons', fakeApi({ request: request as never }));
    const form = await screen.findByRole('form', { name: 'Add presence video' });
    fireEvent.input(within(form).getByLabelText(/^Page path/), { target: { value: '/welcome' } });
    fireEvent.input(within(form).getByLabelText('Words beside it'), { target: { value: 'Hi!' } });
    fireEvent.submit(form);
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith('POST', 'sites/s1/presence', expect.anything(), {
        path: '/welcome',
        videoId: 'v1',
        content: 'Hi!',
      }),
    );

    document.body.innerHTML = '';
    renderConsole('/console/sites/s1/buttons', fakeApi({ request: mediaRequest() as never, ...asViewer() }));
    await screen.findByRole('region', { name: 'On /pricing' });
    await screen.findByText('Hello!');
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Remove|Edit|Move)/ })).toBeNull();
  });
});

describe('the Videos screen', () => {
  it('edits a video’s fields and embed settings, refusing a bad colour at its field; shows its snippet and a preview', async () => {
    const request = mediaRequest();
    renderConsole('/console/sites/s1/videos', fakeApi({ request: request as never }));
    const card = await screen.findByRole('region', { name: 'Welcome' });
    const colour = within(card).getByLabelText('Brand colour (hex)');
    fireEvent.input(colour, { target: { value: '#e11d4' } });
    fireEvent.click(within(card).getByLabelText('Loop'));
    fireEvent.submit(colour.closest('form')!);
    await waitFor(() => expect(colour.getAttribute('aria-invalid')).toBe('true'));
    expect(request).not.toHaveBeenCalledWith('PATCH', expect.anything(), expect.anything(), expect.anything());
    fireEvent.input(colour, { target: { value: '#e11d48' } });
    fireEvent.submit(colour.closest('form')!);
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith('PATCH', 'sites/s1/videos/v1', expect.anything(), {
        name: 'Welcome',
        description: 'Hello',
        transcript: 'Hi there.',
        settings: { ...SETTINGS, embedBrandColor: '#e11d48', loop: true },
      }),
    );

    expect(within(card).getByText(VIDEO.snippet).id).toBe('snippet-v1');
    expect(within(card).getByRole('button', { name: 'Copy' })).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Show the preview' }));
    const frame = within(card).getByTitle('Preview of Welcome on a sample page');
    expect(frame.getAttribute('src')).toBe('/console/preview?site=s1&video=vtok');
  });

  it('refuses a file over its kind’s limit before sending it, and says why nothing was stored', async () => {
    const send = vi.spyOn(XMLHttpRequest.prototype, 'send');
    renderConsole('/console/sites/s1/videos', fakeApi({ request: mediaRequest() as never }));
    const poster = await screen.findByLabelText('Poster image');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await userEvent.upload(poster, big);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This file is too large: it takes PNG, JPEG or WebP, up to 5 MB. Nothing was stored.',
    );
    expect(send).not.toHaveBeenCalled();
  });

  it('adds a video by its name, removes one after asking; a viewer changes nothing', async () => {
    const request = mediaRequest({ 'POST videos': (body) => ({ ...VIDEO, id: 'v2', ...(body as object) }) });
    renderConsole('/console/sites/s1/videos', fakeApi({ request: request as never }));
    const form = await screen.findByRole('form', { name: 'New video' });
    fireEvent.submit(form);
    await waitFor(() => expect(within(form).getByLabelText('Name').getAttribute('aria-invalid')).toBe('true'));
    fireEvent.input(within(form).getByLabelText('Name'), { target: { value: 'Tour' } });
    fireEvent.submit(form);
    await waitFor(() => expect(request).toHaveBeenCalledWith('POST', 'sites/s1/videos', expect.anything(), { name: 'Tour' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Welcome' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the video “Welcome”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(request).toHaveBeenCalledWith('DELETE', 'sites/s1/videos/v1', null));

    document.body.innerHTML = '';
    renderConsole('/console/sites/s1/videos', fakeApi({ request: mediaRequest() as never, ...asViewer() }));
    const card = await screen.findByRole('region', { name: 'Welcome' });
    expect(screen.queryByRole('form', { name: 'New video' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Save video' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Welcome' })).toBeNull();
    expect((within(card).getByLabelText('Poster image') as HTMLInputElement).disabled).toBe(true);
  });
});
