/** Mail, only when SMTP_URL is set (docs/advice-records.md "Module seams"). */

/** Sends one plain-text message. */
export interface Mailer {
  send(m: { to: string; subject: string; text: string }): Promise<void>;
}

/** The mailer for `smtpUrl`, or null without one (nothing pretends to send). */
export function createMailer(smtpUrl: string | undefined, _from: string): Mailer | null {
  if (!smtpUrl) return null;
  throw new Error('mail is not available in this build');
}
