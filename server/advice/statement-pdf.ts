/**
 * The statement of advice as a PDF (docs/advice-records.md "The statement of advice"): the journey's statement page
 * (journey/screens/statement.tsx) in its order and words, from the same catalogues and formatters, with the needs
 * analysis's figures and the projection year by year, the client's names, the date issued and the statement's id.
 *
 * A tagged PDF (a structure tree of headings, paragraphs, lists and tables; the language; the title shown), real text
 * in the standard Helvetica (WinAnsi), or DejaVu Sans for a text run outside WinAnsi such as a name in another script.
 * Page headers, rules and page numbers are artifacts. The same input gives the same bytes: the creation date is the
 * issue date and pdfkit's file id is a hash of the document's information.
 */
import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import type { Answers } from '../../machines/journey-answers';
import type { AdviceResult } from '../../journey/engine';
import { formatDollars, formatPercent } from '../../journey/format';
import { formatIsoDate, formatMonthYear } from '../../journey/format-dates';
import { AFCA_CONTACTS, AFSL, BUSINESS, COMPLAINT_DAYS, EMAIL, ISSUER, PHONE } from '../../journey/licensee';
import { RISK_LABELS, STEP_LABELS } from '../../journey/messages';
import { noteText, REASON_WORDS } from '../../journey/messages-advice';
import { ADVICE_WORDS, QUESTION_FORM_WORDS } from '../../journey/messages-on-demand';
import { DEBT_TYPES, EMPLOYMENT_OPTIONS, labelOf, RELATIONSHIP_OPTIONS } from '../../journey/options';
import { reviewSections, SAMPLE_ANSWERS } from '../../journey/questionnaire';
import { ON_DEMAND } from '../../journey/questions/on-demand';
import { SAMPLE } from '../../journey/constants';
import { STATEMENT_PDF_WORDS as W } from './statement-words';

const S = ADVICE_WORDS.statement;
const P = ADVICE_WORDS.parts;
const C = ADVICE_WORDS.computed;
const CHART = ADVICE_WORDS.chart;

type Recommended = Extract<AdviceResult, { status: 'recommended' }>;

/** What a statement is made from: the result it states, the answers it relied on, who it is for, when and its id. */
export interface StatementInput {
  answers: Answers;
  /** The recommendation (status `recommended`, its plan reaching the goal). */
  result: AdviceResult;
  /** The client's name, or both partners' for a couple. */
  names: string[];
  /** When the statement was issued: its date, and the PDF's creation date. */
  issuedAt: Date;
  /** The statement's id in the advice file. */
  statementId: string;
}

// The journey's formatting of money and rates (journey/screens/statement.tsx), with the same formatters.
const $ = (cents: number) => formatDollars(cents / 100);
const pct = (rate: number) => formatPercent(Math.round(rate * 1000) / 10);
const list = (items: readonly string[]) => new Intl.ListFormat('en-AU', { type: 'conjunction' }).format(items);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** A `{name}` template of the catalogue filled in as plain text (the web page puts links in some parts). */
const fill = (text: string, parts: Record<string, string>) => text.replace(/\{(\w+)\}/g, (m, k: string) => parts[k] ?? m);

// journey/screens/advice-parts.tsx's helpers, said with the same catalogue words (that module is a view's)
const fundName = (label: string) => `${SAMPLE.product} – ${label}`;
function investText(now: string, nowCents: number, monthly: string, monthlyCents: number): string {
  if (nowCents > 0) return monthlyCents > 0 ? P.investNowAndMonthly(now, monthly) : P.investNow(now);
  return monthlyCents > 0 ? P.investMonthly(monthly) : P.invest(formatDollars(0));
}

/** A4 in points, its margins, and the colours of the demo's documents. */
const PAGE = { width: 595.28, height: 841.89, left: 56, right: 56, top: 64, bottom: 72 };
const CONTENT_WIDTH = PAGE.width - PAGE.left - PAGE.right;
const BRAND = '#1d4ed8';
const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#d1d5db';
const SHADE = '#f3f4f6';

