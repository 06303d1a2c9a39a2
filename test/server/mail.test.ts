/** server/mail.ts against a local SMTP server (test/server/smtp.ts): what it sends, what it refuses, how it fails. */
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBanner } from '../../server/banner';
import { configFromEnv } from '../../server/config';
import { createMailer, defaultMailFrom, describeSmtp, MailError, mailFailure, singleAddress, smtpUrlFrom } from '../../server/mail';
import { MAIL_FROM as FROM, refusedAddress, startSmtp, type LocalSmtp } from './smtp';

let smtp: LocalSmtp;
beforeAll(async () => {
  smtp = await startSmtp({ refuse: refusedAddress });
});
afterAll(() => smtp.close());

describe('the mailer', () => {
  it('is null without SMTP_URL: nothing pretends to send', () => {
    expect(createMailer(undefined, FROM)).toBeNull();
    expect(createMailer('', FROM)).toBeNull();
  });

  it('sends plain text from MAIL_FROM to the one address given', async () => {
    const mailer = createMailer(smtp.url, FROM)!;
    await mailer.send({
      to: 'Ann Client <ann@client.example>',
      subject: 'Your chat transcript',
      text: 'You:\nHello\n\nAI Agent:\nHi there',
    });
    const m = await smtp.waitForMessage((x) => x.envelope.to.includes('ann@client.example'));
    expect(m.envelope).toEqual({ from: 'no-reply@advice.example', to: ['ann@client.example'] });
    expect(m.headers.from).toBe('Horizon Advice Pty Ltd <no-reply@advice.example>');
    expect(m.headers['content-type']).toMatch(/^text\/plain; charset=utf-8/i);
    expect(m.subject).toBe('Your chat transcript');
    expect(m.text).toBe('You:\nHello\n\nAI Agent:\nHi there');
  });

  it('carries UTF-8 in the subject and the text', async () => {
    const mailer = createMailer(smtp.url, FROM)!;
    const text = 'أنت:\nمرحبا\n\n你好，我想了解退休储蓄。 — 100 % “quoted” €';
    await mailer.send({ to: 'zh@client.example', subject: '聊天记录：Horizon', text });
    const m = await smtp.waitForMessage((x) => x.envelope.to.includes('zh@client.example'));
    expect(m.subject).toBe('聊天记录：Horizon');
    expect(m.text).toBe(text);
    // encoded on the wire: the headers stay ASCII
    expect(/^[\x20-\x7e\r\n\t]*$/.test(m.raw.slice(0, m.raw.indexOf('\r\n\r\n')))).toBe(true);
  });

  it('rejects with the relay’s refusal of a recipient', async () => {
    const mailer = createMailer(smtp.url, FROM)!;
    const err = await mailer.send({ to: 'nobody@client.example', subject: 'x', text: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MailError);
    expect((err as MailError).code).toBe('FAILED');
    expect((err as MailError).message).toMatch(/^Mail not sent through smtp:\/\/127\.0\.0\.1:\d+: 550 /);
    expect(smtp.messages.some((m) => m.envelope.to.includes('nobody@client.example'))).toBe(false);
    // what a log says of it: the codes, never the relay's words (they may quote the address)
    expect((err as MailError).smtp).toEqual({ code: 'EENVELOPE', responseCode: 550 });
    expect(mailFailure(err)).toEqual({ mailError: 'FAILED', smtpCode: 'EENVELOPE', responseCode: 550 });
  });

  it('refuses a second address, a group, or a line break in the address or the subject (no header injection)', async () => {
    const mailer = createMailer(smtp.url, FROM)!;
    const before = smtp.messages.length;
    for (const m of [
      { to: 'a@client.example, b@client.example', subject: 'x', text: 'x' },
      { to: 'team: a@client.example;', subject: 'x', text: 'x' },
      { to: 'a@client.example\r\nBcc: b@client.example', subject: 'x', text: 'x' },
      { to: 'not an address', subject: 'x', text: 'x' },
      { to: 'a@client.example', subject: 'Hi\r\nBcc: b@client.example', text: 'x' },
      { to: 'a@client.example', subject: 'Hi\nX-Evil: 1', text: 'x' },
    ]) {
      const err = await mailer.send(m).catch((e: unknown) => e);
      expect(err, JSON.stringify(m)).toBeInstanceOf(MailError);
      expect((err as MailError).code).toBe('INVALID');
    }
    expect(smtp.messages.length).toBe(before);
    expect(singleAddress('Ann <ann@client.example>')).toBe('ann@client.example');
    expect(singleAddress('ann@localhost')).toBeNull();
  });

  it('fails with a clear error when the relay is down', async () => {
    // a port that was free a moment ago: nothing listens there
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((r) => probe.close(() => r()));
    const mailer = createMailer(`smtp://127.0.0.1:${port}`, FROM)!;
    const err = await mailer.send({ to: 'ann@client.example', subject: 'x', text: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MailError);
    expect((err as MailError).message).toMatch(new RegExp(`^Mail not sent through smtp://127\\.0\\.0\\.1:${port}: E\\w+ .*ECONNREFUSED`));
  });

  it('keeps the recipient out of its error when the relay names it in its refusal (the error is logged)', async () => {
    // a relay that refuses every recipient as Postfix does, naming the address
    const relay: Server = createServer((socket) => {
      socket.write('220 relay.example ESMTP\r\n');
      socket.on('data', (data) => {
        for (const line of data.toString('latin1').split('\r\n').filter(Boolean)) {
          const rcpt = /^RCPT TO:<([^>]*)>/i.exec(line);
          if (rcpt) socket.write(`550 5.1.1 <${rcpt[1]}>: Recipient address rejected: User unknown in ${rcpt[1]}\r\n`);
          else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
          else socket.write('250 ok\r\n');
        }
      });
    });
    await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
    const { port } = relay.address() as AddressInfo;
    const mailer = createMailer(`smtp://127.0.0.1:${port}`, FROM)!;
    const err = await mailer.send({ to: 'Ann <Ann.Client@client.example>', subject: 'x', text: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MailError);
    expect((err as MailError).message).toMatch(/^Mail not sent through smtp:\/\/127\.0\.0\.1:\d+: 550 /);
    expect((err as MailError).message).toContain('Recipient address rejected');
    expect((err as MailError).message.toLowerCase()).not.toContain('ann.client@client.example');
    relay.close();
  });

  it('gives up on a relay that never answers within its time limits', async () => {
    // accepts the connection and says nothing (no greeting)
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const { port } = silent.address() as AddressInfo;
    const mailer = createMailer(`smtp://127.0.0.1:${port}`, FROM, { connection: 200, greeting: 200, socket: 200, total: 2000 })!;
    const started = Date.now();
    const err = await mailer.send({ to: 'ann@client.example', subject: 'x', text: 'x' }).catch((e: unknown) => e);
    // well under nodemailer's own defaults (a greeting waited for 30 s, a socket for 10 min): one of the limits above
    // cut it, whichever a loaded machine's late timers let fire first
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(err).toBeInstanceOf(MailError);
    expect((err as MailError).message).toMatch(/^Mail not sent through smtp:\/\/127\.0\.0\.1:\d+: ETIMEDOUT /);
    expect(mailFailure(err)).toMatchObject({ mailError: 'FAILED', smtpCode: 'ETIMEDOUT' });
    expect(mailFailure(new Error('anything'))).toEqual({ mailError: 'UNKNOWN' });
    silent.close();
  });
});

describe('mail configuration', () => {
  it('reads SMTP_URL (smtp:// or smtps://) and refuses anything else, naming the variable and never the value', () => {
    expect(smtpUrlFrom(undefined)).toBeUndefined();
    expect(smtpUrlFrom('  ')).toBeUndefined();
    expect(smtpUrlFrom('smtps://u:p@smtp.example.com:465')).toBe('smtps://u:p@smtp.example.com:465');
    for (const bad of ['http://u:secret@smtp.example.com', 'smtp.example.com', 'smtp://']) {
      let message = '';
      try {
        smtpUrlFrom(bad);
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message).toMatch(/^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
      expect(message).not.toContain('secret');
    }
    expect(() => configFromEnv({ SMTP_URL: 'ftp://x:secret@y' }, '/tmp')).toThrow(/^SMTP_URL/);
  });

  it('defaults MAIL_FROM to the licensee with no-reply@ the public host', () => {
    expect(configFromEnv({}, '/x').mailFrom).toBe('"Horizon Advice Pty Ltd" <no-reply@localhost>');
    expect(configFromEnv({ PUBLIC_URL: 'https://advice.example/' }, '/x').mailFrom).toBe(
      '"Horizon Advice Pty Ltd" <no-reply@advice.example>',
    );
    expect(configFromEnv({ MAIL_FROM: 'Help <help@advice.example>' }, '/x').mailFrom).toBe('Help <help@advice.example>');
    expect(defaultMailFrom('A "B" C', undefined)).toBe('"A B C" <no-reply@localhost>');
  });

  it('shows the relay in the banner without its user or password', () => {
    const url = 'smtps://mailer:s3cret@smtp.example.com:465';
    const info = {
      base: 'http://127.0.0.1:1',
      apiKey: 'k',
      siteId: 's',
      answers: 'a',
      transcription: null,
      avatar: null,
      storage: 'x',
      retention: null,
    };
    const on = startBanner({ ...info, mail: `${describeSmtp(url)} as ${FROM}` });
    expect(on).toContain('Mail: smtps://smtp.example.com:465 as');
    expect(on).not.toContain('s3cret');
    expect(on).not.toContain('mailer:');
    expect(startBanner(info)).toContain('Mail: off (SMTP_URL unset: nothing is mailed)');
  });
});
