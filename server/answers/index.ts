/**
 * Chooses the answer engine from the environment: an OpenAI-compatible endpoint
 * when LLM_BASE_URL, LLM_API_KEY and LLM_MODEL are set, else the built-in engine.
 */
import { createBuiltinEngine } from './builtin';
import { createOpenAiEngine, type OpenAiEngineOptions } from './openai';
import type { AnswerEngine } from './types';

export { ProviderError, type AnswerEngine, type AnswerRequest, type SourceDoc } from './types';

const LLM_VARIABLES = ['LLM_BASE_URL', 'LLM_API_KEY', 'LLM_MODEL'] as const;

/**
 * The OpenAI-compatible engine when all of LLM_BASE_URL, LLM_API_KEY and LLM_MODEL
 * are set (non-blank), the built-in engine when none is. Throws when only some are
 * set, naming the missing ones, so a half-done configuration fails at start rather
 * than silently answering with the built-in engine.
 */
export function createAnswerEngine(
  env: NodeJS.ProcessEnv,
  limits: Pick<OpenAiEngineOptions, 'timeoutMs' | 'answerLimitMs'> = {},
): AnswerEngine {
  const set = LLM_VARIABLES.filter((name) => (env[name] ?? '').trim() !== '');
  if (set.length === 0) return createBuiltinEngine();
  if (set.length < LLM_VARIABLES.length) {
    const missing = LLM_VARIABLES.filter((name) => !set.includes(name));
    throw new Error(
      `An OpenAI-compatible answer engine needs all of ${LLM_VARIABLES.join(', ')}; ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not set. ` +
        'Set them all, or none for the built-in engine.',
    );
  }
  return createOpenAiEngine({
    baseUrl: env.LLM_BASE_URL!.trim(),
    apiKey: env.LLM_API_KEY!.trim(),
    model: env.LLM_MODEL!.trim(),
    ...limits,
  });
}
