/** The OpenAI-compatible answer engine against a real HTTP server on 127.0.0.1 that plays the provider. */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  buildMessages,
  CONTEXT_PASSAGES,
  contextPassages,
  createOpenAiEngine,
  FOCUS_PASSAGES,
  parseCompletion,
} from '../../server/answers/openai';
import { buildIndex, PAGE_SOURCE, rankPassages, requestPassages } from '../../server/answers/retrieval';
import { ProviderError, type AnswerRequest, type SourceDoc } from '../../server/answers/types';

const DOCS: SourceDoc[] = [
  {
    id: 'fees',
    name: 'Fees guide',
    text: `# Fees guide\n\n## Advice fee\n\nThe advice fee is 0.45% a year of the value of your portfolio, charged monthly.\n\n## Fund fees\n\nEach fund charges its own ongoing charge, usually between 0.1% and 0.3% a year.\n\n## Leaving\n\nThere is no exit fee.`,
  },
  {
    id: 'risk',
    name: 'Risk profiles',
    text: `# Risk profiles\n\n## Cautious\n\nA Cautious portfolio holds mostly bonds and cash.\n\n## Adventurous\n\nAn Adventurous portfolio holds mostly shares.`,
  },
];

const PAGE = 'Your next review meeting is on 14 May with Priya Shah, your adviser.';

function request(question: string, overrides: Partial<AnswerRequest> = {}): AnswerRequest {
  return { question, pageText: null, pagePath: '/dashboard', documents: DOCS, history: [], ...overrides };
}

interface Received {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the provider does with the next request; a good reply unless a test says otherwise. */
type Reply = (res: ServerResponse, req: IncomingMessage) => void | Promise<void>;

function completion(content: unknown) {
  return JSON.stringify({
    id: 'c1',
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  });
}

const goodReply: Reply = (res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(completion('  According to the Fees guide, the advice fee is 0.45% a year.  '));
};

let server: Server;
let baseUrl: string;
let received: Received[] = [];
let reply: Reply = goodReply;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      void reply(res, req);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterEach(() => {
  received = [];
  reply = goodReply;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function engine(options: { timeoutMs?: number; baseUrl?: string } = {}) {
  return createOpenAiEngine({
    baseUrl: options.baseUrl ?? baseUrl,
    apiKey: 'test-key',
    model: 'test-model',
    timeoutMs: options.timeoutMs ?? 5_000,
  });
}

/** The request body the provider received. */
function sentBody(): { model: string; temperature: number; messages: { role: string; content: string }[] } {
  expect(received).toHaveLength(1);
  return JSON.parse(received[0]!.body) as ReturnType<typeof sentBody>;
}

/** The source of each numbered passage of a system message, in order. */
function passageSources(system: string): string[] {
  return [...system.matchAll(/^\[\d+\] ([^›\n]+?)(?: ›|$)/gm)].map((m) => m[1]!);
}

async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a ProviderError');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('OpenAI-compatible engine', () => {
  it("is named 'openai-compatible'", () => {
    expect(engine().name).toBe('openai-compatible');
  });

  it('posts the question with the retrieved passages, the history and the bearer key', async () => {
    const history = [
      { role: 'user' as const, content: 'Hello' },
      { role: 'ai' as const, content: 'Hi! How can I help?' },
    ];
    const result = await engine({ baseUrl: `${baseUrl}/` }).answer(request('How much is the advice fee?', { history }));

    const [req] = received;
    expect(req).toMatchObject({ method: 'POST', url: '/v1/chat/completions' });
    expect(req!.headers.authorization).toBe('Bearer test-key');
    expect(req!.headers['content-type']).toBe('application/json');
    const body = sentBody();
    expect(body.model).toBe('test-model');
    expect(body.temperature).toBe(0.2);

    const [system, ...rest] = body.messages;
    expect(system!.role).toBe('system');
    expect(system!.content).toMatch(/only the numbered context passages/);
    expect(system!.content).toMatch(/do not contain the answer, say/);
    expect(system!.content).toContain(
      '[1] Fees guide › Advice fee\nThe advice fee is 0.45% a year of the value of your portfolio, charged monthly.',
    );
    expect(rest).toEqual([
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: 'Hi! How can I help?' },
      { role: 'user', content: 'How much is the advice fee?' },
    ]);

    expect(result.content).toBe('According to the Fees guide, the advice fee is 0.45% a year.');
    // The sources are those of the passages sent, in the order sent.
    const sent = [...system!.content.matchAll(/^\[\d+\] ([^›\n]+?)(?: ›|$)/gm)].map((m) => m[1]);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.length).toBeLessThanOrEqual(CONTEXT_PASSAGES);
    expect(result.sources).toEqual([...new Set(sent)]);
    expect(result.sources[0]).toBe('Fees guide');
  });

