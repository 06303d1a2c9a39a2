/**
 * The questionnaire's options (journey-spec §3): every list a question offers. Their values and labels are the
 * catalogue's (journey/messages.ts, one map a list keyed by value, typed by ./option-values.ts, in the list's order;
 * the frequency lists name the values they take from the one map of frequencies). Read by the answer model, the screens and the
 * advice engine alike.
 */
import * as L from './messages';
import type {
  AssetType,
  BenefitType,
  DebtOwner,
  DebtType,
  Employment,
  Frequency,
  GoalType,
  IncomeSource,
  InsuranceKey,
  Relationship,
  RiskStyle,
  YesNo,
} from './option-values';

export interface Option<V extends string = string> {
  value: V;
  label: string;
  description?: string;
}

/** The options a catalogue map labels (and describes), all of its values in its order, or only the values given. */
const opts = <V extends string>(labels: Record<V, string>, descriptions?: Record<V, string>, values = Object.keys(labels) as V[]) =>
  values.map(
    (value): Option<V> => ({
      value,
      // read when shown: a locale's words are assigned into the catalogue's maps after this module has loaded
      get label() {
        return labels[value];
      },
      get description() {
        return descriptions?.[value];
      },
    }),
  );

export const YES_NO = opts<YesNo>(L.YES_NO_LABELS);

export const RELATIONSHIP_OPTIONS = opts<Relationship>(L.RELATIONSHIP_LABELS);

export const GOAL_OPTIONS = opts<GoalType>(L.GOAL_LABELS);

export const EMPLOYMENT_OPTIONS = opts<Employment>(L.EMPLOYMENT_LABELS);

export const INCOME_FREQUENCIES = opts<Frequency>(L.FREQUENCY_LABELS, undefined, ['weekly', 'fortnightly', 'monthly', 'annually']);

export const ADDITIONAL_INCOME_SOURCES = opts<IncomeSource>(L.INCOME_SOURCE_LABELS);

export const BENEFIT_TYPES = opts<BenefitType>(L.BENEFIT_LABELS);

export const ASSET_TYPES = opts<AssetType>(L.ASSET_LABELS);

export const SAVINGS_FREQUENCIES = opts<Frequency>(L.FREQUENCY_LABELS, undefined, [
  'weekly',
  'fortnightly',
  'monthly',
  'quarterly',
  'half-yearly',
  'yearly',
]);

export const DEBT_TYPES = opts<DebtType>(L.DEBT_LABELS);

export const DEBT_OWNERS = opts<DebtOwner>(L.OWNER_LABELS);

export const DEBT_FREQUENCIES = opts<Frequency>(L.FREQUENCY_LABELS, undefined, [
  'weekly',
  'fortnightly',
  'monthly',
  'quarterly',
  'annually',
]);

/** journey-spec §3: the six risk styles with their descriptions. */
export const RISK_STYLES = opts<RiskStyle>(L.RISK_LABELS, L.RISK_DESCRIPTIONS);

export const INSURANCE_FIELDS = (Object.keys(L.INSURANCE_LABELS) as InsuranceKey[]).map((key) => ({
  key,
  get label() {
    return L.INSURANCE_LABELS[key];
  },
}));

/** The label of an option value, or the value itself when it is not one of the options. */
export function labelOf(options: readonly Option[], value: string): string {
  return options.find((o) => o.value === value)?.label ?? value;
}
