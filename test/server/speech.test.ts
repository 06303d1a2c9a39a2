import { describe, expect, it } from 'vitest';
import { speakable } from '../../contract/speech';

describe('what the avatar says for an answer', () => {
  it('drops the marks and keeps the words', () => {
    expect(speakable('According to **Product Disclosure Statement**: the fee is _0.7%_ a year.')).toBe(
      'According to Product Disclosure Statement: the fee is 0.7% a year.',
    );
    expect(speakable('## Fees\n\n- Upfront: $500\n- Yearly: 0.7%\n\n1. one\n2) two')).toBe('Fees\nUpfront: $500\nYearly: 0.7%\none\ntwo');
    expect(speakable('See [the guide](https://example.com/g) and ![a chart](c.png).')).toBe('See the guide and a chart.');
    expect(speakable('> quoted `code` ~~gone~~')).toBe('quoted code gone');
    expect(speakable('Before\n```js\nconst x = 1;\n```\nAfter')).toBe('Before\nAfter');
    expect(speakable('| Fee | Amount |\n| --- | ---: |\n| Upfront | $500 |')).toBe('Fee, Amount\nUpfront, $500');
    // words with underscores and asterisks inside them stay as they are
    expect(speakable('snake_case and 2*3')).toBe('snake_case and 2*3');
    expect(speakable('')).toBe('');
  });
});
