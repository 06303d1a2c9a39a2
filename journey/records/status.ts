/**
 * The site's advice status (machines/advice-status.ts) as one actor of the journey's system, `adviceStatus`: the
 * journey's `records` actor spawns it when the first page that needs it hands it its machine (it loads on demand with
 * these pages, not with the first visit), and it stops with the journey; asked once per page load, read by the advice
 * gate, Save-later and the acceptance through narrow selectors.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { fromCallback, type AnyActorRef } from 'xstate';
import { adviceStatusMachine, type AdviceStatusActor, type AdviceStatusEvent } from '../../machines/advice-status';
import { api } from './shared';

/**
 * The system id the records actor spawns the status under (machines/journey-records.ts ADVICE_STATUS, written here
 * again: importing it from a chunk that loads on demand would split that module off the journey's first visit).
 */
const ADVICE_STATUS = 'adviceStatus';

/**
 * The journey's status actor: the first time a page needs it, the page hands its machine (with the fetch) to the
 * journey's `records` actor, which spawns it (once, so it stops with the journey).
 */
export function adviceStatus(journey: AnyActorRef): AdviceStatusActor {
  const kept = journey.system.get(ADVICE_STATUS) as AdviceStatusActor | undefined;
  if (kept) return kept;
  const fetchStatus = fromCallback<AdviceStatusEvent>(({ sendBack }) => {
    api()
      .status()
      .then(
        (status) => sendBack({ type: 'STATUS.ANSWERED', status }),
        () => sendBack({ type: 'STATUS.UNREACHABLE' }),
      );
  });
  // the journey's provider starts it in an effect, after its first render, and until then an event waits in its
  // mailbox: a page that needs the status on that first render starts it now (starting it again does nothing; a
  // stopped journey is not started again), so that its `records` actor has spawned the status when the page reads it
  if (journey.getSnapshot().status === 'active') journey.start();
  journey.send({ type: 'RECORDS.STATUS', logic: adviceStatusMachine.provide({ actors: { fetchStatus } }) });
  return journey.system.get(ADVICE_STATUS);
}

/** Reads one code of the status, asking the server the first time any page does. */
export function useAdviceStatus<T>(journey: AnyActorRef, selector: (s: ReturnType<AdviceStatusActor['getSnapshot']>) => T): T {
  const actor = adviceStatus(journey);
  useEffect(() => actor.send({ type: 'STATUS.ASK' }), [actor]);
  // @xstate/react's useSelector, as React's own store hook: importing it here would split the first visit's chunks
  return useSyncExternalStore(
    (changed) => actor.subscribe(changed).unsubscribe,
    () => selector(actor.getSnapshot()),
  );
}