  it('derives follow-ups from the passages, as the built-in engine does', async () => {
    const result = await engine().answer(request('How much is the advice fee?'));
    expect(result.followUps.length).toBeGreaterThan(0);
    expect(result.followUps.length).toBeLessThanOrEqual(3);
    expect(result.followUps).not.toContain('How much is the advice fee?');
    expect(new Set(result.followUps).size).toBe(result.followUps.length);
    expect(sentBody().messages).toHaveLength(2); // nothing extra was asked of the model
  });

  it('works with or without a trailing slash on the base URL', async () => {
    await engine({ baseUrl }).answer(request('fees'));
    expect(received[0]!.url).toBe('/v1/chat/completions');
  });

  it('sends the page text only when it is given', async () => {
    await engine().answer(request('When is my next review meeting?', { pageText: PAGE }));
    expect(sentBody().messages[0]!.content).toContain(`[1] ${PAGE_SOURCE}\n${PAGE}`);
    received = [];

    const result = await engine().answer(request('When is my next review meeting?'));
    expect(sentBody().messages[0]!.content).not.toContain('14 May');
    expect(result.sources).toEqual([]);
  });

  it('tells the model when no passage matches', async () => {
    const result = await engine().answer(request('What is the weather in Paris?'));
    expect(sentBody().messages[0]!.content).toMatch(/No passage of this page or the site's documents matches/);
    expect(result.sources).toEqual([]);
  });

  it('asked about one document (widget-spec §4 "Ask question"): says so, and sends its passages first', async () => {
    const question = 'What fees apply to my portfolio?';
    await engine().answer(request(question));
    expect(passageSources(sentBody().messages[0]!.content)[0]).toBe('Fees guide');
    expect(sentBody().messages[0]!.content).not.toContain('The visitor is asking about');
    received = [];

    const result = await engine().answer(request(question, { focus: { id: 'risk', name: 'Risk profiles' } }));
    const system = sentBody().messages[0]!.content;
    expect(system).toContain('The visitor is asking about "Risk profiles". Its passages come first below');
    const sent = passageSources(system);
    expect(sent.slice(0, 2)).toEqual(['Risk profiles', 'Risk profiles']);
    // The other sources still follow, for what the document does not say.
    expect(sent.slice(2)).toContain('Fees guide');
    expect(result.sources).toEqual(['Risk profiles', 'Fees guide']);
  });

  it('sends the opening of the document asked about when none of it matches the question', async () => {
    await engine().answer(request('Summarise this for me', { focus: { id: 'risk', name: 'Risk profiles' } }));
    const system = sentBody().messages[0]!.content;
    expect(system).toContain(
      '[1] Risk profiles › Cautious\nA Cautious portfolio holds mostly bonds and cash.\n\n[2] Risk profiles › Adventurous\n',
    );
  });

  it('tells the model when the document asked about has no text to send', async () => {
    await engine().answer(request('How much is the advice fee?', { focus: { id: 'guide-pdf', name: 'Financial Services Guide' } }));
    const system = sentBody().messages[0]!.content;
    expect(system).toContain('The visitor is asking about "Financial Services Guide", whose text is not among the passages');
    expect(passageSources(system)[0]).toBe('Fees guide');
  });

  it(`gives the document asked about at most ${FOCUS_PASSAGES} of the ${CONTEXT_PASSAGES} places`, () => {
    const long: SourceDoc = {
      id: 'long',
      name: 'Long guide',
      text: Array.from({ length: 8 }, (_, i) => `## Part ${i + 1}\n\nThe fee for part ${i + 1} is small.`).join('\n\n'),
    };
    const req = request('What is the fee?', { documents: [...DOCS, long], focus: { id: 'long', name: 'Long guide' } });
    const passages = requestPassages(req);
    const context = contextPassages(req, passages, rankPassages(buildIndex(passages), req.question));
    expect(context).toHaveLength(CONTEXT_PASSAGES);
    expect(context.map((p) => p.source)).toEqual([...Array<string>(FOCUS_PASSAGES).fill('Long guide'), 'Fees guide', 'Fees guide']);
  });

  it('throws ProviderError with the status on a non-2xx reply', async () => {
    reply = (res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'model crashed' } }));
    };
    const error = await providerError(engine().answer(request('fees')));
    expect(error.status).toBe(500);
    expect(error.timedOut).toBe(false);
    expect(error.message).toMatch(/answered 500.*model crashed/);
  });

  it('throws ProviderError on a reply that is not JSON', async () => {
    reply = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"choices": [ {"message": ');
    };
    const error = await providerError(engine().answer(request('fees')));
    expect(error.status).toBeUndefined();
    expect(error.timedOut).toBe(false);
    expect(error.message).toMatch(/other than JSON/);
  });

  it.each([
    ['no choices', JSON.stringify({ choices: [] })],
    ['empty content', completion('   ')],
    ['content that is not a string', completion(42)],
    ['null', 'null'],
  ])('throws ProviderError on JSON with %s', async (_, body) => {
    reply = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    };
    const error = await providerError(engine().answer(request('fees')));
    expect(error.message).toMatch(/choices\[0\]\.message\.content/);
  });

  it('throws ProviderError with timedOut when the provider is too slow', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    reply = async (res) => {
      await held;
      goodReply(res, undefined as never);
    };
    try {
      const error = await providerError(engine({ timeoutMs: 50 }).answer(request('fees')));
      expect(error.timedOut).toBe(true);
      expect(error.status).toBeUndefined();
      expect(error.message).toMatch(/within 50 ms/);
    } finally {
      release();
    }
  });

  it("rejects with the caller's reason, not a ProviderError, when the caller aborts", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const requestArrived = new Promise<void>((resolve) => (arrived = resolve));
    reply = async (res) => {
      arrived();
      await held;
      goodReply(res, undefined as never);
    };
    const controller = new AbortController();
    const reason = new Error('visitor left');
    try {
      const answer = engine().answer(request('fees'), controller.signal);
      await requestArrived;
      controller.abort(reason);
      await expect(answer).rejects.toBe(reason);
    } finally {
      release();
    }
  });

  it('throws ProviderError when the provider cannot be reached', async () => {
    // A port that was free a moment ago, on loopback: the connection is refused.
    const spare = createServer();
    await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
    const { port } = spare.address() as AddressInfo;
    await new Promise<void>((resolve) => spare.close(() => resolve()));

    const error = await providerError(engine({ baseUrl: `http://127.0.0.1:${port}/v1` }).answer(request('fees')));
    expect(error.status).toBeUndefined();
    expect(error.timedOut).toBe(false);
    expect(error.message).toMatch(/could not be reached/);
  });

  it('refuses a base URL that is not http(s)', () => {
    expect(() => createOpenAiEngine({ baseUrl: 'file:///etc', apiKey: 'k', model: 'm' })).toThrow(/http\(s\) URL/);
    expect(() => createOpenAiEngine({ baseUrl: 'not a url', apiKey: 'k', model: 'm' })).toThrow(/http\(s\) URL/);
  });
});

describe('buildMessages and parseCompletion', () => {
  it('numbers the passages with their source and headings', () => {
    const passages = [
      { source: 'Fees guide', docId: 'fees', headings: ['Fees guide', 'Advice fee'], sentences: ['A.'], text: 'A.', position: 0 },
      { source: 'Notes.md', docId: 'notes', headings: ['Pensions', 'Tax'], sentences: ['B.'], text: 'B.', position: 0 },
      { source: PAGE_SOURCE, docId: null, headings: [], sentences: ['C.'], text: 'C.', position: 0 },
    ];
    const [system, user] = buildMessages({ question: 'Q?', history: [] }, passages);
    expect(system!.content).toContain('[1] Fees guide › Advice fee\nA.\n\n[2] Notes.md › Pensions › Tax\nB.\n\n[3] This page\nC.');
    expect(user).toEqual({ role: 'user', content: 'Q?' });
  });

  it('returns the trimmed content of the first choice', () => {
    expect(parseCompletion(completion(' Hello \n'))).toBe('Hello');
    expect(() => parseCompletion('{}')).toThrow(ProviderError);
  });
});
