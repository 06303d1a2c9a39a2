/**
 * The questionnaire's options (journey-spec §3): every list a question offers,
 * with its labels. Pure data, read by the answer model, the screens and the
 * advice engine alike.
 */

export interface Option<V extends string = string> {
  value: V;
  label: string;
  description?: string;
}

const opts = <V extends string>(...list: Option<V>[]) => list;

export const YES_NO = opts<'yes' | 'no'>({ value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' });

export const RELATIONSHIP_OPTIONS = opts({ value: 'couple', label: 'Couple' }, { value: 'single', label: 'Single' });

export const GOAL_OPTIONS = opts(
  { value: 'travel', label: 'Travelling overseas' },
  { value: 'first-home', label: 'Buying your first home' },
  { value: 'next-home', label: 'Buying your next home' },
  { value: 'getting-together', label: 'Getting together' },
  { value: 'baby', label: 'Having a baby' },
  { value: 'business', label: 'Starting a business' },
);

export const EMPLOYMENT_OPTIONS = opts(
  { value: 'employed', label: 'Employed' },
  { value: 'self-employed', label: 'Self-employed' },
  { value: 'stay-at-home-parent', label: 'Stay-at-home parent' },
  { value: 'student', label: 'Student' },
  { value: 'retired', label: 'Retired' },
  { value: 'not-working', label: 'Not working' },
);

export const INCOME_FREQUENCIES = opts(
  { value: 'weekly', label: 'Weekly' },
  { value: 'fortnightly', label: 'Fortnightly' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'annually', label: 'Annually' },
);

export const ADDITIONAL_INCOME_SOURCES = opts(
  { value: 'dividends', label: 'Dividends' },
  { value: 'rent', label: 'Rent' },
  { value: 'trust', label: 'Trust distributions' },
);

export const BENEFIT_TYPES = opts(
  { value: 'family-tax', label: 'Family Tax Benefit' },
  { value: 'disability', label: 'Disability Support Pension' },
  { value: 'jobseeker', label: 'JobSeeker Payment' },
  { value: 'age-pension', label: 'Age Pension' },
);

export const ASSET_TYPES = opts(
  { value: 'cash', label: 'Cash' },
  { value: 'home', label: 'Home' },
  { value: 'investment-property', label: 'Investment property' },
  { value: 'other-investment', label: 'Other investment' },
  { value: 'lifestyle', label: 'Lifestyle (car, boat, contents)' },
  { value: 'other', label: 'Other' },
);

export const SAVINGS_FREQUENCIES = opts(
  { value: 'weekly', label: 'Weekly' },
  { value: 'fortnightly', label: 'Fortnightly' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'quarterly', label: 'Quarterly' },
  { value: 'half-yearly', label: 'Half yearly' },
  { value: 'yearly', label: 'Yearly' },
);

export const DEBT_TYPES = opts(
  { value: 'mortgage', label: 'Mortgage' },
  { value: 'investment-loan', label: 'Investment loan' },
  { value: 'car-loan', label: 'Car loan' },
  { value: 'personal-loan', label: 'Personal loan' },
  { value: 'credit-card', label: 'Credit card' },
  { value: 'other', label: 'Other' },
);

export const DEBT_OWNERS = opts(
  { value: 'self', label: 'Me' },
  { value: 'joint', label: 'Joint' },
  { value: 'partner', label: 'My partner' },
);

export const DEBT_FREQUENCIES = opts(
  { value: 'weekly', label: 'Weekly' },
  { value: 'fortnightly', label: 'Fortnightly' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'quarterly', label: 'Quarterly' },
  { value: 'annually', label: 'Annually' },
);

/** journey-spec §3: the six risk styles with their descriptions. */
export const RISK_STYLES = opts(
  { value: 'conservative', label: 'Conservative', description: 'Very low likelihood of a negative return in any year.' },
  { value: 'cautious', label: 'Cautious', description: 'Security over growth.' },
  { value: 'moderate', label: 'Moderate', description: 'A balance of growth and security.' },
  { value: 'moderately-aggressive', label: 'Moderately aggressive', description: 'Growth with some security.' },
  { value: 'aggressive', label: 'Aggressive', description: 'Growth over security.' },
  { value: 'highly-aggressive', label: 'Highly aggressive', description: 'Comfortable with short-term losses.' },
);

export const INSURANCE_FIELDS = [
  { key: 'life', label: 'Life cover' },
  { key: 'tpd', label: 'Total and permanent disability (TPD) cover' },
  { key: 'trauma', label: 'Trauma cover' },
  { key: 'incomeProtection', label: 'Income protection (per month)' },
] as const;

/** The label of an option value, or the value itself when it is not one of the options. */
export function labelOf(options: readonly Option[], value: string): string {
  return options.find((o) => o.value === value)?.label ?? value;
}
