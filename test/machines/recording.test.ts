import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import {
  TranscriptionFailure,
  isTranscribable,
  recordingMachine,
  selectPhase,
  type AudioStream,
  type RecorderCommand,
  type RecordingEmitted,
  type RecordingEvent,
  type RecordingFailure,
  type RecordingMode,
} from '../../machines/recording';
import { controlled } from './controlled';
import { MAX_RECORDING_MS, NO_SPEECH_TIMEOUT_MS, RESTART_DELAY_MS, SILENCE_TIMEOUT_MS } from '../../machines/on-demand-constants';

/** The machine with fake effects the test drives: a microphone, a recorder, a meter and the transcribe call. */
function harness(options: { mode?: RecordingMode; micFails?: RecordingFailure; audioBytes?: number } = {}) {
  const log: string[] = [];
  let meter: ((e: RecordingEvent) => void) | null = null;
  let recorder: { stop: () => void; fail: (reason: RecordingFailure) => void } | null = null;
  let streams = 0;
  const microphone = fromCallback<RecordingEvent>(({ sendBack }) => {
    log.push('mic acquired');
    if (options.micFails) sendBack({ type: 'MIC.FAILED', reason: options.micFails });
    else sendBack({ type: 'MIC.READY', stream: { id: `stream-${++streams}` } as unknown as AudioStream });
    return () => log.push('mic released');
  });
  const recorderLogic = fromCallback<RecorderCommand, { stream: AudioStream }>(({ sendBack, receive, input }) => {
    log.push(`recorder started on ${input.stream.id}`);
    const stop = () =>
      sendBack({ type: 'RECORDER.DONE', audio: new Blob([new Uint8Array(options.audioBytes ?? 4000)], { type: 'audio/webm' }) });
    recorder = { stop, fail: (reason) => sendBack({ type: 'RECORDER.FAILED', reason }) };
    receive((e) => {
      log.push(`recorder ${e.type}`);
      stop();
    });
    return () => {
      log.push('recorder torn down');
      recorder = null;
    };
  });
  const meterLogic = fromCallback<RecordingEvent, { stream: AudioStream }>(({ sendBack }) => {
    meter = sendBack;
    return () => {
      meter = null;
      log.push('meter torn down');
    };
  });
  const transcribe = controlled<{ audio: Blob }, string>();
  const actor = createActor(
    recordingMachine.provide({ actors: { microphone, recorder: recorderLogic, meter: meterLogic, transcribe: transcribe.logic } }),
    { input: { mode: options.mode } },
  );
  const emitted: RecordingEmitted[] = [];
  actor.on('*', (e) => emitted.push(e as RecordingEmitted));
  actor.start();
  const level = (...levels: number[]) => {
    for (const l of levels) meter?.({ type: 'METER.LEVEL', level: l });
  };
  const call = (i: number) => {
    const c = transcribe.calls[i];
    if (!c) throw new Error(`no transcribe call ${i}`);
    return c;
  };
  return {
    actor,
    emitted,
    log,
    transcribe,
    call,
    level,
    wave: (bars: number[]) => meter?.({ type: 'METER.WAVE', bars }),
    recorder: () => recorder,
    meterRunning: () => meter !== null,
    value: () => actor.getSnapshot().value,
    problem: () => actor.getSnapshot().context.problem,
  };
}

