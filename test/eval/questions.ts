/**
 * The answers' evaluation set (`npm run eval:answers`, test/e2e/answers.test.ts): questions a visitor
 * asks about the demo site (server/demo/*), each on the journey page it is asked on, with what a right
 * answer holds. Written by hand from the demo's pages and documents: every journey page, every document
 * (the Financial Services Guide PDF, the PDS docx, the risk profiles markdown, the privacy policy text,
 * the fee schedule CSV, the model portfolios data file) and the welcome video.
 *
 * The figures of the arithmetic questions are worked by hand from the journey's engine document
 * (JOURNEY-ENGINE.md, in the design notes): the investment fee is 0.7% a year of the balance; the tax
 * tables are by financial year, so a take-home question names its year (2025-26, whose checked examples
 * the document gives); a goal's monthly amount uses the published median net return (Moderate 4.7%),
 * monthly rate (1 + R)^(1/12) − 1, deposits at each month's end, rounded up to the cent, and a goal in
 * today's dollars is inflated at 2.5% a year first.
 */

/** An Ask-question focus: a document of the demo's document page (`/smart-doc?doc=…`) by its type, or the video. */
export type Focus = 'pdf' | 'docx' | 'md' | 'txt' | 'csv' | 'other' | 'video';

/** What kind of question it is (the report counts each kind). */
export type Kind = 'page' | 'document' | 'synonym' | 'arithmetic' | 'modal' | 'advice' | 'out-of-scope';

/** What a right answer is. Every part given must hold. */
export interface Expectation {
  /** Patterns the answer's text must all match. */
  include?: RegExp[];
  /** A source the answer must cite (its `sources`) or name. */
  source?: string;
  /** An amount in cents that the answer must state exactly (as `$1,234.56`, or `$1,234` for whole dollars). */
  cents?: number;
  /** The question is outside what the site can answer: a right answer declines it and invents no figure. */
  declined?: true;
  /** Personal advice: a right answer gives none and points the visitor to the journey. */
  journey?: true;
}

export interface EvalQuestion {
  kind: Kind;
  /** The journey page it is asked on (its path: the page text is that page's). */
  page: string;
  /** Asked in the Ask-question modal of this document or video, instead of the chat window. */
  focus?: Focus;
  question: string;
  expect: Expectation;
}

const FSG = 'Financial Services Guide';
const PDS = 'Product Disclosure Statement – Diversified Index Fund';
const RISK = 'Investment risk profiles explained';
const PRIVACY = 'Privacy & Personal Data Protection Policy';
const FEES = 'Fee schedule';
const VIDEO = 'Welcome to Horizon Advice';

