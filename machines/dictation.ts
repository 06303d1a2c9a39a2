/**
 * Dictation in the widget's system (widget-spec §4 "Dictation"): the recording machine in dictation
 * mode (spawned as `recording`) and the reactions around it, as transitions: a transcript goes into the
 * chat's draft, and closing the window or leaving the Chat tab cancels the recording. The window's and
 * the recording's facts reach it through the widget's `facts` relays (machines/widget.ts).
 */
import { sendTo, setup } from 'xstate';
import { recordingMachine, type RecordingEmitted } from './recording';
import { facts } from './widget';
import type { WindowEmitted } from './window';

/**
 * Dictated text goes after what was typed (widget-spec §4: "puts the text into the
 * input"; we append rather than replace, so nothing typed is lost), one space between.
 */
export function appendDictation(draft: string, text: string): string {
  if (!draft.trim()) return text;
  return /\s$/.test(draft) ? `${draft}${text}` : `${draft} ${text}`;
}

export const dictationMachine = setup({
  types: { events: {} as RecordingEmitted | WindowEmitted },
  actors: { recording: recordingMachine, facts },
  actions: { cancel: sendTo('recording', { type: 'RECORD.CANCEL' }) },
}).createMachine({
  id: 'dictation',
  invoke: [
    { src: 'recording', id: 'recording', systemId: 'recording', input: { mode: 'dictation' } },
    { src: 'facts', input: 'recording' },
    { src: 'facts', input: 'window' },
  ],
  on: {
    transcribed: {
      actions: sendTo(
        ({ system }) => system.get('chat'),
        ({ event, system }) => ({
          type: 'CHAT.TYPE',
          text: appendDictation(
            system.get('chat').getSnapshot().context.draft,
            (event as Extract<RecordingEmitted, { type: 'transcribed' }>).text,
          ),
        }),
      ),
    },
    'window.closed': { actions: 'cancel' },
    'tab.entered': { guard: ({ event }) => event.tab !== 'chat', actions: 'cancel' },
  },
});
