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
import { adviceStatusMachine, type AdviceStatusEvent } from '../../machines/advice-status';
import type { AutosaveCommand } from '../../machines/journey-records';
import { ADVICE_STATUS, journeyRecordsMachine, selectKept } from '../../machines/journey-records';

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
  /** The actors made under the advice status's id. */
  const statusesMade = () => inspected.filter((e) => e.type === '@xstate.actor' && (e.actorRef as AnyActorRef).id === ADVICE_STATUS).length;
  return { journey, sent, kept, passedOn, statusesMade };
}

/** The advice status's machine as a page hands it in, with a fetch that never answers. */
const statusLogic = () => adviceStatusMachine.provide({ actors: { fetchStatus: fromCallback<AdviceStatusEvent>(() => undefined) } });

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

  it("kept through the journey: the answers so far go to the saver at once, and the journey's changes from then on", () => {
    const { journey, sent } = startJourney(false);
    journey.send({ type: 'ANSWER.SET', field: 'dateOfBirth', value: '01/01/1990' });
    expect(sent).toEqual([]);
    journey.send({ type: 'RECORDS.KEEP' });
    expect(sent.map((c) => c.answers.dateOfBirth)).toEqual(['01/01/1990']);
    journey.send({ type: 'ANSWER.SET', field: 'dateOfBirth', value: '02/01/1990' });
    expect(sent.map((c) => c.answers.dateOfBirth)).toEqual(['01/01/1990', '02/01/1990']);
  });

  it('RECORDS.STATUS sent to the root: the records actor spawns the advice status once, as its child in the system', () => {
    const { journey, passedOn, statusesMade } = startJourney(false);
    journey.send({ type: 'RECORDS.STATUS', logic: statusLogic() });
    const status = journey.system.get(ADVICE_STATUS);
    expect(status).toBeDefined();
    expect(status.getSnapshot().status).toBe('active');
    expect(journey.system.get('records').getSnapshot().children[ADVICE_STATUS]).toBe(status);
    // a second ask (another page, with its own copy of the machine) finds it: no second spawn, nothing thrown
    journey.send({ type: 'RECORDS.STATUS', logic: statusLogic() });
    expect(journey.system.get(ADVICE_STATUS)).toBe(status);
    expect(statusesMade()).toBe(1);
    expect(journey.getSnapshot().status).toBe('active');
    expect(passedOn()).toEqual(['RECORDS.STATUS', 'RECORDS.STATUS']);
  });

  it('the advice status holds through consent given and stopped, and stops with the journey', () => {
    const { journey } = startJourney(false);
    journey.send({ type: 'RECORDS.STATUS', logic: statusLogic() });
    const status = journey.system.get(ADVICE_STATUS);
    status.send({ type: 'STATUS.ASK' });
    journey.send({ type: 'RECORDS.KEEP' });
    journey.send({ type: 'RECORDS.DROP' });
    expect(journey.system.get(ADVICE_STATUS)).toBe(status);
    expect(status.getSnapshot().value).toBe('asking');
    journey.stop();
    expect(status.getSnapshot().status).toBe('stopped');
    expect(journey.system.get(ADVICE_STATUS)).toBeUndefined();
  });
});
