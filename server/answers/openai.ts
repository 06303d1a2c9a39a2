/**
 * The answer engine for an OpenAI-compatible `POST /chat/completions` endpoint
 * (OpenAI itself, or a local server such as LM Studio, llama.cpp or vLLM). The model
 * answers from the passages that retrieval found, numbered in the system message.
 */
import { pointedFocus } from './query';
import { createParser } from 'eventsource-parser';
import { earlierQuestions } from './builtin';
import { suggestFollowUps } from './follow-ups';
import { buildIndex, rankPassages, requestPassages, topPassages, type Passage, type ScoredPassage } from './retrieval';
import { CHAT_TOOLS, runToolCall, TOOL_SOURCE, type ToolCallResult } from './tools';
import { ProviderError, type AnswerEngine, type AnswerRequest, type OnDelta } from './types';
import { describeFetchError, endpointUrl, errorDetail } from '../openai-compat';
import { eachChunk, httpFetch } from './http-fetch';
import { readPauseMs } from './pacing';

/** Where the endpoint is and how to call it. */
export interface OpenAiEngineOptions {
  /** The API root, with or without a trailing '/', e.g. `http://127.0.0.1:1234/v1`. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …`. */
  apiKey: string;
  /** The `model` of the request body. */
  model: string;
  /**
   * The limit for the whole exchange, reply body included (with tools, for each request of it); streamed (issue 16),
   * the limit for the first piece and then for each next one (a stream that goes quiet this long is given up). @default 30000
   */
  timeoutMs?: number;
  /**
   * The limit for the whole answer, every tool round and every piece included: a provider that keeps trickling
   * pieces (each within `timeoutMs`) is given up at this time. @default 180000
   */
  answerLimitMs?: number;
  /**
   * How a request goes to the endpoint (tests, proxies): `fetch` or anything with its shape where the engine reads it.
   * @default httpFetch (http-fetch.ts: `node:http(s)`, cheaper per streamed piece than the global `fetch`)
   */
  fetchImpl?: (
    url: string,
    init: { method: string; headers: Record<string, string>; body: string; signal: AbortSignal },
  ) => Promise<Response>;
  /** Today, for the tools' figures (the tax year, the figures in force). @default () => new Date() */
  clock?: () => Date;
  /**
   * How long a streamed reply's socket rests after each read, in ms (0: it reads each piece as it comes); its pieces
   * that come meanwhile are read, and handed over, together. @default readPauseMs (pacing.ts: 0 while few answers are open)
   */
  readPause?: () => number;
}