export const QUESTIONS: readonly EvalQuestion[] = [
  // ── the journey's pages: what the page in front of the visitor says ──
  { kind: 'page', page: '/', question: 'Which journey suits me?', expect: { include: [/Investment/, /Retirement/] } },
  { kind: 'page', page: '/', question: 'What is the financial health check?', expect: { include: [/where you stand today/i] } },
  { kind: 'synonym', page: '/', question: 'Which journey suits me if I want to buy a house?', expect: { include: [/\binvest/i] } },
  { kind: 'synonym', page: '/', question: 'Can you help me plan to stop working one day?', expect: { include: [/retire/i] } },
  { kind: 'page', page: '/investment/intro', question: 'How long does this take?', expect: { include: [/15 minutes/] } },
  { kind: 'page', page: '/investment/intro', question: 'Are my answers saved as I go?', expect: { include: [/automatically/i] } },
  { kind: 'page', page: '/investment/intro', question: 'Can I change my answers later?', expect: { include: [/review and change/i] } },
  {
    kind: 'page',
    page: '/investment/before-start',
    question: 'What should I have to hand before I start?',
    expect: { include: [/payslips|tax return/i] },
  },
  {
    kind: 'synonym',
    page: '/investment/before-start',
    question: 'Can my husband add his details too?',
    expect: { include: [/partner/i, /invite/i] },
  },
  { kind: 'page', page: '/investment/eligibility', question: 'Who is this advice for?', expect: { include: [/Australia/, /18 or over/] } },
  { kind: 'page', page: '/investment/eligibility', question: 'How far away does my goal need to be?', expect: { include: [/2 years/] } },
  {
    kind: 'page',
    page: '/investment/eligibility',
    question: 'Does this advice cover estate planning?',
    expect: { include: [/not cover/i, /estate planning/i] },
  },
  { kind: 'page', page: '/questionnaire/date-of-birth', question: 'How old do I have to be?', expect: { include: [/18 or over/] } },
  { kind: 'synonym', page: '/questionnaire/date-of-birth', question: 'How do I type my birthday?', expect: { include: [/DD\/MM\/YYYY/] } },
  {
    kind: 'page',
    page: '/questionnaire/relationship-status',
    question: 'What can I choose here?',
    expect: { include: [/Couple/, /Single/] },
  },
  {
    kind: 'page',
    page: '/questionnaire/goal-selection',
    question: 'What goals can I choose from?',
    expect: { include: [/Travelling overseas/, /first home/] },
  },
  {
    kind: 'synonym',
    page: '/questionnaire/goal-selection',
    question: 'Can I save for a trip abroad?',
    expect: { include: [/Travelling overseas/i] },
  },
  {
    kind: 'page',
    page: '/questionnaire/goal-details',
    question: 'Is the amount in today’s dollars?',
    expect: { include: [/today.s dollars/i] },
  },
  { kind: 'page', page: '/questionnaire/summary', question: 'What do you ask about next?', expect: { include: [/finances/i] } },
  { kind: 'page', page: '/questionnaire/employment-status', question: 'Can I say I am a student?', expect: { include: [/Student/] } },
  { kind: 'page', page: '/questionnaire/income', question: 'Is my income before or after tax?', expect: { include: [/before tax/i] } },
  { kind: 'page', page: '/questionnaire/additional-income', question: 'Does rent count as other income?', expect: { include: [/rent/i] } },
  {
    kind: 'page',
    page: '/questionnaire/benefits',
    question: 'Is Family Tax Benefit taxed?',
    // no page or document of the site says: a right answer says it does not know
    expect: { declined: true },
  },
  {
    kind: 'page',
    page: '/questionnaire/big-spends',
    question: 'What counts as a big expense?',
    expect: { include: [/wedding|car|renovations|school fees/i] },
  },
  { kind: 'page', page: '/questionnaire/assets', question: 'Does my home count as an asset?', expect: { include: [/your home/i] } },
  {
    kind: 'page',
    page: '/questionnaire/super',
    question: 'What super balance should I enter?',
    expect: { include: [/all of your super funds/i] },
  },
  {
    kind: 'page',
    page: '/questionnaire/insurance-cover',
    question: 'What is TPD?',
    expect: { include: [/Total and permanent disability/i] },
  },
  {
    kind: 'page',
    page: '/questionnaire/private-health',
    question: 'Why do you ask about hospital cover?',
    expect: { include: [/Medicare levy surcharge/i] },
  },
  {
    kind: 'page',
    page: '/questionnaire/risk-assessment',
    question: 'What does the moderate style mean?',
    expect: { include: [/balance of growth and security/i] },
  },
  {
    kind: 'page',
    page: '/questionnaire/risk-assessment',
    question: 'What is the difference between the investment risk styles?',
    expect: { include: [/Conservative/, /ggressive/] },
  },
  {
    kind: 'page',
    page: '/questionnaire/review-details',
    question: 'What does Example mean on this page?',
    expect: { include: [/sample values/i] },
  },
  {
    kind: 'page',
    page: '/questionnaire/needs-analysis',
    question: 'How big should my emergency fund be?',
    expect: { include: [/three months/i] },
  },
  {
    kind: 'page',
    page: '/questionnaire/needs-analysis',
    question: 'How much is set aside for unexpected expenses?',
    expect: { include: [/30%|\$1,926/] },
  },
  {
    kind: 'page',
    page: '/questionnaire/needs-analysis',
    question: 'Do you review my insurance?',
    expect: { include: [/does not review your insurance/i] },
  },
  { kind: 'page', page: '/questionnaire/recommendation', question: 'What is the proposed advice?', expect: { include: [/\$353 a month/] } },
  {
    kind: 'page',
    page: '/questionnaire/recommendation',
    question: 'Are the returns guaranteed?',
    expect: { include: [/not guaranteed/i] },
  },
  {
    kind: 'page',
    page: '/recommended-products',
    question: 'Which product do you recommend?',
    expect: { include: [/Diversified Index Fund/] },
  },
  {
    kind: 'page',
    page: '/recommended-products',
    question: 'Why do you recommend this fund?',
    expect: { include: [/investment style you chose|fees are low/i] },
  },
  { kind: 'page', page: '/recommended-products', question: 'What fees will I pay for this product?', expect: { include: [/0\.7%/] } },
  {
    kind: 'synonym',
    page: '/recommended-products',
    question: 'How much is the admin fee?',
    expect: { include: [/no administration fee|0%/i] },
  },
  {
    kind: 'page',
    page: '/smart-doc',
    question: 'What is this document about?',
    expect: { include: [/Diversified Index Fund|Product Disclosure Statement/i] },
  },
  {
    kind: 'page',
    page: '/smart-doc-multiple',
    question: 'Which documents are on this page?',
    expect: { include: [/Financial Services Guide/i, /risk profiles/i] },
  },
  { kind: 'page', page: '/video-embed', question: 'What’s this video about?', expect: { include: [/plan/i, /goal/i] } },
  {
    kind: 'page',
    page: '/statement-of-advice',
    question: 'When will I see my statement of advice?',
    expect: { include: [/questionnaire|accept the recommendation/i] },
  },

  // ── the documents, asked in the chat window ──
  {
    kind: 'document',
    page: '/investment/before-start',
    question: 'What is your licence number?',
    expect: { include: [/000000/], source: FSG },
  },
  {
    kind: 'document',
    page: '/investment/before-start',
    question: 'How are your advisers paid?',
    expect: { include: [/salary/i], source: FSG },
  },
  { kind: 'document', page: '/', question: 'What are your phone hours?', expect: { include: [/9am to 5pm/], source: FSG } },
  {
    kind: 'document',
    page: '/recommended-products',
    question: 'Do you get commissions?',
    expect: { include: [/commission/i], source: FSG },
  },
  {
    kind: 'document',
    page: '/',
    question: 'How do I make a complaint?',
    expect: { include: [/help@horizonadvice\.example|1300 975 707/] },
  },
  { kind: 'document', page: '/', question: 'What is AFCA?', expect: { include: [/Australian Financial Complaints Authority/] } },
  {
    kind: 'synonym',
    page: '/investment/before-start',
    question: 'Are you insured if an adviser makes a mistake?',
    expect: { include: [/professional indemnity/i], source: FSG },
  },
  { kind: 'document', page: '/recommended-products', question: 'What is an index fund?', expect: { include: [/track/i], source: PDS } },
  {
    kind: 'synonym',
    page: '/recommended-products',
    question: 'How do I take my money out?',
    expect: { include: [/withdraw/i, /business day/i], source: PDS },
  },
  {
    kind: 'document',
    page: '/recommended-products',
    question: 'Is there a cooling-off period?',
    expect: { include: [/14 days/], source: PDS },
  },
  {
    kind: 'document',
    page: '/recommended-products',
    question: 'How often does the fund pay distributions?',
    expect: { include: [/six months/i], source: PDS },
  },
  { kind: 'document', page: '/recommended-products', question: 'What are the risks of investing?', expect: { include: [/market risk/i] } },
  {
    kind: 'document',
    page: '/recommended-products',
    question: 'Is currency risk hedged?',
    expect: { include: [/not hedged/i], source: PDS },
  },
  {
    kind: 'document',
    page: '/questionnaire/risk-assessment',
    question: 'How often is the portfolio rebalanced?',
    expect: { include: [/quarter/i], source: PDS },
  },
  {
    kind: 'document',
    page: '/recommended-products',
    question: 'Do you give tax advice?',
    expect: { include: [/tax agent|do not give tax advice/i] },
  },
  {
    kind: 'document',
    page: '/questionnaire/risk-assessment',
    question: 'What is the difference between growth and defensive assets?',
    expect: { include: [/shares/i, /fixed interest|cash/i] },
  },
  {
    kind: 'document',
    page: '/questionnaire/risk-assessment',
    question: 'What does the moderately aggressive profile hold?',
    expect: { include: [/70%/, /30%/] },
  },
  {
    kind: 'document',
    page: '/questionnaire/risk-assessment',
    question: 'What timeframe suits the aggressive profile?',
    expect: { include: [/7\+? years/] },
  },
  {
    kind: 'document',
    page: '/questionnaire/risk-assessment',
    question: 'How much cash does the conservative profile hold?',
    expect: { include: [/20%/] },
  },
  {
    kind: 'synonym',
    page: '/questionnaire/risk-assessment',
    question: 'Which profile has the most equities?',
    expect: { include: [/Highly aggressive/i] },
  },
  { kind: 'document', page: '/', question: 'Do you sell my personal information?', expect: { include: [/do not sell/i], source: PRIVACY } },
  { kind: 'document', page: '/', question: 'How long do you keep my records?', expect: { include: [/seven years/i] } },
  {
    kind: 'synonym',
    page: '/',
    question: 'Is my data kept overseas?',
    expect: { include: [/outside Australia|United States|European Union/i], source: PRIVACY },
  },
  {
    kind: 'document',
    page: '/',
    question: 'How can I get a copy of the information you hold about me?',
    expect: { include: [/privacy@horizonadvice\.example/] },
  },
  { kind: 'document', page: '/', question: 'Do you keep my voice recordings?', expect: { include: [/not kept/i], source: PRIVACY } },
  {
    kind: 'document',
    page: '/recommended-products',
    question: 'Is there a withdrawal fee?',
    expect: { include: [/no withdrawal fee|not charged|nil|\$0|0%/i] },
  },
  {
    kind: 'document',
    page: '/recommended-products',
    question: 'Is there a switching fee?',
    expect: { include: [/not charged|nil|free of charge|\$0|0%/i] },
  },
  { kind: 'document', page: '/recommended-products', question: 'When do I pay the adviser fee?', expect: { include: [/invoiced/i] } },
  {
    kind: 'document',
    page: '/recommended-products',
    question: 'How is the investment fee charged?',
    expect: { include: [/daily/i, /monthly/i] },
  },
  { kind: 'document', page: '/recommended-products', question: 'How much is the upfront adviser fee?', expect: { include: [/\$500/] } },

  // ── arithmetic: worked from the engine's rules, exact to the cent ──
  { kind: 'arithmetic', page: '/recommended-products', question: 'What fees will I pay on $20,000?', expect: { cents: 140_00 } },
  {
    kind: 'arithmetic',
    page: '/recommended-products',
    question: 'What is the yearly investment fee on $50,000?',
    expect: { cents: 350_00 },
  },
  {
    kind: 'arithmetic',
    page: '/recommended-products',
    question: 'How much would the fee be on a balance of $12,340?',
    expect: { cents: 86_38 },
  },
  { kind: 'arithmetic', page: '/', question: 'If I invest $35,000, what is the investment fee each year?', expect: { cents: 245_00 } },
  {
    kind: 'arithmetic',
    page: '/questionnaire/income',
    question: 'What is my take-home pay on $90,000 a year in 2025-26?',
    // tax $4,288 + 30% of $45,000 = $17,788, no offset above $66,667, Medicare levy 2% = $1,800
    expect: { cents: 70_412_00 },
  },
  {
    kind: 'arithmetic',
    page: '/questionnaire/income',
    question: 'What would I take home from a $50,000 salary in 2025-26?',
    // tax $4,288 + 30% of $5,000 = $5,788, less the offset $325 − 1.5% of $5,000 = $250; Medicare levy $1,000
    expect: { cents: 43_462_00 },
  },
  {
    kind: 'arithmetic',
    page: '/questionnaire/private-health',
    question: 'What is my take-home pay on $150,000 a year in 2025-26 with private hospital cover?',
    // tax $31,288 + 37% of $15,000 = $36,838; Medicare levy $3,000; no surcharge with hospital cover
    expect: { cents: 110_162_00 },
  },
  {
    kind: 'arithmetic',
    page: '/questionnaire/needs-analysis',
    question: 'How big should my emergency fund be if I earn $90,000 a year in 2025-26?',
    // three months of $70,412 a year: $70,412 / 4
    expect: { cents: 17_603_00 },
  },
  {
    kind: 'arithmetic',
    page: '/questionnaire/income',
    question: 'How much is $90,000 a year after tax each month in 2025-26?',
    // $70,412 / 12 = $5,867.666…
    expect: { cents: 5_867_67 },
  },
  {
    kind: 'arithmetic',
    page: '/questionnaire/recommendation',
    question:
      'How much do I need to invest each month to reach $60,000 in today’s dollars in 5 years with a moderate profile, starting from nothing?',
    // $60,000 × 1.025^5 = $67,884.49; i = 1.047^(1/12) − 1; 60 deposits: $1,008.40 a month
    expect: { cents: 1_008_40 },
  },
  {
    kind: 'arithmetic',
    page: '/questionnaire/recommendation',
    question: 'How much a month reaches $60,000 in 5 years, not adjusted for inflation, with a moderate profile and nothing to start?',
    // i = 1.047^(1/12) − 1; 60 deposits at each month's end: $891.28 a month
    expect: { cents: 891_28 },
  },

  // ── the Ask-question modal: the document or video beside the chat ──
  {
    kind: 'modal',
    page: '/smart-doc',
    focus: 'pdf',
    question: 'What fees does this document mention?',
    expect: { include: [/\$500/, /0\.7%/] },
  },
  {
    kind: 'modal',
    page: '/smart-doc',
    focus: 'pdf',
    question: 'Who issues the fund?',
    expect: { include: [/Horizon Investment Management/] },
  },
  {
    kind: 'modal',
    page: '/smart-doc',
    focus: 'pdf',
    question: 'What documents will I receive?',
    expect: { include: [/Statement of Advice/i] },
  },
  {
    kind: 'modal',
    page: '/smart-doc',
    focus: 'docx',
    question: 'What fees does this document mention?',
    expect: { include: [/0\.7%/, /\$500/] },
  },
  { kind: 'modal', page: '/smart-doc', focus: 'docx', question: 'How long is the cooling-off period?', expect: { include: [/14 days/] } },
  { kind: 'modal', page: '/smart-doc', focus: 'docx', question: 'How do I invest?', expect: { include: [/open an account|lump sum/i] } },
  {
    kind: 'modal',
    page: '/smart-doc',
    focus: 'md',
    question: 'What does the cautious profile hold?',
    expect: { include: [/40%/, /60%/], source: RISK },
  },
  {
    kind: 'modal',
    page: '/smart-doc',
    focus: 'md',
    question: 'How many negative years should I expect with the moderate profile?',
    expect: { include: [/2 to less than 3/] },
  },
  {
    kind: 'modal',
    page: '/smart-doc',
    focus: 'txt',
    question: 'How quickly will you answer a privacy complaint?',
    expect: { include: [/30 days/] },
  },
  {
    kind: 'modal',
    page: '/smart-doc',
    focus: 'txt',
    question: 'Who else do you share my information with?',
    expect: { include: [/service providers|regulators/i] },
  },
  {
    kind: 'modal',
    page: '/smart-doc',
    focus: 'csv',
    question: 'What fees are listed here?',
    expect: { include: [/adviser fee/i, /investment fee/i], source: FEES },
  },
  {
    kind: 'modal',
    page: '/smart-doc',
    focus: 'csv',
    question: 'Is there a contribution fee?',
    expect: { include: [/not charged|nil|\$0|0%/i] },
  },
  {
    kind: 'modal',
    page: '/smart-doc',
    focus: 'other',
    question: 'How much of the aggressive portfolio is in international shares?',
    expect: { include: [/44%?/] },
  },
  {
    kind: 'modal',
    page: '/video-embed',
    focus: 'video',
    question: 'What is this video about?',
    expect: { include: [/plan|invest/i], source: VIDEO },
  },
  {
    kind: 'modal',
    page: '/video-embed',
    focus: 'video',
    question: 'What will you help me plan?',
    expect: { include: [/investment for your goal|plan an investment/i] },
  },

  // ── personal advice: general information only, the journey for advice (RG 244) ──
  { kind: 'advice', page: '/', question: 'Should I invest my $20,000 inheritance?', expect: { journey: true } },
  {
    kind: 'advice',
    page: '/questionnaire/risk-assessment',
    question: 'Is the aggressive profile right for me?',
    expect: { journey: true },
  },
  { kind: 'advice', page: '/recommended-products', question: 'Should I put all my savings into this fund?', expect: { journey: true } },
  {
    kind: 'advice',
    page: '/questionnaire/debts',
    question: 'Should I pay off my credit card before investing?',
    expect: { journey: true },
  },
  { kind: 'advice', page: '/questionnaire/regular-savings', question: 'How much should I invest each month?', expect: { journey: true } },

  // ── out of scope: declined, nothing invented ──
  { kind: 'out-of-scope', page: '/', question: 'What’s the weather in Sydney tomorrow?', expect: { declined: true } },
  { kind: 'out-of-scope', page: '/recommended-products', question: 'Give me a hot stock tip for this week.', expect: { declined: true } },
  { kind: 'out-of-scope', page: '/statement-of-advice', question: 'What’s my current account balance?', expect: { declined: true } },
  {
    kind: 'out-of-scope',
    page: '/questionnaire/needs-analysis',
    question: 'What is my account balance today?',
    expect: { declined: true },
  },
  { kind: 'out-of-scope', page: '/', question: 'What is the price of Bitcoin?', expect: { declined: true } },
  { kind: 'out-of-scope', page: '/investment/intro', question: 'Who won the football last night?', expect: { declined: true } },
  { kind: 'out-of-scope', page: '/', question: 'What is the capital of France?', expect: { declined: true } },
];
