/**
 * A local SMTP server for the tests (smtp-server), on 127.0.0.1 on a free port: it takes every message (no TLS, any
 * or no login) and keeps it with its envelope, its raw DATA and the parts the tests read (headers, subject and text
 * decoded from their transfer encodings). `refuse` makes it refuse recipients, as a relay refuses an unknown one.
 * `startRelay` is the set-up the server tests share: the server refusing `nobody@…`, and the server's mailer through it.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createMailer, type Mailer } from '../../server/mail';

/** The server tests' MAIL_FROM. */
export const MAIL_FROM = '"Horizon Advice Pty Ltd" <no-reply@advice.example>';

/** The address the relay refuses (550), as a relay refuses an unknown recipient. */
export const refusedAddress = (address: string) => address.startsWith('nobody@');

/** One message the server accepted. */
export interface ReceivedMail {
  /** MAIL FROM and RCPT TO, as the client sent them. */
  envelope: { from: string; to: string[] };
  /** The DATA, as received (CRLF line ends). */
  raw: string;
  /** The headers, by lower-case name (unfolded, not decoded; the last of a repeated one). */
  headers: Record<string, string>;
  /** The subject, decoded from its encoded words. */
  subject: string;
  /** The body, decoded from its transfer encoding and charset (UTF-8), with LF line ends. */
  text: string;
}

export interface LocalSmtp {
  /** `smtp://127.0.0.1:PORT` (the SMTP_URL a test gives the server). */
  url: string;
  /** Every message accepted, in order. */
  messages: ReceivedMail[];
  /** The first message (already received, or the next) that satisfies `predicate`. */
  waitForMessage(predicate?: (m: ReceivedMail) => boolean): Promise<ReceivedMail>;
  close(): Promise<void>;
}

const decodeQuotedPrintable = (s: string) =>
  Buffer.from(
    s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), as nodemailer writes a subject that is not ASCII. */
const decodeWords = (s: string) =>
  s
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );

/** A single-part message's headers, subject and text. */
export function parseMail(raw: string): Pick<ReceivedMail, 'headers' | 'subject' | 'text'> {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const decoded =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : Buffer.from(body, 'latin1').toString('utf8');
  return { headers, subject: decodeWords(headers.subject ?? ''), text: decoded.replace(/\r\n/g, '\n').replace(/\n$/, '') };
}

export async function startSmtp(options: { refuse?: (address: string) => boolean } = {}): Promise<LocalSmtp> {
  const messages: ReceivedMail[] = [];
  const waiting: { predicate: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) {
        const err = Object.assign(new Error('No such user here'), { responseCode: 550 });
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('latin1');
        const mail: ReceivedMail = {
          envelope: {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
          },
          raw,
          ...parseMail(raw),
        };
        messages.push(mail);
        for (const w of waiting.splice(0)) {
          if (w.predicate(mail)) w.resolve(mail);
          else waiting.push(w);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMessage(predicate = () => true) {
      const found = messages.find(predicate);
      return found ? Promise.resolve(found) : new Promise((resolve) => waiting.push({ predicate, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The local server refusing `nobody@…`, and `mailer()`: a mailer through it from {@link MAIL_FROM}, as the server makes one from SMTP_URL and MAIL_FROM. */
export async function startRelay(): Promise<LocalSmtp & { mailer: () => Mailer }> {
  const smtp = await startSmtp({ refuse: refusedAddress });
  return { ...smtp, mailer: () => createMailer(smtp.url, MAIL_FROM)! };
}
