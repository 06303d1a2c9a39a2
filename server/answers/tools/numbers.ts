/**
 * The numbers in a visitor's question, as people write them: amounts of money ("$20,000", "20k",
 * "$1.5 million", "twenty thousand"), durations ("in 5 years", "18 months"), how often an amount
 * comes ("a month", "per fortnight", "annually") and risk profiles by name. Pure.
 */
import { FREQUENCY_PER_YEAR, RISK_PROFILES, type RiskProfileId } from '../../../journey/engine/assumptions';
import { RISK_LABELS } from '../../../journey/messages';

/** A frequency the engine turns into a yearly figure (assumptions.ts FREQUENCY_PER_YEAR), 'yearly' for a year. */
export type Frequency = 'weekly' | 'fortnightly' | 'monthly' | 'quarterly' | 'half-yearly' | 'yearly';

/** An amount of money found in a question. */
export interface Amount {
  /** In dollars. */
  dollars: number;
  /** Where it starts and ends in the question. */
  start: number;
  end: number;
  /** How often it comes, when the question says so right beside it ("$85,000 a year", "monthly income of $5,000"). */
  frequency: Frequency | null;
  /** The few words before it, lower case, for telling a goal from a starting amount. */
  before: string;
  /** The few words after it, lower case. */
  after: string;
}

/** Everything numeric in a question. */
export interface Numbers {
  amounts: Amount[];
  /** The duration asked about ("in 5 years" → 5; "18 months" → 1.5); null when none. */
  years: number | null;
  /** A frequency the question names apart from any amount ("what is my take-home pay per fortnight?"). */
  frequency: Frequency | null;
  /** A risk profile named in the question. */
  profile: RiskProfileId | null;
}

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  a: 1,
  an: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const SCALES: Record<string, number> = {
  hundred: 100,
  thousand: 1_000,
  k: 1_000,
  million: 1_000_000,
  m: 1_000_000,
  mil: 1_000_000,
  billion: 1_000_000_000,
  bn: 1_000_000_000,
};

const WORD = `(?:${[...Object.keys(UNITS), ...Object.keys(TENS)].filter((w) => w !== 'a' && w !== 'an').join('|')})`;
// "twenty thousand", "two hundred and fifty thousand", "a million", "forty-five thousand"
const WORDS_RE = new RegExp(`\\b(?:(?:a|an|${WORD})(?:[\\s-]+(?:and[\\s-]+)?(?:${WORD}|hundred|thousand|million|billion))*)\\b`, 'gi');
// "$20,000", "20k", "$1.5 million", "85000", "$20 000", "1 250.50"; not part of a word or a percentage. Thousands
// grouped by spaces count as one number only when written as money ({@link spacedMoney}): "25 100" may be two.
const DIGITS_RE =
  /(\$\s?)?\b(\d{1,3}(?:,\d{3})+|\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?![\d,])|\d+)(\.\d+)?(?:\s?(k|m|mil|million|thousand|bn|billion)\b)?/gi;
// the same without grouping by spaces
const UNGROUPED_RE = /(\$\s?)?\b(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?:\s?(k|m|mil|million|thousand|bn|billion)\b)?/gi;
const SPACED = /[ \u00a0\u202f]/;

/** A number grouped by spaces is one amount after a dollar sign, with cents, a scale or "dollars" after it. */
function spacedMoney(text: string, match: RegExpExecArray | RegExpMatchArray): boolean {
  const [all, dollar, , fraction, scale] = match;
  return Boolean(dollar || fraction || scale || /^\s*dollars?\b/i.test(text.slice(match.index! + all.length)));
}

// Words that count what a bare number counts ("150 people", "300 shares"): not dollars.
const COUNTED =
  /^\s*(?:people|persons?|members?|employees?|staff|workers?|clients?|customers?|users?|investors?|kids|children|adults|households?|families|units?|shares?|items?|times|trades?|transactions?|payments?|days?|weeks?|hours?|minutes?|km|kg|kilometres?|kilometers?|metres?|meters?|square|pages?|points?)\b/i;

