/** The chat window's part of the theme (widget-spec §3 Appearance); the launcher's is in ../theme.ts. */
import type { Appearance } from '../../contract/appearance';
import { px, safe } from '../theme';

/** The chat window's variables. */
export function windowVariables(a: Appearance): Record<string, string> {
  const vars: Record<string, string> = {
    'agent-title': safe(a.agentTitleColor),
    'agent-description': safe(a.agentDescriptionColor),
    'agent-icon-radius': `${a.agentIconBorderRadius}%`,
    'header-padding': safe(a.headerPadding),
    'footer-padding': safe(a.footerPadding),
    separator: safe(a.separatorColor),
    'footer-default': safe(a.footer.defaultColor),
    'footer-active': safe(a.footer.activeColor),
    'footer-hover': safe(a.footer.hoverColor),
    'timestamp-color': safe(a.timestampColor),
    'input-bg': safe(a.input.inputBgColor),
    'input-text': safe(a.input.inputTextColor),
    'input-border': safe(a.input.inputBorderColor),
    'input-radius': px(a.input.inputBorderRadius),
    'send-bg': safe(a.input.sendButtonBgColor),
    'send-icon': safe(a.input.sendButtonIconColor),
    'send-radius': px(a.input.sendButtonBorderRadius),
    'button-bg': safe(a.buttons.bgColor),
    'button-text': safe(a.buttons.textColor),
    'button-border': safe(a.buttons.borderColor),
    'button-radius': px(a.buttons.borderRadius),
    'history-bg': safe(a.chatHistoryList.bgColor),
    'history-text': safe(a.chatHistoryList.textColor),
    'history-active-bg': safe(a.chatHistoryList.activeBgColor),
    'history-active-border': safe(a.chatHistoryList.activeBorderColor),
    'history-border': safe(a.chatHistoryList.borderColor),
    'home-title': safe(a.home.titleColor),
    'home-title-size': px(a.home.titleFontSize),
    'home-description': safe(a.home.descriptionColor),
    'home-description-size': px(a.home.descriptionFontSize),
  };
  for (const [name, s] of [
    ['user', a.userMessage],
    ['ai', a.aiMessage],
  ] as const) {
    vars[`${name}-bg`] = safe(s.bgColor);
    vars[`${name}-text`] = safe(s.textColor);
    vars[`${name}-border`] = safe(s.borderColor);
    vars[`${name}-radius`] = px(s.borderRadius);
    vars[`${name}-font-style`] = s.fontStyle === 'italic' ? 'italic' : 'normal';
  }
  for (const [name, s] of [
    ['follow-up', a.followUpButtons],
    ['response', a.responseButton],
  ] as const) {
    vars[`${name}-bg`] = safe(s.bgColor);
    vars[`${name}-hover`] = safe(s.bgHoverColor);
    vars[`${name}-text`] = safe(s.textColor);
    vars[`${name}-border`] = safe(s.borderColor);
    vars[`${name}-radius`] = px(s.borderRadius);
    vars[`${name}-size`] = px(s.fontSize);
    vars[`${name}-padding`] = safe(s.padding);
    vars[`${name}-gap`] = px(s.gap);
  }
  return vars;
}

