/**
 * The Home tab (widget-spec §2 "Home"): title, description, the page's action buttons, its home video,
 * and a composer, so that a visitor can type as soon as the window opens (§4: the input gets focus).
 */
import type { Appearance } from '../../contract/appearance';
import { selectActionButtons, type ActionButtonsSnapshot } from '../../machines/action-buttons';
import { selectLastMessage, selectMessages, type ActionButton, type ChatActor, type ChatSnapshot } from '../../machines/chat';
import type { SiteConfig } from '../../machines/site';
import type { WindowActor } from '../../machines/window';
import { connectChat } from './chat';
import { clickButton } from './intents';
import { siteText } from '../messages';

export interface HomeInput {
  chat: ChatSnapshot;
  chatActor: ChatActor;
  actionButtons: ActionButtonsSnapshot;
  windowActor: WindowActor;
  appearance: Appearance;
  config: SiteConfig;
}

export function connectHome(input: HomeInput) {
  const { chat, chatActor, actionButtons, windowActor, appearance } = input;
  // the Chat tab's banner, and its composer: the same draft and rules (Enter held while an answer is on its
  // way), so that what is typed here is there too
  const chatView = connectChat(input);
  const { banner, composer } = chatView;
  const toChat = () => windowActor.send({ type: 'TAB.SELECT', tab: 'chat' });
  /** Sends the draft and shows the Chat tab, where its answer comes. */
  const submit = () => {
    if (!composer.canSubmit) return;
    composer.submit();
    toChat();
  };
  return {
    title: siteText(appearance.home.title),
    description: siteText(appearance.home.description),
    banner,
    buttons: selectActionButtons(actionButtons),
    /** The page's point-of-presence video: it comes with the page's history (widget-spec §2, §7). */
    video: selectMessages(chat).find((m) => m.type === 'VIDEO' && m.source === 'POINT_OF_PRESENCE' && m.videoUrl) ?? null,
    /** The ongoing conversation's last message, drawn as the Chat tab draws it; null when there is none. */
    last: selectLastMessage(chat),
    /** The messages' look (the Chat tab's). */
    messageView: chatView,
    /** Continue: the Chat tab, whose input gets the focus (widget-spec §4). */
    continue: toChat,
    clickButton: (b: ActionButton) => clickButton(chatActor, windowActor, b),
    // the Chat tab's composer: its button sends (then shows the Chat tab) or stops
    composer: { ...composer, submit, press: composer.mode === 'stop' ? composer.press : submit },
  };
}
