/**
 * The ONE validation of a site's videos, action buttons and presence videos (widget-spec §3 "Video response",
 * "Response button / action button", "Chat message" source POINT_OF_PRESENCE), as contract/appearance-fields.ts is
 * for the appearance: the console checks a form with it as it is typed, and the server's operations (the console's
 * routes and `npm run admin`) refuse with it, in the same words, naming the field and what it allows.
 */
import type { VideoEmbedSettings } from './embeds';

/** A value refused: the field, why in words, and what the field allows. */
export interface MediaIssue {
  field: string;
  message: string;
  allowed: string | readonly string[];
}

/** The longest values stored. */
export const MEDIA_LIMITS = {
  /** A video's or a button's name. */
  name: 100,
  description: 2000,
  transcript: 100_000,
  /** A page path (the widget's API takes paths of up to 2048 characters). */
  path: 2048,
  /** An action button's message, sent as the visitor's question. */
  actionMessage: 1000,
  /** A presence video's words beside it. */
  content: 2000,
} as const;

/** A video's embed settings (widget-spec §3), in the order the console shows them, each a switch but the brand colour. */
export const VIDEO_SETTING_NAMES = [
  'hideVideoHeader',
  'shareEnabled',
  'askQuestionEnabled',
  'embedBrandColor',
  'controls',
  'autoplay',
  'loop',
  'mute',
] as const satisfies readonly (keyof VideoEmbedSettings)[];

/** The action buttons' types (widget-spec §3): a link opens `externalUrl`; an action sends `actionMessage`. */
export const BUTTON_TYPES = ['ACTION', 'EXTERNAL_LINK'] as const;

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
/** A path as the widget reports it (`location.pathname`), or a prefix of paths ending in `*`. */
const PATH = /^\/[^\s*]*\*?$/;

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A text field's problem: a string of `min` to `max` characters once trimmed. */
function text(issues: MediaIssue[], field: string, value: unknown, max: number, min = 0) {
  const allowed = min ? `text of ${min} to ${max} characters` : `text of up to ${max} characters`;
  if (typeof value !== 'string') issues.push({ field, message: `${field} must be text`, allowed });
  else if (value.trim().length < min) issues.push({ field, message: `${field} is empty`, allowed });
  else if (value.length > max) issues.push({ field, message: `${field} is ${value.length} characters long (at most ${max})`, allowed });
}

function path(issues: MediaIssue[], value: unknown) {
  const allowed = 'a path starting with /, or a prefix ending in * (/questionnaire/*)';
  if (typeof value !== 'string' || value.length > MEDIA_LIMITS.path || !PATH.test(value))
    issues.push({ field: 'path', message: 'path must be a page path such as /pricing, or a prefix such as /help/*', allowed });
}

/** Whether `value` is an http(s) URL. */
export function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * The problems of a video's fields as sent (`name`, `description`, `transcript`, `settings`), each checked when
 * present (`required` names those that must be): an unknown setting is refused.
 */
export function videoProblems(input: unknown, required: readonly string[] = []): MediaIssue[] {
  if (!isPlain(input)) return [{ field: 'video', message: 'a video must be an object', allowed: 'an object' }];
  const issues: MediaIssue[] = [];
  const has = (k: string) => input[k] !== undefined || required.includes(k);
  if (has('name')) text(issues, 'name', input.name, MEDIA_LIMITS.name, 1);
  if (has('description')) text(issues, 'description', input.description, MEDIA_LIMITS.description);
  if (has('transcript')) text(issues, 'transcript', input.transcript, MEDIA_LIMITS.transcript);
  if (has('settings')) {
    const s = input.settings;
    if (!isPlain(s)) issues.push({ field: 'settings', message: 'settings must be an object', allowed: 'an object of embed settings' });
    else
      for (const [k, v] of Object.entries(s)) {
        const field = `settings.${k}`;
        if (!(VIDEO_SETTING_NAMES as readonly string[]).includes(k))
          issues.push({ field, message: `${field.slice(0, 80)} is not an embed setting`, allowed: VIDEO_SETTING_NAMES });
        else if (k === 'embedBrandColor') {
          if (typeof v !== 'string' || !HEX.test(v))
            issues.push({ field, message: `${field} must be a colour such as #1d4ed8`, allowed: '#rgb, #rgba, #rrggbb or #rrggbbaa' });
        } else if (typeof v !== 'boolean') issues.push({ field, message: `${field} is on or off`, allowed: ['true', 'false'] });
      }
  }
  return issues;
}

/** The problems of an action button (`path`, `name`, `buttonType`, and its `externalUrl` or its `actionMessage`). */
export function actionButtonProblems(input: unknown): MediaIssue[] {
  if (!isPlain(input)) return [{ field: 'button', message: 'a button must be an object', allowed: 'an object' }];
  const issues: MediaIssue[] = [];
  path(issues, input.path);
  text(issues, 'name', input.name, MEDIA_LIMITS.name, 1);
  if (!(BUTTON_TYPES as readonly unknown[]).includes(input.buttonType))
    issues.push({ field: 'buttonType', message: 'buttonType must be ACTION or EXTERNAL_LINK', allowed: BUTTON_TYPES });
  else if (input.buttonType === 'EXTERNAL_LINK') {
    if (!isHttpUrl(input.externalUrl))
      issues.push({ field: 'externalUrl', message: 'externalUrl must be an http(s) URL', allowed: 'an http(s) URL' });
  } else text(issues, 'actionMessage', input.actionMessage, MEDIA_LIMITS.actionMessage, 1);
  return issues;
}

/** The problems of a presence video (`path`, `videoId`, `content`); whether the video is the site's is the server's to check. */
export function presenceProblems(input: unknown): MediaIssue[] {
  if (!isPlain(input)) return [{ field: 'presence', message: 'a presence video must be an object', allowed: 'an object' }];
  const issues: MediaIssue[] = [];
  path(issues, input.path);
  if (typeof input.videoId !== 'string' || !input.videoId)
    issues.push({ field: 'videoId', message: 'videoId must name one of the site’s videos', allowed: "one of the site's videos" });
  if (input.content !== undefined) text(issues, 'content', input.content, MEDIA_LIMITS.content);
  return issues;
}
