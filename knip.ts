/**
 * The dead-code check (`npm run lint`): the entries are size-budget.json's (every entry a page loads, some of them
 * loaded by a computed import() knip cannot follow) and the scripts'; knip finds the server's in esbuild.config.mjs,
 * and the tests through its vitest plugin.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { KnipConfig } from 'knip';

const manifest = JSON.parse(readFileSync(new URL('./size-budget.json', import.meta.url), 'utf8')) as Record<
  string,
  { entry?: string; optional?: boolean }
>;

const config: KnipConfig = {
  // an optional entry (a locale's words, written apart) only once it is there
  entry: [...Object.values(manifest).flatMap((e) => (e.entry && (!e.optional || existsSync(e.entry)) ? [e.entry] : [])), 'scripts/*.ts'],
  project: ['**/*.{ts,tsx,mjs}'],
  ignoreExportsUsedInFile: true,
  // the react-dom alias is what @xstate/react's CommonJS require('react-dom') resolves to
  ignoreDependencies: ['react-dom'],
  // the markdown renderer is also its module's default export, for those who load the module whole
  ignoreIssues: { 'src/markdown/markdown.tsx': ['duplicates'] },
};

export default config;
