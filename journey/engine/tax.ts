/**
 * Net (take-home) income of an Australian resident individual (JOURNEY-ENGINE.md
 * "Income and tax"). Pure; integer cents throughout.
 *
 * Net annual = assessable income − (bracket tax − LITO, not below 0) − Medicare
 * levy − Medicare levy surcharge + non-taxable benefits.
 *
 * Tax is worked on whole-dollar taxable income (the ATO ignores cents), here the
 * assessable income: the questionnaire asks no deductions.
 */
import { BENEFIT_TYPES, labelOf } from '../options';
import type { Assumptions, BenefitTax, TaxTable } from './assumptions';
import { rateOfDollars, type Cents } from './money';

/** Tax from the resident table on whole-dollar taxable income, in cents. */
export function bracketTax(taxableDollars: number, table: TaxTable): Cents {
  const b = table.brackets.find((x) => taxableDollars > x.over);
  return b ? b.base * 100 + rateOfDollars(taxableDollars - b.over, b.rate) : 0;
}

/** The low income tax offset a taxable income is entitled to, in cents (before it is capped at the tax). */
export function lowIncomeTaxOffset(taxableDollars: number, lito: Assumptions['lito']): Cents {
  const full = lito.max * 100;
  if (taxableDollars <= lito.fullTo) return full;
  if (taxableDollars <= lito.middleTo) return full - rateOfDollars(taxableDollars - lito.fullTo, lito.firstRate);
  const middle = full - rateOfDollars(lito.middleTo - lito.fullTo, lito.firstRate);
  return Math.max(0, middle - rateOfDollars(taxableDollars - lito.middleTo, lito.secondRate));
}

/** Medicare levy with the singles low-income reduction, in cents (a family's: {@link familyMedicareLevy}). */
export function medicareLevy(taxableDollars: number, m: Assumptions['medicareLevy']): Cents {
  if (taxableDollars <= m.lowIncomeThreshold) return 0;
  // The reduction is the shade-in: 10c per dollar over the threshold until that reaches 2% of the whole.
  return Math.min(rateOfDollars(taxableDollars, m.rate), rateOfDollars(taxableDollars - m.lowIncomeThreshold, m.phaseInRate));
}

/** The Medicare levy surcharge rate on a taxable income without private hospital cover (0 below the first tier). */
export function surchargeRate(taxableDollars: number, s: Pick<Assumptions['medicareLevySurcharge'], 'tiers'>): number {
  return s.tiers.find((t) => taxableDollars > t.over)?.rate ?? 0;
}

/** A family, for the Medicare levy and surcharge: a couple's (issue 34), or a single parent's. */
export interface FamilyInput {
  /** The partner's taxable income, in whole dollars; 0 for a single parent. */
  partnerTaxableDollars: number;
  /** The partner's hospital cover; true for a single parent (no partner to lack it: their own cover decides). */
  partnerHospitalCover: boolean;
  /** Dependent children. */
  dependants: number;
  /**
   * A single parent with dependent children (ATO: sole care for the levy's reduction, a family for the surcharge):
   * their own taxable income is the family's. @default false
   */
  soleParent?: boolean;
}

/** How the family thresholds were applied (issue 34), for display and for the record. */
export interface FamilyTax {
  /** A single parent's family: no partner, the family income their own (absent in results recorded before: a couple). */
  soleParent?: boolean;
  partnerTaxableDollars: number;
  /** Both partners' taxable incomes (a single parent's own): the family income for the levy and, here, for the surcharge. */
  familyIncomeDollars: number;
  dependants: number;
  /** The family's levy threshold: the family threshold plus its rise for each dependent child. */
  levyThresholdDollars: number;
  /** The surcharge's first family tier, raised for each dependent child after the first. */
  surchargeThresholdDollars: number;
  partnerHospitalCover: boolean;
}

