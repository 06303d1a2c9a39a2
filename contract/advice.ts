/**
 * Advice files (docs/advice-records.md): the wire types the server, the journey and the console share, named once.
 * Types and a few constants only: every module that imports this pays no bytes for the types. The journey's answers
 * are a type parameter `A` (contract/ imports nothing outside itself): the journey and the server pass their `Answers`.
 */
/**
 * Where an advice file stands, derived from its entries (the latest result, statement and acceptances):
 * - `in-progress`: answers only, or the latest result is incomplete;
 * - `refused`: the latest result is unsuitable (its reasons are the refusal's);
 * - `advised`: the latest result is a recommendation (a statement may have been issued), not accepted yet;
 * - `awaiting-partner`: a couple's statement accepted by the client, not yet by the partner;
 * - `accepted`: the latest statement accepted by everyone it names.
 */
export type AdviceFileStatus = 'in-progress' | 'refused' | 'advised' | 'awaiting-partner' | 'accepted';

/** Who wrote an entry: the client, the partner (through the partner link) or a console account (a reviewer). */
export type EntryAuthor = { kind: 'client' } | { kind: 'partner' } | { kind: 'account'; accountId: string; email: string };

/** A figure of a result as the replay compares it: a flat key (e.g. `plan.monthlyNeededCents`) and its value. */
export type AdviceFigures = Record<string, number | string | boolean | null>;

/** A reason the advice was refused: its code and the figures the catalogue says it from (journey/engine/unsuitable.ts). */
export interface RefusalReason {
  code: string;
  figures: Record<string, unknown>;
}

/** The entries of an advice file, by kind. Append-only: a correction is a later entry, never an overwrite. */
export type AdviceEntryData<A = unknown> =
  /** The first entry: what the client agreed to, in the words shown (the catalogue's version of them) and who they are. */
  | { kind: 'consent'; name: string; email: string | null; wording: string }
  /** The answers after a change, whole, with the top-level questions that changed since the previous answers entry. */
  | { kind: 'answers'; answers: A; changed: string[]; resumeAt: string | null }
  /**
   * A result computed by the server from the latest answers (journey/engine computeAdvice at the server's clock):
   * the whole result (to reconstruct the advice), its flat figures (for the replay's comparison) and, when refused, the reasons.
   */
  | {
      kind: 'result';
      status: 'recommended' | 'unsuitable' | 'incomplete';
      engineVersion: string;
      assumptionsVersion: string;
      asOf: string;
      figures: AdviceFigures;
      reasons: RefusalReason[];
      /** The answers entry's `seq` the result was computed from. */
      answersSeq: number;
      result: unknown;
    }
  /** Advice was asked for while the site's advice is paused (the kill switch): nothing was computed. */
  | { kind: 'advice-paused' }
  /** A statement of advice issued: the stored PDF's id and SHA-256 (hex), from the result entry `resultSeq`. */
  | { kind: 'statement'; statementId: string; sha256: string; bytes: number; resultSeq: number; names: string[] }
  /** An acceptance of statement `statementId` by the client or, for joint advice, the partner. */
  | { kind: 'acceptance'; statementId: string; sha256: string; name: string }
  /**
   * A resume link and code issued (never the code itself). `emailRequested`: the client gave an address and the server
   * sends mail, so a `mail` entry after it says what became of the message. Entries written before `mail` entries
   * existed say `emailed` instead.
   */
  | { kind: 'resume-link'; expiresAt: string; emailRequested?: boolean; emailed?: boolean }
  /** A partner link issued for joint acceptance (never the token); `emailRequested` and `emailed` as a resume link's. */
  | { kind: 'partner-link'; statementId: string; expiresAt: string; emailRequested?: boolean; emailed?: boolean }
  /**
   * What became of the message of the link entry `linkSeq`, once tried (never the address, the link or the text):
   * `sent` (the relay took it), `failed` (the relay refused or failed; the server's log says how), or `limited` (held
   * back by the mail limits: not tried).
   */
  | { kind: 'mail'; about: 'resume' | 'partner'; linkSeq: number; outcome: MailOutcome }
  /** A reviewer's review: the checklist, notes and outcome; also an audit-log entry. */
  | { kind: 'review'; checklist: Record<ReviewItem, boolean>; notes: string; outcome: ReviewOutcome };

export type AdviceEntryKind = AdviceEntryData['kind'];

