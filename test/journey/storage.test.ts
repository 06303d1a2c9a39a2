import { describe, expect, it, vi } from 'vitest';
import { isEmptyAnswers, setField, setToggle } from '../../machines/journey-answers';
import { blankRows, emptyAnswers } from '../../journey/questionnaire';
import { memoryStorage } from '../../journey/autosave-actor';
import { STORAGE_KEY, STORAGE_VERSION, isAnswers, loadAnswers, saveAnswers } from '../../journey/storage';
import { completeAnswers } from '../fixtures/answers';

describe('autosave storage', () => {
  it('round-trips the answers under one versioned key', () => {
    const storage = memoryStorage();
    saveAnswers(storage, completeAnswers(), new Date('2026-01-02T03:04:05Z'));
    const record = JSON.parse(storage.getItem(STORAGE_KEY)!);
    expect(record).toMatchObject({ version: STORAGE_VERSION, savedAt: '2026-01-02T03:04:05.000Z' });
    expect(loadAnswers(storage)).toEqual(completeAnswers());
  });

  it('loads answers saved before the partner was asked (version 1): the partner blank, nothing else changed (issue 34)', () => {
    const { partner, ...before } = { ...completeAnswers(), relationshipStatus: 'couple' };
    expect(partner).toEqual(emptyAnswers().partner);
    const storage = memoryStorage({ [STORAGE_KEY]: JSON.stringify({ version: 1, savedAt: '', answers: before }) });
    const warn = vi.fn();
    expect(loadAnswers(storage, warn)).toEqual({ ...completeAnswers(), relationshipStatus: 'couple' });
    expect(warn).not.toHaveBeenCalled();
    // a version-1 record that lacks anything else is still discarded
    const { income: _, ...noIncome } = before;
    expect(loadAnswers(memoryStorage({ [STORAGE_KEY]: JSON.stringify({ version: 1, answers: noIncome }) }), warn)).toBeNull();
  });

  it('has nothing to load on a first visit', () => {
    const warn = vi.fn();
    expect(loadAnswers(memoryStorage(), warn)).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    ['not JSON', '{oops'],
    ['no version', JSON.stringify({ answers: completeAnswers() })],
    ['an old version', JSON.stringify({ version: 0, answers: completeAnswers() })],
    ['a wrong shape', JSON.stringify({ version: STORAGE_VERSION, answers: { dateOfBirth: 5 } })],
    [
      'a row of the wrong shape',
      JSON.stringify({
        version: STORAGE_VERSION,
        answers: { ...completeAnswers(), assets: { answer: 'yes', rows: [{ id: 1, kind: 'x' }] } },
      }),
    ],
    ['an extra field', JSON.stringify({ version: STORAGE_VERSION, answers: { ...completeAnswers(), extra: '' } })],
    ['a later version', JSON.stringify({ version: STORAGE_VERSION + 1, answers: completeAnswers() })],
    ['null', 'null'],
  ])('discards %s with a warning, never a crash', (_why, raw) => {
    const storage = memoryStorage({ [STORAGE_KEY]: raw });
    const warn = vi.fn();
    expect(loadAnswers(storage, warn)).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('survives storage that throws (private mode, quota)', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const warn = vi.fn();
    expect(loadAnswers(broken, warn)).toBeNull();
    expect(() => saveAnswers(broken, completeAnswers(), new Date(), warn)).not.toThrow();
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('an empty answer set removes the record', () => {
    const storage = memoryStorage();
    saveAnswers(storage, completeAnswers());
    saveAnswers(storage, emptyAnswers());
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('recognises answers by shape', () => {
    expect(isAnswers(completeAnswers())).toBe(true);
    expect(isAnswers(emptyAnswers())).toBe(true);
    expect(isAnswers({ ...emptyAnswers(), privateHealth: true })).toBe(false);
    expect(isEmptyAnswers(emptyAnswers())).toBe(true);
    expect(isEmptyAnswers(setField(emptyAnswers(), 'dateOfBirth', '1'))).toBe(false);
    expect(isEmptyAnswers(setToggle(emptyAnswers(), 'debts', 'no', blankRows))).toBe(false);
  });
});
