/** The Settings tab (widget-spec §2): 'Email me a transcript' and 'Get help', each with what it does. */
import type { ChatWindowView, MenuItem } from '../view-models/window-chrome';
import { TAB_LABEL } from '../messages';

/** Then, while page awareness is on, its note: the banner's words, and a toggle that shows the banner (pressed) or hides it. */
export function SettingsTab({ items, note }: { items: MenuItem[]; note?: ChatWindowView['pageNote'] }) {
  return (
    <section data-part="settings" aria-label={TAB_LABEL.settings}>
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
