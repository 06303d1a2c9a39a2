/** The autosave actor records the suitability with the local calendar date the engine assessed it on. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { autosaveActor, memoryStorage } from '../../journey/autosave-actor';
import { assessSuitability } from '../../journey/engine/assess';
import { STORAGE_KEY } from '../../journey/storage';
import { lazySuitability, type LazySuitability } from '../../journey/suitability';
import { household } from './engine-fixtures';

/** The engine's check, loaded already. */
const loaded: LazySuitability = {
  get: () => assessSuitability,
  load: () => Promise.resolve(assessSuitability),
  subscribe: () => () => undefined,
};

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
    const actor = createActor(
      autosaveActor(
        storage,
        () => saved++,
        () => at,
        loaded,
      ),
    ).start();
    actor.send({ type: 'SAVE', answers: household({ savings: '' }), resumeAt: null });
    actor.stop();

    expect(saved).toBe(1);
    const record = JSON.parse(storage.getItem(STORAGE_KEY)!);
    expect(record.savedAt).toBe('2026-03-01T21:30:00.000Z');
    expect(record.suitability).toEqual({
      asOf: '2026-03-02',
      suitable: false,
      // codes only: the words are the catalogue's, in the visitor's language
      reasons: [{ code: 'no-surplus' }],
    });
  });

  it('saves at once while the engine’s check loads, then again with it once it has (issue 15)', async () => {
    const at = new Date('2026-03-02T12:00:00+11:00');
    const storage = memoryStorage();
    let resolve: (fn: typeof assessSuitability) => void = () => undefined;
    const check = lazySuitability(() => new Promise((r) => (resolve = r)));
    const actor = createActor(autosaveActor(storage, undefined, () => at, check)).start();
    const record = () => JSON.parse(storage.getItem(STORAGE_KEY)!);

    actor.send({ type: 'SAVE', answers: household({ savings: '' }), resumeAt: null });
    // saved, without the suitability it cannot assess yet
    expect(record().answers).toEqual(household({ savings: '' }));
    expect(record().suitability).toBeUndefined();
    resolve(assessSuitability);
    await check.load();
    expect(record().suitability).toMatchObject({ suitable: false, reasons: [{ code: 'no-surplus' }] });

    // loaded now: each save carries it at once
    actor.send({ type: 'SAVE', answers: household(), resumeAt: null });
    expect(record().suitability).toMatchObject({ suitable: true });
    actor.stop();
  });

  it('a change saved while the check loads is not overwritten by an older one when it arrives', async () => {
    const at = new Date('2026-03-02T12:00:00+11:00');
    const storage = memoryStorage();
    let resolve: (fn: typeof assessSuitability) => void = () => undefined;
    const check = lazySuitability(() => new Promise((r) => (resolve = r)));
    const actor = createActor(autosaveActor(storage, undefined, () => at, check)).start();
    actor.send({ type: 'SAVE', answers: household({ savings: '' }), resumeAt: null });
    actor.send({ type: 'SAVE', answers: household(), resumeAt: 'income' });
    resolve(assessSuitability);
    await check.load();
    const record = JSON.parse(storage.getItem(STORAGE_KEY)!);
    expect(record.resumeAt).toBe('income');
    expect(record.suitability).toMatchObject({ suitable: true });
    actor.stop();
  });
});
