/**
 * What every part of the widget shares: the API client, the actors, the site's
 * settings and the host element. Made once by `start()` (core.tsx) and handed to
 * components through context.
 */
import { createContext, type ComponentType } from 'preact';
import type { InspectionEvent, Observer } from 'xstate';
import type { AuthActor } from '../machines/auth';
import type { ChatActor } from '../machines/chat';
import type { SessionsActor } from '../machines/sessions';
import type { WidgetActor } from '../machines/widget';
import type { Appearance } from '../contract/appearance';
import type { ApiErrorCode, CoreClient, Http, SiteConfig } from './api/client';
import type { ChatClient } from './api/chat-client';

/** Events of the programmatic API (README "Programmatic API"). */
export type WidgetEventName = 'ready' | 'open' | 'close' | 'message' | 'error';

/** The conversation's actors, made when the chat window's module first loads. */
export interface Conversation {
  chat: ChatActor;
  sessions: SessionsActor;
  /** The chat calls (history, sessions, send, buttons). */
  client: ChatClient;
}

/** The chat window's module, loaded on demand, with the conversation it shows. */
export interface LoadedWindow extends Conversation {
  ChatWindow: ComponentType<{ conversation: Conversation }>;
}

export interface Runtime {
  /** The launcher's calls (boot, config, appearance, enrich). */
  client: CoreClient;
  /** The HTTP layer, for the chat window's calls. */
  http: Http;
  auth: AuthActor;
  widget: WidgetActor;
  appearance: Appearance;
  config: SiteConfig;
  /** Why the site's settings could not be loaded (widget-spec §8 appearance errors), or null. */
  loadError: ApiErrorCode | null;
  userSessionId: string;
  /** The custom element (its shadow root holds the widget). */
  host: HTMLElement;
  emit: (event: WidgetEventName, detail?: unknown) => void;
  inspect?: Observer<InspectionEvent>;
  /** Loads the chat window's module (once) and returns it with the conversation. */
  conversation: () => Promise<LoadedWindow>;
}

export const RuntimeContext = createContext<Runtime | null>(null);


/** widget-spec §8: what the visitor sees when the site's settings cannot be loaded. */
export function loadErrorText(code: ApiErrorCode | null): string | null {
  if (code === null) return null;
  if (code === 'INVALID_API_KEY') return 'Invalid API key. Please check your configuration.';
  if (code === 'INVALID_CONFIGURATION') return 'Invalid configuration. Please check your settings.';
  return 'Unable to load chat widget. Please try again later.';
}
