/**
 * The Chat tab (widget-spec §2, §4, §5; issue 13): the messages (a question not
 * delivered with its note and Cancel or Try again), the typing indicator, follow-up
 * and response buttons, the status line, and the text area with its send (or Stop)
 * button. It renders the chat view model (src/view-models/chat.ts).
 */
import { Component, useEffect, useRef, useState, type ComponentType } from 'react';
import type { ChatMessage } from '../../machines/chat';
import { Icon } from '../icons';
import type { ChatView } from '../view-models/chat';
import { Banner, ButtonList, enterSends, FollowUps } from './buttons';
import { useChatView, useConversation } from './context';
import { loadOnce } from './conversation';
import { VideoPlayer } from './video';
import { FOCUS_DELAY_MS } from '../../machines/constants';
import {
  chatFailureText,
  CLOSE_VOICE_MODE,
  CONVERSATION,
  DICTATE,
  isTyping,
  RECORDING_FAILED,
  RELATED_LINKS,
  RETRY,
  saidBy,
  stopAskingAbout,
  VIDEO_SCRIPT,
  VOICE_LOAD_FAILED,
  YOU,
  TAB_LABEL,
  YOU_SAID,
} from '../messages';

/** Answers as plain text: while the markdown chunk loads, or when it could not be loaded. */
function PlainText({ text }: { text: string }) {
  return <p data-part="plain-text">{text}</p>;
}

type Renderer = ComponentType<{ text: string }>;

/** The markdown renderer's chunk, fetched with the first answer to show, and again for the next one if it could not load. */
const loadMarkdown = loadOnce(() => import('../markdown/markdown-chunk'));
let Markdown: Renderer | undefined;

/** An answer: plain text until the markdown renderer has loaded (or when it cannot be), then formatted. */
function Answer({ text }: { text: string }) {
  const [Renderer, setRenderer] = useState(() => Markdown);
  useEffect(() => {
    if (Renderer) return;
    let live = true;
    loadMarkdown().then(
      (m) => {
        Markdown = m.Markdown;
        if (live) setRenderer(() => Markdown);
      },
      (err: unknown) => console.error('AI chat widget:', err),
    );
    return () => {
      live = false;
    };
  }, []);
  return Renderer ? <Renderer text={text} /> : <PlainText text={text} />;
}

type MessageView = Pick<ChatView, 'look' | 'agentName' | 'format' | 'showAvatars' | 'timestamp' | 'noteOf'>;

/** After Try again or Cancel (which may go away), the focus goes back to the composer. */
const toInput = (e: { currentTarget: EventTarget | null }) =>
  ((e.currentTarget as Element).getRootNode() as Document).getElementById('aiw-input')?.focus();

/** The same message shown the same way (the view's functions do the same thing on every render). */
interface MessageProps {
  m: ChatMessage;
  view: MessageView;
}

const sameMessage = (a: MessageProps, b: MessageProps) => a.m === b.m && a.view.look === b.view.look;

/**
 * One message, drawn again only when it changes, not on every keystroke (an answer is not parsed
 * again). A class with `shouldComponentUpdate` rather than `memo`, which would bring compat's memo along.
 */
export class Message extends Component<MessageProps> {
  /** The locale's words it was drawn with (each locale's `saidBy` is a function of its own): a new locale draws it again. */
  private words = saidBy;
  override shouldComponentUpdate(next: MessageProps) {
    return !sameMessage(this.props, next) || this.words !== saidBy;
  }
  override render() {
    const { m, view } = this.props;
    this.words = saidBy;
    const time = view.timestamp(m.createdAt);
    const note = view.noteOf(m);
    return (
      <li data-part="message" data-role={m.role} data-error={m.isError || undefined} data-status={m.status} data-format={view.format}>
        {view.showAvatars && (
          <span data-part="avatar" aria-hidden="true">
            {m.role === 'user' ? YOU : <Icon name="agent" />}
          </span>
        )}
        <div data-part="message-body">
          <span className="sr-only">{m.role === 'user' ? YOU_SAID : saidBy(view.agentName)}</span>
          <div data-part="bubble-content">
            {m.type === 'VIDEO' && m.videoUrl ? (
              <figure data-part="message-video">
                <VideoPlayer m={m} />
                {m.content && <figcaption>{m.content}</figcaption>}
                {m.script && (
                  <details>
                    <summary>{VIDEO_SCRIPT}</summary>
                    <p>{m.script}</p>
                  </details>
                )}
              </figure>
            ) : m.role === 'ai' && !m.isError ? (
              <Answer text={m.content} />
            ) : (
              <PlainText text={m.failure ? chatFailureText(m.failure) : m.content} />
            )}
          </div>
          {note && (
            <p data-part="note">
              {note.text}
              {note.action && (
                <button
                  type="button"
                  data-part="retry"
                  onClick={(e) => {
                    note.run?.();
                    toInput(e);
                  }}
                >
                  {note.action}
                </button>
              )}
            </p>
          )}
          {time && (
            <time data-part="timestamp" dateTime={m.createdAt}>
              {time}
            </time>
          )}
        </div>
      </li>
    );
  }
}

