import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * @xstate/react reaches React's hooks through use-sync-external-store, a CommonJS
 * package whose `require('react')` needs the whole preact/compat module object, so
 * none of compat could tree-shake (about 2.5 KB gzip of the chat window). Its
 * `require('react')` gets an ES module with just the hooks it reads instead; the rest
 * of the code still imports all of React's API from preact/compat.
 */
const REACT_HOOKS_FOR_CJS = ['useSyncExternalStore', 'useRef', 'useEffect', 'useLayoutEffect', 'useMemo', 'useState', 'useDebugValue'];

export const reactHooksForCommonJs = {
  name: 'react-hooks-for-commonjs',
  setup(build) {
    build.onResolve({ filter: /^react$/ }, (args) =>
      args.kind === 'require-call' && /[\\/]use-sync-external-store[\\/]/.test(args.importer)
        ? { path: 'react', namespace: 'react-hooks-for-commonjs' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'react-hooks-for-commonjs' }, () => ({
      contents: `export { ${REACT_HOOKS_FOR_CJS.join(', ')} } from 'preact/compat';`,
      resolveDir: root,
      loader: 'js',
    }));
  },
};
