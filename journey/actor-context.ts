/** The journey machine's actor context: the app root provides it, components read it. */
import { createActorContext } from '@xstate/react';
import type { JourneyEvent, JourneyMachine, JourneySnapshot } from '../machines/journey';

/**
 * No default machine: the app root (main.tsx) and each test provide the journey's machine (journey/questionnaire.ts)
 * with its effects. Only its type is needed here, so the question modules' forms, which read this context, do not
 * import the questionnaire that lists them.
 */
export const JourneyActorContext = createActorContext(null as unknown as JourneyMachine);

/** Reads one narrow slice of the journey's state. */
export const useJourney = <T>(selector: (s: JourneySnapshot) => T, compare?: (a: T, b: T) => boolean) =>
  JourneyActorContext.useSelector(selector, compare);

/** Sends an event to the journey. */
export function useJourneySend(): (event: JourneyEvent) => void {
  return JourneyActorContext.useActorRef().send;
}
