/** The autosave actor records the suitability with the local calendar date the engine assessed it on. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { autosaveActor, memoryStorage } from '../../journey/autosave-actor';
import { STORAGE_KEY } from '../../journey/storage';
import { household } from './engine-fixtures';

describe('autosave actor', () => {
  let tz: string | undefined;
  beforeEach(() => {
    tz = process.env.TZ;
    // Node applies a change of TZ at once; Sydney is UTC+11 in March (daylight saving).
    process.env.TZ = 'Australia/Sydney';
  });
  afterEach(() => {
    if (tz === undefined) delete process.env.TZ;
    else process.env.TZ = tz;
  });

  it('records the local date of a save before 11 am in Sydney, not the UTC date (the day before)', () => {
    const at = new Date('2026-03-02T08:30:00+11:00');
    expect(at.toISOString().slice(0, 10)).toBe('2026-03-01');
    const storage = memoryStorage();
    let saved = 0;
    const actor = createActor(autosaveActor(storage, () => saved++, () => at)).start();
    actor.send({ type: 'SAVE', answers: household({ savings: '' }), resumeAt: null });
    actor.stop();

    expect(saved).toBe(1);
    const record = JSON.parse(storage.getItem(STORAGE_KEY)!);
    expect(record.savedAt).toBe('2026-03-01T21:30:00.000Z');
    expect(record.suitability).toEqual({
      asOf: '2026-03-02',
      suitable: false,
      reasons: [{ code: 'no-surplus', title: 'You have nothing left over each month to invest' }],
    });
  });
});
