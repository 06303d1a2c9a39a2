/**
 * The chat window's module: the window, its stylesheet, and the conversation's machines
 * with the browser's effects (the widget's root spawns them on the window's first opening).
 */
import { useEffect, useRef, useState } from 'react';
import { waitFor, type InspectionEvent, type Observer } from 'xstate';
import { actionButtonsMachine } from '../../machines/action-buttons';
import { chatMachine } from '../../machines/chat';
import { sessionsMachine } from '../../machines/sessions';
import { selectConfig, selectIsSettled, type SiteActor } from '../../machines/site';
import type { WidgetActor } from '../../machines/widget';
import type { WindowActor } from '../../machines/window';
import { createChatClient } from '../api/chat-client';
import type { Http } from '../api/client';
import { chatEffects } from '../effects/chat';
import type { Conversation } from '../runtime';
import windowCss from '../styles/window.css';
import { Icon } from '../icons';
import { SETTINGS_ERROR_TEXT } from '../messages';
import { useSelector } from '../use-selector';
import { createConversation, spawnIn } from './conversation';

export { windowCss };

export interface ChatWindowDeps {
  http: Http;
  userSessionId: string;
  /** The site and window machines, once the system runs. */
  site: () => SiteActor;
  windowActor: () => WindowActor;
  inspect?: Observer<InspectionEvent>;
}

/**
 * The conversation's machines provided with the browser's effects over the widget's HTTP layer (for the
 * root, which spawns them), and `start`, which starts the conversation (the engine sets the window's theme, src/engine.tsx).
 */
export function chatWindowPart(deps: ChatWindowDeps) {
  // in voice mode, messages carry the avatar session (widget-spec §3 sessionToken, streamSessionId)
  let voiceSession: Record<string, string> | null = null;
  const effects = chatEffects({
    client: createChatClient(deps.http),
    userSessionId: deps.userSessionId,
    path: () => deps.windowActor().getSnapshot().context.path,
    get pageAwareness() {
      return selectConfig(deps.site().getSnapshot()).agentPageAwareness;
    },
    // (the settings give up within their own limits: the boot's patience, then the settings calls')
    settings: () =>
      waitFor(deps.site(), selectIsSettled).then((s) => {
        if (s.context.loadError) throw Error(SETTINGS_ERROR_TEXT.FAILED);
      }),
    extra: () => voiceSession,
  });
  return {
    actors: {
      chat: chatMachine.provide({ actors: effects.chat }),
      sessions: sessionsMachine.provide({ actors: effects.sessions }),
      actionButtons: actionButtonsMachine.provide({ actors: effects.actionButtons }),
    },
    start(root: WidgetActor): Conversation {
      // what dictation and voice mode take from here: the chat window's hooks and icons, so Preact ships once
      const parts = {
        http: deps.http,
        spawn: spawnIn(root),
        host: { useEffect, useRef, useState, useSelector, Icon },
      };
      // (in the widget's system: the page reader's chunk loads now, not with the first send)
      parts.spawn('pageReader', effects.pageReader);
      return {
        ...createConversation({
          root,
          // each is a chunk of its own, loaded on the first click of its button
          loadDictation: (chat) => import('../dictation/index').then((m) => m.startDictation({ ...parts, chat })),
          loadVoice: () => import('../voice/index').then((m) => m.startVoice({ ...parts, setChatExtras: (x) => (voiceSession = x) })),
        }),
        http: deps.http,
      };
    },
  };
}
