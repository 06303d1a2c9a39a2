/** What the clients of OpenAI-compatible endpoints (answers, transcription) share. */

/** `${baseUrl}/${path}` for an http(s) base URL (with or without a trailing slash); throws, naming the setting, otherwise. */
export function endpointUrl(setting: string, baseUrl: string, path: string): string {
  let parsed: URL | null = null;
  try {
    parsed = new URL(baseUrl);
  } catch {
    // reported below
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new Error(`${setting} must be an http(s) URL, not "${baseUrl}"`);
  }
  return `${baseUrl.replace(/\/+$/, '')}/${path}`;
}

/** The provider's own explanation, for an error message: OpenAI's `{ error: { message } }`, else the start of the body. */
export function errorDetail(body: string, maxChars: number): string {
  let text = body.trim();
  try {
    const message = (JSON.parse(body) as { error?: { message?: unknown } } | null)?.error?.message;
    if (typeof message === 'string') text = message.trim();
  } catch {
    // Not JSON: the raw text is the best explanation there is.
  }
  if (text === '') return '';
  return `: ${text.length > maxChars ? `${text.slice(0, maxChars)}…` : text}`;
}

/** A fetch failure in words, with its cause (undici puts the reason there). */
export function describeFetchError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return cause ? `${error.message} (${cause})` : error.message;
}
