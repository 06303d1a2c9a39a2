/**
 * Mail (docs/server.md "Mail"): one plain-text message at a time through the SMTP relay of `SMTP_URL`, with
 * nodemailer. Without `SMTP_URL` there is no mailer (null), and nothing anywhere claims to send. A send that
 * fails, or takes too long, rejects with a {@link MailError} the caller reports; it never crashes the server.
 */
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';

/** One message: to one address, a subject, a plain-text body (never HTML). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail; resolves once the relay accepted the message, rejects with a {@link MailError} otherwise. */
export interface Mailer {
  send(m: MailMessage): Promise<void>;
}

/**
 * The limits of one send (ms): to connect, for the relay's greeting, for any silence after, and for the whole
 * message. A relay that is down or stalls fails the send within {@link MAIL_TIMEOUT_MS}.total.
 */
export const MAIL_TIMEOUT_MS = { connection: 10_000, greeting: 10_000, socket: 20_000, total: 30_000 } as const;

/**
 * Why a message was not sent: refused input (`INVALID`), or the relay's failure (`FAILED`). Never holds credentials,
 * nor the recipient's address (a relay's refusal that names it reads `<recipient>`).
 */
export class MailError extends Error {
  constructor(
    readonly code: 'INVALID' | 'FAILED',
    message: string,
    /**
     * The SMTP client's error code (`EENVELOPE`, `ECONNECTION`, `ETIMEDOUT`, …) and the relay's reply code (550, …),
     * when known: all a log says of a relay's failure (its reply's text may quote the message or the address).
     * @default {}
     */
    readonly smtp: { code?: string; responseCode?: number } = {},
  ) {
    super(message);
    this.name = 'MailError';
  }
}

/**
 * What a log may say of a failed send: the {@link MailError}'s code and the SMTP codes, never its message, the
 * address or the text.
 */
export function mailFailure(err: unknown): { mailError: string; smtpCode?: string; responseCode?: number } {
  if (!(err instanceof MailError)) return { mailError: 'UNKNOWN' };
  const { code, responseCode } = err.smtp;
  return { mailError: err.code, ...(code ? { smtpCode: code } : {}), ...(responseCode ? { responseCode } : {}) };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** CR or LF: a header value holding one could start a header of its own. */
const LINE_BREAK = /[\r\n]/;

/**
 * The one plain address in `raw` (`Name <a@b.example>` or `a@b.example`), parsed by nodemailer's address parser; null
 * when there is none, more than one, a group, a line break, or no `@` with text on both sides.
 */
export function singleAddress(raw: string): string | null {
  if (LINE_BREAK.test(raw) || raw.length > 320) return null;
  const [first, ...more] = addressparser(raw);
  if (!first || more.length || !('address' in first)) return null;
  const address = first.address ?? '';
  return /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;.]+$/.test(address) ? address : null;
}

/**
 * SMTP_URL: unset or empty for no mail; else an smtp:// or smtps:// URL with a host. The error names the variable,
 * never its value (it may hold a password).
 */
export function smtpUrlFrom(raw: string | undefined): string | undefined {
  const v = raw?.trim();
  if (!v) return undefined;
  let url: URL | null = null;
  try {
    url = new URL(v);
  } catch {
    // reported below, without the value
  }
  if (!url || !/^smtps?:$/.test(url.protocol) || !url.hostname)
    throw new Error('SMTP_URL must be an smtp:// or smtps:// URL (smtps://user:password@smtp.example.com:465), or unset for no mail');
  return v;
}

/** The relay as the banner and the logs may show it: scheme, host and port, never the user or the password. */
export function describeSmtp(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.host}`;
}

/**
 * MAIL_FROM when unset: the licensee's name with `no-reply@` the public host (PUBLIC_URL's, else `localhost`), as
 * nodemailer's address object so the name is encoded, never pasted into the header.
 */
export function defaultMailFrom(business: string, publicUrl: string | undefined): string {
  const host = publicUrl ? new URL(publicUrl).hostname : 'localhost';
  return `"${business.replace(/["\\]/g, '')}" <no-reply@${host}>`;
}

/**
 * The mailer of `smtpUrl` (checked by {@link smtpUrlFrom}), sending as `from`; null without a URL. Each message
 * opens its own connection (mail is rare here: a transcript, a link), within {@link MAIL_TIMEOUT_MS}.
 */
export function createMailer(
  smtpUrl: string | undefined,
  from: string,
  /** The limits (tests shorten them). @default MAIL_TIMEOUT_MS */
  limits: { [K in keyof typeof MAIL_TIMEOUT_MS]: number } = MAIL_TIMEOUT_MS,
): Mailer | null {
  if (!smtpUrl) return null;
  if (LINE_BREAK.test(from)) throw new Error('MAIL_FROM must be one line');
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: limits.connection,
    greetingTimeout: limits.greeting,
    socketTimeout: limits.socket,
    // nodemailer's own logger stays off: it would print the conversation with the relay, AUTH included
    logger: false,
  });
  const relay = describeSmtp(smtpUrl);
  return {
    async send({ to, subject, text }) {
      const address = singleAddress(to);
      if (!address) throw new MailError('INVALID', 'Not one email address');
      if (LINE_BREAK.test(subject)) throw new MailError('INVALID', 'A subject is one line');
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new MailError('FAILED', `Mail not sent: ${relay} did not answer within ${limits.total / 1000} s`, { code: 'ETIMEDOUT' }),
            ),
          limits.total,
        );
      });
      try {
        await Promise.race([
          transport.sendMail({ from, to: address, subject, text, textEncoding: 'quoted-printable' }).catch((err: unknown) => {
            const e = err as { code?: string; responseCode?: number; message?: string };
            const why = e.responseCode
              ? `${e.responseCode} ${e.message ?? ''}`
              : [e.code, e.message].filter(Boolean).join(' ') || 'unknown error';
            // a relay's refusal often names the recipient: the error is logged, the visitor's address is not
            const redacted = why.replace(new RegExp(escapeRegExp(address), 'gi'), '<recipient>');
            const smtp = {
              ...(typeof e.code === 'string' ? { code: e.code.slice(0, 40) } : {}),
              ...(typeof e.responseCode === 'number' ? { responseCode: e.responseCode } : {}),
            };
            throw new MailError('FAILED', `Mail not sent through ${relay}: ${redacted}`.replace(/[\r\n]+/g, ' ').trim(), smtp);
          }),
          timeout,
        ]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
