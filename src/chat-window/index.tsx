/**
 * The chat window's module (loaded on first open): the window, its stylesheet, and
 * the conversation started with the browser's effects. Everything here is on top of
 * what core.tsx started.
 */
import { useEffect, useRef, useState } from 'react';
import type { InspectionEvent, Observer } from 'xstate';
import { selectAppearance, selectConfig } from '../../machines/site';
import { createChatClient } from '../api/chat-client';
import type { Http } from '../api/client';
import { chatEffects } from '../effects/chat';
import { readChatSessionId } from '../effects/storage';
import type { Conversation, Runtime, WidgetEventName } from '../runtime';
import { applyTheme } from '../theme';
import windowCss from '../styles/window.css';
import { Icon } from '../icons';
import { useSelector } from '../use-selector';
import { createConversation } from './conversation';
import { windowVariables } from './theme';

export { ChatWindow } from './chat-window';
export { windowCss };

export interface ConversationDeps extends Pick<Runtime, 'site' | 'windowActor' | 'host' | 'network'> {
  http: Http;
  userSessionId: string;
  emit: (event: WidgetEventName, detail?: unknown) => void;
  inspect?: Observer<InspectionEvent>;
}

/** Themes the window and starts the conversation over the widget's HTTP layer. */
export function startConversation(deps: ConversationDeps): Conversation {
  const settings = deps.site.getSnapshot();
  applyTheme(deps.host, windowVariables(selectAppearance(settings)));
  // in voice mode, messages carry the avatar session (widget-spec §3 sessionToken, streamSessionId)
  let voiceSession: Record<string, string> | null = null;
  const effects = chatEffects({
    client: createChatClient(deps.http),
    userSessionId: deps.userSessionId,
    path: () => deps.windowActor.getSnapshot().context.path,
    pageAwareness: selectConfig(settings).agentPageAwareness,
    extra: () => voiceSession,
  });
  // what dictation and voice mode take from here: the chat window's hooks and icons, so Preact ships once
  const parts = { http: deps.http, windowActor: deps.windowActor, inspect: deps.inspect, host: { useEffect, useRef, useState, useSelector, Icon } };
  return createConversation({
    windowActor: deps.windowActor,
    network: deps.network,
    effects,
    chatSessionId: readChatSessionId(),
    emit: deps.emit,
    // each is a chunk of its own, loaded on the first click of its button
    loadDictation: (chat) => import('../dictation/index').then((m) => m.startDictation({ ...parts, chat })),
    loadVoice: (chat) => import('../voice/index').then((m) => m.startVoice({ ...parts, chat, setChatExtras: (x) => (voiceSession = x) })),
    inspect: deps.inspect,
  });
}
