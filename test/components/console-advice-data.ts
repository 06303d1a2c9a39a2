/**
 * Advice files of the contract's shapes (contract/advice.ts) for the console's tests: the happy-dom fake
 * (console-fake-api-advice.ts) and the e2e stand-in (test/e2e/console-advice.test.ts) answer with them.
 */
import type { AdviceEntry, AdviceFileSummary, AdviceVersionUse, Replay } from '../../contract/advice';

export const summary = (over: Partial<AdviceFileSummary> & Pick<AdviceFileSummary, 'id' | 'clientName'>): AdviceFileSummary => ({
  status: 'advised',
  clientEmail: null,
  partnerName: null,
  createdAt: '2026-11-20T09:00:00Z',
  updatedAt: '2026-11-20T09:30:00Z',
  inReviewQueue: false,
  reviewed: null,
  ...over,
});

/** Three files, newest first: a couple awaiting the partner (queued), a refusal, a single's advice (reviewed). */
export const FILES: AdviceFileSummary[] = [
  summary({
    id: 'f3',
    clientName: 'Alex Chen',
    clientEmail: 'alex@example.com',
    partnerName: 'Sam Chen',
    status: 'awaiting-partner',
    inReviewQueue: true,
    updatedAt: '2026-11-25T10:00:00Z',
  }),
  summary({ id: 'f2', clientName: 'Jo Bloggs', status: 'refused', updatedAt: '2026-11-24T10:00:00Z' }),
  summary({ id: 'f1', clientName: 'Pat Lee', clientEmail: 'pat@example.com', reviewed: 'satisfactory' }),
];

const client = { kind: 'client' } as const;

/** Alex Chen's file: every kind of entry but a review. */
export const ENTRIES: AdviceEntry[] = [
  {
    seq: 1,
    at: '2026-11-25T09:00:00Z',
    by: client,
    kind: 'consent',
    name: 'Alex Chen',
    email: 'alex@example.com',
    wording: 'Keep my answers and advice.',
  },
  { seq: 2, at: '2026-11-25T09:01:00Z', by: client, kind: 'answers', answers: { age: 40 } as never, changed: [], resumeAt: null },
  {
    seq: 3,
    at: '2026-11-25T09:05:00Z',
    by: client,
    kind: 'answers',
    answers: { age: 41, income: { annualCents: 9_000_000 } } as never,
    changed: ['age', 'income'],
    resumeAt: '/goal',
  },
  { seq: 4, at: '2026-11-25T09:06:00Z', by: client, kind: 'resume-link', expiresAt: '2026-12-02T09:06:00Z', emailed: true },
  { seq: 5, at: '2026-11-25T09:07:00Z', by: client, kind: 'advice-paused' },
  {
    seq: 6,
    at: '2026-11-25T09:10:00Z',
    by: client,
    kind: 'result',
    status: 'recommended',
    engineVersion: 'engine-3',
    assumptionsVersion: '2026-07',
    asOf: '2026-11-25T09:10:00Z',
    figures: { 'plan.monthlyNeededCents': 45_000, 'plan.chance': 0.8, 'plan.profile': 'balanced' },
    reasons: [],
    answersSeq: 3,
    result: {},
  },
  {
    seq: 7,
    at: '2026-11-25T09:11:00Z',
    by: client,
    kind: 'statement',
    statementId: 'st1',
    sha256: 'ab'.repeat(32),
    bytes: 12_000,
    resultSeq: 6,
    names: ['Alex Chen', 'Sam Chen'],
  },
  { seq: 8, at: '2026-11-25T09:12:00Z', by: client, kind: 'acceptance', statementId: 'st1', sha256: 'ab'.repeat(32), name: 'Alex Chen' },
  {
    seq: 9,
    at: '2026-11-25T09:13:00Z',
    by: client,
    kind: 'partner-link',
    statementId: 'st1',
    expiresAt: '2026-12-25T09:13:00Z',
    emailed: false,
  },
];

/** Jo Bloggs's refusal: a result that is unsuitable, with its reason's code and figures. */
export const REFUSED: AdviceEntry[] = [
  {
    seq: 1,
    at: '2026-11-24T09:00:00Z',
    by: client,
    kind: 'consent',
    name: 'Jo Bloggs',
    email: null,
    wording: 'Keep my answers and advice.',
  },
  {
    seq: 2,
    at: '2026-11-24T09:10:00Z',
    by: client,
    kind: 'result',
    status: 'unsuitable',
    engineVersion: 'engine-3',
    assumptionsVersion: '2026-07',
    asOf: '2026-11-24T09:10:00Z',
    figures: {},
    // as the server keeps them: the engine's reason whole, its code among its figures
    reasons: [
      { code: 'goal-too-soon', figures: { code: 'goal-too-soon', minGoalYears: 1 } },
      {
        code: 'high-interest-debt',
        figures: {
          code: 'high-interest-debt',
          debts: [{ rowId: 1, type: 'credit-card', owner: 'self', valueCents: 500_000, rate: 0.1999 }],
          highInterestRate: 0.1,
        },
      },
    ],
    answersSeq: 1,
    result: {},
  },
];

export const REPLAY: Replay = {
  resultSeq: 6,
  asOf: '2026-11-25T09:10:00Z',
  before: { engineVersion: 'engine-3', assumptionsVersion: '2026-07', status: 'recommended' },
  after: { engineVersion: 'engine-4', assumptionsVersion: '2027-01', status: 'recommended' },
  differences: [{ figure: 'plan.monthlyNeededCents', before: 45_000, after: 47_550, delta: 2_550 }],
};

export const VERSIONS: AdviceVersionUse[] = [
  {
    engineVersion: 'engine-3',
    assumptionsVersion: '2026-07',
    firstUsedAt: '2026-07-01T00:00:00Z',
    lastUsedAt: '2026-11-25T09:10:00Z',
    results: 42,
  },
];
