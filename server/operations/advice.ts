/**
 * Advice files (docs/advice-records.md): every rule of the journey's calls (consent, answers, advice, the statement,
 * acceptance, resume and partner links) and of the console's (the list, a file, the replay, reviews, settings, the
 * versions in use), called by server/routes/journey-advice.ts, server/console/advice-routes.ts and `npm run admin`.
 * The journey's calls act for the client of a file (its bearer token) or for whoever holds a link; the console's for
 * an account whose role on the site allows it (an adviser or an owner; settings: an owner).
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  type Accepted,
  type AdviceFigures,
  type AdviceFileStatus,
  type AdviceFileSummary,
  type AdviceFileView as WireAdviceFileView,
  type AdviceSettings,
  type AdviceStatus,
  type AdviceVersionUse,
  type CreatedAdviceFile,
  type EntryAuthor,
  type IssuedStatement,
  type MailOutcome,
  PARTNER_LINK_DAYS,
  REVIEW_ITEMS,
  RESUME_LINK_DAYS,
  type Replay,
  type ReplayDifference,
  type ResumeLink,
  type Resumed as WireResumed,
  type ReviewItem,
  type ReviewOutcome,
} from '../../contract/advice';
import { type AdviceResult, computeAdvice } from '../../journey/engine';
import { adviceFigures } from '../../journey/engine/figures';
import { emptyAnswers } from '../../journey/questionnaire';
import { isAnswers } from '../../journey/storage';
import type { Answers } from '../../machines/journey-answers';
import { statementPdf } from '../advice/statement-pdf';
import { type MailMessage, type Mailer, mailFailure } from '../mail';
import type { AdviceEntry } from '../storage/types';
import { newToken } from '../storage/records';
import type { AdviceAppend, Site, Storage, StoredAdviceFile } from '../storage/types';
import { type Actor, type Context, contextOf, need, type OperationsOptions } from './context';
import { invalid, OperationError } from './errors';

type AdviceFileView = WireAdviceFileView<Answers>;
type Resumed = WireResumed<Answers>;

/** A refusal of a journey call, with its HTTP status and code (the API's error shape: `{ error, message }`). */
export class AdviceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: { field?: string; retryAfterS?: number } = {},
  ) {
    super(message);
    this.name = 'AdviceError';
  }
}

/** Anything wrong with a file's token, id or site: one answer, so that it tells a guesser nothing. */
const NOT_FOUND = () => new AdviceError(404, 'NOT_FOUND', 'Not found.');

/** Limits of the journey's calls (docs/advice-records.md). */
export const ADVICE_LIMITS = {
  /** The longest name, in characters. */
  name: 200,
  /** The longest email address (RFC 5321's path). */
  email: 254,
  /** The largest answers, in bytes of JSON. */
  answersBytes: 64 * 1024,
  /** Failed resume codes or partner tokens from one address before 429, in a window of `throttleWindowMs`. */
  failuresPerAddress: 10,
  /** Failed codes on one site from every address together before 429 (distributed guessing). */
  failuresPerSite: 1000,
  throttleWindowMs: 15 * 60_000,
  /** Advice files one address may create in `createWindowMs`. */
  createsPerAddress: 20,
  createWindowMs: 60 * 60_000,
  /**
   * Changed answers one file may append in `answersWindowMs`, and one address's files together: then 429. Far above
   * what a client's typing makes (the journey sends each change, bursts coalesced), far below a loop's.
   */
  answersPerFile: 1000,
  answersPerAddress: 5000,
  answersWindowMs: 60 * 60_000,
  /** Resume links one file may make in `linkWindowMs` (each is an entry, and maybe a message): then 429. */
  resumeLinksPerFile: 10,
  linkWindowMs: 60 * 60_000,
  /**
   * Messages (resume and partner links) sent for one address's files in `mailWindowMs`, and for one site's: past
   * either, the link is still given but not mailed (`emailed: false`), so that nobody can make the server mail
   * someone else over and over.
   */
  mailsPerAddress: 5,
  mailsPerSite: 200,
  mailWindowMs: 60 * 60_000,
  /** Statements (each a PDF rendered and stored) one file may be issued in `statementWindowMs`, and one address's files: then 429. */
  statementsPerFile: 10,
  statementsPerAddress: 30,
  statementWindowMs: 60 * 60_000,
  /** A review's notes, in characters. */
  notes: 4000,
  /** A page of the console's list. */
  page: 50,
} as const;

const DAY_MS = 86_400_000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Crockford's base32 (no I, L, O, U). */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new resume code: 8 characters of Crockford base32 (40 random bits). */
export function newResumeCode(): string {
  let bits = 0n;
  for (const b of randomBytes(5)) bits = (bits << 8n) | BigInt(b);
  let code = '';
  for (let i = 0; i < 8; i++) {
    code = CROCKFORD[Number(bits & 31n)]! + code;
    bits >>= 5n;
  }
  return code;
}

/** A typed code as stored (upper case, no dash or spaces; I and L read as 1, O as 0), or null when it cannot be one. */
export function readResumeCode(text: string): string | null {
  const code = text.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  return /^[0-9A-HJKMNP-TV-Z]{8}$/.test(code) ? code : null;
}

/** A code as shown: `XXXX-XXXX`. */
export const shownCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
/** The hash a file token is stored as. */
export const tokenHash = (token: string) => sha256(`advice-file:${token}`);
const resumeHash = (siteId: string, code: string) => sha256(`advice-resume:${siteId}:${code}`);
const partnerHash = (token: string) => sha256(`advice-partner:${token}`);
const newSecret = () => randomBytes(32).toString('base64url');

