/**
 * The Chat tab while an answer streams (issue 16), in happy-dom with the real machines and the
 * send call held by the test: the answer shows after its question as its text arrives (through
 * the markdown renderer), the log is busy until it is whole, the typing indicator goes with the
 * first words and Stop stays; Stop keeps what was written, marked stopped, with Try again; a
 * failure keeps it, marked incomplete, with the error and its Try again.
 */
import { act, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/client';
import { INCOMPLETE_TEXT } from '../../src/messages';
import { input, message, renderChatTab, reply } from './widget-harness';

vi.mock('../../src/markdown/markdown-chunk', () => ({ Markdown: ({ text }: { text: string }) => <p data-testid="md">{text}</p> }));

afterEach(() => vi.restoreAllMocks());

const log = () => screen.getByRole('log', { name: 'Conversation' });
const items = () => within(log()).queryAllByRole('listitem');
const typing = () => screen.queryByRole('status', { name: /is typing$/ });

async function asking(text: string) {
  const h = await renderChatTab({ history: [message('user', 'Hi', { id: 'u0' }), message('ai', 'Hello.', { id: 'a0' })] });
  await h.user.type(input(), text);
  await h.user.keyboard('{Enter}');
  const call = h.fakes.send.last();
  const write = (soFar: string) => act(() => call.input.answer!.send({ type: 'ANSWER.DELTA', id: call.input.id, text: soFar }));
  return { ...h, call, write };
}

describe('an answer that streams', () => {
  it('fills in after its question, through the markdown renderer; the log is busy until the answer is whole', async () => {
    const h = await asking('What are the fees?');
    expect(typing()).not.toBeNull();
    expect(log().getAttribute('aria-busy')).toBeNull();
    await h.write('The advice fee');
    expect(typing()).toBeNull();
    expect(log().getAttribute('aria-busy')).toBe('true');
    const streaming = items()[3]!;
    expect(streaming.getAttribute('data-status')).toBe('streaming');
    expect((await within(streaming).findByTestId('md')).textContent).toBe('The advice fee');
    await h.write('The advice fee is **0.45%** a year.');
    expect(within(items()[3]!).getByTestId('md').textContent).toBe('The advice fee is **0.45%** a year.');
    // still on its way: Stop, and no note under the part answer
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
    expect(within(items()[3]!).queryByRole('button')).toBeNull();

    await h.call.resolve(
      reply('What are the fees?', 'The advice fee is **0.45%** a year.', { followUps: [{ id: 'f1', text: 'Any exit fee?' }] }),
    );
    expect(log().getAttribute('aria-busy')).toBeNull();
    expect(items()).toHaveLength(4);
    expect(items()[3]!.getAttribute('data-status')).toBeNull();
    expect(screen.getByRole('button', { name: 'Any exit fee?' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
  });

  it('Stop keeps what was written, marked stopped, with Try again (the question itself has no note)', async () => {
    const h = await asking('Tell me everything');
    await h.write('Part one of');
    await h.user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(log().getAttribute('aria-busy')).toBeNull();
    const [, , question, partial] = items();
    expect(within(partial!).getByTestId('md').textContent).toBe('Part one of');
    expect(partial!.textContent).toContain('Stopped');
    expect(within(question!).queryByRole('button')).toBeNull();
    await h.user.click(within(partial!).getByRole('button', { name: 'Try again' }));
    expect(h.fakes.send.calls).toHaveLength(2);
    expect(h.fakes.send.last().input.text).toBe('Tell me everything');
    // the stopped pair gave way to the question on its way
    expect(items()).toHaveLength(3);
  });

  it('a failure mid-answer keeps what was written, marked incomplete, then the error with Try again', async () => {
    const h = await asking('Explain the fund');
    await h.write('The fund holds');
    await h.call.reject(new ApiError('FAILED', 'Failed to get AI response', 200, undefined, 's-kept'));
    const [, , , partial, error] = items();
    expect(partial!.textContent).toContain('The fund holds');
    expect(partial!.textContent).toContain(INCOMPLETE_TEXT);
    expect(within(partial!).queryByRole('button')).toBeNull();
    expect(error!.getAttribute('data-error')).toBe('true');
    expect(error!.textContent).toContain('Failed to get AI response');
    await h.user.click(within(error!).getByRole('button', { name: 'Try again' }));
    expect(h.fakes.send.last().input).toMatchObject({ text: 'Explain the fund', chatSessionId: 's-kept' });
  });

  it('an answer the server stored incomplete says so when the history shows it', async () => {
    await renderChatTab({ history: [message('user', 'Q', { id: 'u1' }), message('ai', 'Half an', { id: 'a1', incomplete: true })] });
    expect(items()[1]!.textContent).toContain(INCOMPLETE_TEXT);
  });
});
