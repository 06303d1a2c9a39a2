/**
 * The demo site's content: one smart document of each kind the viewer renders
 * differently (widget-spec §2, "Smart document viewer"), and the welcome video.
 *
 * The documents are generated here, not committed as binaries, so that their
 * wording stays reviewable and their figures come from the journey's own constants
 * (the fees and risk styles of journey-spec §3 and §9). Every build of them is
 * byte-identical: no timestamps, fixed zip dates, no random ids. The video cannot
 * be made in code; it lives in demo/media/ with the commands that made it.
 */
import { zipSync, type Zippable } from 'fflate';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RISK_STYLES } from '../journey/options';
import { SAMPLE } from '../journey/sample';
import { formatDollars, formatPercent } from '../journey/format';
import type { DocType } from './documents';

/** A document the server seeds into the demo site. */
export interface DemoDocument {
  /** Stable, URL-safe id of the document within the demo site. */
  slug: string;
  /** The display name the viewer's header shows (widget-spec §2). */
  name: string;
  type: DocType;
  /** The file name to store and serve it under; its extension gives the Content-Type. */
  filename: string;
  /** The file itself. */
  bytes: Uint8Array;
  /** Shown in the viewer's header as 'Version N' (widget-spec §2). */
  versionNumber: number;
}

/** The demo site's welcome video; its files are in {@link DEMO_MEDIA_DIR}. */
export interface DemoVideo {
  slug: string;
  name: string;
  description: string;
  /** The WebM (VP9 + Opus) file in {@link DEMO_MEDIA_DIR}. */
  filename: string;
  /** Exactly what the voice-over says (widget-spec §2 Home tab: the video's "script"). */
  transcript: string;
  /** File name of the poster image (the video response's thumbnailUrl, widget-spec §3) in {@link DEMO_MEDIA_DIR}. */
  poster: string;
  /** File name of the WebVTT captions of the voice-over in {@link DEMO_MEDIA_DIR}. */
  captions: string;
}

const BUSINESS = 'Horizon Advice Pty Ltd';
const ISSUER = 'Horizon Investment Management Ltd';
const EMAIL = 'help@horizonadvice.example';
const PRIVACY_EMAIL = 'privacy@horizonadvice.example';
// ACMA reserves 1300 975 707 to 1300 975 711 for fiction, so the demo never prints a real business's number.
const PHONE = '1300 975 707';
const DEMO_NOTE = 'Horizon Advice is a fictional business. This document is demonstration content and is general information only.';
const FUND = SAMPLE.product;
const INVESTMENT_FEE = formatPercent(SAMPLE.investmentFeePct);
const ADMIN_FEE = formatPercent(SAMPLE.administrationFeePct);
const ADVISER_FEE = formatDollars(SAMPLE.upfrontAdviserFee);
/** The investment fee on a $10,000 balance: the worked example of every fee document. */
const FEE_ON_10K = formatDollars((10_000 * SAMPLE.investmentFeePct) / 100);

type RiskStyle = (typeof RISK_STYLES)[number]['value'];

/** How a risk style's money is split (percent of the portfolio); growth + defensive = 100. */
interface RiskMix {
  /** Australian shares, international shares, and property and infrastructure. */
  growth: number;
  defensive: number;
  /** The shortest time to the goal the style suits. */
  minYears: number;
  /** The estimated number of negative annual returns in any 20 years (the standard risk measure's bands). */
  negativeYears: string;
  allocation: {
    australianShares: number;
    internationalShares: number;
    propertyAndInfrastructure: number;
    fixedInterest: number;
    cash: number;
  };
}