/**
 * What a name or an address may not hold: control characters (a line break would start a paragraph of its own in a
 * message the server mails), bidirectional embeddings, overrides and isolates (they reorder how the console and the
 * statement show the text around them), and UTF-16 halves without their other half.
 */
const UNSAFE_TEXT = /[\p{Cc}\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/u;
const UNSAFE_TEXT_ALL = new RegExp(UNSAFE_TEXT.source, 'gu');

const couple = (a: Answers) => a.relationshipStatus === 'couple';
/** A couple's partner name from the answers, its unsafe characters as spaces (the answers are kept as given). */
const partnerNameOf = (a: Answers) => {
  const name = couple(a) ? a.partner.name.replace(UNSAFE_TEXT_ALL, ' ').replace(/\s+/g, ' ').trim() : '';
  return name ? name.slice(0, ADVICE_LIMITS.name) : null;
};

/** What a journey call from an address needs: the site (from its key), the address, and the server's own origin. */
export interface JourneyCaller {
  site: Site;
  /** The client's address as the throttles count it: an IPv6 address by its /64 (server/address-key.ts). */
  ip: string;
  /** The server's own origin: links are `{origin}/resume#code` and `{origin}/partner#token`. */
  origin: string;
  /** Where failures that do not fail the call are told (the request's log, at warn). @default none */
  log?: AdviceLog;
}

/** The server's log as the advice operations use it (Fastify's request logger is one). */
export interface AdviceLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/** The seams of the advice operations: the mailer, the engine (the replay's tests give another) and the statement's renderer. */
export interface AdviceOptions extends OperationsOptions {
  /** Mail, only when SMTP_URL is set (server/mail.ts). @default null */
  mailer?: Mailer | null;
  /** The engine. @default journey/engine computeAdvice */
  compute?: (answers: Answers, asOf: Date) => AdviceResult;
  /** The statement's PDF. @default server/advice/statement-pdf.ts */
  renderStatement?: typeof statementPdf;
}

const summaryOf = ({ siteId: _s, lastSeq: _l, sampled: _p, ...summary }: StoredAdviceFile): AdviceFileSummary => summary;

/** The calculation date a result's `asOf` (YYYY-MM-DD) names, at local noon (the engine reads its local calendar day). */
const dayOf = (asOf: string) => {
  const [y, m, d] = asOf.split('-').map(Number);
  return new Date(y!, m! - 1, d!, 12);
};

/** The figures that differ between two results' maps (the versions are said apart, in `before` and `after`). */
export function figureDifferences(before: AdviceFigures, after: AdviceFigures): ReplayDifference[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => k !== 'engineVersion' && k !== 'assumptionsVersion',
  );
  return keys.flatMap((figure) => {
    const b = before[figure] ?? null;
    const a = after[figure] ?? null;
    if (b === a) return [];
    return [{ figure, before: b, after: a, delta: typeof a === 'number' && typeof b === 'number' ? a - b : null }];
  });
}

/** A page's cursor: the last file's time and id, base64url JSON. */
const cursorOf = (f: StoredAdviceFile) => Buffer.from(JSON.stringify([f.updatedAt, f.id])).toString('base64url');
function readCursor(cursor: string): { updatedAt: string; id: string } {
  try {
    const [updatedAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof updatedAt === 'string' && typeof id === 'string' && updatedAt.length < 40 && id.length < 100) return { updatedAt, id };
  } catch {
    // refused below
  }
  throw invalid('cursor', 'The cursor is not one this list gave.');
}

const STATUSES: readonly AdviceFileStatus[] = ['in-progress', 'refused', 'advised', 'awaiting-partner', 'accepted'];

