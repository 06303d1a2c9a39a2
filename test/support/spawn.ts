/**
 * A `Spawn` (src/runtime.ts) for tests of a part alone: each machine a root actor of its own, seen by
 * `inspect` (in the widget, the parts' machines run in the root's system: `spawnIn`).
 */
import { createActor, type AnyActorLogic, type InspectionEvent, type Observer } from 'xstate';
import type { Spawn } from '../../src/runtime';

export const spawnAlone =
  (inspect?: Observer<InspectionEvent>): Spawn =>
  (_systemId, logic, input) => {
    const actor = createActor(logic as AnyActorLogic, { input, inspect }).start();
    return { actor: actor as never, stop: () => void actor.stop() };
  };
