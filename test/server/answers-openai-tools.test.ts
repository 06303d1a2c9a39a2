/**
 * The OpenAI-compatible engine's tools (`tools` / `tool_calls`), against a provider stub on
 * 127.0.0.1 that asks for a tool call, streamed (the arguments in pieces) and not, then answers
 * from the tool's result; and what a bad call, a model that will not stop calling, and a tool call
 * next to text come to.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiEngine, MAX_TOOL_CALLS_PER_ROUND, MAX_TOOL_ROUNDS, parseCompletionTurn } from '../../server/answers/openai';
import { TOOL_SOURCE } from '../../server/answers/tools';
import { ProviderError, type AnswerRequest } from '../../server/answers/types';

/** What the stub received: each request's body, parsed. */
interface Sent {
  messages: { role: string; content: string | null; tool_calls?: unknown[]; tool_call_id?: string }[];
  tools?: { type: string; function: { name: string; parameters: unknown } }[];
  tool_choice?: string;
  stream?: boolean;
}

/** The stub's reply to the n-th request of a test (0 first). */
type Play = (res: ServerResponse, n: number, body: Sent) => void;

let server: Server;
let baseUrl: string;
let sent: Sent[] = [];
let play: Play;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Sent;
      sent.push(body);
      play(res, sent.length - 1, body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterEach(() => {
  sent = [];
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

// 1 October 2025: the 2025-26 tax year
const engine = () => createOpenAiEngine({ baseUrl, apiKey: 'k', model: 'm', timeoutMs: 5_000, clock: () => new Date(2025, 9, 1) });

const request = (question: string): AnswerRequest => ({
  question,
  pageText: 'Fees. On a $10,000 investment the investment fee is $70 a year.',
  pagePath: '/products',
  documents: [],
  history: [],
  adviceTools: true,
});

const sse = (res: ServerResponse, events: object[]) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const e of events) res.write(`data: ${JSON.stringify(e)}\n\n`);
  res.end('data: [DONE]\n\n');
};
const text = (content: string) => ({ choices: [{ index: 0, delta: { content } }] });
const stop = { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] };
/** A tool call streamed as providers do: the id and name first, then the arguments in pieces. */
const streamedCall = (name: string, argumentPieces: string[], id = 'call_1', index = 0) => [
  {
    choices: [{ index: 0, delta: { role: 'assistant', tool_calls: [{ index, id, type: 'function', function: { name, arguments: '' } }] } }],
  },
  ...argumentPieces.map((a) => ({ choices: [{ index: 0, delta: { tool_calls: [{ index, function: { arguments: a } }] } }] })),
];
const toolsFinish = { choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] };

/** The content of the `tool` message a request carried, parsed. */
function toolResult(body: Sent, id = 'call_1'): { answer?: string; error?: string; source?: string; assumptionsVersion?: string } {
  const message = body.messages.find((m) => m.role === 'tool' && m.tool_call_id === id);
  expect(message).toBeDefined();
  return JSON.parse(message!.content!) as ReturnType<typeof toolResult>;
}

