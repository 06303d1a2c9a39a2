/**
 * Dictation in the composer (widget-spec §4 "Dictate mode", §5, §8 "Voice", §9 wave
 * display): the widget's own dictation (createDictation, the chat window's hooks and
 * icons) over the real recording and chat machines, with the microphone, meter,
 * recorder and transcribe call faked.
 */
import { act, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TranscriptionFailure } from '../../machines/recording';
import { flush, input, renderChatTab } from './widget-harness';
import { SILENCE_TIMEOUT_MS } from '../../machines/on-demand-constants';

vi.mock('../../src/markdown/markdown-chunk', () => ({ Markdown: ({ text }: { text: string }) => <p>{text}</p> }));

afterEach(() => {
  vi.useRealTimers();
});

const chatTab = renderChatTab;

const dictateButton = () => screen.getByRole('button', { name: 'Dictate' });
const cancelButton = () => screen.getByRole('button', { name: 'Cancel dictation' });
const stopButton = () => screen.queryByRole('button', { name: 'Stop and transcribe' });
const status = () => screen.getAllByRole('status').find((s) => s.getAttribute('data-part') === 'dictation-status');

/** Clicks dictate and waits for the microphone. */
async function startDictating(h: Awaited<ReturnType<typeof chatTab>>) {
  await h.user.click(dictateButton());
  await flush();
  await screen.findByRole('button', { name: 'Cancel dictation' });
}