/** The six investment styles of journey-spec §3 with their asset mixes; every document below quotes these. */
const RISK_MIX: Record<RiskStyle, RiskMix> = {
  conservative: {
    growth: 30,
    defensive: 70,
    minYears: 2,
    negativeYears: '0.5 to less than 1',
    allocation: { australianShares: 12, internationalShares: 14, propertyAndInfrastructure: 4, fixedInterest: 50, cash: 20 },
  },
  cautious: {
    growth: 40,
    defensive: 60,
    minYears: 3,
    negativeYears: '1 to less than 2',
    allocation: { australianShares: 16, internationalShares: 19, propertyAndInfrastructure: 5, fixedInterest: 45, cash: 15 },
  },
  moderate: {
    growth: 50,
    defensive: 50,
    minYears: 4,
    negativeYears: '2 to less than 3',
    allocation: { australianShares: 20, internationalShares: 24, propertyAndInfrastructure: 6, fixedInterest: 40, cash: 10 },
  },
  'moderately-aggressive': {
    growth: 70,
    defensive: 30,
    minYears: 5,
    negativeYears: '3 to less than 4',
    allocation: { australianShares: 28, internationalShares: 34, propertyAndInfrastructure: 8, fixedInterest: 22, cash: 8 },
  },
  aggressive: {
    growth: 90,
    defensive: 10,
    minYears: 7,
    negativeYears: '4 to less than 6',
    allocation: { australianShares: 36, internationalShares: 44, propertyAndInfrastructure: 10, fixedInterest: 7, cash: 3 },
  },
  'highly-aggressive': {
    growth: 100,
    defensive: 0,
    minYears: 10,
    negativeYears: '6 or more',
    allocation: { australianShares: 40, internationalShares: 49, propertyAndInfrastructure: 11, fixedInterest: 0, cash: 0 },
  },
};

const RISK_PROFILES = RISK_STYLES.map((style) => ({ ...style, description: style.description ?? '', ...RISK_MIX[style.value] }));

/**
 * The demo site's documents, one of each kind the viewer treats differently:
 * pdf, docx, md, txt, csv and other (widget-spec §2). Each call builds fresh
 * bytes, identical to the last call's.
 */
export function demoDocuments(): DemoDocument[] {
  return [
    {
      slug: 'financial-services-guide',
      name: 'Financial Services Guide',
      type: 'pdf',
      filename: 'financial-services-guide.pdf',
      bytes: financialServicesGuidePdf(),
      versionNumber: 3,
    },
    {
      slug: 'pds-diversified-growth-index-fund',
      name: `Product Disclosure Statement – ${FUND}`,
      type: 'docx',
      filename: 'pds-diversified-growth-index-fund.docx',
      bytes: productDisclosureStatementDocx(),
      versionNumber: 2,
    },
    {
      slug: 'investment-risk-profiles',
      name: 'Investment risk profiles explained',
      type: 'md',
      filename: 'investment-risk-profiles.md',
      bytes: utf8(riskProfilesMarkdown()),
      versionNumber: 1,
    },
    {
      slug: 'privacy-policy',
      name: 'Privacy & Personal Data Protection Policy',
      type: 'txt',
      filename: 'privacy-policy.txt',
      bytes: utf8(privacyPolicyText()),
      versionNumber: 4,
    },
    {
      slug: 'fee-schedule',
      name: 'Fee schedule',
      type: 'csv',
      filename: 'fee-schedule.csv',
      bytes: utf8(feeScheduleCsv()),
      versionNumber: 2,
    },
    {
      slug: 'model-portfolios',
      name: 'Model portfolio allocations (data file)',
      type: 'other',
      filename: 'model-portfolios.json',
      bytes: utf8(modelPortfoliosJson()),
      versionNumber: 1,
    },
  ];
}

const WELCOME_TRANSCRIPT = 'Welcome to Horizon Advice. In a few minutes we will help you plan an investment for your goal.';

/** The demo site's welcome video: an 8-second title card with a voice-over (demo/media/README.md). */
export function demoVideo(): DemoVideo {
  return {
    slug: 'welcome-to-horizon-advice',
    name: 'Welcome to Horizon Advice',
    description: 'A short welcome: what Horizon Advice does and how the investment journey helps you plan for your goal.',
    filename: 'horizon-welcome.webm',
    transcript: WELCOME_TRANSCRIPT,
    poster: 'horizon-welcome-poster.jpg',
    captions: 'horizon-welcome.vtt',
  };
}

/**
 * The nearest folder at or above `fromDir` that holds `demo/media`, as that
 * `demo/media` path; null when none does.
 */
export function locateDemoMediaDir(fromDir: string): string | null {
  for (let dir = path.resolve(fromDir); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'demo', 'media');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return null;
  }
}

/**
 * The absolute path of the repository's `demo/media` folder. Found by walking up
 * from this module, so it is the same whether this runs from source
 * (server/demo-content.ts under vitest) or from the bundle (dist/server/main.js);
 * falls back to `demo/media` under the working directory.
 */
