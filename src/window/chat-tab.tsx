/**
 * The Chat tab (widget-spec §2, §4, §5): the messages, the typing indicator,
 * follow-up and response buttons, and the text area with its send button.
 */
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { canSendText, selectFailedText, selectFollowUps, selectIsLoading, selectIsTyping, selectMessages, selectResponseButtons } from '../../machines/chat';
import type { ChatMessage } from '../api/client';
import { formatTimestamp } from '../format';
import { Icon } from '../icons';
import { useRuntime } from './use-runtime';
import { ButtonList, FollowUps } from './buttons';
import { useConversation } from './chat-window';
import { VideoPlayer } from './video';

const Markdown = lazy(() => import('../markdown/markdown'));

/** widget-spec §9: the text area grows to 7 lines of 22 px (154 px), then scrolls; at most 200 px. */
export const TEXTAREA_MAX_LINES_PX = 154;
/** widget-spec §9: focus moves into the input 300 ms after the window or tab opens. */
export const FOCUS_DELAY_MS = 300;

function Message({ m }: { m: ChatMessage }) {
  const rt = useRuntime();
  const a = rt.appearance;
  const { chat } = useConversation();
  const time = a.showTimestamps ? formatTimestamp(m.createdAt) : '';
  const plain = <p data-part="plain-text">{m.content}</p>;
  return (
    <li data-part="message" data-role={m.role} data-error={m.isError || undefined} data-format={a.chatFormat}>
      {a.showAvatars && (
        <span data-part="avatar" aria-hidden="true">
          {m.role === 'user' ? 'You' : <Icon name="agent" />}
        </span>
      )}
      <div data-part="message-body">
        <span className="sr-only">{m.role === 'user' ? 'You said:' : `${a.agentName} said:`}</span>
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
            <Suspense fallback={plain}>
              <Markdown text={m.content} />
            </Suspense>
          ) : (
            plain
          )}
          {m.isError && (
            <button type="button" data-part="retry" onClick={() => chat.send({ type: 'CHAT.RETRY' })}>
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

function Composer() {
  const rt = useRuntime();
  const { chat } = useConversation();
  const typing = useSelector(chat, selectIsTyping);
  const failedText = useSelector(chat, selectFailedText);
  const [text, setText] = useState('');
  const area = useRef<HTMLTextAreaElement>(null);

  // Nothing the visitor typed is lost: a failed message comes back into an empty input,
  // and leaves it again once 'Try again' has sent it.
  const lastFailed = useRef<string | null>(null);
  useEffect(() => {
    if (failedText && !text) setText(failedText);
    else if (!failedText && lastFailed.current !== null && text === lastFailed.current) setText('');
    lastFailed.current = failedText;
  }, [failedText]);

  // Grow with the text up to 7 lines, then scroll (widget-spec §5).
  useEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, TEXTAREA_MAX_LINES_PX)}px`;
    el.style.overflowY = el.scrollHeight > TEXTAREA_MAX_LINES_PX ? 'auto' : 'hidden';
  }, [text]);

  // The input gets focus when the window opens or the Chat tab is entered.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const focus = () => {
      clearTimeout(timer);
      timer = setTimeout(() => area.current?.focus(), FOCUS_DELAY_MS);
    };
    focus();
    const subs = [rt.widget.on('window.opened', focus), rt.widget.on('tab.entered', (e) => e.tab === 'chat' && focus())];
    return () => {
      clearTimeout(timer);
      subs.forEach((s) => s.unsubscribe());
    };
  }, []);

  const hasText = canSendText(text);
  const voiceAvailable = rt.config.interactiveAvatarId !== '';
  const send = () => {
    if (!hasText || typing) return;
    chat.send({ type: 'CHAT.SEND', text });
    setText('');
  };
  return (
    <div data-part="composer">
      <label htmlFor="aiw-input" className="sr-only">
        Message {rt.appearance.agentName}
      </label>
      <textarea
        id="aiw-input"
        ref={area}
        data-part="input"
        rows={1}
        value={text}
        placeholder={rt.appearance.input.promptPlaceholder}
        onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
        onKeyDown={(e) => {
          // widget-spec §5: Enter sends, Shift+Enter adds a new line
          if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
            e.preventDefault();
            send();
          }
        }}
      />
      {hasText ? (
        <button type="button" data-part="send" aria-label="Send message" title="Send message" disabled={typing} onClick={send}>
          <Icon name="send" />
        </button>
      ) : (
        // widget-spec §4: without text the button is the voice-mode button; with no avatar it is disabled
        <button
          type="button"
          data-part="send"
          data-voice
          aria-label={voiceAvailable ? 'Voice mode' : 'Voice mode not available'}
          title={voiceAvailable ? 'Voice mode' : 'Voice mode not available'}
          disabled={!voiceAvailable}
        >
          <Icon name="voice" />
        </button>
      )}
    </div>
  );
}

export function ChatTab() {
  const rt = useRuntime();
  const { chat } = useConversation();
  const messages = useSelector(chat, selectMessages);
  const typing = useSelector(chat, selectIsTyping);
  const loading = useSelector(chat, selectIsLoading);
  const followUps = useSelector(chat, selectFollowUps);
  const responseButtons = useSelector(chat, selectResponseButtons);
  const list = useRef<HTMLDivElement>(null);

  // Chat scrolls down on every new message, and when the tab is entered (widget-spec §4).
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [messages.length, typing, followUps.length]);

  return (
    <section data-part="chat" aria-label="Chat">
      {rt.config.agentPageAwareness && <p data-part="banner">Referencing the current page may slow down AI responses.</p>}
      <div data-part="messages" ref={list}>
        {loading && messages.length === 0 && <p data-part="status">Loading conversation…</p>}
        {!loading && messages.length === 0 && (
          <p data-part="empty">
            {rt.appearance.home.title} Ask {rt.appearance.agentName} anything about this page.
          </p>
        )}
        <div role="log" aria-live="polite" aria-label="Conversation">
          <ol data-part="message-list">
            {messages.map((m) => (
              <Message key={m.id} m={m} />
            ))}
          </ol>
        </div>
        {typing && (
          <div data-part="typing" role="status" aria-label={`${rt.appearance.agentName} is typing`}>
            <span />
            <span />
            <span />
          </div>
        )}
        {!typing && (
          <>
            <ButtonList buttons={responseButtons} kind="response" label="Related links" />
            <FollowUps items={followUps} />
          </>
        )}
      </div>
      <Composer />
    </section>
  );
}
