/** The console screens' flows: a change with its confirmation (console-task), a read (console-load), a Copy button (console-copy). */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { consoleCopyMachine, selectCopyPhase } from '../../machines/console-copy';
import { consoleLoadMachine, selectLoadPhase } from '../../machines/console-load';
import { consoleTaskMachine, selectTaskError, selectTaskPhase } from '../../machines/console-task';

const refusal = (code: string, more: object = {}) => Object.assign(new Error(code), { code, ...more });

describe('a change (console-task)', () => {
  it('asks first when requested: Cancel runs nothing, Confirm runs it with the input', async () => {
    const run = vi.fn(async (input: unknown) => ({ done: input }));
    const task = createActor(
      consoleTaskMachine.provide({ actors: { run: fromPromise<unknown, unknown>(({ input }) => run(input)) } }),
    ).start();
    task.send({ type: 'TASK.REQUEST', input: 'rotate' });
    expect(selectTaskPhase(task.getSnapshot())).toBe('confirming');
    task.send({ type: 'TASK.CANCEL' });
    expect(run).not.toHaveBeenCalled();
    task.send({ type: 'TASK.REQUEST', input: 'rotate' });
    task.send({ type: 'TASK.CONFIRM' });
    await waitFor(task, (s) => s.matches('done'));
    expect(run).toHaveBeenCalledWith('rotate');
    expect(task.getSnapshot().context.result).toEqual({ done: 'rotate' });
  });

  it('keeps a refusal’s code and field, and clears it on the next try or a reset', async () => {
    let fail = true;
    const run = fromPromise<unknown, unknown>(async () => {
      if (fail) throw refusal('INVALID', { field: 'origins', allowed: 'https origins' });
      return 'ok';
    });
    const task = createActor(consoleTaskMachine.provide({ actors: { run } })).start();
    task.send({ type: 'TASK.RUN', input: ['ftp://x'] });
    await waitFor(task, (s) => s.matches('failed'));
    expect(selectTaskError(task.getSnapshot())).toEqual({ code: 'INVALID', field: 'origins', allowed: 'https origins' });
    task.send({ type: 'TASK.RESET' });
    expect(selectTaskError(task.getSnapshot())).toBeNull();
    fail = false;
    task.send({ type: 'TASK.RUN', input: ['https://x'] });
    expect(selectTaskError(task.getSnapshot())).toBeNull();
    await waitFor(task, (s) => s.matches('done'));
  });

  it('anything thrown without a code is NETWORK', async () => {
    const task = createActor(
      consoleTaskMachine.provide({ actors: { run: fromPromise<unknown, unknown>(() => Promise.reject(new TypeError('x'))) } }),
    ).start();
    task.send({ type: 'TASK.RUN', input: null });
    await waitFor(task, (s) => s.matches('failed'));
    expect(selectTaskError(task.getSnapshot())?.code).toBe('NETWORK');
  });
});

describe('a read (console-load)', () => {
  it('loads, fails with a code, loads again', async () => {
    let answer: Promise<unknown> = Promise.reject(refusal('NOT_FOUND'));
    const load = createActor(consoleLoadMachine.provide({ actors: { load: fromPromise(() => answer) } })).start();
    await waitFor(load, (s) => s.matches('failed'));
    expect(load.getSnapshot().context.error?.code).toBe('NOT_FOUND');
    answer = Promise.resolve([1]);
    load.send({ type: 'LOAD.AGAIN' });
    await waitFor(load, (s) => s.matches('ready'));
    expect(load.getSnapshot().context).toMatchObject({ data: [1], error: null });
  });

  it('appends the next page, and says when there is no more', async () => {
    const more = fromPromise<{ data: unknown; complete: boolean }, unknown>(async ({ input }) => ({
      data: [...(input as number[]), 3],
      complete: true,
    }));
    const load = createActor(consoleLoadMachine.provide({ actors: { load: fromPromise<unknown>(async () => [1, 2]), more } })).start();
    await waitFor(load, (s) => s.matches('ready'));
    load.send({ type: 'LOAD.MORE' });
    expect(selectLoadPhase(load.getSnapshot())).toBe('loadingMore');
    await waitFor(load, (s) => s.matches('ready'));
    expect(load.getSnapshot().context).toMatchObject({ data: [1, 2, 3], complete: true });
  });
});

describe('a Copy button (console-copy)', () => {
  it('copied for a while, then idle', async () => {
    vi.useFakeTimers();
    try {
      const write = vi.fn(async (_text: string) => undefined);
      const copy = createActor(
        consoleCopyMachine.provide({ actors: { write: fromPromise<void, string>(({ input }) => write(input)) } }),
      ).start();
      copy.send({ type: 'COPY', text: '<script …>' });
      await vi.waitFor(() => expect(selectCopyPhase(copy.getSnapshot())).toBe('copied'));
      expect(write).toHaveBeenCalledWith('<script …>');
      await vi.advanceTimersByTimeAsync(4_000);
      expect(selectCopyPhase(copy.getSnapshot())).toBe('idle');
    } finally {
      vi.useRealTimers();
    }
  });

  it('refused by the browser: the view selects the text instead; a new click tries again', async () => {
    let refuse = true;
    const write = fromPromise<void, string>(async () => {
      if (refuse) throw new Error('NotAllowedError');
    });
    const copy = createActor(consoleCopyMachine.provide({ actors: { write } })).start();
    copy.send({ type: 'COPY', text: 'x' });
    await waitFor(copy, (s) => s.matches('refused'));
    refuse = false;
    copy.send({ type: 'COPY', text: 'x' });
    await waitFor(copy, (s) => s.matches('copied'));
  });
});
