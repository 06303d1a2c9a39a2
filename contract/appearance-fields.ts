/**
 * Every appearance field (widget-spec §3 "Appearance"), grouped as the spec groups them, each with its kind, limits and
 * default, and the ONE strict validation of what a site owner stores: the console (its editor is generated from
 * {@link APPEARANCE_GROUPS}, and checks a draft as it is typed), the admin CLI and the server's operations all use
 * it, so a value is refused in the same words everywhere, naming the field and what it allows; nothing refused is
 * stored. The widget does not import this file: it keeps {@link mergeAppearance}'s lenient merge (contract/appearance.ts),
 * which drops what does not fit rather than break a page.
 */
import { DEFAULT_APPEARANCE } from './appearance';

/** What a field holds, and so how the console edits it. */
export type FieldKind =
  /** A CSS colour: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()`/`hsl()`/`hsla()` or `transparent`. */
  | { kind: 'colour' }
  /** A number from `min` to `max`, in `unit` (`px`, `%`, or '' for a plain factor). */
  | { kind: 'number'; unit: 'px' | '%' | ''; min: number; max: number; step: number }
  /** Text of at most `maxLength` characters. */
  | { kind: 'text'; maxLength: number }
  /** CSS padding: one to four lengths (`12px 16px`). */
  | { kind: 'padding' }
  /** An image: an http(s) URL or a `data:image/…` URL; '' for the default. */
  | { kind: 'url' }
  /** An icon: SVG markup or, when its `typeField` is `image`, an image URL; '' for the default. */
  | { kind: 'icon'; typeField: string }
  /** A language tag (BCP 47, `en`, `zh-Hans`); '' for none. */
  | { kind: 'locale' }
  | { kind: 'enum'; options: readonly string[] }
  | { kind: 'boolean' };

/** One field: its dotted path in the appearance (`launcher.backgroundColor`), its kind, and its default. */
export type AppearanceField = FieldKind & { path: string; default: unknown };

/** The spec's groups, in its order (widget-spec §3). */
export type AppearanceGroupId =
  | 'agent'
  | 'layout'
  | 'messages'
  | 'launcher'
  | 'footer'
  | 'bubble'
  | 'chatDisplay'
  | 'input'
  | 'buttons'
  | 'home'
  | 'followUpAndResponseButtons';

export interface AppearanceGroup {
  id: AppearanceGroupId;
  fields: AppearanceField[];
}

const colour: FieldKind = { kind: 'colour' };
const px = (min: number, max: number): FieldKind => ({ kind: 'number', unit: 'px', min, max, step: 1 });
const radius = px(0, 100);
const fontSize = px(8, 64);
const text = (maxLength: number): FieldKind => ({ kind: 'text', maxLength });
const padding: FieldKind = { kind: 'padding' };
const boolean: FieldKind = { kind: 'boolean' };
const oneOf = (...options: string[]): FieldKind => ({ kind: 'enum', options });

/** A message style's fields (widget-spec §3 "Message styles"). */
const messageStyle = {
  bgColor: colour,
  textColor: colour,
  borderColor: colour,
  borderRadius: radius,
  fontStyle: oneOf('normal', 'italic'),
};

/** A button style's fields (widget-spec §3 "followUpButtons and responseButton styles"). */
const buttonStyle = {
  bgColor: colour,
  bgHoverColor: colour,
  textColor: colour,
  borderColor: colour,
  borderRadius: radius,
  fontSize,
  padding,
  gap: px(0, 64),
};

