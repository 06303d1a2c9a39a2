/** The advice status's machine (machines/advice-status.ts) with a fake `GET advice-status`. */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, waitFor } from 'xstate';
import { autosaveActor, memoryStorage } from '../../journey/autosave-actor';
import { assessSuitability } from '../../journey/engine/assess';
import { historyActor, memoryHistoryPort } from '../../journey/history-actor';
import { journeyGuards, journeyMachine } from '../../journey/questionnaire';
import { recordsActor } from '../../journey/records/hook';
import { adviceStatus } from '../../journey/records/status';
import {
  adviceStatusMachine,
  selectAdvice,
  selectMail,
  type AdviceStatusAnswer,
  type AdviceStatusEvent,
} from '../../machines/advice-status';

function start(answers: (AdviceStatusAnswer | Error)[]) {
  let asked = 0;
  const logic = adviceStatusMachine.provide({
    actors: {
      fetchStatus: fromCallback<AdviceStatusEvent>(({ sendBack }) => {
        const a = answers[asked++]!;
        void Promise.resolve().then(() =>
          sendBack(a instanceof Error ? { type: 'STATUS.UNREACHABLE' } : { type: 'STATUS.ANSWERED', status: a }),
        );
      }),
    },
  });
  const actor = createActor(logic).start();
  return { actor, asked: () => asked };
}

describe('the advice status', () => {
  it('asks once, however many pages ask', async () => {
    const { actor, asked } = start([{ paused: false, mail: true }]);
    expect(selectAdvice(actor.getSnapshot())).toBe('unknown');
    actor.send({ type: 'STATUS.ASK' });
    actor.send({ type: 'STATUS.ASK' });
    await waitFor(actor, (s) => s.matches('known'));
    actor.send({ type: 'STATUS.ASK' });
    expect(asked()).toBe(1);
    expect(selectAdvice(actor.getSnapshot())).toBe('open');
    expect(selectMail(actor.getSnapshot())).toBe(true);
  });

  it('unreachable: advice open, no mail', async () => {
    const { actor } = start([new Error('offline')]);
    actor.send({ type: 'STATUS.ASK' });
    await waitFor(actor, (s) => s.matches('known'));
    expect(selectAdvice(actor.getSnapshot())).toBe('open');
    expect(selectMail(actor.getSnapshot())).toBe(false);
  });

  it('a call that answers paused: paused at once, asked again, and paused holds whatever the answer says', async () => {
    const { actor, asked } = start([
      { paused: false, mail: false },
      { paused: false, mail: true },
    ]);
    actor.send({ type: 'STATUS.ASK' });
    await waitFor(actor, (s) => s.matches('known'));
    actor.send({ type: 'STATUS.PAUSED' });
    expect(selectAdvice(actor.getSnapshot())).toBe('paused');
    await waitFor(actor, (s) => s.matches('known'));
    expect(asked()).toBe(2);
    expect(selectAdvice(actor.getSnapshot())).toBe('paused');
    expect(selectMail(actor.getSnapshot())).toBe(true);
  });

  describe("as the pages get it (journey/records/status.ts), from the journey's records actor", () => {
    /** The journey as its provider makes it: created, started only after the first render (an effect). */
    const journey = () =>
      createActor(
        journeyMachine.provide({
          guards: journeyGuards(
            () => new Date(2026, 0, 1),
            () => assessSuitability,
          ),
          actors: {
            history: historyActor(memoryHistoryPort('/questionnaire/recommendation')),
            autosave: autosaveActor(memoryStorage()),
            records: recordsActor(memoryStorage()),
          },
        }),
        { input: { path: '/questionnaire/recommendation' } },
      );

    it('is there on the first render, before the provider starts the journey, spawned once by the records actor', () => {
      const root = journey();
      const status = adviceStatus(root);
      expect(status).toBeDefined();
      expect(status.getSnapshot().status).toBe('active');
      expect(root.system.get('records').getSnapshot().children.adviceStatus).toBe(status);
      expect(adviceStatus(root)).toBe(status);
      // the provider's own start, after the render, changes nothing
      root.start();
      expect(adviceStatus(root)).toBe(status);
      root.stop();
      expect(status.getSnapshot().status).toBe('stopped');
    });

    it('a stopped journey is not started again', () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const root = journey().start();
      root.stop();
      expect(adviceStatus(root)).toBeUndefined();
      expect(root.getSnapshot().status).toBe('stopped');
      warn.mockRestore();
    });
  });
});
