/**
 * The Settings tab (widget-spec §2): 'Email me a transcript' and 'Get help', each with what it does. A chunk of
 * its own, like the History tab (src/chat-window/chat-window.tsx loads it): it renders the settings view model
 * (src/view-models/settings.ts) with its own stylesheet.
 */
import { adoptStyles } from '../styles/adopt';
import settingsCss from '../styles/settings.css';
import { connectSettings, type Navigator } from '../view-models/settings';
import { TAB_LABEL } from '../messages';
import { useConversation, useRuntime, useSettings } from './context';

/** The browser's way out of the window: the mail program, a new tab without opener or referrer. */
const BROWSER_NAV: Navigator = {
  assign: (url) => window.location.assign(url),
  openTab: (url) => void window.open(url, '_blank', 'noopener,noreferrer'),
};

const withStyles = (el: HTMLElement | null) => adoptStyles(el, settingsCss);

/** Then, while page awareness is on, its note: the banner's words, and a toggle that shows the banner (pressed) or hides it. */
export function SettingsTab() {
  const { windowActor, site } = useRuntime();
  const { chat } = useConversation();
  const { items, note } = connectSettings({ windowActor, chat, site, ...useSettings(), nav: BROWSER_NAV });
  return (
    <section ref={withStyles} data-part="settings" aria-label={TAB_LABEL.settings}>
      {items.map((item) => [
        <button type="button" key={item.label} data-part="settings-button" onClick={item.onSelect}>
          {item.label}
        </button>,
        <p key={item.hint} data-part="hint">
          {item.hint}
        </p>,
      ])}
      {note && (
        <div data-part="page-note" role="group" aria-label={note.title}>
          <p data-part="hint">
            {note.lines[0]} {note.lines[1]}
          </p>
          <button type="button" data-part="settings-button" aria-pressed={note.show.pressed} onClick={note.show.onSelect}>
            {note.show.label}
          </button>
        </div>
      )}
    </section>
  );
}
