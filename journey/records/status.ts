/**
 * The site's advice status (machines/advice-status.ts) as one actor of the journey's system, `adviceStatus`: made by
 * the first page that needs it (it loads on demand with these pages, not with the first visit), asked once per page
 * load, read by the advice gate, Save-later and the acceptance through narrow selectors.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { createActor, fromCallback, type AnyActorRef } from 'xstate';
import { adviceStatusMachine, type AdviceStatusActor, type AdviceStatusEvent } from '../../machines/advice-status';
import { api } from './shared';

/** The system id the status actor is kept under. */
const SYSTEM_ID = 'adviceStatus';

/** The journey's status actor, made and started the first time it is needed. */
export function adviceStatus(journey: AnyActorRef): AdviceStatusActor {
  const kept = journey.system.get(SYSTEM_ID) as AdviceStatusActor | undefined;
  if (kept) return kept;
  const fetchStatus = fromCallback<AdviceStatusEvent>(({ sendBack }) => {
    api()
      .status()
      .then(
        (status) => sendBack({ type: 'STATUS.ANSWERED', status }),
        () => sendBack({ type: 'STATUS.UNREACHABLE' }),
      );
  });
  const logic = adviceStatusMachine.provide({ actors: { fetchStatus } });
  // a child of the journey in its system (the inspector shows it beside the others), registered under its system id
  return createActor(logic, { parent: journey, systemId: SYSTEM_ID }).start();
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
