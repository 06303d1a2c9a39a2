/**
 * Voice mode end to end (widget-spec §4 "Voice/avatar mode", §8, §9) in headless
 * Chromium against the real server with its built-in fake avatar provider
 * (AVATAR_PROVIDER=fake, rooms that end after 4 s without speech) and transcription by
 * a loopback stand-in of an OpenAI-compatible endpoint; Chromium's fake microphone
 * says "hello world". No LiveKit server can run here: the fake provider's rooms are
 * played in the page by the widget's stand-in (real tracks from a canvas and an
 * oscillator), which is the only double; everything else is the product.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { violations } from './axe';
import { startServer, type RunningServer } from './server';
import { canMakeSpeech, makeFixtures, openChat, sttStandIn, trackStates, withMicrophone } from './speech';

const IDLE_MS = 4000;

const status = (page: Page) => page.locator('[data-part="voice-status"]');
/** The focused element through shadow roots: its aria-label, else its data-part. */
const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return el?.getAttribute('aria-label') ?? el?.getAttribute('data-part') ?? null;
  });
const liveTracks = async (page: Page) => (await trackStates(page)).filter((s) => s === 'live').length;

/**
 * The speech fixtures, a transcription stand-in answering 'what are the fees', the built server with
 * `avatarEnv` and the stand-in, and Chromium saying the speech; `stop()` ends them all.
 */
async function voiceSetUp(avatarEnv: Record<string, string>) {
  const fixtures = await makeFixtures();
  const stt = await sttStandIn('what are the fees');
  const server = await startServer({ ...avatarEnv, STT_BASE_URL: stt.url, STT_API_KEY: 'test-key', STT_MODEL: 'whisper-test' });
  const browser = await withMicrophone(fixtures.speech);
  return {
    browser,
    server,
    stt,
    async stop() {
      await browser.close();
      await server.stop();
      await stt.close();
      await fixtures.remove();
    },
  };
}

