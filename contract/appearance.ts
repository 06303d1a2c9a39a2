/**
 * The widget's appearance (widget-spec §3 "Appearance"): every field, its
 * default, and the merge that fills defaults and drops anything of the wrong
 * type. Shared by the server (which stores overrides and serves the whole object)
 * and the widget (which validates what it receives).
 */

export interface MessageStyle {
  bgColor: string;
  textColor: string;
  borderColor: string;
  borderRadius: number;
  /** CSS font-style: normal or italic. */
  fontStyle: string;
}

export interface ButtonStyle {
  bgColor: string;
  bgHoverColor: string;
  textColor: string;
  borderColor: string;
  borderRadius: number;
  fontSize: number;
  padding: string;
  gap: number;
}

export interface Appearance {
  /**
   * The widget's language, a BCP 47 tag (`ar`, `zh-Hans`, `en`); it counts after the script tag's
   * `data-locale` and before the page's `<html lang>` (docs/embedding.md "Languages"). '' for none.
   * @default ''
   */
  locale: string;
  agentName: string;
  agentDescription: string;
  /** An image URL; empty shows the default icon. */
  agentIcon: string;
  agentTitleColor: string;
  agentDescriptionColor: string;
  agentIconBorderRadius: number;
  headerPadding: string;
  footerPadding: string;
  separatorColor: string;
  chatBgColor: string;
  chatBorderRadius: number;
  userMessage: MessageStyle;
  aiMessage: MessageStyle;
  launcher: {
    alignment: 'left' | 'right';
    size: number;
    verticalPadding: number;
    horizontalPadding: number;
    glowEffect: boolean;
    pulseAnimation: boolean;
    borderColor: string;
    backgroundColor: string;
    showLiveStatus: boolean;
    liveStatusColor: string;
    launcherIconType: 'svg' | 'image';
    /** SVG markup (sanitised before use) or an image URL, by launcherIconType; empty for the default. */
    launcherIcon: string;
    launcherCloseIconType: 'svg' | 'image';
    launcherCloseIcon: string;
  };
  footer: { defaultColor: string; activeColor: string; hoverColor: string };
  bubble: { bubbleShadow: boolean; bubbleShadowColor: string; bubbleShadowIntensity: number };
  chatFormat: 'comfy' | 'compact';
  /**
   * The window's scheme: `light`, `dark`, or `auto`, which follows the visitor's system setting
   * (prefers-color-scheme) and changes with it. The site's own colours hold in both; the defaults have a
   * dark set (src/theme.ts `DARK`). Not in widget-spec §3: this project's field.
   * @default 'auto'
   */
  colorScheme: 'light' | 'dark' | 'auto';
  showTimestamps: boolean;
  timestampColor: string;
  showAvatars: boolean;
  input: {
    promptPlaceholder: string;
    inputBgColor: string;
    inputTextColor: string;
    inputBorderColor: string;
    inputBorderRadius: number;
    sendButtonBgColor: string;
    sendButtonIconColor: string;
    sendButtonBorderRadius: number;
  };
  buttons: { bgColor: string; textColor: string; borderColor: string; borderRadius: number };
  chatHistoryList: { bgColor: string; textColor: string; activeBgColor: string; activeBorderColor: string; borderColor: string };
  home: {
    title: string;
    titleColor: string;
    titleFontSize: number;
    description: string;
    descriptionColor: string;
    descriptionFontSize: number;
  };
  followUpButtons: ButtonStyle;
  responseButton: ButtonStyle;
}

/** widget-spec §9 names blue 2563eb for buttons and history items; the rest are this project's choices. */
const BLUE = '#2563eb';

const buttonStyle = (bg: string, text: string, border: string): ButtonStyle => ({
  bgColor: bg,
  bgHoverColor: '#dbeafe',
  textColor: text,
  borderColor: border,
  borderRadius: 16,
  fontSize: 14,
  padding: '6px 12px',
  gap: 8,
});

