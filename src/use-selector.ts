/**
 * How the widget's components read machines: `useSelector(actor, selector)`, as @xstate/react's,
 * re-rendering only when the selected value changes (`compare`, default `Object.is`). Written here
 * because @xstate/react reaches Preact through use-sync-external-store, which the text chat's budget
 * cannot carry; the parts loaded on demand get it from the host (src/chat-window/index.tsx).
 */
import { useEffect, useRef, useState } from 'react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';

/**
 * The selected value of `actor`'s snapshot, now and after each change. `select` reads the snapshot
 * only (the first one given is the one applied to later snapshots).
 */
export function useSelector<A extends AnyActorRef, T>(
  actor: A,
  select: (s: SnapshotFrom<A>) => T,
  compare: (a: T, b: T) => boolean = Object.is,
): T {
  const changed = useState<object>()[1];
  const value = select(actor.getSnapshot());
  const shown = useRef(value);
  shown.current = value;
  useEffect(() => {
    const check = () => compare(shown.current, select(actor.getSnapshot())) || changed({});
    const sub = actor.subscribe(check);
    // a change between this render and the subscription is not missed
    check();
    return () => sub.unsubscribe();
  }, [actor]);
  return value;
}

/** A snapshot, as the views that show a machine's whole state read it (re-rendered on each change of it). */
export const whole = <S>(s: S) => s;

/** A `compare` for a snapshot read by a view that uses only these selectors' values: equal while they all are. */
export const sameIn =
  <S>(...selectors: ((s: S) => unknown)[]) =>
  (a: S, b: S) =>
    selectors.every((f) => Object.is(f(a), f(b)));
