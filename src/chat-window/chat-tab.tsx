/**
 * The Chat tab (widget-spec §2, §4, §5): the messages, the typing indicator,
 * follow-up and response buttons, and the text area with its send button. It
 * renders the chat view model (src/view-models/chat.ts).
 */
import { Component, useEffect, useRef, useState, type ComponentType } from 'react';
import type { ChatMessage } from '../../machines/chat';
import { Icon } from '../icons';
import type { ChatView } from '../view-models/chat';
import { ButtonList, FollowUps } from './buttons';
import type { Dictation, VoiceMode } from '../runtime';
import { useChatView, useConversation, useRuntime } from './context';
import { VideoPlayer } from './video';

/** Answers as plain text: while the markdown chunk loads, and for good if it cannot be loaded. */
function PlainText({ text }: { text: string }) {
  return <p data-part="plain-text">{text}</p>;
}

type Renderer = ComponentType<{ text: string }>;

/** The markdown renderer's chunk, fetched with the first answer to show; plain text for good if it cannot load. */
let markdown: Promise<Renderer> | undefined;
const loadMarkdown = () =>
  (markdown ??= import('../markdown/markdown').then(
    (m) => m.default,
    (err: unknown) => {
      // answers stay plain text
      console.error('AI chat widget:', err);
      return PlainText;
    },
  ));
let Markdown: Renderer | undefined;

/** An answer: plain text until the markdown renderer has loaded, then formatted. */
function Answer({ text }: { text: string }) {
  const [Renderer, setRenderer] = useState(() => Markdown);
  useEffect(() => {
    if (Renderer) return;
    let live = true;
    void loadMarkdown().then((r) => {
      Markdown = r;
      if (live) setRenderer(() => r);
    });
    return () => {
      live = false;
    };
  }, []);
  return Renderer ? <Renderer text={text} /> : <PlainText text={text} />;
}

/** widget-spec §9: the text area grows to 7 lines of 22 px (154 px), then scrolls; at most 200 px. */
export const TEXTAREA_MAX_LINES_PX = 154;
/** widget-spec §9: focus moves into the input 300 ms after the window or tab opens. */
export const FOCUS_DELAY_MS = 300;

type MessageView = Pick<ChatView, 'agentName' | 'format' | 'showAvatars' | 'showTimestamps' | 'timestamp' | 'retry'>;

/** The same message shown the same way (the view's functions do the same thing on every render). */
interface MessageProps {
  m: ChatMessage;
  view: MessageView;
}

const sameMessage = (a: MessageProps, b: MessageProps) =>
  a.m === b.m &&
  a.view.agentName === b.view.agentName &&
  a.view.format === b.view.format &&
  a.view.showAvatars === b.view.showAvatars &&
  a.view.showTimestamps === b.view.showTimestamps;

function MessageItem({ m, view }: MessageProps) {
  const time = view.timestamp(m.createdAt);
  const plain = <PlainText text={m.content} />;
  return (
    <li data-part="message" data-role={m.role} data-error={m.isError || undefined} data-format={view.format}>
      {view.showAvatars && (
        <span data-part="avatar" aria-hidden="true">
          {m.role === 'user' ? 'You' : <Icon name="agent" />}
        </span>
      )}
      <div data-part="message-body">
        <span className="sr-only">{m.role === 'user' ? 'You said:' : `${view.agentName} said:`}</span>
        <div data-part="bubble-content">
          {m.type === 'VIDEO' && m.videoUrl ? (
            <figure data-part="message-video">
              <VideoPlayer m={m} />
              {m.content && <figcaption>{m.content}</figcaption>}
              {m.script && (
                <details>
                  <summary>Video script</summary>
                  <p>{m.script}</p>
                </details>
              )}
            </figure>
          ) : m.role === 'ai' && !m.isError ? (
            <Answer text={m.content} />
          ) : (
            plain
          )}
          {m.isError && (
            <button type="button" data-part="retry" onClick={view.retry}>
              Try again
            </button>
          )}
        </div>
        {time && (
          <time data-part="timestamp" dateTime={m.createdAt}>
            {time}
          </time>
        )}
      </div>
    </li>
  );
}

/**
 * One message, drawn again only when it changes, not on every keystroke (an answer is not parsed
 * again). A class with `shouldComponentUpdate` rather than `memo`, which would bring compat's memo along.
 */
class Message extends Component<MessageProps> {
  override shouldComponentUpdate(next: MessageProps) {
    return !sameMessage(this.props, next);
  }
  override render() {
    return <MessageItem {...this.props} />;
  }
}

/** widget-spec §8 'Recording failed', in place of the dictate button, when dictation's chunk cannot load. */
const DictationFailed = () => <p role="status">Recording failed</p>;

/** widget-spec §8, in place of the composer when voice mode cannot load; closing it brings the composer back (and a new try). */
const VoiceFailed = ({ onClosed }: { onClosed: () => void }) => (
  <div data-part="composer">
    <p role="status">Error: LiveKit client failed to load</p>
    <button type="button" data-part="icon-button" aria-label="Close voice mode" title="Close voice mode" onClick={onClosed}>
      <Icon name="close" />
    </button>
  </div>
);

