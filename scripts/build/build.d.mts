/** Types of scripts/build/build.mjs (see the TSDoc there). */
import type { BuildOptions, Metafile } from 'esbuild';
import type { Manifest } from './budgets.mjs';

/** A row of the table of bundles (esbuild.config.mjs). */
export interface Bundle {
  /** Printed above its outputs. */
  name: string;
  /** esbuild's options; `entryPoints` are the entries a page loads first. */
  options: BuildOptions;
  /** Files copied next to the outputs; those a first visit loads count with the bundle's entries, those marked `lazy` do not. */
  static?: { from: string; to: string; lazy?: boolean }[];
  /** Modules built apart, each into one file of its own. */
  vendors?: string[];
  /** Build the core and the parts it loads on demand in two layers. */
  layers?: { core: string };
  /** The entries (source files) whose outputs get the compile hint. */
  eagerCompile?: string[];
  /** Defines computed from an earlier bundle's outputs. */
  defineFrom?: { bundle: string; define: (metafile: Metafile) => Record<string, string> };
}

export declare function build(how: {
  root: string;
  bundles: Bundle[];
  manifest: Manifest;
  watching?: boolean;
  log?: (line: string) => void;
}): Promise<{ bundle: Bundle; metafile: Metafile }[]>;
