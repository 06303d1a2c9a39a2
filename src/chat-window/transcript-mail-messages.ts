/**
 * 'Email me a transcript' through the server's mail (the part of the widget's catalogue, src/messages.ts, that loads
 * with the address form's chunk, src/chat-window/transcript-mail.tsx): the form and what became of the send, in
 * the manner of widget-spec §8's texts ('Failed to …'). The names below take the active locale's words (src/words.ts),
 * now and as it changes.
 */
import { onWords } from '../words';

const EN = {
  /** The address field's label, and the form's button. */
  EMAIL_ADDRESS: 'Your email address',
  SEND_TRANSCRIPT: 'Send transcript',
  SENDING_TRANSCRIPT: 'Sending…',
  /** The send's outcome: sent, refused as too many, or failed (the relay, the network, an address the server refused). */
  transcriptSent: (email: string) => `Transcript sent to ${email}`,
  TRANSCRIPT_THROTTLED: 'Too many transcripts sent. Please try again later.',
  TRANSCRIPT_FAILED: 'Failed to send transcript',
};

/** The server-mail transcript's words (a locale's chunk has them: src/locales/). */
export type TranscriptMailWords = typeof EN;

export let { EMAIL_ADDRESS, SEND_TRANSCRIPT, SENDING_TRANSCRIPT, transcriptSent, TRANSCRIPT_THROTTLED, TRANSCRIPT_FAILED } = EN;

onWords('transcriptMail', EN, (w) => {
  ({ EMAIL_ADDRESS, SEND_TRANSCRIPT, SENDING_TRANSCRIPT, transcriptSent, TRANSCRIPT_THROTTLED, TRANSCRIPT_FAILED } = w);
});
