/**
 * How an answer of the evaluation is judged: right, wrong or declined correctly against its
 * question's expectation (./questions.ts), its follow-up buttons checked for garbage, and its
 * text for the page's chrome. Pure: the answer in, the verdict out.
 */
import type { EvalQuestion } from './questions';

/** What the chat endpoint answered (widget-spec §3 "Send-message response"). */
export interface Answer {
  content: string;
  /** The names of the documents the answer cites. */
  sources: string[];
  /** The follow-up buttons' texts. */
  followUps: string[];
}

export type Verdict = 'right' | 'wrong' | 'declined-correctly';

/** A follow-up button no visitor would click, and why. */
export interface Garbage {
  text: string;
  why: string;
}

// The answer says it cannot answer, in its own voice ("I couldn't find…", "I can't help with…", "I don't know",
// "I'm not able to say", "that is outside what I can answer") or the site's ("this site does not cover…", "there is
// nothing about that in…"); a quoted sentence of a document ("we do not give tax advice") is not a decline.
const DECLINE = new RegExp(
  [
    String.raw`\bI(?:['’]m| am)?\s+(?:couldn['’]t|could not|can['’]t|cannot|can not|don['’]t|do not|didn['’]t|did not|not able to|unable to)\s+(?:[\w'’]+\s+){0,3}?(?:find|answer|help|know|have|access|see|give|provide|tell|say)\b`,
    String.raw`\boutside (?:of )?(?:what I|what this site|the scope|my scope)`,
    String.raw`\bnot something (?:I|this site|the site)\b`,
    String.raw`\b(?:this|the) (?:site|website)(?:['’]s (?:pages|documents))? (?:does ?n['’o]t|do not) (?:cover|say|mention|have)\b`,
    String.raw`\b(?:there is|there['’]s|I found) nothing (?:about|on) (?:that|this)\b`,
  ].join('|'),
  'i',
);

// pointed to the journey for advice on the visitor's own situation (RG 244: general information only)
const JOURNEY = /\b(?:journey|questionnaire)\b/i;
const GENERAL_ONLY =
  /\bgeneral (?:information|advice)\b|\bpersonal (?:financial )?advice\b|\byour (?:own )?(?:circumstances|situation|objectives)\b/i;

/** Every dollar amount in a text, in cents (`$1,234.5` is 123450). */
export function amountsInCents(text: string): number[] {
  return [...text.matchAll(/\$\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?(?!\d)/g)].map(
    (m) => Number(m[1]!.replace(/,/g, '')) * 100 + Number((m[2] ?? '0').padEnd(2, '0')),
  );
}

/**
 * The dollar amounts of an answer's headline, in cents: those of its first bold figure ("the fees come to
 * **$140.00 a year**"), or, when no bold text holds one, those of its first sentence. A figure worked
 * out is stated first; one found only further down (a step of the working, an example quoted) is not the answer.
 */
export function headlineCents(content: string): number[] {
  for (const m of content.matchAll(/\*\*([^*\n]+)\*\*/g)) {
    const cents = amountsInCents(m[1]!);
    if (cents.length > 0) return cents;
  }
  const first = /^[\s\S]*?(?:[.!?](?=\s|$)|\n|$)/.exec(content.replace(/^[\s>]+/, ''))?.[0] ?? '';
  return amountsInCents(first);
}

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** True when the answer declines: it says it cannot answer, and states no figure. */
export function isDecline(content: string): boolean {
  return DECLINE.test(content) && amountsInCents(content).length === 0;
}

/** The verdict on `answer` to `q`, with the reasons it is wrong (none when it is not). */
export function judge(q: EvalQuestion, answer: Answer): { verdict: Verdict; reasons: string[] } {
  const { content } = answer;
  const e = q.expect;
  const reasons: string[] = [];
  if (e.declined) {
    if (isDecline(content)) return { verdict: 'declined-correctly', reasons };
    reasons.push(amountsInCents(content).length ? 'declines not, or states a figure' : 'does not decline');
    return { verdict: 'wrong', reasons };
  }
  if (e.journey) {
    if (!JOURNEY.test(content)) reasons.push('does not point to the journey');
    if (!GENERAL_ONLY.test(content)) reasons.push('does not say it is general information only');
  }
  if (isDecline(content) && !e.journey) reasons.push('declined a question the site answers');
  for (const pattern of e.include ?? []) if (!pattern.test(content)) reasons.push(`missing ${pattern}`);
  if (e.source) {
    const cited = answer.sources.includes(e.source) || content.toLowerCase().includes(e.source.toLowerCase());
    if (!cited) reasons.push(`does not cite ${e.source}`);
  }
  if (e.cents !== undefined && !headlineCents(content).includes(e.cents)) {
    reasons.push(
      amountsInCents(content).includes(e.cents)
        ? `states ${dollars(e.cents)} but not as its headline`
        : `does not state ${dollars(e.cents)}`,
    );
  }
  return { verdict: reasons.length ? 'wrong' : 'right', reasons };
}

/** Small words that may come twice in a real question. */
const STOP = new Set(
  'a an and are at be by can do does for from how i in is it me my of on or the this to what when where which who why will with you your'.split(
    ' ',
  ),
);
const QUESTION_START = /^(?:what|how|who|when|where|why|which|can|could|do|does|did|is|are|should|will|would|may|tell me)\b/i;

const normal = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The follow-ups that are not real questions (issue: follow-ups a person would click): CSV or table
 * fragments, repeated words, "What about …" fragments, more than 12 words, not a question, the
 * question just asked again, a duplicate, or the page's chrome.
 */
export function garbageFollowUps(question: string, followUps: string[], chrome: readonly string[]): Garbage[] {
  const found: Garbage[] = [];
  const seen = new Set<string>();
  for (const text of followUps) {
    const why = garbageReason(text, question, seen, chrome);
    if (why) found.push({ text, why });
    seen.add(normal(text));
  }
  return found;
}

function garbageReason(text: string, question: string, seen: Set<string>, chrome: readonly string[]): string | null {
  const words = normal(text).split(' ').filter(Boolean);
  if (/,\S|[|"\t]/.test(text) || (text.match(/,/g)?.length ?? 0) >= 2) return 'a table or CSV fragment';
  if (words.length > 12) return 'more than 12 words';
  const counted = new Map<string, number>();
  for (const w of words) if (!STOP.has(w) && !/^\d+$/.test(w)) counted.set(w, (counted.get(w) ?? 0) + 1);
  const repeated = [...counted].find(([, n]) => n > 1);
  if (repeated) return `repeats "${repeated[0]}"`;
  if (!text.trim().endsWith('?') || !QUESTION_START.test(text.trim())) return 'not a question';
  // "What about business day?": a topic tacked on, not a question a person would ask (follow-ups are real questions)
  if (/^what about\b/i.test(text.trim())) return 'a "What about …" fragment';
  if (normal(text) === normal(question)) return 'the question asked';
  if (seen.has(normal(text))) return 'a duplicate';
  const leak = chromeIn(text, chrome);
  if (leak) return `page chrome "${leak}"`;
  return null;
}

/** Text every page's chrome may hold, whatever the page: skip links. */
const ALWAYS_CHROME = /\bskip to (?:main )?content\b|\bskip to (?:the )?main\b|\bskip navigation\b/i;

/** The first of the page's chrome phrases `text` holds, as the page writes it; null when none. */
export function chromeIn(text: string, chrome: readonly string[]): string | null {
  const always = ALWAYS_CHROME.exec(text);
  if (always) return always[0];
  return chrome.find((phrase) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(phrase)}(?![\\p{L}\\p{N}])`, 'u').test(text)) ?? null;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
