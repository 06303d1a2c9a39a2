/**
 * Arabic counted nouns for the Arabic catalogue: the noun's form follows the number (CLDR's Arabic plural rules; zero says the number with the singular):
 * one and two are said in words («سنة واحدة»، «سنتين»), 3–10 take the plural («5 سنوات»), 11–99 the singular
 * accusative («18 سنة»، «30 يومًا»), 100 and fractions the singular («100 سنة»، «2.5 سنة»). The catalogue places a
 * count after a preposition or as an object, so the dual is written in that form (سنتين, not سنتان) unless a form
 * says otherwise. A count typed by the visitor ("2.5") is shown as typed; a number is formatted with Latin digits.
 */

/** The words for one and two, and the noun after 3–10, 11–99 and other numbers (`{n}` is the number). */
interface Forms {
  one: string;
  two: string;
  few: string;
  many: string;
  other: string;
}

export const YEARS: Forms = { one: 'سنة واحدة', two: 'سنتين', few: '{n} سنوات', many: '{n} سنة', other: '{n} سنة' };
/** Years said on their own (a value in the review list): the dual in its nominative form. */
export const YEARS_ALONE: Forms = { ...YEARS, two: 'سنتان' };
export const MONTHS: Forms = { one: 'شهر واحد', two: 'شهرين', few: '{n} أشهر', many: '{n} شهرًا', other: '{n} شهر' };
export const DAYS: Forms = { one: 'يوم واحد', two: 'يومين', few: '{n} أيام', many: '{n} يومًا', other: '{n} يوم' };
export const MINUTES: Forms = { one: 'دقيقة واحدة', two: 'دقيقتين', few: '{n} دقائق', many: '{n} دقيقة', other: '{n} دقيقة' };

// Made on first use, like the journey's number formats (building one loads the locale's data).
let plurals: Intl.PluralRules | undefined;

/** CLDR's Arabic plural category of a number, from Intl; zero says the number with the singular ('other'). */
function category(n: number): keyof Forms {
  plurals ??= new Intl.PluralRules('ar');
  const c = plurals.select(n);
  return c === 'zero' ? 'other' : c;
}

// Made on first use, like the journey's number formats (building one loads the locale's data).
let numbers: Intl.NumberFormat | undefined;

/** `n` with its noun: `count(5, YEARS)` → «5 سنوات». */
export function count(n: number | string, forms: Forms): string {
  const value = typeof n === 'number' ? n : Number(n.trim());
  return forms[Number.isFinite(value) ? category(value) : 'other'].replace('{n}', typeof n === 'number' ? digits(n) : n.trim());
}

/** A number with Latin digits, grouped from 1,000 as the locale groups them. */
function digits(n: number): string {
  if (Math.abs(n) < 1000) return String(n);
  numbers ??= new Intl.NumberFormat('ar-u-nu-latn', { maximumFractionDigits: 2 });
  return numbers.format(n);
}