/** widget-spec §8 'Recording failed', beside the dictate button, when dictation's chunk cannot load. */
const DictationFailed = () => <p role="status">{RECORDING_FAILED}</p>;

/** widget-spec §8, in place of the composer when voice mode cannot load; closing it brings the composer back (and a new try). */
const VoiceFailed = ({ onClosed }: { onClosed: () => void }) => (
  <div data-part="composer">
    <p role="status">{VOICE_LOAD_FAILED}</p>
    <button type="button" data-part="icon-button" aria-label={CLOSE_VOICE_MODE} title={CLOSE_VOICE_MODE} onClick={onClosed}>
      <Icon name="close" />
    </button>
  </div>
);

/** A feature's component from its chunk, loaded on a click; `Failed` in its place when the chunk cannot load. */
function useChunk<P>(load: () => Promise<ComponentType<P>>, Failed: ComponentType<P>) {
  const [C, set] = useState<ComponentType<P> | null>(null);
  const get = () =>
    load().then(
      (c) => set(() => c),
      (err: unknown) => {
        console.error('AI chat widget:', err);
        set(() => Failed);
      },
    );
  return [C, get, set] as const;
}

/** The text area with dictate and send (or voice, or Stop): the Chat tab's, and Home's. */
export function Composer({ composer }: { composer: ChatView['composer'] }) {
  const { dictation: loadDictation, voice: loadVoice } = useConversation();
  const area = useRef<HTMLTextAreaElement>(null);
  // Dictation's chunk loads on the first click of dictate; its controls take the button's place and start
  // recording as they mount (leaving the Chat tab cancels a recording: a composer mounted again shows the button).
  const [Dictation, dictate] = useChunk(() => loadDictation().then((d) => d.Controls), DictationFailed);
  // Voice mode's chunk loads on the first click of the voice button; its view takes the composer's place.
  const [Voice, voice, setVoice] = useChunk(() => loadVoice().then((v) => v.View), VoiceFailed);

  // Grow with the text, up to 7 lines (widget-spec §5: window.css caps the box at 154 px of text), then scroll.
  // The box is border-box: its height is the text and padding (scrollHeight) plus the borders (offset - client).
  useEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight + el.offsetHeight - el.clientHeight}px`;
  }, [composer.draft]);

  // The input gets focus when the Chat tab is entered or the window opens on it (both mount it), widget-spec §4, §9,
  // unless the visitor has moved the focus meanwhile (a menu opened within those 300 ms stays open)
  useEffect(() => {
    const root = area.current?.getRootNode() as ShadowRoot | undefined;
    const before = root?.activeElement;
    const timer = setTimeout(() => root?.activeElement === before && area.current?.focus(), FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  // Ask question (widget-spec §4): the input gets focus for the question, even if the window was open on the Chat tab
  useEffect(() => {
    if (composer.about) area.current?.focus();
  }, [composer.about?.name]);

  if (Voice)
    return (
      <Voice
        onClosed={() => {
          setVoice(null);
          // the text input is back: the focus goes into it once it is drawn
          setTimeout(() => area.current?.focus());
        }}
      />
    );
  return (
    <div data-part="composer">
      {composer.about && (
        <p data-part="about">
          {composer.about.text}
          <button type="button" data-part="icon-button" aria-label={stopAskingAbout(composer.about.name)} onClick={composer.about.dismiss}>
            <Icon name="close" />
          </button>
        </p>
      )}
      <label htmlFor="aiw-input" className="sr-only">
        {composer.label}
      </label>
      <textarea
        id="aiw-input"
        ref={area}
        data-part="input"
        rows={1}
        value={composer.draft}
        placeholder={composer.placeholder}
        onInput={(e) => composer.type((e.target as HTMLTextAreaElement).value)}
        onKeyDown={enterSends(composer.submit)}
      />
      {Dictation && Dictation !== DictationFailed ? (
        <Dictation area={area} />
      ) : (
        <>
          {/* a chunk that failed says so, and the button stays: the next click tries again (issue 13) */}
          {Dictation && <DictationFailed />}
          <button type="button" data-part="icon-button" aria-label={DICTATE} title={DICTATE} onClick={dictate}>
            <Icon name="mic" />
          </button>
        </>
      )}
      <button
        type="button"
        data-part="send"
        aria-label={composer.button.label}
        title={composer.button.label}
        disabled={composer.button.disabled}
        onClick={
          composer.mode === 'voice'
            ? voice
            : () => {
                // send or Stop: the focus stays in the text area (the button changes under it)
                composer.press();
                area.current?.focus();
              }
        }
      >
        <Icon name={composer.mode === 'stop' ? 'close' : composer.mode} />
      </button>
    </div>
  );
}

export function ChatTab() {
  const view = useChatView();
  const list = useRef<HTMLDivElement>(null);
  const items = useRef<HTMLOListElement>(null);
  // how tall the conversation was when last seen, and how many messages it had
  const seen = useRef({ height: 0, count: -1 });
  /**
   * Down when told, or when the view was at the bottom as last seen (a visitor who scrolled up keeps their place):
   * to the bottom, but no further than the latest answer's start, so that a long answer (or one with buttons under
   * it, or beside voice mode's avatar) is read from its start, and the view stays there as it grows. A visitor who
   * scrolled on past that start is followed to the bottom.
   */
  const follow = (force?: boolean) => {
    const el = list.current;
    // a size reported as the tab goes away
    if (!el) return;
    const last = items.current?.lastElementChild as HTMLElement | null;
    // how far below the view's top the latest answer starts (the browser stops at the bottom when that is lower); -1
    // when the latest is not an answer
    const below = last?.dataset.role === 'ai' ? last.getBoundingClientRect().top - el.getBoundingClientRect().top : -1;
    // A start at the top (within a pixel: layout in fractions) is where the view stopped, and stays: an answer that
    // with the buttons under it ends less than the slack below the bottom would otherwise be read as "at the bottom"
    // and scrolled past its start.
    if (force || el.scrollTop + el.clientHeight >= seen.current.height - 40)
      el.scrollTo({ top: below > -1 ? el.scrollTop + below : el.scrollHeight });
    seen.current.height = el.scrollHeight;
  };

  // The conversation as it grows (an answer written as it streams, issue 16; the markdown chunk replacing the
  // plain text; a video's frame) stays at the bottom, unless the visitor scrolled up.
  useEffect(() => {
    const ro = new ResizeObserver(() => follow());
    if (items.current) ro.observe(items.current);
    return () => ro.disconnect();
  }, []);
  // Chat scrolls down when the tab is entered and on every new message (widget-spec §4: the typing indicator and the
  // status line of a question waiting for the network come with it); the buttons under an answer show at the bottom
  // unless the visitor scrolled up.
  useEffect(() => {
    follow(seen.current.count !== view.messages.length);
    seen.current.count = view.messages.length;
  }, [view.messages.length, view.followUps.length]);

  return (
    <section data-part="chat" aria-label={TAB_LABEL.chat}>
      {view.banner && <Banner lines={view.banner} />}
      {/* a keyboard scrolls it too, when nothing in it takes the focus (an answer without links, a history) */}
      <div data-part="messages" ref={list} tabIndex={0}>
        {view.emptyText && <p data-part="empty">{view.emptyText}</p>}
        {/* busy while an answer streams in: it is announced once, whole (issue 16) */}
        <div role="log" aria-live="polite" aria-label={CONVERSATION} aria-busy={view.streaming || undefined}>
          <ol data-part="message-list" ref={items}>
            {view.messages.map((m) => (
              <Message key={m.id} m={m} view={view} />
            ))}
          </ol>
        </div>
        {view.status && (
          <p data-part="status" role="status">
            {view.status}
            {view.reload && (
              <button type="button" data-part="retry" onClick={view.reload}>
                {RETRY}
              </button>
            )}
          </p>
        )}
        {view.typing && (
          <div data-part="typing" role="status" aria-label={isTyping(view.agentName)}>
            <span />
            <span />
            <span />
          </div>
        )}
        <ButtonList buttons={view.responseButtons} kind="response" label={RELATED_LINKS} onClick={view.clickButton} />
        <FollowUps items={view.followUps} onAsk={view.askFollowUp} />
      </div>
      <Composer composer={view.composer} />
    </section>
  );
}
