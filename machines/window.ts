/**
 * The widget's window and tabs (widget-spec §2 "Widget parts", §4 "Window").
 *
 * Effects of a change are emitted as facts for the view to act on: `window.opened`
 * (clear the bubble, focus the input), `window.closed` (reload history),
 * `tab.entered` (Home refreshes the home video, Chat scrolls down and focuses the
 * input, History loads sessions), `path.changed`, and `chat.asked` (a message to
 * send, from anywhere: a button, Get help, the programmatic API).
 *
 * While the bubble is up, `bubbleOverlap` (provided: the host page's hit-testing, src/effects/host-page.ts)
 * reports whether it lies over a control of the host page: it shows once its first report says it is clear,
 * gives way (hidden) whenever it lies over one, and shows again once clear. Only the visitor's dismissal is
 * final (`bubble.dismissed`).
 */
import { assign, emit, fromCallback, raise, setup, type ActorRefFrom, type EventObject, type SnapshotFrom } from 'xstate';
import { ACTION_MESSAGE_DELAY_MS, RESIZE_MAX_SHARE, RESIZE_MIN_PX } from './constants';
import { notProvided } from './not-provided';

export type Tab = 'home' | 'chat' | 'history' | 'settings';
export const TABS: readonly Tab[] = ['home', 'chat', 'history', 'settings'];

/** The proactive bubble above the launcher (widget-spec §2): the first visit's greeting, or a page's presence video. */
export type Bubble = { greeting: true } | PresenceBubble;

/** A page's point-of-presence video, as the bubble offers it. */
export interface PresenceBubble {
  greeting?: undefined;
  text: string;
  /** A video the bubble plays. */
  videoUrl?: string;
  /** The video's WebVTT captions. */
  captionsUrl?: string;
}

export interface WindowContext {
  /** @default 'home' */
  tab: Tab;
  /** @default false */
  expanded: boolean;
  /** @default null */
  bubble: Bubble | null;
  /** The host page's path. */
  path: string;
  /** widget-spec §9: 768 px or narrower, or a mobile user agent. */
  isMobile: boolean;
  /** The bottom sheet's height set by its resize handle; null for the default. @default null */
  sheetHeight: number | null;
}

export interface WindowInput {
  path: string;
  isMobile: boolean;
}

export type WindowEvent =
  | { type: 'WINDOW.OPEN' }
  | { type: 'WINDOW.CLOSE' }
  | { type: 'WINDOW.TOGGLE' }
  | { type: 'WINDOW.EXPAND_TOGGLE' }
  | { type: 'TAB.SELECT'; tab: Tab }
  | { type: 'BUBBLE.SHOW'; bubble: Bubble }
  | { type: 'BUBBLE.DISMISS' }
  /** The bubble lies over a control of the host page, or no longer does (reported by `bubbleOverlap`). */
  | { type: 'BUBBLE.OVERLAPS' }
  | { type: 'BUBBLE.CLEAR' }
  | { type: 'PATH.CHANGED'; path: string }
  | { type: 'VIEWPORT.CHANGED'; isMobile: boolean }
  | { type: 'SHEET.RESIZE'; height: number; viewportHeight: number }
  /**
   * Send a message from anywhere (an action or response button, Get help, `AIChatWidget.send`):
   * the window opens on the Chat tab and the message goes 100 ms later (widget-spec §4).
   */
  | { type: 'WINDOW.ASK'; text: string }
  /** The ask's delay ran out (internal). */
  | { type: 'ASK.DUE'; text: string };

export type WindowEmitted =
  | { type: 'window.opened' }
  | { type: 'window.closed' }
  | { type: 'tab.entered'; tab: Tab }
  | { type: 'path.changed'; path: string }
  | { type: 'bubble.dismissed'; path: string }
  /** A message asked for by WINDOW.ASK, due now: the conversation sends it. */
  | { type: 'chat.asked'; text: string };

/** The sheet height a drag asks for, kept between 400 px and 90% of the viewport. */
export function clampSheetHeight(height: number, viewportHeight: number): number {
  const max = Math.max(RESIZE_MIN_PX, Math.floor(viewportHeight * RESIZE_MAX_SHARE));
  return Math.min(max, Math.max(RESIZE_MIN_PX, Math.round(height)));
}

