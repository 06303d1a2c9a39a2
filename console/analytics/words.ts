/**
 * The analytics screen's words (English), loaded with its chunk; the tab's label is in console/messages.ts. Range
 * refusals are keyed by the machine's codes (machines/console-analytics.ts `RangeProblem`).
 */
import type { RangeProblem } from '../../machines/console-analytics';

/** A whole number as the person's browser writes it. */
const n = (value: number) => value.toLocaleString();
const plural = (value: number, one: string, many: string) => `${n(value)} ${value === 1 ? one : many}`;

export const WORDS = {
  range: 'Date range',
  lastDays: (days: number) => `Last ${days} days`,
  from: 'From',
  to: 'To',
  show: 'Show',
  rangeErrors: {
    RANGE_INVALID: 'Enter both dates.',
    RANGE_ORDER: 'The end date is before the start date.',
    RANGE_TOO_LONG: 'Choose at most 366 days.',
  } satisfies Record<RangeProblem, string>,
  showing: (from: string, to: string, zone: string) => `${from} to ${to}, days in ${zone}.`,
  updating: 'Loading the new range…',

  activity: 'Conversations and messages',
  conversations: 'Conversations',
  questions: 'Questions',
  messages: 'Messages',
  day: 'Day',
  perDay: 'Conversations and messages per day',
  chartSummary: (from: string, to: string, conversations: number, messages: number, busiest: string | null) =>
    `Conversations and messages per day from ${from} to ${to}: ${plural(conversations, 'conversation', 'conversations')} and ${plural(
      messages,
      'message',
      'messages',
    )} in all${busiest ? `; the busiest day was ${busiest}` : ''}.`,
  showData: 'Show the data',
  activityHint: 'A conversation counts on the day of its first message. Messages are the visitors’ questions and the answers.',

  unanswered: 'Unanswered questions',
  rateOf: (unanswered: number, questions: number) => `${n(unanswered)} of ${plural(questions, 'question', 'questions')}`,
  noQuestions: 'No questions were asked in this range.',
  byReason: 'Unanswered questions by reason',
  reason: 'Reason',
  failed: 'Failed (an error, or no answer after a failure)',
  incomplete: 'Incomplete (cut off)',
  nothingFound: 'Nothing found to answer from',
  unansweredDefinition:
    'A question counts as unanswered when its answer failed, was cut off before its end, or found nothing to answer from. Each counts once, under the first reason that fits.',

  topQuestions: 'Top questions',
  question: 'Question',
  timesAsked: 'Times asked',
  noTopQuestions: 'No questions in this range.',
  topHint: 'Questions are grouped regardless of case, punctuation and spacing.',

  clicks: 'Button clicks',
  clicksTotal: (total: number) => `${plural(total, 'click', 'clicks')} in all.`,
  byButton: 'By button',
  byPage: 'By page',
  button: 'Button',
  page: 'Page',
  count: 'Clicks',
  noClicks: 'No button was clicked in this range.',
  removedButton: (id: string) => `${id} (not a button of this site now)`,

  content: 'Documents and videos',
  name: 'Name',
  kind: 'Type',
  kinds: { document: 'Document', video: 'Video' },
  opened: 'Opened',
  askedQuestions: 'Questions asked',
  askedConversations: 'In conversations',
  noContent: 'This site has no documents or videos.',
  contentHint: 'Opened counts each time a page showed the document or video. Questions are those asked from its Ask a question window.',

  latency: 'Answer latency',
  measure: 'Measure',
  firstWord: 'Time to first word',
  wholeAnswer: 'Time to the whole answer',
  p50: 'Median (p50)',
  p95: '95th percentile (p95)',
  answers: 'Answers measured',
  latencyHint:
    'Measured by the server from the question’s arrival. Half of the answers were faster than the median; 95 in 100 faster than the 95th percentile.',
  ms: (value: number | null) =>
    value === null ? '—' : value < 1000 ? `${n(value)} ms` : `${(value / 1000).toLocaleString(undefined, { maximumFractionDigits: 1 })} s`,
  percent: (rate: number) => rate.toLocaleString(undefined, { style: 'percent', maximumFractionDigits: 1 }),
  number: n,
} as const;
