/** The values each option list of the questionnaire offers (journey-spec §3), as types only: the catalogue's labels
 * (journey/messages.ts) are keyed by them and journey/options.ts lists them. */

export type YesNo = 'yes' | 'no';
export type Relationship = 'couple' | 'single';
export type GoalType = 'travel' | 'first-home' | 'next-home' | 'getting-together' | 'baby' | 'business';
export type Employment = 'employed' | 'self-employed' | 'stay-at-home-parent' | 'student' | 'retired' | 'not-working';
export type Frequency = 'weekly' | 'fortnightly' | 'monthly' | 'quarterly' | 'half-yearly' | 'yearly' | 'annually';
export type IncomeSource = 'dividends' | 'rent' | 'trust';
export type BenefitType = 'family-tax' | 'disability' | 'jobseeker' | 'age-pension';
export type AssetType = 'cash' | 'home' | 'investment-property' | 'other-investment' | 'lifestyle' | 'other';
export type DebtType = 'mortgage' | 'investment-loan' | 'car-loan' | 'personal-loan' | 'credit-card' | 'other';
export type DebtOwner = 'self' | 'joint' | 'partner';
export type RiskStyle = 'conservative' | 'cautious' | 'moderate' | 'moderately-aggressive' | 'aggressive' | 'highly-aggressive';
export type InsuranceKey = 'life' | 'tpd' | 'trauma' | 'incomeProtection';
