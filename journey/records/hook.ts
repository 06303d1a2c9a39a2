/**
 * The journey's `records` actor as the first visit carries it: nothing but a check that the browser holds an advice
 * file (consent given). Only then does the saver's chunk load (./index.tsx) and take every change from there on.
 */
import { fromCallback } from 'xstate';
import type { AutosaveCommand } from '../../machines/journey';
import type { StorageLike } from '../storage';

/** Where the advice file is kept (./store.ts FILE_KEY, written here again: importing it would put the store in the first visit). */
export const FILE_KEY = 'investment-journey:advice-file';

export const recordsActor = (storage: StorageLike) =>
  fromCallback<AutosaveCommand>(({ receive }) => {
    let saver: Promise<ReturnType<typeof import('.').pageSaver>> | undefined;
    let stopped = false;
    receive((command) => {
      if (!saver && !storage.getItem(FILE_KEY)) return;
      // the first change with a file loads the saver; every change goes to it in order (it keeps the latest)
      saver ??= import('.').then((m) => m.pageSaver(storage));
      void saver.then((s) => stopped || s.send(command));
    });
    return () => {
      stopped = true;
      void saver?.then((s) => s.stop());
    };
  });
