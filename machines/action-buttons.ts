/**
 * The Home tab's action buttons for the host page's path (widget-spec §2 "Home",
 * §7 `GET {api}/action-triggers?path=`): loaded for the path the widget starts on
 * and again on every path change. widget-spec §7: a failure gives an empty list.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { notProvided } from './not-provided';
import type { ActionButton } from './chat';

export interface ActionButtonsContext {
  path: string;
  /** @default [] */
  buttons: ActionButton[];
}

export type ActionButtonsEvent = { type: 'PATH.CHANGED'; path: string };

export const actionButtonsMachine = setup({
  types: {
    context: {} as ActionButtonsContext,
    events: {} as ActionButtonsEvent,
    input: {} as { path: string },
  },
  actors: {
    loadActionButtons: fromPromise<ActionButton[], { path: string }>(notProvided('loadActionButtons')),
  },
}).createMachine({
  id: 'actionButtons',
  context: ({ input }) => ({ path: input.path, buttons: [] }),
  initial: 'loading',
  on: {
    // a newer path starts over: the older path's late answer is dropped with its actor
    'PATH.CHANGED': { target: '.loading', reenter: true, actions: assign({ path: ({ event }) => event.path, buttons: [] }) },
  },
  states: {
    loading: {
      invoke: {
        src: 'loadActionButtons',
        input: ({ context }) => ({ path: context.path }),
        onDone: { target: 'ready', actions: assign({ buttons: ({ event }) => event.output }) },
        onError: { target: 'ready', actions: assign({ buttons: [] }) },
      },
    },
    ready: {},
  },
});

export type ActionButtonsActor = ActorRefFrom<typeof actionButtonsMachine>;
export type ActionButtonsSnapshot = SnapshotFrom<typeof actionButtonsMachine>;

export const selectActionButtons = (s: ActionButtonsSnapshot) => s.context.buttons;