export const DEFAULT_APPEARANCE: Appearance = {
  locale: '',
  agentName: 'AI Agent',
  agentDescription: 'Your helpful AI assistant',
  agentIcon: '',
  agentTitleColor: '#111827',
  agentDescriptionColor: '#6b7280',
  agentIconBorderRadius: 50,
  headerPadding: '12px 16px',
  footerPadding: '8px 12px',
  separatorColor: '#e5e7eb',
  chatBgColor: '#ffffff',
  chatBorderRadius: 16,
  userMessage: { bgColor: BLUE, textColor: '#ffffff', borderColor: BLUE, borderRadius: 16, fontStyle: 'normal' },
  aiMessage: { bgColor: '#f3f4f6', textColor: '#111827', borderColor: '#f3f4f6', borderRadius: 16, fontStyle: 'normal' },
  launcher: {
    alignment: 'right',
    size: 60,
    verticalPadding: 20,
    horizontalPadding: 20,
    glowEffect: false,
    pulseAnimation: false,
    borderColor: BLUE,
    backgroundColor: BLUE,
    showLiveStatus: true,
    liveStatusColor: '#22c55e',
    launcherIconType: 'svg',
    launcherIcon: '',
    launcherCloseIconType: 'svg',
    launcherCloseIcon: '',
  },
  footer: { defaultColor: '#6b7280', activeColor: BLUE, hoverColor: '#1d4ed8' },
  bubble: { bubbleShadow: true, bubbleShadowColor: '#000000', bubbleShadowIntensity: 0.15 },
  chatFormat: 'comfy',
  colorScheme: 'auto',
  showTimestamps: true,
  timestampColor: '#6b7280',
  showAvatars: true,
  input: {
    promptPlaceholder: 'Type your message...',
    inputBgColor: '#ffffff',
    inputTextColor: '#111827',
    inputBorderColor: '#d1d5db',
    inputBorderRadius: 12,
    sendButtonBgColor: BLUE,
    sendButtonIconColor: '#ffffff',
    sendButtonBorderRadius: 10,
  },
  buttons: { bgColor: BLUE, textColor: '#ffffff', borderColor: BLUE, borderRadius: 8 },
  chatHistoryList: { bgColor: '#ffffff', textColor: '#111827', activeBgColor: '#eff6ff', activeBorderColor: BLUE, borderColor: '#e5e7eb' },
  home: {
    title: 'Welcome back!',
    titleColor: '#111827',
    titleFontSize: 22,
    // widget-spec §3 and §9 spell it 'converstaion'; the visitor-facing default is spelt correctly here.
    description: 'Ready to continue our conversation?',
    descriptionColor: '#4b5563',
    descriptionFontSize: 15,
  },
  followUpButtons: buttonStyle('#eff6ff', '#1e40af', '#bfdbfe'),
  responseButton: buttonStyle('#ffffff', BLUE, BLUE),
};

const ENUMS: Record<string, readonly string[]> = {
  alignment: ['left', 'right'],
  launcherIconType: ['svg', 'image'],
  launcherCloseIconType: ['svg', 'image'],
  chatFormat: ['comfy', 'compact'],
  colorScheme: ['light', 'dark', 'auto'],
};

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Why a field of the overrides was dropped: not a field, not an object, the wrong type, not one of its values, too long. */
type Problem = 'field' | 'object' | 'type' | 'enum' | 'long';

/** Told of each field dropped: its dotted name, why, and the default it keeps. */
type Report = (name: string, problem: Problem, d: unknown) => void;

function mergeInto(defaults: Plain, overrides: Plain, prefix: string, report?: Report): Plain {
  const out: Plain = { ...defaults };
  for (const [key, value] of Object.entries(overrides)) {
    const name = prefix + key;
    const d = defaults[key];
    const problem: Problem | null = !(key in defaults)
      ? 'field'
      : isPlain(d)
        ? isPlain(value)
          ? null
          : 'object'
        : typeof value !== typeof d || (typeof value === 'number' && !Number.isFinite(value))
          ? 'type'
          : ENUMS[key] && !ENUMS[key].includes(value as string)
            ? 'enum'
            : typeof value === 'string' && value.length > 20_000
              ? 'long'
              : null;
    if (problem) report?.(name, problem, d);
    else out[key] = isPlain(d) ? mergeInto(d, value as Plain, `${name}.`, report) : value;
  }
  return out;
}

/**
 * The full appearance: defaults overlaid with the valid parts of `overrides` (what is not valid is
 * dropped without a word: {@link appearanceIssues} says why, for the tools that check a site's
 * settings, and is not in the widget's bundles).
 */
export function mergeAppearance(overrides: unknown, report?: Report): Appearance {
  return (isPlain(overrides)
    ? mergeInto(DEFAULT_APPEARANCE as unknown as Plain, overrides, '', report)
    : structuredClone(DEFAULT_APPEARANCE)) as unknown as Appearance;
}

/** What {@link mergeAppearance} drops from `overrides`, in words: unknown fields, wrong types, values out of range. */
export function appearanceIssues(overrides: unknown): string[] {
  if (overrides !== undefined && overrides !== null && !isPlain(overrides)) return ['appearance must be an object'];
  const issues: string[] = [];
  mergeAppearance(overrides, (name, problem, d) =>
    issues.push(
      `${name} ${
        {
          field: 'is not an appearance field',
          object: 'must be an object',
          type: `must be a ${typeof d}`,
          enum: `must be one of ${ENUMS[name.slice(name.lastIndexOf('.') + 1)]?.join(', ')}`,
          long: 'is too long',
        }[problem]
      }`,
    ),
  );
  return issues;
}
