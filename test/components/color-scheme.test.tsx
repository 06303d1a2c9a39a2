/**
 * Appearance colorScheme in happy-dom: which values the site chose and which it left at their defaults
 * (only the defaults take the dark set), the element's data-scheme (the scheme shown: 'auto' resolved by the
 * visitor's system) and when the dark scheme's stylesheet loads ('light' and 'dark' forced, 'auto' following
 * the visitor's system as it changes), and the stylesheet itself (one block for the scheme shown dark, a dark
 * default for every default colour but the blue-filled parts'). How the colours then look in each scheme is checked in Chromium (test/e2e/dark-scheme.test.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_APPEARANCE, mergeAppearance } from '../../contract/appearance';
import { windowVariables } from '../../src/chat-window/theme';
import { followScheme, frameVariables, inScheme, schemeOf } from '../../src/theme';

/** styles/dark.css without its comments. */
const darkCss = readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/styles/dark.css'), 'utf8').replace(
  /\/\*[\s\S]*?\*\//g,
  '',
);

/** A stand-in for matchMedia('(prefers-color-scheme: dark)') whose answer the test turns. */
function systemSetting(dark: boolean) {
  return { matches: dark } as MediaQueryList;
}

describe('the site’s colours and the defaults', () => {
  const owner = mergeAppearance({ chatBgColor: '#fafafa', aiMessage: { textColor: '#000000' }, input: { inputBorderRadius: 20 } });

  it('a colour the site chose is kept as it is, in both schemes', () => {
    expect(inScheme(frameVariables, owner)['chat-bg']).toBe('#fafafa');
    expect(inScheme(windowVariables, owner)['ai-text']).toBe('#000000');
    expect(inScheme(windowVariables, owner)['input-radius']).toBe('20px');
  });

  it('a value left at its default reads its dark counterpart, with the default itself in the light scheme', () => {
    expect(inScheme(frameVariables, owner)['chat-radius']).toBe('var(--aiw-dark-chat-radius,16px)');
    expect(inScheme(windowVariables, owner)['ai-bg']).toBe('var(--aiw-dark-ai-bg,#f3f4f6)');
    expect(inScheme(windowVariables, DEFAULT_APPEARANCE)['agent-title']).toBe('var(--aiw-dark-agent-title,#111827)');
    // the light values are the ones the window had before: only the wrapping differs
    for (const [k, v] of Object.entries(inScheme(windowVariables, DEFAULT_APPEARANCE)))
      expect(v, k).toBe(`var(--aiw-dark-${k},${windowVariables(DEFAULT_APPEARANCE)[k]})`);
  });
});

describe('the scheme the element follows', () => {
  function follower(systemDark: boolean, load: () => Promise<unknown> = () => Promise.resolve()) {
    const host = document.createElement('div');
    const query = systemSetting(systemDark);
    const loadDark = vi.fn(load);
    return { host, query, loadDark, follow: followScheme(host, query, loadDark) };
  }

  it("'light' stays light on a dark system: the dark stylesheet is not loaded", () => {
    const { host, loadDark, follow } = follower(true);
    follow('light');
    expect(host.dataset.scheme).toBe('light');
    expect(loadDark).not.toHaveBeenCalled();
  });

  it("'dark' is dark on a light system: the dark stylesheet loads, once", () => {
    const { host, loadDark, follow } = follower(false);
    follow('dark');
    follow('dark');
    expect(host.dataset.scheme).toBe('dark');
    expect(loadDark).toHaveBeenCalledTimes(1);
  });

  it("'auto' follows the system: light while it is light, dark as soon as it turns dark, and light again", () => {
    const { host, query, loadDark, follow } = follower(false);
    follow('auto');
    expect(host.dataset.scheme).toBe('light');
    expect(loadDark).not.toHaveBeenCalled();
    (query as { matches: boolean }).matches = true;
    follow('auto');
    expect(host.dataset.scheme).toBe('dark');
    expect(loadDark).toHaveBeenCalledTimes(1);
    (query as { matches: boolean }).matches = false;
    follow('auto');
    expect(host.dataset.scheme).toBe('light');
    expect(loadDark).toHaveBeenCalledTimes(1);
  });

  it("'auto' on a dark system is marked dark from the start", () => {
    const { host, loadDark, follow } = follower(true);
    follow('auto');
    expect(host.dataset.scheme).toBe('dark');
    expect(loadDark).toHaveBeenCalledTimes(1);
  });

  it('a site that changes its scheme is followed; a stylesheet that failed to load is asked for again', async () => {
    let fail = true;
    const { host, loadDark, follow } = follower(false, () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve()));
    follow('light');
    follow('dark');
    await vi.waitFor(() => expect(loadDark).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    fail = false;
    follow('dark');
    expect(loadDark).toHaveBeenCalledTimes(2);
    follow('light');
    expect(host.dataset.scheme).toBe('light');
  });
});

