/**
 * The journey's `records` actor as the first visit carries it (machines/journey-records.ts): the check that the browser
 * holds an advice file (consent given), and its effects as loaders. Only with a file does the saver's chunk load
 * (./index.tsx) and take every change from there on.
 */
import { fromCallback } from 'xstate';
import type { AutosaveCommand } from '../../machines/journey-records';
import { journeyRecordsMachine } from '../../machines/journey-records';
import type { StorageLike } from '../storage';

/** Where the advice file is kept (./store.ts FILE_KEY, written here again: importing it would put the store in the first visit). */
export const FILE_KEY = 'investment-journey:advice-file';

export const recordsActor = (storage: StorageLike) =>
  journeyRecordsMachine.provide({
    guards: { hasFile: () => !!storage.getItem(FILE_KEY) },
    actors: {
      saver: fromCallback<AutosaveCommand>(({ receive }) => {
        let saver: Promise<ReturnType<typeof import('.').pageSaver>> | undefined;
        let stopped = false;
        receive((command) => {
          // the first change loads the saver; every change goes to it in order (it keeps the latest)
          saver ??= import('.').then((m) => m.pageSaver(storage));
          void saver.then((s) => stopped || s.send(command));
        });
        return () => {
          stopped = true;
          void saver?.then((s) => s.stop());
        };
      }),
    },
  });
