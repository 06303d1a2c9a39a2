/**
 * Dictation (widget-spec §4 "Dictate mode"): the chunk the composer loads on the first
 * click of the dictate button. It starts the recording machine with the browser's
 * effects (or a test's), ties it to the conversation (a transcript goes into the
 * composer, after what was typed; closing the window or leaving the Chat tab cancels
 * the recording and releases the microphone) and renders the status line, the wave
 * and Retry. The chat bundle knows it only by the `Dictation` type.
 */
import type { ComponentType, RefObject } from 'react';
import type { ChatActor } from '../../machines/chat';
import { dictationMachine } from '../../machines/dictation';
import type { RecordingActor, RecordingSnapshot } from '../../machines/recording';
import type { Http } from '../api/client';
import { createTranscriber } from '../api/transcribe';
import { meter, microphone, recorder, recordingWith, type RecordingEffects } from '../effects/microphone';
import type { Dictation, Spawn } from '../runtime';
import { adoptStyles } from '../styles/adopt';
import dictationCss from '../styles/dictation.css';
import { connectDictation } from '../view-models/dictation';
import { RETRY } from './messages';

/** The recording machine's effects; the browser's by default. */
export type DictationEffects = RecordingEffects;

/**
 * What the chunk takes from the chat window's bundle rather than importing it: hooks and the icons.
 * Importing them would split the modules they live in out of the chat window's chunk into shared
 * ones (more files, more bytes on the text chat); Preact ships once either way (STYLE.md).
 */
export interface HostParts {
  useEffect: typeof import('react').useEffect;
  /** The chat window's snapshot hook (src/chat-window/context.ts). */
  useSelector: <T>(actor: RecordingActor, select: (s: RecordingSnapshot) => T) => T;
  Icon: ComponentType<{ name: 'mic' | 'close' | 'send' }>;
}

export interface DictationDeps {
  chat: ChatActor;
  effects: DictationEffects;
  host: HostParts;
  /** Runs the recording machine in the widget's system (src/runtime.ts `Spawn`). */
  spawn: Spawn;
}

/**
 * The composer's dictation controls: the status line (a polite live region, always present so that
 * changes are announced), the wave, Retry, the dictate / cancel button and, while recording, the
 * send button that stops and transcribes (the composer's own send button hides meanwhile, in CSS).
 */
const controls = ({ useEffect, useSelector, Icon }: HostParts, actor: RecordingActor, chat: ChatActor) =>
  function Controls({ area }: { area: RefObject<HTMLTextAreaElement | null> }) {
    const view = connectDictation(
      useSelector(actor, (x) => x),
      actor,
    );
    useEffect(() => {
      // the visitor clicked dictate: these controls took the button's place, and record
      actor.send({ type: 'RECORD.START' });
      const el = area.current;
      adoptStyles(el, dictationCss);
      if (!el) return;
      // A focused control that goes (the button these controls replaced, the stop button when the recording ends
      // by itself) would leave the focus nowhere: it goes to the dictate / cancel button.
      const keepFocus = () => {
        const active = (el.getRootNode() as ShadowRoot | Document).activeElement;
        if (!active || active === document.body) el.parentElement?.querySelector<HTMLElement>('[data-dictate]')?.focus();
      };
      keepFocus();
      // after the render that takes the stop button away
      let later: ReturnType<typeof setTimeout> | undefined;
      const failed = actor.on('failed', () => (later = setTimeout(keepFocus)));
      // Enter while recording does what send does: stops and transcribes (widget-spec §4, §5)
      const onKeyDown = (e: KeyboardEvent) => {
        if (e.key === 'Enter' && !e.shiftKey && !e.isComposing && actor.getSnapshot().can({ type: 'RECORD.SEND' })) {
          e.preventDefault();
          e.stopImmediatePropagation();
          actor.send({ type: 'RECORD.SEND' });
        }
      };
      el.addEventListener('keydown', onKeyDown, true);
      // the transcript is in the composer by now (the dictation machine's relay subscribed to the recording
      // when the part was spawned, before this view): the caret goes after it
      const sub = actor.on('transcribed', () => {
        el.value = chat.getSnapshot().context.draft;
        el.focus();
        el.setSelectionRange(el.value.length, el.value.length);
      });
      return () => {
        el.removeEventListener('keydown', onKeyDown, true);
        sub.unsubscribe();
        failed.unsubscribe();
        clearTimeout(later);
      };
    }, []);
    return (
      <>
        {/* nothing to say: kept for screen readers (a live region must exist before it speaks), out of the layout */}
        <div data-part="dictation" data-problem={view.isProblem || undefined} className={view.status ? undefined : 'sr-only'}>
          <p role="status" data-part="dictation-status">
            {view.status}
          </p>
          {view.transcribing && (
            <span data-part="wave-loading" aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
          )}
          {view.retry && (
            <button type="button" data-part="dictation-retry" onClick={view.retry}>
              {RETRY}
            </button>
          )}
          {view.bars && (
            <div data-part="wave" aria-hidden="true">
              {view.bars.map((h, i) => (
                <span key={i} style={{ height: `${h}px` }} />
              ))}
            </div>
          )}
        </div>
        <button
          type="button"
          data-part="icon-button"
          data-dictate={view.busy ? 'cancel' : ''}
          aria-label={view.dictate.label}
          title={view.dictate.label}
          onClick={view.dictate.onClick}
        >
          <Icon name={view.dictate.icon} />
        </button>
        {view.send && (
          <button
            type="button"
            data-part="send"
            data-stop
            aria-label={view.send.label}
            title={view.send.label}
            onClick={() => {
              view.send?.onClick();
              area.current?.focus();
            }}
          >
            <Icon name="send" />
          </button>
        )}
      </>
    );
  };

/** Starts dictation over the conversation's actors with the given effects. */
export function createDictation({ chat, effects, host, spawn }: DictationDeps): Dictation {
  // the dictation machine (machines/dictation.ts) carries the reactions; its recording is what the view shows
  const { actor: dictation } = spawn(
    'dictation',
    dictationMachine.provide({
      actors: {
        recording: recordingWith(effects),
      },
    }),
  );
  const actor = dictation.getSnapshot().children.recording as RecordingActor;
  return { Controls: controls(host, actor, chat) };
}

/** The browser's dictation: the microphone, MediaRecorder, the meter and POST {api}/transcribe over the widget's HTTP layer. */
export function startDictation(deps: Omit<DictationDeps, 'effects'> & { http: Http }): Dictation {
  return createDictation({ ...deps, effects: { microphone, recorder, meter, transcribe: createTranscriber(deps.http) } });
}
