/**
 * The statement of advice as a PDF (docs/advice-records.md "The statement of advice"): results from the real engine,
 * the text read back with poppler's pdftotext, the figures expected said by the journey's own formatters; its tagged
 * structure; the same bytes for the same input; and the server's build (pdfkit external) making one too.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { computeAdvice, type AdviceResult } from '../../journey/engine';
import { formatDollars, formatPercent } from '../../journey/format';
import { formatIsoDate } from '../../journey/format-dates';
import { AFCA_CONTACTS, AFSL } from '../../journey/licensee';
import type { Answers } from '../../machines/journey-answers';
import { statementPdf } from '../../server/advice/statement-pdf';
import { bundles } from '../../esbuild.config.mjs';
import { FY2025_26, household } from '../journey/engine-fixtures';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'statement-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// the journey's formatting (journey/screens/statement.tsx)
const $ = (cents: number) => formatDollars(cents / 100);
const pct = (rate: number) => formatPercent(Math.round(rate * 1000) / 10);

const issuedAt = new Date('2026-03-02T01:00:00Z');
const single = household({ debts: [['credit-card', '500', '20']] });
const couple = household({ relationshipStatus: 'couple', income: '120000', partner: { income: '70000' } });
const advise = (a: Answers) => computeAdvice(a, { asOf: FY2025_26 });
const recommended = (r: AdviceResult) => {
  if (r.status !== 'recommended') throw new Error(`expected a recommendation, got ${r.status}`);
  return r;
};

/** Runs one of poppler-utils' tools (Debian's poppler-utils, which CI installs) and gives its output. */
const poppler = (tool: 'pdftotext' | 'pdfinfo', args: string[]) => execFileSync(tool, args, { encoding: 'utf8' });

