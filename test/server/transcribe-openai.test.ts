/** The OpenAI-compatible engine against a real HTTP server on 127.0.0.1. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiTranscriber } from '../../server/transcribe/openai';
import { TranscriptionError } from '../../server/transcribe/types';

/** What the fake service saw of one request, multipart body parsed. */
interface Received {
  method: string | undefined;
  url: string | undefined;
  authorization: string | undefined;
  form: FormData;
}

type Handler = (req: IncomingMessage, res: ServerResponse, received: Received) => void;

let server: Server;
let base: string;
let handler: Handler;
let received: Received[] = [];
/** Resolved by each request as it arrives, for tests that act mid-request. */
let arrived: Promise<void>;
let onArrival: () => void;

function expectArrival(): void {
  arrived = new Promise((resolve) => {
    onArrival = resolve;
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    // undici's own multipart parser reads the body the way a real service would.
    const form = await new Response(Buffer.concat(chunks), {
      headers: { 'content-type': req.headers['content-type'] ?? '' },
    }).formData();
    const seen = { method: req.method, url: req.url, authorization: req.headers.authorization, form };
    received.push(seen);
    onArrival();
    handler(req, res, seen);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  received = [];
  // Ends requests a test left hanging (timeouts, aborts).
  server.closeAllConnections();
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const audio = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4]);

function transcriber(baseUrl = `${base}/v1`, timeoutMs?: number) {
  return createOpenAiTranscriber({ baseUrl, apiKey: 'sk-test', model: 'whisper-1', ...(timeoutMs ? { timeoutMs } : {}) });
}

async function failure(promise: Promise<unknown>): Promise<TranscriptionError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TranscriptionError);
  expect((error as TranscriptionError).kind).toBe('engine');
  return error as TranscriptionError;
}

describe('createOpenAiTranscriber', () => {
  it('posts the file and model as multipart with bearer auth, and returns the text', async () => {
    handler = (_req, res) => json(res, 200, { text: ' hello world ' });
    expectArrival();
    const text = await transcriber().transcribe(audio, 'speech.webm', 'audio/webm;codecs=opus');
    expect(text).toBe('hello world');

    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/audio/transcriptions');
    expect(request?.authorization).toBe('Bearer sk-test');
    expect(request?.form.get('model')).toBe('whisper-1');
    const file = request?.form.get('file');
    expect(file).toBeInstanceOf(File);
    expect((file as File).name).toBe('speech.webm');
    expect((file as File).type).toBe('audio/webm;codecs=opus');
    expect(Buffer.from(await (file as File).arrayBuffer())).toEqual(audio);
  });

  it('accepts a base URL with a trailing slash', async () => {
    handler = (_req, res) => json(res, 200, { text: 'ok' });
    await transcriber(`${base}/v1/`).transcribe(audio, 'a.webm', 'audio/webm');
    expect(received[0]?.url).toBe('/v1/audio/transcriptions');
  });

  it('a 500 is an engine error naming the status and the service message', async () => {
    handler = (_req, res) => json(res, 500, { error: { message: 'model overloaded' } });
    const error = await failure(transcriber().transcribe(audio, 'a.webm', 'audio/webm'));
    expect(error.message).toMatch(/\b500\b/);
    expect(error.message).toContain('model overloaded');
  });

  it('a 401 is an engine error and never echoes the key', async () => {
    handler = (_req, res) => res.writeHead(401).end('Unauthorized');
    const error = await failure(transcriber().transcribe(audio, 'a.webm', 'audio/webm'));
    expect(error.message).toMatch(/\b401\b/);
    expect(error.message).not.toContain('sk-test');
  });

  it('a reply that is not JSON is an engine error', async () => {
    handler = (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"text": "unterminated');
    const error = await failure(transcriber().transcribe(audio, 'a.webm', 'audio/webm'));
    expect(error.message).toMatch(/other than JSON/);
  });

  it('JSON without a text string is an engine error', async () => {
    handler = (_req, res) => json(res, 200, { text: 42 });
    const error = await failure(transcriber().transcribe(audio, 'a.webm', 'audio/webm'));
    expect(error.message).toMatch(/"text" string/);
  });

  it('a dropped connection is an engine error', async () => {
    handler = (req) => req.socket.destroy();
    const error = await failure(transcriber().transcribe(audio, 'a.webm', 'audio/webm'));
    expect(error.message).toMatch(/could not be reached/);
  });

  it('a service that never answers hits the time limit', async () => {
    handler = () => {};
    const error = await failure(transcriber(`${base}/v1`, 200).transcribe(audio, 'a.webm', 'audio/webm'));
    expect(error.message).toMatch(/within 200 ms/);
  });

  it("the caller's abort stops the request and rejects with its reason", async () => {
    handler = () => {};
    expectArrival();
    const controller = new AbortController();
    const reason = new Error('client went away');
    const result = transcriber().transcribe(audio, 'a.webm', 'audio/webm', controller.signal);
    await arrived;
    controller.abort(reason);
    await expect(result).rejects.toBe(reason);
  });

  it('a base URL that is not http(s) is refused at once', () => {
    expect(() => createOpenAiTranscriber({ baseUrl: 'ftp://example.test', apiKey: 'k', model: 'm' })).toThrow(/http\(s\)/);
    expect(() => createOpenAiTranscriber({ baseUrl: 'not a url', apiKey: 'k', model: 'm' })).toThrow(/http\(s\)/);
  });
});
