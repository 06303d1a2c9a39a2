/**
 * 'Email me a transcript' through the server's mail (src/chat-window/transcript-mail.tsx): the Settings tab asks the
 * server once whether it mails transcripts; when it does and there is a chat session, the action shows the address
 * form, whose send reports sent, throttled or failed. Otherwise the action stays the `mailto:` link.
 */
import { act, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MailHttp } from '../../src/chat-window/transcript-mail-check';
import { renderWindow } from './widget-harness';

/** The server's answers: whether it mails, and the send's status (or a network failure). */
function fakeHttp(available: boolean, send: number | 'network' = 200) {
  const posts: Record<string, unknown>[] = [];
  const authed = vi.fn(async (url: string, init: RequestInit = {}) => {
    expect(url).toBe('https://api.test/transcript-mail');
    if (!init.method) return Response.json({ available });
    posts.push(JSON.parse(String(init.body)) as Record<string, unknown>);
    if (send === 'network') throw new TypeError('Failed to fetch');
    return Response.json(send === 200 ? { sent: true } : { error: 'X', message: 'x' }, { status: send });
  });
  return { http: { api: 'https://api.test', authed } as unknown as MailHttp, authed, posts };
}

/** The window with `http` as the conversation's HTTP layer, on the Settings tab; its transcript button. */
async function openSettings(http: MailHttp, chatSessionId: string | null = 'cs_1') {
  const h = renderWindow({ chatSessionId });
  (h.conversation as unknown as { http?: MailHttp }).http = http;
  act(() => h.windowActor.send({ type: 'TAB.SELECT', tab: 'settings' }));
  const settings = await screen.findByRole('region', { name: 'Settings' });
  return { ...h, settings, button: within(settings).getByRole('button', { name: 'Email me a transcript' }) };
}

afterEach(() => vi.restoreAllMocks());

describe('with the server’s mail', () => {
  it('shows the address form, sends the session with the widget’s words, and says where it went', async () => {
    const { http, posts } = fakeHttp(true);
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { user, settings, button } = await openSettings(http);
    await within(settings).findByText('Sends this conversation to the email address you give.');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(assign).not.toHaveBeenCalled();
    await user.type(await within(settings).findByRole('textbox', { name: 'Your email address' }), ' ann@client.example ');
    await user.click(within(settings).getByRole('button', { name: 'Send transcript' }));
    await within(settings).findByText('Transcript sent to ann@client.example');
    expect(posts).toEqual([
      {
        userSessionId: expect.stringMatching(/^[A-Za-z0-9_-]{8,100}$/),
        chatSessionId: 'cs_1',
        email: 'ann@client.example',
        subject: 'Chat transcript: AI Agent',
        you: 'You',
        agent: 'AI Agent',
      },
    ]);
    // the button hides the form again
    await user.click(button);
    expect(within(settings).queryByRole('textbox', { name: 'Your email address' })).toBeNull();
  });

  it.each([
    [429, 'Too many transcripts sent. Please try again later.'],
    [502, 'Failed to send transcript'],
    [400, 'Failed to send transcript'],
    ['network' as const, 'Failed to send transcript'],
  ])('says so when the send answers %s', async (send, text) => {
    const { http } = fakeHttp(true, send);
    const { user, settings, button } = await openSettings(http);
    await within(settings).findByText('Sends this conversation to the email address you give.');
    await user.click(button);
    await user.type(await within(settings).findByRole('textbox', { name: 'Your email address' }), 'ann@client.example');
    await user.click(within(settings).getByRole('button', { name: 'Send transcript' }));
    expect((await within(settings).findByText(text)).getAttribute('role')).toBe('status');
  });
});

describe('the mail program’s link stays', () => {
  it('without the server’s mail', async () => {
    const { http, authed } = fakeHttp(false);
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { user, settings, button } = await openSettings(http);
    await vi.waitFor(() => expect(authed).toHaveBeenCalledTimes(1));
    expect(within(settings).getByText('Opens your email program with this conversation, ready to send to yourself.')).toBeTruthy();
    expect(button.getAttribute('aria-expanded')).toBeNull();
    await user.click(button);
    expect(assign.mock.calls[0]![0]).toMatch(/^mailto:\?subject=/);
  });

  it('before there is a chat session (nothing to mail yet)', async () => {
    const { http, authed } = fakeHttp(true);
    const { settings } = await openSettings(http, null);
    await vi.waitFor(() => expect(authed).toHaveBeenCalledTimes(1));
    expect(within(settings).getByText('Opens your email program with this conversation, ready to send to yourself.')).toBeTruthy();
  });
});
