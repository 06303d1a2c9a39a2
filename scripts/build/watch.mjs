import { watch as watchFolder } from 'node:fs';
import path from 'node:path';

/** The folders whose changes rebuild: every source a bundle reads. */
const SOURCES = ['src', 'machines', 'contract', 'journey', 'demo', 'server'];

/**
 * Runs `rebuild` now and again after each change of a source folder (100 ms after the last
 * one; one build at a time, since the widget's layers are several builds in a row). A failed
 * build prints its error and waits for the next change.
 */
export function watchAll(root, rebuild) {
  let timer;
  let running = Promise.resolve();
  const run = () => {
    running = running.then(async () => {
      const started = Date.now();
      try {
        await rebuild();
        console.log(`built in ${Date.now() - started} ms; watching for changes…`);
      } catch (err) {
        console.error(err instanceof Error ? err.message : err);
      }
    });
  };
  for (const dir of SOURCES) {
    watchFolder(path.join(root, dir), { recursive: true }, () => {
      clearTimeout(timer);
      timer = setTimeout(run, 100);
    });
  }
  run();
}
