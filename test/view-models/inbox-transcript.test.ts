/** The transcript's view model (console/inbox/transcript-model.ts): what the visitor saw, in time order. */
import { describe, expect, it } from 'vitest';
import { statesOf, TITLE_MAX, timeline, titleOf } from '../../console/inbox/transcript-model';
import { TRANSCRIPT } from '../components/console-fake-api-inbox';

describe('the transcript', () => {
  it('puts the clicks in their place in time, after the messages of the same instant', () => {
    const t = { ...TRANSCRIPT, clicks: [...TRANSCRIPT.clicks, { buttonId: 'x', at: '2026-11-25T09:00:05Z', pageUrl: 'p', label: null }] };
    expect(timeline(t).map((e) => e.id)).toEqual(['m1', 'm2', 'click-1', 'click-0', 'm3']);
  });

  it('marks the buttons clicked among those offered and in view; a link keeps its address', () => {
    const [question, answer] = timeline(TRANSCRIPT);
    expect(question).toMatchObject({
      kind: 'message',
      voice: true,
      context: {
        path: '/fees',
        focus: 'Fee schedule',
        buttons: [{ id: 'ab1', label: 'Book a call', clicked: true }],
      },
      offered: null,
    });
    expect(answer).toMatchObject({
      context: null,
      offered: {
        followUps: [
          { label: 'Are there exit fees?', clicked: true },
          { label: 'How are fees taken?', clicked: false },
        ],
        links: [{ label: 'Fee schedule', url: 'https://example.com/fees.pdf', clicked: false }],
        sources: ['Fee schedule'],
      },
    });
  });

  it('keeps the stored text as it is, and each state as its code in the filter’s order', () => {
    const entries = timeline(TRANSCRIPT);
    expect(entries[1]).toMatchObject({ text: '**Fees** are 0.45% a year. <img src=x onerror=alert(1)>', states: [] });
    expect(entries.at(-1)).toMatchObject({ states: ['failed'] });
    expect(statesOf({ failed: true, incomplete: true, nothingFound: true })).toEqual(['failed', 'incomplete', 'nothing-found']);
  });
});

describe('a conversation’s title', () => {
  it('is its first question, else its name; a long one is cut at a word with “…”', () => {
    expect(titleOf({ firstQuestion: 'What are  the\nfees?', name: 'x' })).toBe('What are the fees?');
    expect(titleOf({ firstQuestion: null, name: 'Renamed chat' })).toBe('Renamed chat');
    const long = titleOf({ firstQuestion: 'word '.repeat(60), name: '' });
    expect(long.length).toBeLessThanOrEqual(TITLE_MAX);
    expect(long).toMatch(/^(word )+word…$/);
  });
});