/** The family thresholds for a couple or a single parent (ATO: levy per dependent child; surcharge per child after the first). */
export function familyTax(ownDollars: number, f: FamilyInput, a: Pick<Assumptions, 'medicareLevy' | 'medicareLevySurcharge'>): FamilyTax {
  const m = a.medicareLevy;
  const s = a.medicareLevySurcharge;
  return {
    ...(f.soleParent ? { soleParent: true } : {}),
    partnerTaxableDollars: f.partnerTaxableDollars,
    familyIncomeDollars: ownDollars + f.partnerTaxableDollars,
    dependants: f.dependants,
    levyThresholdDollars: m.familyThreshold + m.familyPerChild * f.dependants,
    surchargeThresholdDollars: s.familyTiers[s.familyTiers.length - 1]!.over + s.familyPerChildAfterFirst * Math.max(0, f.dependants - 1),
    partnerHospitalCover: f.partnerHospitalCover,
  };
}

/**
 * Medicare levy for a partner of a couple or a single parent (ATO, Medicare levy reduction – family income): none while
 * the family's taxable income is at or below the family threshold; over it, the family's levy is 10c per dollar over the
 * threshold, shared between the partners by their taxable incomes (a single parent's share is the whole); never more
 * than the singles' reduced levy on the same income.
 */
export function familyMedicareLevy(ownDollars: number, f: FamilyTax, m: Assumptions['medicareLevy']): Cents {
  const single = medicareLevy(ownDollars, m);
  if (single === 0 || f.familyIncomeDollars <= f.levyThresholdDollars) return 0;
  const familyPhaseIn = rateOfDollars(f.familyIncomeDollars - f.levyThresholdDollars, m.phaseInRate);
  return Math.min(single, Math.round((familyPhaseIn * ownDollars) / f.familyIncomeDollars));
}

/**
 * The surcharge rate for a partner of a couple or a single parent (ATO, Medicare levy surcharge): 0 when both partners
 * (a single parent: they) hold hospital cover, or when their own income is at or below the singles' levy threshold;
 * else the rate of the family income's tier, the tiers raised by the rise for children.
 */
export function familySurchargeRate(
  ownDollars: number,
  ownCover: boolean,
  f: FamilyTax,
  a: Pick<Assumptions, 'medicareLevy' | 'medicareLevySurcharge'>,
): number {
  if ((ownCover && f.partnerHospitalCover) || ownDollars <= a.medicareLevy.lowIncomeThreshold) return 0;
  const s = a.medicareLevySurcharge;
  const rise = f.surchargeThresholdDollars - s.familyTiers[s.familyTiers.length - 1]!.over;
  return s.familyTiers.find((t) => f.familyIncomeDollars > t.over + rise)?.rate ?? 0;
}

/** Whether a benefit is taxable for someone of `age` (unknown age: under Age Pension age). */
export function isBenefitTaxable(tax: BenefitTax, age: number | null): boolean {
  return tax.taxable || (tax.taxableFromAge !== undefined && age !== null && age >= tax.taxableFromAge);
}

/** One benefit, made annual, and how it was treated. */
export interface BenefitLine {
  rowId: number;
  /** The benefit type (an option value of journey/answers.ts BENEFIT_TYPES). */
  type: string;
  /** Its name, for display. */
  label: string;
  /** 26 × the fortnightly amount. */
  annualCents: Cents;
  taxable: boolean;
}

/** What goes into net income. */
export interface IncomeInput {
  salaryAnnualCents: Cents;
  additionalIncomeAnnualCents: Cents;
  benefits: readonly { rowId: number; type: string; annualCents: Cents }[];
  privateHospitalCover: boolean;
  /** Whole years, for the Disability Support Pension; null when not known. */
  age: number | null;
  /**
   * A couple's family (issue 34: the levy and surcharge use the family thresholds), or a single parent's; absent or
   * null for a single without dependent children.
   */
  family?: FamilyInput | null;
}

