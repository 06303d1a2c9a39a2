/**
 * What the chat route records for the console's analytics (docs/console.md "Analytics"): per question, the times from
 * the request's arrival (the server's monotonic clock) to the answer's first word and to its end, the document or
 * video it was asked about, and its normalised text. A record is a courtesy to the owner: failing to write it is
 * logged and never turns an answer into an error.
 */
import type { FastifyRequest } from 'fastify';
import { normaliseQuestion } from '../operations/analytics';
import type { Storage } from '../storage/types';

/** When each request arrived, by the monotonic clock. */
export interface AnswerClock {
  /** The route's onRequest hook: notes the arrival. */
  onRequest(req: FastifyRequest): Promise<void>;
  /** Whole ms since the request arrived. */
  elapsed(req: FastifyRequest): number;
}

export function answerClock(): AnswerClock {
  const arrivals = new WeakMap<FastifyRequest, number>();
  return {
    onRequest: async (req) => void arrivals.set(req, performance.now()),
    elapsed: (req) => Math.round(performance.now() - (arrivals.get(req) ?? performance.now())),
  };
}

/** What is known of one question once it is answered, cut off, or failed. */
export interface AnsweredQuestion {
  siteId: string;
  chatSessionId: string;
  questionId: string;
  question: string;
  askedAt: string;
  aboutId: string | null;
  firstWordMs: number | null;
  wholeAnswerMs: number | null;
}

/** Records the question's figures (Storage.recordAnswerMetrics); a failure is logged. */
export async function recordAnswer(storage: Storage, req: FastifyRequest, q: AnsweredQuestion): Promise<void> {
  await storage
    .recordAnswerMetrics({ ...q, question: normaliseQuestion(q.question) })
    .catch((err: unknown) => req.log.warn({ err }, "the answer's figures could not be recorded"));
}
