/** The journey machine's actor context: the app root provides it, components read it. */
import { createActorContext } from '@xstate/react';
import { journeyMachine, type JourneyEvent, type JourneySnapshot } from '../machines/journey';

export const JourneyActorContext = createActorContext(journeyMachine);

/** Reads one narrow slice of the journey's state. */
export const useJourney = <T,>(selector: (s: JourneySnapshot) => T, compare?: (a: T, b: T) => boolean) =>
  JourneyActorContext.useSelector(selector, compare);

/** Sends an event to the journey. */
export function useJourneySend(): (event: JourneyEvent) => void {
  return JourneyActorContext.useActorRef().send;
}