let files = 0;
/** The PDF's text as poppler lays it out, and the same with every run of white space one space. */
function textOf(pdf: Uint8Array): { layout: string; flat: string } {
  const file = path.join(dir, `${++files}.pdf`);
  writeFileSync(file, pdf);
  const layout = poppler('pdftotext', ['-layout', file, '-']);
  return { layout, flat: layout.replace(/\s+/g, ' ') };
}
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('the statement of advice PDF', () => {
  const r = recommended(advise(single));
  const input = { answers: single, result: r, names: ['Alex Citizen'], issuedAt, statementId: 'st_single' };

  it('holds the figures the journey’s statement page shows, said by the same formatters', async () => {
    const { layout, flat } = textOf(await statementPdf(input));
    const { plan } = r;
    const chance = Math.round(plan.projection.probabilityOfReachingGoal * 100);
    expect(flat).toContain('Statement of advice');
    expect(flat).toContain(`Australian Financial Services Licence ${AFSL}`);
    expect(flat).toContain('Prepared for Alex Citizen');
    expect(flat).toContain(`Issued ${formatIsoDate('2026-03-02')}`);
    expect(flat).toContain('Statement st_single');
    // the goal, then the monthly amount with the chance
    expect(flat).toContain(
      `${$(plan.goal.todayCents)} in today’s dollars in 10 years (${plan.goal.targetYear}), about ${$(plan.goal.nominalCents)}`,
    );
    expect(flat).toContain(
      `Invest ${$(plan.startingAmountCents)} now and ${$(plan.monthlyNeededCents)} a month: a ${chance}% chance of reaching your goal`,
    );
    // the needs analysis, with the cash that clears the small debt
    expect(flat).toContain(`High-interest debt cleared from your cash ${$(r.needs!.debtsToClear.fromCashCents)}`);
    expect(flat).toContain(`Available savings to invest now ${$(r.needs!.availableSavingsCents)}`);
    // fees in dollars and percentages
    expect(flat).toContain(`Investment fee ${pct(plan.fees.investmentFeeRate)} yearly ${$(plan.fees.firstYear.investmentCents)}`);
    expect(flat).toContain(`Total ${$(plan.fees.firstYear.totalCents)} ${$(plan.fees.wholeTimeframe.totalCents)}`);
    expect(flat).toContain(`upfront adviser fee of ${$(plan.fees.upfrontAdviserFeeCents)}`);
    // a projection row, year by year: low, median, high, median in today's dollars
    const row = plan.projection.points[4]!;
    const cells = [row.nominal.p10, row.nominal.median, row.nominal.p90, row.today.median].map((c) => $(c).replace('$', '\\$'));
    expect(layout).toMatch(new RegExp(`${row.year}\\s+${cells.join('\\s+')}`));
    expect(layout.match(/^\s*20\d\d\s+\$/gm)).toHaveLength(plan.projection.points.length);
    // remuneration and conflicts, IDR and AFCA
    expect(flat).toContain('We receive no commissions');
    expect(flat).toContain('final response within 30 days');
    expect(flat).toContain(`Australian Financial Complaints Authority (AFCA)`);
    expect(flat).toContain(AFCA_CONTACTS.phone);
    // both versions and the calculation date
    expect(flat).toContain(`Assumptions version ${r.assumptionsVersion}`);
    expect(flat).toContain(`Engine ${r.engineVersion}`);
    expect(flat).toContain(`Prepared on ${formatIsoDate(r.asOf)}`);
    // the answers it relied on, as the review page lists them
    expect(flat).toContain('Gross income $90,000 annually');
    expect(flat).toContain('Page 1 of ');
  });

  it('names both partners of a couple, and lists the partner’s answers', async () => {
    const rc = recommended(advise(couple));
    const { flat } = textOf(
      await statementPdf({ answers: couple, result: rc, names: ['Alex Citizen', 'Sam Citizen'], issuedAt, statementId: 'st_couple' }),
    );
    expect(flat).toContain('Prepared for Alex Citizen and Sam Citizen');
    expect(flat).toContain('Partner’s gross income $70,000 annually');
    expect(flat).toContain(`Take-home pay ${$(rc.income!.netAnnualCents)} a year`);
  });

  it.skipIf(!existsSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'))(
    'writes a name outside WinAnsi in an embedded font, as text',
    async () => {
      const { flat } = textOf(await statementPdf({ ...input, names: ['Nguyễn Thị Ánh', 'Παύλος'] }));
      expect(flat).toContain('Prepared for Nguyễn Thị Ánh and Παύλος');
    },
  );

  it('is tagged: a structure tree, marked content, its language and title', async () => {
    const pdf = Buffer.from(await statementPdf(input)).toString('latin1');
    expect(pdf).toMatch(/\/StructTreeRoot \d+ 0 R/);
    expect(pdf).toMatch(/\/MarkInfo \d+ 0 R/);
    expect(pdf).toMatch(/\/Marked true/);
    expect(pdf).toMatch(/\/Lang \(en-AU\)/);
    expect(pdf).toMatch(/\/DisplayDocTitle true/);
    for (const tag of ['Document', 'H1', 'H2', 'H3', 'P', 'L', 'LI', 'Lbl', 'LBody', 'Table', 'TR', 'TH', 'TD'])
      expect(pdf, tag).toMatch(new RegExp(`/S /${tag}\\b`));
    const file = path.join(dir, 'info.pdf');
    writeFileSync(file, Buffer.from(pdf, 'latin1'));
    const info = poppler('pdfinfo', [file]);
    expect(info).toMatch(/^Tagged:\s+yes$/m);
    expect(info).toMatch(/^Title:\s+Statement of advice – Alex Citizen$/m);
  });

  it('gives the same bytes for the same input, and other bytes for another day', async () => {
    const a = sha256(await statementPdf(input));
    expect(sha256(await statementPdf(structuredClone(input)))).toBe(a);
    expect(sha256(await statementPdf({ ...input, issuedAt: new Date('2026-03-03T01:00:00Z') }))).not.toBe(a);
  });

  it('refuses anything but a recommendation', async () => {
    const refused = advise(household({ dateOfBirth: '15/06/2012' }));
    expect(refused.status).not.toBe('recommended');
    await expect(statementPdf({ ...input, result: refused })).rejects.toThrow(/needs a recommendation/);
  });

  it('is made by the server’s build too (pdfkit stays external and reads its font metrics from its own folder)', async () => {
    const server = bundles.find((b) => b.name === 'server')!.options;
    // inside the repository, so the build's external packages resolve from its node_modules
    mkdirSync(path.join(root, 'dist'), { recursive: true });
    const out = mkdtempSync(path.join(root, 'dist', '.statement-pdf-'));
    try {
      await build({ ...server, absWorkingDir: root, entryPoints: { 'statement-pdf': 'server/advice/statement-pdf.ts' }, outdir: out });
      const built = (await import(
        pathToFileURL(path.join(out, 'statement-pdf.js')).href
      )) as typeof import('../../server/advice/statement-pdf');
      const { flat } = textOf(await built.statementPdf(input));
      expect(flat).toContain(`Australian Financial Services Licence ${AFSL}`);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