/** The value of number words ("two hundred and fifty thousand" → 250000); null when they are not a number. */
export function wordsValue(text: string): number | null {
  let total = 0;
  let current = 0;
  let any = false;
  for (const word of text.toLowerCase().split(/[\s-]+/)) {
    if (word === 'and' || word === '') continue;
    if (Object.hasOwn(UNITS, word)) current += UNITS[word]!;
    else if (Object.hasOwn(TENS, word)) current += TENS[word]!;
    else if (word === 'hundred') current = (current || 1) * 100;
    else if (Object.hasOwn(SCALES, word)) {
      total += (current || 1) * SCALES[word]!;
      current = 0;
    } else return null;
    any = true;
  }
  return any ? total + current : null;
}

const FREQUENCY_WORDS: [RegExp, Frequency][] = [
  [/^(?:week|weekly|wk)$/, 'weekly'],
  [/^(?:fortnight|fortnightly)$/, 'fortnightly'],
  [/^(?:month|monthly|mth|mo)$/, 'monthly'],
  [/^(?:quarter|quarterly)$/, 'quarterly'],
  [/^(?:half-year|half-yearly|six months)$/, 'half-yearly'],
  [/^(?:year|yearly|annum|annual|annually|yr|p\.?a\.?)$/, 'yearly'],
];

function frequencyOf(word: string): Frequency | null {
  const w = word.toLowerCase().replace(/\s+/g, ' ');
  return FREQUENCY_WORDS.find(([re]) => re.test(w))?.[1] ?? null;
}

// "a year", "per month", "each fortnight", "every week", "/month", "weekly", "p.a.", "a year before tax"
const FREQUENCY_AFTER_RE =
  /^\s*(?:(?:dollars?|bucks|aud)\s+)?(?:(?:before|after)\s+tax\s+|gross\s+|net\s+)?(?:(?:a|an|per|each|every|\/|in\s+a)\s*(week|fortnight|month|quarter|half-year|year|annum|yr|mth)\b|(weekly|fortnightly|monthly|quarterly|half-yearly|yearly|annually|p\.a\.|pa\b))/i;
// "annual salary of", "monthly income is", "weekly pay:"
const FREQUENCY_BEFORE_RE =
  /\b(weekly|fortnightly|monthly|quarterly|yearly|annual)\s+(?:salary|income|pay|wage|wages|earnings|savings|deposits?|contributions?|investment)\s*(?:of|is|:|=)?\s*(?:about|around|roughly)?\s*$/i;
// a frequency anywhere: "take-home pay per fortnight", "how much a month", "monthly"
const FREQUENCY_ANY_RE =
  /\b(?:(?:a|an|per|each|every)\s+(week|fortnight|month|quarter|year)\b|(weekly|fortnightly|monthly|quarterly|yearly|annually)\b)/gi;
// "in 5 years", "5-year", "over ten years", "18 months"
const DURATION_RE = /^\s*-?\s*(years?|yrs?|months?)\b/i;

interface RawNumber {
  value: number;
  start: number;
  end: number;
  /** Written as money ($, k, million…), not only a bare number. */
  money: boolean;
}

function rawNumbers(text: string): RawNumber[] {
  const found: RawNumber[] = [];
  for (const m of digitMatches(text)) {
    const [all, dollar, whole, fraction, scale] = m;
    const start = m.index!;
    const end = start + all.length;
    // part of a word ("covid19"), a percentage, a date ("1/7") or a time ("9:30")
    if (/[\w.]$/.test(text.slice(0, start)) && !dollar) continue;
    if (/^\s*(?:%|per\s?cent|percent)/i.test(text.slice(end))) continue;
    if (/^[/:]\d/.test(text.slice(end)) || /\d[/:]$/.test(text.slice(0, start))) continue;
    const value = Number(`${whole!.replace(/[,\s]/g, '')}${fraction ?? ''}`) * (scale ? SCALES[scale.toLowerCase()]! : 1);
    found.push({ value, start, end, money: Boolean(dollar || scale || whole!.includes(',')) });
  }
  for (const m of text.matchAll(WORDS_RE)) {
    // "a" or "an" alone is an article, not a number
    if (/^(?:a|an)$/i.test(m[0])) continue;
    const value = wordsValue(m[0]);
    if (value === null) continue;
    const start = m.index;
    const end = start + m[0].length;
    const dollar = /\$\s?$/.test(text.slice(0, start));
    const after = /^\s*(?:dollars?|bucks)\b/i.test(text.slice(end));
    found.push({ value, start: dollar ? text.slice(0, start).lastIndexOf('$') : start, end, money: dollar || after || value >= 1_000 });
  }
  return found.sort((a, b) => a.start - b.start);
}

