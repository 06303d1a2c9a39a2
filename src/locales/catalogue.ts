/**
 * What a locale's chunk holds: the words of every part of the widget's catalogue, typed by the English
 * modules, so that a missing or extra entry, or a function with other parameters, fails `tsc`.
 */
import type { HistoryWords } from '../chat-window/history-messages';
import type { TranscriptMailHintWords } from '../chat-window/transcript-mail-hint';
import type { TranscriptMailWords } from '../chat-window/transcript-mail-messages';
import type { DictationWords } from '../dictation/messages';
import type { EmbedsWords } from '../embeds/messages';
import type { CoreWords } from '../messages';
import type { VoiceWords } from '../voice/messages';

export type Catalogue = {
  core: CoreWords;
  history: HistoryWords;
  transcriptMailHint: TranscriptMailHintWords;
  transcriptMail: TranscriptMailWords;
  dictation: DictationWords;
  voice: VoiceWords;
  embeds: EmbedsWords;
};