describe('tools through the chat-completions protocol', () => {
  it('offers none to a site that does not run the journey', async () => {
    play = (res) => sse(res, [text('Hello.'), stop]);
    await engine().answer({ ...request('What fees will I pay on $20,000?'), adviceTools: undefined }, undefined, () => undefined);
    expect(sent[0]!.tools).toBeUndefined();
  });

  it('offers every tool, with its schema, on every request', async () => {
    play = (res) => sse(res, [text('Hello.'), stop]);
    await engine().answer(request('Hi'), undefined, () => undefined);
    const names = sent[0]!.tools!.map((t) => t.function.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'fees_on_amount',
        'adviser_fee',
        'take_home_pay',
        'emergency_fund',
        'goal_monthly_investment',
        'goal_chance',
      ]),
    );
    expect(sent[0]!.tools!.every((t) => t.type === 'function')).toBe(true);
    expect(sent[0]!.tool_choice).toBeUndefined();
    expect(sent[0]!.messages[0]!.content).toMatch(/call the tool and give its figure exactly/);
  });

  it('streamed: runs the tool the model calls (its arguments in pieces), sends the result back, and streams the final answer', async () => {
    play = (res, n) => {
      if (n === 0) sse(res, [...streamedCall('fees_on_amount', ['{"amo', 'unt": 2', '0000}']), toolsFinish]);
      else sse(res, [text('On $20,000 the fees are '), text('**$140.00 a year**.'), stop]);
    };
    const pieces: string[] = [];
    const result = await engine().answer(request('What fees will I pay on $20,000?'), undefined, (p) => pieces.push(p));

    expect(sent).toHaveLength(2);
    expect(sent.every((b) => b.stream === true)).toBe(true);
    const second = sent[1]!;
    // the question, then the model's call as it made it, then the tool's result
    expect(second.messages.at(-2)).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'fees_on_amount', arguments: '{"amount": 20000}' } }],
    });
    const tool = toolResult(second);
    expect(tool.answer).toMatch(/^On a balance of \$20,000, the fees come to \*\*\$140\.00 a year\*\*\./);
    expect(tool.answer).toContain('1. Investment fee: 0.7% a year × $20,000.00 = $140.00 a year');
    expect(tool.source).toBe(TOOL_SOURCE);
    expect(tool.assumptionsVersion).toMatch(/^\d{4}\.\d+$/);

    expect(pieces).toEqual(['On $20,000 the fees are ', '**$140.00 a year**.']);
    expect(result.content).toBe('On $20,000 the fees are **$140.00 a year**.');
    expect(result.sources[0]).toBe(TOOL_SOURCE);
  });

  it('not streamed: the same round trip with JSON replies', async () => {
    play = (res, n) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const message =
        n === 0
          ? {
              role: 'assistant',
              content: null,
              tool_calls: [
                { id: 'c9', type: 'function', function: { name: 'take_home_pay', arguments: '{"income":90000,"frequency":"yearly"}' } },
              ],
            }
          : { role: 'assistant', content: 'You would take home $70,412.00 a year.' };
      res.end(JSON.stringify({ choices: [{ index: 0, message, finish_reason: n === 0 ? 'tool_calls' : 'stop' }] }));
    };
    const result = await engine().answer(request('I earn $90,000 a year, what is my take-home pay?'));
    expect(sent.map((b) => b.stream)).toEqual([undefined, undefined]);
    expect(toolResult(sent[1]!, 'c9').answer).toContain('**$70,412.00 a year**');
    expect(result.content).toBe('You would take home $70,412.00 a year.');
    expect(result.sources[0]).toBe(TOOL_SOURCE);
  });

  it('several calls in one round, each answered under its own id', async () => {
    play = (res, n) => {
      if (n === 0) {
        sse(res, [
          ...streamedCall('adviser_fee', ['{}'], 'a', 0),
          ...streamedCall('emergency_fund', ['{"income":', '90000}'], 'b', 1),
          toolsFinish,
        ]);
      } else sse(res, [text('Done.'), stop]);
    };
    await engine().answer(request('adviser fee and emergency fund on 90k?'), undefined, () => undefined);
    expect(toolResult(sent[1]!, 'a').answer).toContain('**$500.00**');
    expect(toolResult(sent[1]!, 'b').answer).toContain('**$17,603.00**');
  });

  it.each([
    ['an unknown tool', 'guess_the_fee', ['{}'], /no tool named "guess_the_fee"/],
    ['arguments that are not JSON', 'fees_on_amount', ['{"amount": 20'], /not valid JSON/],
    ['a missing argument', 'fees_on_amount', ['{}'], /ask the visitor for the amount invested/],
    ['an argument out of range', 'goal_monthly_investment', ['{"goal": 50000, "years": 500}'], /how many years away the goal is/],
  ])('a bad call (%s) gets an error result, and the model still answers: no failure', async (_, name, args, error) => {
    play = (res, n) => {
      if (n === 0) sse(res, [...streamedCall(name, args), toolsFinish]);
      else sse(res, [text('How much would you invest?'), stop]);
    };
    const result = await engine().answer(request('What fees will I pay?'), undefined, () => undefined);
    expect(toolResult(sent[1]!).error).toMatch(error);
    expect(result.content).toBe('How much would you invest?');
    expect(result.sources).not.toContain(TOOL_SOURCE);
  });

  it(`stops offering tools after ${MAX_TOOL_ROUNDS} rounds; a model that still calls them is a provider error`, async () => {
    play = (res, n) => {
      if (n < MAX_TOOL_ROUNDS) sse(res, [...streamedCall('adviser_fee', ['{}'], `c${n}`), toolsFinish]);
      else sse(res, [text('The adviser fee is $500.00.'), stop]);
    };
    const result = await engine().answer(request('adviser fee?'), undefined, () => undefined);
    expect(sent).toHaveLength(MAX_TOOL_ROUNDS + 1);
    expect(sent.map((b) => b.tool_choice)).toEqual([...Array<undefined>(MAX_TOOL_ROUNDS).fill(undefined), 'none']);
    expect(result.content).toBe('The adviser fee is $500.00.');
    sent = [];

    play = (res, n) => sse(res, [...streamedCall('adviser_fee', ['{}'], `c${n}`), toolsFinish]);
    const error = await engine()
      .answer(request('adviser fee?'), undefined, () => undefined)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).message).toMatch(/still called tools/);
  });

  it('text before a tool call is kept, and the answer after it starts a new paragraph', async () => {
    play = (res, n) => {
      if (n === 0) sse(res, [text('Let me work that out.'), ...streamedCall('adviser_fee', ['{}']), toolsFinish]);
      else sse(res, [text('It is $500.00.'), stop]);
    };
    const pieces: string[] = [];
    const result = await engine().answer(request('adviser fee?'), undefined, (p) => pieces.push(p));
    expect(pieces.join('')).toBe('Let me work that out.\n\nIt is $500.00.');
    expect(result.content).toBe('Let me work that out.\n\nIt is $500.00.');
    expect(sent[1]!.messages.at(-2)).toMatchObject({ role: 'assistant', content: 'Let me work that out.' });
  });

  it('a provider that refuses tools is asked again without them, and not offered them again', async () => {
    play = (res, _, body) => {
      if (body.tools) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: '"auto" tool choice requires --enable-auto-tool-choice to be set' } }));
      } else sse(res, [text('From the passages.'), stop]);
    };
    const answers = engine();
    expect((await answers.answer(request('adviser fee?'), undefined, () => undefined)).content).toBe('From the passages.');
    await answers.answer(request('adviser fee?'), undefined, () => undefined);
    expect(sent.map((b) => Boolean(b.tools))).toEqual([true, false, false]);
  });

  it('the financial year the model passes picks that year’s rates; one not held comes back as an error to say plainly', async () => {
    play = (res, n) => {
      if (n === 0) {
        sse(res, [
          ...streamedCall('take_home_pay', ['{"income": 90000, "year": "next financial year"}']),
          ...streamedCall('take_home_pay', ['{"income": 90000, "year": "2019-20"}'], 'call_2', 1),
          toolsFinish,
        ]);
      } else sse(res, [text('Done.'), stop]);
    };
    await engine().answer(request('What is my take-home pay on $90,000 in 2026-27, and in 2019-20?'), undefined, () => undefined);
    // asked on 1 October 2025 (2025-26): the next year, 2026-27, and its 15% rate give $70,680.00
    expect(toolResult(sent[1]!).answer).toContain('**$70,680.00 a year**');
    expect(toolResult(sent[1]!, 'call_2').error).toMatch(/tax rates for 2019-20 are not held .*tell the visitor so plainly/);
  });

  it('a reply with a tool call and no id gets one, so its result can name it', () => {
    const turn = parseCompletionTurn(
      JSON.stringify({ choices: [{ message: { content: null, tool_calls: [{ function: { name: 'adviser_fee', arguments: '{}' } }] } }] }),
    );
    expect(turn).toEqual({ text: '', toolCalls: [{ id: 'call_0', type: 'function', function: { name: 'adviser_fee', arguments: '{}' } }] });
    expect(() => parseCompletionTurn(JSON.stringify({ choices: [{ message: { content: '  ' } }] }))).toThrow(ProviderError);
  });
});

