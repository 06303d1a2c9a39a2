/**
 * The demo's plain-text documents (widget-spec §2: the viewer renders md, txt and
 * csv each its own way and offers other files as downloads): the risk profiles in
 * markdown, the privacy policy as text, the fee schedule as CSV, the model
 * portfolios as JSON.
 */
import { formatDollars, formatPercent } from '../../journey/format';
import { SAMPLE } from '../../journey/constants';
import {
  ADMIN_FEE,
  ADVISER_FEE,
  BUSINESS,
  DEMO_NOTE,
  FEE_ON_10K,
  FUND,
  INVESTMENT_FEE,
  ISSUER,
  PHONE,
  PRIVACY_EMAIL,
  RISK_PROFILES,
} from './copy';

/** Greedy word wrap at `width` characters (for the plain-text policy). */
function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** Investment risk profiles explained, in markdown with a table. */
export function riskProfilesMarkdown(): string {
  const rows = RISK_PROFILES.map((p) => `| ${p.label} | ${p.growth}% | ${p.defensive}% | ${p.minYears}+ years | ${p.negativeYears} |`);
  const sections = RISK_PROFILES.map((p) =>
    [
      `### ${p.label} (${p.growth}/${p.defensive})`,
      '',
      `${p.description} ${p.growth}% of your money is in growth assets and ${p.defensive}% in defensive assets.`,
      `It suits goals at least ${p.minYears} years away. Estimated negative annual returns: ${p.negativeYears} in every 20 years.`,
      '',
      `- Australian shares: ${p.allocation.australianShares}%`,
      `- International shares: ${p.allocation.internationalShares}%`,
      `- Property and infrastructure: ${p.allocation.propertyAndInfrastructure}%`,
      `- Fixed interest: ${p.allocation.fixedInterest}%`,
      `- Cash: ${p.allocation.cash}%`,
      '',
    ].join('\n'),
  );
  const sample = RISK_PROFILES.find((p) => p.value === SAMPLE.riskStyle);
  return [
    '# Investment risk profiles explained',
    '',
    'Your **risk profile** (also called your investment style) sets how your money is split between',
    '**growth assets** and **defensive assets**. You choose it in the Risk step of the questionnaire,',
    'and the recommended portfolio follows it.',
    '',
    '- **Growth assets**: Australian and international shares, property and infrastructure. Higher',
    '  expected returns over the long term, with larger ups and downs along the way.',
    '- **Defensive assets**: fixed interest (bonds) and cash. Steadier, with lower expected returns.',
    '',
    '## The six risk profiles at a glance',
    '',
    '| Risk profile | Growth assets | Defensive assets | Suggested timeframe | Negative years in 20 (estimate) |',
    '| --- | ---: | ---: | --- | --- |',
    ...rows,
    '',
    '## Each profile in detail',
    '',
    ...sections,
    '## Choosing your profile',
    '',
    '1. **Start from your timeframe.** The further away your goal, the more time you have to ride out a',
    '   fall in markets, and the more growth assets you may be able to hold.',
    '2. **Think about a bad year.** Could you leave your money invested if it fell by a fifth in a year?',
    '   If not, a more defensive profile may suit you better.',
    '3. **Check the fees.** Every profile of the ' +
      `${FUND} has the same fees: an investment fee of ${INVESTMENT_FEE} a year and an administration fee of ${ADMIN_FEE}.`,
    '',
    sample
      ? `> **Example:** for a goal of ${formatDollars(SAMPLE.goalAmount)} in ${SAMPLE.goalYears} years, the sample advice uses the ` +
        `*${sample.label}* profile: ${sample.growth}% growth and ${sample.defensive}% defensive.`
      : '',
    '',
    '---',
    '',
    `*Past performance is not a reliable indicator of future performance. ${DEMO_NOTE}*`,
    '',
  ].join('\n');
}

