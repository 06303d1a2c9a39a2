/**
 * The journey's `records` actor (machines/journey-records.ts): whether the answers are kept on the server too, the one
 * state the header's save status and the saver read.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import type { AutosaveCommand } from '../../machines/journey-records';
import { journeyRecordsMachine, selectKept } from '../../machines/journey-records';

const SAVE = { type: 'SAVE', answers: {}, resumeAt: null } as unknown as AutosaveCommand;

function start(hasFile: boolean) {
  const sent: AutosaveCommand[] = [];
  const stopped: number[] = [];
  const logic = journeyRecordsMachine.provide({
    guards: { hasFile: () => hasFile },
    actors: {
      saver: fromCallback<AutosaveCommand>(({ receive }) => {
        receive((c) => sent.push(c));
        return () => stopped.push(1);
      }),
    },
  });
  return { actor: createActor(logic).start(), sent, stopped };
}

describe("the journey's records actor", () => {
  it('starts kept when the browser holds an advice file, and each change goes to the saver', () => {
    const { actor, sent } = start(true);
    expect(selectKept(actor.getSnapshot())).toBe(true);
    actor.send(SAVE);
    expect(sent).toEqual([SAVE]);
  });

  it('starts local without a file: no change goes to the server until consent is given', () => {
    const { actor, sent } = start(false);
    expect(selectKept(actor.getSnapshot())).toBe(false);
    actor.send(SAVE);
    expect(sent).toEqual([]);
    actor.send({ type: 'RECORDS.KEEP' });
    expect(selectKept(actor.getSnapshot())).toBe(true);
    actor.send(SAVE);
    expect(sent).toEqual([SAVE]);
  });

  it('consent stopped: the saver stops and nothing more is sent', () => {
    const { actor, sent, stopped } = start(true);
    actor.send({ type: 'RECORDS.DROP' });
    expect(selectKept(actor.getSnapshot())).toBe(false);
    expect(stopped).toEqual([1]);
    actor.send(SAVE);
    expect(sent).toEqual([]);
  });
});