/** Each group's fields by path (an object's fields under its name), in the spec's order. */
const GROUPS: Record<AppearanceGroupId, Record<string, FieldKind | Record<string, FieldKind>>> = {
  agent: {
    agentName: text(80),
    agentDescription: text(200),
    agentIcon: { kind: 'url' },
    agentTitleColor: colour,
    agentDescriptionColor: colour,
    agentIconBorderRadius: { kind: 'number', unit: '%', min: 0, max: 50, step: 1 },
  },
  layout: { headerPadding: padding, footerPadding: padding, separatorColor: colour, chatBgColor: colour, chatBorderRadius: radius },
  messages: { userMessage: messageStyle, aiMessage: messageStyle },
  launcher: {
    launcher: {
      alignment: oneOf('left', 'right'),
      size: px(32, 120),
      verticalPadding: px(0, 200),
      horizontalPadding: px(0, 200),
      glowEffect: boolean,
      pulseAnimation: boolean,
      borderColor: colour,
      backgroundColor: colour,
      showLiveStatus: boolean,
      liveStatusColor: colour,
      launcherIconType: oneOf('svg', 'image'),
      launcherIcon: { kind: 'icon', typeField: 'launcher.launcherIconType' },
      launcherCloseIconType: oneOf('svg', 'image'),
      launcherCloseIcon: { kind: 'icon', typeField: 'launcher.launcherCloseIconType' },
    },
  },
  footer: { footer: { defaultColor: colour, activeColor: colour, hoverColor: colour } },
  bubble: {
    bubble: {
      bubbleShadow: boolean,
      bubbleShadowColor: colour,
      bubbleShadowIntensity: { kind: 'number', unit: '', min: 0, max: 1, step: 0.05 },
    },
  },
  chatDisplay: {
    chatFormat: oneOf('comfy', 'compact'),
    colorScheme: oneOf('light', 'dark', 'auto'),
    showTimestamps: boolean,
    timestampColor: colour,
    showAvatars: boolean,
    locale: { kind: 'locale' },
  },
  input: {
    input: {
      promptPlaceholder: text(120),
      inputBgColor: colour,
      inputTextColor: colour,
      inputBorderColor: colour,
      inputBorderRadius: radius,
      sendButtonBgColor: colour,
      sendButtonIconColor: colour,
      sendButtonBorderRadius: radius,
    },
  },
  buttons: {
    buttons: { bgColor: colour, textColor: colour, borderColor: colour, borderRadius: radius },
    chatHistoryList: { bgColor: colour, textColor: colour, activeBgColor: colour, activeBorderColor: colour, borderColor: colour },
  },
  home: {
    home: {
      title: text(120),
      titleColor: colour,
      titleFontSize: fontSize,
      description: text(500),
      descriptionColor: colour,
      descriptionFontSize: fontSize,
    },
  },
  followUpAndResponseButtons: { followUpButtons: buttonStyle, responseButton: buttonStyle },
};

const isKind = (v: FieldKind | Record<string, FieldKind>): v is FieldKind => typeof (v as FieldKind).kind === 'string';

/** The default at a dotted path of {@link DEFAULT_APPEARANCE}. */
const defaultAt = (path: string): unknown =>
  path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], DEFAULT_APPEARANCE);

/** Every field of widget-spec §3, grouped as the spec groups them, each with its kind and default (the console's editor is made from it). */
export const APPEARANCE_GROUPS: readonly AppearanceGroup[] = Object.entries(GROUPS).map(([id, entries]) => ({
  id: id as AppearanceGroupId,
  fields: Object.entries(entries).flatMap(([name, v]) =>
    isKind(v)
      ? [{ ...v, path: name, default: defaultAt(name) }]
      : Object.entries(v).map(([sub, k]) => ({ ...k, path: `${name}.${sub}`, default: defaultAt(`${name}.${sub}`) })),
  ),
}));

/** Every field by its dotted path. */
export const APPEARANCE_FIELDS: ReadonlyMap<string, AppearanceField> = new Map(
  APPEARANCE_GROUPS.flatMap((g) => g.fields.map((f) => [f.path, f] as const)),
);

/** A value refused: the field (dotted path), why in words, and what the field allows. */
export interface AppearanceIssue {
  field: string;
  message: string;
  allowed: string | readonly string[];
}

