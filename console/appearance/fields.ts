/**
 * The appearance editor's fields: contract/appearance-fields.ts's groups (every field of widget-spec §3, in the
 * spec's groups and order, with kind, limits and default), each with the input that edits it; and that file's one
 * validation (the server's and the CLI's), read field by field.
 */
import { type AppearanceField, appearanceProblems, APPEARANCE_GROUPS } from '../../contract/appearance-fields';
import { DEFAULT_APPEARANCE } from '../../contract/appearance';
import { fieldAt, type Fields } from '../../machines/console-appearance';

/** What input edits a field. */
export type InputKind = 'color' | 'number' | 'enum' | 'boolean' | 'text' | 'long-text';

export interface FieldInfo {
  /** The dotted path in the stored appearance (`launcher.backgroundColor`). */
  path: string;
  input: InputKind;
  default: string | number | boolean;
  /** An enum's values. */
  values?: readonly string[];
  /** A number's unit (px, %), or none. */
  unit?: string;
  min?: number;
  max?: number;
  step?: number;
  maxLength?: number;
}

export interface FieldGroup {
  /** The group's code (the words are the console's). */
  id: string;
  fields: FieldInfo[];
}

const info = (f: AppearanceField): FieldInfo => {
  const base = { path: f.path, default: f.default as string | number | boolean };
  switch (f.kind) {
    case 'colour':
      return { ...base, input: 'color' };
    case 'number':
      return { ...base, input: 'number', min: f.min, max: f.max, step: f.step, ...(f.unit ? { unit: f.unit } : {}) };
    case 'enum':
      return { ...base, input: 'enum', values: f.options };
    case 'boolean':
      return { ...base, input: 'boolean' };
    case 'icon':
      return { ...base, input: 'long-text' };
    case 'text':
      return { ...base, input: 'text', maxLength: f.maxLength };
    default:
      // padding, url, locale: text the validation checks
      return { ...base, input: 'text' };
  }
};

/** widget-spec §3 "Appearance", group by group. */
export const FIELD_GROUPS: readonly FieldGroup[] = APPEARANCE_GROUPS.map((g) => ({ id: g.id, fields: g.fields.map(info) }));

/** The value a field shows: the draft's, else its default. */
export const fieldValue = (draft: Fields, path: string): unknown =>
  fieldAt(draft, path) ?? fieldAt(DEFAULT_APPEARANCE as unknown as Fields, path);

/** The validation's messages for the draft, by field path (the server's own rule), each with what the field allows. */
export function fieldProblems(draft: Fields): Map<string, string> {
  return new Map(
    appearanceProblems(draft).map((p) => {
      const allowed = typeof p.allowed === 'string' ? p.allowed : p.allowed.join(', ');
      return [p.field, p.message.includes(allowed) ? p.message : `${p.message} (allowed: ${allowed})`];
    }),
  );
}