/** What became of a link's message (the `mail` entry). */
export type MailOutcome = 'sent' | 'failed' | 'limited';

/** One entry as stored: its place in the file (1, 2, …), when and by whom. */
export type AdviceEntry<A = unknown> = AdviceEntryData<A> & { seq: number; at: string; by: EntryAuthor };

/** The review checklist's items (docs/advice-records.md "Review"), in the order the console shows them. */
export const REVIEW_ITEMS = [
  'identity-and-consent',
  'facts-complete',
  'refusal-or-scope-right',
  'recommendation-fits-goal',
  'fees-and-costs-disclosed',
  'risks-explained',
  'statement-matches-result',
] as const;
export type ReviewItem = (typeof REVIEW_ITEMS)[number];
export type ReviewOutcome = 'satisfactory' | 'needs-action';

/** An advice file in the console's list. */
export interface AdviceFileSummary {
  id: string;
  status: AdviceFileStatus;
  clientName: string;
  clientEmail: string | null;
  /** The partner's name for a couple (from the latest answers); null for a single. */
  partnerName: string | null;
  createdAt: string;
  /** The latest entry's time. */
  updatedAt: string;
  /** Queued for review by sampling (or by hand), and not yet signed off. */
  inReviewQueue: boolean;
  /** The latest review's outcome, or null when none. */
  reviewed: ReviewOutcome | null;
}

/** One advice file in the console: its summary and every entry, in order. */
export interface AdviceFileView<A = unknown> {
  file: AdviceFileSummary;
  entries: AdviceEntry<A>[];
}

/** A figure the replay found different: its key, the stored value and today's, and the difference when both are numbers. */
export interface ReplayDifference {
  figure: string;
  before: number | string | boolean | null;
  after: number | string | boolean | null;
  delta: number | null;
}

/**
 * A replay: the latest result's answers recomputed by today's engine and assumptions module, for the original
 * calculation date (so the differences come from changes to the method or its figures, not from time passing).
 */
export interface Replay {
  resultSeq: number;
  asOf: string;
  before: { engineVersion: string; assumptionsVersion: string; status: string };
  after: { engineVersion: string; assumptionsVersion: string; status: string };
  differences: ReplayDifference[];
}

/** A site's advice settings (owner only to change; every change audited). */
export interface AdviceSettings {
  /** The kill switch: new recommendations paused; the journey offers a human adviser instead. */
  paused: boolean;
  /** The share of new advice files queued for review, in whole percent (0 to 100). @default 10 */
  samplePercent: number;
  /** How long an advice file is kept after its latest entry, in whole years (1 to 100). @default 7 */
  retentionYears: number;
}

/** The engine and assumptions versions in use over time on a site (the change log). */
export interface AdviceVersionUse {
  engineVersion: string;
  assumptionsVersion: string;
  /** The first result computed under this pair (the date it took effect on the site). */
  firstUsedAt: string;
  lastUsedAt: string;
  results: number;
}

/** What the journey learns of the site's advice before it asks anything (no personal data). */
export interface AdviceStatus {
  paused: boolean;
  /** The server can send mail (SMTP_URL is set): the journey offers to email links. */
  mail: boolean;
}

/** A created advice file: its id and the bearer token that writes to it (kept by the browser; stored hashed). */
export interface CreatedAdviceFile {
  fileId: string;
  token: string;
}

/** A resume link and code (docs/advice-records.md "Resume": single-use, expires after RESUME_LINK_DAYS). */
export interface ResumeLink {
  code: string;
  url: string;
  expiresAt: string;
  emailed: boolean;
}

/** What a resume code gives back: a new token for the file, and the answers to go on from. */
export interface Resumed<A = unknown> {
  fileId: string;
  token: string;
  name: string;
  answers: A;
  resumeAt: string | null;
}

/** An issued statement as the journey and the partner page see it. */
export interface IssuedStatement {
  statementId: string;
  sha256: string;
  names: string[];
  issuedAt: string;
}

/** After an acceptance: the file's status and, for a couple's first acceptance, the partner's link. */
export interface Accepted {
  status: AdviceFileStatus;
  partnerLink: { url: string; expiresAt: string; emailed: boolean } | null;
}

/** A resume link and code are single-use and expire after this many days. */
export const RESUME_LINK_DAYS = 7;
/** A partner's acceptance link is single-use and expires after this many days. */
export const PARTNER_LINK_DAYS = 30;
