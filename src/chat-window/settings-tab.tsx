/** The Settings tab (widget-spec §2): 'Email me a transcript' and 'Get help', each with what it does. */
import type { MenuItem } from '../view-models/window-chrome';
import { SETTINGS } from '../messages';

export function SettingsTab({ items }: { items: MenuItem[] }) {
  return (
    <section data-part="settings" aria-label={SETTINGS}>
      {items.map((item) => [
        <button type="button" key={item.label} data-part="settings-button" onClick={item.onSelect}>
          {item.label}
        </button>,
        <p key={item.hint} data-part="hint">
          {item.hint}
        </p>,
      ])}
    </section>
  );
}
