/**
 * The widget as one actor system (widget-spec §2, §4): the root spawns every machine under a system id
 * and carries the reactions between them as its own transitions, so the inspector shows them acting
 * together and stopping the root stops them all.
 *
 * - From the start: `auth` (the session token), `network` (whether the server answers), `site` (the
 *   settings, the bubble and the host page), which spawns `window`, and `locale` (the visitor's language,
 *   told the appearance's `locale` whenever the settings load).
 * - The parts the widget adds later (the watcher of the page's slots, dictation's recording, voice mode's
 *   avatar) arrive as logic with PART.LOADED (so this file imports no part, whose chunks load on demand),
 *   and run under the system id they name until the root stops (or PART.STOP).
 * - From the conversation's start (the window's first opening, a first ask, or CONVERSATION.START for a new
 *   chat or Ask question on a phone): `chat`, `sessions` and `actionButtons`. Its messages wait for the
 *   site's settings (src/chat-window/index.tsx `settings`).
 * - A boot that succeeds after the settings failed (it was late, or the visitor's Retry) loads them again.
 *
 * The children's facts (their emitted events) come back to the root through `facts` relays, and the root
 * reacts: a path change reloads the history and the action buttons, closing the window reloads the
 * history (and lets the site offer the presence video again), a dismissed bubble is remembered by the
 * site, the History tab loads the sessions, the Home tab refreshes the home video, an ask goes to the
 * chat, and when the server answers again the waiting messages go. The root emits the facts again for the
 * page's programmatic API (src/engine.tsx), except those it only passes on.
 */
import {
  assign,
  emit,
  fromCallback,
  raise,
  sendTo,
  setup,
  spawnChild,
  stopChild,
  type ActorRefFrom,
  type AnyActorLogic,
  type EventObject,
} from 'xstate';
import { actionButtonsMachine } from './action-buttons';
import { authMachine, type AuthEmitted } from './auth';
import { chatMachine, type ChatEmitted } from './chat';
import { localeMachine, type LocaleSources } from './locale';
import { networkMachine, type NetworkEmitted } from './network';
import { sessionsMachine } from './sessions';
import { siteMachine, type SiteEmitted, type SiteInput } from './site';
import type { Tab, WindowEmitted } from './window';

export interface WidgetInput {
  /** The site machine's input (the page, the stored settings). */
  site: SiteInput;
  /** The stored chat session the chat starts with (widget-spec §3 `ai_chat_session_id`). */
  chatSessionId: string | null;
  /** The locale machine's sources (the script tag's, the page's and the browser's; the appearance's, stored or ''). */
  locale: LocaleSources;
}

/** The children's facts, which the root receives and emits again. */
export type WidgetFact = WindowEmitted | SiteEmitted | NetworkEmitted | ChatEmitted | AuthEmitted;

type Fact<T extends WidgetFact['type']> = Extract<WidgetFact, { type: T }>;

export type WidgetEvent =
  /** An on-demand part's chunk loaded: its machine runs in the system as `systemId`, until the root stops or PART.STOP. */
  | { type: 'PART.LOADED'; systemId: string; logic: AnyActorLogic; input?: unknown }
  | { type: 'PART.STOP'; systemId: string }
  /** Start the conversation's machines (once; later ones are ignored), with the window on `tab`. */
  | { type: 'CONVERSATION.START'; tab: Tab }
  | WidgetFact;

/** Relays a child's facts to the root (a machine cannot subscribe to a child's emitted events declaratively). */
export const facts = fromCallback<EventObject, string>(({ input, system, sendBack }) => system.get(input).on('*', sendBack).unsubscribe);

/** Sends `event` to the actor the system knows as `systemId` (typed as any action of the root's). */
const tell = (systemId: string, event: (e: WidgetEvent) => EventObject) =>
  sendTo(
    ({ system }) => system.get(systemId),
    ({ event: e }: { event: WidgetEvent }) => event(e),
  ) as never;

const reloadChat = tell('chat', () => ({ type: 'CHAT.RELOAD' }));
/** The site's settings again, when they failed (a boot succeeded: the site ignores it otherwise). */
const retrySettings = tell('site', () => ({ type: 'SETTINGS.RETRY' }));
/** The server answers again: the chat's and the sessions' waiting calls go again. */
const tryAgain = [tell('chat', () => ({ type: 'NETWORK.BACK' })), tell('sessions', () => ({ type: 'NETWORK.BACK' }))];
const loadSessions = tell('sessions', () => ({ type: 'SESSIONS.LOAD' }));
const tellSite = tell('site', (e) => e);
/** Emits the event again, for the page. */
const relay = emit(({ event }: { event: WidgetEvent }) => event as WidgetFact) as never;