function Composer({ composer }: { composer: ChatView['composer'] }) {
  const rt = useRuntime();
  const { dictation: loadDictation, voice: loadVoice } = useConversation();
  const area = useRef<HTMLTextAreaElement>(null);
  // Dictation's chunk loads on the first click of dictate; its controls take the button's place and start
  // recording as they mount (leaving the Chat tab cancels a recording: a composer mounted again shows the button).
  const [Dictation, setDictation] = useState<Dictation['Controls'] | null>(null);
  const dictate = () =>
    loadDictation().then(
      (d) => setDictation(() => d.Controls),
      (err: unknown) => {
        console.error('AI chat widget:', err);
        setDictation(() => DictationFailed);
      },
    );
  // Voice mode's chunk loads on the first click of the voice button; its view takes the composer's place.
  const [Voice, setVoice] = useState<VoiceMode['View'] | null>(null);
  const voice = () =>
    loadVoice().then(
      (v) => setVoice(() => v.View),
      (err: unknown) => {
        console.error('AI chat widget:', err);
        setVoice(() => VoiceFailed);
      },
    );

  // Grow with the text up to 7 lines of text, then scroll (widget-spec §5). The box is border-box:
  // its height adds the padding (inside scrollHeight) and the borders (outside it) to the lines.
  useEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    const cs = getComputedStyle(el);
    const padding = parseFloat(cs.paddingTop) + parseFloat(cs.paddingBottom);
    const borders = parseFloat(cs.borderTopWidth) + parseFloat(cs.borderBottomWidth);
    const lines = el.scrollHeight - padding;
    el.style.height = `${Math.min(lines, TEXTAREA_MAX_LINES_PX) + padding + borders}px`;
    el.style.overflowY = lines > TEXTAREA_MAX_LINES_PX ? 'auto' : 'hidden';
  }, [composer.draft]);

  // The input gets focus when the window opens or the Chat tab is entered.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const focus = () => {
      clearTimeout(timer);
      timer = setTimeout(() => area.current?.focus(), FOCUS_DELAY_MS);
    };
    focus();
    const subs = [rt.windowActor.on('window.opened', focus), rt.windowActor.on('tab.entered', (e) => e.tab === 'chat' && focus())];
    return () => {
      clearTimeout(timer);
      subs.forEach((s) => s.unsubscribe());
    };
  }, []);
  // Ask question (widget-spec §4): the input gets focus for the question, even if the window was open on the Chat tab
  useEffect(() => {
    if (composer.about) area.current?.focus();
  }, [composer.about?.name]);

  const submit = () => {
    composer.submit();
    // the send button turns into the voice button: keep the focus in the text area
    area.current?.focus();
  };
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
          <button type="button" data-part="icon-button" aria-label={`Stop asking about ${composer.about.name}`} onClick={composer.about.dismiss}>
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
        onKeyDown={(e) => {
          // widget-spec §5: Enter sends, Shift+Enter adds a new line
          if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
            e.preventDefault();
            submit();
          }
        }}
      />
      {Dictation ? (
        <Dictation area={area} />
      ) : (
        <button type="button" data-part="icon-button" aria-label="Dictate" title="Dictate" onClick={dictate}>
          <Icon name="mic" />
        </button>
      )}
      {composer.mode === 'send' ? (
        <button type="button" data-part="send" aria-label="Send message" title="Send message" disabled={!composer.canSubmit} onClick={submit}>
          <Icon name="send" />
        </button>
      ) : (
        // widget-spec §4: without text the button is the voice-mode button; with no avatar it is disabled
        <button type="button" data-part="send" data-voice aria-label={composer.voice.label} title={composer.voice.label} disabled={!composer.voice.available} onClick={voice}>
          <Icon name="voice" />
        </button>
      )}
    </div>
  );
}

export function ChatTab() {
  const view = useChatView();
  const list = useRef<HTMLDivElement>(null);

  // Chat scrolls down on every new message, and when the tab is entered (widget-spec §4); also when an
  // answer's content grows after the fact (the markdown chunk replacing the plain text, a video's frame).
  useEffect(() => {
    const el = list.current;
    if (!el) return;
    el.scrollTo({ top: el.scrollHeight });
    if (typeof ResizeObserver === 'undefined') return;
    let last = el.scrollHeight;
    const ro = new ResizeObserver(() => {
      const nearBottom = el.scrollTop + el.clientHeight >= last - 40;
      last = el.scrollHeight;
      if (nearBottom) el.scrollTo({ top: el.scrollHeight });
    });
    const content = el.querySelector('[data-part="message-list"]');
    if (content) ro.observe(content);
    return () => ro.disconnect();
  }, [view.messages.length, view.typing, view.followUps.length, view.queue.length]);

  return (
    <section data-part="chat" aria-label="Chat">
      {view.banner && <p data-part="banner">{view.banner}</p>}
      <div data-part="messages" ref={list}>
        {view.loading && view.messages.length === 0 && <p data-part="status">Loading conversation…</p>}
        {!view.loading && view.messages.length === 0 && <p data-part="empty">{view.emptyText}</p>}
        <div role="log" aria-live="polite" aria-label="Conversation">
          <ol data-part="message-list">
            {view.messages.map((m) => (
              <Message key={m.id} m={m} view={view} />
            ))}
            {view.queue.map((text, i) => (
              // sent while the history loaded or an answer was on its way: it goes next
              <li key={`queued-${i}`} data-part="message" data-role="user" data-queued data-format={view.format}>
                <div data-part="message-body">
                  <span className="sr-only">You said (waiting to send):</span>
                  <div data-part="bubble-content">
                    <PlainText text={text} />
                  </div>
                </div>
              </li>
            ))}
          </ol>
        </div>
        {view.typing && (
          <div data-part="typing" role="status" aria-label={`${view.agentName} is typing`}>
            <span />
            <span />
            <span />
          </div>
        )}
        <ButtonList buttons={view.responseButtons} kind="response" label="Related links" onClick={view.clickButton} />
        <FollowUps items={view.followUps} onAsk={view.askFollowUp} />
      </div>
      <Composer composer={view.composer} />
    </section>
  );
}
