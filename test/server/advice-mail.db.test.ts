/**
 * The mail of the advice files' links (docs/advice-records.md "Resume", "Mail"), on SQLite and PostgreSQL, through a
 * local SMTP server (test/server/smtp.ts) whose received messages the tests read: a link is stored before it is
 * mailed, so a store that fails mails nothing, and a code that was mailed redeems; the link's entry says a message
 * was asked for and a later `mail` entry what became of it; a relay's failure is logged by its codes only.
 */
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerJourneyAdviceRoutes } from '../../server/routes/journey-advice';
import { household } from '../journey/engine-fixtures';
import { openRawDatabase } from '../support/storages';
import { API_KEY, ORIGIN, startServer, type TestServer } from './harness';
import { startRelay } from './smtp';

let smtp: Awaited<ReturnType<typeof startRelay>>;
let s: TestServer;

beforeEach(async () => {
  smtp = await startRelay();
  s = await startServer({ mailer: smtp.mailer() });
});

afterEach(async () => {
  await s.stop();
  await s.remove();
  await smtp.close();
});

/** A call of the journey's API with the site's key, and a file's token when given. */
function call(path: string, body?: unknown, token?: string, base = s.base) {
  const headers: Record<string, string> = { 'X-API-Key': API_KEY, Origin: ORIGIN };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(`${base}/journey/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function newFile() {
  const res = await call('/advice-files', { consent: true, name: 'Ana Client', email: 'ana@example.com', wording: 'consent-v1' });
  expect(res.status).toBe(201);
  const file = (await res.json()) as { fileId: string; token: string };
  expect((await call(`/advice-files/${file.fileId}/answers`, { answers: household(), resumeAt: 'income' }, file.token)).status).toBe(201);
  return file;
}

/** Makes the database refuse every new resume link, as a store that fails would. */
async function refuseResumeLinks() {
  const raw = await openRawDatabase(s.database);
  try {
    if (s.database.backend === 'sqlite')
      await raw.exec(
        `CREATE TRIGGER refuse_resume_links BEFORE INSERT ON advice_links WHEN NEW.kind = 'resume'
         BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`,
      );
    else
      await raw.exec(
        `CREATE FUNCTION refuse_resume_links() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$;
         CREATE TRIGGER refuse_resume_links BEFORE INSERT ON advice_links FOR EACH ROW WHEN (NEW.kind = 'resume')
           EXECUTE FUNCTION refuse_resume_links()`,
      );
  } finally {
    await raw.close();
  }
}

describe('a resume link', () => {
  it('is stored before it is mailed: when the store fails, no message reaches the relay', async () => {
    const file = await newFile();
    await refuseResumeLinks();
    const res = await call(`/advice-files/${file.fileId}/resume-links`, { email: 'ana@example.com' }, file.token);
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ error: 'INTERNAL_ERROR' });
    // the relay has had every chance to take a message: a later one (the control) arrives after it would have
    const control = smtp.mailer();
    await control.send({ to: 'control@example.com', subject: 'Control', text: 'After the call.' });
    expect(smtp.messages.map((m) => m.envelope.to)).toEqual([['control@example.com']]);
    expect((await s.storage.adviceEntries(file.fileId)).map((e) => e.kind)).toEqual(['consent', 'answers']);
  });

  it('mailed, carries a code that redeems once, on another device', async () => {
    const file = await newFile();
    const res = await call(`/advice-files/${file.fileId}/resume-links`, { email: 'ana@example.com' }, file.token);
    expect(res.status).toBe(201);
    const link = (await res.json()) as { code: string; url: string; emailed: boolean };
    expect(link.emailed).toBe(true);
    const mail = await smtp.waitForMessage();
    expect(mail.envelope.to).toEqual(['ana@example.com']);
    const code = /type the code ([0-9A-Z]{4}-[0-9A-Z]{4})/.exec(mail.text)?.[1];
    expect(code).toBe(link.code);
    expect(mail.text).toContain(link.url);
    const resumed = await call('/resume', { code });
    expect(resumed.status).toBe(200);
    expect(await resumed.json()).toMatchObject({ fileId: file.fileId, name: 'Ana Client', resumeAt: 'income' });
    expect((await call('/resume', { code })).status).toBe(404);
  });
});

/** A couple's file, advised and its statement issued. */
async function coupleStatement() {
  const res = await call('/advice-files', { consent: true, name: 'Ana Client', email: 'ana@example.com', wording: 'consent-v1' });
  const file = (await res.json()) as { fileId: string; token: string };
  const answers = household({ relationshipStatus: 'couple', partner: { income: '40000' } });
  answers.partner.name = 'Bo Partner';
  expect((await call(`/advice-files/${file.fileId}/answers`, { answers }, file.token)).status).toBe(201);
  expect((await call(`/advice-files/${file.fileId}/advice`, {}, file.token)).status).toBe(200);
  const statement = (await (await call(`/advice-files/${file.fileId}/statement`, {}, file.token)).json()) as { statementId: string };
  return { ...file, statementId: statement.statementId };
}

describe('the record of a link’s message', () => {
  it('is the link’s entry asking for it, then a later entry saying it was sent, or that the relay failed', async () => {
    const couple = await coupleStatement();
    const accepted = (await (
      await call(
        `/advice-files/${couple.fileId}/acceptance`,
        { statementId: couple.statementId, partnerEmail: 'nobody@example.com' },
        couple.token,
      )
    ).json()) as { partnerLink: { url: string; emailed: boolean } };
    expect(accepted.partnerLink.emailed).toBe(false);
    const resume = (await (
      await call(`/advice-files/${couple.fileId}/resume-links`, { email: 'ana@example.com' }, couple.token)
    ).json()) as {
      code: string;
      emailed: boolean;
    };
    expect(resume.emailed).toBe(true);
    await smtp.waitForMessage();
    // without an address: no message asked for, and no entry about one
    await call(`/advice-files/${couple.fileId}/resume-links`, {}, couple.token);

    const entries = await s.storage.adviceEntries(couple.fileId);
    const tail = entries.slice(entries.findIndex((e) => e.kind === 'acceptance'));
    const seqOf = (i: number) => tail[i]!.seq;
    expect(tail.map(({ at: _at, by: _by, seq: _seq, ...e }) => e)).toEqual([
      { kind: 'acceptance', statementId: couple.statementId, sha256: expect.any(String), name: 'Ana Client' },
      { kind: 'partner-link', statementId: couple.statementId, expiresAt: expect.any(String), emailRequested: true },
      { kind: 'mail', about: 'partner', linkSeq: seqOf(1), outcome: 'failed' },
      { kind: 'resume-link', expiresAt: expect.any(String), emailRequested: true },
      { kind: 'mail', about: 'resume', linkSeq: seqOf(3), outcome: 'sent' },
      { kind: 'resume-link', expiresAt: expect.any(String), emailRequested: false },
    ]);
    // what the file holds already, and no more: not the partner's address, the link's token nor the code
    const stored = JSON.stringify(entries);
    for (const secret of ['nobody@example.com', accepted.partnerLink.url.split('#')[1]!, resume.code, resume.code.replace('-', '')])
      expect(stored).not.toContain(secret);
  });

  it('says a message held back by the mail limits was not sent, and the link is still given', async () => {
    const file = await newFile();
    const outcomes: boolean[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await call(`/advice-files/${file.fileId}/resume-links`, { email: 'ana@example.com' }, file.token);
      expect(res.status).toBe(201);
      outcomes.push(((await res.json()) as { emailed: boolean }).emailed);
    }
    expect(outcomes).toEqual([true, true, true, true, true, false]);
    const mails = (await s.storage.adviceEntries(file.fileId)).filter((e) => e.kind === 'mail');
    expect(mails.map((e) => e.kind === 'mail' && e.outcome)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent', 'limited']);
    expect(smtp.messages).toHaveLength(5);
  });
});

/** The journey's calls on a second instance over the same database, whose log (warn and up) the test reads. */
async function loggedInstance() {
  const lines: string[] = [];
  const app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } } });
  await registerJourneyAdviceRoutes(app, { storage: s.storage, mailer: smtp.mailer() });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return { base, lines, close: () => app.close() };
}

describe('a message the relay refuses', () => {
  it('is logged at warn with the file and the SMTP codes, never the address, the link, the code or the text', async () => {
    const logged = await loggedInstance();
    try {
      const couple = await coupleStatement();
      const accepted = (await (
        await call(
          `/advice-files/${couple.fileId}/acceptance`,
          { statementId: couple.statementId, partnerEmail: 'nobody@example.com' },
          couple.token,
          logged.base,
        )
      ).json()) as { partnerLink: { url: string; emailed: boolean } };
      expect(accepted.partnerLink.emailed).toBe(false);
      const link = (await (
        await call(`/advice-files/${couple.fileId}/resume-links`, { email: 'nobody@example.com' }, couple.token, logged.base)
      ).json()) as { code: string; url: string; emailed: boolean };
      expect(link.emailed).toBe(false);

      const warnings = logged.lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'advice mail not sent');
      expect(
        warnings.map(({ level, fileId, about, mailError, smtpCode, responseCode }) => ({
          level,
          fileId,
          about,
          mailError,
          smtpCode,
          responseCode,
        })),
      ).toEqual(
        ['partner', 'resume'].map((about) => ({
          level: 40,
          fileId: couple.fileId,
          about,
          mailError: 'FAILED',
          smtpCode: 'EENVELOPE',
          responseCode: 550,
        })),
      );
      const log = logged.lines.join('\n');
      for (const secret of [
        'nobody@',
        accepted.partnerLink.url.split('#')[1]!,
        link.code,
        link.code.replace('-', ''),
        'No such user',
        'Continue where you left off',
        'has accepted the statement',
      ])
        expect(log).not.toContain(secret);
      expect(smtp.messages).toEqual([]);
    } finally {
      await logged.close();
    }
  });
});
