/**
 * The advice settings' rules (contract/advice.ts `AdviceSettings`), written once: the form checks its fields with them
 * before it sends, and asks first before a change that deletes kept files sooner.
 */
import type { AdviceSettings } from '../../contract/advice';

/** What each number field allows, whole numbers only: the review sample in percent, the retention in years. */
export const SETTINGS_RANGES = { samplePercent: [0, 100], retentionYears: [1, 100] } as const;

type NumberField = keyof typeof SETTINGS_RANGES;

/** The field's value as a whole number within its range, or null when it is not one. */
export function settingValue(field: NumberField, text: string): number | null {
  const [min, max] = SETTINGS_RANGES[field];
  const n = /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
  return n >= min && n <= max ? n : null;
}

/** The fields of the form that are not allowed (an empty list when it may be sent). */
export const invalidSettings = (values: Record<NumberField, string>): NumberField[] =>
  (Object.keys(SETTINGS_RANGES) as NumberField[]).filter((f) => settingValue(f, values[f]) === null);

/** Whether a change keeps files for less time than before (the form asks first: older files will be deleted). */
export const shortensRetention = (before: AdviceSettings, after: AdviceSettings) => after.retentionYears < before.retentionYears;
