/** `npm start` as a newcomer runs it: every URL the built server printed on start opens. */
import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');
const output = inject('startOutput');

describe('the start banner of the built server', () => {
  it('prints only URLs that open', async () => {
    expect(output).toContain('Stop with Ctrl+C.');
    const urls = [...output.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((m) => m[0]);
    expect(urls).toContain(`${baseUrl}/`);
    expect(urls).toContain(`${baseUrl}/widget.js`);
    for (const url of urls) expect([url, (await fetch(url)).status]).toEqual([url, 200]);
  });
});