/**
 * Fonts for text outside WinAnsi (a name in another script), in order, where the machine has them: DejaVu Sans
 * (Debian's fonts-dejavu-core: Latin, Greek, Cyrillic, Vietnamese…), then WenQuanYi Micro Hei (fonts-wqy-microhei:
 * Chinese, Japanese, Korean). Embedded as subsets; never fetched at run time.
 */
const FALLBACK_FONTS = [
  {
    name: 'DejaVu',
    regular: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
    bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  },
  // a collection: its face by PostScript name; one weight, so bold text in it stays regular
  { name: 'WenQuanYi', regular: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', bold: null, family: 'WenQuanYiMicroHei' },
] as const;
/** The characters Helvetica shows in pdfkit (WinAnsiEncoding): printable ASCII, Latin-1 and CP1252's extras. */
const WIN_ANSI = /^[\n\u0020-\u007e\u00a0-\u00ff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/;

/**
 * The height a block needs on its page: all of it up to six lines (no widow or orphan line), else its first three
 * (a long block breaks across pages, pdfkit carrying its marked content on).
 */
const whole = (height: number, line: number) => (height <= 6 * line ? height : 3 * line);

type Doc = PDFKit.PDFDocument;
type Struct = PDFKit.PDFStructureElement;

/** Writes the statement: each block adds its structure element to the document's and draws its content. */
class Writer {
  readonly doc: Doc;
  readonly root: Struct;
  /** The fallback fonts this machine has, by registered name. */
  private readonly fallbacks: { regular: string; bold: string }[] = [];
  /** The font chosen for a text outside WinAnsi, by text and weight. */
  private readonly chosen = new Map<string, string>();

  constructor(doc: Doc) {
    this.doc = doc;
    for (const f of FALLBACK_FONTS) {
      if (!existsSync(f.regular) || (f.bold && !existsSync(f.bold))) continue;
      const family = 'family' in f ? f.family : undefined;
      doc.registerFont(f.name, f.regular, family as string);
      if (f.bold) doc.registerFont(`${f.name}-Bold`, f.bold);
      this.fallbacks.push({ regular: f.name, bold: f.bold ? `${f.name}-Bold` : f.name });
    }
    this.root = doc.struct('Document');
    doc.addStructure(this.root);
  }

  /** True when the font set on the document has a glyph for every character of `text` but spaces. */
  private covers(text: string): boolean {
    const font = (this.doc as unknown as { _font: { font?: { hasGlyphForCodePoint(cp: number): boolean } } })._font.font;
    return !!font && [...text].every((ch) => /\s/.test(ch) || font.hasGlyphForCodePoint(ch.codePointAt(0) ?? 0));
  }

  /** Sets the font for `text`: Helvetica when WinAnsi holds it, else the first fallback font with all its glyphs. */
  face(text: string, bold = false, size = 10): Doc {
    const { doc } = this;
    if (WIN_ANSI.test(text) || this.fallbacks.length === 0) return doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size);
    const key = `${bold ? 'b' : 'r'}${text}`;
    let name = this.chosen.get(key);
    if (!name) {
      const names = this.fallbacks.map((f) => (bold ? f.bold : f.regular));
      name =
        names.find((n) => {
          doc.font(n);
          return this.covers(text);
        }) ?? (names[0] as string);
      this.chosen.set(key, name);
    }
    return doc.font(name).fontSize(size);
  }

  /** Starts a new page unless `height` points fit above the bottom margin. */
  ensure(height: number): void {
    if (this.doc.y + height > PAGE.height - PAGE.bottom) this.doc.addPage();
  }

  /** A block of text in its own structure element (`H1`, `H2`, `H3`, `P`), kept whole with `keep` points after it. */
  block(tag: string, text: string, style: { size: number; bold?: boolean; color?: string; before?: number; keep?: number }): void {
    const { doc } = this;
    this.face(text, style.bold, style.size);
    const width = CONTENT_WIDTH;
    if (doc.y > PAGE.top) doc.y += style.before ?? 0;
    this.ensure(whole(doc.heightOfString(text, { width, lineGap: style.size * 0.3 }), style.size * 1.3) + (style.keep ?? 0));
    this.root.add(
      doc.struct(tag, {}, () => {
        this.face(text, style.bold, style.size)
          .fillColor(style.color ?? INK)
          .text(text, PAGE.left, doc.y, { width, lineGap: style.size * 0.3 });
      }),
    );
  }

  h1 = (text: string) => this.block('H1', text, { size: 22, bold: true, color: BRAND });
  // a heading keeps the start of what follows on its page
  h2 = (text: string, keep = 56) => this.block('H2', text, { size: 13.5, bold: true, color: BRAND, before: 14, keep });
  h3 = (text: string) => this.block('H3', text, { size: 11, bold: true, before: 8, keep: 36 });
  p = (text: string, color = INK, size = 10) => this.block('P', text, { size, color, before: 5 });

  /** A bulleted list: `L` of `LI`s, each a label (`Lbl`) and a body (`LBody`). */
  bullets(items: readonly string[]): void {
    const { doc } = this;
    const l = doc.struct('L');
    this.root.add(l);
    const indent = 14;
    const width = CONTENT_WIDTH - indent;
    doc.y += 3;
    for (const item of items) {
      this.face(item);
      this.ensure(whole(doc.heightOfString(item, { width, lineGap: 3 }), 13));
      const li = doc.struct('LI');
      l.add(li);
      const y = doc.y;
      li.add(
        doc.struct('Lbl', {}, () =>
          this.face('•')
            .fillColor(BRAND)
            .text('•', PAGE.left + 2, y, { lineBreak: false }),
        ),
      );
      li.add(
        doc.struct('LBody', {}, () =>
          this.face(item)
            .fillColor(INK)
            .text(item, PAGE.left + indent, y, { width, lineGap: 3 }),
        ),
      );
      li.end();
      doc.y += 3;
    }
    l.end();
  }

  /**
   * A table: `Table` of `TR`s of `TH` (the header row's, scope Column; each row's first cell, scope Row) and `TD`.
   * Rows never split across pages; the header row (when there is one) repeats on a new page. `widths` are shares of
   * the content width; `align` per column.
   */
  table(
    head: readonly string[] | null,
    rows: readonly (readonly string[])[],
    widths: readonly number[],
    align: readonly ('left' | 'right')[],
  ): void {
    const { doc } = this;
    const table = doc.struct('Table');
    this.root.add(table);
    const cols = widths.map((w) => w * CONTENT_WIDTH);
    const pad = 4;
    const size = 9;
    const heightOf = (cells: readonly string[], bold: boolean) =>
      Math.max(...cells.map((c, i) => this.face(c, bold, size).heightOfString(c, { width: (cols[i] ?? 0) - 2 * pad }))) + 2 * pad;
    /** A row; the header row repeated on a later page is drawn as an artifact (the table has it once). */
    const row = (cells: readonly string[], header: boolean, shade: boolean, repeated = false) => {
      const h = heightOf(cells, header);
      const y = doc.y;
      if (shade) this.artifact(() => doc.rect(PAGE.left, y, CONTENT_WIDTH, h).fill(SHADE));
      const tr = repeated ? null : doc.struct('TR');
      if (tr) table.add(tr);
      let x = PAGE.left;
      cells.forEach((cell, i) => {
        const th = header || i === 0;
        const scope = header ? 'Column' : 'Row';
        const at = x;
        const w = cols[i] ?? 0;
        const draw = () =>
          this.face(cell, header, size)
            .fillColor(INK)
            .text(cell, at + pad, y + pad, { width: w - 2 * pad, align: align[i] ?? 'left', lineBreak: true });
        if (tr) tr.add(doc.struct(th ? 'TH' : 'TD', (th ? { scope } : {}) as PDFKit.Mixins.StructureElementOptions, draw));
        else this.artifact(draw, 'Pagination');
        x += w;
      });
      tr?.end();
      this.artifact(() =>
        doc
          .moveTo(PAGE.left, y + h)
          .lineTo(PAGE.left + CONTENT_WIDTH, y + h)
          .lineWidth(header ? 1 : 0.5)
          .strokeColor(header ? INK : RULE)
          .stroke(),
      );
      doc.y = y + h;
    };
    doc.y += 6;
    this.ensure((head ? heightOf(head, true) : 0) + heightOf(rows[0] ?? [], false));
    if (head) row(head, true, false);
    rows.forEach((cells, k) => {
      if (doc.y + heightOf(cells, false) > PAGE.height - PAGE.bottom) {
        doc.addPage();
        if (head) row(head, true, false, true);
      }
      row(cells, false, k % 2 === 1);
    });
    table.end();
    doc.y += 4;
  }

  /** Draws something that is not content (a rule, a shade, a page's header or number) as an artifact. */
  artifact(draw: () => void, type: 'Layout' | 'Pagination' = 'Layout'): void {
    this.doc.markContent('Artifact', { type });
    draw();
    this.doc.endMarkedContent();
  }
}

/** The plan's figures as the statement and the needs analysis say them (journey/screens/advice-computed.tsx). */
function needsRows(r: Recommended): string[][] {
  const { income, needs } = r;
  if (!income || !needs) return [];
  const ef = needs.emergencyFund;
  const sp = needs.surplus;
  return [
    [C.takeHomePayRow, C.aMonthAYear($(income.netMonthlyCents), $(income.netAnnualCents))],
    [ef.allCash ? C.emergencyFundAllYour : C.emergencyFundMonthsOf(ef.months), $(ef.targetCents)],
    [C.cashYouHave, $(ef.cashCents)],
    [C.emergencyFundStillTo, $(ef.shortfallCents)],
    [C.monthlySurplusWhatYou, C.perMonth($(sp.monthlyCents))],
    [C.setAsideForUnexpected(Math.round(sp.setAsideShare * 100)), C.perMonth($(sp.setAsideMonthlyCents))],
    [C.leftOverToInvest, C.perMonth($(sp.investableMonthlyCents))],
    ...(needs.debtsToClear.fromCashCents > 0 ? [[C.debtClearedFromCash, $(needs.debtsToClear.fromCashCents)]] : []),
    [C.availableSavingsToInvest, $(needs.availableSavingsCents)],
  ];
}

/** 'Your situation' (journey/screens/statement.tsx), line by line. */
function situation(r: Recommended, answers: Answers): string[] {
  const { income, needs } = r;
  const lines = [
    S.ageAndRelationship(
      r.age ?? S.notGiven,
      P.inSentence(labelOf(RELATIONSHIP_OPTIONS, answers.relationshipStatus)) || S.relationshipStatusNotGiven,
    ),
    S.employment(labelOf(EMPLOYMENT_OPTIONS, answers.employmentStatus) || S.employmentNotGiven),
  ];
  if (income) {
    lines.push(S.takeHomePayA($(income.netAnnualCents), $(income.netMonthlyCents), $(income.assessableIncomeCents)));
    lines.push(income.privateHospitalCover ? S.privateHospitalCoverHeld : S.noPrivateHospitalCover);
  }
  if (needs) {
    const ef = needs.emergencyFund;
    lines.push(
      S.emergencyFundOfMonths(
        $(ef.targetCents),
        ef.months,
        $(ef.cashCents),
        ef.shortfallCents > 0 ? S.shortOfIt($(ef.shortfallCents)) : '',
      ),
      needs.bigSpends.totalCents > 0
        ? S.bigExpensesOfExpected($(needs.bigSpends.totalCents), needs.bigSpends.years)
        : S.noBigExpensesExpected(needs.bigSpends.years),
      S.regularSavingsOfA(
        $(needs.surplus.monthlyCents),
        $(needs.surplus.investableMonthlyCents),
        Math.round(needs.surplus.setAsideShare * 100),
      ),
    );
  }
  lines.push(
    answers.debts.answer === 'yes' && answers.debts.rows.length > 0
      ? S.debts(list(answers.debts.rows.map((d) => P.inSentence(labelOf(DEBT_TYPES, d.type)) || S.aDebt)))
      : S.noDebts,
  );
  return lines;
}

/** The projection year by year, as the chart's table (journey/components/projection-chart.tsx) shows it. */
function projectionRows(r: Recommended): string[][] {
  const p = r.plan.projection;
  return p.points.map((pt) => [
    pt.months % 12 === 0 ? String(pt.year) : formatMonthYear(r.asOf, pt.months),
    $(pt.nominal.p10),
    $(pt.nominal.median),
    $(pt.nominal.p90),
    $(pt.today.median),
  ]);
}

/** The fee table (journey/screens/advice-parts.tsx `FeeTable`): each fee's rate, first year and whole timeframe. */
function feeRows(r: Recommended): string[][] {
  const f = r.plan.fees;
  const rows: [string, string, keyof Recommended['plan']['fees']['firstYear']][] = [
    [P.upfrontAdviserFee, f.upfrontInvoiced ? P.oneOffInvoiced : P.oneOff, 'upfrontAdviserCents'],
    [P.administrationFee, P.rateYearly(pct(f.administrationFeeRate)), 'administrationCents'],
    [P.investmentFee, P.rateYearly(pct(f.investmentFeeRate)), 'investmentCents'],
    [P.total, '', 'totalCents'],
  ];
  return rows.map(([name, rate, key]) => [name, rate, $(f.firstYear[key]), $(f.wholeTimeframe[key])]);
}

/**
 * The statement of advice for a recommendation, as PDF bytes. Throws for any other result, and for a plan that does
 * not reach the goal (the journey gives no statement then either: issue 15).
 */
export async function statementPdf(input: StatementInput): Promise<Uint8Array> {
  const { answers, result: r, issuedAt, statementId } = input;
  if (r.status !== 'recommended') throw new Error(`a statement of advice needs a recommendation, not "${r.status}"`);
  if (!r.plan.reachable) throw new Error('a statement of advice needs a plan that reaches the goal');
  const names = list(input.names.map((n) => n.trim()).filter(Boolean)) || W.noName;
  const { plan } = r;

  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: PAGE.top, bottom: PAGE.bottom, left: PAGE.left, right: PAGE.right },
    bufferPages: true,
    tagged: true,
    lang: 'en-AU',
    displayTitle: true,
    pdfVersion: '1.7',
    info: {
      Title: `${S.statementOfAdvice} – ${names}`,
      Author: W.licensee(BUSINESS, AFSL),
      Subject: W.subject(names),
      Creator: BUSINESS,
      Producer: 'PDFKit',
      CreationDate: issuedAt,
      ModDate: issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });

  const w = new Writer(doc);
  w.h1(S.statementOfAdvice);
  w.p(W.licensee(BUSINESS, AFSL), MUTED);
  w.p(W.preparedFor(names), INK, 11);
  w.p(`${W.issued(formatIsoDate(isoDay(issuedAt)))} · ${W.statementId(statementId)}`, MUTED);
  w.p(S.preparedOnAssumptionsVersion(formatIsoDate(r.asOf), r.assumptionsVersion, r.engineVersion, r.financialYear), MUTED);

  w.h2(S.yourSituation);
  w.bullets(situation(r, answers));

  const needs = needsRows(r);
  if (needs.length > 0) {
    w.h2(STEP_LABELS[6]);
    w.table(null, needs, [0.62, 0.38], ['left', 'right']);
    const notes = r.notes.map(noteText);
    if (notes.length > 0) w.bullets(notes);
  }

  w.h2(S.yourGoal);
  w.p(
    S.inTodaySDollars(
      plan.goal.label,
      $(plan.goal.todayCents),
      plan.goal.years,
      plan.goal.targetYear,
      $(plan.goal.nominalCents),
      pct(plan.goal.inflationRate),
    ),
  );

  w.h2(S.scopeOfThisAdvice);
  w.p(S.thisAdviceCoversInvesting);

  w.h2(S.ourRecommendation);
  const invest = investText($(plan.startingAmountCents), plan.startingAmountCents, $(plan.monthlyNeededCents), plan.monthlyNeededCents);
  w.p(
    S.inTheGrowthDefensive(
      invest,
      fundName(RISK_LABELS[plan.profile.id]),
      Math.round(plan.profile.growth * 100),
      Math.round(plan.profile.defensive * 100),
    ),
  );
  w.p(`${C.aChanceOfReaching(invest, Math.round(plan.projection.probabilityOfReachingGoal * 100))}.`);
  w.h3(S.why);
  w.bullets(REASON_WORDS.reasons(r.reasons));

  w.h2(CHART.projectedValueByYear);
  w.p(REASON_WORDS.chartSummary(r.reasons));
  w.table(
    [CHART.year, CHART.low, CHART.median, CHART.high, CHART.medianTodaySDollars],
    projectionRows(r),
    [0.2, 0.18, 0.18, 0.18, 0.26],
    ['left', 'right', 'right', 'right', 'right'],
  );

  w.h2(S.risks);
  w.bullets([
    S.returnsAreNotGuaranteed(
      pct(plan.annualReturn),
      Math.round(plan.confidence * 100),
      pct(plan.profile.medianNetReturn),
      Math.round(plan.projection.probabilityOfReachingGoal * 100),
    ),
    S.aPortfolioCanFall(P.inSentence(RISK_LABELS[plan.profile.id]), plan.profile.minHorizonYears),
    S.inflationMayBeHigher(pct(plan.goal.inflationRate)),
  ]);

  w.h2(S.feesInDollars);
  w.table(
    [P.fee, P.rate, P.firstYear, P.overYears(plan.goal.years)],
    feeRows(r),
    [0.34, 0.22, 0.2, 0.24],
    ['left', 'left', 'right', 'right'],
  );

  w.h2(S.whoGivesThisAdvice);
  w.p(fill(S.whoGivesIt, { business: BUSINESS, afsl: AFSL, fsg: S.readTheFinancialServices, pds: S.productDisclosureStatement }));

  w.h2(S.howWeArePaid);
  w.bullets([S.forThisAdviceWe($(plan.fees.upfrontAdviserFeeCents)), S.theFundSFees(ISSUER)]);

  w.h2(S.speakWithAnAdviser);
  w.p(S.oneOfOurAdvisers(PHONE, S.adviserHours, EMAIL));

  w.h2(S.ifYouHaveA);
  w.p(
    S.tellUsFirstEmail(
      EMAIL,
      PHONE,
      COMPLAINT_DAYS,
      S.afcaContacts(AFCA_CONTACTS.web, AFCA_CONTACTS.email, AFCA_CONTACTS.phone, AFCA_CONTACTS.post),
    ),
  );

  // its first subheading and two of its rows come with it
  w.h2(S.theAnswersThisAdvice, 96);
  // as the review page lists them (journey/screens/advice.tsx), with the questions' on-demand parts: a couple's partner
  for (const section of reviewSections(answers, SAMPLE_ANSWERS, QUESTION_FORM_WORDS, ON_DEMAND)) {
    const rows = section.rows.filter((row) => !row.example).map((row) => [row.label, row.value]);
    if (rows.length === 0) continue;
    w.h3(section.title);
    w.table(null, rows, [0.45, 0.55], ['left', 'left']);
  }

  w.h2(S.assumptions);
  w.bullets(REASON_WORDS.chartAssumptions(r.reasons));
  w.p(S.thisIsPersonalAdvice(formatIsoDate(r.asOf)), MUTED, 9);
  w.root.end();

  // every page: the licensee and the statement's id at the head, 'Page N of M' at the foot, as artifacts
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // text in the margin must not start a new page
    w.artifact(() => {
      const head = `${BUSINESS} · ${S.statementOfAdvice} · ${W.statementId(statementId)}`;
      w.face(head, false, 8).fillColor(MUTED).text(head, PAGE.left, 34, { width: CONTENT_WIDTH, lineBreak: false });
      doc
        .moveTo(PAGE.left, PAGE.height - 50)
        .lineTo(PAGE.left + CONTENT_WIDTH, PAGE.height - 50)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
      const page = fill(S.pageOfPages, { page: String(i + 1), pages: String(range.count) });
      w.face(page, false, 8)
        .fillColor(MUTED)
        .text(page, PAGE.left, PAGE.height - 42, { width: CONTENT_WIDTH, align: 'right', lineBreak: false });
    }, 'Pagination');
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
