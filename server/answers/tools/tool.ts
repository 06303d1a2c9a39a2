/**
 * What a tool is: a typed function of the advice engine that both answer engines call for an exact
 * figure. Each declares its name, a description, its parameters (from which its JSON schema and the
 * validation of its arguments are derived), how the built-in engine recognises a question for it and
 * reads its arguments from the question's words, and what it answers.
 */
import {
  ASSUMPTIONS_VERSION,
  assumptionsFor,
  FREQUENCY_PER_YEAR,
  JOURNEY_ENGINE_SPEC,
  PROJECTION,
  RISK_PROFILES,
  type Assumptions,
  type RiskProfileId,
} from '../../../journey/engine/assumptions';
import { MAX_AMOUNT_DOLLARS } from '../../../journey/engine/money';
import { RISK_LABELS } from '../../../journey/messages';
import type { Numbers } from './numbers';
import { financialYearIn, KNOWN_YEARS } from './year';

/** The kinds of parameter a tool takes. */
export type ParamKind = 'amount' | 'years' | 'frequency' | 'profile' | 'boolean' | 'financialYear';

/** One parameter of a tool. */
export interface ParamSpec {
  kind: ParamKind;
  /** For the model: what the parameter is, and its default when it is optional. */
  description: string;
  required: boolean;
  /** What the visitor is asked, in plain words, when it is missing or not readable. */
  ask: string;
  /** The least value of an amount or a duration. @default 0 for an amount, 1 for years */
  min?: number;
  /** The greatest duration. @default the engine's longest goal */
  max?: number;
  /** An amount must be more than `min`, not equal to it. @default false */
  exclusiveMin?: boolean;
  /** Only whole numbers (years). @default false */
  integer?: boolean;
}

/** What a tool's computation gives back. */
export interface ToolAnswer {
  /** The figure asked for, as a short sentence in markdown ("**$140.00 a year**…"). */
  figure: string;
  /** How it was worked out: markdown lines (a numbered list, a table, notes). */
  steps: string[];
}

/** Where a tool's call happens: the date picks the tax year and the figures in force. */
export interface ToolContext {
  asOf: Date;
  assumptions: Assumptions;
}

/** A tool: typed arguments `A`. */
export interface Tool<A extends object = Record<string, unknown>> {
  /** snake_case, as the chat-completions protocol expects. */
  name: string;
  /** For the model: what it computes, when to call it. */
  description: string;
  params: { [K in keyof A]-?: ParamSpec };
  /** What it works out, for asking back: "To work out {purpose}, I need …". */
  purpose: string;
  /** How it is worked out, in one sentence, said before asking back ("The emergency fund is three months of…"). */
  rule?: string;
  /**
   * When a question for it states none of its required arguments: `never`, it falls through to
   * retrieval (the site's pages say what the fees are); `first-person`, the visitor is asked for them
   * when the question is about themselves ("What is my take-home pay?"), and it falls through otherwise
   * ("What is take-home pay?" is a question about words).
   */
  asksBack: 'never' | 'first-person';
  /** The built-in engine's test of a question: it asks for this figure. */
  matches(question: string, numbers: Numbers): boolean;
  /** The arguments the question's words give: only those it states, never a default. `asOf` dates "last financial year". */
  fromQuestion(numbers: Numbers, question: string, asOf: Date): Partial<A>;
  /** Computes the answer with the advice engine; the arguments are valid. */
  run(args: A, context: ToolContext): ToolAnswer;
}

/** Any tool, for lists. */
// biome-ignore lint/suspicious/noExplicitAny: a list of tools of different argument types
export type AnyTool = Tool<any>;

/** Declares a tool with its argument type checked against its parameters. */
export function defineTool<A extends object>(tool: Tool<A>): Tool<A> {
  return tool;
}

/** The name the answers give as their source: the advice engine's own, with its assumptions version. */
export const TOOL_SOURCE = `${JOURNEY_ENGINE_SPEC} v${ASSUMPTIONS_VERSION}`;

/** The JSON schema of a tool's parameters (the chat-completions `function.parameters`). */
export function parameterSchema(tool: AnyTool): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const [name, spec] of Object.entries(tool.params as Record<string, ParamSpec>)) {
    if (spec.required) required.push(name);
    const description = spec.description;
    switch (spec.kind) {
      case 'amount':
        properties[name] = {
          type: 'number',
          description: `${description} In Australian dollars, a plain number (20000, not "$20k").`,
          ...(spec.exclusiveMin ? { exclusiveMinimum: spec.min ?? 0 } : { minimum: spec.min ?? 0 }),
          maximum: MAX_AMOUNT_DOLLARS,
        };
        break;
      case 'years':
        properties[name] = {
          type: spec.integer ? 'integer' : 'number',
          description,
          minimum: spec.min ?? 1,
          maximum: spec.max ?? PROJECTION.maxYears,
        };
        break;
      case 'frequency':
        properties[name] = { type: 'string', description, enum: Object.keys(FREQUENCY_PER_YEAR) };
        break;
      case 'profile':
        properties[name] = { type: 'string', description, enum: RISK_PROFILES.map((p) => p.id) };
        break;
      case 'boolean':
        properties[name] = { type: 'boolean', description };
        break;
      case 'financialYear':
        properties[name] = {
          type: 'string',
          description: `${description} Written as "2025-26". The tax rates held are for ${KNOWN_YEARS.join(', ')}.`,
          pattern: '^20\\d\\d-\\d\\d$',
        };
        break;
    }
  }
  return { type: 'object', properties, required, additionalProperties: false };
}

