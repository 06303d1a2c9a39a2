/** Dictation's view model (widget-spec §4 "Dictate mode", §8 "Voice") over the real recording machine. */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import {
  recordingMachine,
  type AudioStream,
  type RecorderCommand,
  type RecordingEvent,
  type RecordingFailure,
} from '../../machines/recording';
import { problemText } from '../../src/dictation/messages';
import { appendDictation, connectDictation } from '../../src/view-models/dictation';

describe('texts (widget-spec §8 "Voice")', () => {
  it('maps each problem to its text', () => {
    expect(problemText(null)).toBe('');
    expect(problemText({ code: 'no-speech' })).toBe('No speech detected');
    expect(problemText({ code: 'recording-failed', reason: 'not-found' })).toBe('Recording failed: no microphone was found');
    expect(problemText({ code: 'transcription-failed', fault: { code: 'http', status: 500 } })).toBe(
      'Transcription failed: HTTP error! status: 500',
    );
    expect(problemText({ code: 'transcription-failed', fault: { code: 'invalid' } })).toBe(
      'Transcription failed: Invalid response from API',
    );
    expect(problemText({ code: 'transcription-failed', fault: null })).toBe('Transcription failed');
  });

  it('words each reason the microphone or the recorder reports, after "Recording failed: "', () => {
    const text = (reason: RecordingFailure) => problemText({ code: 'recording-failed', reason });
    expect(text('denied')).toBe('Recording failed: microphone access was denied');
    expect(text('not-found')).toBe('Recording failed: no microphone was found');
    expect(text('in-use')).toBe('Recording failed: the microphone is in use or unavailable');
    // widget-spec §8: 'Recording failed': the microphone could not start
    expect(text('not-started')).toBe('Recording failed: the microphone could not start');
    expect(text('insecure')).toBe('Recording failed: recording needs a secure (https) page');
    expect(text('unsupported')).toBe('Recording failed: this browser cannot record audio');
    expect(text('interrupted')).toBe('Recording failed: the recording stopped unexpectedly');
  });
});

describe('the transcript goes after what was typed', () => {
  it('with one space between, and nothing lost', () => {
    expect(appendDictation('', 'hello')).toBe('hello');
    expect(appendDictation('   ', 'hello')).toBe('hello');
    expect(appendDictation('Dear team,', 'hello')).toBe('Dear team, hello');
    expect(appendDictation('Dear team,\n', 'hello')).toBe('Dear team,\nhello');
    expect(appendDictation('a ', 'b')).toBe('a b');
  });
});

describe('connectDictation', () => {
  const start = () => {
    let meter: ((e: RecordingEvent) => void) | undefined;
    const actor = createActor(
      recordingMachine.provide({
        actors: {
          microphone: fromCallback<RecordingEvent>(({ sendBack }) => sendBack({ type: 'MIC.READY', stream: {} as AudioStream })),
          recorder: fromCallback<RecorderCommand, { stream: AudioStream }>(({ sendBack, receive }) =>
            receive(() => sendBack({ type: 'RECORDER.DONE', audio: new Blob([new Uint8Array(3000)]) })),
          ),
          meter: fromCallback<RecordingEvent, { stream: AudioStream }>(({ sendBack }) => {
            meter = sendBack;
          }),
          transcribe: fromPromise<string, { audio: Blob }>(() => new Promise<string>(() => undefined)),
        },
      }),
      { input: {} },
    ).start();
    return { actor, view: () => connectDictation(actor.getSnapshot(), actor), meter: (e: RecordingEvent) => meter?.(e) };
  };

  it('idle: Dictate with the mic icon, the usual send button, nothing to say', () => {
    const { view } = start();
    expect(view().dictate).toMatchObject({ label: 'Dictate', icon: 'mic' });
    expect(view()).toMatchObject({ busy: false, send: null, status: '', bars: null, retry: null, transcribing: false, isProblem: false });
  });

  it('recording: Cancel dictation, send stops and transcribes, the wave; then Transcribing', () => {
    const { actor, view, meter } = start();
    view().dictate.onClick();
    expect(view().dictate).toMatchObject({ label: 'Cancel dictation', icon: 'close' });
    expect(view().send?.label).toBe('Stop and transcribe');
    expect(view().status).toBe('Recording… press send when you are done');
    meter({ type: 'METER.WAVE', bars: [3, 40] });
    expect(view().bars).toEqual([3, 40]);
    meter({ type: 'METER.LEVEL', level: 0.5 });
    view().send?.onClick();
    expect(actor.getSnapshot().value).toBe('transcribing');
    expect(view()).toMatchObject({ status: 'Transcribing', transcribing: true, bars: null, send: null, busy: true });
    // cancel abandons the transcription
    view().dictate.onClick();
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('a problem is shown in the error colour until the next recording', () => {
    const { view } = start();
    view().dictate.onClick();
    view().send?.onClick();
    expect(view()).toMatchObject({ status: 'No speech detected', isProblem: true });
    view().dictate.onClick();
    expect(view().isProblem).toBe(false);
  });
});
