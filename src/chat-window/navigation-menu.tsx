/**
 * The Navigation menu's dropdown (widget-spec §2 "Hamburger dropdown"), a chunk of its own: it loads as the
 * pointer or the focus reaches the menu's button (src/chat-window/chat-window.tsx), or on its first click. Its
 * first item takes the focus; arrow keys, Home and End move between items; Escape, a choice, or a press outside
 * the menu and its button closes it. Items with `current` are a radio group (the tabs: `menuitemradio` with
 * `aria-checked`); the others are plain `menuitem`s.
 */
import { useEffect, useRef } from 'react';
import { adoptStyles } from '../styles/adopt';
import menuCss from '../styles/menu.css';
import type { MenuItem } from '../view-models/window-chrome';
import { NAVIGATION } from '../messages';

export interface MenuProps {
  items: MenuItem[];
  /** Closes the menu and gives the focus back to its button (Escape, a choice). */
  close: () => void;
  /** Closes the menu, the focus left where it is (a press outside). */
  dismiss: () => void;
}

export function Menu({ items, close, dismiss }: MenuProps) {
  const menu = useRef<HTMLDivElement | null>(null);
  // its stylesheet joins the shadow root as the menu is drawn, before it paints
  const withStyles = (el: HTMLDivElement | null) => {
    menu.current = el;
    adoptStyles(el, menuCss);
  };
  const menuItems = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
  useEffect(() => {
    menuItems()[0]?.focus();
    // a press outside the menu and its button (both in its wrapper) closes it
    const outside = (e: Event) => e.composedPath().includes(menu.current!.parentNode!) || dismiss();
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, []);
  const onKeyDown = (e: KeyboardEvent) => {
    const all = menuItems();
    const i = all.indexOf(e.target as HTMLElement);
    const to = { ArrowDown: (i + 1) % all.length, ArrowUp: (i + all.length - 1) % all.length, Home: 0, End: all.length - 1 }[e.key];
    if (e.key === 'Escape') {
      e.stopPropagation();
      close();
    } else if (to !== undefined) {
      e.preventDefault();
      all[to]?.focus();
    }
  };
  return (
    <div role="menu" aria-label={NAVIGATION} data-part="menu" ref={withStyles} onKeyDown={onKeyDown}>
      {items.map((item) => (
        // biome-ignore lint/a11y/useAriaPropsSupportedByRole: aria-checked is set only where the role is menuitemradio (undefined leaves it out)
        <button
          type="button"
          role={item.current === undefined ? 'menuitem' : 'menuitemradio'}
          aria-checked={item.current}
          tabIndex={-1}
          key={item.label}
          onClick={() => {
            close();
            item.onSelect();
          }}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
