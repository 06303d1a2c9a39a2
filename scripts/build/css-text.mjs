import * as esbuild from 'esbuild';
import { readFile } from 'node:fs/promises';

/**
 * Widget stylesheets are adopted as text: minified here, as esbuild's text loader would not.
 * esbuild keeps the space after the comma of `var(--name, fallback)`; a declared value is
 * trimmed, so it goes too.
 */
export const minifiedCssText = {
  name: 'minified-css-text',
  setup(build) {
    build.onLoad({ filter: /\.css$/ }, async (args) => {
      const { code } = await esbuild.transform(await readFile(args.path, 'utf8'), { loader: 'css', minify: true });
      return { contents: code.replace(/(var\(--[\w-]+),\s+/g, '$1,'), loader: 'text' };
    });
  },
};