export const widgetMachine = setup({
  types: {
    context: {} as WidgetInput,
    input: {} as WidgetInput,
    events: {} as WidgetEvent,
    emitted: {} as WidgetFact,
  },
  actors: {
    auth: authMachine,
    network: networkMachine,
    site: siteMachine,
    locale: localeMachine,
    chat: chatMachine,
    sessions: sessionsMachine,
    actionButtons: actionButtonsMachine,
    facts,
  },
  guards: {
    isTab: ({ event }, tab: Tab) => (event as Fact<'tab.entered'>).tab === tab,
  },
}).createMachine({
  id: 'widget',
  context: ({ input }) => input,
  invoke: [
    { src: 'auth', systemId: 'auth' },
    { src: 'network', systemId: 'network' },
    { src: 'site', systemId: 'site', input: ({ context }) => context.site },
    { src: 'facts', input: 'auth' },
    { src: 'locale', systemId: 'locale', input: ({ context }) => context.locale },
    { src: 'facts', input: 'network' },
    { src: 'facts', input: 'site' },
    { src: 'facts', input: 'window' },
  ],
  on: {
    '*': { actions: relay },
    'PART.LOADED': {
      actions: assign(({ spawn, event }) => {
        const { systemId, logic, input } = event as Extract<WidgetEvent, { type: 'PART.LOADED' }>;
        // (an id of its own, or it would replace another child: the types allow no id with inline logic)
        (spawn as (logic: AnyActorLogic, options: object) => unknown)(logic, { id: systemId, systemId, input });
        return {};
      }),
    },
    'PART.STOP': { actions: stopChild(({ event }) => (event as Extract<WidgetEvent, { type: 'PART.STOP' }>).systemId) },
    // the site offers the presence video again on a close, and not again where the bubble was dismissed
    'bubble.dismissed': { actions: tellSite },
    'window.closed': { actions: [tellSite, relay] },
    // a boot that succeeded after the settings failed (it was late): they load again
    booted: { actions: retrySettings },
    // the site's appearance may name the locale (it comes after the page's and the script tag's choice)
    'settings.loaded': {
      actions: [tell('locale', (e) => ({ type: 'LOCALE.APPEARANCE', tag: (e as Fact<'settings.loaded'>).appearance.locale })), relay],
    },
  },
  initial: 'waiting',
  states: {
    waiting: {
      on: {
        'CONVERSATION.START': [{ guard: ({ event }) => event.tab === 'history', target: 'talking.onHistory' }, 'talking'],
        // an ask before the window's first opening starts the conversation, then goes to it
        'chat.asked': { target: 'talking', actions: raise(({ event }) => event) },
        // the window's first opening (it reports its tab once open; Home's own reaction would only repeat the chat's first load)
        'tab.entered': {
          actions: raise(({ event }) => ({ type: 'CONVERSATION.START' as const, tab: (event as Fact<'tab.entered'>).tab })),
        },
      },
    },
    talking: {
      entry: [
        spawnChild('chat', { id: 'chat', systemId: 'chat', input: ({ context }) => ({ chatSessionId: context.chatSessionId }) }),
        spawnChild('sessions', { id: 'sessions', systemId: 'sessions' }),
        spawnChild('actionButtons', {
          id: 'actionButtons',
          systemId: 'actionButtons',
          input: ({ self }) => ({ path: self.system.get('window').getSnapshot().context.path }),
        }),
        // (each spawned child needs an id of its own: the root stops its children by id)
        spawnChild('facts', { id: 'chatFacts', input: 'chat' }),
      ],
      initial: 'started',
      states: {
        started: {},
        // the window was on History when the conversation started: its sessions load now
        onHistory: { entry: loadSessions },
      },
      on: {
        'chat.asked': { actions: tell('chat', (e) => ({ type: 'CHAT.SEND', text: (e as Fact<'chat.asked'>).text })) },
        'path.changed': {
          actions: [reloadChat, tell('actionButtons', (e) => ({ type: 'PATH.CHANGED', path: (e as Fact<'path.changed'>).path }))],
        },
        'window.closed': { actions: [tellSite, relay, reloadChat] },
        'tab.entered': [
          { guard: { type: 'isTab', params: 'history' }, actions: loadSessions },
          // Home refreshes the home video (the page's presence video comes with the history)
          { guard: { type: 'isTab', params: 'home' }, actions: reloadChat },
        ],
        'network.back': { actions: tryAgain },
        // and what the conversation could not load without it (the history) loads now
        booted: { actions: [retrySettings, ...tryAgain] },
      },
    },
  },
});

export type WidgetActor = ActorRefFrom<typeof widgetMachine>;
