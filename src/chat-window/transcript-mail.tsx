/**
 * 'Email me a transcript' through the server's mail (docs/embedding.md "Transcript by email"): the form where the
 * visitor types their address (`POST {api}/transcript-mail`), a chunk of its own that the Settings tab loads on the
 * action's first click once the server said it mails (src/chat-window/transcript-mail-check.ts). The server mails
 * the chat session's stored messages as plain text.
 */
import { useState } from 'react';
import type { ChatActor } from '../../machines/chat';
import type { MailHttp } from './transcript-mail-check';
import { userSessionId } from '../effects/storage';
import { transcriptSubject, YOU } from '../messages';
import {
  EMAIL_ADDRESS,
  SEND_TRANSCRIPT,
  SENDING_TRANSCRIPT,
  TRANSCRIPT_FAILED,
  TRANSCRIPT_THROTTLED,
  transcriptSent,
} from './transcript-mail-messages';

type Outcome = 'sending' | 'sent' | 'throttled' | 'failed' | null;

/** The address form; `agentName` is the name the transcript gives the agent's messages. */
export function TranscriptMailForm({ http, chat, agentName }: { http: MailHttp; chat: ChatActor; agentName: string }) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [sentTo, setSentTo] = useState('');
  const submit = async (e: Event) => {
    e.preventDefault();
    if (outcome === 'sending') return;
    const email = ((e.currentTarget as HTMLFormElement).elements.namedItem('email') as HTMLInputElement).value.trim();
    setOutcome('sending');
    try {
      const res = await http.authed(`${http.api}/transcript-mail`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          userSessionId: userSessionId(),
          chatSessionId: chat.getSnapshot().context.chatSessionId,
          email,
          subject: transcriptSubject(agentName),
          you: YOU,
          agent: agentName,
        }),
      });
      setSentTo(email);
      setOutcome(res.ok ? 'sent' : res.status === 429 ? 'throttled' : 'failed');
    } catch {
      setOutcome('failed');
    }
  };
  return (
    <form data-part="transcript-mail" onSubmit={submit}>
      <label data-part="hint" for="transcript-email">
        {EMAIL_ADDRESS}
      </label>
      <input id="transcript-email" name="email" type="email" required autoComplete="email" dir="ltr" data-part="transcript-email" />
      <button type="submit" data-part="settings-button" aria-disabled={outcome === 'sending'}>
        {outcome === 'sending' ? SENDING_TRANSCRIPT : SEND_TRANSCRIPT}
      </button>
      <p role="status" data-part="hint" data-outcome={outcome ?? undefined}>
        {outcome === 'sent'
          ? transcriptSent(sentTo)
          : outcome === 'throttled'
            ? TRANSCRIPT_THROTTLED
            : outcome === 'failed'
              ? TRANSCRIPT_FAILED
              : ''}
      </p>
    </form>
  );
}
