/**
 * The facts every demo document quotes: the fictional business and its contacts,
 * and figures from the journey's own constants (the fees and risk styles of
 * journey-spec §3 and §9), so that the documents and the journey never disagree.
 */
import { RISK_PROFILES as ENGINE_PROFILES } from '../../journey/engine/assumptions';
import { RISK_STYLES } from '../../journey/options';
import { SAMPLE } from '../../journey/constants';
import { formatDollars, formatPercent } from '../../journey/format';

// who the business is, and its contacts: shared with the journey's statement of advice
export { AFCA, AFSL, BUSINESS, EMAIL, HOURS, ISSUER, PHONE } from '../../journey/licensee';
/** The Privacy Officer's address. */
export const PRIVACY_EMAIL = 'privacy@horizonadvice.example';
/** The line every document ends with. */
export const DEMO_NOTE = 'Horizon Advice is a fictional business. This document is demonstration content and is general information only.';
/** The recommended fund's name. */
export const FUND = SAMPLE.product;
/** The fund's yearly investment fee, as a percentage. */
export const INVESTMENT_FEE = formatPercent(SAMPLE.investmentFeePct);
/** The fund's yearly administration fee, as a percentage. */
export const ADMIN_FEE = formatPercent(SAMPLE.administrationFeePct);
/** The one-off upfront adviser fee, in dollars. */
export const ADVISER_FEE = formatDollars(SAMPLE.upfrontAdviserFee);
/** The investment fee on a $10,000 balance: the worked example of every fee document. */
export const FEE_ON_10K = formatDollars((10_000 * SAMPLE.investmentFeePct) / 100);

type RiskStyle = (typeof RISK_STYLES)[number]['value'];

/** How a risk style's money is split (percent of the portfolio); growth + defensive = 100. */
interface RiskMix {
  /** Australian shares, international shares, and property and infrastructure. */
  growth: number;
  defensive: number;
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

/** The six investment styles of journey-spec §3 with their asset mixes; every demo document quotes these. */
const RISK_MIX: Record<RiskStyle, RiskMix> = {
  conservative: {
    growth: 30,
    defensive: 70,
    negativeYears: '0.5 to less than 1',
    allocation: { australianShares: 12, internationalShares: 14, propertyAndInfrastructure: 4, fixedInterest: 50, cash: 20 },
  },
  cautious: {
    growth: 40,
    defensive: 60,
    negativeYears: '1 to less than 2',
    allocation: { australianShares: 16, internationalShares: 19, propertyAndInfrastructure: 5, fixedInterest: 45, cash: 15 },
  },
  moderate: {
    growth: 50,
    defensive: 50,
    negativeYears: '2 to less than 3',
    allocation: { australianShares: 20, internationalShares: 24, propertyAndInfrastructure: 6, fixedInterest: 40, cash: 10 },
  },
  'moderately-aggressive': {
    growth: 70,
    defensive: 30,
    negativeYears: '3 to less than 4',
    allocation: { australianShares: 28, internationalShares: 34, propertyAndInfrastructure: 8, fixedInterest: 22, cash: 8 },
  },
  aggressive: {
    growth: 90,
    defensive: 10,
    negativeYears: '4 to less than 6',
    allocation: { australianShares: 36, internationalShares: 44, propertyAndInfrastructure: 10, fixedInterest: 7, cash: 3 },
  },
  'highly-aggressive': {
    growth: 100,
    defensive: 0,
    negativeYears: '6 or more',
    allocation: { australianShares: 40, internationalShares: 49, propertyAndInfrastructure: 11, fixedInterest: 0, cash: 0 },
  },
};

/** The risk styles of journey-spec §3, each with its description, its asset mix, and the shortest goal it suits (the engine's, so that the documents and the advice agree). */
export const RISK_PROFILES = RISK_STYLES.map((style) => ({
  ...style,
  description: style.description ?? '',
  ...RISK_MIX[style.value],
  minYears: ENGINE_PROFILES.find((p) => p.id === style.value)!.minHorizonYears,
}));
