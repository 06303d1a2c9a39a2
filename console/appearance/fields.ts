/**
 * The appearance editor's fields: every field of widget-spec §3, in the spec's groups and order, each with its
 * kind (what input edits it), its default (contract/appearance.ts), and its unit where it is a length. The
 * validation is the one the server runs (`appearanceIssues`), read field by field.
 */
import { appearanceIssues, DEFAULT_APPEARANCE } from '../../contract/appearance';
import { fieldAt, type Fields } from '../../machines/console-appearance';

/** What input edits a field. */
export type FieldKind = 'color' | 'number' | 'enum' | 'boolean' | 'text' | 'long-text';

export interface FieldInfo {
  /** The dotted path in the stored appearance (`launcher.backgroundColor`). */
  path: string;
  kind: FieldKind;
  default: string | number | boolean;
  /** An enum's values. */
  values?: readonly string[];
  /** A number's unit (px), or none. */
  unit?: string;
}

export interface FieldGroup {
  /** The group's code (the words are the console's). */
  id: string;
  fields: FieldInfo[];
}

const ENUM_VALUES: Record<string, readonly string[]> = {
  alignment: ['left', 'right'],
  launcherIconType: ['svg', 'image'],
  launcherCloseIconType: ['svg', 'image'],
  chatFormat: ['comfy', 'compact'],
  colorScheme: ['light', 'dark', 'auto'],
  fontStyle: ['normal', 'italic'],
};

const LONG_TEXT = new Set(['launcherIcon', 'launcherCloseIcon']);

const info = (path: string): FieldInfo => {
  const d = fieldAt(DEFAULT_APPEARANCE as unknown as Fields, path) as string | number | boolean;
  const name = path.slice(path.lastIndexOf('.') + 1);
  if (typeof d === 'boolean') return { path, kind: 'boolean', default: d };
  if (typeof d === 'number') return { path, kind: 'number', default: d, ...(/intensity/i.test(name) ? {} : { unit: 'px' }) };
  if (ENUM_VALUES[name]) return { path, kind: 'enum', default: d, values: ENUM_VALUES[name] };
  if (/Colou?r$/.test(name)) return { path, kind: 'color', default: d };
  return { path, kind: LONG_TEXT.has(name) ? 'long-text' : 'text', default: d };
};

const within = (prefix: string, names: string[]) => names.map((n) => `${prefix}.${n}`);
const MESSAGE = ['bgColor', 'textColor', 'borderColor', 'borderRadius', 'fontStyle'];
const BUTTON = ['bgColor', 'bgHoverColor', 'textColor', 'borderColor', 'borderRadius', 'fontSize', 'padding', 'gap'];

/** widget-spec §3 "Appearance", group by group (`locale` and `colorScheme`, this project's, with the chat display). */
export const FIELD_GROUPS: readonly FieldGroup[] = (
  [
    ['agent', ['agentName', 'agentDescription', 'agentIcon', 'agentTitleColor', 'agentDescriptionColor', 'agentIconBorderRadius']],
    ['layout', ['headerPadding', 'footerPadding', 'separatorColor', 'chatBgColor', 'chatBorderRadius']],
    ['messages', [...within('userMessage', MESSAGE), ...within('aiMessage', MESSAGE)]],
    ['launcher', within('launcher', Object.keys(DEFAULT_APPEARANCE.launcher))],
    ['footer', within('footer', ['defaultColor', 'activeColor', 'hoverColor'])],
    ['bubble', within('bubble', ['bubbleShadow', 'bubbleShadowColor', 'bubbleShadowIntensity'])],
    ['chatDisplay', ['chatFormat', 'showTimestamps', 'timestampColor', 'showAvatars', 'colorScheme', 'locale']],
    ['input', within('input', Object.keys(DEFAULT_APPEARANCE.input))],
    [
      'buttons',
      [
        ...within('buttons', Object.keys(DEFAULT_APPEARANCE.buttons)),
        ...within('chatHistoryList', Object.keys(DEFAULT_APPEARANCE.chatHistoryList)),
      ],
    ],
    ['home', within('home', Object.keys(DEFAULT_APPEARANCE.home))],
    ['followUpAndResponse', [...within('followUpButtons', BUTTON), ...within('responseButton', BUTTON)]],
  ] as const
).map(([id, paths]) => ({ id, fields: paths.map(info) }));

/** The value a field shows: the draft's, else its default. */
export const fieldValue = (draft: Fields, path: string): unknown =>
  fieldAt(draft, path) ?? fieldAt(DEFAULT_APPEARANCE as unknown as Fields, path);

/** The validation's messages for the draft, by field path (the server's own rule, contract/appearance.ts). */
export function fieldProblems(draft: Fields): Map<string, string> {
  const out = new Map<string, string>();
  for (const issue of appearanceIssues(draft)) {
    const space = issue.indexOf(' ');
    out.set(issue.slice(0, space), issue);
  }
  return out;
}
