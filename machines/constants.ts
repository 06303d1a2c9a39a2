/**
 * The widget's constants: widget-spec §9's, named as §9 names them, and the few the spec leaves to
 * us, each with where it comes from. Machines and src/ import them from here (the bundler inlines
 * each number where it is used). Those only the parts loaded on demand use (the Ask-question modal
 * and the video viewer, dictation, voice mode) are in on-demand-constants.ts: a part that imported
 * them from here would have the core hold and re-export each (205 B gzip on the text chat).
 */

/** widget-spec §4, §9: the token refresh margin. */
export const TOKEN_REFRESH_MARGIN_MS = 60_000;

/** widget-spec §9: the mobile breakpoint, a width of 768 px or less (or a mobile user agent). */
export const MOBILE_BREAKPOINT_PX = 768;

/** widget-spec §9: resize minimum of the bottom sheet on narrow screens. */
export const RESIZE_MIN_PX = 400;
/** widget-spec §9: resize maximum, a share of the viewport's height. */
export const RESIZE_MAX_SHARE = 0.9;
/** The sheet's resize handle moves by this much per arrow key (the spec names no step). */
export const RESIZE_KEY_STEP_PX = 40;

/** widget-spec §2, §9: the first scan for embeds, this long after the widget starts. */
export const INITIAL_EMBEDS_DELAY_MS = 100;
/** Issue 13: the embeds' chunk, when it failed to load, is asked for again at most this often. */
export const EMBEDS_RETRY_MS = 10_000;

/** widget-spec §4, §9: an action message is sent 100 ms after the switch to the Chat tab. */
export const ACTION_MESSAGE_DELAY_MS = 100;
/** widget-spec §9: focus moves into the input 300 ms after the window or tab opens. */
export const FOCUS_DELAY_MS = 300;
/** widget-spec §9: the rename error hint shows for 3 s. */
export const RENAME_ERROR_HINT_MS = 3000;

/**
 * How long a caller waits for the session boot before the widget says it cannot load (widget-spec §8
 * 'Unable to load chat widget'); the boot goes on, and a later answer recovers the widget.
 */
export const BOOT_PATIENCE_MS = 10_000;
/**
 * How long a boot is waited for at all (a late one included, through the visitor's Retries): then it has failed,
 * and the next request sends a new one. (The first boot, which widget.js sends, has no time limit of its own.)
 */
export const BOOT_LIMIT_MS = 60_000;
/** Issue 13: how long the launcher waits for the site's settings before it shows with the defaults. */
export const SETTINGS_PATIENCE_MS = 3_000;
/** Issue 13: a send that got no answer goes again when the network is back, or after this wait, doubled after each such failure up to {@link MAX_RESEND_MS}. */
export const FIRST_RESEND_MS = 4_000;
export const MAX_RESEND_MS = 30_000;
/** A 429 without a Retry-After holds the composer this long (seconds). */
export const DEFAULT_RETRY_AFTER_S = 10;
/** Issue 13: the first probe of an unanswering server after this long; each failed probe doubles it, up to {@link MAX_BACKOFF_MS}. */
export const FIRST_BACKOFF_MS = 2_000;
export const MAX_BACKOFF_MS = 30_000;
