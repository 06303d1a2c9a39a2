/**
 * The chat window (widget-spec §2): header with agent, expand, hamburger and
 * settings menus; the four tabs; footer tabs in expanded mode; on narrow screens a
 * bottom sheet with a resize handle and a close button.
 */
import { useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { selectExpanded, selectIsMobile, selectSheetHeight, selectTab, TABS, type Tab } from '../../machines/widget';
import { Icon, type IconName } from '../icons';
import type { Conversation } from '../runtime';
import { useRuntime } from './use-runtime';
import { ChatTab } from './chat-tab';
import { HistoryTab } from './history-tab';
import { HomeTab } from './home-tab';
import { SettingsTab } from './settings-tab';

export const ConversationContext = createContext<Conversation | null>(null);
export function useConversation(): Conversation {
  const c = useContext(ConversationContext);
  if (!c) throw new Error('useConversation outside the chat window');
  return c;
}

export const TAB_LABELS: Record<Tab, string> = { home: 'Home', chat: 'Chat', history: 'History', settings: 'Settings' };
const TAB_ICONS: Record<Tab, IconName> = { home: 'home', chat: 'chat', history: 'history', settings: 'settings' };

/**
 * A button with a dropdown menu: opens on click, closes on Escape, a choice, a click elsewhere or
 * the focus leaving it. Arrow keys, Home and End move between items. Items with `current` are a
 * radio group (the tabs: `menuitemradio` with `aria-checked`); the others are plain `menuitem`s.
 */
function Menu({ label, icon, items }: { label: string; icon: IconName; items: { label: string; onSelect: () => void; current?: boolean }[] }) {
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuItems = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
  useEffect(() => {
    if (!open) return;
    menuItems()[0]?.focus();
    const close = (e: Event) => {
      if (!e.composedPath().includes(menu.current!) && !e.composedPath().includes(button.current!)) setOpen(false);
    };
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
      <button type="button" ref={button} data-part="icon-button" aria-label={label} title={label} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)}>
        <Icon name={icon} />
      </button>
      {open && (
        <div role="menu" aria-label={label} data-part="menu" ref={menu} onKeyDown={onKeyDown}>
          {items.map((item) => (
            <button
              type="button"
              role={item.current === undefined ? 'menuitem' : 'menuitemradio'}
              aria-checked={item.current === undefined ? undefined : item.current}
              tabIndex={-1}
              key={item.label}
              data-current={item.current || undefined}
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

function AgentIcon() {
  const { appearance } = useRuntime();
  return (
    <span data-part="agent-icon" aria-hidden="true">
      {/^https?:\/\//i.test(appearance.agentIcon) ? <img src={appearance.agentIcon} alt="" /> : <Icon name="agent" />}
      {appearance.launcher.showLiveStatus && <span data-part="live-dot" />}
    </span>
  );
}

function Header({ onTranscript, onHelp }: { onTranscript: () => void; onHelp: () => void }) {
  const rt = useRuntime();
  const { chat } = useConversation();
  const tab = useSelector(rt.widget, selectTab);
  const expanded = useSelector(rt.widget, selectExpanded);
  const mobile = useSelector(rt.widget, selectIsMobile);
  const select = (t: Tab) => rt.widget.send({ type: 'TAB.SELECT', tab: t });
  return (
    <header data-part="header">
      <AgentIcon />
      <div data-part="agent">
        <h2 data-part="agent-name" id="aiw-title">
          {rt.appearance.agentName}
        </h2>
        <p data-part="agent-description">{rt.appearance.agentDescription}</p>
      </div>
      <div data-part="header-actions">
        {!mobile && (
          <button
            type="button"
            data-part="icon-button"
            aria-label={expanded ? 'Collapse chat window' : 'Expand chat window'}
            title={expanded ? 'Collapse' : 'Expand'}
            onClick={() => rt.widget.send({ type: 'WINDOW.EXPAND_TOGGLE' })}
          >
            <Icon name={expanded ? 'collapse' : 'expand'} />
          </button>
        )}
        <Menu
          label="Navigation"
          icon="menu"
          items={[
            ...TABS.map((t) => ({ label: TAB_LABELS[t], current: t === tab, onSelect: () => select(t) })),
            {
              label: 'New chat',
              onSelect: () => {
                chat.send({ type: 'CHAT.NEW' });
                select('chat');
              },
            },
          ]}
        />
        <Menu
          label="Settings"
          icon="settings"
          items={[
            { label: 'Email me a transcript', onSelect: onTranscript },
            { label: 'Get help', onSelect: onHelp },
          ]}
        />
        {mobile && (
          <button type="button" data-part="icon-button" aria-label="Close chat" title="Close" onClick={() => rt.widget.send({ type: 'WINDOW.CLOSE' })}>
            <Icon name="close" />
          </button>
        )}
      </div>
    </header>
  );
}

function FooterTabs() {
  const rt = useRuntime();
  const tab = useSelector(rt.widget, selectTab);
  return (
    <nav data-part="footer-tabs" aria-label="Chat sections">
      {TABS.map((t) => (
        <button type="button" key={t} data-active={t === tab || undefined} aria-current={t === tab ? 'page' : undefined} onClick={() => rt.widget.send({ type: 'TAB.SELECT', tab: t })}>
          <Icon name={TAB_ICONS[t]} />
          <span>{TAB_LABELS[t]}</span>
        </button>
      ))}
    </nav>
  );
}

/** The bottom sheet's resize handle (widget-spec §2): drag or arrow keys, 400 px to 90% of the viewport. */
function ResizeHandle({ sheet }: { sheet: () => HTMLElement | null }) {
  const rt = useRuntime();
  const resize = (height: number) => rt.widget.send({ type: 'SHEET.RESIZE', height, viewportHeight: window.innerHeight });
  const onPointerDown = (e: PointerEvent) => {
    const el = sheet();
    if (!el) return;
    const startY = e.clientY;
    const startHeight = el.getBoundingClientRect().height;
    const target = e.currentTarget as HTMLElement;
    target.setPointerCapture(e.pointerId);
    const move = (ev: PointerEvent) => resize(startHeight + (startY - ev.clientY));
    // a cancelled touch (a scroll took over) or a lost capture ends the drag like a release
    const ends = ['pointerup', 'pointercancel', 'lostpointercapture'] as const;
    const up = () => {
      target.removeEventListener('pointermove', move);
      for (const type of ends) target.removeEventListener(type, up);
    };
    target.addEventListener('pointermove', move);
    for (const type of ends) target.addEventListener(type, up);
  };
  const height = useSelector(rt.widget, selectSheetHeight);
  return (
    <div
      data-part="resize-handle"
      role="separator"
      aria-orientation="horizontal"
      aria-label="Resize chat"
      tabIndex={0}
      aria-valuemin={400}
      aria-valuemax={Math.round(window.innerHeight * 0.9)}
      aria-valuenow={Math.round(height ?? sheet()?.getBoundingClientRect().height ?? 0)}
      onPointerDown={onPointerDown}
      onKeyDown={(e) => {
        // the machine's height is current even before the sheet has re-rendered
        const current = rt.widget.getSnapshot().context.sheetHeight ?? sheet()?.getBoundingClientRect().height ?? 400;
        if (e.key === 'ArrowUp') resize(current + 40);
        if (e.key === 'ArrowDown') resize(current - 40);
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
      el()?.style.setProperty('--aiw-keyboard', `${Math.max(0, window.innerHeight - vv.height - vv.offsetTop)}px`);
      el()?.style.setProperty('--aiw-visible-height', `${vv.height}px`);
    };
    update();
    vv.addEventListener('resize', update);
    vv.addEventListener('scroll', update);
    return () => {
      vv.removeEventListener('resize', update);
      vv.removeEventListener('scroll', update);
    };
  }, [active]);
}

/** 'Email me a transcript': the conversation as the body of an email in the visitor's own mail program. */
export function transcriptMailto(agentName: string, messages: { role: string; content: string; createdAt: string }[]): string {
  const lines = messages.map((m) => `${m.role === 'user' ? 'You' : agentName}${m.createdAt ? ` (${new Date(m.createdAt).toLocaleString()})` : ''}:\n${m.content}`);
  const body = lines.length ? lines.join('\n\n') : 'No messages yet.';
  // mailto URLs are limited in length by mail programs: keep the most recent part
  const trimmed = body.length > 6000 ? `…\n${body.slice(-6000)}` : body;
  return `mailto:?subject=${encodeURIComponent(`Chat transcript: ${agentName}`)}&body=${encodeURIComponent(trimmed)}`;
}

export function ChatWindow({ conversation }: { conversation: Conversation }) {
  const rt = useRuntime();
  const tab = useSelector(rt.widget, selectTab);
  const expanded = useSelector(rt.widget, selectExpanded);
  const mobile = useSelector(rt.widget, selectIsMobile);
  const sheetHeight = useSelector(rt.widget, selectSheetHeight);
  const el = useRef<HTMLDivElement>(null);
  useKeyboardOffset(() => el.current, mobile);
  // widget-spec §4: on open the focus moves into the window (the Chat tab's input takes it from there);
  // on a phone the launcher under the focus is hidden by the sheet
  useEffect(() => {
    const root = el.current?.getRootNode() as Document | ShadowRoot | undefined;
    if (!el.current?.contains(root?.activeElement ?? null)) el.current?.focus();
  }, []);
  // in the same commit as the render, so a drag never lags a frame behind the pointer
  useLayoutEffect(() => {
    el.current?.style.setProperty('--aiw-sheet-height', sheetHeight ? `${sheetHeight}px` : '');
  }, [sheetHeight]);

  const onTranscript = () => {
    window.location.href = transcriptMailto(rt.appearance.agentName, conversation.chat.getSnapshot().context.messages.filter((m) => !m.isError));
  };
  const onHelp = () => {
    // 'Get help' opens the site's help page when it has one, otherwise asks the agent
    if (/^https?:\/\//i.test(rt.config.referenceWebpage)) {
      window.open(rt.config.referenceWebpage, '_blank', 'noopener,noreferrer');
      return;
    }
    rt.widget.send({ type: 'TAB.SELECT', tab: 'chat' });
    conversation.chat.send({ type: 'CHAT.SEND', text: 'I need help. How can I get help?' });
  };

  const content: Record<Tab, ReactNode> = {
    home: <HomeTab />,
    chat: <ChatTab />,
    history: <HistoryTab />,
    settings: <SettingsTab onTranscript={onTranscript} onHelp={onHelp} />,
  };
  return (
    <ConversationContext.Provider value={conversation}>
      <div
        ref={el}
        data-part="window"
        data-expanded={expanded || undefined}
        data-mobile={mobile || undefined}
        role="dialog"
        aria-labelledby="aiw-title"
        tabIndex={-1}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && !e.defaultPrevented) rt.widget.send({ type: 'WINDOW.CLOSE' });
        }}
      >
        {mobile && <ResizeHandle sheet={() => el.current} />}
        <Header onTranscript={onTranscript} onHelp={onHelp} />
        <div data-part="body" data-tab={tab}>
          {content[tab]}
        </div>
        {expanded && <FooterTabs />}
      </div>
    </ConversationContext.Provider>
  );
}

export type { Tab };
