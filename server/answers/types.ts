/** The contract between the chat route and whatever writes the answers. */

/** A document of the site, as text, that answers may quote. */
export interface SourceDoc {
  id: string;
  name: string;
  text: string;
}

export interface AnswerRequest {
  /** The visitor's question, trimmed and non-empty. */
  question: string;
  /** The visible text of the visitor's page, when the site has page awareness on; otherwise null. */
  pageText: string | null;
  /** The path or URL of the visitor's page (for naming the page as a source). */
  pagePath: string;
  /** The site's documents (markdown, text and docx as text). */
  documents: SourceDoc[];
  /** The earlier turns of this chat session, oldest first (may be empty). */
  history: { role: 'user' | 'ai'; content: string }[];
  /**
   * The document or video the visitor is asking about (widget-spec §4 "Ask question"):
   * its id is that of its {@link SourceDoc} in `documents` when it has text (a video's is
   * its transcript). Engines answer from it first. Absent for an ordinary chat message.
   */
  focus?: { id: string; name: string };
  /**
   * The documents and videos on the visitor's page that are not the focus (its slots' documents and videos, named
   * in `additionalNamespaces`, and its presence videos), each in `documents` when it has text: a chat-window question
   * that points at "this document" or "this video" is about the one it names (./query.ts `pointedFocus`).
   */
  onPage?: { id: string; name: string; kind: 'document' | 'video' }[];
  /**
   * True when the site runs the journey, whose advice engine then works out the figures it can (./tools); absent
   * for any other site, whose answers come from its own content alone.
   */
  adviceTools?: boolean;
  /**
   * The site's help page (its `referenceWebpage`, widget-spec §3), an http(s) address, when it has
   * one: engines point to it when they decline a question. Absent when the site has none.
   */
  referenceWebpage?: string;
}

export interface AnswerResult {
  /** The answer, as markdown. */
  content: string;
  /** Up to three short follow-up questions the visitor may click. */
  followUps: string[];
  /** The names of the sources the answer used ('This page' for the page text). */
  sources: string[];
  /** The built-in engine's "I couldn't find anything about that" answer (the inbox's nothing-found state). */
  nothingFound?: boolean;
}

/** Receives an answer's text as it is written (issue 16): each call appends a piece to what came before. */
export type OnDelta = (text: string) => void;

export interface AnswerEngine {
  /** 'built-in' or 'openai-compatible'. */
  readonly name: string;
  /**
   * Answers the question. With `onDelta`, the answer's text is also handed over piece by piece as it is
   * written (streamed from the provider), before the promise resolves with the whole result; the pieces
   * joined are the result's `content`, up to the whitespace at its ends. A failure after some pieces
   * rejects as any other: the caller keeps what it was given.
   */
  answer(request: AnswerRequest, signal?: AbortSignal, onDelta?: OnDelta): Promise<AnswerResult>;
}

/** A failure of the answer provider (network, status, bad reply); the route maps it to 502/504. */
export class ProviderError extends Error {
  constructor(
    message: string,
    /** The provider's HTTP status, when it answered. */
    readonly status?: number,
    /** True when the provider did not answer in time. */
    readonly timedOut = false,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
