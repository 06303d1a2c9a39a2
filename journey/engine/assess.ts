/**
 * The suitability rules and the goal's reachability (JOURNEY-ENGINE.md "Suitability", "Regular investment for the
 * goal"), without the projection and fee modules: the journey machine's guards use this (loaded on demand,
 * journey/suitability.ts), and computeAdvice the same take-home pay and needs analysis.
 */
import type { Answers } from '../../machines/journey-answers';
import { assumptionsFor, planningReturn } from './assumptions';
import { calendarDay } from './dates';
import type { Assumptions } from './assumptions';
import { readAnswers } from './read-answers';
import { goalPlan } from './goal';
import { needsAnalysis, type Needs } from './needs';
import { checkSuitability, debtsStopAdvice, highInterestOwedCents, type Assessment, type Suitability } from './suitability';
import { netIncome, type FamilyInput, type NetIncome } from './tax';

type Inputs = ReturnType<typeof readAnswers>['inputs'];

/** The suitability of the answers at `asOf`, with the goal's reachability (the same rules and plan computeAdvice applies). */
export function assessSuitability(answers: Answers, asOf: Date): Assessment {
  const day = calendarDay(asOf);
  const a = assumptionsFor(day);
  const x = readAnswers(answers, day, a).inputs;
  const { needs } = incomeAndNeeds(x, a);
  const goalReachable =
    needs && x.profile && x.goalTodayCents !== null && x.goalYears !== null
      ? goalPlan({
          goalTodayCents: x.goalTodayCents,
          years: x.goalYears,
          availableCents: needs.startingAmountCents,
          affordableMonthlyCents: needs.surplus.investableMonthlyCents,
          annualReturn: planningReturn(x.profile, x.goalYears, a.projection.confidence),
          inflation: a.inflation.rate,
        }).reachable
      : null;
  return { ...suitabilityOf(x, a), goalReachable };
}

/**
 * The small high-interest debts the advice says to clear from cash (issue 15: they do not stop the advice), in cents;
 * null when there are none, or when they stop the advice.
 */
export function smallDebtsCents(x: Inputs, a: Assumptions): number | null {
  const d = x.highInterestDebts;
  return d && d.length > 0 && !debtsStopAdvice(d, a) ? highInterestOwedCents(d) : null;
}

/**
 * A couple's family for the levy and surcharge (issue 34), the partner's answers not yet given taken as none and
 * covered; a single parent's (ATO: a single with dependent children is tested on the family thresholds, on their own
 * income, and their own cover decides the surcharge); null for a single without dependent children.
 */
function familyOf({ partner: p, singleDependants }: Pick<Inputs, 'partner' | 'singleDependants'>): FamilyInput | null {
  if (p)
    return {
      partnerTaxableDollars: Math.floor((p.incomeAnnualCents ?? 0) / 100),
      partnerHospitalCover: p.hospitalCover ?? true,
      dependants: p.dependants ?? 0,
    };
  return singleDependants > 0
    ? { partnerTaxableDollars: 0, partnerHospitalCover: true, dependants: singleDependants, soleParent: true }
    : null;
}

/** Take-home income, line by line, and the needs analysis; each null when an answer it needs is missing. */
export function incomeAndNeeds(x: Inputs, a: Assumptions): { income: NetIncome | null; needs: Needs | null } {
  const p = x.partner;
  const partnerKnown = !p || (p.incomeAnnualCents !== null && p.hospitalCover !== null && p.dependants !== null);
  const income =
    x.salaryAnnualCents !== null && x.additionalIncome !== null && x.benefits !== null && x.privateHospitalCover !== null && partnerKnown
      ? netIncome(
          {
            salaryAnnualCents: x.salaryAnnualCents,
            additionalIncomeAnnualCents: x.additionalIncome.reduce((s, r) => s + r.annualCents, 0),
            benefits: x.benefits,
            privateHospitalCover: x.privateHospitalCover,
            age: x.age,
            family: familyOf(x),
          },
          a,
        )
      : null;
  const needs =
    income && x.cashCents !== null && x.bigSpendsCents !== null && x.savingsMonthlyCents !== null && x.savingsAmountCents !== null
      ? needsAnalysis(
          {
            netAnnualCents: income.netAnnualCents,
            cashCents: x.cashCents,
            bigSpendsCents: x.bigSpendsCents,
            savingsAmountCents: x.savingsAmountCents,
            savingsFrequency: x.savingsFrequency,
            savingsMonthlyCents: x.savingsMonthlyCents,
            debtsToClearCents: smallDebtsCents(x, a) ?? 0,
          },
          a,
        )
      : null;
  return { income, needs };
}

/** The suitability rules applied to the answers as the engine reads them. */
export function suitabilityOf(x: Inputs, a: Assumptions): Suitability {
  const additionalCents = x.additionalIncome?.reduce((s, r) => s + r.annualCents, 0) ?? null;
  const known = x.salaryAnnualCents !== null && additionalCents !== null && x.benefits !== null;
  // Take-home pay, for the savings it can pay for. Before the hospital cover question is answered it is taken
  // as held (no surcharge: the higher take-home pay), so the regular savings screen can check it (issue 15).
  const net = known
    ? netIncome(
        {
          salaryAnnualCents: x.salaryAnnualCents!,
          additionalIncomeAnnualCents: additionalCents!,
          benefits: x.benefits!,
          privateHospitalCover: x.privateHospitalCover ?? true,
          age: x.age,
          // the partner's answers not given yet are taken as the higher take-home pay too (no income, cover held)
          family: familyOf(x),
        },
        a,
      )
    : null;
  return checkSuitability(
    {
      retired:
        x.employmentStatus === '' && x.benefits === null
          ? null
          : x.employmentStatus === 'retired' || !!x.benefits?.some((b) => b.type === 'age-pension'),
      incomeAnnualCents: known ? x.salaryAnnualCents! + additionalCents! + x.benefits!.reduce((s, b) => s + b.annualCents, 0) : null,
      netMonthlyCents: net && Math.round(net.netAnnualCents / 12),
      dateOfBirth: x.dateOfBirth,
      age: x.age,
      goalYears: x.goalYears,
      profile: x.profile,
      surplusMonthlyCents: x.savingsMonthlyCents,
      savingsAnswer: x.savingsAnswer,
      savingsAmountCents: x.savingsAmountCents,
      highInterestDebts: x.highInterestDebts,
    },
    a,
  );
}
