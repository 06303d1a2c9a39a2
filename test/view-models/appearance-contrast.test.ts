/**
 * WCAG 2.x contrast (console/appearance/contrast.ts) against pairs whose ratios are published, and the
 * appearance editor's warnings drawn from it.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_APPEARANCE } from '../../contract/appearance';
import { contrastRatio, contrastWarnings, formatRatio, parseHex, relativeLuminance } from '../../console/appearance/contrast';
import { fieldAt, withField } from '../../machines/console-appearance';

describe('WCAG contrast', () => {
  it('reads #rgb and #rrggbb, nothing else', () => {
    expect(parseHex('#fff')).toEqual([255, 255, 255]);
    expect(parseHex('#2563EB')).toEqual([0x25, 0x63, 0xeb]);
    expect(parseHex('#e11d4')).toBeNull();
    expect(parseHex('red')).toBeNull();
  });

  it('gives the luminance of black, white and mid grey', () => {
    expect(relativeLuminance([0, 0, 0])).toBe(0);
    expect(relativeLuminance([255, 255, 255])).toBeCloseTo(1, 10);
    // #808080: ((128/255 + 0.055) / 1.055) ^ 2.4
    expect(relativeLuminance([128, 128, 128])).toBeCloseTo(0.2158605, 6);
  });

  it('matches known ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 6);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // the well-known edge of AA on white: #767676 passes (4.54), #777777 does not (4.48)
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    // order does not matter
    expect(contrastRatio('#ffffff', '#2563eb')).toBeCloseTo(contrastRatio('#2563eb', '#fff')!, 10);
    expect(contrastRatio('#2563eb', '#ffffff')).toBeCloseTo(5.17, 2);
    expect(contrastRatio('#e11d4', '#ffffff')).toBeNull();
  });

  it('prints a ratio rounded down', () => {
    expect(formatRatio(4.4999)).toBe('4.4:1');
    expect(formatRatio(21)).toBe('21:1');
  });
});

describe('the editor’s contrast warnings', () => {
  const warningsOf = (fields: Record<string, unknown>) =>
    contrastWarnings((p) => fieldAt(fields, p) ?? fieldAt(DEFAULT_APPEARANCE as unknown as Record<string, unknown>, p));

  // the one pair the defaults leave below AA: the response button's blue text on its pale hover ground (4.2:1)
  const DEFAULT_WARNINGS = ['responseButton.textColor', 'responseButton.bgHoverColor'];

  it('the defaults warn only of the response button’s hover', () => {
    expect([...warningsOf({}).keys()]).toEqual(DEFAULT_WARNINGS);
    expect(warningsOf({}).get('responseButton.textColor')).toEqual([
      { other: 'responseButton.bgHoverColor', ratio: expect.closeTo(4.24, 2) },
    ]);
  });

  it('a pale title on the window warns at both fields, with the ratio', () => {
    const w = warningsOf(withField({}, 'agentTitleColor', '#cccccc'));
    expect(w.get('agentTitleColor')).toEqual([{ other: 'chatBgColor', ratio: expect.closeTo(1.6, 1) }]);
    expect(w.get('chatBgColor')).toEqual([{ other: 'agentTitleColor', ratio: expect.closeTo(1.6, 1) }]);
  });

  it('the launcher’s white icon on a pale launcher warns at the launcher’s colour', () => {
    const w = warningsOf(withField({}, 'launcher.backgroundColor', '#fde68a'));
    expect(w.get('launcher.backgroundColor')?.[0]?.other).toBe('#ffffff');
    expect(w.has('#ffffff')).toBe(false);
  });

  it('a colour the check cannot read gives no warning', () => {
    expect([...warningsOf(withField({}, 'input.inputTextColor', '#e11d4')).keys()]).toEqual(DEFAULT_WARNINGS);
  });
});
