/** The Advice screens' formatters (console/advice/format.ts): a result's calculation date is one day everywhere. */
import { afterEach, describe, expect, it } from 'vitest';
import { formatDay } from '../../console/advice/format';

const zone = process.env.TZ;

afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('formatDay', () => {
  it.each(['America/Los_Angeles', 'Pacific/Kiritimati', 'UTC'])('shows a calendar day as that day, with no time, in %s', (tz) => {
    process.env.TZ = tz;
    const shown = formatDay('2026-11-26');
    expect(shown).toMatch(/\b26\b/);
    expect(shown).toMatch(/2026/);
    expect(shown).not.toMatch(/:|AM|PM/);
  });

  it('shows anything else as a date and time, and what is no date as it is', () => {
    expect(formatDay('2026-11-25T09:10:00Z')).toMatch(/:/);
    expect(formatDay('soon')).toBe('soon');
  });
});
