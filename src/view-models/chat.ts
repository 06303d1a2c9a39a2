/**
 * The Chat tab (widget-spec §2 "Chat", §4 "Send button", §5, §8; issue 13): the messages
 * (with what a question not delivered offers: Cancel, Try again), the typing indicator,
 * the buttons under the last answer, the status line (loading, a history that could not
 * load, waiting for the network), and the composer with its send / voice / Stop button.
 */
import type { Appearance } from '../../contract/appearance';
import {
  canSendText,
  selectAbout,
  selectCanSubmit,
  selectDraft,
  selectFollowUps,
  selectIsLoading,
  selectIsOffline,
  selectIsStreaming,
  selectIsTyping,
  selectIsWaiting,
  selectLoadFailed,
  selectMessages,
  selectResponseButtons,
  type ActionButton,
  type ChatActor,
  type ChatMessage,
  type ChatSnapshot,
  type FollowUp,
} from '../../machines/chat';
import type { BannerState, SiteConfig } from '../../machines/site';
import type { WindowActor } from '../../machines/window';
import {
  ASK_PLACEHOLDER,
  askingAbout,
  CANCEL,
  emptyChat,
  FAILURE_TEXT,
  INCOMPLETE_TEXT,
  LOADING_CONVERSATION,
  messageTo,
  PAGE_AWARENESS_BANNER,
  PAGE_TEXT_SHARED,
  SEND_MESSAGE,
  siteText,
  STOP,
  STOPPED,
  TRY_AGAIN,
  VOICE_MODE,
  VOICE_MODE_UNAVAILABLE,
  WAITING_TEXT,
  WAITING_TO_SEND,
} from '../messages';
import { formatTimestamp } from '../format';
import { clickButton } from './intents';

export interface ChatInput {
  chat: ChatSnapshot;
  chatActor: ChatActor;
  windowActor: WindowActor;
  appearance: Appearance;
  config: SiteConfig;
  /** The banner's state (the site machine's `selectBanner`); without it, shown while page awareness is on. */
  banner?: BannerState;
}

export function connectChat({ chat, chatActor, windowActor, appearance, config, banner }: ChatInput) {
  const typing = selectIsTyping(chat);
  // an answer on its way, streaming or not yet (issue 16): Stop, and no buttons under the last answer
  const waiting = selectIsWaiting(chat);
  const loading = selectIsLoading(chat);
  const failed = selectLoadFailed(chat);
  const messages = selectMessages(chat);
  const draft = selectDraft(chat);
  const hasText = canSendText(draft);
  const canSubmit = selectCanSubmit(chat);
  const voiceAvailable = config.interactiveAvatarId !== '';
  const about = selectAbout(chat);
  const a = appearance;
  // the site's texts: a default in the locale's words
  const agentName = siteText(a.agentName);
  const send = chatActor.send.bind(chatActor);
  return {
    /** The appearance the messages are drawn with (the same object until the settings change). */
    look: a,
    agentName,
    format: a.chatFormat,
    showAvatars: a.showAvatars,
    /** widget-spec §5's banner and what is shared (issue 15), while page awareness is on. */
    banner:
      (banner ?? (config.agentPageAwareness ? 'shown' : 'off')) === 'shown'
        ? ([PAGE_AWARENESS_BANNER, PAGE_TEXT_SHARED] as [string, string])
        : null,
    messages,
    typing,
    /** An answer is being written into the conversation: the log is busy until it is whole (issue 16). */
    streaming: selectIsStreaming(chat),
    /** The polite status line: loading, a history that could not load (widget-spec §8, never an empty chat), or waiting for the network. */
    status:
      loading && !messages.length ? LOADING_CONVERSATION : failed ? FAILURE_TEXT.history : selectIsOffline(chat) ? WAITING_TEXT : null,
    /** Retry, when the history could not load. */
    reload: failed ? () => send({ type: 'CHAT.RELOAD' }) : null,
    emptyText: loading || failed || messages.length ? null : emptyChat(siteText(a.home.title), agentName),
    timestamp: (iso: string) => (a.showTimestamps ? formatTimestamp(iso) : ''),
    // follow-ups and response buttons belong to the last answer: hidden while the next is on its way
    followUps: waiting ? [] : selectFollowUps(chat),
    responseButtons: waiting ? [] : selectResponseButtons(chat),
    composer: {
      label: messageTo(agentName),
      // widget-spec §4: asking about an embedded item, the input invites the question
      placeholder: about ? ASK_PLACEHOLDER : siteText(a.input.promptPlaceholder),
      about: about && { text: askingAbout(about.name), name: about.name, dismiss: () => send({ type: 'CHAT.ABOUT', about: null }) },
      draft,
      /**
       * The button after the input (widget-spec §4): Stop while an answer is on its way; else an arrow with text
       * (disabled while it cannot go), the voice-mode button without (disabled, with this tooltip, when no avatar id
       * is configured).
       */
      mode: waiting ? ('stop' as const) : hasText ? ('send' as const) : ('voice' as const),
      /** The draft may go now (text in it, no answer on its way, no 429 holding it). */
      canSubmit,
      button: waiting
        ? { label: STOP, disabled: false }
        : hasText
          ? { label: SEND_MESSAGE, disabled: !canSubmit }
          : { label: voiceAvailable ? VOICE_MODE : VOICE_MODE_UNAVAILABLE, disabled: !voiceAvailable },
      type: (text: string) => send({ type: 'CHAT.TYPE', text }),
      submit: () => send({ type: 'CHAT.SUBMIT' }),
      /** The button's click (the voice button's loads voice mode instead). */
      press: () => send({ type: waiting ? 'CHAT.STOP' : 'CHAT.SUBMIT' }),
    },
    /**
     * What a message offers under it: a question waiting its turn, Cancel; one stopped (or the part of its
     * answer that was written, issue 16), Try again; an error message, Try again for its question (which goes
     * again, once); an answer cut off by a failure, that it is incomplete.
     */
    noteOf: ({ id, of = id, status, stored, incomplete }: ChatMessage): { text: string; action?: string; run?: () => void } | null =>
      status === 'queued'
        ? { text: WAITING_TO_SEND, action: CANCEL, run: () => send({ type: 'CHAT.CANCEL', id }) }
        : // an answer being written; a question whose answer began (the note is under that answer)
          status === 'streaming' || (stored && of === id)
          ? null
          : // an answer cut off by a failure (an answer or an error message is `of` its question)
            incomplete || (status === 'failed' && of !== id)
            ? { text: INCOMPLETE_TEXT }
            : of !== id || status === 'stopped'
              ? { text: status ? STOPPED : '', action: TRY_AGAIN, run: () => send({ type: 'CHAT.RETRY', id: of }) }
              : null,
    askFollowUp: (f: FollowUp) => {
      send({ type: 'BUTTON.CLICKED', buttonId: f.id });
      send({ type: 'CHAT.SEND', text: f.text });
    },
    clickButton: (b: ActionButton) => clickButton(chatActor, windowActor, b),
  };
}

export type ChatView = ReturnType<typeof connectChat>;
