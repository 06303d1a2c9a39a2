import { defineConfig } from 'vitest/config';

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

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  test: {
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
