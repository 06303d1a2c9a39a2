/**
 * A tool's figure streamed to the visitor over real HTTP: the real server on 127.0.0.1 with its
 * database, its OpenAI-compatible engine talking to a provider stub on 127.0.0.1 that first asks for
 * a tool call (its arguments in pieces), then streams its answer from the tool's result; and the
 * built-in engine answering the same question with the tool itself.
 */
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createBuiltinEngine } from '../../server/answers/builtin';
import { json, reader, startServer, VISITOR_A, type TestServer } from './harness';
import { sse, standInProvider } from './stand-in-provider';

/** The messages of each request the stub received. */
let asked: { messages: { role: string; content: string | null; tool_call_id?: string }[]; tools?: unknown[] }[] = [];

const sseOf = (res: ServerResponse, events: object[]) => {
  sse(res);
  for (const e of events) res.write(`data: ${JSON.stringify(e)}\n\n`);
  res.end('data: [DONE]\n\n');
};

const provider = standInProvider((res, body) => {
  asked.push(JSON.parse(body) as (typeof asked)[number]);
  if (asked.length === 1) {
    sseOf(res, [
      {
        choices: [
          {
            index: 0,
            delta: { tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'fees_on_amount', arguments: '' } }] },
          },
        ],
      },
      { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '{"amount":' } }] } }] },
      { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '20000}' } }] } }] },
      { choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] },
    ]);
  } else {
    // the answer quotes the tool's figure, as the instructions ask
    const result = JSON.parse(asked.at(-1)!.messages.at(-1)!.content!) as { answer: string };
    const figure = /\*\*(\$[\d,.]+ a year)\*\*/.exec(result.answer)![1]!;
    sseOf(res, [
      { choices: [{ index: 0, delta: { content: 'On $20,000 the fees come to ' } }] },
      { choices: [{ index: 0, delta: { content: `${figure}.` } }] },
      { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
    ]);
  }
});

let s: TestServer | undefined;
afterEach(async () => {
  await s?.stop();
  await s?.remove();
  s = undefined;
  asked = [];
});

const QUESTION = {
  message: 'What fees will I pay on $20,000?',
  userSessionId: VISITOR_A,
  path: '/products',
  webPageContent: 'Fees. On a $10,000 investment the investment fee is $70 a year. How to withdraw: call us.',
};

/** The site runs the journey: its answers compute with the advice engine (SiteConfig `adviceTools`). */
async function runsTheJourney(server: TestServer): Promise<TestServer> {
  await server.storage.updateSite(server.site.id, { config: { adviceTools: true } });
  return server;
}

/** Asks over the event stream; the delta texts and the done event's reply. */
async function ask(server: TestServer): Promise<{ deltas: string[]; content: string; status: number }> {
  const req = json(QUESTION);
  const res = await server.call('/api/chat', {
    ...req,
    token: await server.tokenFor(VISITOR_A),
    headers: { ...(req.headers as Record<string, string>), Accept: 'text/event-stream' },
  });
  const events = await reader(res).all();
  const deltas = events.filter((e) => e.event === 'delta').map((e) => e.data.text as string);
  const done = events.find((e) => e.event === 'done')?.data.aiMessage as { content: string } | undefined;
  return { deltas, content: done?.content ?? '', status: res.status };
}

describe('exact figures reach the visitor', () => {
  it('from a model: it calls the fees tool, the server runs it, and the answer from its result is streamed', async () => {
    s = await runsTheJourney(await startServer({ answers: provider.engine() }));
    const { deltas, content, status } = await ask(s);
    expect(status).toBe(200);
    expect(asked).toHaveLength(2);
    expect(asked[1]!.messages.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call_1' });
    expect(deltas).toEqual(['On $20,000 the fees come to ', '$140.00 a year.']);
    expect(content).toBe('On $20,000 the fees come to $140.00 a year.');
  });

  it('from the built-in engine: the tool’s figure and its workings, not the page’s $10,000 example', async () => {
    s = await runsTheJourney(await startServer({ answers: createBuiltinEngine() }));
    const { deltas, content } = await ask(s);
    expect(deltas.join('').trim()).toBe(content);
    expect(content).toContain('**$140.00 a year**');
    expect(content).toContain('**How it was worked out**');
    expect(content).not.toContain('$70 a year');
  });

  it('not for a site that does not run the journey: nothing is worked out with the journey’s engine, and no model is offered the tools', async () => {
    s = await startServer({ answers: createBuiltinEngine() });
    const { content } = await ask(s);
    expect(content).not.toContain('$140.00');
    expect(content).not.toContain('How it was worked out');
    await s.stop();
    await s.remove();
    s = await startServer({ answers: provider.engine() });
    await ask(s);
    expect(asked[0]!.tools).toBeUndefined();
  });
});
