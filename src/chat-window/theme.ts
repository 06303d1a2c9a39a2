/** The chat window's part of the theme (widget-spec §3 Appearance); the launcher's is in ../theme.ts. */
import { DEFAULT_APPEARANCE, type Appearance } from '../../contract/appearance';
import { px, safe } from '../theme';

/**
 * A field's variable: its name in kebab case without 'Color', 'Button', and the 'bg', 'border' and
 * 'font' before 'hover', 'radius' and 'size' (`sendButtonBorderRadius` → `send-radius`,
 * `bgHoverColor` → `hover`, `titleFontSize` → `title-size`).
 */
const variable = (field: string) =>
  field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace(/-color$|-button|bg-(?=hover)|border-(?=radius)|font-(?=size)/g, '');

/**
 * The chat window's variables: a number is a length in px, text passes `safe`, and a value `safe`
 * refuses is the spec's default instead (window.css has no fallbacks of its own: they would repeat
 * the defaults, 0.3 KB of the text chat's budget).
 */
export function windowVariables(a: Appearance, defaults: Appearance | null = DEFAULT_APPEARANCE): Record<string, string> {
  const { agentTitleColor, agentDescriptionColor, headerPadding, footerPadding, separatorColor } = a;
  // the agent icon's radius is a share of its size
  const vars: Record<string, string> = { 'agent-icon-radius': `${a.agentIconBorderRadius}%`, 'timestamp-color': safe(a.timestampColor) };
  for (const [prefix, fields] of [
    ['', { agentTitleColor, agentDescriptionColor, headerPadding, footerPadding, separatorColor }],
    ['', a.input],
    ['footer-', a.footer],
    ['button-', a.buttons],
    ['history-', a.chatHistoryList],
    ['home-', a.home],
    ['user-', a.userMessage],
    ['ai-', a.aiMessage],
    ['follow-up-', a.followUpButtons],
    ['response-', a.responseButton],
  ] as const) {
    for (const [field, v] of Object.entries(fields)) {
      // texts shown in the window, not styles
      if (!/^(title|description|promptPlaceholder)$/.test(field))
        vars[prefix + variable(field)] = typeof v === 'number' ? px(v) : safe(`${v}`);
    }
  }
  const fallback = defaults && windowVariables(defaults, null);
  if (fallback) for (const k in vars) vars[k] ||= fallback[k]!;
  return vars;
}
