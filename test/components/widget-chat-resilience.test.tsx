/**
 * The Chat tab on a bad network (issue 13), in happy-dom through the harness (the real
 * chat and network machines, fake calls): Stop, a question waiting for the network (its
 * status line, Cancel, sent when the network machine says the server is back), failed
 * questions that keep their Try again, and a history that could not load.
 */
import { screen, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/client';
import { WAITING_TEXT } from '../../src/messages';
import { flush, input, message, renderChatTab, renderWindow, reply } from './widget-harness';

vi.mock('../../src/markdown/markdown-chunk', () => ({ Markdown: ({ text }: { text: string }) => <p data-testid="md">{text}</p> }));

const log = () => screen.getByRole('log', { name: 'Conversation' });
const items = () => within(log()).queryAllByRole('listitem');
const question = (text: string) => items().find((li) => li.getAttribute('data-role') === 'user' && li.textContent?.includes(text))!;
const typing = () => screen.queryByRole('status', { name: /is typing$/ });
/** The polite status line that says a question waits for the network. */
const waiting = () => screen.queryAllByRole('status').find((s) => s.textContent === WAITING_TEXT) ?? null;
const offline = () => new ApiError('NETWORK', 'Failed to get AI response');

describe('Stop', () => {
  it('cancels the answer on its way: the question stays, stopped, with its Try again; the focus is back in the composer', async () => {
    const { user, fakes, chat } = await renderChatTab();
    await user.type(input(), 'A slow question{Enter}');
    const stop = screen.getByRole('button', { name: 'Stop' });
    expect(typing()).not.toBeNull();
    await user.click(stop);

    expect(chat.getSnapshot().matches('ready')).toBe(true);
    expect(typing()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    const q = question('A slow question');
    expect(q.getAttribute('data-status')).toBe('stopped');
    expect(within(q).getByText('Stopped')).toBeTruthy();
    expect(document.activeElement).toBe(input());

    await user.click(within(q).getByRole('button', { name: 'Try again' }));
    expect(fakes.send.calls.map((c) => c.input.text)).toEqual(['A slow question', 'A slow question']);
    expect(document.activeElement).toBe(input());
    await fakes.send.last().resolve(reply('A slow question', 'Here you are'));
    expect((await within(log()).findByTestId('md')).textContent).toBe('Here you are');
    expect(items().map((li) => li.getAttribute('data-status'))).toEqual([null, null]);
  });
});

describe('waiting for the network', () => {
  it('keeps a question that got no answer, says so politely, and sends it once when the server answers again', async () => {
    const { user, fakes, network } = await renderChatTab();
    await user.type(input(), 'Are you there?{Enter}');
    await fakes.send.last().reject(offline());

    expect(waiting()).not.toBeNull();
    const q = question('Are you there?');
    expect(q.getAttribute('data-status')).toBe('queued');
    expect(within(q).getByText('Waiting to send')).toBeTruthy();
    expect(within(q).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    // not an error: no error message, no Try again
    expect(items().some((li) => li.hasAttribute('data-error'))).toBe(false);

    // the visitor goes on typing; the composer's draft is theirs
    await user.type(input(), 'draft');
    // a call elsewhere got no answer, then one did: the network machine emits network.back
    network.send({ type: 'NETWORK.LOST' });
    network.send({ type: 'NETWORK.BACK' });
    await flush();
    expect(fakes.send.calls.map((c) => c.input.text)).toEqual(['Are you there?', 'Are you there?']);
    expect(waiting()).toBeNull();
    await fakes.send.last().resolve(reply('Are you there?', 'Yes'));
    expect((await within(log()).findByTestId('md')).textContent).toBe('Yes');
    expect(input().value).toBe('draft');
    expect(fakes.send.calls).toHaveLength(2);
  });

  it('the waiting question can be cancelled: it stays, stopped, with its Try again, and is not sent', async () => {
    const { user, fakes, network } = await renderChatTab();
    await user.type(input(), 'Never mind{Enter}');
    await fakes.send.last().reject(offline());
    await user.click(within(question('Never mind')).getByRole('button', { name: 'Cancel' }));

    const q = question('Never mind');
    expect(q.getAttribute('data-status')).toBe('stopped');
    expect(within(q).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(waiting()).toBeNull();
    network.send({ type: 'NETWORK.LOST' });
    network.send({ type: 'NETWORK.BACK' });
    await flush();
    expect(fakes.send.calls).toHaveLength(1);
  });
});

describe('failed questions', () => {
  it('keep their own Try again after later messages; each sends its question once', async () => {
    const { user, fakes } = await renderChatTab();
    await user.type(input(), 'First{Enter}');
    await fakes.send.last().reject(new ApiError('FAILED', 'Failed to get AI response'));
    await user.clear(input());
    await user.type(input(), 'Second{Enter}');
    await fakes.send.last().resolve(reply('Second', 'Answer two'));

    // the failed question and its error are still there, before the later exchange
    expect(items().map((li) => [li.getAttribute('data-role'), li.textContent?.includes('First') || li.hasAttribute('data-error')])).toEqual(
      [
        ['user', true],
        ['ai', true],
        ['user', false],
        ['ai', false],
      ],
    );
    const error = items().find((li) => li.hasAttribute('data-error'))!;
    expect(within(error).getByText('Failed to get AI response')).toBeTruthy();
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(fakes.send.calls.map((c) => c.input.text)).toEqual(['First', 'Second', 'First']);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await fakes.send.last().resolve(reply('First', 'Answer one'));
    expect(items().map((li) => li.textContent?.replace(/^.*said:/, ''))).toEqual(['Second', 'Answer two', 'First', 'Answer one']);
  });
});

describe('history', () => {
  it("could not load: says 'Failed to load chat history' with Retry, never the empty prompt; Retry loads it", async () => {
    const { user, fakes } = renderWindow({ tab: 'chat', history: 'manual', chatSessionId: 's1', appearance: { agentName: 'Ada' } });
    await fakes.loadHistory.last().reject(new ApiError('NETWORK', 'Failed to load chat history'));
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Failed to load chat history');
    expect(screen.queryByText(/Ask Ada anything about this page\./)).toBeNull();

    await user.click(within(status).getByRole('button', { name: 'Retry' }));
    expect(fakes.loadHistory.calls).toHaveLength(2);
    expect(fakes.loadHistory.last().input).toEqual({ chatSessionId: 's1' });
    await fakes.loadHistory.last().resolve({ messages: [message('user', 'Earlier'), message('ai', 'Before')], chatSessionId: 's1' });
    expect(screen.queryByText('Failed to load chat history')).toBeNull();
    expect(within(log()).getByText('Earlier')).toBeTruthy();
  });

  it('loads again by itself when the server answers again', async () => {
    const { fakes, network } = renderWindow({ tab: 'chat', history: 'manual' });
    await fakes.loadHistory.last().reject(new ApiError('NETWORK', 'Failed to load chat history'));
    network.send({ type: 'NETWORK.LOST' });
    network.send({ type: 'NETWORK.BACK' });
    await flush();
    expect(fakes.loadHistory.calls).toHaveLength(2);
  });
});
