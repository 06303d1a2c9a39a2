/**
 * The provider's event reader (server/answers/sse-data.ts) against `eventsource-parser`, which it replaced on the
 * answer's path: the same data for every body, cut into pieces at every place.
 */
import { createParser } from 'eventsource-parser';
import { describe, expect, it } from 'vitest';
import { dataEvents } from '../../server/answers/sse-data';

/** The data `eventsource-parser` reads from the body (what the chat-completions reader used before). */
function reference(body: string): string[] {
  const out: string[] = [];
  const parser = createParser({ onEvent: (e) => out.push(e.data) });
  parser.feed(body);
  return out;
}

function read(pieces: readonly string[]): string[] {
  const out: string[] = [];
  const parser = dataEvents((data) => out.push(data));
  for (const piece of pieces) parser.feed(piece);
  return out;
}

const BODIES: Record<string, string> = {
  'a chat completion': `data: {"choices":[{"delta":{"content":"Hel"}}]}\n\ndata: {"choices":[{"delta":{"content":"lo"}}]}\n\ndata: [DONE]\n\n`,
  'CRLF and CR line ends': 'data: one\r\n\r\ndata: two\r\rdata: three\r\n\r\n',
  'several data lines, joined with LF': 'data: a\ndata: b\ndata:c\ndata\n\n',
  'comments, other fields and a named event': ': keep-alive\n\nevent: delta\nid: 7\nretry: 100\ndata: x\n\n:\n\n',
  'a field without a colon, and one only like data': 'data\n\ndatum: no\n\ndata:  two spaces\n\n',
  'an event not ended': 'data: whole\n\ndata: cut',
  'non-ASCII text': 'data: {"text":"Frais : 0,45 % — ça va ✓"}\n\n',
  'blank lines with no data': '\n\n\n\ndata: late\n\n',
};

describe('dataEvents', () => {
  for (const [name, body] of Object.entries(BODIES)) {
    it(`reads ${name} as eventsource-parser does, whole and cut anywhere`, () => {
      const expected = reference(body);
      expect(read([body])).toEqual(expected);
      for (let i = 0; i <= body.length; i++) expect(read([body.slice(0, i), body.slice(i)])).toEqual(expected);
      // one character at a time: every line end split from its line
      expect(read([...body])).toEqual(expected);
    });
  }

  it('skips a byte-order mark before the first line (the standard; before it, the TextDecoder took it off)', () => {
    const body = '\uFEFFdata: first\n\n';
    expect(read([body])).toEqual(['first']);
    expect(read(['\uFEFF', 'data: first\n\n'])).toEqual(['first']);
    expect(read(['data: \uFEFFkept\n\n'])).toEqual(['\uFEFFkept']);
  });
});
