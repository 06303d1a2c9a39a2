/** The advice status's machine (machines/advice-status.ts) with a fake `GET advice-status`. */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, waitFor } from 'xstate';
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
});