/** The privacy policy as plain text, wrapped at 72 characters. */
export function privacyPolicyText(): string {
  const sections: [string, string[]][] = [
    [
      '1. About this policy',
      [
        `This policy explains how ${BUSINESS} ("Horizon Advice", "we", "us") collects, uses, stores and discloses your personal information, and how you can access or correct it. We are bound by the Privacy Act 1988 (Cth) and the Australian Privacy Principles.`,
      ],
    ],
    [
      '2. What we collect',
      [
        'To give you advice we ask about you and your household: your name, date of birth, contact details, relationship status, employment, income, expenses, assets, debts, superannuation, insurance and your investment goals and risk profile.',
        'When you use the chat assistant on our website we keep the conversation, the page you were on, and a random identifier stored in your browser so that your chat history is there when you return. If you use voice input, your recording is sent for transcription and is not kept after it has been turned into text.',
      ],
    ],
    [
      '3. Why we collect it',
      [
        'We use your information to work out whether our advice suits you, to prepare your advice and statement of advice, to open and manage your investment, to answer your questions, to meet our legal obligations (including identity checks under the Anti-Money Laundering and Counter-Terrorism Financing Act 2006), and to improve our services.',
        'We do not sell your personal information, and we do not use it for marketing unless you agree. You can opt out at any time.',
      ],
    ],
    [
      '4. Who we share it with',
      [
        `We share your information only as needed: with ${ISSUER}, which issues the ${FUND}; with service providers who host our systems or verify your identity; with your authorised representatives; and with regulators when the law requires it. Each provider must protect your information as we do.`,
        'Some of our service providers store data outside Australia, in the United States and the European Union. We take reasonable steps to make sure they handle it in line with the Australian Privacy Principles.',
      ],
    ],
    [
      '5. How we protect it',
      [
        'Your information is encrypted in transit and at rest, and only staff who need it can see it. We keep advice records for at least seven years, as the law requires, then destroy or de-identify them.',
      ],
    ],
    [
      '6. Accessing and correcting your information',
      [
        `You may ask for a copy of the personal information we hold about you, or ask us to correct it, by writing to ${PRIVACY_EMAIL}. We will respond within 30 days. There is no charge for asking.`,
      ],
    ],
    [
      '7. Complaints',
      [
        `If you are concerned about how we have handled your personal information, contact our Privacy Officer at ${PRIVACY_EMAIL} or on ${PHONE}. We will acknowledge your complaint within one business day and respond within 30 days.`,
        'If you are not satisfied with our response you can contact the Office of the Australian Information Commissioner (OAIC) at www.oaic.gov.au or on 1300 363 992.',
      ],
    ],
  ];
  const body = sections.flatMap(([heading, paragraphs]) => [
    heading,
    '-'.repeat(heading.length),
    ...paragraphs.flatMap((para) => [...wrapWords(para, 72), '']),
  ]);
  const title = 'PRIVACY & PERSONAL DATA PROTECTION POLICY';
  return [title, '='.repeat(title.length), `${BUSINESS} - version 4`, '', ...body, ...wrapWords(DEMO_NOTE, 72), ''].join('\n');
}

/** One CSV field, quoted when it must be (RFC 4180). */
function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The fee schedule as CSV (RFC 4180). */
export function feeScheduleCsv(): string {
  const rows: (string | number)[][] = [
    ['Fee', 'Amount', 'Frequency', 'How it is paid', 'On a $10,000 investment'],
    [
      'Upfront adviser fee',
      ADVISER_FEE,
      'One-off',
      'Invoiced to you when your advice is ready; not taken from your investment',
      ADVISER_FEE,
    ],
    ['Administration fee', ADMIN_FEE, 'Yearly', 'Not charged', formatDollars(0)],
    [
      'Investment fee',
      INVESTMENT_FEE,
      'Yearly',
      "Calculated daily on your balance and deducted from the fund's assets monthly",
      FEE_ON_10K,
    ],
    ['Contribution fee', formatPercent(0), 'Each contribution', 'Not charged', formatDollars(0)],
    ['Withdrawal fee', formatPercent(0), 'Each withdrawal', 'Not charged', formatDollars(0)],
    ['Switching fee', formatPercent(0), 'Each switch between risk profiles', 'Not charged', formatDollars(0)],
  ];
  // RFC 4180 lines end in CRLF, which spreadsheet programs expect.
  return `${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** The model portfolios as a JSON data file. */
export function modelPortfoliosJson(): string {
  return `${JSON.stringify(
    {
      fund: FUND,
      issuer: ISSUER,
      asAt: '2024-07-01',
      units: 'percent of portfolio',
      fees: { investmentFeePctYearly: SAMPLE.investmentFeePct, administrationFeePctYearly: SAMPLE.administrationFeePct },
      profiles: RISK_PROFILES.map((p) => ({
        id: p.value,
        name: p.label,
        description: p.description,
        growth: p.growth,
        defensive: p.defensive,
        suggestedMinimumYears: p.minYears,
        allocation: p.allocation,
      })),
      note: DEMO_NOTE,
    },
    null,
    2,
  )}\n`;
}
