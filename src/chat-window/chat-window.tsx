/**
 * The chat window (widget-spec §2): header with agent, expand, the hamburger menu and
 * the settings button (to the Settings tab); the four tabs; footer tabs in expanded mode; on narrow screens a
 * bottom sheet with a resize handle and a close button. It renders the chat
 * window's view model (src/view-models/window-chrome.ts).
 */
import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import type { Tab } from '../../machines/window';
import { Icon } from '../icons';
import type { Conversation } from '../runtime';
import type { ChatWindowView, MenuItem } from '../view-models/window-chrome';
import { ChatTab } from './chat-tab';
import { ConversationContext, useChatWindowView } from './context';
import { loadOnce } from './conversation';
import { HomeTab } from './home-tab';
import { FOCUS_DELAY_MS } from '../../machines/constants';
import {
  CHAT_SECTIONS,
  CLOSE_CHAT,
  COLLAPSE_WINDOW,
  EXPAND_WINDOW,
  NAVIGATION,
  PART_FAILED,
  RESIZE_CHAT,
  RETRY,
  TAB_LABEL,
} from '../messages';

/**
 * The hamburger button with its dropdown menu (a chunk of its own: src/chat-window/navigation-menu.tsx), which
 * opens on click and closes on Escape, a choice, a click elsewhere or the focus leaving it. The menu's chunk, and
 * the History and Settings tabs' it leads to, load as the pointer or the focus reaches the button, so they are
 * there by the choice.
 */
