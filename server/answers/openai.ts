/**
 * The answer engine for an OpenAI-compatible `POST /chat/completions` endpoint
 * (OpenAI itself, or a local server such as LM Studio, llama.cpp or vLLM). The model
 * answers from the passages that retrieval found, numbered in the system message.
 */
import { createParser } from 'eventsource-parser';
import { suggestFollowUps } from './follow-ups';
import { buildIndex, rankPassages, requestPassages, topPassages, type Passage, type ScoredPassage } from './retrieval';
import { ProviderError, type AnswerEngine, type AnswerRequest, type OnDelta } from './types';
import { describeFetchError, endpointUrl, errorDetail } from '../openai-compat';

/** Where the endpoint is and how to call it. */
export interface OpenAiEngineOptions {
  /** The API root, with or without a trailing '/', e.g. `http://127.0.0.1:1234/v1`. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …`. */
  apiKey: string;
  /** The `model` of the request body. */
  model: string;
  /**
   * The limit for the whole exchange, reply body included; streamed (issue 16), the limit for the first
   * piece and then for each next one (a stream that goes quiet this long is given up). @default 30000
   */
  timeoutMs?: number;
  /** Replaces the global `fetch` (tests, proxies). @default globalThis.fetch */
  fetchImpl?: typeof fetch;
}

/** One message of a chat-completions request. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** How many of the best passages are sent to the model as context. */
export const CONTEXT_PASSAGES = 6;

/** How many of those places, at most, go to the source the visitor asks about; the others keep the rest. */
export const FOCUS_PASSAGES = 4;

const DEFAULT_TIMEOUT_MS = 30_000;
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
].join(' ');

/**
 * Creates the OpenAI-compatible engine ('openai-compatible'). Throws at once when
 * `baseUrl` is not an http(s) URL.
 *
 * `answer` rejects with {@link ProviderError}: with `status` on a non-2xx reply, with
 * `timedOut` when the provider does not answer within `timeoutMs`, and without either on
 * a network error or a reply without a non-empty `choices[0].message.content`. When the
 * caller's signal aborts, it rejects with `signal.reason` instead.
 *
 * With `onDelta` it asks for a stream (`stream: true`) and reads it as it comes
 * ({@link readCompletionStream}); a provider that answers with plain JSON anyway is read as
 * such, its whole answer one piece.
 */
export function createOpenAiEngine(options: OpenAiEngineOptions): AnswerEngine {
  const { apiKey, model, timeoutMs = DEFAULT_TIMEOUT_MS, fetchImpl = fetch } = options;
  const url = endpointUrl('LLM base URL', options.baseUrl, 'chat/completions');

  return {
    name: 'openai-compatible',
    async answer(request, signal, onDelta) {
      signal?.throwIfAborted();
      const passages = requestPassages(request);
      const ranked = rankPassages(buildIndex(passages), request.question);
      const context = contextPassages(request, passages, ranked);
      const body = JSON.stringify({
        model,
        messages: buildMessages(request, context),
        temperature: TEMPERATURE,
        ...(onDelta ? { stream: true } : {}),
      });

      // the time limit: for the whole exchange, or, streamed, for each piece (it starts again as each arrives)
      const deadline = new AbortController();
      let timer = setTimeout(() => deadline.abort(), timeoutMs);
      const touch = () => {
        clearTimeout(timer);
        timer = setTimeout(() => deadline.abort(), timeoutMs);
      };
      const stop = signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal;
      let content: string;
      try {
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
        if (streamed) {
          content = await readCompletionStream(response, onDelta, touch);
        } else {
          const text = await response.text();
          if (!response.ok) {
            throw new ProviderError(
              `The answer provider answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}${errorDetail(text, ERROR_BODY_CHARS)}.`,
              response.status,
            );
          }
          content = parseCompletion(text);
          onDelta?.(content);
        }
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if (deadline.signal.aborted) throw new ProviderError(`The answer provider did not answer within ${timeoutMs} ms.`, undefined, true);
        if (error instanceof ProviderError) throw error;
        const failure = new ProviderError(`The answer provider could not be reached: ${describeFetchError(error)}`);
        failure.cause = error;
        throw failure;
      } finally {
        clearTimeout(timer);
      }

      return {
        content,
        followUps: suggestFollowUps({
          question: request.question,
          ranked,
          used: context,
          passages,
          asked: request.history.filter((turn) => turn.role === 'user').map((turn) => turn.content),
        }),
        sources: [...new Set(context.map((p) => p.source))],
      };
    },
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

/**
 * Reads a streamed chat-completions reply (Server-Sent Events: `data:` chunks of JSON, each with
 * `choices[0].delta.content`, then `data: [DONE]`), handing each piece of text to `onDelta` as it
 * arrives and calling `touch` for every piece of the body. Resolves with the whole text, trimmed.
 * Rejects with a {@link ProviderError} on a chunk that is not JSON, an `error` in a chunk, a stream
 * that ends before `[DONE]` or a `finish_reason`, or one that carried no text; what was handed over
 * before stays handed over.
 */
export async function readCompletionStream(response: Response, onDelta: OnDelta, touch: () => void): Promise<string> {
  if (!response.body) throw new ProviderError('The answer provider sent a stream without a body.');
  let text = '';
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
      const reply = chunk as { error?: unknown; choices?: { delta?: { content?: unknown }; finish_reason?: unknown }[] } | null;
      if (reply?.error) {
        failure = new ProviderError(`The answer provider failed mid-stream${errorDetail(event.data, ERROR_BODY_CHARS)}.`);
        return;
      }
      const choice = reply?.choices?.[0];
      const piece = choice?.delta?.content;
      if (typeof piece === 'string' && piece !== '') {
        text += piece;
        onDelta(piece);
      }
      if (typeof choice?.finish_reason === 'string') finished = true;
    },
  });
  const decoder = new TextDecoder();
  for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
    touch();
    parser.feed(decoder.decode(bytes, { stream: true }));
    if (failure) throw failure;
    // [DONE]: anything after it is not read (leaving the loop cancels the body)
    if (ended) break;
  }
  parser.feed(decoder.decode());
  if (failure) throw failure;
  if (!ended && !finished) throw new ProviderError('The answer provider’s stream ended before the answer did.');
  if (text.trim() === '') throw new ProviderError('The answer provider streamed no text.');
  return text.trim();
}

/** The answer of a chat-completions reply body; a {@link ProviderError} when it is not JSON or has no content. */
export function parseCompletion(body: string): string {
  let reply: unknown;
  try {
    reply = JSON.parse(body);
  } catch {
    throw new ProviderError(`The answer provider answered with something other than JSON${errorDetail(body, ERROR_BODY_CHARS)}.`);
  }
  const content = (reply as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]?.message?.content;
  if (typeof content !== 'string' || content.trim() === '') {
    throw new ProviderError('The answer provider answered JSON without a non-empty choices[0].message.content.');
  }
  return content.trim();
}

// undici reports "fetch failed" and keeps the useful part (ECONNREFUSED…) in `cause`.