export function adviceOperations(c: Context, options: AdviceOptions = {}) {
  const { storage } = c;
  const mailer = options.mailer ?? null;
  const compute = options.compute ?? ((answers: Answers, asOf: Date) => computeAdvice(answers, { asOf }));
  const render = options.renderStatement ?? statementPdf;
  const iso = () => new Date(c.now()).toISOString();

  /**
   * Reads, decides and appends, again when another entry came in between (another device, another instance): the
   * decision is always made from the file as it is when its entries are written.
   */
  async function appending<T>(
    at: { id: string; siteId: string },
    decide: (file: StoredAdviceFile) => Promise<{ append: AdviceAppend | null; value: (written: AdviceEntry[]) => T }>,
  ): Promise<T> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const file = await storage.getAdviceFile(at.siteId, at.id);
      if (!file) throw NOT_FOUND();
      const { append, value } = await decide(file);
      if (!append) return value([]);
      const written = await storage.appendAdviceEntries(file.id, append);
      if (written) return value(written);
    }
    throw new AdviceError(409, 'CONFLICT', 'The file changed while this was being saved: try again.');
  }

  /** Whether a link's message is to be mailed: the server sends mail and the client gave an address. */
  const mailTo = (to: string | null): boolean => mailer !== null && to !== null;

  /**
   * Mails a link's message (a mailer and an address are given), within the caller's and its site's mail limits, then
   * records what became of it as a later `mail` entry about the link entry `linkSeq`: the link's entry was written
   * before the message was tried, and entries are append-only. True when the relay took the message.
   */
  const mailLink = async (
    caller: JourneyCaller,
    at: { id: string; siteId: string },
    link: { about: 'resume' | 'partner'; seq: number },
    message: MailMessage,
  ): Promise<boolean> => {
    const outcome = await sendMail(caller, message).catch((err: unknown) => {
      // the relay's failure, by its codes: never the address, the link or the text
      caller.log?.warn({ fileId: at.id, about: link.about, ...mailFailure(err) }, 'advice mail not sent');
      return 'failed' as const;
    });
    await appending(at, async (now) => ({
      append: {
        lastSeq: now.lastSeq,
        at: iso(),
        entries: [{ data: { kind: 'mail', about: link.about, linkSeq: link.seq, outcome }, by: { kind: 'client' } }],
        status: now.status,
      },
      value: () => undefined,
    })).catch((err: unknown) => {
      // the link is given either way; what became of its message is said here instead
      caller.log?.warn(
        { fileId: at.id, about: link.about, outcome, error: err instanceof AdviceError ? err.code : 'STORAGE' },
        'advice mail outcome not recorded',
      );
    });
    return outcome === 'sent';
  };

  /** Sends a message within the caller's and its site's mail limits: sent or limited, or rejects as the relay failed. */
  const sendMail = async (caller: JourneyCaller, message: MailMessage): Promise<MailOutcome> => {
    if (!mailer) return 'failed';
    for (const [key, max] of [
      [`advice-mail ${caller.site.id} ${caller.ip}`, ADVICE_LIMITS.mailsPerAddress],
      [`advice-mail ${caller.site.id}`, ADVICE_LIMITS.mailsPerSite],
    ] as const)
      if ((await storage.countRequest(key, ADVICE_LIMITS.mailWindowMs)).count > max) return 'limited';
    // a failure rejects (mailLink logs it); the link is shown either way, not said to be emailed
    await mailer.send(message);
    return 'sent';
  };

  /** Counts a failed code from the caller (per address and per site), or refuses it with 429 when there were too many. */
  const throttle = async (kind: 'resume' | 'partner', caller: JourneyCaller) => {
    const keys = [`advice-${kind} ${caller.site.id} ${caller.ip}`, `advice-${kind} ${caller.site.id}`];
    const limits = [ADVICE_LIMITS.failuresPerAddress, ADVICE_LIMITS.failuresPerSite];
    const counts = await storage.countSignInAttempt(keys, ADVICE_LIMITS.throttleWindowMs);
    let waitMs = 0;
    keys.forEach((key, i) => {
      const count = counts.get(key);
      if (count && count.failures >= limits[i]!) waitMs = Math.max(waitMs, count.lastAt + ADVICE_LIMITS.throttleWindowMs - c.now());
    });
    if (waitMs > 0) {
      await storage.undoSignInAttempt(keys);
      const retryAfterS = Math.max(1, Math.ceil(waitMs / 1000));
      throw new AdviceError(429, 'THROTTLED', `Too many codes that did not work: try again in ${retryAfterS} s.`, { retryAfterS });
    }
    return {
      failed: async () => storage.markSignInFailure(keys),
      succeeded: async () => storage.undoSignInAttempt(keys),
    };
  };

  const latestAnswers = (fileId: string) => storage.latestAdviceEntry(fileId, 'answers');

  /** The file's latest statement, its acceptances and the status they give. */
  async function statementState(fileId: string) {
    const entries = await storage.adviceEntries(fileId, ['statement', 'acceptance']);
    const statement = entries.filter((e) => e.kind === 'statement').at(-1) ?? null;
    const accepted = entries.filter((e) => e.kind === 'acceptance' && statement && e.statementId === statement.statementId);
    const byClient = accepted.some((e) => e.by.kind === 'client');
    const byPartner = accepted.some((e) => e.by.kind === 'partner');
    return { statement: statement?.kind === 'statement' ? statement : null, byClient, byPartner };
  }
  const acceptedStatus = (names: number, byClient: boolean, byPartner: boolean): AdviceFileStatus | null =>
    byClient && (names < 2 || byPartner) ? 'accepted' : byClient || byPartner ? 'awaiting-partner' : null;

  const issued = (e: Extract<AdviceEntry, { kind: 'statement' }>): IssuedStatement => ({
    statementId: e.statementId,
    sha256: e.sha256,
    names: e.names,
    issuedAt: e.at,
  });

  // ——— the journey's calls ———

  const journey = {
    /** What the journey learns before it asks anything. */
    async adviceStatus(site: Site): Promise<AdviceStatus> {
      return { paused: (await storage.adviceSettings(site.id)).paused, mail: mailer !== null };
    },

    /** A new file, with the client's consent: its first entry, its token, and (sampling) its place in the review queue. */
    async createAdviceFile(
      caller: JourneyCaller,
      body: { consent?: unknown; name?: unknown; email?: unknown; wording?: unknown },
    ): Promise<CreatedAdviceFile> {
      if (body.consent !== true) throw new AdviceError(400, 'BAD_REQUEST', 'A file is kept only with consent: true.', { field: 'consent' });
      const name = typeof body.name === 'string' ? body.name.trim() : '';
      if (!name || name.length > ADVICE_LIMITS.name || UNSAFE_TEXT.test(name))
        throw new AdviceError(400, 'BAD_REQUEST', `A name of 1 to ${ADVICE_LIMITS.name} characters, each printable.`, { field: 'name' });
      const email = typeof body.email === 'string' && body.email.trim() ? body.email.trim() : null;
      if (
        body.email !== undefined &&
        body.email !== null &&
        body.email !== '' &&
        (typeof body.email !== 'string' || !email || email.length > ADVICE_LIMITS.email || !EMAIL.test(email) || UNSAFE_TEXT.test(email))
      )
        throw new AdviceError(400, 'BAD_REQUEST', 'The email address is not one.', { field: 'email' });
      if (typeof body.wording !== 'string' || !body.wording || body.wording.length > ADVICE_LIMITS.name)
        throw new AdviceError(400, 'BAD_REQUEST', 'The wording of the consent shown (its catalogue version).', { field: 'wording' });
      const count = await storage.countRequest(`advice-create ${caller.ip}`, ADVICE_LIMITS.createWindowMs);
      if (count.count > ADVICE_LIMITS.createsPerAddress) {
        const retryAfterS = Math.max(1, Math.ceil(count.resetInMs / 1000));
        throw new AdviceError(429, 'THROTTLED', `Too many advice files from this address: try again in ${retryAfterS} s.`, { retryAfterS });
      }
      const settings = await storage.adviceSettings(caller.site.id);
      const token = newSecret();
      const at = iso();
      const file = await storage.createAdviceFile({
        id: newToken(),
        siteId: caller.site.id,
        at,
        tokenHash: tokenHash(token),
        clientName: name,
        clientEmail: email,
        // RG 255: a share of new files is queued for review, decided once, unpredictably
        sampled: randomInt(100) < settings.samplePercent,
        consent: { data: { kind: 'consent', name, email, wording: body.wording }, by: { kind: 'client' } },
      });
      return { fileId: file.id, token };
    },

    /** The site's file the bearer token writes to; 404 for anything wrong (no oracle). */
    async fileFor(site: Site, fileId: string, token: string | undefined): Promise<StoredAdviceFile> {
      const file =
        token && token.length <= 100 && fileId.length <= 100 ? await storage.adviceFileByToken(site.id, fileId, tokenHash(token)) : null;
      if (!file) throw NOT_FOUND();
      return file;
    },

    /**
     * The answers after a change, whole: an entry with the questions that changed, or nothing when they did not; at
     * most `answersPerFile` entries an hour per file and `answersPerAddress` per address (429 THROTTLED).
     */
    async saveAnswers(
      file: StoredAdviceFile,
      body: { answers?: unknown; resumeAt?: unknown },
      caller: JourneyCaller,
    ): Promise<{ seq: number; saved: boolean }> {
      if (!isAnswers(body.answers))
        throw new AdviceError(400, 'BAD_REQUEST', 'The answers are not of the questionnaire’s shape.', { field: 'answers' });
      const answers = body.answers;
      // measured once they have the questionnaire's shape: JSON.stringify of any value would recurse as deep as it nests
      if (Buffer.byteLength(JSON.stringify(answers)) > ADVICE_LIMITS.answersBytes)
        throw new AdviceError(413, 'PAYLOAD_TOO_LARGE', 'The answers are too large.', { field: 'answers' });
      // left out, the screen to resume at stays the last one given (the advice pages send the answers they advise on)
      const given = body.resumeAt === undefined ? undefined : (body.resumeAt ?? null);
      if (given != null && (typeof given !== 'string' || given.length > 200))
        throw new AdviceError(400, 'BAD_REQUEST', 'resumeAt is a screen id.', { field: 'resumeAt' });
      return appending<{ seq: number; saved: boolean }>(file, async (now) => {
        const previous = await latestAnswers(now.id);
        const resumeAt = given === undefined ? (previous?.resumeAt ?? null) : (given as string | null);
        const changed = Object.keys(answers).filter(
          (k) => !previous || JSON.stringify(previous.answers[k as keyof Answers]) !== JSON.stringify(answers[k as keyof Answers]),
        );
        if (previous && changed.length === 0 && previous.resumeAt === resumeAt)
          return { append: null, value: () => ({ seq: previous.seq, saved: false }) };
        for (const [key, max] of [
          [`advice-answers ${now.id}`, ADVICE_LIMITS.answersPerFile],
          [`advice-answers ${caller.site.id} ${caller.ip}`, ADVICE_LIMITS.answersPerAddress],
        ] as const) {
          const count = await storage.countRequest(key, ADVICE_LIMITS.answersWindowMs);
          if (count.count > max) {
            const retryAfterS = Math.max(1, Math.ceil(count.resetInMs / 1000));
            throw new AdviceError(429, 'THROTTLED', `Too many changes of the answers: try again in ${retryAfterS} s.`, { retryAfterS });
          }
        }
        return {
          append: {
            lastSeq: now.lastSeq,
            at: iso(),
            entries: [{ data: { kind: 'answers', answers, changed, resumeAt }, by: { kind: 'client' } }],
            status: now.status,
            partnerName: partnerNameOf(answers),
          },
          value: (written) => ({ seq: written[0]!.seq, saved: true }),
        };
      });
    },

    /**
     * The advice on the latest answers at the server's clock: a result entry; 503 ADVICE_PAUSED (and its entry) while
     * paused. Asked again with nothing changed (the same answers, day and versions; paused again), it appends nothing.
     */
    async advise(file: StoredAdviceFile): Promise<{ seq: number; status: string; engineVersion: string; assumptionsVersion: string }> {
      const paused = (await storage.adviceSettings(file.siteId)).paused;
      return appending(file, async (now) => {
        if (paused) {
          const refused = () => {
            throw new AdviceError(503, 'ADVICE_PAUSED', 'Advice is paused on this site: a human adviser can help.');
          };
          if ((await storage.latestAdviceEntry(now.id, 'advice-paused'))?.seq === now.lastSeq) return { append: null, value: refused };
          return {
            append: {
              lastSeq: now.lastSeq,
              at: iso(),
              entries: [{ data: { kind: 'advice-paused' }, by: { kind: 'client' } }],
              status: now.status,
            },
            value: () => {
              throw new AdviceError(503, 'ADVICE_PAUSED', 'Advice is paused on this site: a human adviser can help.');
            },
          };
        }
        const answers = await latestAnswers(now.id);
        if (!answers) throw new AdviceError(409, 'NO_ANSWERS', 'Save the answers before asking for advice.');
        const result = compute(answers.answers, new Date(c.now()));
        const last = await storage.latestAdviceEntry(now.id, 'result');
        if (
          last &&
          last.answersSeq === answers.seq &&
          last.asOf === result.asOf &&
          last.engineVersion === result.engineVersion &&
          last.assumptionsVersion === result.assumptionsVersion
        )
          return {
            append: null,
            value: () => ({
              seq: last.seq,
              status: last.status,
              engineVersion: last.engineVersion,
              assumptionsVersion: last.assumptionsVersion,
            }),
          };
        const status: AdviceFileStatus =
          result.status === 'recommended' ? 'advised' : result.status === 'unsuitable' ? 'refused' : 'in-progress';
        return {
          append: {
            lastSeq: now.lastSeq,
            at: iso(),
            entries: [
              {
                data: {
                  kind: 'result',
                  status: result.status,
                  engineVersion: result.engineVersion,
                  assumptionsVersion: result.assumptionsVersion,
                  asOf: result.asOf,
                  figures: adviceFigures(result),
                  reasons: result.suitability.reasons.map((r) => ({ code: r.code, figures: { ...r } as Record<string, unknown> })),
                  answersSeq: answers.seq,
                  result,
                },
                by: { kind: 'client' },
              },
            ],
            status,
          },
          value: (written) => ({
            seq: written[0]!.seq,
            status: result.status,
            engineVersion: result.engineVersion,
            assumptionsVersion: result.assumptionsVersion,
          }),
        };
      });
    },

    /**
     * The statement of advice from the latest result (a recommendation only), stored once with its SHA-256. A new one
     * (a PDF rendered) at most `statementsPerFile` an hour per file and `statementsPerAddress` per address (429 THROTTLED).
     */
    async issueStatement(file: StoredAdviceFile, caller: JourneyCaller): Promise<IssuedStatement> {
      return appending(file, async (now) => {
        const result = await storage.latestAdviceEntry(now.id, 'result');
        if (result?.status !== 'recommended') throw new AdviceError(409, 'NOT_ADVISED', 'There is no recommendation to state.');
        const { statement: existing } = await statementState(now.id);
        if (existing && existing.resultSeq === result.seq) return { append: null, value: () => issued(existing) };
        const answers = (await storage.adviceEntries(now.id, ['answers'])).find((e) => e.seq === result.answersSeq);
        if (answers?.kind !== 'answers') throw new AdviceError(409, 'NOT_ADVISED', 'The answers of the result are missing.');
        for (const [key, max] of [
          [`advice-statement ${now.id}`, ADVICE_LIMITS.statementsPerFile],
          [`advice-statement ${caller.site.id} ${caller.ip}`, ADVICE_LIMITS.statementsPerAddress],
        ] as const) {
          const count = await storage.countRequest(key, ADVICE_LIMITS.statementWindowMs);
          if (count.count > max) {
            const retryAfterS = Math.max(1, Math.ceil(count.resetInMs / 1000));
            throw new AdviceError(429, 'THROTTLED', `Too many statements of advice: try again in ${retryAfterS} s.`, { retryAfterS });
          }
        }
        const partner = partnerNameOf(answers.answers);
        const names = partner ? [now.clientName, partner] : [now.clientName];
        const statementId = newToken();
        const issuedAt = new Date(c.now());
        const pdf = await render({ answers: answers.answers, result: result.result as AdviceResult, names, issuedAt, statementId });
        const sha = sha256(pdf);
        return {
          append: {
            lastSeq: now.lastSeq,
            at: issuedAt.toISOString(),
            entries: [
              {
                data: { kind: 'statement', statementId, sha256: sha, bytes: pdf.byteLength, resultSeq: result.seq, names },
                by: { kind: 'client' },
              },
            ],
            status: now.status,
            statement: { id: statementId, sha256: sha, pdf },
          },
          value: () => ({ statementId, sha256: sha, names, issuedAt: issuedAt.toISOString() }),
        };
      });
    },

    /** A statement's PDF, when it is the file's. */
    async statementFile(file: StoredAdviceFile, statementId: string): Promise<{ pdf: Uint8Array; filename: string }> {
      const s = statementId.length <= 100 ? await storage.getAdviceStatement(file.id, statementId) : null;
      if (!s) throw NOT_FOUND();
      return { pdf: s.pdf, filename: `statement-of-advice-${statementId}.pdf` };
    },

    /** The client's acceptance of the latest statement; for a couple, the partner's link (emailed when it can be). */
    async accept(
      file: StoredAdviceFile,
      body: { statementId?: unknown; partnerEmail?: unknown },
      caller: JourneyCaller,
    ): Promise<Accepted> {
      const { origin } = caller;
      const partnerEmail = typeof body.partnerEmail === 'string' && body.partnerEmail.trim() ? body.partnerEmail.trim() : null;
      if (partnerEmail && (partnerEmail.length > ADVICE_LIMITS.email || !EMAIL.test(partnerEmail) || UNSAFE_TEXT.test(partnerEmail)))
        throw new AdviceError(400, 'BAD_REQUEST', 'The email address is not one.', { field: 'partnerEmail' });
      let partnerToken = '';
      const result = await appending(file, async (now) => {
        const { statement, byClient, byPartner } = await statementState(now.id);
        if (!statement || statement.statementId !== body.statementId)
          throw new AdviceError(409, 'NOT_LATEST_STATEMENT', 'Accept the latest statement of advice.', { field: 'statementId' });
        if (byClient) return { append: null, value: () => ({ status: now.status, partnerLink: null, linkSeq: 0, expiresAt: '' }) };
        const joint = statement.names.length > 1;
        const at = iso();
        const append: AdviceAppend = {
          lastSeq: now.lastSeq,
          at,
          entries: [
            {
              data: { kind: 'acceptance', statementId: statement.statementId, sha256: statement.sha256, name: statement.names[0]! },
              by: { kind: 'client' },
            },
          ],
          status: acceptedStatus(statement.names.length, true, byPartner)!,
        };
        let expiresAt = '';
        if (joint && !byPartner) {
          partnerToken = newSecret();
          const expires = c.now() + PARTNER_LINK_DAYS * DAY_MS;
          expiresAt = new Date(expires).toISOString();
          append.link = { tokenHash: partnerHash(partnerToken), kind: 'partner', statementId: statement.statementId, expiresAt: expires };
          append.entries.push({
            data: { kind: 'partner-link', statementId: statement.statementId, expiresAt, emailRequested: mailTo(partnerEmail) },
            by: { kind: 'client' },
          });
        }
        return {
          append,
          value: (written) => ({
            status: append.status,
            partnerLink: partnerToken ? `${origin}/partner#${partnerToken}` : null,
            linkSeq: written.find((e) => e.kind === 'partner-link')?.seq ?? 0,
            expiresAt,
          }),
        };
      });
      if (!result.partnerLink) return { status: result.status, partnerLink: null };
      const emailed =
        mailTo(partnerEmail) &&
        (await mailLink(
          caller,
          file,
          { about: 'partner', seq: result.linkSeq },
          {
            to: partnerEmail!,
            subject: 'Your statement of advice, to read and accept',
            text: `${file.clientName} has accepted the statement of advice that names you both. Read it and accept it here (the link works once, until ${result.expiresAt}):\n\n${result.partnerLink}\n`,
          },
        ));
      return { status: result.status, partnerLink: { url: result.partnerLink, expiresAt: result.expiresAt, emailed } };
    },

    /**
     * A resume link and code (single-use, for RESUME_LINK_DAYS), emailed when the server can and the client gives an
     * address; at most `resumeLinksPerFile` an hour (429 THROTTLED).
     */
    async resumeLink(file: StoredAdviceFile, body: { email?: unknown }, caller: JourneyCaller): Promise<ResumeLink> {
      const { origin } = caller;
      const email = typeof body.email === 'string' && body.email.trim() ? body.email.trim() : null;
      if (email && (email.length > ADVICE_LIMITS.email || !EMAIL.test(email) || UNSAFE_TEXT.test(email)))
        throw new AdviceError(400, 'BAD_REQUEST', 'The email address is not one.', { field: 'email' });
      const made = await storage.countRequest(`advice-resume-link ${file.id}`, ADVICE_LIMITS.linkWindowMs);
      if (made.count > ADVICE_LIMITS.resumeLinksPerFile) {
        const retryAfterS = Math.max(1, Math.ceil(made.resetInMs / 1000));
        throw new AdviceError(429, 'THROTTLED', `Too many resume links for this file: try again in ${retryAfterS} s.`, { retryAfterS });
      }
      const code = newResumeCode();
      const expires = c.now() + RESUME_LINK_DAYS * DAY_MS;
      const expiresAt = new Date(expires).toISOString();
      const url = `${origin}/resume#${shownCode(code)}`;
      // stored first (the link and its entry in one transaction): a store that fails mails no code that cannot work
      const linkSeq = await appending(file, async (now) => ({
        append: {
          lastSeq: now.lastSeq,
          at: iso(),
          entries: [{ data: { kind: 'resume-link', expiresAt, emailRequested: mailTo(email) }, by: { kind: 'client' } }],
          status: now.status,
          link: { tokenHash: resumeHash(now.siteId, code), kind: 'resume', statementId: null, expiresAt: expires },
        },
        value: (written) => written[0]!.seq,
      }));
      const emailed =
        mailTo(email) &&
        (await mailLink(
          caller,
          file,
          { about: 'resume', seq: linkSeq },
          {
            to: email!,
            subject: 'Continue your investment plan',
            text: `Continue where you left off, on any device: ${url}\n\nOr type the code ${shownCode(code)}. It works once, until ${expiresAt}.\n`,
          },
        ));
      return { code: shownCode(code), url, expiresAt, emailed };
    },

    /** A resume code redeemed once: a new token for its file and the answers to go on from (404 RESUME_INVALID, 429 THROTTLED). */
    async resume(caller: JourneyCaller, body: { code?: unknown }): Promise<Resumed> {
      const counted = await throttle('resume', caller);
      const code = typeof body.code === 'string' && body.code.length <= 20 ? readResumeCode(body.code) : null;
      const token = newSecret();
      const target = code
        ? await storage.redeemAdviceLink(caller.site.id, resumeHash(caller.site.id, code), 'resume', c.now(), tokenHash(token))
        : null;
      const file = target ? await storage.getAdviceFile(caller.site.id, target.fileId) : null;
      if (!file) {
        await counted.failed();
        throw new AdviceError(404, 'RESUME_INVALID', 'This code does not work: it may be mistyped, used or expired.');
      }
      await counted.succeeded();
      const answers = await latestAnswers(file.id);
      return {
        fileId: file.id,
        token,
        name: file.clientName,
        answers: answers?.answers ?? emptyAnswers(),
        resumeAt: answers?.resumeAt ?? null,
      };
    },

    /** The statement a partner's link is for, without using the link (404 LINK_INVALID, 429 THROTTLED). */
    async partnerStatement(
      caller: JourneyCaller,
      body: { token?: unknown },
    ): Promise<IssuedStatement & { status: AdviceFileStatus; fileId: string }> {
      const counted = await throttle('partner', caller);
      const token = typeof body.token === 'string' && body.token.length <= 100 ? body.token : null;
      const target = token ? await storage.findAdviceLink(caller.site.id, partnerHash(token), 'partner', c.now()) : null;
      const file = target ? await storage.getAdviceFile(caller.site.id, target.fileId) : null;
      const statement = file
        ? (await storage.adviceEntries(file.id, ['statement'])).find((e) => e.kind === 'statement' && e.statementId === target!.statementId)
        : null;
      if (!file || statement?.kind !== 'statement') {
        await counted.failed();
        throw new AdviceError(404, 'LINK_INVALID', 'This link does not work: it may be used or expired.');
      }
      await counted.succeeded();
      return { ...issued(statement), status: file.status, fileId: file.id };
    },

    /** The PDF of the statement a partner's link is for. */
    async partnerStatementFile(caller: JourneyCaller, body: { token?: unknown }) {
      const s = await journey.partnerStatement(caller, body);
      const stored = await storage.getAdviceStatement(s.fileId, s.statementId);
      if (!stored) throw new AdviceError(404, 'LINK_INVALID', 'This link does not work: it may be used or expired.');
      return { pdf: stored.pdf, filename: `statement-of-advice-${s.statementId}.pdf` };
    },

    /** The partner's acceptance, through their link (used by it, in the same transaction). */
    async partnerAccept(caller: JourneyCaller, body: { token?: unknown }): Promise<Accepted> {
      const s = await journey.partnerStatement(caller, body);
      const token = body.token as string;
      const status = await appending({ id: s.fileId, siteId: caller.site.id }, async (now) => {
        const { statement, byClient, byPartner } = await statementState(now.id);
        if (!statement || statement.statementId !== s.statementId || byPartner)
          throw new AdviceError(404, 'LINK_INVALID', 'This link does not work: it may be used or expired.');
        const status = acceptedStatus(statement.names.length, byClient, true)!;
        return {
          append: {
            lastSeq: now.lastSeq,
            at: iso(),
            entries: [
              {
                data: { kind: 'acceptance', statementId: statement.statementId, sha256: statement.sha256, name: statement.names[1] ?? '' },
                by: { kind: 'partner' },
              },
            ],
            status,
            useLink: { tokenHash: partnerHash(token), kind: 'partner', nowMs: c.now() },
          },
          value: () => status,
        };
      }).catch((err: unknown) => {
        // the link was used meanwhile (the append found it used): the same answer as any link that does not work
        if (err instanceof AdviceError && err.code === 'CONFLICT')
          throw new AdviceError(404, 'LINK_INVALID', 'This link does not work: it may be used or expired.');
        throw err;
      });
      return { status, partnerLink: null };
    },
  };

  // ——— the console's calls (and the CLI's) ———

  const adviserFile = async (actor: Actor, siteId: string, fileId: string) => {
    await need(c, actor, siteId, 'adviser');
    const file = fileId.length <= 100 ? await storage.getAdviceFile(siteId, fileId) : null;
    if (!file) throw new OperationError('NOT_FOUND', 'no such advice file', 'fileId');
    return file;
  };

  const console_ = {
    /** A page of a site's files, newest first, filtered. */
    async listAdviceFiles(
      actor: Actor,
      siteId: string,
      query: Record<string, unknown>,
    ): Promise<{ files: AdviceFileSummary[]; next: string | null }> {
      await need(c, actor, siteId, 'adviser');
      const { status, q, queue, cursor } = query;
      if (status !== undefined && status !== '' && !STATUSES.includes(status as AdviceFileStatus))
        throw invalid('status', 'Not a status.', STATUSES);
      if (q !== undefined && (typeof q !== 'string' || q.length > ADVICE_LIMITS.name))
        throw invalid('q', `At most ${ADVICE_LIMITS.name} characters.`);
      if (queue !== undefined && queue !== '' && queue !== 'review') throw invalid('queue', 'Only the review queue.', ['review']);
      if (cursor !== undefined && typeof cursor !== 'string') throw invalid('cursor', 'The cursor is not one this list gave.');
      const text = typeof q === 'string' ? q.normalize('NFKC').trim().toLowerCase() : '';
      const files = await storage.listAdviceFiles(siteId, {
        status: status ? (status as AdviceFileStatus) : undefined,
        q: text || undefined,
        reviewQueue: queue === 'review',
        after: cursor ? readCursor(cursor) : undefined,
        limit: ADVICE_LIMITS.page + 1,
      });
      const page = files.slice(0, ADVICE_LIMITS.page);
      return { files: page.map(summaryOf), next: files.length > ADVICE_LIMITS.page ? cursorOf(page.at(-1)!) : null };
    },

    /** A file and every entry. */
    async getAdviceFile(actor: Actor, siteId: string, fileId: string): Promise<AdviceFileView> {
      const file = await adviserFile(actor, siteId, fileId);
      return { file: summaryOf(file), entries: await storage.adviceEntries(file.id) };
    },

    /** A statement's PDF. */
    async adviceStatementFile(actor: Actor, siteId: string, fileId: string, statementId: string) {
      const file = await adviserFile(actor, siteId, fileId);
      const s = statementId.length <= 100 ? await storage.getAdviceStatement(file.id, statementId) : null;
      if (!s) throw new OperationError('NOT_FOUND', 'no such statement', 'statementId');
      return { pdf: s.pdf, filename: `statement-of-advice-${statementId}.pdf` };
    },

    /** The latest result's answers recomputed by today's engine for the original date, and each figure that differs. */
    async replayAdvice(actor: Actor, siteId: string, fileId: string): Promise<Replay> {
      const file = await adviserFile(actor, siteId, fileId);
      const result = await storage.latestAdviceEntry(file.id, 'result');
      if (!result) throw new OperationError('CONFLICT', 'There is no result to replay.');
      const answers = (await storage.adviceEntries(file.id, ['answers'])).find((e) => e.seq === result.answersSeq);
      if (answers?.kind !== 'answers') throw new OperationError('CONFLICT', 'The answers of the result are missing.');
      const today = compute(answers.answers, dayOf(result.asOf));
      return {
        resultSeq: result.seq,
        asOf: result.asOf,
        before: { engineVersion: result.engineVersion, assumptionsVersion: result.assumptionsVersion, status: result.status },
        after: { engineVersion: today.engineVersion, assumptionsVersion: today.assumptionsVersion, status: today.status },
        differences: figureDifferences(result.figures, adviceFigures(today)),
      };
    },

    /** A reviewer's sign-off: an entry and its audit entry in one transaction; the file leaves the review queue. */
    async reviewAdvice(
      actor: Actor,
      siteId: string,
      fileId: string,
      body: { checklist?: unknown; notes?: unknown; outcome?: unknown },
    ): Promise<AdviceEntry> {
      const file = await adviserFile(actor, siteId, fileId);
      if (actor.kind !== 'account') throw new OperationError('FORBIDDEN', 'A review is signed off by an account.');
      const list = body.checklist;
      if (
        !list ||
        typeof list !== 'object' ||
        Array.isArray(list) ||
        Object.keys(list).length !== REVIEW_ITEMS.length ||
        !REVIEW_ITEMS.every((k) => typeof (list as Record<string, unknown>)[k] === 'boolean')
      )
        throw invalid('checklist', 'Every item of the checklist, true or false.', REVIEW_ITEMS);
      if (typeof body.notes !== 'string' || body.notes.length > ADVICE_LIMITS.notes)
        throw invalid('notes', `Notes of at most ${ADVICE_LIMITS.notes} characters.`);
      if (body.outcome !== 'satisfactory' && body.outcome !== 'needs-action')
        throw invalid('outcome', 'Not an outcome.', ['satisfactory', 'needs-action']);
      const outcome: ReviewOutcome = body.outcome;
      const checklist = Object.fromEntries(REVIEW_ITEMS.map((k) => [k, (list as Record<ReviewItem, boolean>)[k]])) as Record<
        ReviewItem,
        boolean
      >;
      const by: EntryAuthor = { kind: 'account', accountId: actor.accountId, email: actor.email };
      const notes = body.notes;
      try {
        return await appending(file, async (now) => ({
          append: {
            lastSeq: now.lastSeq,
            at: iso(),
            entries: [{ data: { kind: 'review', checklist, notes, outcome }, by }],
            status: now.status,
            review: outcome,
            audit: {
              siteId,
              actor,
              action: 'advice.review',
              before: { reviewed: now.reviewed, inReviewQueue: now.inReviewQueue },
              after: { fileId: now.id, outcome, seq: now.lastSeq + 1 },
            },
          },
          value: (written) => written[0]!,
        }));
      } catch (err) {
        if (err instanceof AdviceError) throw new OperationError('CONFLICT', err.message);
        throw err;
      }
    },

    /** A site's advice settings. */
    async getAdviceSettings(actor: Actor, siteId: string): Promise<AdviceSettings> {
      await need(c, actor, siteId, 'adviser');
      return storage.adviceSettings(siteId);
    },

    /** Changes a site's advice settings (owner): those given, checked, with the audit entry `advice.settings`. */
    async setAdviceSettings(actor: Actor, siteId: string, body: Partial<Record<keyof AdviceSettings, unknown>>): Promise<AdviceSettings> {
      await need(c, actor, siteId, 'owner');
      const current = await storage.adviceSettings(siteId);
      const next = { ...current };
      if (body.paused !== undefined) {
        if (typeof body.paused !== 'boolean') throw invalid('paused', 'true or false.');
        next.paused = body.paused;
      }
      if (body.samplePercent !== undefined) {
        if (!Number.isInteger(body.samplePercent) || (body.samplePercent as number) < 0 || (body.samplePercent as number) > 100)
          throw invalid('samplePercent', 'A whole percent, 0 to 100.');
        next.samplePercent = body.samplePercent as number;
      }
      if (body.retentionYears !== undefined) {
        if (!Number.isInteger(body.retentionYears) || (body.retentionYears as number) < 1 || (body.retentionYears as number) > 100)
          throw invalid('retentionYears', 'Whole years, 1 to 100.');
        next.retentionYears = body.retentionYears as number;
      }
      await storage.putAdviceSettings(siteId, next, (before) => ({ siteId, actor, action: 'advice.settings', before, after: next }));
      return next;
    },

    /** The engine and assumptions versions in use on the site over time. */
    async adviceVersions(actor: Actor, siteId: string): Promise<{ versions: AdviceVersionUse[] }> {
      await need(c, actor, siteId, 'adviser');
      return { versions: await storage.adviceVersions(siteId) };
    },
  };

  return { ...journey, ...console_ };
}

/** The versions as CSV (the change log's export). */
export function adviceVersionsCsv(versions: readonly AdviceVersionUse[]): string {
  const rows = versions.map((v) => [v.engineVersion, v.assumptionsVersion, v.firstUsedAt, v.lastUsedAt, String(v.results)]);
  const cell = (s: string) => (/[",\n\r]/.test(s) || /^[=+\-@]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  return `${[['engine_version', 'assumptions_version', 'first_used_at', 'last_used_at', 'results'], ...rows].map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** The advice operations on `storage`. */
export function createAdviceOperations(storage: Storage, options: AdviceOptions = {}) {
  return adviceOperations(contextOf(storage, options), options);
}
