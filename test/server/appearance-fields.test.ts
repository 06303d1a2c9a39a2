/**
 * The appearance's field table and its one validation (contract/appearance-fields.ts): every field of the widget's
 * appearance is in exactly one of widget-spec §3's groups, every default passes its own field's check, and the check
 * refuses what it should with the field and what is allowed.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_APPEARANCE } from '../../contract/appearance';
import { APPEARANCE_FIELDS, APPEARANCE_GROUPS, appearanceProblems, withoutProblems } from '../../contract/appearance-fields';

/** Every leaf of an object as a dotted path. */
const leaves = (o: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) =>
    v && typeof v === 'object' ? leaves(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );

describe('the appearance fields', () => {
  it('cover every field of the widget’s appearance once, in the spec’s groups and order, each with its default', () => {
    const paths = APPEARANCE_GROUPS.flatMap((g) => g.fields.map((f) => f.path));
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual(leaves(DEFAULT_APPEARANCE as unknown as Record<string, unknown>).sort());
    expect(APPEARANCE_GROUPS.map((g) => g.id)).toEqual([
      'agent',
      'layout',
      'messages',
      'launcher',
      'footer',
      'bubble',
      'chatDisplay',
      'input',
      'buttons',
      'home',
      'followUpAndResponseButtons',
    ]);
    expect(APPEARANCE_FIELDS.get('launcher.size')).toEqual({
      kind: 'number',
      unit: 'px',
      min: 32,
      max: 120,
      step: 1,
      path: 'launcher.size',
      default: 60,
    });
    expect(APPEARANCE_FIELDS.get('launcher.backgroundColor')).toMatchObject({ kind: 'colour', default: '#2563eb' });
    expect(APPEARANCE_FIELDS.get('chatFormat')).toMatchObject({ kind: 'enum', options: ['comfy', 'compact'], default: 'comfy' });
  });

  it('accept every default, as a whole set of fields', () => {
    expect(appearanceProblems(structuredClone(DEFAULT_APPEARANCE))).toEqual([]);
  });

  it.each([
    ['#e11d4', false],
    ['#E11D48', true],
    ['#fff', true],
    ['#ffff', true],
    ['#11223344', true],
    ['rgb(1, 2, 3)', true],
    ['rgba(1 2 3 / 50%)', true],
    ['hsl(210deg, 50%, 40%)', true],
    ['transparent', true],
    ['red; background: url(x)', false],
    ['', false],
    ['e11d48', false],
  ])('a colour %j is %s', (value, ok) => {
    expect(appearanceProblems({ launcher: { backgroundColor: value } }).length === 0).toBe(ok);
  });

  it('refuse a wrong type, a value out of range, a long text, a bad padding or URL, naming the field and what is allowed', () => {
    expect(appearanceProblems({ launcher: { size: 'big' }, home: { titleFontSize: 200 }, agentName: 'x'.repeat(81) })).toEqual([
      { field: 'launcher.size', message: 'launcher.size must be a number, not a string', allowed: 'a number from 32 to 120 (px)' },
      { field: 'home.titleFontSize', message: 'home.titleFontSize 200 is out of range', allowed: 'a number from 8 to 64 (px)' },
      { field: 'agentName', message: 'agentName is 81 characters long', allowed: 'text of up to 80 characters' },
    ]);
    expect(appearanceProblems({ headerPadding: '12px; color: red' })[0]?.field).toBe('headerPadding');
    expect(appearanceProblems({ agentIcon: 'https://shop.example/a.png', headerPadding: '0 1rem' })).toEqual([]);
    expect(appearanceProblems({ agentIcon: 'javascript:alert(1)' })[0]?.message).toBe('agentIcon must be an http(s) URL or a data:image');
    expect(appearanceProblems({ launcher: 'big' })[0]).toMatchObject({ field: 'launcher', message: 'launcher must be an object' });
    expect(appearanceProblems([])[0]).toMatchObject({ field: 'appearance' });
  });

  it('drop only the refused values of stored fields, keeping the rest', () => {
    const stored = { agentName: 'Ava', nope: 1, launcher: { backgroundColor: '#e11d4', alignment: 'left' } };
    expect(withoutProblems(stored)).toEqual({ agentName: 'Ava', launcher: { alignment: 'left' } });
    expect(stored.launcher.backgroundColor).toBe('#e11d4');
  });
});
