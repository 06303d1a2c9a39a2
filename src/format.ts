/** Display formats of the widget: a message's or a session's time, in the active locale's words (src/messages.ts `messageTime`). */
import { messageTime } from './messages';

/** widget-spec §9: the time as the locale writes it ('D Mon, h:mm AM/PM' in English); '' for a missing or unreadable time. */
export function formatTimestamp(iso: string): string {
  const d = new Date(iso);
  return iso && !Number.isNaN(d.getTime()) ? messageTime(d) : '';
}
