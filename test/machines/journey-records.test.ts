/**
 * The journey's `records` actor (machines/journey-records.ts): whether the answers are kept on the server too, the one
 * state the header's save status and the saver read.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type AnyActorRef, type InspectionEvent } from 'xstate';
import { autosaveActor, memoryStorage } from '../../journey/autosave-actor';
import { assessSuitability } from '../../journey/engine/assess';
import { historyActor, memoryHistoryPort } from '../../journey/history-actor';
import { journeyGuards, journeyMachine } from '../../journey/questionnaire';
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

/** The journey (the app's root) with the records actor above as its child, and every event the inspector saw. */
function startJourney(hasFile: boolean) {
  const sent: AutosaveCommand[] = [];
  const records = journeyRecordsMachine.provide({
    guards: { hasFile: () => hasFile },
    actors: { saver: fromCallback<AutosaveCommand>(({ receive }) => receive((c) => sent.push(c))) },
  });
  const inspected: InspectionEvent[] = [];
  const journey = createActor(
    journeyMachine.provide({
      guards: journeyGuards(
        () => new Date(2026, 0, 1),
        () => assessSuitability,
      ),
      actors: { history: historyActor(memoryHistoryPort('/')), autosave: autosaveActor(memoryStorage()), records },
    }),
    { input: { path: '/' }, inspect: (e) => inspected.push(e) },
  ).start();
  const kept = () => selectKept(journey.system.get('records').getSnapshot());
  /** The RECORDS.* events the journey passed on to `records` (sent by the journey itself, as its own transition). */
  const passedOn = () =>
    inspected.flatMap((e) =>
      e.type === '@xstate.event' &&
      e.event.type.startsWith('RECORDS.') &&
      e.sourceRef === journey &&
      e.actorRef === (journey.system.get('records') as AnyActorRef)
        ? [e.event.type]
        : [],
    );
  return { journey, sent, kept, passedOn };
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

  it("told through the journey: RECORDS.KEEP and RECORDS.DROP sent to the root reach it as the journey's own transitions", () => {
    const { journey, kept, passedOn } = startJourney(false);
    expect(kept()).toBe(false);
    journey.send({ type: 'RECORDS.KEEP' });
    expect(kept()).toBe(true);
    journey.send({ type: 'RECORDS.DROP' });
    expect(kept()).toBe(false);
    expect(passedOn()).toEqual(['RECORDS.KEEP', 'RECORDS.DROP']);
  });

  it("kept through the journey: the journey's changes go to the saver from then on", () => {
    const { journey, sent } = startJourney(false);
    journey.send({ type: 'ANSWER.SET', field: 'dateOfBirth', value: '01/01/1990' });
    expect(sent).toEqual([]);
    journey.send({ type: 'RECORDS.KEEP' });
    journey.send({ type: 'ANSWER.SET', field: 'dateOfBirth', value: '02/01/1990' });
    expect(sent.map((c) => c.answers.dateOfBirth)).toEqual(['02/01/1990']);
  });
});
