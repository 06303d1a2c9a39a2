import { defineConfig } from 'vitest/config';

/**
 * Three projects: `node` (machines, pure logic, the server over real HTTP),
 * `dom` (components in happy-dom) and `e2e` (the built app in real Chromium).
 * `npm test` runs the first two; `npm run test:e2e` the third.
 */
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'node', environment: 'node', include: ['test/{architecture,machines,view-models,effects,journey,server}/**/*.test.ts'] },
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
          fileParallelism: false,
        },
      },
    ],
  },
});
