/**
 * The launcher's words in English, as widget.js draws its first frame (src/launcher-frame.ts) before the
 * widget's core, and with it the active locale, has loaded: the launcher's name and the placeholder
 * window's text. The core's catalogue (src/messages.ts) has them as its English words, and names the
 * launcher in the active locale once it runs. Constants, which the build writes in where they are used:
 * widget.js carries no catalogue.
 */

/** widget-spec §2: the launcher's name, 'Open chat with {agentName}', with ' (reconnecting)' while the server does not answer; or 'Close chat'. */
export const OPEN_CHAT_WITH_EN = 'Open chat with ';
export const RECONNECTING_EN = ' (reconnecting)';
export const CLOSE_CHAT_EN = 'Close chat';
/** The placeholder window's text while the widget loads. */
export const LOADING_EN = 'Loading…';