describe.skipIf(!canMakeSpeech)('voice mode with the fake avatar provider', () => {
  let v: Awaited<ReturnType<typeof voiceSetUp>>;
  let browser: Browser;
  let server: RunningServer;
  let stt: Awaited<ReturnType<typeof sttStandIn>>;
  beforeAll(async () => {
    v = await voiceSetUp({ AVATAR_PROVIDER: 'fake', AVATAR_ID: 'Horizon', AVATAR_FAKE_IDLE_TIMEOUT: `${IDLE_MS / 1000}s` });
    ({ browser, server, stt } = v);
  });
  afterAll(() => v?.stop());

  it('talks: connects, hears the visitor, sends the words with the avatar session, the avatar says the answer, recording pauses and resumes; mute; idle timeout and a new session; close gives the text input back', async () => {
    const { page, problems, chatBodies } = await openChat(browser, server.url);
    // from the keyboard: Enter on the voice button, and the focus lands on the mic button
    const voiceButton = page.getByRole('button', { name: 'Voice mode', exact: true });
    await voiceButton.focus();
    await page.keyboard.press('Enter');
    await status(page).waitFor();
    await expect.poll(() => status(page).textContent(), { timeout: 10_000 }).toBe('Media stream ready');
    expect(await page.getByRole('textbox', { name: /^Message/ }).count()).toBe(0);
    expect(await focusedLabel(page)).toBe('Click to mute');
    // every change of the status line from now on (a polite live region: what a screen reader hears)
    await page.evaluate(() => {
      const root = document.querySelector('ai-chat-widget')!.shadowRoot!;
      const line = () => root.querySelector('[data-part="voice-status"]')?.textContent ?? '';
      const seen: string[] = [line()];
      (window as unknown as { statuses: string[] }).statuses = seen;
      new MutationObserver(() => {
        if (line() !== seen.at(-1)) seen.push(line());
      }).observe(root, { subtree: true, childList: true, characterData: true });
    });
    const statuses = () => page.evaluate(() => (window as unknown as { statuses: string[] }).statuses);
    // the avatar's picture plays
    await page.waitForFunction(() => {
      const v = document.querySelector('ai-chat-widget')?.shadowRoot?.querySelector<HTMLVideoElement>('[data-part="avatar-video"]');
      return !!v && v.videoWidth > 0 && !v.paused;
    });
    // and the widget listens: its microphone is granted a moment after the stream is ready
    await expect.poll(() => liveTracks(page), { timeout: 5000 }).toBe(1);

    // "hello world", then silence: transcribed, sent as a message with the avatar session
    const answers = page.locator('[data-part="message"][data-role="ai"]:not([data-status])');
    await answers.first().waitFor({ timeout: 20_000 });
    expect(stt.received).toHaveLength(1);
    expect(chatBodies.at(-1)).toMatchObject({ message: 'what are the fees' });
    expect(typeof chatBodies.at(-1)!.sessionToken).toBe('string');
    expect(typeof chatBodies.at(-1)!.streamSessionId).toBe('string');
    expect(await page.locator('[data-part="message"][data-role="user"]').last().textContent()).toContain('what are the fees');

    // the avatar says the answer (the widget sent it on the room's data channel): no recording while it talks,
    // and recording again a second after
    const talking = page.locator('[data-part="avatar-stage"][data-talking]');
    await talking.waitFor({ timeout: 10_000 });
    expect(await liveTracks(page)).toBe(0);
    await talking.waitFor({ state: 'detached', timeout: 10_000 });
    await expect.poll(() => liveTracks(page), { timeout: 5000 }).toBe(1);
    // the status line followed it all (widget-spec §4 "Recording flow": 'Transcribing')
    await expect
      .poll(async () => (await statuses()).slice(0, 6), { timeout: 5000 })
      .toEqual(['Media stream ready', 'Listening...', 'Transcribing', 'Thinking...', 'Speaking...', 'Listening...']);

    // mute, and unmute
    await page.getByRole('button', { name: 'Click to mute' }).click();
    await expect.poll(() => liveTracks(page)).toBe(0);
    expect(await status(page).textContent()).toBe('Microphone muted');
    expect(await status(page).getAttribute('aria-live')).toBe('polite');
    await page.getByRole('button', { name: 'Click to unmute' }).click();
    await expect.poll(() => liveTracks(page)).toBe(1);
    expect(await violations(page)).toEqual([]);

    // nothing said for a while: the provider ends the room
    await expect.poll(() => status(page).textContent(), { timeout: IDLE_MS + 10_000 }).toBe('Room disconnected: Idle timeout');
    expect(await liveTracks(page)).toBe(0);
    await page.getByRole('button', { name: 'Start new session' }).click();
    await expect.poll(() => status(page).textContent(), { timeout: 10_000 }).toBe('Media stream ready');

    await page.getByRole('button', { name: 'Close voice mode' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: /^Message/ }).waitFor();
    await expect.poll(() => focusedLabel(page)).toBe('input');
    expect(await liveTracks(page)).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

/** A loopback stand-in of HeyGen's Streaming API whose rooms are `fake:` ones (played by the widget); every call kept. */
async function heygenStandIn() {
  const calls: { path: string; body: Record<string, unknown>; auth: string }[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      const path = req.url ?? '';
      calls.push({ path, body, auth: String(req.headers.authorization ?? req.headers['x-api-key'] ?? '') });
      const data =
        path === '/v1/streaming.create_token'
          ? { token: 'hg-token' }
          : path === '/v1/streaming.new'
            ? { session_id: 'hg-session', url: 'fake:hg-session', access_token: 'room-token' }
            : null;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 100, data, message: 'success' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, calls, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe.skipIf(!canMakeSpeech)('voice mode through the HeyGen adapter, against a loopback stand-in of its API', () => {
  let v: Awaited<ReturnType<typeof voiceSetUp>>;
  let heygen: Awaited<ReturnType<typeof heygenStandIn>>;
  beforeAll(async () => {
    heygen = await heygenStandIn();
    v = await voiceSetUp({ AVATAR_PROVIDER: 'heygen', AVATAR_API_KEY: 'hg-key', AVATAR_ID: 'Anna_public', AVATAR_API_URL: heygen.url });
  });
  afterAll(async () => {
    await v?.stop();
    await heygen?.close();
  });

  it("the server makes the calls of widget-spec §7 with the key and the token; the answer is the avatar's task; close stops the session", async () => {
    const { page, problems } = await openChat(v.browser, v.server.url);
    await page.getByRole('button', { name: 'Voice mode', exact: true }).click();
    await expect.poll(() => status(page).textContent(), { timeout: 10_000 }).toBe('Media stream ready');
    const answers = page.locator('[data-part="message"][data-role="ai"]:not([data-status])');
    await answers.first().waitFor({ timeout: 20_000 });
    // the answer shows as plain text until the markdown renderer's chunk has loaded: read it rendered
    await answers.first().locator('[data-part="markdown"]').waitFor({ timeout: 10_000 });
    const answer = (await answers.first().textContent()) ?? '';
    // the answer stays in view: its start shows in the conversation, above the suggested questions under it
    const followUps = page.locator('[data-part="follow-ups"]');
    await followUps.waitFor();
    await expect
      .poll(async () => {
        const [list, start, next] = await Promise.all(
          [page.locator('[data-part="messages"]'), answers.last(), followUps].map((l) => l.boundingBox()),
        );
        return { list, start, next };
      })
      .toSatisfy(
        ({ list, start, next }) =>
          !!list && !!start && !!next && start.y >= list.y && start.y + 20 <= list.y + list.height && start.y < next.y,
      );
    await expect.poll(() => heygen.calls.filter((c) => c.path === '/v1/streaming.task').length).toBe(1);
    const task = heygen.calls.find((c) => c.path === '/v1/streaming.task')!;
    expect(task).toMatchObject({ auth: 'Bearer hg-token', body: { session_id: 'hg-session', task_type: 'repeat' } });
    // the answer as words, without its markdown
    const said = String(task.body.text);
    expect(said).not.toMatch(/\*\*/);
    expect(answer.replace(/\s+/g, ' ')).toContain(said.split('\n')[0]!.slice(0, 40));
    const paths = heygen.calls.map((c) => c.path);
    expect(paths.slice(0, 3)).toEqual(['/v1/streaming.create_token', '/v1/streaming.new', '/v1/streaming.start']);
    expect(heygen.calls[0]!.auth).toBe('hg-key');
    expect(heygen.calls[1]!.body).toEqual({
      quality: 'high',
      avatar_name: 'Anna_public',
      version: 'v2',
      video_encoding: 'H264',
      activity_idle_timeout: 300,
    });

    await page.getByRole('button', { name: 'Close voice mode' }).click();
    await page.getByRole('textbox', { name: /^Message/ }).waitFor();
    await expect.poll(() => heygen.calls.some((c) => c.path === '/v1/streaming.stop' && c.body.session_id === 'hg-session')).toBe(true);
    expect(await liveTracks(page)).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