// A colour as CSS writes one, and no more: `#e11d4` (five digits) is not one (the launcher would be transparent).
const NUMBER = String.raw`[+-]?(\d+\.?\d*|\.\d+)(%|deg)?`;
const FUNCTIONAL = new RegExp(String.raw`^(rgb|rgba|hsl|hsla)\(\s*${NUMBER}(\s*[,\s]\s*${NUMBER}){2}(\s*[,/]\s*${NUMBER})?\s*\)$`, 'i');
const HEX = /^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const LENGTH = String.raw`(0|\d+(\.\d+)?(px|em|rem|%))`;
const PADDING = new RegExp(`^${LENGTH}( ${LENGTH}){0,3}$`);
const LOCALE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/;
const IMAGE_URL = /^(https?:\/\/[^\s"'<>]+|data:image\/[a-z+.-]+[;,][^\s"'<>]*)$/i;
/** The longest icon or image (SVG markup, or a data: URL). */
const ICON_MAX = 20_000;

const typeName = (v: unknown) =>
  Array.isArray(v) ? 'a list' : v === null ? 'null' : typeof v === 'object' ? 'an object' : `a ${typeof v}`;

/** What a field allows, in words (a refusal's `allowed`; the enum's options as a list). */
export function allowedFor(f: FieldKind): string | readonly string[] {
  switch (f.kind) {
    case 'colour':
      return 'a colour: #rgb, #rrggbb, #rrggbbaa, rgb(…), rgba(…), hsl(…), hsla(…) or transparent';
    case 'number':
      return `a number from ${f.min} to ${f.max}${f.unit ? ` (${f.unit})` : ''}`;
    case 'text':
      return `text of up to ${f.maxLength} characters`;
    case 'padding':
      return 'one to four lengths, e.g. 12px 16px';
    case 'url':
      return 'an http(s) URL or a data:image URL, or empty';
    case 'icon':
      return `SVG markup, or an http(s) or data:image URL when ${f.typeField} is image, or empty`;
    case 'locale':
      return 'a language tag such as en, fr-CA or zh-Hans, or empty';
    case 'enum':
      return f.options;
    case 'boolean':
      return ['true', 'false'];
  }
}

/** Why `value` does not fit `f` (null when it does); `iconType` is the icon's type field's value. */
function valueProblem(f: FieldKind, value: unknown, iconType: unknown): string | null {
  const expected = { number: 'number', boolean: 'boolean' }[f.kind as string] ?? 'string';
  if (typeof value !== expected) return `must be a ${expected}, not ${typeName(value)}`;
  const s = value as string;
  switch (f.kind) {
    case 'colour':
      return HEX.test(s) || FUNCTIONAL.test(s) || s.toLowerCase() === 'transparent'
        ? null
        : `${JSON.stringify(shownText(s))} is not a colour`;
    case 'number':
      return Number.isFinite(value) && (value as number) >= f.min && (value as number) <= f.max ? null : `${String(value)} is out of range`;
    case 'text':
      return s.length <= f.maxLength ? null : `is ${s.length} characters long`;
    case 'padding':
      return PADDING.test(s) ? null : `${JSON.stringify(shownText(s))} is not a padding`;
    case 'url':
      return s === '' || (s.length <= ICON_MAX && IMAGE_URL.test(s)) ? null : 'must be an http(s) URL or a data:image';
    case 'icon':
      if (s === '') return null;
      if (s.length > ICON_MAX) return `is ${s.length} characters long (at most ${ICON_MAX})`;
      if (iconType === 'image') return IMAGE_URL.test(s) ? null : 'must be an http(s) URL or a data:image (its type is image)';
      return /^\s*<svg[\s>/]/i.test(s) ? null : 'must be SVG markup (its type is svg)';
    case 'locale':
      return s === '' || LOCALE.test(s) ? null : `${JSON.stringify(shownText(s))} is not a language tag`;
    case 'enum':
      return f.options.includes(s) ? null : `must be one of ${f.options.join(', ')}, not ${JSON.stringify(shownText(s))}`;
    case 'boolean':
      return null;
  }
}

/** The edit distance of two short names, for a close-match suggestion. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1]!.toLowerCase() === b[j - 1]!.toLowerCase() ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/** The valid name closest to `name`, when one is close (a typo, another case). */
function closest(name: string, names: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(name.length / 4)) + 1;
  for (const n of names) {
    const d = distance(name, n);
    if (d < bestDistance) [best, bestDistance] = [n, d];
  }
  return best;
}

/** The most characters of a name or value a problem's message repeats: a hostile body is not echoed back whole. */
const SHOWN = 64;

/** `text` as a message shows it: its first {@link SHOWN} characters, with an ellipsis when there were more. */
export const shownText = (text: string) => (text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text);

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Every problem of a site's stored appearance fields (the overrides, not the defaults), in their order, or the first
 * `limit` of them: an unknown field (listing the valid ones at its level, with the closest as a suggestion unless its
 * name is longer than a field's could be), a value of the wrong type or out of its range. Messages repeat at most 64
 * characters of a name or a value. Empty when all of it may be stored.
 */
export function appearanceProblems(overrides: unknown, limit = Number.POSITIVE_INFINITY): AppearanceIssue[] {
  if (!isPlain(overrides))
    return [{ field: 'appearance', message: 'appearance must be an object', allowed: 'an object of appearance fields' }];
  const issues: AppearanceIssue[] = [];
  const lookup = (path: string) => path.split('.').reduce<unknown>((o, k) => (isPlain(o) ? o[k] : undefined), overrides);
  const check = (object: Plain, prefix: string) => {
    const names = [...APPEARANCE_FIELDS.keys()].filter((p) => p.startsWith(prefix)).map((p) => p.slice(prefix.length).split('.')[0]!);
    const valid = [...new Set(names)];
    for (const [key, value] of Object.entries(object)) {
      if (issues.length >= limit) return;
      const path = prefix + key;
      const field = APPEARANCE_FIELDS.get(path);
      if (field) {
        const type = field.kind === 'icon' ? (lookup(field.typeField) ?? defaultAt(field.typeField)) : undefined;
        const problem = valueProblem(field, value, type);
        if (problem) issues.push({ field: path, message: `${shownText(path)} ${problem}`, allowed: allowedFor(field) });
      } else if (valid.includes(key)) {
        if (isPlain(value)) check(value, `${path}.`);
        else issues.push({ field: path, message: `${shownText(path)} must be an object`, allowed: 'an object of its fields' });
      } else {
        // no field's name is this long: no suggestion (an edit distance costs the product of the lengths)
        const near = key.length <= SHOWN ? closest(key, valid) : undefined;
        issues.push({
          field: path,
          message: `${shownText(path)} is not an appearance field${near ? ` (did you mean ${prefix}${near}?)` : ''}`,
          allowed: valid.map((n) => prefix + n),
        });
      }
    }
  };
  check(overrides, '');
  return issues;
}

/** `overrides` with `patch` laid over it, object by object (a field of a nested style replaces only that field). */
export function mergeOverrides(overrides: Plain, patch: Plain): Plain {
  const out: Plain = { ...overrides };
  for (const [key, value] of Object.entries(patch)) {
    out[key] = isPlain(value) && isPlain(out[key]) ? mergeOverrides(out[key] as Plain, value) : value;
  }
  return out;
}

/**
 * The stored fields less those {@link appearanceProblems} refuses (a value stored before the checks were strict, such
 * as a colour typo): what the server serves, so that the widget falls back on the default rather than draw an
 * invalid value (a transparent launcher).
 */
export function withoutProblems(overrides: Plain): Plain {
  const problems = appearanceProblems(overrides);
  if (!problems.length) return overrides;
  const out = structuredClone(overrides);
  for (const { field } of problems) {
    const keys = field.split('.');
    const parent = keys.slice(0, -1).reduce<unknown>((o, k) => (isPlain(o) ? o[k] : undefined), out);
    if (isPlain(parent)) delete parent[keys.at(-1)!];
  }
  return out;
}
