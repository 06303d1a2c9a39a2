/**
 * The financial year a question names ("in 2025-26", "for the 2025/26 year", "FY2026", "last
 * financial year"), and the figures in force in it: a tool works with the tax rates of the year asked
 * about, and says so when the engine holds none for it rather than using another year's.
 */
import { assumptionsFor, financialYearOf, TAX_TABLES, type Assumptions } from '../../../journey/engine/assumptions';

/** The years whose tax tables the engine holds, oldest first ('2024-25'…). */
export const KNOWN_YEARS: readonly string[] = TAX_TABLES.map((t) => t.financialYear);

/** '2025-26' for the year starting 1 July 2025. */
function yearFrom(start: number): string {
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The start of a year written with two digits (26 → 2026). */
const century = (yy: number) => 2000 + yy;

/**
 * The financial year named in `text`, as 'YYYY-YY', or null when it names none. Relative names
 * ("this", "last", "next" financial or tax year) are counted from `asOf`. An Australian financial year
 * is named by the year it ends in: FY2026 and FY26 are 2025-26. A pair must be consecutive years
 * ("2025-27" is not a financial year).
 */
export function financialYearIn(text: string, asOf: Date): string | null {
  const t = text.replace(/[‐‑–—]/g, '-');
  const pair = /\b(?:fy\s?)?(20\d\d)\s?[-/]\s?((?:20)?\d\d)\b/i.exec(t);
  if (pair) {
    const start = Number(pair[1]);
    const end = pair[2]!.length === 4 ? Number(pair[2]) : century(Number(pair[2]));
    if (end === start + 1) return yearFrom(start);
  }
  const fy = /\bfy\s?'?(20\d\d|\d\d)\b|\b(?:financial|tax|income)\s+year\s+(?:ending|to)\s+(?:30\s+june\s+|june\s+)?(20\d\d)\b/i.exec(t);
  if (fy) {
    const end = fy[1] ? (fy[1].length === 4 ? Number(fy[1]) : century(Number(fy[1]))) : Number(fy[2]);
    return yearFrom(end - 1);
  }
  const relative = /\b(this|current|last|previous|past|next|coming)\s+(?:financial|tax|income)\s+year\b/i.exec(t);
  if (relative) {
    const now = Number(financialYearOf(asOf).slice(0, 4));
    const word = relative[1]!.toLowerCase();
    const shift = word === 'last' || word === 'previous' || word === 'past' ? -1 : word === 'next' || word === 'coming' ? 1 : 0;
    return yearFrom(now + shift);
  }
  return null;
}

/** Whether the engine holds the tax rates of `year`: its own table, or the year it is asked in (which has always been answered). */
export function isKnownYear(year: string, asOf: Date): boolean {
  return KNOWN_YEARS.includes(year) || year === financialYearOf(asOf);
}

/** The figures in force in a financial year ('2025-26'): those of its first day. */
export function assumptionsForYear(year: string): Assumptions {
  return assumptionsFor(new Date(Number(year.slice(0, 4)), 6, 1));
}

/** "2024-25, 2025-26 and 2026-27". */
export function knownYearsWords(): string {
  return KNOWN_YEARS.length <= 1 ? (KNOWN_YEARS[0] ?? '') : `${KNOWN_YEARS.slice(0, -1).join(', ')} and ${KNOWN_YEARS.at(-1)}`;
}

/** What the answer says when a year's rates are not held: plainly, with the years that are. */
export function unknownYearText(year: string, purpose: string): string {
  return `I don't have the tax rates for ${year}, so I can't work out ${purpose} for it: I have them for ${knownYearsWords()}.`;
}

/** The figures a tool works with: those of the year asked about, else those in force on the day. */
export function assumptionsOf(year: string | undefined, inForce: Assumptions): Assumptions {
  return year === undefined || year === inForce.financialYear ? inForce : assumptionsForYear(year);
}
