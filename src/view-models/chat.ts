/**
 * The Chat tab (widget-spec §2 "Chat", §4 "Send button", §5): the messages, the
 * typing indicator, the buttons under the last answer, and the composer.
 */
import type { Appearance } from '../../contract/appearance';
import {
  canSendText,
  selectAbout,
  selectCanSubmit,
  selectDraft,
  selectFollowUps,
  selectIsLoading,
  selectIsTyping,
  selectMessages,
  selectQueue,
  selectResponseButtons,
  type ActionButton,
  type ChatActor,
  type ChatSnapshot,
  type FollowUp,
} from '../../machines/chat';
import type { SiteConfig } from '../../machines/embed';
import type { WindowActor } from '../../machines/window';
import { formatTimestamp } from '../format';
import { clickButton } from './intents';

/** widget-spec §5: when page reference is on, the banner reads this. */
export const PAGE_AWARENESS_BANNER = 'Referencing the current page may slow down AI responses.';

export interface ChatInput {
  chat: ChatSnapshot;
  chatActor: ChatActor;
  windowActor: WindowActor;
  appearance: Appearance;
  config: SiteConfig;
}

export function connectChat({ chat, chatActor, windowActor, appearance, config }: ChatInput) {
  const typing = selectIsTyping(chat);
  const draft = selectDraft(chat);
  const hasText = canSendText(draft);
  const voiceAvailable = config.interactiveAvatarId !== '';
  const about = selectAbout(chat);
  const a = appearance;
  return {
    agentName: a.agentName,
    format: a.chatFormat,
    showAvatars: a.showAvatars,
    showTimestamps: a.showTimestamps,
    banner: config.agentPageAwareness ? PAGE_AWARENESS_BANNER : null,
    messages: selectMessages(chat),
    /** Messages sent while busy, shown as waiting (they go in order). */
    queue: selectQueue(chat),
    loading: selectIsLoading(chat),
    typing,
    emptyText: `${a.home.title} Ask ${a.agentName} anything about this page.`,
    timestamp: (iso: string) => (a.showTimestamps ? formatTimestamp(iso) : ''),
    // follow-ups and response buttons belong to the last answer: hidden while the next is on its way
    followUps: typing ? [] : selectFollowUps(chat),
    responseButtons: typing ? [] : selectResponseButtons(chat),
    composer: {
      label: `Message ${a.agentName}`,
      // widget-spec §4: asking about an embedded item, the input invites the question
      placeholder: about ? 'Ask a question...' : a.input.promptPlaceholder,
      about: about && { text: `Asking about: ${about.name}`, name: about.name, dismiss: () => chatActor.send({ type: 'CHAT.ABOUT', about: null }) },
      draft,
      /** widget-spec §4: an arrow with text, the voice-mode button without. */
      mode: hasText ? ('send' as const) : ('voice' as const),
      canSubmit: selectCanSubmit(chat),
      voice: {
        available: voiceAvailable,
        // widget-spec §4: disabled, with this tooltip, when no avatar id is configured and the text is empty
        label: voiceAvailable ? 'Voice mode' : 'Voice mode not available',
      },
      type: (text: string) => chatActor.send({ type: 'CHAT.TYPE', text }),
      submit: () => chatActor.send({ type: 'CHAT.SUBMIT' }),
    },
    retry: () => chatActor.send({ type: 'CHAT.RETRY' }),
    askFollowUp: (f: FollowUp) => {
      chatActor.send({ type: 'BUTTON.CLICKED', buttonId: f.id });
      chatActor.send({ type: 'CHAT.SEND', text: f.text });
    },
    clickButton: (b: ActionButton) => clickButton(chatActor, windowActor, b),
  };
}

export type ChatView = ReturnType<typeof connectChat>;
