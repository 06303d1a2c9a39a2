/**
 * Questions about what the visitor can choose on the page ("What can I choose here?", "Which
 * journey suits me?", "What goals can I choose from?") are answered with the page's own options:
 * the short lines a form lists (its radio buttons and cards, each with the line that explains it),
 * or the sections a heading groups ("Your journeys": "Retirement", "Investment"…).
 *
 * Pure: patterns of plain English, not of any site's content.
 */
import { PAGE_SOURCE, type Passage, tokenize, wordCount } from './retrieval';

/** A question asking what there is to choose from. */
const CHOICE = [
  /\b(?:what|which)\b[^?]*\b(?:choose|choices?|options?|pick|select)\b/i,
  /\bwhich\s+(?:\S+\s+){0,2}?(?:suits?|fits?|is (?:right|best) for)\s+me\b/i,
  /\b(?:what|which) (?:are|is) the (?:different|kinds of|types of)\b/i,
  /\bdifference between the\b[^?]*\b\w+s\b\s*\??$/i,
];

// Words of the question that ask for a choice rather than name what is chosen.
const CHOICE_WORDS = new Set(
  tokenize('choose choice option pick select suit fit right best different difference kind type available offer here page'),
);

// The words of a sentence that asks the visitor to choose ("Choose the goal that matters most").
const ASKS_TO_CHOOSE = new Set(tokenize('choose pick select options'));

// A page's controls: buttons and links that move through the page, not options.
const CONTROL =
  /^(?:open|start|begin|continue|back|next|previous|agree|submit|save|cancel|close|skip|let['’]s|get started|learn more|read more|see more|show more|menu)\b/i;

/** The share of the question's own words (beyond asking to choose) the list's section must hold. */
const MIN_TOPIC_SHARE = 0.6;

/** At most this many options are quoted. */
export const MAX_OPTIONS = 8;

// An option is a short label: a few words, no sentence punctuation.
const MAX_OPTION_WORDS = 6;

/** Whether a line of the page is one of its buttons or links ("Back", "Continue", "Open questionnaire"). */
export function isControl(line: string): boolean {
  return CONTROL.test(line) && wordCount(line) <= 4 && !/[.!?]$/.test(line);
}

/** Whether the question asks what the visitor can choose from. */
export function isChoiceQuestion(question: string): boolean {
  return CHOICE.some((p) => p.test(question));
}

/** The page's options that answer a choice question: a lead sentence, the options, and where they are. */
export interface Options {
  passage: Passage;
  /** The sentence that asks for the choice, when the page has one ("Choose the goal that matters most…"). */
  lead: string | null;
  /** Each option, with the line that explains it when there is one ("Retirement: Plan the income…"). */
  options: string[];
}

function isOption(line: string): boolean {
  return wordCount(line) <= MAX_OPTION_WORDS && !/[.!?…:;,]["'”’)\]]*$/.test(line) && /\p{L}/u.test(line) && !CONTROL.test(line);
}

function isExplanation(line: string | undefined): line is string {
  return line !== undefined && /[.!?…]["'”’)\]]*$/.test(line) && !CONTROL.test(line);
}

/** The options one passage lists as lines, each with the sentence under it; fewer than two is no list. */
function lineOptions(passage: Passage): string[] {
  const options: string[] = [];
  passage.sentences.forEach((line, i) => {
    if (!isOption(line)) return;
    const next = passage.sentences[i + 1];
    options.push(isExplanation(next) ? `${line}: ${next}` : line);
  });
  return options.length >= 2 ? options : [];
}

/**
 * The page's options for a choice question, or null when the page lists none or the question names
 * something (a goal, a journey) that no list of the page is about. The list whose section or text
 * holds most of the question's other words wins; the first list when it names none.
 */
export function pageOptions(question: string, passages: readonly Passage[]): Options | null {
  if (!isChoiceQuestion(question)) return null;
  const page = passages.filter((p) => p.source === PAGE_SOURCE);
  if (page.length === 0) return null;
  const topic = [...new Set(tokenize(question))].filter((t) => !CHOICE_WORDS.has(t));

  // Each candidate's context is its own: its section's heading and text, or the heading that groups its sections.
  const candidates: { passage: Passage; options: string[]; context: string }[] = [];
  for (const passage of page) {
    const options = lineOptions(passage);
    if (options.length > 0) candidates.push({ passage, options, context: `${passage.headings.at(-1) ?? ''} ${passage.text}` });
  }
  // The sections a heading groups, each an option named by its heading and explained by its first line.
  const paths = new Map<string, string[]>();
  for (const passage of page) {
    for (let depth = 0; depth < passage.headings.length; depth++) {
      const path = passage.headings.slice(0, depth);
      paths.set(JSON.stringify(path), path);
    }
  }
  for (const path of paths.values()) {
    const children = page.filter((p) => p.headings.length === path.length + 1 && path.every((h, i) => p.headings[i] === h));
    const names = [...new Set(children.map((c) => c.headings.at(-1)!))];
    if (names.length < 2) continue;
    const described = names.map((name) => {
      const first = children.find((c) => c.headings.at(-1) === name)!.sentences.find((line) => !CONTROL.test(line));
      return first ? `${name}: ${first}` : name;
    });
    const own = page.find((p) => p.headings.length === path.length && path.every((h, i) => p.headings[i] === h));
    candidates.push({
      passage: own ?? children[0]!,
      options: described,
      context: `${path.at(-1) ?? ''} ${own?.text ?? ''} ${names.join(' ')}`,
    });
  }
  if (candidates.length === 0) return null;

  const score = (context: string) => {
    const terms = new Set(tokenize(context));
    return topic.filter((t) => terms.has(t)).length;
  };
  let best = candidates[0]!;
  let bestScore = score(best.context);
  for (const candidate of candidates.slice(1)) {
    const s = score(candidate.context);
    if (s > bestScore) {
      best = candidate;
      bestScore = s;
    }
  }
  // "What goals can I choose from?" on a page whose lists are not about goals: not this list; nor when
  // the question asks about more than the list ("Which journey suits me if I want to buy a house?").
  if (topic.length > 0 && bestScore === 0) return null;
  const whole = new Set(tokenize(`${best.passage.headings.join(' ')} ${best.context}`));
  if (topic.filter((t) => whole.has(t)).length < topic.length * MIN_TOPIC_SHARE) return null;
  const optionWords = new Set(best.options.map((o) => o.toLowerCase()));
  const lead =
    best.passage.sentences.find(
      (s) => !isOption(s) && !optionWords.has(s.toLowerCase()) && /[.!?]$/.test(s) && tokenize(s).some((t) => ASKS_TO_CHOOSE.has(t)),
    ) ?? null;
  return { passage: best.passage, lead, options: best.options.slice(0, MAX_OPTIONS) };
}
