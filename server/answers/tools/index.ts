/**
 * Exact figures through tools: the questions the advice engine can compute are answered by calling
 * it, never by quoting an example. The built-in engine matches the question to a tool and reads its
 * arguments from the words ({@link answerWithTools}); the OpenAI-compatible engine offers the same
 * tools to the model ({@link CHAT_TOOLS}, {@link runToolCall}).
 */
import { ASSUMPTIONS_VERSION } from '../../../journey/engine/assumptions';
import type { AnswerRequest, AnswerResult } from '../types';
import { adviserFeeTool } from './adviser-fee';
import { emergencyFundTool } from './emergency-fund';
import { feesTool } from './fees';
import { goalChanceTool } from './goal-chance';
import { goalMonthlyTool } from './goal-monthly';
import { extractNumbers } from './numbers';
import { takeHomePayTool } from './take-home-pay';
import { answerMarkdown, parameterSchema, runTool, TOOL_SOURCE, validateArgs, type AnyTool } from './tool';
import { isKnownYear, knownYearsWords, unknownYearText } from './year';

export { TOOL_SOURCE } from './tool';

/** Every tool, in the order the built-in engine tries them: the most specific question first. */
export const TOOLS: readonly AnyTool[] = [emergencyFundTool, goalChanceTool, goalMonthlyTool, takeHomePayTool, adviserFeeTool, feesTool];

/** What the built-in engine makes of a question. */
export type ToolMatch =
  | { kind: 'call'; tool: AnyTool; args: Record<string, unknown> }
  | { kind: 'ask'; tool: AnyTool; text: string }
  /** What it asks cannot be worked out (a financial year whose tax rates are not held): said plainly. */
  | { kind: 'refuse'; tool: AnyTool; text: string }
  | null;

