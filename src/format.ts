/** Display formats of the widget. */

/** widget-spec §9: 'D Mon, h:mm AM/PM' in the visitor's time zone; '' for a missing or unreadable time. */
export function formatTimestamp(iso: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const h = d.getHours();
  const minutes = String(d.getMinutes()).padStart(2, '0');
  // the month's English abbreviation (Jan … Dec) from the browser's own data rather than a table of our own
  return `${d.getDate()} ${d.toLocaleString('en', { month: 'short' })}, ${h % 12 || 12}:${minutes} ${h < 12 ? 'AM' : 'PM'}`;
}

/** widget-spec §2: 'N message' or 'N messages'. */
export const messageCount = (n: number) => `${n} ${n === 1 ? 'message' : 'messages'}`;
