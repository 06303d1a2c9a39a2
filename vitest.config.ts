import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Four projects: `node` (machines, pure logic, the server over real HTTP on SQLite),
 * `postgres` (the storage and server tests again, on PostgreSQL), `dom` (components in
 * happy-dom) and `e2e` (the built app in real Chromium). `npm test` runs the first three;
 * `npm run test:e2e` the last.
 */
/**
 * The tests that run the storage, or the server on it, are named `*.db.test.ts`: the `node` project runs them on
 * SQLite with the other server tests, and the `postgres` project runs them again on PostgreSQL.
 */
const DATABASE_TESTS = 'test/**/*.db.test.ts';

/** How many lists the file repeats its tests over (`.each(`), and its length. */
const weigh = (file: string) => {
  const text = readFileSync(file, 'utf8');
  return { lists: text.split('.each(').length - 1, length: text.length };
};

/**
 * How long each browser file took in a measured run, in seconds (test/e2e/seconds.json: only their order counts, so a
 * run at any load will do; docs/benchmarks.md "CI time" says when to measure again).
 */
const E2E_SECONDS: Record<string, number> = JSON.parse(readFileSync(new URL('./test/e2e/seconds.json', import.meta.url), 'utf8'));

/**
 * The order the test files start in. vitest runs first the files its cache says took longest; a fresh clone (CI) has
 * no cache, and vitest then starts the largest files first. For the browser files, size says little: a short file
 * that walks every route with axe (a11y-routes.test.ts, under 60 lines) takes longer than the longest file of single
 * pages, and a short file whose work is in one hook (answers.test.ts, the answers' evaluation) takes minutes; started
 * last, such a file runs alone at the end while the other worker waits. Without a cache, the browser files start
 * longest first by their measured seconds (E2E_SECONDS), so that the two workers finish together; a file not measured
 * yet starts before them (started last, a long one would run alone at the end), those that repeat a test over a list
 * (`.each(`: routes, widths, screens) first, most lists first, then the largest.
 */
class E2eFirstLongest extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const unknown = (spec: TestSpecification) =>
      spec.project.name === 'e2e' && !this.ctx.cache.getFileTestResults(`e2e:${relative(this.ctx.config.root, spec.moduleId)}`);
    const fresh = sorted.filter(unknown);
    if (fresh.length === 0) return sorted;
    const weight = new Map(fresh.map((spec) => [spec, weigh(spec.moduleId)]));
    const seconds = (spec: TestSpecification) => E2E_SECONDS[relative(this.ctx.config.root, spec.moduleId)] ?? Infinity;
    const reordered = [...fresh].sort((a, b) => {
      const [wa, wb] = [weight.get(a)!, weight.get(b)!];
      const [sa, sb] = [seconds(a), seconds(b)];
      return sa === sb ? wb.lists - wa.lists || wb.length - wa.length : sb - sa;
    });
    let next = 0;
    return sorted.map((spec) => (unknown(spec) ? reordered[next++]! : spec));
  }
}

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  test: {
    // on a fresh clone, the browser files that walk a list start first
    sequence: { sequencer: E2eFirstLongest },
    // two files at a time on the 2-core machine (vitest's default there is one, its cores less one): the tests wait
    // for events and take their limits from the code under test, not from how busy the machine is
    maxWorkers: 2,
    // a test's and a hook's patience, not a limit of the product: work that takes a second on a quiet machine (a
    // 90 MB zip bomb built, a database per migration) takes many under another file's work and other builds
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/{architecture,machines,view-models,effects,journey,server}/**/*.test.ts'],
        },
      },
      {
        // the storage and the server again, on PostgreSQL (a throwaway cluster the global setup starts)
        extends: true,
        test: {
          name: 'postgres',
          environment: 'node',
          include: [DATABASE_TESTS],
          globalSetup: ['test/support/postgres-global-setup.ts'],
          env: { TEST_DATABASE: 'postgres' },
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: ['test/components/**/*.test.tsx'],
          setupFiles: ['test/components/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // a poll waits for what a page does next (a viewer loaded, the focus moved): vitest's 1 s was missed by a
          // /smart-doc page's viewers loading beside another browser file; a patience, as the test's own 60 s is
          expect: { poll: { timeout: 10_000 } },
          // two files at a time, each with its own Chromium, against the one server (its per-address and
          // per-site limits are raised out of the way in test/e2e/server.ts; every page is a new visitor)
          fileParallelism: true,
          maxWorkers: 2,
          // after the other projects when they run in one command (a project's own maxWorkers needs its own group)
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
