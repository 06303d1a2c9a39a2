import type { Plugin } from 'esbuild';

/** Builds each source file named in `reaches` as though it imported the files listed for it (scripts/build/chunk-with.mjs). */
export function chunkWith(root: string, reaches: Record<string, string[]>): Plugin;