function NavigationMenu({ items }: { items: MenuItem[] }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <div
      data-part="menu-wrap"
      onFocusOut={(e: FocusEvent) => {
        if (open && !(e.currentTarget as HTMLElement).contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        type="button"
        ref={button}
        data-part="icon-button"
        aria-label={NAVIGATION}
        title={NAVIGATION}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        onPointerEnter={prefetchMenu}
        onFocus={prefetchMenu}
      >
        <Icon name="menu" />
      </button>
      {open && <menu.Lazy items={items} close={close} dismiss={() => setOpen(false)} />}
    </div>
  );
}

function Header({ view }: { view: ChatWindowView }) {
  const { header } = view;
  // the tooltips say what the accessible names say
  const expand = view.expanded ? COLLAPSE_WINDOW : EXPAND_WINDOW;
  return (
    <header data-part="header">
      <span data-part="agent-icon" aria-hidden="true">
        {header.icon ? <img src={header.icon} alt="" /> : <Icon name="agent" />}
        {header.liveDot && <span data-part="live-dot" />}
      </span>
      <div data-part="agent">
        <h2 data-part="agent-name" id="aiw-title">
          {view.header.name}
        </h2>
        <p data-part="agent-description">{view.header.description}</p>
      </div>
      <div data-part="header-actions">
        {view.canExpand && (
          <button type="button" data-part="icon-button" aria-label={expand} title={expand} onClick={view.toggleExpanded}>
            <Icon name={view.expanded ? 'collapse' : 'expand'} />
          </button>
        )}
        <NavigationMenu items={view.navigation} />
        {/* the Settings tab holds the settings' actions, with what each does: this button shows it (a menu of the same
            actions repeated the tab, and covered it) */}
        <button
          type="button"
          data-part="icon-button"
          aria-label={TAB_LABEL.settings}
          title={TAB_LABEL.settings}
          aria-current={view.settingsTab.current ? 'page' : undefined}
          onClick={view.settingsTab.onSelect}
          onPointerEnter={settings.prefetch}
          onFocus={settings.prefetch}
        >
          <Icon name="settings" />
        </button>
        {view.mobile && (
          <button type="button" data-part="icon-button" aria-label={CLOSE_CHAT} title={CLOSE_CHAT} onClick={view.close}>
            <Icon name="close" />
          </button>
        )}
      </div>
    </header>
  );
}

function FooterTabs({ tabs }: { tabs: ChatWindowView['tabs'] }) {
  return (
    <nav data-part="footer-tabs" aria-label={CHAT_SECTIONS}>
      {tabs.map((t) => (
        <button
          type="button"
          key={t.id}
          aria-current={t.current ? 'page' : undefined}
          onClick={t.onSelect}
          // the History and Settings tabs' chunks load as the pointer or the focus reaches their button, so they are there by the click
          onPointerEnter={t.id === 'history' ? history.prefetch : t.id === 'settings' ? settings.prefetch : undefined}
          onFocus={t.id === 'history' ? history.prefetch : t.id === 'settings' ? settings.prefetch : undefined}
        >
          {/* each tab's icon has its name */}
          <Icon name={t.id} />
          <span>{t.label}</span>
        </button>
      ))}
    </nav>
  );
}

/** The bottom sheet's resize handle (widget-spec §2): drag or arrow keys, 400 px to 90% of the viewport. */
function ResizeHandle({ sheet, view }: { sheet: () => HTMLElement | null; view: ChatWindowView['sheet'] }) {
  const onPointerDown = (e: PointerEvent) => {
    const el = sheet();
    if (!el) return;
    const startY = e.clientY;
    const startHeight = el.getBoundingClientRect().height;
    const target = e.currentTarget as HTMLElement;
    target.setPointerCapture(e.pointerId);
    const move = (ev: PointerEvent) => view.resize(startHeight + (startY - ev.clientY));
    target.addEventListener('pointermove', move);
    // the capture is lost after a release, a cancelled touch (a scroll took over) or anything else
    // that ends the drag (Pointer Events: lostpointercapture follows pointerup and pointercancel)
    target.addEventListener('lostpointercapture', () => target.removeEventListener('pointermove', move), { once: true });
  };
  const rendered = () => sheet()?.getBoundingClientRect().height ?? view.min;
  return (
    <div
      data-part="resize-handle"
      role="separator"
      aria-label={RESIZE_CHAT}
      tabIndex={0}
      aria-valuemin={view.min}
      aria-valuemax={view.max}
      aria-valuenow={Math.round(view.height ?? rendered())}
      onPointerDown={onPointerDown}
      onKeyDown={(e) => {
        if (e.key === 'ArrowUp') view.step(1, rendered());
        if (e.key === 'ArrowDown') view.step(-1, rendered());
      }}
    >
      <span />
    </div>
  );
}

/** Keeps the bottom sheet above the on-screen keyboard (visualViewport), through a CSS variable. */
function useKeyboardOffset(el: () => HTMLElement | null, active: boolean) {
  useEffect(() => {
    const vv = window.visualViewport;
    if (!active || !vv) return;
    const update = () => {
      const style = el()?.style;
      style?.setProperty('--aiw-keyboard', `${Math.max(0, window.innerHeight - vv.height - vv.offsetTop)}px`);
      style?.setProperty('--aiw-visible-height', `${vv.height}px`);
    };
    update();
    const events = ['resize', 'scroll'];
    for (const type of events) vv.addEventListener(type, update);
    return () => {
      for (const type of events) vv.removeEventListener(type, update);
    };
  }, [active]);
}

/**
 * A part of the window that is a chunk of its own (`importPart` gives its component): the Navigation menu's
 * dropdown, the History tab (past sessions) and the Settings tab are not needed for the text chat, so each loads
 * as the pointer or the focus reaches the Navigation menu's button or the tab's own button (the footer's, the
 * header's settings button), or as it first shows. A tab that could not load says so in its place (an alert) with
 * Retry, which fetches its chunk again; the menu, given `dismiss`, closes instead (never open and empty), and its
 * next opening fetches its chunk again.
 */
export function lazyPart<P extends { dismiss?: () => void }>(importPart: () => Promise<ComponentType<P>>) {
  let Loaded: ComponentType<P> | null = null;
  const load = loadOnce(() =>
    importPart().then((part) => {
      Loaded = part;
    }),
  );
  function Lazy(props: P) {
    // -1: loaded; 0: loading; n: n failed loads (each failure's alert is a new one, so it is announced again)
    const [state, set] = useState(0);
    const tryLoad = () =>
      load().then(
        () => set(-1),
        (err: unknown) => {
          console.error(err);
          props.dismiss?.();
          set((n) => n + 1);
        },
      );
    // always: a chunk that arrived between this drawing and its effects (a prefetch by the pointer) draws it too
    useEffect(() => void tryLoad(), []);
    return Loaded ? (
      <Loaded {...props} />
    ) : (
      // the button stays while Retry loads, so the focus stays on it
      state > 0 && (
        <div data-part="window-message">
          <p key={state} role="alert">
            {PART_FAILED}
          </p>
          <button type="button" data-part="window-retry" onClick={tryLoad}>
            {RETRY}
          </button>
        </div>
      )
    );
  }
  // ahead of a visit; one that fails is tried again by the visit
  return { load, prefetch: () => void load().catch(() => {}), Lazy };
}

const menu = lazyPart(() => import('./navigation-menu').then((m) => m.Menu));
const history = lazyPart(() => import('./history-tab').then((m) => m.HistoryTab));
const settings = lazyPart(() => import('./settings-tab').then((m) => m.SettingsTab));
/** Loads the Navigation menu's dropdown (src/chat-window/navigation-menu.tsx), the History tab and the Settings tab. */
export const loadWindowParts = () => Promise.all([menu.load(), history.load(), settings.load()]);
/** The Navigation menu, and both tabs it leads to. */
const prefetchMenu = () => {
  menu.prefetch();
  history.prefetch();
  settings.prefetch();
};

export function ChatWindow({ conversation }: { conversation: Conversation }) {
  return (
    <ConversationContext.Provider value={conversation}>
      <WindowFrame />
    </ConversationContext.Provider>
  );
}

function WindowFrame() {
  const view = useChatWindowView();
  const el = useRef<HTMLDivElement>(null);
  useKeyboardOffset(() => el.current, view.mobile);
  // widget-spec §4, §9: on open the focus moves into the window (on a phone the launcher under it is hidden by
  // the sheet), and 300 ms later into the input (Home's or the Chat tab's). A text box matches :focus-visible
  // however it got the focus, so after a click opened the window its ring is held back (data-pointer,
  // window.css) until the visitor presses Tab; opened from the keyboard (the launcher showed its ring), it shows.
  useEffect(() => {
    const w = el.current!;
    const root = w.getRootNode() as ShadowRoot;
    w.toggleAttribute('data-pointer', !root.activeElement?.matches(':focus-visible'));
    if (!w.contains(root.activeElement)) w.focus();
    const timer = setTimeout(() => root.activeElement === w && w.querySelector('textarea')?.focus(), FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const content: Record<Tab, ReactNode> = {
    home: <HomeTab />,
    chat: <ChatTab />,
    history: <history.Lazy />,
    settings: <settings.Lazy />,
  };
  return (
    <div
      ref={el}
      data-part="window"
      data-expanded={view.expanded || undefined}
      data-mobile={view.mobile || undefined}
      // set in the render's own commit (through the CSSOM, CSP-safe), so a drag never lags a frame behind the pointer
      style={view.sheet.height ? { '--aiw-sheet-height': `${view.sheet.height}px` } : undefined}
      role="dialog"
      aria-labelledby="aiw-title"
      tabIndex={-1}
      onPointerDown={() => el.current!.setAttribute('data-pointer', '')}
      onKeyDown={(e) => {
        if (e.key === 'Tab') el.current!.removeAttribute('data-pointer');
        if (e.key === 'Escape' && !e.defaultPrevented) view.close();
      }}
    >
      {view.mobile && <ResizeHandle sheet={() => el.current} view={view.sheet} />}
      <Header view={view} />
      <div data-part="body" data-tab={view.tab}>
        {content[view.tab]}
      </div>
      {view.expanded && <FooterTabs tabs={view.tabs} />}
    </div>
  );
}