describe('what the engine takes from the provider', () => {
  it.each([
    ['vLLM', 400, '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set'],
    ['Ollama', 400, 'registry.ollama.ai/library/gemma:2b does not support tools'],
    ['llama.cpp', 400, 'tools param requires --jinja flag'],
    ['another server', 422, 'Tool calling is not supported for this model.'],
  ])('%s refusing tools on the first request is a refusal', async (_, status, message) => {
    play = (res, __, body) => {
      if (body.tools) {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message } }));
      } else sse(res, [text('From the passages.'), stop]);
    };
    expect((await engine().answer(request('adviser fee?'), undefined, () => undefined)).content).toBe('From the passages.');
    expect(sent.map((b) => Boolean(b.tools))).toEqual([true, false]);
  });

  it('any other error naming tools is an error of that answer, and tools are still offered', async () => {
    play = (res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: "Invalid schema for function 'fees_on_amount' in tools[0]" } }));
    };
    const answers = engine();
    await expect(answers.answer(request('adviser fee?'), undefined, () => undefined)).rejects.toBeInstanceOf(ProviderError);
    play = (res) => sse(res, [text('Hello.'), stop]);
    await answers.answer(request('Hi'), undefined, () => undefined);
    expect(sent.map((b) => Boolean(b.tools))).toEqual([true, true]);
  });

  it('a refusal after a tool call (a later round) fails that answer and leaves tools on for the next', async () => {
    play = (res, n) => {
      if (n === 0) sse(res, [...streamedCall('adviser_fee', ['{}']), toolsFinish]);
      else if (n === 1) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'Tool calling is not supported for this model.' } }));
      } else sse(res, [text('Hello.'), stop]);
    };
    const answers = engine();
    await expect(answers.answer(request('adviser fee?'), undefined, () => undefined)).rejects.toBeInstanceOf(ProviderError);
    await answers.answer(request('Hi'), undefined, () => undefined);
    expect(sent.map((b) => Boolean(b.tools))).toEqual([true, true, true]);
  });

  it(`runs at most ${MAX_TOOL_CALLS_PER_ROUND} tool calls in one round; the others get an error result without running`, async () => {
    const calls = MAX_TOOL_CALLS_PER_ROUND + 3;
    play = (res, n) => {
      if (n === 0) {
        const events = Array.from({ length: calls }, (_, i) => streamedCall('adviser_fee', ['{}'], `c${i}`, i)).flat();
        sse(res, [...events, toolsFinish]);
      } else sse(res, [text('Done.'), stop]);
    };
    const result = await engine().answer(request('adviser fee?'), undefined, () => undefined);
    expect(result.content).toBe('Done.');
    const results = Array.from({ length: calls }, (_, i) => toolResult(sent[1]!, `c${i}`));
    expect(results.slice(0, MAX_TOOL_CALLS_PER_ROUND).every((r) => r.answer?.includes('**$500.00**'))).toBe(true);
    for (const r of results.slice(MAX_TOOL_CALLS_PER_ROUND)) {
      expect(r.answer).toBeUndefined();
      expect(r.error).toMatch(/too many tool calls/i);
    }
  });
});