/** One message of a chat-completions request. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A call of a tool the model asks for (chat-completions `tool_calls`); `arguments` is JSON text. */
export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** The messages of a tool round: the model's call, then each tool's result. */
type ToolRoundMessage =
  | { role: 'assistant'; content: string | null; tool_calls: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/** One reply of the model: its text (may be empty when it calls tools) and the tools it calls. */
export interface CompletionTurn {
  text: string;
  toolCalls: ToolCall[];
}

/**
 * How many times, at most, the model may call tools for one answer; the request after the last
 * round asks for an answer without them (`tool_choice: 'none'`).
 */
export const MAX_TOOL_ROUNDS = 3;

/** The tool calls run in one round at most; the model's further calls get an error result without running. */
export const MAX_TOOL_CALLS_PER_ROUND = 4;

/**
 * What servers answer (400 or 422) when they cannot take `tools` at all: vLLM without
 * --enable-auto-tool-choice, llama.cpp without --jinja, Ollama's models without tool support,
 * and the plain "tool calling is not supported / enabled" of others. Any other error naming
 * tools (a schema it rejects, a bad message) is an error of that answer, not a refusal.
 */
const TOOLS_REFUSED =
  /--enable-auto-tool-choice|tools param requires --jinja|does(?: not|n['’]t) support (?:tools|tool calling|function calling)|\b(?:tools?|tool[ _-]?(?:calling|calls|use|choice)|function[ _-]?calling)\b (?:is |are )?(?:not (?:supported|enabled|available)|unsupported|disabled)\b/i;

/** How many of the best passages are sent to the model as context. */
export const CONTEXT_PASSAGES = 6;

/** How many of those places, at most, go to the source the visitor asks about; the others keep the rest. */
export const FOCUS_PASSAGES = 4;

const DEFAULT_TIMEOUT_MS = 30_000;
// Long enough for a slow local model's long answer (about 800 tokens at 5 a second), short enough that a provider
// stuck in a loop does not hold the visitor's answer, and its slot, for ever.
const DEFAULT_ANSWER_LIMIT_MS = 180_000;
// Low, so the model keeps to the passages rather than embroidering them.
const TEMPERATURE = 0.2;
// Enough of an error body to show the provider's own explanation.
const ERROR_BODY_CHARS = 300;

const INSTRUCTIONS = [
  "You are the assistant of this website. Answer the visitor's question using only the numbered context passages below,",
  'which come from the page the visitor is reading ("This page") and from the site\'s documents.',
  'Name the sources you use (for example "According to the Fees guide, …").',
  "If the passages do not contain the answer, say that you could not find it in this page or the site's documents;",
  'do not guess and do not use outside knowledge. Answer briefly, in markdown.',
  'For a figure one of your tools works out (the fees on an amount, the adviser fee, take-home pay, an emergency fund,',
  'the monthly amount for a goal or the chance of reaching it), call the tool and give its figure exactly as it returns it,',
  'with how it was worked out and its source; never work such a figure out yourself or take it from an example in the passages.',
  'When a tool answers with an error, do what it says: ask the visitor for what is missing, or tell them plainly what cannot be worked out.',
].join(' ');

/**
 * Creates the OpenAI-compatible engine ('openai-compatible'). Throws at once when
 * `baseUrl` is not an http(s) URL.
 *
 * `answer` rejects with {@link ProviderError}: with `status` on a non-2xx reply, with
 * `timedOut` when the provider does not answer within `timeoutMs` (or finish within `answerLimitMs`), and without either on
 * a network error or a reply without a non-empty `choices[0].message.content`. When the
 * caller's signal aborts, it rejects with `signal.reason` instead.
 *
 * With `onDelta` it asks for a stream (`stream: true`) and reads it as it comes
 * ({@link readCompletionStream}); a provider that answers with plain JSON anyway is read as
 * such, its whole answer one piece.
 *
 * The model is offered the advice engine's tools (`tools`, tools/index.ts): when it answers with
 * `tool_calls` (streamed, their arguments arrive in pieces), each tool runs here, its result goes
 * back as a `tool` message, and the model is asked again, at most {@link MAX_TOOL_ROUNDS} times. A
 * bad call (an unknown tool, arguments that are not JSON or not valid) gets an error result the
 * model can act on, never a failure of the answer.
 */
export function createOpenAiEngine(options: OpenAiEngineOptions): AnswerEngine {
  const {
    apiKey,
    model,
    timeoutMs = DEFAULT_TIMEOUT_MS,
    answerLimitMs = DEFAULT_ANSWER_LIMIT_MS,
    fetchImpl = httpFetch,
    clock = () => new Date(),
    readPause = () => readPauseMs(),
  } = options;
  const url = endpointUrl('LLM base URL', options.baseUrl, 'chat/completions');
  // Some servers refuse `tools` unless started with tool calling on (vLLM without --enable-auto-tool-choice):
  // once one does, on the first request of an answer and in words that say so ({@link TOOLS_REFUSED}), this
  // engine (one provider's configuration) answers from the passages alone, as before tools.
  let toolsRefused = false;

  return {
    name: 'openai-compatible',
    async answer(asked, signal, onDelta) {
      signal?.throwIfAborted();
      // a question pointing at "this video" on a page with one is about it, as on the built-in engine
      const focus = pointedFocus(asked);
      const request = focus === asked.focus ? asked : { ...asked, focus };
      const passages = requestPassages(request);
      const ranked = rankPassages(buildIndex(passages), request.question);
      const context = contextPassages(request, passages, ranked);
      const messages: (ChatMessage | ToolRoundMessage)[] = buildMessages(request, context);
      const toolSources: string[] = [];

      // the time limit: for the whole exchange, or, streamed, for each piece (it starts again as each arrives);
      // and the whole answer's, whatever the pieces do
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(), timeoutMs);
      let overLong = false;
      const whole = setTimeout(() => {
        overLong = true;
        deadline.abort();
      }, answerLimitMs);
      // the same timer starts again (a new one for each of thousands of pieces a second would be as many objects)
      const touch = () => void timer.refresh();
      const stop = signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal;
      // the text of every round, handed over as it comes; a round's text after a tool call starts a new paragraph
      const texts: string[] = [];
      let pending = '';
      const emit: OnDelta = (piece) => {
        if (pending) onDelta?.(pending);
        pending = '';
        onDelta?.(piece);
      };
      let content: string;
      try {
        for (let round = 0; ; round++) {
          const last = round >= MAX_TOOL_ROUNDS;
          const body = JSON.stringify({
            model,
            messages,
            temperature: TEMPERATURE,
            ...(toolsRefused || !request.adviceTools ? {} : { tools: CHAT_TOOLS, ...(last ? { tool_choice: 'none' } : {}) }),
            ...(onDelta ? { stream: true } : {}),
          });
          touch();
          const response = await fetchImpl(url, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${apiKey}`,
              'content-type': 'application/json',
              accept: onDelta ? 'text/event-stream, application/json' : 'application/json',
            },
            body,
            signal: stop,
          });
          const streamed = onDelta && response.ok && /^text\/event-stream\b/i.test(response.headers.get('content-type') ?? '');
          let turn: CompletionTurn;
          if (streamed) {
            turn = await readCompletionStream(response, emit, touch, readPause);
          } else {
            const text = await response.text();
            if (
              !response.ok &&
              round === 0 &&
              !toolsRefused &&
              (response.status === 400 || response.status === 422) &&
              TOOLS_REFUSED.test(text)
            ) {
              toolsRefused = true;
              round--;
              continue;
            }
            if (!response.ok) {
              throw new ProviderError(
                `The answer provider answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}${errorDetail(text, ERROR_BODY_CHARS)}.`,
                response.status,
              );
            }
            turn = parseCompletionTurn(text);
            if (turn.text) emit(turn.text);
          }
          if (turn.text.trim()) texts.push(turn.text.trim());
          if (turn.toolCalls.length === 0) break;
          if (last) throw new ProviderError(`The answer provider still called tools after ${MAX_TOOL_ROUNDS} rounds.`);
          // a site that does not run the journey offers no tools: a call is the provider's mistake, and runs nothing
          if (!request.adviceTools) throw new ProviderError('The answer provider called a tool, and none is offered to this site.');
          // the model asked for figures: each tool runs here and its result (or what was wrong with the call) goes back
          const now = clock();
          messages.push({ role: 'assistant', content: turn.text || null, tool_calls: turn.toolCalls });
          for (const [i, call] of turn.toolCalls.entries()) {
            // every call gets its result (the protocol wants one for each id), the calls beyond the cap an error
            const result = i < MAX_TOOL_CALLS_PER_ROUND ? runToolCall(call.function.name, call.function.arguments, now) : tooManyCalls();
            if (result.ok && !toolSources.includes(TOOL_SOURCE)) toolSources.push(TOOL_SOURCE);
            messages.push({ role: 'tool', tool_call_id: call.id, content: result.content });
          }
          if (texts.length > 0) pending = '\n\n';
        }
        content = texts.join('\n\n');
        if (content === '') throw new ProviderError('The answer provider gave no answer after calling its tools.');
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if (deadline.signal.aborted)
          throw new ProviderError(
            overLong
              ? `The answer provider did not finish its answer within ${answerLimitMs} ms.`
              : `The answer provider did not answer within ${timeoutMs} ms.`,
            undefined,
            true,
          );
        if (error instanceof ProviderError) throw error;
        const failure = new ProviderError(`The answer provider could not be reached: ${describeFetchError(error)}`);
        failure.cause = error;
        throw failure;
      } finally {
        clearTimeout(timer);
        clearTimeout(whole);
      }

      return {
        content,
        followUps: suggestFollowUps({
          question: request.question,
          ranked,
          used: context,
          passages,
          asked: earlierQuestions(request),
        }),
        sources: [...new Set([...toolSources, ...context.map((p) => p.source)])],
      };
    },
  };
}

/** The result of a tool call beyond {@link MAX_TOOL_CALLS_PER_ROUND}: not run. */
function tooManyCalls(): ToolCallResult {
  return {
    content: JSON.stringify({
      error: `Too many tool calls: at most ${MAX_TOOL_CALLS_PER_ROUND} run in one round, so this one did not run. Call only the tools the question needs.`,
    }),
    ok: false,
  };
}

/**
 * The passages sent to the model, at most {@link CONTEXT_PASSAGES}. With a `focus`, that
 * source's passages come first: its best matches (at most {@link FOCUS_PASSAGES}), or, when
 * none matches ("What is this video about?"), its opening passages; the best of the
 * others fill the remaining places.
 */
export function contextPassages(
  request: Pick<AnswerRequest, 'question' | 'focus'>,
  passages: readonly Passage[],
  ranked: readonly ScoredPassage[],
): Passage[] {
  const focusId = request.focus?.id;
  const focused = focusId === undefined ? [] : passages.filter((p) => p.docId === focusId);
  if (focused.length === 0) return topPassages(ranked, CONTEXT_PASSAGES).map((r) => r.passage);
  // widget-spec §4 "Ask question": the visitor asks about this source, so it leads the context.
  const matched = topPassages(rankPassages(buildIndex(focused), request.question), FOCUS_PASSAGES).map((r) => r.passage);
  const lead = matched.length > 0 ? matched : focused.slice(0, FOCUS_PASSAGES);
  const others = topPassages(
    ranked.filter((r) => r.passage.docId !== focusId),
    CONTEXT_PASSAGES - lead.length,
  ).map((r) => r.passage);
  return [...lead, ...others];
}

/**
 * The request's messages: the instructions (naming the source the visitor asks about,
 * when there is one) with the numbered passages, then the earlier turns of the chat
 * (the widget's 'ai' is the API's 'assistant'), then the question.
 */
export function buildMessages(request: Pick<AnswerRequest, 'question' | 'history' | 'focus'>, passages: readonly Passage[]): ChatMessage[] {
  const context =
    passages.length > 0
      ? passages.map((p, i) => `[${i + 1}] ${passageLabel(p)}\n${p.text}`).join('\n\n')
      : "(No passage of this page or the site's documents matches the question.)";
  return [
    { role: 'system', content: `${INSTRUCTIONS}${focusNote(request.focus, passages)}\n\nContext passages:\n\n${context}` },
    ...request.history.map((turn): ChatMessage => ({ role: turn.role === 'ai' ? 'assistant' : 'user', content: turn.content })),
    { role: 'user', content: request.question },
  ];
}

/** What the model is told about the source the visitor asks about (widget-spec §4 "Ask question"); '' without one. */
function focusNote(focus: AnswerRequest['focus'], passages: readonly Passage[]): string {
  if (!focus) return '';
  // A source without text (a PDF here) has no passages: the model must not pretend to quote it.
  return passages.some((p) => p.docId === focus.id)
    ? `\n\nThe visitor is asking about "${focus.name}". Its passages come first below: answer from them first, and from the others only when they do not contain the answer.`
    : `\n\nThe visitor is asking about "${focus.name}", whose text is not among the passages: answer from the others, and say that the answer does not come from "${focus.name}".`;
}

/** "Fees guide › Advice fee": the source, then the headings that do not repeat its name. */
function passageLabel(passage: Passage): string {
  const headings = passage.headings[0] === passage.source ? passage.headings.slice(1) : passage.headings;
  return [passage.source, ...headings].join(' › ');
}

/** A tool call as a stream's delta carries it: each piece keyed by `index`, the arguments in pieces. */
interface ToolCallDelta {
  index?: unknown;
  id?: unknown;
  function?: { name?: unknown; arguments?: unknown };
}

/** The most text a paced stream holds before handing it on whatever the pause (see {@link readCompletionStream}). */
export const MAX_HELD_CHARS = 4_096;

/**
 * Reads a streamed chat-completions reply (Server-Sent Events: `data:` chunks of JSON, each with
 * `choices[0].delta.content` or `choices[0].delta.tool_calls`, then `data: [DONE]`), handing the
 * text of each read to `onDelta` as it arrives (the pieces that came together, as one) and calling
 * `touch` for every piece of the body; `pauseMs` is the rest after each read ({@link eachChunk}). Tool
 * calls are put together from their pieces (by `index`; the arguments' JSON text arrives in parts).
 * Resolves with the whole text, trimmed, and the tool calls. Rejects with a {@link ProviderError}
 * on a chunk that is not JSON, an `error` in a chunk, a stream that ends before `[DONE]` or a
 * `finish_reason`, or one that carried neither text nor a tool call; what was handed over before
 * stays handed over.
 */
export async function readCompletionStream(
  response: Response,
  onDelta: OnDelta,
  touch: () => void,
  pauseMs?: () => number,
): Promise<CompletionTurn> {
  if (!response.body) throw new ProviderError('The answer provider sent a stream without a body.');
  let text = '';
  // Paced (pacing.ts), the pieces go on together, a delta a pause at most, the first at once. Over plain http the
  // socket itself rests between reads ({@link eachChunk}), so a read's pieces (each chunk of the body its own `data`
  // event, some a tick later) go on together right after it; where the reads cannot be held back (a TLS connection
  // hands its records over one by one, a `fetch` body), they wait here for the rest of the pause. Not paced, each
  // piece goes on as it is read, as its own delta.
  let unsent = '';
  let lastSent = Number.NEGATIVE_INFINITY;
  let due = false;
  const send = () => {
    due = false;
    if (unsent === '') return;
    const piece = unsent;
    unsent = '';
    lastSent = performance.now();
    onDelta(piece);
  };
  // a delta handed on later, outside the read, that throws fails the answer as one handed on within a read does: the
  // body is cancelled and the reading rejects with it (not an exception nobody catches)
  let sendFailure: { error: unknown } | null = null;
  const sendLater = () => {
    try {
      send();
    } catch (error) {
      sendFailure ??= { error };
      const body = response.body as unknown as { destroy?: (e: unknown) => void };
      if (typeof body.destroy === 'function') body.destroy(error);
    }
  };
  const hand = (piece: string) => {
    const ms = pauseMs?.() ?? 0;
    if (ms <= 0) {
      send();
      onDelta(piece);
      return;
    }
    unsent += piece;
    // a provider that writes a lot at once gets it handed on at once: held text stays small, and the visitor's
    // stream's bound on what waits for its reader (event-stream.ts) is checked on writes of this size at most
    if (unsent.length >= MAX_HELD_CHARS) return send();
    if (due) return;
    due = true;
    const wait = lastSent + ms - performance.now();
    // a read that comes when its socket's rest is over goes on after the turn's I/O; one sooner waits for the rest
    if (wait > ms / 4) setTimeout(sendLater, wait);
    else setImmediate(sendLater);
  };
  const calls: { id: string; name: string; arguments: string }[] = [];
  let ended = false;
  let finished = false;
  let failure: ProviderError | null = null;
  const parser = createParser({
    onEvent(event) {
      if (ended || failure) return;
      if (event.data.trim() === '[DONE]') {
        ended = true;
        return;
      }
      let chunk: unknown;
      try {
        chunk = JSON.parse(event.data);
      } catch {
        failure = new ProviderError(
          `The answer provider sent a stream chunk that is not JSON${errorDetail(event.data, ERROR_BODY_CHARS)}.`,
        );
        return;
      }
      const reply = chunk as {
        error?: unknown;
        choices?: { delta?: { content?: unknown; tool_calls?: unknown }; finish_reason?: unknown }[];
      } | null;
      if (reply?.error) {
        failure = new ProviderError(`The answer provider failed mid-stream${errorDetail(event.data, ERROR_BODY_CHARS)}.`);
        return;
      }
      const choice = reply?.choices?.[0];
      const piece = choice?.delta?.content;
      if (typeof piece === 'string' && piece !== '') {
        text += piece;
        hand(piece);
      }
      const toolCalls = choice?.delta?.tool_calls;
      if (Array.isArray(toolCalls)) {
        for (const [n, delta] of (toolCalls as ToolCallDelta[]).entries()) {
          const index = typeof delta?.index === 'number' ? delta.index : n;
          calls[index] ??= { id: '', name: '', arguments: '' };
          const call = calls[index];
          if (typeof delta.id === 'string' && delta.id !== '') call.id = delta.id;
          if (typeof delta.function?.name === 'string') call.name += delta.function.name;
          if (typeof delta.function?.arguments === 'string') call.arguments += delta.function.arguments;
        }
      }
      if (typeof choice?.finish_reason === 'string') finished = true;
    },
  });
  const decoder = new TextDecoder();
  try {
    await eachChunk(
      response.body,
      (bytes) => {
        touch();
        parser.feed(decoder.decode(bytes, { stream: true }));
        // a failure: anything after it is not read (the body is cancelled); [DONE]: the body's end is let through unread
        // (the connection is kept for the next answer)
        return failure !== null || sendFailure !== null || (ended && 'done');
      },
      pauseMs,
    );
  } finally {
    // what was read goes on before the answer ends or fails (the caller stores what it was handed)
    if (!sendFailure) send();
  }
  // (set by a delta handed on later: the compiler cannot see that the callbacks above ran)
  const failedToSend = sendFailure as { error: unknown } | null;
  if (failedToSend) throw failedToSend.error;
  parser.feed(decoder.decode());
  send();
  if (failure) throw failure;
  if (!ended && !finished) throw new ProviderError('The answer provider’s stream ended before the answer did.');
  const toolCalls = toolCallsOf(calls.filter(Boolean));
  if (text.trim() === '' && toolCalls.length === 0) throw new ProviderError('The answer provider streamed no text.');
  return { text: text.trim(), toolCalls };
}

/** Tool calls as the next request sends them back; a call without an id gets one (some local servers leave it out). */
function toolCallsOf(calls: readonly { id?: unknown; name?: unknown; arguments?: unknown }[]): ToolCall[] {
  return calls.map((c, i) => ({
    id: typeof c.id === 'string' && c.id !== '' ? c.id : `call_${i}`,
    type: 'function',
    function: { name: typeof c.name === 'string' ? c.name : '', arguments: typeof c.arguments === 'string' ? c.arguments : '' },
  }));
}

/**
 * One reply of a chat-completions body: its text (trimmed) and its tool calls; a {@link ProviderError}
 * when it is not JSON or has neither a non-empty content nor a tool call.
 */
export function parseCompletionTurn(body: string): CompletionTurn {
  let reply: unknown;
  try {
    reply = JSON.parse(body);
  } catch {
    throw new ProviderError(`The answer provider answered with something other than JSON${errorDetail(body, ERROR_BODY_CHARS)}.`);
  }
  const message = (reply as { choices?: { message?: { content?: unknown; tool_calls?: unknown } }[] } | null)?.choices?.[0]?.message;
  const content = message?.content;
  const calls = Array.isArray(message?.tool_calls)
    ? (message.tool_calls as { id?: unknown; function?: { name?: unknown; arguments?: unknown } }[]).map((c) => ({
        id: c?.id,
        name: c?.function?.name,
        arguments: c?.function?.arguments,
      }))
    : [];
  const text = typeof content === 'string' ? content.trim() : '';
  if (text === '' && calls.length === 0) {
    throw new ProviderError('The answer provider answered JSON without a non-empty choices[0].message.content.');
  }
  return { text, toolCalls: toolCallsOf(calls) };
}

/** The answer of a chat-completions reply body; a {@link ProviderError} when it is not JSON or has no content. */
export function parseCompletion(body: string): string {
  const { text } = parseCompletionTurn(body);
  if (text === '') throw new ProviderError('The answer provider answered JSON without a non-empty choices[0].message.content.');
  return text;
}

// undici reports "fetch failed" and keeps the useful part (ECONNREFUSED…) in `cause`.