describe('recording machine (widget-spec §4 "Dictate mode", "Recording flow", §5, §8, §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('speech, then 1500 ms of silence: stops by itself, transcribes, gives the text and releases the microphone', async () => {
    const h = harness();
    expect(selectPhase(h.actor.getSnapshot())).toBe('idle');
    h.actor.send({ type: 'RECORD.START' });
    expect(h.value()).toEqual({ active: { capturing: { listening: 'waitingForSpeech' } } });
    expect(selectPhase(h.actor.getSnapshot())).toBe('recording');
    expect(h.log).toEqual(['mic acquired', 'recorder started on stream-1']);

    h.level(0.02, 0.08, 0.1); // 0.1 is not over the threshold
    expect(h.value()).toEqual({ active: { capturing: { listening: 'waitingForSpeech' } } });
    h.level(0.3);
    expect(h.value()).toEqual({ active: { capturing: { listening: 'speaking' } } });
    expect(h.actor.getSnapshot().context.heardSpeech).toBe(true);

    // a pause between words shorter than the silence timeout does not stop it
    h.level(0);
    expect(h.value()).toEqual({ active: { capturing: { listening: 'trailingSilence' } } });
    vi.advanceTimersByTime(SILENCE_TIMEOUT_MS - 1);
    h.level(0.25);
    expect(h.value()).toEqual({ active: { capturing: { listening: 'speaking' } } });

    h.level(0.01);
    vi.advanceTimersByTime(SILENCE_TIMEOUT_MS - 1);
    expect(h.transcribe.calls).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(h.log).toContain('recorder RECORDER.STOP');
    expect(h.value()).toBe('transcribing');
    expect(selectPhase(h.actor.getSnapshot())).toBe('waiting');
    // the microphone is released as soon as the recording ends, not after the transcription
    expect(h.log.slice(-4)).toEqual(['meter torn down', 'recorder RECORDER.STOP', 'recorder torn down', 'mic released']);
    expect(h.transcribe.calls).toHaveLength(1);
    expect(h.call(0).input.audio.size).toBe(4000);

    h.call(0).resolve('  hello world ');
    await vi.runAllTimersAsync();
    expect(h.value()).toBe('idle');
    expect(h.emitted).toEqual([{ type: 'transcribed', text: 'hello world' }]);
    expect(h.actor.getSnapshot().context).toMatchObject({ audio: null, stream: null, problem: null, bars: [] });
  });

  it('silence only: no transcribe call; "No speech detected" after the no-speech timeout', () => {
    const h = harness({ audioBytes: 2400 }); // pure silence still makes a 2.4 KB webm: the speech condition gates it
    h.actor.send({ type: 'RECORD.START' });
    for (let t = 0; t < NO_SPEECH_TIMEOUT_MS - 50; t += 50) {
      h.level(0.01);
      vi.advanceTimersByTime(50);
    }
    expect(h.value()).toEqual({ active: { capturing: { listening: 'waitingForSpeech' } } });
    vi.advanceTimersByTime(50);
    expect(h.value()).toBe('idle');
    expect(h.transcribe.calls).toHaveLength(0);
    expect(h.problem()).toEqual({ code: 'no-speech' });
    expect(h.emitted).toEqual([{ type: 'failed', problem: { code: 'no-speech' } }]);
    expect(h.log.at(-1)).toBe('mic released');
  });

  it('send with no speech heard: "No speech detected", nothing sent', () => {
    const h = harness();
    h.actor.send({ type: 'RECORD.START' });
    h.level(0.05);
    h.actor.send({ type: 'RECORD.SEND' });
    expect(h.value()).toBe('idle');
    expect(h.transcribe.calls).toHaveLength(0);
    expect(h.problem()).toEqual({ code: 'no-speech' });
  });

  it('the audio must be over 1000 bytes (widget-spec §5)', () => {
    expect(isTranscribable(true, new Blob([new Uint8Array(1000)]))).toBe(false);
    expect(isTranscribable(true, new Blob([new Uint8Array(1001)]))).toBe(true);
    expect(isTranscribable(false, new Blob([new Uint8Array(5000)]))).toBe(false);
    expect(isTranscribable(true, null)).toBe(false);

    const h = harness({ audioBytes: 1000 });
    h.actor.send({ type: 'RECORD.START' });
    h.level(0.5);
    h.actor.send({ type: 'RECORD.SEND' });
    expect(h.value()).toBe('idle');
    expect(h.transcribe.calls).toHaveLength(0);
    expect(h.problem()).toEqual({ code: 'no-speech' });
  });

  it('send stops at once and transcribes what was said', async () => {
    const h = harness();
    h.actor.send({ type: 'RECORD.START' });
    h.level(0.4);
    h.actor.send({ type: 'RECORD.SEND' });
    expect(h.value()).toBe('transcribing');
    h.call(0).resolve('what are the fees');
    await vi.runAllTimersAsync();
    expect(h.emitted).toEqual([{ type: 'transcribed', text: 'what are the fees' }]);
  });

  it('cancel discards the recording and releases the microphone; a transcription on its way is dropped', async () => {
    const h = harness();
    h.actor.send({ type: 'RECORD.START' });
    h.level(0.4);
    h.actor.send({ type: 'RECORD.CANCEL' });
    expect(h.value()).toBe('idle');
    expect(h.log).not.toContain('recorder RECORDER.STOP');
    expect(h.log.slice(-3)).toEqual(['meter torn down', 'recorder torn down', 'mic released']);
    expect(h.transcribe.calls).toHaveLength(0);

    h.actor.send({ type: 'RECORD.START' });
    h.level(0.4);
    h.actor.send({ type: 'RECORD.SEND' });
    expect(h.value()).toBe('transcribing');
    h.actor.send({ type: 'RECORD.CANCEL' });
    h.call(0).resolve('too late');
    await vi.runAllTimersAsync();
    expect(h.value()).toBe('idle');
    expect(h.emitted).toEqual([]);
    expect(h.actor.getSnapshot().context.audio).toBeNull();
  });

  it('a refused microphone: "Recording failed" with the reason; nothing is left running', () => {
    const h = harness({ micFails: 'denied' });
    h.actor.send({ type: 'RECORD.START' });
    expect(h.value()).toBe('idle');
    expect(h.problem()).toEqual({ code: 'recording-failed', reason: 'denied' });
    expect(h.emitted).toEqual([{ type: 'failed', problem: { code: 'recording-failed', reason: 'denied' } }]);
    expect(h.log).toEqual(['mic acquired', 'mic released']);
  });

  it('a recorder that cannot start is a recording failure too', () => {
    const h = harness();
    h.actor.send({ type: 'RECORD.START' });
    h.recorder()?.fail('unsupported');
    expect(h.value()).toBe('idle');
    expect(h.problem()).toEqual({ code: 'recording-failed', reason: 'unsupported' });
    expect(h.log.at(-1)).toBe('mic released');
  });

  it('a failed transcription keeps the audio: Retry sends the same recording once more', async () => {
    const h = harness();
    h.actor.send({ type: 'RECORD.START' });
    h.level(0.4);
    h.actor.send({ type: 'RECORD.SEND' });
    const first = h.call(0).input.audio;
    h.call(0).reject(new TranscriptionFailure({ code: 'http', status: 502 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(h.value()).toBe('failed');
    expect(h.problem()).toEqual({ code: 'transcription-failed', fault: { code: 'http', status: 502 } });
    expect(h.actor.getSnapshot().can({ type: 'RECORD.RETRY' })).toBe(true);
    // dictation does not restart by itself
    await vi.advanceTimersByTimeAsync(RESTART_DELAY_MS * 5);
    expect(h.value()).toBe('failed');

    h.actor.send({ type: 'RECORD.RETRY' });
    expect(h.value()).toBe('transcribing');
    expect(h.transcribe.calls).toHaveLength(2);
    expect(h.call(1).input.audio).toBe(first);
    h.call(1).resolve('second time lucky');
    await vi.advanceTimersByTimeAsync(0);
    expect(h.value()).toBe('idle');
    expect(h.emitted.at(-1)).toEqual({ type: 'transcribed', text: 'second time lucky' });
    expect(h.actor.getSnapshot().can({ type: 'RECORD.RETRY' })).toBe(false);
  });

  it('a failure without an HTTP answer has no detail; cancel forgets the audio', async () => {
    const h = harness();
    h.actor.send({ type: 'RECORD.START' });
    h.level(0.4);
    h.actor.send({ type: 'RECORD.SEND' });
    h.call(0).reject(new TypeError('Failed to fetch'));
    await vi.advanceTimersByTimeAsync(0);
    expect(h.problem()).toEqual({ code: 'transcription-failed', fault: null });
    h.actor.send({ type: 'RECORD.CANCEL' });
    expect(h.value()).toBe('idle');
    expect(h.actor.getSnapshot().context.audio).toBeNull();
  });

  it('an empty transcript is "No speech detected"', async () => {
    const h = harness();
    h.actor.send({ type: 'RECORD.START' });
    h.level(0.4);
    h.actor.send({ type: 'RECORD.SEND' });
    h.call(0).resolve('   ');
    await vi.advanceTimersByTimeAsync(0);
    expect(h.value()).toBe('idle');
    expect(h.problem()).toEqual({ code: 'no-speech' });
    expect(h.emitted).toEqual([{ type: 'failed', problem: { code: 'no-speech' } }]);
  });

  it('a recording stops at the longest length even while the visitor keeps talking', () => {
    const h = harness();
    h.actor.send({ type: 'RECORD.START' });
    h.level(0.4);
    vi.advanceTimersByTime(MAX_RECORDING_MS - 1);
    expect(h.value()).toEqual({ active: { capturing: { listening: 'speaking' } } });
    vi.advanceTimersByTime(1);
    expect(h.value()).toBe('transcribing');
  });

  it('the wave bars show while listening and go when it stops', () => {
    const h = harness();
    h.actor.send({ type: 'RECORD.START' });
    h.wave([3, 10, 40]);
    expect(h.actor.getSnapshot().context.bars).toEqual([3, 10, 40]);
    h.actor.send({ type: 'RECORD.CANCEL' });
    expect(h.actor.getSnapshot().context.bars).toEqual([]);
  });

  describe('voice mode', () => {
    it('after a transcript it waits for the answer, then records again', async () => {
      const h = harness({ mode: 'voice' });
      h.actor.send({ type: 'RECORD.START' });
      h.level(0.4, 0);
      vi.advanceTimersByTime(SILENCE_TIMEOUT_MS);
      h.call(0).resolve('tell me about super');
      await vi.advanceTimersByTimeAsync(0);
      expect(h.value()).toBe('waitingForResponse');
      expect(selectPhase(h.actor.getSnapshot())).toBe('waiting');
      expect(h.emitted).toEqual([{ type: 'transcribed', text: 'tell me about super' }]);
      expect(h.log.at(-1)).toBe('mic released');
      h.actor.send({ type: 'RESPONSE.DONE' });
      expect(h.value()).toEqual({ active: { capturing: { listening: 'waitingForSpeech' } } });
      expect(h.log.at(-1)).toBe('recorder started on stream-2');
    });

    it('"No speech detected" and a failed transcription restart recording after the restart delay', async () => {
      const h = harness({ mode: 'voice' });
      h.actor.send({ type: 'RECORD.START' });
      h.actor.send({ type: 'RECORD.SEND' });
      expect(h.value()).toBe('noSpeech');
      expect(h.problem()).toEqual({ code: 'no-speech' });
      vi.advanceTimersByTime(RESTART_DELAY_MS - 1);
      expect(h.value()).toBe('noSpeech');
      vi.advanceTimersByTime(1);
      expect(selectPhase(h.actor.getSnapshot())).toBe('recording');
      expect(h.problem()).toBeNull();

      h.level(0.5);
      h.actor.send({ type: 'RECORD.SEND' });
      h.call(0).reject(new TranscriptionFailure({ code: 'http', status: 500 }));
      await vi.advanceTimersByTimeAsync(0);
      expect(h.value()).toBe('failed');
      await vi.advanceTimersByTimeAsync(RESTART_DELAY_MS);
      expect(selectPhase(h.actor.getSnapshot())).toBe('recording');
    });

    it('pause (the avatar talks, or muted) drops a recording but not a transcription; RECORD.START records again', async () => {
      const h = harness({ mode: 'voice' });
      h.actor.send({ type: 'RECORD.START' });
      h.level(0.5);
      h.actor.send({ type: 'RECORD.PAUSE' });
      expect(h.value()).toBe('idle');
      expect(h.transcribe.calls).toHaveLength(0);
      expect(h.log.at(-1)).toBe('mic released');

      h.actor.send({ type: 'RECORD.START' });
      h.level(0.5);
      h.actor.send({ type: 'RECORD.SEND' });
      h.actor.send({ type: 'RECORD.PAUSE' });
      expect(h.value()).toBe('transcribing');
      h.call(0).resolve('keep this');
      await vi.advanceTimersByTimeAsync(0);
      expect(h.emitted).toEqual([{ type: 'transcribed', text: 'keep this' }]);
      expect(h.value()).toBe('waitingForResponse');
      h.actor.send({ type: 'RECORD.START' });
      expect(selectPhase(h.actor.getSnapshot())).toBe('recording');

      // paused after a failed transcription: no restart by itself
      h.level(0.5);
      h.actor.send({ type: 'RECORD.SEND' });
      h.call(1).reject(new TranscriptionFailure({ code: 'http', status: 500 }));
      await vi.advanceTimersByTimeAsync(0);
      h.actor.send({ type: 'RECORD.PAUSE' });
      await vi.advanceTimersByTimeAsync(RESTART_DELAY_MS * 3);
      expect(h.value()).toBe('idle');
    });

    it('cancel ends the loop wherever it is', () => {
      const h = harness({ mode: 'voice' });
      h.actor.send({ type: 'RECORD.START' });
      h.actor.send({ type: 'RECORD.SEND' });
      h.actor.send({ type: 'RECORD.CANCEL' });
      vi.advanceTimersByTime(RESTART_DELAY_MS * 3);
      expect(h.value()).toBe('idle');
    });
  });

  it('stopping the actor releases the microphone', () => {
    const h = harness();
    h.actor.send({ type: 'RECORD.START' });
    h.actor.stop();
    expect(h.log).toContain('mic released');
  });

  it('every effect must be provided', () => {
    const actor = createActor(recordingMachine, { input: {} });
    const errors: unknown[] = [];
    actor.subscribe({ error: (e) => errors.push(e) });
    actor.start();
    actor.send({ type: 'RECORD.START' });
    expect(String(errors[0])).toMatch(/microphone actor not provided/);
  });
});
