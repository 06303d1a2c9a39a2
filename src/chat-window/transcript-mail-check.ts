/**
 * Whether the server mails transcripts (`GET {api}/transcript-mail`, docs/embedding.md "Transcript by email"), asked
 * once by the Settings tab's chunk; without its mail, or before there is a chat session, the transcript action stays
 * the `mailto:` link. The address form loads on demand (src/chat-window/transcript-mail.tsx).
 */
import { useEffect, useState } from 'react';
import type { Http } from '../api/client';

/** The calls the transcript's mail makes (the widget's HTTP layer, or a test's fake). */
export type MailHttp = Pick<Http, 'api' | 'authed'>;

const answers = new WeakMap<MailHttp, Promise<boolean>>();

/** Whether the server mails transcripts; asked once (an answer that did not come is asked again next time). */
function canMail(http: MailHttp): Promise<boolean> {
  let p = answers.get(http);
  if (!p) {
    p = http
      .authed(`${http.api}/transcript-mail`)
      .then((r) => r.json())
      .then((b: { available?: unknown }) => b.available === true);
    answers.set(http, p);
    p.catch(() => answers.delete(http));
  }
  return p.catch(() => false);
}

/** Whether the server mails transcripts: false until it said so, and without an HTTP layer. */
export function useCanMail(http: MailHttp | undefined): boolean {
  const [can, setCan] = useState(false);
  useEffect(() => {
    if (http) void canMail(http).then(setCan);
  }, [http]);
  return can;
}
