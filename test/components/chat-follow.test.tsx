/**
 * How the Chat tab's view follows the conversation, on a layout the test lays out itself (happy-dom has none): the
 * list is 300 px high, a message 40 px, the long answer 280 px, the suggested questions under it 30 px. An answer
 * whose start reached the list's top stays there however often the view is told the conversation changed size, also
 * when the answer with the buttons under it ends less than the list's slack below its bottom (voice mode relies on
 * this to keep the answer beside the avatar in view).
 */
import { act, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { input, message, renderChatTab, reply, stubResizeObserver } from './widget-harness';

vi.mock('../../src/markdown/markdown-chunk', () => ({ Markdown: ({ text }: { text: string }) => <p>{text}</p> }));

const observers: ResizeObserverCallback[] = [];
afterEach(() => {
  observers.length = 0;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Tells the view the conversation changed size, as the browser does while an answer streams or renders. */
const resized = () =>
  act(() => {
    for (const cb of observers) cb([], {} as ResizeObserver);
  });

const heightOf = (el: Element) =>
  el.matches('[data-part="message"]')
    ? el.textContent?.includes('Point')
      ? 280
      : 40
    : el.matches('[data-part="follow-ups"]')
      ? 30
      : el.matches('[data-part="typing"]')
        ? 20
        : 0;

/** Lays out the list: its children one under the other (the log's messages in its place), scrolled by scrollTop. */
function layOut(list: HTMLElement) {
  let scrollTop = 0;
  const rows = () => [...list.children].flatMap((c) => (c.getAttribute('role') === 'log' ? [...c.querySelectorAll('li')] : [c]));
  const content = () => rows().reduce((sum, r) => sum + heightOf(r), 0);
  const max = () => Math.max(0, content() - 300);
  Object.defineProperties(list, {
    clientHeight: { get: () => 300 },
    scrollHeight: { get: () => Math.max(300, content()) },
    scrollTop: { get: () => scrollTop, set: (v: number) => (scrollTop = Math.min(max(), Math.max(0, v))) },
  });
  list.scrollTo = ((o: ScrollToOptions) => (list.scrollTop = o.top ?? 0)) as typeof list.scrollTo;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    let top = -scrollTop;
    for (const r of rows()) {
      if (r === this) return new DOMRect(0, top, 300, heightOf(r));
      top += heightOf(r);
    }
    return new DOMRect(0, 0, 300, this === list ? 300 : 0);
  });
}

describe('the view following the conversation', () => {
  it('keeps a long answer read from its start: it stays at the top while the buttons come under it and it renders again', async () => {
    stubResizeObserver(observers);
    const h = await renderChatTab({ history: [message('user', 'Hi', { id: 'u0' }), message('ai', 'Hello.', { id: 'a0' })] });
    const list = screen.getByRole('region', { name: 'Chat' }).querySelector<HTMLElement>('[data-part="messages"]')!;
    layOut(list);
    await h.user.type(input(), 'What are the fees?');
    await h.user.keyboard('{Enter}');
    const text = 'Point 1: the advice fee is 0.45% a year.';
    await h.fakes.send.last().resolve(reply('What are the fees?', text, { followUps: [{ id: 'f1', text: 'Any exit fee?' }] }));
    await screen.findByRole('button', { name: 'Any exit fee?' });
    const answer = screen.getByText(text).closest('li')!;
    // the answer (280 px) and the buttons (30 px) end 10 px below the list's bottom: the view stops at its start
    expect(answer.getBoundingClientRect().top).toBe(0);
    await resized();
    await resized();
    expect(answer.getBoundingClientRect().top).toBe(0);
    // a visitor who reads on past the start is followed to the bottom
    list.scrollTop = list.scrollHeight;
    await resized();
    expect(list.scrollTop).toBe(list.scrollHeight - 300);
  });
});
