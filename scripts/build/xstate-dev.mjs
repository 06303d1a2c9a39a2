/**
 * xstate hands an actor created with `devTools: true` to a global hook (`globalThis.__xstate__`, the old
 * browser extension's). The widget gives no actor that option (its inspector is `inspect`: src/inspect.ts),
 * so the hook's module is replaced by one that does nothing: a few lines xstate would otherwise ship in the
 * text chat (about 0.1 KB gzip). An actor given a devTools function of its own still calls it.
 */
export const xstateWithoutDevTools = {
  name: 'xstate-without-devtools',
  setup(build) {
    build.onResolve({ filter: /[\\/]xstate-dev\.esm\.js$/ }, () => ({ path: 'xstate-dev', namespace: 'xstate-without-devtools' }));
    build.onLoad({ filter: /.*/, namespace: 'xstate-without-devtools' }, () => ({
      contents: 'export const devToolsAdapter = () => {};',
      loader: 'js',
    }));
  },
};
