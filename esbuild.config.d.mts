/** Types of what esbuild.config.mjs exports for tests and scripts. */
import type { BuildOptions, Plugin } from 'esbuild';
import type { Bundle } from './scripts/build/build.mjs';

/** Options shared by every browser bundle (react → preact/compat, minified, the browsers supported). */
export declare const browserDefaults: BuildOptions;
/** The widget bundle's plugins: CSS as minified text, marked's lexer only, compat hooks for CommonJS. */
export declare const widgetPlugins: Plugin[];
/** The table of bundles. */
export declare const bundles: Bundle[];
