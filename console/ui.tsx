/**
 * The console's shared parts: links through the router, a screen's heading (the focus lands on it after a
 * navigation), the confirmation dialog, the Copy button, form fields with their error, and the hooks that run a
 * screen's reads and changes as actors (machines/console-load.ts, machines/console-task.ts).
 */
import { useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useId, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { consoleCopyMachine, selectCopyPhase } from '../machines/console-copy';
import { consoleLoadMachine, selectLoadPhase } from '../machines/console-load';
import type { SessionError } from '../machines/console-session';
import { consoleTaskMachine, selectTaskError, selectTaskPhase } from '../machines/console-task';
import { useRouterActor, useScreenActor } from './context';
import { clipboardWrite } from './effects';
import { errorText, W } from './messages';

/** A link inside the console: the router follows it without reloading (a modified click opens a tab as usual). */
export function Link({ to, children, ...rest }: { to: string; children: ReactNode; className?: string; 'aria-current'?: 'page' }) {
  const router = useRouterActor();
  return (
    <a
      href={to}
      {...rest}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        router.send({ type: 'ROUTE.GO', path: to });
      }}
    >
      {children}
    </a>
  );
}

/** Set by the frame when the route changes: the next screen's heading takes the focus. */
let focusOnHeading = false;
export const focusNextHeading = () => {
  focusOnHeading = true;
};

/** A screen's heading: the page's title, and where the focus goes after a navigation. */
export function Heading({ children }: { children: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${children} · ${W.product}`;
    if (focusOnHeading) {
      focusOnHeading = false;
      ref.current?.focus();
    }
  }, [children]);
  return (
    <h1 ref={ref} tabIndex={-1} data-part="heading">
      {children}
    </h1>
  );
}

/** A refusal's words, announced (role="alert"), or nothing. */
export function ErrorText({ error, id }: { error: SessionError | null; id?: string }) {
  if (!error) return null;
  return (
    <p role="alert" id={id} data-part="error">
      {errorText(error)}
    </p>
  );
}

/**
 * A modal confirmation (the native <dialog>: the page behind is inert, Escape cancels); the focus starts on
 * Cancel and returns to where it was when the dialog closes.
 */
export function ConfirmDialog(props: {
  title: string;
  text: string;
  confirm: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement as HTMLElement | null;
    if (dialog && !dialog.open) dialog.showModal?.();
    cancel.current?.focus();
    return () => {
      if (dialog?.open) dialog.close();
      opener?.focus?.();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-part="dialog"
      onCancel={(e) => {
        e.preventDefault();
        props.onCancel();
      }}
    >
      <h2 id={titleId}>{props.title}</h2>
      <p id={textId}>{props.text}</p>
      <div data-part="actions">
        <button type="button" ref={cancel} onClick={props.onCancel}>
          {W.cancel}
        </button>
        <button type="button" data-part="danger" disabled={props.busy} onClick={props.onConfirm}>
          {props.confirm}
        </button>
      </div>
    </dialog>
  );
}

/**
 * A Copy button for the text of the element `target` names: "Copied" is announced politely; where the browser
 * refuses the clipboard, the text is selected for the person to copy by hand.
 */
export function CopyButton({ text, target, label = W.copy }: { text: string; target: string; label?: string }) {
  const copy = useScreenActor(consoleCopyMachine.provide({ actors: { write: clipboardWrite } }));
  const phase = useSelector(copy, selectCopyPhase);
  useEffect(() => {
    if (phase !== 'refused') return;
    const el = document.getElementById(target);
    if (!el) return;
    const range = document.createRange();
    range.selectNodeContents(el);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
  }, [phase, target]);
  return (
    <span data-part="copy">
      <button type="button" onClick={() => copy.send({ type: 'COPY', text })}>
        {label}
      </button>
      <span role="status" data-part="copy-status">
        {phase === 'copied' ? W.copied : phase === 'refused' ? W.copyRefused : ''}
      </span>
    </span>
  );
}

/**
 * A labelled input with its hint and its error (linked by aria-describedby, marked aria-invalid); the error is a
 * refusal's code, or words of a screen's own.
 */
export function Field(props: {
  label: string;
  hint?: string;
  error?: SessionError | string | null;
  children: (attrs: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true }) => ReactNode;
}) {
  const id = useId();
  const described = [props.hint && `${id}-hint`, props.error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div data-part="field">
      <label htmlFor={id}>{props.label}</label>
      {props.hint && (
        <p id={`${id}-hint`} data-part="hint">
          {props.hint}
        </p>
      )}
      {props.children({ id, ...(described ? { 'aria-describedby': described } : {}), ...(props.error ? { 'aria-invalid': true } : {}) })}
      {props.error && (
        <p id={`${id}-error`} role="alert" data-part="error">
          {typeof props.error === 'string' ? props.error : errorText(props.error)}
        </p>
      )}
    </div>
  );
}

/** A screen's read as an actor: its phase, data and error, and `again()`; `more` reads the next page onto the data. */
export function useLoad<T>(load: () => Promise<T>, more?: (data: T) => Promise<{ data: T; complete: boolean }>) {
  const actor = useScreenActor(
    consoleLoadMachine.provide({
      actors: {
        load: fromPromise<unknown>(() => load()),
        more: fromPromise<{ data: unknown; complete: boolean }, unknown>(({ input }) =>
          more ? more(input as T) : Promise.resolve({ data: input, complete: true }),
        ),
      },
    }),
  );
  // the same functions on every render: screens list them in their effects' dependencies
  const send = useMemo(() => ({ again: () => actor.send({ type: 'LOAD.AGAIN' }), more: () => actor.send({ type: 'LOAD.MORE' }) }), [actor]);
  return {
    phase: useSelector(actor, selectLoadPhase),
    data: useSelector(actor, (s) => s.context.data as T | undefined),
    error: useSelector(actor, (s) => s.context.error),
    complete: useSelector(actor, (s) => s.context.complete),
    ...send,
  };
}

/** A screen's change as an actor: run it now or after a confirmation; its phase, result and refusal. */
export function useTask<I, R>(run: (input: I) => Promise<R>) {
  const actor = useScreenActor(
    consoleTaskMachine.provide({ actors: { run: fromPromise<unknown, unknown>(({ input }) => run(input as I)) } }),
  );
  const send = useMemo(
    () => ({
      run: (input: I) => actor.send({ type: 'TASK.RUN', input }),
      request: (input: I) => actor.send({ type: 'TASK.REQUEST', input }),
      confirm: () => actor.send({ type: 'TASK.CONFIRM' }),
      cancel: () => actor.send({ type: 'TASK.CANCEL' }),
      reset: () => actor.send({ type: 'TASK.RESET' }),
    }),
    [actor],
  );
  return {
    phase: useSelector(actor, selectTaskPhase),
    error: useSelector(actor, selectTaskError),
    result: useSelector(actor, (s) => s.context.result as R | undefined),
    ...send,
  };
}

/** What a read shows before its data: Loading, or its refusal with Retry. */
export function LoadState({ phase, error, again }: { phase: string; error: SessionError | null; again: () => void }) {
  if (phase === 'failed')
    return (
      <div data-part="load-failed">
        <ErrorText error={error} />
        <button type="button" onClick={again}>
          {W.retry}
        </button>
      </div>
    );
  return (
    <p role="status" data-part="loading">
      {W.loading}
    </p>
  );
}