describe('the scheme a site is shown in', () => {
  it("'auto' follows the system for a site that kept the default colours", () => {
    expect(schemeOf(DEFAULT_APPEARANCE)).toBe('auto');
    expect(schemeOf(mergeAppearance({ input: { inputBorderRadius: 20 }, agentName: 'Ada' }))).toBe('auto');
  });

  it("a site with a colour of its own stays in its colours (light) under 'auto': no light text on its light ground", () => {
    // the AI's bubble made white by the site, its text left at the default: dark would write near-white text on it
    expect(schemeOf(mergeAppearance({ aiMessage: { bgColor: '#ffffff' } }))).toBe('light');
    expect(schemeOf(mergeAppearance({ chatBgColor: '#fafafa' }))).toBe('light');
  });

  it("'dark' and 'light' are the site's own choice, whatever its colours", () => {
    expect(schemeOf(mergeAppearance({ colorScheme: 'dark', chatBgColor: '#fafafa' }))).toBe('dark');
    expect(schemeOf(mergeAppearance({ colorScheme: 'light' }))).toBe('light');
  });
});

describe('the dark scheme’s stylesheet', () => {
  const blocks = [...darkCss.matchAll(/\{\s*(color-scheme: dark;[^}]*)\}/g)].map((m) => m[1]!.replace(/\s+/g, ' ').trim());
  const defined = new Map([...(blocks[0] ?? '').matchAll(/--aiw-dark-([\w-]+): (#[0-9a-f]{6});/g)].map((m) => [m[1]!, m[2]!]));

  it("has one block, for the element marked dark ('dark', or 'auto' on a dark system: followScheme resolves it)", () => {
    expect(blocks).toHaveLength(1);
    expect(darkCss).toMatch(/:host\(\[data-scheme='dark'\]\) \{\s*color-scheme: dark;/);
    expect(darkCss).not.toMatch(/prefers-color-scheme/);
  });

  it('gives every default colour a dark counterpart, except the blue-filled parts, whose white on blue reads on both', () => {
    const colours = Object.entries({ ...frameVariables(DEFAULT_APPEARANCE), ...windowVariables(DEFAULT_APPEARANCE) }).filter(([, v]) =>
      v.startsWith('#'),
    );
    expect(colours.length).toBeGreaterThan(30);
    for (const [name] of colours) {
      if (/^(user|send|button)-/.test(name)) expect(defined.has(name), name).toBe(false);
      else expect(defined.get(name), name).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it('defines every dark variable its rules read, and reads each with its light colour (or none) as the fallback', () => {
    const read = [...darkCss.matchAll(/var\(--aiw-dark-([\w-]+)(, (?:rgb\([^)]+\)|[^)]+))?\)/g)];
    expect(read.length).toBeGreaterThan(15);
    for (const [, name, fallback] of read) {
      expect(defined.has(name!), name).toBe(true);
      expect(fallback, name).toMatch(/^, (#[0-9a-f]{3,6}|rgb\(0 0 0 \/ \d+%\)|transparent)$/);
    }
  });

  it('keeps the text on its ground at WCAG AA (4.5:1) in the dark set', () => {
    const pairs: [string, string][] = [
      ['agent-title', 'chat-bg'],
      ['agent-description', 'chat-bg'],
      ['timestamp-color', 'chat-bg'],
      ['input-text', 'input-bg'],
      ['footer-default', 'chat-bg'],
      ['footer-active', 'chat-bg'],
      ['history-text', 'history-bg'],
      ['history-text', 'history-active-bg'],
      ['home-title', 'chat-bg'],
      ['home-description', 'chat-bg'],
      ['ai-text', 'ai-bg'],
      ['follow-up-text', 'follow-up-bg'],
      ['follow-up-text', 'follow-up-hover'],
      ['response-text', 'response-bg'],
      ['response-text', 'response-hover'],
      ['text', 'surface'],
      ['text', 'chat-bg'],
      ['muted', 'chat-bg'],
      ['muted', 'history-active-bg'],
      ['subtle', 'surface'],
      ['strong', 'line'],
      ['accent', 'tint'],
      ['accent', 'chat-bg'],
      ['note', 'note-bg'],
      ['danger', 'danger-bg'],
      ['danger', 'chat-bg'],
    ];
    for (const [fg, bg] of pairs) expect(contrast(defined.get(fg)!, defined.get(bg)!), `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
  });
});

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}
