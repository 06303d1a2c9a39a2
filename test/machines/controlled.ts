import { fromPromise } from 'xstate';

/** A promise actor whose calls the test settles by hand. */
export function controlled<I, O>() {
  const calls: { input: I; resolve: (o: O) => void; reject: (e: unknown) => void }[] = [];
  const logic = fromPromise<O, I>(({ input }) => new Promise<O>((resolve, reject) => calls.push({ input, resolve, reject })));
  return { logic, calls };
}