export const DEMO_MEDIA_DIR: string =
  locateDemoMediaDir(path.dirname(fileURLToPath(import.meta.url))) ?? path.resolve('demo', 'media');

// ---------------------------------------------------------------------------
// Text documents

function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

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

function riskProfilesMarkdown(): string {
  const rows = RISK_PROFILES.map(
    (p) => `| ${p.label} | ${p.growth}% | ${p.defensive}% | ${p.minYears}+ years | ${p.negativeYears} |`,
  );
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

function privacyPolicyText(): string {
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

function feeScheduleCsv(): string {
  const rows: (string | number)[][] = [
    ['Fee', 'Amount', 'Frequency', 'How it is paid', 'On a $10,000 investment'],
    ['Upfront adviser fee', ADVISER_FEE, 'One-off', 'Invoiced to you when your advice is ready; not taken from your investment', ADVISER_FEE],
    ['Administration fee', ADMIN_FEE, 'Yearly', 'Not charged', formatDollars(0)],
    ['Investment fee', INVESTMENT_FEE, 'Yearly', "Calculated daily on your balance and deducted from the fund's assets monthly", FEE_ON_10K],
    ['Contribution fee', formatPercent(0), 'Each contribution', 'Not charged', formatDollars(0)],
    ['Withdrawal fee', formatPercent(0), 'Each withdrawal', 'Not charged', formatDollars(0)],
    ['Switching fee', formatPercent(0), 'Each switch between risk profiles', 'Not charged', formatDollars(0)],
  ];
  // RFC 4180 lines end in CRLF, which spreadsheet programs expect.
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

function modelPortfoliosJson(): string {
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

// ---------------------------------------------------------------------------
// PDF: PDF 1.4 written by hand, with the standard Helvetica fonts (no embedding).

/** A4 in points: the page size Australian documents use. */
const PDF_PAGE = { width: 595, height: 842, margin: 64, bottom: 72 };
const BRAND_RGB = '0.114 0.306 0.847';
const INK_RGB = '0.122 0.161 0.216';
const MUTED_RGB = '0.42 0.447 0.502';

/** Helvetica advance widths (1/1000 em) of WinAnsi codes 32 to 126, from Adobe's AFM. */
const HELVETICA_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556,
  556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/** The WinAnsi codes of the few characters beyond ASCII the documents use, with their Helvetica widths. */
const WIN_ANSI_EXTRA: Readonly<Record<string, { code: number; width: number }>> = {
  '\u2013': { code: 0x96, width: 556 }, // en dash
  '\u2014': { code: 0x97, width: 1000 }, // em dash
  '\u2018': { code: 0x91, width: 222 },
  '\u2019': { code: 0x92, width: 222 },
  '\u201C': { code: 0x93, width: 333 },
  '\u201D': { code: 0x94, width: 333 },
  '\u2022': { code: 0x95, width: 350 }, // bullet
};

/** A character's WinAnsi code; '?' for anything the standard fonts cannot show. */
function winAnsiCode(ch: string): number {
  const cp = ch.codePointAt(0) ?? 63;
  if (cp >= 32 && cp <= 126) return cp;
  return WIN_ANSI_EXTRA[ch]?.code ?? 63;
}

/** Width of `text` in points at `size`; bold is estimated 10% wider, erring towards an earlier line break. */
function textWidth(text: string, size: number, bold: boolean): number {
  let units = 0;
  for (const ch of text) {
    const code = winAnsiCode(ch);
    units += WIN_ANSI_EXTRA[ch]?.width ?? HELVETICA_WIDTHS[code - 32] ?? 556;
  }
  return ((bold ? 1.1 : 1) * units * size) / 1000;
}

/** A PDF literal string of `text` in WinAnsi, one char per byte, with ( ) \ escaped. */
function pdfString(text: string): string {
  let out = '(';
  for (const ch of text) {
    const code = winAnsiCode(ch);
    const c = String.fromCharCode(code);
    out += c === '(' || c === ')' || c === '\\' ? `\\${c}` : c;
  }
  return `${out})`;
}

/** A coordinate or size with at most two decimals and no trailing zeros. */
function num(n: number): string {
  return String(Math.round(n * 100) / 100);
}

interface PdfBlock {
  kind: 'title' | 'subtitle' | 'heading' | 'para' | 'bullet' | 'note';
  text: string;
}

const PDF_STYLES: Record<PdfBlock['kind'], { font: 'F1' | 'F2'; size: number; leading: number; before: number; rgb: string; indent: number }> = {
  title: { font: 'F2', size: 24, leading: 30, before: 0, rgb: BRAND_RGB, indent: 0 },
  subtitle: { font: 'F1', size: 11, leading: 15, before: 2, rgb: MUTED_RGB, indent: 0 },
  heading: { font: 'F2', size: 13, leading: 17, before: 16, rgb: BRAND_RGB, indent: 0 },
  para: { font: 'F1', size: 10.5, leading: 14.5, before: 6, rgb: INK_RGB, indent: 0 },
  bullet: { font: 'F1', size: 10.5, leading: 14.5, before: 3, rgb: INK_RGB, indent: 14 },
  note: { font: 'F1', size: 9, leading: 12, before: 14, rgb: MUTED_RGB, indent: 0 },
};

function wrapToWidth(text: string, size: number, bold: boolean, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, size, bold) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

/** Lays the blocks out on A4 pages (wrapping, page breaks, a footer with page numbers) and returns each page's content stream. */
function layoutPdf(blocks: PdfBlock[], footer: string): string[] {
  const { width, height, margin, bottom } = PDF_PAGE;
  const pages: string[][] = [[]];
  let y = height - margin;
  blocks.forEach((block, i) => {
    const style = PDF_STYLES[block.kind];
    const bold = style.font === 'F2';
    const lines = wrapToWidth(block.text, style.size, bold, width - 2 * margin - style.indent);
    // A heading keeps at least two lines of what follows on its page.
    const next = blocks[i + 1];
    const keep = block.kind === 'heading' && next ? 2 * PDF_STYLES[next.kind].leading : 0;
    if (y - style.before - lines.length * style.leading - keep < bottom) {
      pages.push([]);
      y = height - margin;
    } else if ((pages.at(-1)?.length ?? 0) > 0) y -= style.before;
    const ops = pages.at(-1) ?? [];
    ops.push(`${style.rgb} rg`);
    lines.forEach((line, k) => {
      y -= k === 0 ? style.size : style.leading;
      if (block.kind === 'bullet' && k === 0) ops.push(`BT /F1 ${num(style.size)} Tf ${num(margin + 2)} ${num(y)} Td ${pdfString('\u2022')} Tj ET`);
      ops.push(`BT /${style.font} ${num(style.size)} Tf ${num(margin + style.indent)} ${num(y)} Td ${pdfString(line)} Tj ET`);
    });
    y -= style.leading - style.size;
    if (block.kind === 'title') {
      y -= 8;
      ops.push(`${BRAND_RGB} RG 1.5 w ${margin} ${num(y)} m ${width - margin} ${num(y)} l S`);
      y -= 6;
    }
  });
  return pages.map((ops, i) => {
    const pageLabel = `Page ${i + 1} of ${pages.length}`;
    const footerY = 40;
    return [
      ...ops,
      `${MUTED_RGB} RG 0.5 w ${margin} ${footerY + 12} m ${width - margin} ${footerY + 12} l S`,
      `${MUTED_RGB} rg`,
      `BT /F1 8.5 Tf ${margin} ${footerY} Td ${pdfString(footer)} Tj ET`,
      `BT /F1 8.5 Tf ${num(width - margin - textWidth(pageLabel, 8.5, false))} ${footerY} Td ${pdfString(pageLabel)} Tj ET`,
      '',
    ].join('\n');
  });
}

/** Bytes of a string whose chars are all below 256 (PDF syntax and WinAnsi text). */
function latin1(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}

/**
 * A complete PDF 1.4 file: catalog, page tree, two standard Type 1 fonts
 * (Helvetica, Helvetica-Bold; every viewer has them, so nothing is embedded),
 * an info dictionary, one page object and one uncompressed content stream per
 * page, a cross-reference table with each object's byte offset, and the trailer.
 */
function buildPdf(info: { title: string; subject: string }, pageStreams: string[]): Uint8Array {
  const objects: string[] = [];
  const fixed = 5; // catalog, pages, two fonts, info
  const pageIds = pageStreams.map((_, i) => fixed + 1 + 2 * i);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R /ViewerPreferences << /DisplayDocTitle true >> >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  objects[5] = `<< /Title ${pdfString(info.title)} /Author ${pdfString(BUSINESS)} /Subject ${pdfString(info.subject)} /Producer (Horizon Advice demo content) >>`;
  pageStreams.forEach((stream, i) => {
    const pageId = pageIds[i] as number;
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PDF_PAGE.width} ${PDF_PAGE.height}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> /ProcSet [/PDF /Text] >> /Contents ${pageId + 1} 0 R >>`;
    // The stream is all single-byte chars, so its length in chars is its length in bytes.
    objects[pageId + 1] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  });

  // The second line's bytes above 127 tell transfer tools the file is binary (PDF 1.4 §3.4.1).
  let out = '%PDF-1.4\n%\xE2\xE3\xCF\xD3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = out.length;
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xrefAt = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefAt}\n%%EOF`;
  return latin1(out);
}

function financialServicesGuidePdf(): Uint8Array {
  const h = (text: string): PdfBlock => ({ kind: 'heading', text });
  const p = (text: string): PdfBlock => ({ kind: 'para', text });
  const li = (text: string): PdfBlock => ({ kind: 'bullet', text });
  const blocks: PdfBlock[] = [
    { kind: 'title', text: 'Financial Services Guide' },
    { kind: 'subtitle', text: `${BUSINESS} \u2013 version 3 \u2013 issued 1 July 2024` },
    h('About this guide'),
    p(
      'This Financial Services Guide (FSG) tells you about Horizon Advice and the services we offer, so that you can decide whether to use them. ' +
        'It explains who we are, the documents you will receive, how we are paid, how we handle your personal information and what to do if you have a complaint.',
    ),
    h('Who we are'),
    p(
      `${BUSINESS} (Australian Financial Services Licence 000000) provides digital financial advice to retail investors in Australia. ` +
        `The ${FUND} we may recommend is issued by ${ISSUER}, a related company. We will always tell you about this relationship in any advice we give you.`,
    ),
    h('Our services'),
    p('We can give you personal advice, online and with the help of our advisers, on:'),
    li('investing for a goal that is a year or more away, such as a first home, a holiday or education;'),
    li('how much to invest, both as a lump sum and regularly, and which risk profile suits you;'),
    li(`the ${FUND} and its six risk profiles.`),
    p(
      'We do not advise on superannuation, retirement planning, insurance, tax or borrowing to invest. ' +
        'The chat assistant on our website gives general information only: it does not take into account your objectives, financial situation or needs.',
    ),
    h('Documents you will receive'),
    li('A Statement of Advice (SoA), which sets out our advice, the reasons for it, and what it costs.'),
    li(`A Product Disclosure Statement (PDS) for the ${FUND}. Read it before you decide to invest.`),
    h('How we are paid'),
    p(
      `We charge an upfront adviser fee of ${ADVISER_FEE} for your advice. We invoice you for it once your advice is ready; it is not taken from your investment. ` +
        'We do not receive commissions from anyone, and our advisers are paid a salary with no bonuses tied to the products they recommend.',
    ),
    p(
      `If you invest, the ${FUND} charges an investment fee of ${INVESTMENT_FEE} a year of your balance (${FEE_ON_10K} a year on $10,000) and an administration fee of ${ADMIN_FEE}. ` +
        `These fees are paid to ${ISSUER}, not to us. The PDS sets out all fees and costs.`,
    ),
    h('Your privacy'),
    p(
      'We collect personal information to give you advice and to meet our legal obligations. ' +
        'Our Privacy & Personal Data Protection Policy explains how we collect, use, store and share it, and how you can see or correct it.',
    ),
    h('If you have a complaint'),
    p(
      `Please tell us first: email ${EMAIL} or call ${PHONE}. We will acknowledge your complaint within one business day and give you our final response within 30 days.`,
    ),
    p(
      'If you are not satisfied, you can complain to the Australian Financial Complaints Authority (AFCA), a free and independent service: ' +
        'www.afca.org.au, info@afca.org.au, 1800 931 678, or GPO Box 3, Melbourne VIC 3001.',
    ),
    h('Compensation arrangements'),
    p(
      'We hold professional indemnity insurance that meets the requirements of section 912B of the Corporations Act 2001 (Cth). ' +
        'It covers the advice of our current advisers, and of advisers who have left us, for work they did while with us.',
    ),
    h('Contact us'),
    p(`Email ${EMAIL}, call ${PHONE} (9am to 5pm AEST, Monday to Friday), or use the chat assistant on our website.`),
    { kind: 'note', text: DEMO_NOTE },
  ];
  return buildPdf(
    { title: 'Financial Services Guide', subject: 'Who Horizon Advice is, its services, fees and complaints' },
    layoutPdf(blocks, `${BUSINESS} \u2013 Financial Services Guide (version 3)`),
  );
}

// ---------------------------------------------------------------------------
// DOCX: an Office Open XML package, zipped with fflate.

const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const XML_DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** Zip entries carry a DOS date; a fixed one keeps the bytes identical from run to run (fflate would use now). */
const ZIP_MTIME = new Date(2024, 6, 1, 9, 0, 0);

function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The runs of a paragraph's text; `**bold**` marks bold runs. `halfPoints` sets the size (default: the style's). */
function wRuns(text: string, halfPoints?: number): string {
  const size = halfPoints ? `<w:sz w:val="${halfPoints}"/><w:szCs w:val="${halfPoints}"/>` : '';
  return text
    .split(/(\*\*[^*]+\*\*)/)
    .filter(Boolean)
    .map((part) => {
      const bold = part.startsWith('**') && part.endsWith('**');
      const content = bold ? part.slice(2, -2) : part;
      const props = (bold ? '<w:b/>' : '') + size;
      return `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ''}<w:t xml:space="preserve">${xmlEscape(content)}</w:t></w:r>`;
    })
    .join('');
}

function wPara(text: string, style?: string, list = false): string {
  const props = [style ? `<w:pStyle w:val="${style}"/>` : '', list ? '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>' : ''].join('');
  return `<w:p>${props ? `<w:pPr>${props}</w:pPr>` : ''}${wRuns(text)}</w:p>`;
}

/** A table in 10 pt text with a repeating, shaded header row; `widths` in twentieths of a point. */
function wTable(widths: number[], rows: string[][]): string {
  const cell = (text: string, width: number, header: boolean) =>
    `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/>${header ? '<w:shd w:val="clear" w:color="auto" w:fill="DBEAFE"/>' : ''}</w:tcPr>` +
    `<w:p><w:pPr><w:spacing w:after="0"/></w:pPr>${wRuns(header ? `**${text}**` : text, 20)}</w:p></w:tc>`;
  const tableRows = rows.map(
    (row, r) => `<w:tr>${r === 0 ? '<w:trPr><w:tblHeader/></w:trPr>' : ''}${row.map((text, c) => cell(text, widths[c] ?? 2000, r === 0)).join('')}</w:tr>`,
  );
  return (
    '<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/><w:tblW w:w="0" w:type="auto"/>' +
    '<w:tblLook w:val="04A0" w:firstRow="1" w:lastRow="0" w:firstColumn="1" w:lastColumn="0" w:noHBand="0" w:noVBand="1"/></w:tblPr>' +
    `<w:tblGrid>${widths.map((w) => `<w:gridCol w:w="${w}"/>`).join('')}</w:tblGrid>${tableRows.join('')}</w:tbl>`
  );
}

const DOCX_STYLES =
  XML_DECL +
  `<w:styles xmlns:w="${W_NS}">` +
  '<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:eastAsia="Calibri" w:cs="Calibri"/>' +
  '<w:sz w:val="22"/><w:szCs w:val="22"/><w:lang w:val="en-AU"/></w:rPr></w:rPrDefault>' +
  '<w:pPrDefault><w:pPr><w:spacing w:after="160" w:line="264" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults>' +
  '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/>' +
  '<w:pPr><w:spacing w:after="60"/></w:pPr><w:rPr><w:b/><w:color w:val="1D4ED8"/><w:sz w:val="48"/><w:szCs w:val="48"/></w:rPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Subtitle"><w:name w:val="Subtitle"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/>' +
  '<w:pPr><w:spacing w:after="240"/></w:pPr><w:rPr><w:color w:val="1E3A8A"/><w:sz w:val="30"/><w:szCs w:val="30"/></w:rPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:uiPriority w:val="9"/><w:qFormat/>' +
  '<w:pPr><w:keepNext/><w:spacing w:before="360" w:after="120"/><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:b/><w:color w:val="1D4ED8"/><w:sz w:val="32"/><w:szCs w:val="32"/></w:rPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:uiPriority w:val="9"/><w:qFormat/>' +
  '<w:pPr><w:keepNext/><w:spacing w:before="240" w:after="80"/><w:outlineLvl w:val="1"/></w:pPr><w:rPr><w:b/><w:color w:val="1E3A8A"/><w:sz w:val="26"/><w:szCs w:val="26"/></w:rPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="ListParagraph"><w:name w:val="List Paragraph"/><w:basedOn w:val="Normal"/><w:uiPriority w:val="34"/><w:qFormat/>' +
  '<w:pPr><w:spacing w:after="60"/><w:ind w:left="720"/><w:contextualSpacing/></w:pPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Note"><w:name w:val="Note"/><w:basedOn w:val="Normal"/><w:qFormat/>' +
  '<w:pPr><w:spacing w:before="360"/></w:pPr><w:rPr><w:i/><w:color w:val="6B7280"/><w:sz w:val="18"/><w:szCs w:val="18"/></w:rPr></w:style>' +
  '<w:style w:type="table" w:styleId="TableGrid"><w:name w:val="Table Grid"/><w:uiPriority w:val="39"/>' +
  '<w:tblPr><w:tblBorders>' +
  ['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map((side) => `<w:${side} w:val="single" w:sz="4" w:space="0" w:color="BFBFBF"/>`).join('') +
  '</w:tblBorders><w:tblCellMar><w:top w:w="60" w:type="dxa"/><w:left w:w="108" w:type="dxa"/><w:bottom w:w="60" w:type="dxa"/><w:right w:w="108" w:type="dxa"/></w:tblCellMar></w:tblPr></w:style>' +
  '</w:styles>';

const DOCX_NUMBERING =
  XML_DECL +
  `<w:numbering xmlns:w="${W_NS}">` +
  '<w:abstractNum w:abstractNumId="0"><w:multiLevelType w:val="singleLevel"/>' +
  '<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="bullet"/><w:lvlText w:val="\u2022"/><w:lvlJc w:val="left"/>' +
  '<w:pPr><w:ind w:left="720" w:hanging="360"/></w:pPr></w:lvl></w:abstractNum>' +
  '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>';

/**
 * A .docx package: content types, the package and document relationships, core
 * properties (title and author only: no dates), styles, bullet numbering and the
 * document itself. Body paragraphs are given as ready WordprocessingML.
 */
function buildDocx(title: string, body: string[]): Uint8Array {
  const document =
    XML_DECL +
    `<w:document xmlns:w="${W_NS}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><w:body>` +
    body.join('') +
    // A4 with 2.54 cm margins.
    '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr>' +
    '</w:body></w:document>';
  const files: Zippable = {
    '[Content_Types].xml': utf8(
      XML_DECL +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>' +
        '<Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/>' +
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
        '</Types>',
    ),
    '_rels/.rels': utf8(
      XML_DECL +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
        '</Relationships>',
    ),
    'docProps/core.xml': utf8(
      XML_DECL +
        '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ' +
        'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
        `<dc:title>${xmlEscape(title)}</dc:title><dc:creator>${xmlEscape(BUSINESS)}</dc:creator><dc:language>en-AU</dc:language>` +
        '</cp:coreProperties>',
    ),
    'word/_rels/document.xml.rels': utf8(
      XML_DECL +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/>' +
        '</Relationships>',
    ),
    'word/document.xml': utf8(document),
    'word/styles.xml': utf8(DOCX_STYLES),
    'word/numbering.xml': utf8(DOCX_NUMBERING),
  };
  return zipSync(files, { level: 9, mtime: ZIP_MTIME });
}

function productDisclosureStatementDocx(): Uint8Array {
  const h1 = (text: string) => wPara(text, 'Heading1');
  const h2 = (text: string) => wPara(text, 'Heading2');
  const p = (text: string) => wPara(text);
  const li = (text: string) => wPara(text, 'ListParagraph', true);
  const profileRows = RISK_PROFILES.map((r) => [r.label, `${r.growth}%`, `${r.defensive}%`, `${r.minYears}+ years`, r.description]);
  const body = [
    wPara('Product Disclosure Statement', 'Title'),
    wPara(FUND, 'Subtitle'),
    p(`Issued by ${ISSUER} (the responsible entity). Version 2, dated 1 July 2024.`),
    p(
      'This Product Disclosure Statement (PDS) is a summary of significant information about the fund. ' +
        'Read it in full before you decide to invest, and consider whether the fund suits your objectives, financial situation and needs.',
    ),
    h1('1. About the fund'),
    p(
      `The ${FUND} is a diversified, low-cost index portfolio. It spreads your money across Australian shares, international shares, ` +
        'property and infrastructure, fixed interest and cash by investing in index funds that track each market rather than trying to beat it.',
    ),
    p('You choose one of six risk profiles, and your money is invested in that profile\u2019s mix of growth and defensive assets.'),
    h1('2. Fees and costs'),
    p(
      `There is **no administration fee** and a single **investment fee of ${INVESTMENT_FEE} a year**. ` +
        `The ${ADVISER_FEE} upfront adviser fee is charged by Horizon Advice for your advice, not by the fund.`,
    ),
    wTable(
      [2600, 1700, 4726],
      [
        ['Fee', 'Amount', 'How and when it is paid'],
        ['Upfront adviser fee', ADVISER_FEE, 'One-off. Invoiced to you by Horizon Advice when your advice is ready; not deducted from your investment.'],
        ['Administration fee', `${ADMIN_FEE} a year`, 'Not charged.'],
        ['Investment fee', `${INVESTMENT_FEE} a year`, 'Calculated daily on your balance and deducted from the fund\u2019s assets monthly.'],
        ['Contribution, withdrawal and switching fees', 'Nil', 'Not charged.'],
      ],
    ),
    p(''),
    h2('Example of annual fees'),
    p(
      `With a balance of $10,000 all year, you would pay an investment fee of ${FEE_ON_10K} and an administration fee of ${formatDollars(0)}: ` +
        `${FEE_ON_10K} a year in total. Your adviser fee of ${ADVISER_FEE} is invoiced once, separately.`,
    ),
    h1('3. Risk profiles'),
    p(
      'Growth assets (shares, property and infrastructure) are expected to earn more over the long term but rise and fall more. ' +
        'Defensive assets (fixed interest and cash) are steadier. Each profile holds a fixed mix of the two, rebalanced every quarter.',
    ),
    wTable([2000, 1250, 1500, 1650, 2626], [['Risk profile', 'Growth', 'Defensive', 'Timeframe', 'In short'], ...profileRows]),
    p(''),
    p('You can switch to another profile at any time, free of charge, through your online account.'),
    h1('4. Risks of investing'),
    p('All investments carry risk. The value of your investment can go down as well as up, and returns are not guaranteed. The main risks are:'),
    li('**Market risk**: share, property and bond markets fall, sometimes sharply.'),
    li('**Currency risk**: international investments are not hedged, so a rising Australian dollar lowers their value.'),
    li('**Interest rate risk**: rising rates lower the value of fixed interest investments.'),
    li('**Timeframe risk**: if you need your money sooner than planned, you may have to sell after a fall.'),
    h1('5. How to invest'),
    p('Once you accept your advice, open an account online and invest a lump sum, a regular amount, or both. You can add to your investment at any time.'),
    h1('6. How to withdraw'),
    p('You can withdraw some or all of your money at any time:'),
    li('Log in to your account, choose **Withdraw**, and enter the amount and the bank account to pay it into.'),
    li(`Or write to us at ${EMAIL} with your account number, the amount and your bank details.`),
    li('Requests received by 2pm on a business day are processed that day at that day\u2019s unit price. The money usually reaches your bank within five business days.'),
    p('There is no withdrawal fee. In rare circumstances, such as a market closure, the law allows us to delay withdrawals; we will tell you if that happens.'),
    h1('7. Cooling-off period'),
    p(
      'If you change your mind, you have 14 days to ask for your money back. The 14 days start when you receive confirmation of your investment, ' +
        'or five days after your units are issued if that is sooner. The amount returned reflects any change in the unit price.',
    ),
    h1('8. Tax'),
    p('The fund distributes its income every six months. Distributions and any capital gains on withdrawal may be taxable. We do not give tax advice; please speak to a registered tax agent.'),
    h1('9. Complaints'),
    p(
      `Contact us first at ${EMAIL} or on ${PHONE}. If you are not satisfied with our response, you can contact the Australian Financial Complaints Authority (AFCA) ` +
        'at www.afca.org.au or on 1800 931 678.',
    ),
    wPara(DEMO_NOTE, 'Note'),
  ];
  return buildDocx(`Product Disclosure Statement \u2013 ${FUND}`, body);
}
