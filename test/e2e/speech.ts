/**
 * What the browser tests of dictation and voice mode share: speech made at test time
 * (espeak-ng, ffmpeg), Chromium with its fake microphone playing it, the journey's Chat
 * tab with every microphone stream kept (to check its tracks), and a loopback stand-in
 * of an OpenAI-compatible `/audio/transcriptions`.
 */
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { detectPocketsphinx } from '../../server/transcribe/pocketsphinx';
import { launchBrowser } from './browser';

const execFileAsync = promisify(execFile);
const runs = (command: string, args: string[]) =>
  execFileAsync(command, args).then(
    () => true,
    () => false,
  );

export const canMakeSpeech = (await runs('espeak-ng', ['--version'])) && (await runs('ffmpeg', ['-version']));
export const canRecognise = canMakeSpeech && (await detectPocketsphinx());

/** The fixtures: speech (1 s of silence, "hello world", 4 s of silence) and 3 s of silence, as 16-bit WAV. */
export async function makeFixtures(): Promise<{ dir: string; speech: string; silence: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'speech-e2e-'));
  const said = path.join(dir, 'said.wav');
  await execFileAsync('espeak-ng', ['-s', '160', '-w', said, 'hello world']);
  const speech = path.join(dir, 'speech.wav');
  await execFileAsync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-i',
    said,
    '-af',
    'adelay=1000,apad=pad_dur=4',
    '-ar',
    '48000',
    '-ac',
    '1',
    '-c:a',
    'pcm_s16le',
    speech,
  ]);
  const silence = path.join(dir, 'silence.wav');
  await execFileAsync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'anullsrc=r=48000:cl=mono',
    '-t',
    '3',
    '-c:a',
    'pcm_s16le',
    silence,
  ]);
  return { dir, speech, silence, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Chromium with its fake microphone playing `file` once (then silence), permission granted. */
export const withMicrophone = (file: string) =>
  launchBrowser([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${file}%noloop`,
  ]);

export interface Visit {
  page: Page;
  problems: string[];
  /** Requests the page made to the widget's transcribe call. */
  transcribeCalls: string[];
  /** The bodies of the page's chat messages (POST api/chat). */
  chatBodies: Record<string, unknown>[];
}

/** The journey with the widget, the Chat tab open; every microphone stream the page gets is kept, to check its tracks. */
export async function openChat(browser: Browser, url: string): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  const transcribeCalls: string[] = [];
  const chatBodies: Record<string, unknown>[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('request', (r) => {
    if (r.url().endsWith('/api/transcribe')) transcribeCalls.push(r.method());
    if (r.url().endsWith('/api/chat') && r.method() === 'POST')
      chatBodies.push(JSON.parse(r.postData() ?? '{}') as Record<string, unknown>);
  });
  await page.addInitScript(() => {
    const streams: MediaStream[] = [];
    (window as unknown as { micStreams: MediaStream[] }).micStreams = streams;
    const devices = navigator.mediaDevices;
    const original = devices.getUserMedia.bind(devices);
    devices.getUserMedia = async (constraints) => {
      const stream = await original(constraints);
      streams.push(stream);
      return stream;
    };
  });
  await page.goto(`${url}/`);
  await page.getByRole('button', { name: /^Open chat with/ }).click();
  await page.getByRole('button', { name: 'Navigation' }).click();
  await page.getByRole('menuitemradio', { name: 'Chat', exact: true }).click();
  await page.getByRole('textbox', { name: /^Message/ }).waitFor();
  return { page, problems, transcribeCalls, chatBodies };
}

/** The states of every microphone track the page was given ('live' or 'ended'). */
export const trackStates = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { micStreams: MediaStream[] }).micStreams.flatMap((s) => s.getTracks().map((t) => t.readyState)),
  );

/** A loopback stand-in of an OpenAI-compatible `/audio/transcriptions`: it checks what it is sent and answers `text`. */
export async function sttStandIn(text = 'what are the fees') {
  const received: { contentType: string; filename: string; bytes: number; ebml: boolean; model: string; auth: string }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const form = await new Request('http://x/', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body: Buffer.concat(chunks),
      }).formData();
      const file = form.get('file') as File;
      const bytes = new Uint8Array(await file.arrayBuffer());
      received.push({
        contentType: file.type,
        filename: file.name,
        bytes: bytes.length,
        // a webm file starts with the EBML magic number
        ebml: bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3,
        model: String(form.get('model')),
        auth: req.headers.authorization ?? '',
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1`, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}