/** The numbers written in digits; one grouped by spaces that is not money is read as the numbers it groups. */
function digitMatches(text: string): RegExpMatchArray[] {
  const matches: RegExpMatchArray[] = [];
  for (const m of text.matchAll(DIGITS_RE)) {
    if (!SPACED.test(m[2]!) || spacedMoney(text, m)) {
      matches.push(m);
      continue;
    }
    const piece = text.slice(0, m.index + m[0].length);
    const ungrouped = new RegExp(UNGROUPED_RE);
    ungrouped.lastIndex = m.index;
    for (let n = ungrouped.exec(piece); n !== null; n = ungrouped.exec(piece)) matches.push(n);
  }
  return matches;
}

/** The risk profile named in a question, the longest name first ("moderately aggressive" before "moderate"). */
export function profileIn(text: string): RiskProfileId | null {
  const lower = text.toLowerCase();
  const byLength = [...RISK_PROFILES].sort((a, b) => RISK_LABELS[b.id].length - RISK_LABELS[a.id].length);
  for (const p of byLength) {
    const at = lower.search(new RegExp(`\\b${RISK_LABELS[p.id].toLowerCase().replace(/\s+/g, '[\\s-]+')}\\b`));
    if (at >= 0) return p.id;
  }
  return null;
}

/** The amounts, duration, frequency and risk profile in a question. */
export function extractNumbers(question: string): Numbers {
  // a financial year ("2025-26", "FY2026") is not an amount nor a duration ("the 2025/26 year" is not 26 years); blanked
  // to spaces so that every position stays where it was
  const text = question
    .replace(/[’‘]/g, "'")
    .replace(/\b(?:fy\s?)?20\d\d\s?[-/‐‑–—]\s?(?:20)?\d\d\b|\bfy\s?'?\d{2,4}\b/gi, (m) => ' '.repeat(m.length));
  const amounts: Amount[] = [];
  let years: number | null = null;
  const attached: [number, number][] = [];
  const raw = rawNumbers(text);
  // beside an amount written as money, a bare number ("for the 2025 year on $1,000") is not one
  const written = raw.some((n) => n.money);
  for (const n of raw) {
    const rest = text.slice(n.end);
    const calendarYear = !n.money && /^(?:19|20)\d\d$/.test(text.slice(n.start, n.end));
    // "the 2025 year" is a year of the calendar, not 2,025 years
    const duration = n.money || calendarYear ? null : DURATION_RE.exec(rest);
    if (duration) {
      if (years === null) years = /^m/i.test(duration[1]!) ? n.value / 12 : n.value;
      continue;
    }
    // a bare small number ("3 kids", "in 2030"), one that counts something ("150 people") or one beside money is not money
    if (!n.money && (n.value < 100 || (calendarYear && !/^\s*(?:a|per|each)\b/i.test(rest)) || COUNTED.test(rest) || written)) {
      continue;
    }
    const afterMatch = FREQUENCY_AFTER_RE.exec(rest);
    const beforeText = text.slice(Math.max(0, n.start - 40), n.start);
    const beforeMatch = FREQUENCY_BEFORE_RE.exec(beforeText);
    const frequency = afterMatch ? frequencyOf(afterMatch[1] ?? afterMatch[2]!) : beforeMatch ? frequencyOf(beforeMatch[1]!) : null;
    if (afterMatch) attached.push([n.end, n.end + afterMatch[0].length]);
    if (beforeMatch) attached.push([n.start - beforeMatch[0].length, n.start]);
    amounts.push({
      dollars: n.value,
      start: n.start,
      end: n.end,
      frequency,
      before: beforeText.toLowerCase(),
      after: rest.slice(0, 40).toLowerCase(),
    });
  }
  let frequency: Frequency | null = null;
  for (const m of text.matchAll(FREQUENCY_ANY_RE)) {
    const at = m.index;
    if (attached.some(([s, e]) => at >= s && at < e)) continue;
    frequency = frequencyOf(m[1] ?? m[2]!);
    if (frequency) break;
  }
  return { amounts, years, frequency, profile: profileIn(text) };
}

/** Payments a year at a frequency (the engine's table). */
export function perYear(frequency: Frequency): number {
  return FREQUENCY_PER_YEAR[frequency]!;
}