export const windowMachine = setup({
  types: {
    context: {} as WindowContext,
    events: {} as WindowEvent,
    input: {} as WindowInput,
    emitted: {} as WindowEmitted,
  },
  actors: {
    /** Reports BUBBLE.OVERLAPS when the bubble comes to lie over a control of the host page, BUBBLE.CLEAR once it no longer does. */
    bubbleOverlap: fromCallback<EventObject>(notProvided('bubbleOverlap')),
  },
  delays: { askDelay: ACTION_MESSAGE_DELAY_MS },
  guards: {
    isOtherTab: ({ context, event }) => event.type === 'TAB.SELECT' && event.tab !== context.tab,
    isNewPath: ({ context, event }) => event.type === 'PATH.CHANGED' && event.path !== context.path,
    canExpand: ({ context }) => !context.isMobile,
  },
  actions: {
    clearBubble: assign({ bubble: null }),
    showBubble: assign({ bubble: ({ event }) => (event.type === 'BUBBLE.SHOW' ? event.bubble : null) }),
    selectTab: assign({ tab: ({ context, event }) => (event.type === 'TAB.SELECT' ? event.tab : context.tab) }),
    emitTab: emit(({ context }) => ({ type: 'tab.entered' as const, tab: context.tab })),
    toggleExpanded: assign({ expanded: ({ context }) => !context.expanded }),
    setPath: assign({ path: ({ context, event }) => (event.type === 'PATH.CHANGED' ? event.path : context.path) }),
    emitPath: emit(({ context }) => ({ type: 'path.changed' as const, path: context.path })),
    setViewport: assign(({ context, event }) =>
      event.type === 'VIEWPORT.CHANGED' ? { isMobile: event.isMobile, expanded: event.isMobile ? false : context.expanded } : {},
    ),
    chooseChatTab: assign({ tab: 'chat' as Tab }),
    scheduleAsk: raise(({ event }) => ({ type: 'ASK.DUE' as const, text: event.type === 'WINDOW.ASK' ? event.text : '' }), {
      delay: 'askDelay',
    }),
    resizeSheet: assign({
      sheetHeight: ({ context, event }) =>
        event.type === 'SHEET.RESIZE' ? clampSheetHeight(event.height, event.viewportHeight) : context.sheetHeight,
    }),
  },
}).createMachine({
  id: 'window',
  context: ({ input }) => ({ tab: 'home', expanded: false, bubble: null, path: input.path, isMobile: input.isMobile, sheetHeight: null }),
  initial: 'closed',
  on: {
    'PATH.CHANGED': { guard: 'isNewPath', actions: ['setPath', 'emitPath'] },
    'VIEWPORT.CHANGED': { actions: 'setViewport' },
    'TAB.SELECT': { guard: 'isOtherTab', actions: ['selectTab', 'emitTab'] },
    'ASK.DUE': { actions: emit(({ event }) => ({ type: 'chat.asked' as const, text: event.text })) },
  },
  states: {
    closed: {
      initial: 'quiet',
      on: {
        'WINDOW.OPEN': 'open',
        'WINDOW.TOGGLE': 'open',
        // opening enters the Chat tab (its entry effects run), then the message follows
        'WINDOW.ASK': { target: 'open', actions: ['chooseChatTab', 'scheduleAsk'] },
        // (a bubble that replaces another is checked afresh)
        'BUBBLE.SHOW': { target: '.bubble', actions: 'showBubble' },
        'BUBBLE.DISMISS': {
          target: '.quiet',
          actions: ['clearBubble', emit(({ context }) => ({ type: 'bubble.dismissed' as const, path: context.path }))],
        },
        // another page: its bubble, if any, comes with it
        'PATH.CHANGED': { guard: 'isNewPath', target: '.quiet', actions: ['setPath', 'clearBubble', 'emitPath'] },
      },
      states: {
        quiet: {},
        /** The bubble is up: hidden until the first check, and while it lies over a control of the host page. */
        bubble: {
          invoke: { src: 'bubbleOverlap' },
          initial: 'givingWay',
          states: {
            shown: { on: { 'BUBBLE.OVERLAPS': 'givingWay' } },
            givingWay: { on: { 'BUBBLE.CLEAR': 'shown' } },
          },
        },
      },
    },
    open: {
      // widget-spec §4: on open the bubble is cleared and the input gets focus
      entry: ['clearBubble', emit({ type: 'window.opened' }), 'emitTab'],
      // on close the history reloads and a bubble may show
      exit: emit({ type: 'window.closed' }),
      on: {
        'WINDOW.CLOSE': 'closed',
        'WINDOW.TOGGLE': 'closed',
        'WINDOW.EXPAND_TOGGLE': { guard: 'canExpand', actions: 'toggleExpanded' },
        'SHEET.RESIZE': { actions: 'resizeSheet' },
        'WINDOW.ASK': { actions: [raise({ type: 'TAB.SELECT', tab: 'chat' }), 'scheduleAsk'] },
      },
    },
  },
});

export type WindowActor = ActorRefFrom<typeof windowMachine>;
export type WindowSnapshot = SnapshotFrom<typeof windowMachine>;

export const selectIsOpen = (s: WindowSnapshot) => s.matches('open');
export const selectTab = (s: WindowSnapshot) => s.context.tab;
export const selectExpanded = (s: WindowSnapshot) => s.context.expanded && !s.context.isMobile;
export const selectBubble = (s: WindowSnapshot) => s.context.bubble;
/** The bubble gives way (hidden, not dismissed): until its first check, and while it lies over a control of the host page. */
export const selectBubbleGivesWay = (s: WindowSnapshot) => s.matches({ closed: { bubble: 'givingWay' } });
export const selectIsMobile = (s: WindowSnapshot) => s.context.isMobile;
export const selectSheetHeight = (s: WindowSnapshot) => s.context.sheetHeight;
