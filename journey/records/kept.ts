/**
 * The browser starts or stops keeping an advice file (./store.ts), and the journey is told, which tells its `records`
 * actor (machines/journey-records.ts): the saver and the header's save status follow that one state.
 */
import type { ActorRefFrom } from 'xstate';
import type { JourneyMachine } from '../../machines/journey';
import { storage } from './shared';
import { keepFile, keepNothing, type KeptFile } from './store';

/** The journey's actor, to hand the answers so far to the `records` actor once consent is given. */
export type JourneyRef = ActorRefFrom<JourneyMachine>;

const tell = (journey: JourneyRef | undefined, type: 'RECORDS.KEEP' | 'RECORDS.DROP') => journey?.send({ type });

/** Consent given, or a file resumed: the answers go to `file` from now on. */
export function keep(file: KeptFile, journey?: JourneyRef): void {
  keepFile(storage(), file);
  tell(journey, 'RECORDS.KEEP');
}

/** Consent refused, or stopped: nothing more goes to the server. */
export function drop(journey?: JourneyRef): void {
  keepNothing(storage());
  tell(journey, 'RECORDS.DROP');
}