/** The outcome of validating arguments: the typed arguments, or what to ask for. */
export type Validated<A> = { ok: true; args: A } | { ok: false; missing: string[]; problems: string[] };

/** Reads a number a model may send as a number or as text ("20,000", "$20k" is not accepted). */
function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*\$?\s*\d{1,3}(?:,\d{3})*(?:\.\d+)?\s*$|^\s*\$?\s*\d+(?:\.\d+)?\s*$/.test(value)) {
    return Number(value.replace(/[\s$,]/g, ''));
  }
  return null;
}

/**
 * Checks arguments against a tool's parameters before it is called: every required one present,
 * each of its kind and within its bounds; unknown ones are refused. Never fills in a value. A financial
 * year is read as written ('2025-26', 'FY2026', 'last financial year', counted from `asOf`).
 */
export function validateArgs<A extends object>(tool: Tool<A>, raw: unknown, asOf: Date = new Date()): Validated<A> {
  const missing: string[] = [];
  const problems: string[] = [];
  const args: Record<string, unknown> = {};
  const given = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : null;
  if (given === null) return { ok: false, missing: [], problems: ['The arguments must be a JSON object.'] };
  const specs = tool.params as Record<string, ParamSpec>;
  for (const name of Object.keys(given)) if (!Object.hasOwn(specs, name)) problems.push(`There is no parameter "${name}".`);
  for (const [name, spec] of Object.entries(specs)) {
    const value = given[name];
    if (value === undefined || value === null || value === '') {
      if (spec.required) missing.push(spec.ask);
      continue;
    }
    const wrong = () => problems.push(spec.ask);
    switch (spec.kind) {
      case 'amount': {
        const n = numberOf(value);
        const min = spec.min ?? 0;
        if (n === null || n > MAX_AMOUNT_DOLLARS || (spec.exclusiveMin ? n <= min : n < min)) wrong();
        else args[name] = n;
        break;
      }
      case 'years': {
        const n = numberOf(value);
        if (n === null || n < (spec.min ?? 1) || n > (spec.max ?? PROJECTION.maxYears) || (spec.integer && !Number.isInteger(n))) wrong();
        else args[name] = n;
        break;
      }
      case 'frequency': {
        const f = typeof value === 'string' ? value.trim().toLowerCase() : '';
        if (!Object.hasOwn(FREQUENCY_PER_YEAR, f)) wrong();
        else args[name] = f === 'annually' ? 'yearly' : f;
        break;
      }
      case 'profile': {
        const p = typeof value === 'string' ? RISK_PROFILES.find((r) => r.id === value.trim().toLowerCase()) : undefined;
        if (!p) wrong();
        else args[name] = p.id;
        break;
      }
      case 'boolean':
        if (typeof value !== 'boolean') wrong();
        else args[name] = value;
        break;
      case 'financialYear': {
        const year = typeof value === 'string' ? financialYearIn(value, asOf) : null;
        if (year === null) wrong();
        else args[name] = year;
        break;
      }
    }
  }
  return missing.length === 0 && problems.length === 0 ? { ok: true, args: args as A } : { ok: false, missing, problems };
}

/** Runs a tool on validated arguments at a date. */
export function runTool<A extends object>(tool: Tool<A>, args: A, asOf: Date): ToolAnswer {
  return tool.run(args, { asOf, assumptions: assumptionsFor(asOf) });
}

/** The answer's markdown: the figure, how it was worked out, and the source with the assumptions version. */
export function answerMarkdown(answer: ToolAnswer): string {
  // numbered lines stay one list; anything else is a paragraph (or a table) of its own
  const blocks: string[] = [];
  for (const line of answer.steps) {
    const last = blocks.length - 1;
    if (/^\d+\. /.test(line) && last >= 0 && /^\d+\. /.test(blocks[last]!)) blocks[last] += `\n${line}`;
    else blocks.push(line);
  }
  return [
    answer.figure,
    '**How it was worked out**',
    ...blocks,
    `Source: ${JOURNEY_ENGINE_SPEC}, assumptions version ${ASSUMPTIONS_VERSION}. General information only, not advice about your situation.`,
  ].join('\n\n');
}

// ---------------------------------------------------------------- formatting

let cents: Intl.NumberFormat | undefined;

/** Cents as dollars and cents: 14000 → "$140.00". */
export function money(amountCents: number): string {
  cents ??= new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return cents.format(amountCents / 100);
}

/** Dollars as typed back to the visitor: 20000 → "$20,000", 20000.5 → "$20,000.50". */
export function dollars(amount: number): string {
  return Number.isInteger(amount) ? money(amount * 100).replace(/\.00$/, '') : money(Math.round(amount * 100));
}

/** A rate as a percentage: 0.007 → "0.7%". */
export function percent(rate: number, digits = 2): string {
  return `${(rate * 100).toLocaleString('en-AU', { maximumFractionDigits: digits })}%`;
}

/** "a year", "a month"… for a frequency. */
export function per(frequency: string): string {
  const unit: Record<string, string> = {
    weekly: 'a week',
    fortnightly: 'a fortnight',
    monthly: 'a month',
    quarterly: 'a quarter',
    'half-yearly': 'every six months',
    yearly: 'a year',
    annually: 'a year',
  };
  return unit[frequency] ?? frequency;
}

/** A risk profile's name, as the journey's English catalogue gives it ("Moderately aggressive"): the answers are in English. */
export const profileName = (p: { id: RiskProfileId }): string => RISK_LABELS[p.id];

/** "1 year", "5 years", "1.5 years". */
export function yearsWords(years: number): string {
  return `${years.toLocaleString('en-AU', { maximumFractionDigits: 2 })} ${years === 1 ? 'year' : 'years'}`;
}
