/**
 * What the widget's components share: the actors and the host element. Made once
 * by `start()` (core.tsx), or by a test from the same machines with fake effects,
 * and handed to components through context; the conversation's actors come with
 * the chat window's module.
 */
import { createContext, type ComponentType, type RefObject } from 'preact';
import type { ActorRefFrom, AnyActorLogic, InputFrom } from 'xstate';
import type { ActionButtonsActor } from '../machines/action-buttons';
import type { ChatActor } from '../machines/chat';
import type { SiteActor } from '../machines/site';
import type { NetworkActor } from '../machines/network';
import type { LocaleActor } from '../machines/locale';
import type { SessionsActor } from '../machines/sessions';
import type { WindowActor } from '../machines/window';
import type { LauncherFrame } from './launcher-frame';
import type { Http } from './api/client';

/** Events of the programmatic API (README "Programmatic API"). */
export type WidgetEventName = 'ready' | 'open' | 'close' | 'message' | 'error';

/**
 * Runs an on-demand part's machine in the widget's actor system as `systemId` (machines/widget.ts
 * PART.LOADED): the inspector sees it with the rest, and stopping the root stops it; `stop` ends it sooner.
 */
export type Spawn = <T extends AnyActorLogic>(systemId: string, logic: T, input?: InputFrom<T>) => { actor: ActorRefFrom<T>; stop(): void };

/**
 * Dictation (src/dictation), loaded on the first click of the dictate button. Its recording machine runs in
 * the widget's system (stopping the root stops it, releasing the microphone).
 */
export interface Dictation {
  /**
   * The composer's dictation controls, in place of the dictate button once it was clicked (they start
   * recording as they mount): the status line, the wave, Retry, the dictate / cancel button and, while
   * recording, the send button that stops and transcribes. `area` is the composer's text area (the
   * transcript goes in, the caret after it).
   */
  Controls: ComponentType<{ area: RefObject<HTMLTextAreaElement | null> }>;
}

/**
 * Voice mode (src/voice), loaded on the first click of the voice button. Its machine runs in the widget's
 * system: it ends with its Close button, when the window closes, or when the root stops.
 */
export interface VoiceMode {
  /** The voice-mode view, in place of the composer; it starts voice mode as it mounts, and calls `onClosed` when it ends. */
  View: ComponentType<{ onClosed: () => void }>;
}

/** The documents and videos in the host page's slots (src/embeds), loaded once a page has a slot. */
export interface Embeds {
  /** Shows a viewer in each slot on the page, and stops those of slots that left it or changed token. */
  sync(): void;
  /** Stops every viewer, the modal and their actors, and empties the slots. */
  stop(): void;
}

/** The conversation's actors, made when the chat window's module first loads. */
export interface Conversation {
  chat: ChatActor;
  sessions: SessionsActor;
  actionButtons: ActionButtonsActor;
  /** Loads and starts dictation once (the same promise after); rejects if its chunk cannot load. */
  dictation(): Promise<Dictation>;
  /** Loads voice mode once (the same promise after); rejects if its chunk cannot load. */
  voice(): Promise<VoiceMode>;
  /** The widget's HTTP layer, for the calls of the tabs that load on demand (the Settings tab's transcript mail). */
  http?: Http;
}

/** What the components reach through context; everything else stays with the effects. */
export interface Runtime {
  /** The settings, the bubble policy and the host page (machines/site.ts). */
  site: SiteActor;
  /** The window and its tabs (machines/window.ts), owned by `site`. */
  windowActor: WindowActor;
  /** Whether the server answers (machines/network.ts): the live dot, and when to send again. */
  network: NetworkActor;
  /** The visitor's locale (machines/locale.ts): the words shown, their language and direction. */
  locale: LocaleActor;
  /** The custom element (its shadow root holds the widget). */
  host: HTMLElement;
  /** The launcher and its frame (src/launcher-frame.ts, drawn first by widget.js): App paints it and draws the window and bubble in its layer. */
  launcher: LauncherFrame;
  /**
   * The conversation with the chat window's module (made once): the root starts it on the window's first opening
   * (machines/widget.ts); this starts it first for a new chat, or Ask question on a phone.
   */
  conversation: () => Conversation;
}

export const RuntimeContext = createContext<Runtime | null>(null);
