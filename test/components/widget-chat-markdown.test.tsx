/**
 * The markdown renderer's chunk in the Chat tab (issue 13): a chunk that failed to load is
 * not remembered as failed. The answer shows as plain text, and the next answer tries the
 * chunk again (its own file: the chunk's promise lives in the module).
 */
import { screen, within } from '@testing-library/preact';
import { expect, it, vi } from 'vitest';
import { input, renderChatTab, reply } from './widget-harness';

const chunk = vi.hoisted(() => ({ failures: 1, loads: 0 }));
vi.mock('../../src/markdown/markdown-chunk', () => {
  chunk.loads++;
  if (chunk.failures-- > 0) throw new Error('chunk failed to load');
  return { Markdown: ({ text }: { text: string }) => <p data-testid="md">{text}</p> };
});

it('an answer stays plain text when the chunk fails; the next answer loads it again', async () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const { user, fakes } = await renderChatTab();
  const log = () => screen.getByRole('log', { name: 'Conversation' });

  await user.type(input(), 'First{Enter}');
  await fakes.send.last().resolve(reply('First', 'One'));
  await vi.waitFor(() => expect(errors).toHaveBeenCalled());
  expect(within(log()).getByText('One').getAttribute('data-part')).toBe('plain-text');
  expect(within(log()).queryByTestId('md')).toBeNull();

  await user.type(input(), 'Second{Enter}');
  await fakes.send.last().resolve(reply('Second', 'Two'));
  expect((await within(log()).findByTestId('md')).textContent).toBe('Two');
  expect(chunk.loads).toBe(2);
  errors.mockRestore();
});
