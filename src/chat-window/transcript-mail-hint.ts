/**
 * The transcript action's hint when the server mails transcripts (the part of the widget's catalogue, src/messages.ts,
 * that loads with the Settings tab's chunk; the address form's words load with the form: transcript-mail-messages.ts).
 * The name below takes the active locale's words (src/words.ts), now and as it changes.
 */
import { onWords } from '../words';

const EN = {
  /** In place of EMAIL_TRANSCRIPT_HINT (the mail program's) when the server mails the transcript. */
  MAIL_HINT: 'Sends this conversation to the email address you give.',
};

/** The hint's words (a locale's chunk has them: src/locales/). */
export type TranscriptMailHintWords = typeof EN;

export let { MAIL_HINT } = EN;

onWords('transcriptMailHint', EN, (w) => {
  ({ MAIL_HINT } = w);
});
