/**
 * The widget's window and tabs (widget-spec §2 "Widget parts", §4 "Window").
 *
 * Effects of a change are emitted as facts for the view to act on: `window.opened`
 * (clear the bubble, focus the input), `window.closed` (reload history),
 * `tab.entered` (Home refreshes the home video, Chat scrolls down and focuses the
 * input, History loads sessions) and `path.changed`.
 */
import { assign, emit, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';

export type Tab = 'home' | 'chat' | 'history' | 'settings';
export const TABS: readonly Tab[] = ['home', 'chat', 'history', 'settings'];

/** The proactive bubble above the launcher (widget-spec §2). */
export interface Bubble {
  text: string;
  /** A video the bubble plays. */
  videoUrl?: string;
  /** The video's WebVTT captions. */
  captionsUrl?: string;
}

/** widget-spec §9: resize limits of the bottom sheet on narrow screens. */
export const SHEET_MIN_HEIGHT = 400;
export const SHEET_MAX_SHARE = 0.9;

export interface WidgetContext {
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

export interface WidgetInput {
  path: string;
  isMobile: boolean;
}

export type WidgetEvent =
  | { type: 'WINDOW.OPEN' }
  | { type: 'WINDOW.CLOSE' }
  | { type: 'WINDOW.TOGGLE' }
  | { type: 'WINDOW.EXPAND_TOGGLE' }
  | { type: 'TAB.SELECT'; tab: Tab }
  | { type: 'BUBBLE.SHOW'; bubble: Bubble }
  | { type: 'BUBBLE.DISMISS' }
  | { type: 'PATH.CHANGED'; path: string }
  | { type: 'VIEWPORT.CHANGED'; isMobile: boolean }
  | { type: 'SHEET.RESIZE'; height: number; viewportHeight: number };

export type WidgetEmitted =
  | { type: 'window.opened' }
  | { type: 'window.closed' }
  | { type: 'tab.entered'; tab: Tab }
  | { type: 'path.changed'; path: string }
  | { type: 'bubble.dismissed'; path: string };

/** The sheet height a drag asks for, kept between 400 px and 90% of the viewport. */
export function clampSheetHeight(height: number, viewportHeight: number): number {
  const max = Math.max(SHEET_MIN_HEIGHT, Math.floor(viewportHeight * SHEET_MAX_SHARE));
  return Math.min(max, Math.max(SHEET_MIN_HEIGHT, Math.round(height)));
}

export const widgetMachine = setup({
  types: {
    context: {} as WidgetContext,
    events: {} as WidgetEvent,
    input: {} as WidgetInput,
    emitted: {} as WidgetEmitted,
  },
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
    resizeSheet: assign({
      sheetHeight: ({ context, event }) => (event.type === 'SHEET.RESIZE' ? clampSheetHeight(event.height, event.viewportHeight) : context.sheetHeight),
    }),
  },
}).createMachine({
  id: 'widget',
  context: ({ input }) => ({ tab: 'home', expanded: false, bubble: null, path: input.path, isMobile: input.isMobile, sheetHeight: null }),
  initial: 'closed',
  on: {
    'PATH.CHANGED': { guard: 'isNewPath', actions: ['setPath', 'clearBubble', 'emitPath'] },
    'VIEWPORT.CHANGED': { actions: 'setViewport' },
    'TAB.SELECT': { guard: 'isOtherTab', actions: ['selectTab', 'emitTab'] },
  },
  states: {
    closed: {
      on: {
        'WINDOW.OPEN': 'open',
        'WINDOW.TOGGLE': 'open',
        'BUBBLE.SHOW': { actions: 'showBubble' },
        'BUBBLE.DISMISS': { actions: ['clearBubble', emit(({ context }) => ({ type: 'bubble.dismissed' as const, path: context.path }))] },
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
      },
    },
  },
});

export type WidgetActor = ActorRefFrom<typeof widgetMachine>;
export type WidgetSnapshot = SnapshotFrom<typeof widgetMachine>;

export const selectIsOpen = (s: WidgetSnapshot) => s.matches('open');
export const selectTab = (s: WidgetSnapshot) => s.context.tab;
export const selectExpanded = (s: WidgetSnapshot) => s.context.expanded && !s.context.isMobile;
export const selectBubble = (s: WidgetSnapshot) => s.context.bubble;
export const selectIsMobile = (s: WidgetSnapshot) => s.context.isMobile;
export const selectSheetHeight = (s: WidgetSnapshot) => s.context.sheetHeight;
export const selectPath = (s: WidgetSnapshot) => s.context.path;
