/** The server's copy of the answers: nothing without consent; with it, each change appended, coalesced, retried. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { memoryStorage } from '../../journey/autosave-actor';
import { emptyAnswers } from '../../journey/questionnaire';
import { recordsApi } from '../../journey/records/api';
import { recordsActor } from '../../journey/records/hook';
import { RETRY_FIRST_MS, recordsSaverActor, startSaver } from '../../journey/records/saver';
import { FILE_KEY, keepFile, keepNothing } from '../../journey/records/store';
import type { AutosaveCommand } from '../../machines/journey-records';
import { answersOf, fakeApi } from './records-fake';

const FILE = { fileId: 'f1', token: 'tok' };
const ANSWERS = '/journey/api/advice-files/f1/answers';
const change = (dateOfBirth: string): AutosaveCommand => ({
  type: 'SAVE',
  answers: { ...emptyAnswers(), dateOfBirth } as AutosaveCommand['answers'],
  resumeAt: 'income',
});
/** Lets every pending promise settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('records saver', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('without consent makes no call at all, and the first visit loads nothing', async () => {
    const api = fakeApi({ 'POST .*': { status: 201, body: { seq: 1 } } });
    const storage = memoryStorage();
    keepNothing(storage);
    const saver = startSaver({ api: recordsApi('key', api.fetch), storage, online: null });
    saver.send(change('Ann'));
    // the hook, too: no file, so no chunk and no call
    const hook = createActor(recordsActor(storage)).start();
    hook.send(change('Ann'));
    await settle();
    expect(api.calls).toEqual([]);
    hook.stop();
    saver.stop();
  });

  it('with consent appends each change with the file token and the key', async () => {
    const api = fakeApi({ [`POST ${ANSWERS}`]: { status: 201, body: { seq: 2 } } });
    const storage = memoryStorage();
    keepFile(storage, { ...FILE, name: 'Ann' });
    const saved: number[] = [];
    const actor = createActor(
      recordsSaverActor({ api: recordsApi('site-key', api.fetch), storage, online: null, onSaved: (s) => saved.push(s) }),
    ).start();
    actor.send(change('Ann'));
    await settle();
    actor.send(change('Anna'));
    await settle();
    expect(api.calls.map((c) => answersOf(c).dateOfBirth)).toEqual(['Ann', 'Anna']);
    expect(api.calls[0]!.headers).toMatchObject({ 'X-API-Key': 'site-key', Authorization: 'Bearer tok' });
    expect(api.calls[0]!.body).toMatchObject({ resumeAt: 'income' });
    expect(saved).toEqual([2, 2]);
    actor.stop();
  });

  it('coalesces a burst: one call in flight, then only the latest answers', async () => {
    let release!: () => void;
    const first = new Promise<{ status: number; body: unknown }>((r) => (release = () => r({ status: 201, body: { seq: 1 } })));
    let n = 0;
    const api = fakeApi({ [`POST ${ANSWERS}`]: () => (n++ === 0 ? (first as never) : { status: 201, body: { seq: 2 } }) });
    const storage = memoryStorage();
    keepFile(storage, { ...FILE, name: 'Ann' });
    const saver = startSaver({ api: recordsApi('k', api.fetch), storage, online: null });
    saver.send(change('A'));
    saver.send(change('An'));
    saver.send(change('Ann'));
    saver.send(change('Anna'));
    await settle();
    expect(api.calls).toHaveLength(1);
    release();
    await settle();
    expect(api.calls.map((c) => answersOf(c).dateOfBirth)).toEqual(['A', 'Anna']);
    saver.stop();
  });

  it('retries after a 5xx with backoff, and the latest answers win over the failed ones', async () => {
    let fail = 2;
    const api = fakeApi({
      [`POST ${ANSWERS}`]: () => (fail-- > 0 ? { status: 503, body: { error: 'UNAVAILABLE' } } : { status: 201, body: { seq: 1 } }),
    });
    const storage = memoryStorage();
    keepFile(storage, { ...FILE, name: 'Ann' });
    const saver = startSaver({ api: recordsApi('k', api.fetch), storage, online: null });
    saver.send(change('Ann'));
    await settle();
    expect(api.calls).toHaveLength(1);
    // a change while waiting to retry waits too, and replaces the failed one
    saver.send(change('Anna'));
    await settle();
    expect(api.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(RETRY_FIRST_MS);
    expect(api.calls).toHaveLength(2);
    // the second failure waits twice as long
    await vi.advanceTimersByTimeAsync(RETRY_FIRST_MS);
    expect(api.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(RETRY_FIRST_MS);
    expect(api.calls.map((c) => answersOf(c).dateOfBirth)).toEqual(['Ann', 'Anna', 'Anna']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.calls).toHaveLength(3);
    saver.stop();
  });

  it('a 429 is tried again after its Retry-After, not dropped', async () => {
    let replies = 0;
    const api = fakeApi({
      [`POST ${ANSWERS}`]: () =>
        replies++ === 0
          ? { status: 429, body: { error: 'THROTTLED' }, headers: { 'Retry-After': '30' } }
          : { status: 201, body: { seq: 1 } },
    });
    const storage = memoryStorage();
    keepFile(storage, { ...FILE, name: 'Ann' });
    const saver = startSaver({ api: recordsApi('k', api.fetch), storage, online: null });
    saver.send(change('Ann'));
    await settle();
    expect(api.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(api.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(api.calls.map((c) => answersOf(c).dateOfBirth)).toEqual(['Ann', 'Ann']);
    saver.stop();
  });

  it('offline: tries again as soon as the browser is back online', async () => {
    let offline = true;
    const api = fakeApi({ [`POST ${ANSWERS}`]: () => (offline ? 'offline' : { status: 201, body: { seq: 1 } }) });
    const storage = memoryStorage();
    keepFile(storage, { ...FILE, name: 'Ann' });
    const online = new EventTarget();
    const saver = startSaver({ api: recordsApi('k', api.fetch), storage, online });
    saver.send(change('Ann'));
    await settle();
    offline = false;
    online.dispatchEvent(new Event('online'));
    await settle();
    expect(api.calls).toHaveLength(2);
    expect(answersOf(api.calls[1]!).dateOfBirth).toBe('Ann');
    // stopped: no listener left, no timer
    saver.stop();
    online.dispatchEvent(new Event('online'));
    await settle();
    expect(api.calls).toHaveLength(2);
  });

  it('a refusal (4xx) is not retried; consent stopped sends nothing more', async () => {
    const api = fakeApi({ [`POST ${ANSWERS}`]: { status: 404, body: { error: 'NOT_FOUND' } } });
    const storage = memoryStorage();
    keepFile(storage, { ...FILE, name: 'Ann' });
    const saver = startSaver({ api: recordsApi('k', api.fetch), storage, online: null });
    saver.send(change('Ann'));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(api.calls).toHaveLength(1);
    keepNothing(storage);
    expect(storage.getItem(FILE_KEY)).toBeNull();
    saver.send(change('Anna'));
    await settle();
    expect(api.calls).toHaveLength(1);
    saver.stop();
  });

  it("Start again's blank answers are recorded too: a correction is a later entry", async () => {
    const api = fakeApi({ [`POST ${ANSWERS}`]: { status: 201, body: { seq: 3 } } });
    const storage = memoryStorage();
    keepFile(storage, { ...FILE, name: 'Ann' });
    const saver = startSaver({ api: recordsApi('k', api.fetch), storage, online: null });
    saver.send({ type: 'SAVE', answers: emptyAnswers(), resumeAt: null });
    await settle();
    expect(api.calls.map(answersOf)).toEqual([emptyAnswers()]);
    saver.stop();
  });

  it('the first visit and the store read the same key', async () => {
    const hook = await import('../../journey/records/hook');
    expect(hook.FILE_KEY).toBe(FILE_KEY);
  });
  it('takes an answer not of its shape as a failure that may pass: the same change is tried again after the first delay', async () => {
    let n = 0;
    const api = fakeApi({
      [`POST ${ANSWERS}`]: () => (n++ === 0 ? { status: 201, body: { seq: 'one' } } : { status: 201, body: { seq: 1 } }),
    });
    const storage = memoryStorage();
    keepFile(storage, { ...FILE, name: 'Ann' });
    const saved: number[] = [];
    const saver = startSaver({ api: recordsApi('k', api.fetch), storage, online: null, onSaved: (s) => saved.push(s) });
    saver.send(change('Ann'));
    await settle();
    expect(saved).toEqual([]);
    await vi.advanceTimersByTimeAsync(RETRY_FIRST_MS);
    expect(api.calls.map((c) => answersOf(c).dateOfBirth)).toEqual(['Ann', 'Ann']);
    expect(saved).toEqual([1]);
    saver.stop();
  });
});
