/** The widget's runtime, inside the chat window (core.tsx provides it). */
import { useContext } from 'react';
import { RuntimeContext, type Runtime } from '../runtime';

export function useRuntime(): Runtime {
  const r = useContext(RuntimeContext);
  if (!r) throw new Error('useRuntime outside the widget');
  return r;
}
