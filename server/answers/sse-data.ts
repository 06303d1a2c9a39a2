/**
 * The `data` of each event of a Server-Sent Events body, read as its text arrives in pieces (the HTML standard's
 * "event stream interpretation", the part an answer provider uses): lines end with CRLF, LF or CR (a CR at the end
 * of a piece and an LF at the start of the next are one line end); `data:` lines are joined with LF; a blank line
 * ends an event; comments and the other fields (`event`, `id`, `retry`) are skipped, as the chat-completions reader
 * skips them; an event not ended by a blank line when the body ends is dropped. A byte-order mark before the first
 * line is skipped.
 *
 * It does the work of `eventsource-parser` for an answer's every piece, thousands of answers at a time, without
 * an object per event or per line: a line is looked at where it lies in the piece, and only a `data` value is cut
 * out of it (docs/benchmarks.md "Scale").
 */

/** Feeds the body's text, piece by piece; `onData` gets each event's data as its blank line arrives. */
export interface DataEvents {
  feed(text: string): void;
}

const LF = 10;
const COLON = 58;
const SPACE = 32;

/** A reader of event data: see the module's comment. */
export function dataEvents(onData: (data: string) => void): DataEvents {
  // the end of the last piece that made no whole line yet
  let rest = '';
  let data = '';
  let hasData = false;
  let first = true;
  // the last piece ended with a CR: an LF at the start of the next belongs to it
  let afterCr = false;

  const line = (text: string, start: number, end: number) => {
    if (start === end) {
      if (hasData) {
        hasData = false;
        const event = data;
        data = '';
        onData(event);
      }
      return;
    }
    if (text.charCodeAt(start) === COLON) return;
    // the field's name runs to the first colon; only `data` is read
    if (end - start < 4 || !text.startsWith('data', start)) return;
    let value = start + 4;
    if (value < end) {
      if (text.charCodeAt(value) !== COLON) return;
      value++;
      if (value < end && text.charCodeAt(value) === SPACE) value++;
    }
    const piece = value === end ? '' : text.slice(value, end);
    if (hasData) data += `\n${piece}`;
    else {
      data = piece;
      hasData = true;
    }
  };

  return {
    feed(piece) {
      const text = rest === '' ? piece : rest + piece;
      rest = '';
      let start = 0;
      if (first && text.length > 0) {
        first = false;
        if (text.charCodeAt(0) === 0xfeff) start = 1;
      }
      if (afterCr && text.length > start) {
        afterCr = false;
        if (text.charCodeAt(start) === LF) start++;
      }
      const length = text.length;
      // the next CR, looked for once and again only when passed (a provider's body rarely has any)
      let cr = text.indexOf('\r', start);
      while (start < length) {
        const lf = text.indexOf('\n', start);
        if (cr !== -1 && cr < start) cr = text.indexOf('\r', start);
        let end: number;
        let next: number;
        if (cr !== -1 && (lf === -1 || cr < lf)) {
          end = cr;
          if (cr + 1 < length) next = text.charCodeAt(cr + 1) === LF ? cr + 2 : cr + 1;
          else {
            next = length;
            afterCr = true;
          }
        } else if (lf !== -1) {
          end = lf;
          next = lf + 1;
        } else break;
        line(text, start, end);
        start = next;
      }
      if (start < length) rest = text.slice(start);
    },
  };
}