const FIRST_PERSON = /\b(?:i|i'm|i've|i'd|my|me|mine|we|our|us)\b/i;

/** "a, b and c". */
function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** The question back when arguments are missing or unreadable: plain words, never a guess. */
function askText(tool: AnyTool, missing: readonly string[]): string {
  const ask = `To work out ${tool.purpose}, I need ${listed(missing)}.`;
  return tool.rule === undefined ? ask : `${tool.rule} ${ask}`;
}

/** The arguments a tool reads from one question. */
function readArgs(tool: AnyTool, question: string, asOf: Date): Record<string, unknown> {
  return tool.fromQuestion(extractNumbers(question), question, asOf) as Record<string, unknown>;
}

/** A financial year among the arguments whose tax rates are not held; null when there is none. */
function unknownYear(tool: AnyTool, args: Record<string, unknown>, asOf: Date): string | null {
  for (const [name, spec] of Object.entries(tool.params)) {
    const year = args[name];
    if ((spec as { kind: string }).kind === 'financialYear' && typeof year === 'string' && !isKnownYear(year, asOf)) return year;
  }
  return null;
}

/** Whether any of the tool's required arguments is among `args`. */
function hasRequired(tool: AnyTool, args: Record<string, unknown>): boolean {
  return Object.entries(tool.params).some(([name, spec]) => (spec as { required: boolean }).required && args[name] !== undefined);
}

/**
 * The tool a question asks for and its arguments, the question back when some are missing, or null
 * when no tool computes what it asks (retrieval answers it). The visitor's earlier turn fills what a
 * follow-up leaves out ("What's the chance of reaching it?" after the goal's monthly amount), and a
 * reply to a question back ("$90,000 a year") completes the question it answers.
 */
export function matchTool(question: string, history: AnswerRequest['history'] = [], asOf: Date = new Date()): ToolMatch {
  const userTurns = history.filter((t) => t.role === 'user').map((t) => t.content);
  const previous = userTurns.at(-1);
  const numbers = extractNumbers(question);
  const tool = TOOLS.find((t) => t.matches(question, numbers));

  if (!tool) {
    // a reply to the question back: the earlier question with the numbers it asked for
    const given = numbers.amounts.length > 0 || numbers.years !== null;
    if (previous === undefined || !given) return null;
    const earlier = matchTool(previous, [], asOf);
    return earlier?.kind === 'ask' ? matchTool(`${previous} ${question}`, [], asOf) : null;
  }

  let args = readArgs(tool, question, asOf);
  // a follow-up about the figure just worked out: what it leaves out comes from that question's arguments, those
  // the two tools share (the goal and its years; the income), never another kind of number ("$20,000" of fees is
  // not an income)
  const before = previous === undefined ? null : matchTool(previous, [], asOf);
  if (before?.kind === 'call') {
    const shared = Object.entries(before.args).filter(([name]) => Object.hasOwn(tool.params, name) && args[name] === undefined);
    args = { ...Object.fromEntries(shared), ...args };
  }
  if (!hasRequired(tool, args) && Object.values(tool.params).some((s) => (s as { required: boolean }).required)) {
    if (tool.asksBack === 'never' || !FIRST_PERSON.test(question)) return null;
  }
  const checked = validateArgs(tool, args, asOf);
  const year = unknownYear(tool, checked.ok ? (checked.args as Record<string, unknown>) : args, asOf);
  if (year !== null) return { kind: 'refuse', tool, text: unknownYearText(year, tool.purpose) };
  if (checked.ok) return { kind: 'call', tool, args: checked.args as Record<string, unknown> };
  return { kind: 'ask', tool, text: askText(tool, [...checked.missing, ...checked.problems]) };
}

/**
 * The built-in engine's answer when a tool computes what the question asks (the figure, how it was
 * worked out, the assumptions version and the engine as its source) or asks for what is missing;
 * null to fall through to retrieval.
 */
export function answerWithTools(request: Pick<AnswerRequest, 'question' | 'history'>, asOf: Date = new Date()): AnswerResult | null {
  const match = matchTool(request.question, request.history, asOf);
  if (!match) return null;
  if (match.kind === 'ask' || match.kind === 'refuse') return { content: match.text, followUps: [], sources: [] };
  return { content: answerMarkdown(runTool(match.tool, match.args, asOf)), followUps: [], sources: [TOOL_SOURCE] };
}

/** The tools in the chat-completions `tools` format. */
export const CHAT_TOOLS = TOOLS.map((tool) => ({
  type: 'function' as const,
  function: { name: tool.name, description: tool.description, parameters: parameterSchema(tool) },
}));

/** What a tool call gives back: the content of the `tool` message, and whether the tool ran. */
export interface ToolCallResult {
  /** JSON: `{ answer, source, assumptionsVersion }`, or `{ error }`. */
  content: string;
  ok: boolean;
}

/**
 * Runs a tool the model asked for, its arguments as the model sent them (JSON text, perhaps
 * malformed), and gives the content of the `tool` message: the answer with how it was worked out, or
 * an error the model can act on. Never throws.
 */
export function runToolCall(name: string, argumentsJson: string, asOf: Date = new Date()): ToolCallResult {
  const failed = (error: string): ToolCallResult => ({ content: JSON.stringify({ error }), ok: false });
  const tool = TOOLS.find((t) => t.name === name);
  if (!tool) return failed(`There is no tool named "${name}". The tools are: ${TOOLS.map((t) => t.name).join(', ')}.`);
  let raw: unknown;
  try {
    raw = argumentsJson.trim() === '' ? {} : JSON.parse(argumentsJson);
  } catch {
    return failed('The arguments are not valid JSON.');
  }
  const checked = validateArgs(tool, raw, asOf);
  if (!checked.ok) {
    return failed(
      `Missing or unreadable arguments: ask the visitor for ${listed([...checked.missing, ...checked.problems])}; do not guess them.`,
    );
  }
  const year = unknownYear(tool, checked.args as Record<string, unknown>, asOf);
  if (year !== null) {
    return failed(
      `The tax rates for ${year} are not held (only ${knownYearsWords()}): tell the visitor so plainly; do not use another year's rates.`,
    );
  }
  try {
    const answer = answerMarkdown(runTool(tool, checked.args, asOf));
    return { content: JSON.stringify({ answer, source: TOOL_SOURCE, assumptionsVersion: ASSUMPTIONS_VERSION }), ok: true };
  } catch (error) {
    return failed(`The calculation failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