describe('dictation', () => {
  it('dictate records: the button becomes Cancel, the wave shows, send stops and transcribes into the text area after what was typed', async () => {
    const h = await chatTab();
    await h.user.type(input(), 'My question:');
    expect(dictateButton().getAttribute('title')).toBe('Dictate');

    await startDictating(h);
    expect(h.recording.live()).toBe(true);
    expect(cancelButton().getAttribute('title')).toBe('Cancel dictation');
    expect(status()?.textContent).toBe('Recording… press send when you are done');

    // widget-spec §9: 30 bars, heights from the meter
    await h.recording.wave(Array.from({ length: 30 }, (_, i) => 3 + i));
    const bars = h.container.querySelectorAll('[data-part="wave"] span');
    expect(bars).toHaveLength(30);
    expect((bars[29] as HTMLElement).style.height).toBe('32px');
    expect(h.container.querySelector('[data-part="wave"]')?.getAttribute('aria-hidden')).toBe('true');

    await h.recording.level(0.4);
    await h.user.click(stopButton()!);
    await flush();
    expect(status()?.textContent).toBe('Transcribing');
    expect(h.recording.live()).toBe(false); // released as soon as the recording ended
    expect(h.container.querySelector('[data-part="wave"]')).toBeNull();
    expect(h.recording.transcribe).toHaveLength(1);
    expect(h.recording.transcribe[0]!.audio.size).toBe(4000);

    await h.recording.transcribe[0]!.resolve('what are the fees');
    expect(input().value).toBe('My question: what are the fees');
    expect(h.chat.getSnapshot().context.draft).toBe('My question: what are the fees');
    expect(document.activeElement).toBe(input());
    expect(input().selectionStart).toBe(input().value.length);
    expect(dictateButton()).toBeTruthy();
    expect(status()?.textContent).toBe('');
    // nothing was sent: the visitor reads it over and sends it
    expect(h.fakes.send.calls).toHaveLength(0);
  });

  it('from the keyboard: the focus stays on the button as it becomes Cancel, and Enter on it cancels', async () => {
    const h = await chatTab();
    dictateButton().focus();
    await h.user.keyboard('{Enter}');
    await flush();
    await screen.findByRole('button', { name: 'Cancel dictation' });
    expect(document.activeElement).toBe(cancelButton());
    await h.user.keyboard('{Enter}');
    await flush();
    expect(h.recording.live()).toBe(false);
    expect(document.activeElement).toBe(dictateButton());
  });

  it('Enter while recording stops and transcribes (it does not send what was typed)', async () => {
    const h = await chatTab();
    await h.user.type(input(), 'typed');
    await startDictating(h);
    await h.recording.level(0.3);
    input().focus();
    await h.user.keyboard('{Enter}');
    await flush();
    expect(h.fakes.send.calls).toHaveLength(0);
    expect(h.recording.transcribe).toHaveLength(1);
    await h.recording.transcribe[0]!.resolve('and spoken');
    expect(input().value).toBe('typed and spoken');
  });

  it('cancel discards the recording and releases the microphone', async () => {
    const h = await chatTab();
    await startDictating(h);
    await h.recording.level(0.5);
    await h.user.click(cancelButton());
    await flush();
    expect(h.recording.live()).toBe(false);
    expect(h.recording.transcribe).toHaveLength(0);
    expect(dictateButton()).toBeTruthy();
    expect(stopButton()).toBeNull();
  });

  it('a recording that ends by itself while the stop button has the focus leaves it on the dictate button', async () => {
    const h = await chatTab();
    h.recording.state.audioBytes = 500; // too small to send: 'No speech detected'
    await startDictating(h);
    stopButton()!.focus();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await h.recording.level(0.4);
    await h.recording.level(0);
    await act(async () => void vi.advanceTimersByTime(SILENCE_TIMEOUT_MS));
    expect(status()?.textContent).toBe('No speech detected');
    expect(stopButton()).toBeNull();
    await act(async () => void vi.runOnlyPendingTimers());
    vi.useRealTimers();
    expect(document.activeElement).toBe(dictateButton());
  });

  it("silence: 'No speech detected' and no transcription", async () => {
    const h = await chatTab();
    await startDictating(h);
    await h.recording.level(0.02);
    await h.user.click(stopButton()!);
    await flush();
    expect(status()?.textContent).toBe('No speech detected');
    expect(h.recording.transcribe).toHaveLength(0);
    expect(dictateButton()).toBeTruthy();
  });

  it("a refused microphone: 'Recording failed' with the reason, and the text input still works", async () => {
    const h = await chatTab();
    h.recording.state.micError = 'denied';
    await h.user.click(dictateButton());
    // the controls start recording as they mount (an effect, after paint)
    await screen.findByText('Recording failed: microphone access was denied');
    expect(status()?.closest('[data-part="dictation"]')?.hasAttribute('data-problem')).toBe(true);
    expect(h.recording.live()).toBe(false);
    await h.user.type(input(), 'I will type instead{Enter}');
    expect(h.fakes.send.last().input.text).toBe('I will type instead');
  });

  it("a failed transcription: 'Transcription failed' with the HTTP status, and Retry sends the same recording", async () => {
    const h = await chatTab();
    await startDictating(h);
    await h.recording.level(0.5);
    await h.user.click(stopButton()!);
    await flush();
    await h.recording.transcribe[0]!.reject(new TranscriptionFailure({ code: 'http', status: 502 }));
    expect(status()?.textContent).toBe('Transcription failed: HTTP error! status: 502');
    await h.user.click(screen.getByRole('button', { name: 'Retry' }));
    await flush();
    expect(h.recording.transcribe).toHaveLength(2);
    expect(h.recording.transcribe[1]!.audio).toBe(h.recording.transcribe[0]!.audio);
    await h.recording.transcribe[1]!.resolve('second try');
    expect(input().value).toBe('second try');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('closing the window or leaving the Chat tab cancels the recording and releases the microphone', async () => {
    const h = await chatTab();
    await startDictating(h);
    await act(async () => h.windowActor.send({ type: 'TAB.SELECT', tab: 'home' }));
    await flush();
    expect(h.recording.live()).toBe(false);

    await act(async () => h.windowActor.send({ type: 'TAB.SELECT', tab: 'chat' }));
    await flush();
    // a composer mounted again starts from the dictate button
    await startDictating(h);
    expect(h.recording.live()).toBe(true);
    await act(async () => h.windowActor.send({ type: 'WINDOW.CLOSE' }));
    await flush();
    expect(h.recording.live()).toBe(false);
  });

  it("stopping the widget's root (destroy) releases the microphone", async () => {
    const h = await chatTab();
    await startDictating(h);
    await act(async () => void h.root.stop());
    expect(h.recording.live()).toBe(false);
  });

  it("dictation's chunk cannot load: 'Recording failed', and the button stays to try again (issue 13)", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const h = await chatTab({ dictationFails: 1 });
    await h.user.click(dictateButton());
    await flush();
    const composer = input().closest('[data-part="composer"]') as HTMLElement;
    expect(within(composer).getByRole('status').textContent).toBe('Recording failed');
    expect(error).toHaveBeenCalled();
    // the chunk loads on the next click: its controls take the button's place
    await h.user.click(within(composer).getByRole('button', { name: 'Dictate' }));
    await screen.findByRole('button', { name: 'Cancel dictation' });
    expect(within(composer).queryByRole('button', { name: 'Dictate' })).toBeNull();
    expect(composer.textContent).not.toContain('Recording failed');
    error.mockRestore();
  });
});
