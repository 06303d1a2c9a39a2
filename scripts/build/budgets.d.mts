/** Types of scripts/build/budgets.mjs (see the TSDoc there). */
import type { Metafile } from 'esbuild';

/** An entry of size-budget.json. */
export interface ManifestEntry {
  /** The source file the build starts from, or that a part's loader imports on demand. */
  entry: string;
  /** The budget, in gzip bytes (level 9). */
  gzip: number;
  /** What the budget holds, in words. */
  why: string;
  /** Other entries whose own bytes count here too. */
  with?: string[];
  /** The bundle whose output is meant, where several bundles build the same source as an entry. */
  bundle?: string;
  /** Whether the files the entry loads on demand, those without an entry of their own, count too. @default true */
  onDemand?: boolean;
  /** Whether a build may lack the entry (a locale's words, written apart): its budget then counts nothing. @default false */
  optional?: boolean;
}

export type Manifest = Record<string, ManifestEntry>;

export declare function readManifest(root: string): Manifest;
export declare function loadedFile(file: string): boolean;
export declare function kb(bytes: number): string;
export declare function membership(
  metafile: Pick<Metafile, 'outputs'>,
  manifest: Manifest,
  options: { roots: string[]; alongside?: Map<string, string[]>; bundleOf?: Map<string, string> },
): Map<string, Set<string>>;
export declare function checkBudgets(
  manifest: Manifest,
  members: Map<string, Set<string>>,
  gzipOf: (file: string) => number | undefined,
  log?: (line: string) => void,
): boolean;