/** Take-home income, line by line. Every line is a year's amount in cents unless it says otherwise. */
export interface NetIncome {
  /** Gross income from the income question, made annual. */
  salaryCents: Cents;
  /** Other income (dividends, rent, trust distributions), made annual, all assessable. */
  additionalIncomeCents: Cents;
  /** Taxable benefits (Age Pension, JobSeeker, Disability Support Pension from Age Pension age). */
  taxableBenefitsCents: Cents;
  /** salary + additional income + taxable benefits. */
  assessableIncomeCents: Cents;
  /** The whole dollars of assessable income the tax is worked on (no deductions are asked). */
  taxableIncomeDollars: number;
  /** The financial year of the tax table used, e.g. '2025-26'. */
  taxTableYear: string;
  /** Tax from the resident table, before offsets. */
  bracketTaxCents: Cents;
  /** The low income tax offset used: at most the bracket tax (it is non-refundable). */
  litoCents: Cents;
  /** bracketTax − lito. */
  incomeTaxCents: Cents;
  medicareLevyCents: Cents;
  privateHospitalCover: boolean;
  /** A couple's or a single parent's family thresholds as applied (issue 34); null for a single without dependent children. */
  family: FamilyTax | null;
  /** The surcharge rate applied: 0 with private hospital cover or below the first tier. */
  surchargeRate: number;
  medicareLevySurchargeCents: Cents;
  /** Benefits that are not taxed (Family Tax Benefit; Disability Support Pension under 67), added back. */
  nonTaxableBenefitsCents: Cents;
  /** Each benefit and its treatment. */
  benefits: BenefitLine[];
  /** assessable − income tax − Medicare levy − surcharge + non-taxable benefits. */
  netAnnualCents: Cents;
  /** netAnnual / 12, to the cent. */
  netMonthlyCents: Cents;
}

/** Net income for the tax table and rates in `a`. */
export function netIncome(input: IncomeInput, a: Assumptions): NetIncome {
  const benefits: BenefitLine[] = input.benefits.map((b) => {
    const tax = a.benefitTax[b.type];
    return {
      rowId: b.rowId,
      type: b.type,
      label: labelOf(BENEFIT_TYPES, b.type),
      annualCents: b.annualCents,
      taxable: tax ? isBenefitTaxable(tax, input.age) : true,
    };
  });
  const sum = (xs: BenefitLine[]) => xs.reduce((s, b) => s + b.annualCents, 0);
  const taxableBenefitsCents = sum(benefits.filter((b) => b.taxable));
  const nonTaxableBenefitsCents = sum(benefits.filter((b) => !b.taxable));

  const assessableIncomeCents = input.salaryAnnualCents + input.additionalIncomeAnnualCents + taxableBenefitsCents;
  const taxable = Math.floor(assessableIncomeCents / 100);
  const bracketTaxCents = bracketTax(taxable, a.taxTable);
  const litoCents = Math.min(bracketTaxCents, lowIncomeTaxOffset(taxable, a.lito));
  const incomeTaxCents = bracketTaxCents - litoCents;
  const family = input.family ? familyTax(taxable, input.family, a) : null;
  const medicareLevyCents = family ? familyMedicareLevy(taxable, family, a.medicareLevy) : medicareLevy(taxable, a.medicareLevy);
  const rate = family
    ? familySurchargeRate(taxable, input.privateHospitalCover, family, a)
    : input.privateHospitalCover
      ? 0
      : surchargeRate(taxable, a.medicareLevySurcharge);
  const medicareLevySurchargeCents = rateOfDollars(taxable, rate);
  const netAnnualCents = assessableIncomeCents - incomeTaxCents - medicareLevyCents - medicareLevySurchargeCents + nonTaxableBenefitsCents;

  return {
    salaryCents: input.salaryAnnualCents,
    additionalIncomeCents: input.additionalIncomeAnnualCents,
    taxableBenefitsCents,
    assessableIncomeCents,
    taxableIncomeDollars: taxable,
    taxTableYear: a.taxTable.financialYear,
    bracketTaxCents,
    litoCents,
    incomeTaxCents,
    medicareLevyCents,
    privateHospitalCover: input.privateHospitalCover,
    family,
    surchargeRate: rate,
    medicareLevySurchargeCents,
    nonTaxableBenefitsCents,
    benefits,
    netAnnualCents,
    netMonthlyCents: Math.round(netAnnualCents / 12),
  };
}
