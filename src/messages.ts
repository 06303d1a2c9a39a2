/**
 * The widget's words: the one catalogue its machines' codes and its views' texts come from, keyed by
 * code and filled with parameters (widget-spec §8's texts word for word). Only the active locale,
 * English, exists. Each group is typed by the codes it covers, so a code without its words fails
 * `tsc`. The parts loaded on demand keep their own words in their chunks (voice mode's: src/voice/messages.ts).
 */
import type { Appearance } from '../contract/appearance';
import type { ChatFailure } from '../machines/chat';
import type { SettingsError } from '../machines/site';

/** widget-spec §8: the texts of other failures, by call (the client's errors carry them; voice mode's are in its own words, src/voice/messages.ts). */
export const FAILURE_TEXT = {
  config: 'Failed to fetch config',
  appearance: 'Failed to fetch appearance',
  history: 'Failed to load chat history',
  sessions: 'Failed to load chat sessions',
  rename: 'Failed to update chat session name',
  chat: 'Failed to get AI response',
  enrich: 'Failed to enrich user',
} as const;

/** widget-spec §8: what the visitor sees when the site's settings cannot be loaded, by code. */
export const SETTINGS_ERROR_TEXT: Record<SettingsError, string> = {
  INVALID_API_KEY: 'Invalid API key. Please check your configuration.',
  INVALID_CONFIGURATION: 'Invalid configuration. Please check your settings.',
  FAILED: 'Unable to load chat widget. Please try again later.',
};

/** Issue 13: what a 429 (widget-spec §8 RATE_LIMIT_EXCEEDED) shows, with its wait. */
export const rateLimitText = (s: number) => `Too many messages. Please wait ${s} second${s === 1 ? '' : 's'} before sending again.`;

/**
 * What a failed send shows (widget-spec §8: the error as the reply, error-styled): a 429 its wait,
 * a failure the call's text, a refused key, configuration or session its code.
 */
export const chatFailureText = ({ code, retryAfter }: ChatFailure): string =>
  code === 'RATE_LIMIT_EXCEEDED' ? rateLimitText(retryAfter) : code === 'FAILED' ? FAILURE_TEXT.chat : code;

/** widget-spec §2: the first visit's bubble, "Hi! I'm {agentName}. {agentDescription}." (no second stop after a description's own). */
export function greeting(a: Pick<Appearance, 'agentName' | 'agentDescription'>): string {
  const description = a.agentDescription.trim();
  return `Hi! I'm ${a.agentName}.${description ? ` ${description}${/[.!?…]$/.test(description) ? '' : '.'}` : ''}`;
}

/** widget-spec §5: when page reference is on, the banner reads this. */
export const PAGE_AWARENESS_BANNER = 'Referencing the current page may slow down AI responses.';
/** Issue 15: what the banner adds, so the visitor knows the page's text leaves with each message (src/effects/page-text.ts). */
export const PAGE_TEXT_SHARED = 'The text of this page is sent with your messages, except parts the site marks as private.';
/** Issue 13: the status line while questions wait for the network. */
export const WAITING_TEXT = 'No connection. Your message will be sent when the network is back.';
/** Issue 16: under an answer cut off by a failure (or stored so by the server). */
export const INCOMPLETE_TEXT = 'Answer incomplete';
/** widget-spec §4: a session without a name, in the History tab. */
export const UNNAMED = 'Unnamed Chat';
/** widget-spec §4: Get help, when the site has no help page, asks this. */
export const HELP_QUESTION = 'I need help. How can I get help?';
