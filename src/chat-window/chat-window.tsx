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
import { SettingsTab } from './settings-tab';
import { FOCUS_DELAY_MS } from '../../machines/constants';
import { CHAT_SECTIONS, CLOSE_CHAT, COLLAPSE_WINDOW, EXPAND_WINDOW, NAVIGATION, RESIZE_CHAT, TAB_LABEL } from '../messages';

/**
 * The hamburger button with its dropdown menu: opens on click, closes on Escape, a choice, a click elsewhere or
 * the focus leaving it. Arrow keys, Home and End move between items. Items with `current` are a
 * radio group (the tabs: `menuitemradio` with `aria-checked`); the others are plain `menuitem`s.
 * The History tab's chunk loads as the pointer or the focus reaches its button, so it is there by the choice.
 */
function NavigationMenu({ items }: { items: MenuItem[] }) {
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuItems = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
  useEffect(() => {
    if (!open) return;
    menuItems()[0]?.focus();
    // a press outside the menu and its button (both in its wrapper) closes it
    const close = (e: Event) => e.composedPath().includes(menu.current!.parentNode!) || setOpen(false);
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);
  const onKeyDown = (e: KeyboardEvent) => {
    const items = menuItems();
    const i = items.indexOf(e.target as HTMLElement);
    const to = { ArrowDown: (i + 1) % items.length, ArrowUp: (i + items.length - 1) % items.length, Home: 0, End: items.length - 1 }[e.key];
    if (e.key === 'Escape') {
      e.stopPropagation();
      setOpen(false);
      button.current?.focus();
    } else if (to !== undefined) {
      e.preventDefault();
      items[to]?.focus();
    }
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
        onPointerEnter={prefetchHistoryTab}
        onFocus={prefetchHistoryTab}
      >
        <Icon name="menu" />
      </button>
      {open && (
        <div role="menu" aria-label={NAVIGATION} data-part="menu" ref={menu} onKeyDown={onKeyDown}>
          {items.map((item) => (
            // biome-ignore lint/a11y/useAriaPropsSupportedByRole: aria-checked is set only where the role is menuitemradio (undefined leaves it out)
            <button
              type="button"
              role={item.current === undefined ? 'menuitem' : 'menuitemradio'}
              aria-checked={item.current}
              tabIndex={-1}
              key={item.label}
              onClick={() => {
                setOpen(false);
                button.current?.focus();
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
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
          // the History tab's chunk loads as the pointer or the focus reaches its button, so it is there by the click
          onPointerEnter={t.id === 'history' ? prefetchHistoryTab : undefined}
          onFocus={t.id === 'history' ? prefetchHistoryTab : undefined}
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

let History: ComponentType | null = null;

/**
 * Loads the History tab (src/chat-window/history-tab.tsx), a chunk of its own: the list of past
 * sessions is not needed for the text chat, so it loads as the pointer or the focus reaches the
 * Navigation menu's button or the tab's footer button, or on the first visit to the tab (one that could not load is tried again on the next visit).
 */
export const loadHistoryTab = loadOnce(() =>
  import('./history-tab').then((m) => {
    History = m.HistoryTab;
  }),
);

/** Loads the History tab ahead of a visit; one that fails is tried again by the visit. */
const prefetchHistoryTab = () => void loadHistoryTab().catch(() => {});

function HistoryTab() {
  const [, loaded] = useState(0);
  useEffect(() => void (History || loadHistoryTab().then(() => loaded(1), console.error)), []);
  return History && <History />;
}

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
    history: <HistoryTab />,
    settings: <SettingsTab items={view.settings} note={view.pageNote} />,
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
