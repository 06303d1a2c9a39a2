/**
 * A Copy button (issue 32 §3, the embed snippet, an invite link, a key): idle → copying → copied (for a while, then
 * idle) | refused. Refused means the browser would not write the clipboard: the view selects the text instead, for
 * the person to copy by hand.
 */
import { fromPromise, setup, type SnapshotFrom } from 'xstate';
import { COPIED_STATUS_MS } from './console-constants';
import { notProvided } from './not-provided';

export type CopyEvent = { type: 'COPY'; text: string };

export const consoleCopyMachine = setup({
  types: {} as { events: CopyEvent },
  actors: { write: fromPromise<void, string>(notProvided('write')) },
  delays: { copiedFor: COPIED_STATUS_MS },
}).createMachine({
  id: 'consoleCopy',
  initial: 'idle',
  on: { COPY: { target: '.copying', reenter: true } },
  states: {
    idle: {},
    copying: {
      invoke: {
        src: 'write',
        input: ({ event }) => (event as CopyEvent).text,
        onDone: 'copied',
        onError: 'refused',
      },
    },
    copied: { after: { copiedFor: 'idle' } },
    refused: {},
  },
});

export const selectCopyPhase = (s: SnapshotFrom<typeof consoleCopyMachine>) => s.value as 'idle' | 'copying' | 'copied' | 'refused';
