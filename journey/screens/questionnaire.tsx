/** The questionnaire: about you, goals, finances and risk (journey-spec §2, §3). */
import { getField, type FieldKey } from '../../machines/journey-answers';
import { useToday } from '../clock';
import { amountProblem, benefitsProblem, dateOfBirthProblem, employmentProblem, goalAmountProblem, rateProblem, screenProblem, yearsProblem } from '../rules';
import { useSuitabilityCheck } from '../suitability';
import { labelOf, ADDITIONAL_INCOME_SOURCES, ASSET_TYPES, BENEFIT_TYPES, DEBT_FREQUENCIES, DEBT_OWNERS, DEBT_TYPES, EMPLOYMENT_OPTIONS, GOAL_OPTIONS, INCOME_FREQUENCIES, INSURANCE_FIELDS, RELATIONSHIP_OPTIONS, RISK_STYLES, SAVINGS_FREQUENCIES, YES_NO } from '../options';
import { useState } from 'react';
import { useJourney, useJourneySend } from '../actor-context';
import { ChoiceGroup, SelectField, TextField, YesNo, type TextFieldProps } from '../components/fields';
import { RowList } from '../components/row-list';
import { article, formatDollars, formatEnteredMoney } from '../format';
import { badYearReturn, RISK_PROFILES } from '../engine/assumptions';
import { routeOf } from '../routes';
import type { ScreenId } from '../../machines/journey-flow';
import type { ComponentType } from 'react';

/** One answer and its setter. */
function useField(field: FieldKey): [string, (value: string) => void] {
  const value = useJourney((s) => getField(s.context.answers, field));
  const send = useJourneySend();
  return [value, (v) => send({ type: 'ANSWER.SET', field, value: v })];
}

/** A single-choice question whose legend repeats the page heading for screen readers. */
function Choice({ field, options, question }: { field: FieldKey; options: Parameters<typeof ChoiceGroup>[0]['options']; question: string }) {
  const [value, set] = useField(field);
  return <ChoiceGroup legend={question} legendHidden options={options} value={value} onChange={set} />;
}

function DateOfBirth() {
  const [value, set] = useField('dateOfBirth');
  const [touched, setTouched] = useState(false);
  const problem = dateOfBirthProblem(value, useToday());
  // Say what is wrong once the visitor has left the field or typed a whole date, not at every keystroke.
  const showError = problem !== null && value.trim() !== '' && (touched || value.trim().length >= 10);
  return (
    <TextField
      label="Date of birth"
      hint="For example, 15/06/1990 (DD/MM/YYYY)"
      placeholder="DD/MM/YYYY"
      autoComplete="bday"
      value={value}
      onChange={set}
      onBlur={() => setTouched(true)}
      error={showError ? problem : ''}
    />
  );
}

/**
 * A text field that says under it what is wrong with its value (`problem`), once the visitor
 * has left the field: amounts the advice cannot read ("85k"), or years that are not a number.
 */
function CheckedField({ problem, ...props }: Omit<TextFieldProps, 'error' | 'onBlur'> & { problem: (value: string) => string | null }) {
  const [touched, setTouched] = useState(false);
  const error = touched ? problem(props.value) : null;
  return <TextField {...props} onBlur={() => setTouched(true)} error={error ?? ''} />;
}

/** A money field: anything but an amount in dollars gets a message under it. */
const MoneyField = (props: Omit<TextFieldProps, 'error' | 'onBlur' | 'money'>) => <CheckedField {...props} money problem={amountProblem} />;


const RelationshipStatus = () => <Choice field="relationshipStatus" options={RELATIONSHIP_OPTIONS} question={routeOf('relationshipStatus').title} />;
const GoalSelection = () => <Choice field="goal.type" options={GOAL_OPTIONS} question={routeOf('goalSelection').title} />;
/** What stops the journey on this screen, said where the answer was given (issue 15); an empty live region otherwise. */
const ScreenProblem = ({ problem }: { problem: string | null }) => (
  <p className="field__error" role="status">
    {problem ?? ''}
  </p>
);

/** The engine's suitability rules this screen collects the answers of (journey/rules.ts `screenProblem`), once its check has loaded. */
function SuitabilityProblem({ screen }: { screen: ScreenId }) {
  const answers = useJourney((s) => s.context.answers);
  const check = useSuitabilityCheck();
  return <ScreenProblem problem={screenProblem(screen, answers, useToday(), check)} />;
}

function EmploymentStatus() {
  const status = useJourney((s) => s.context.answers.employmentStatus);
  return (
    <div className="stack">
      <Choice field="employmentStatus" options={EMPLOYMENT_OPTIONS} question={routeOf('employmentStatus').title} />
      <ScreenProblem problem={employmentProblem(status)} />
    </div>
  );
}

function GoalDetails() {
  const [amount, setAmount] = useField('goal.amount');
  const [years, setYears] = useField('goal.years');
  return (
    <div className="stack">
      <CheckedField label="How much will you need?" hint="In today’s dollars" money value={amount} onChange={setAmount} problem={goalAmountProblem} />
      <CheckedField label="How many years from now?" hint="For example, 8 or 2.5" inputMode="decimal" value={years} onChange={setYears} problem={yearsProblem} />
    </div>
  );
}

function Summary() {
  const goal = useJourney((s) => s.context.answers.goal);
  const described = goal.type && goal.amount && goal.years;
  return (
    <div className="prose">
      {described ? (
        <p>
          Your goal: <strong>{labelOf(GOAL_OPTIONS, goal.type)}</strong>, {formatEnteredMoney(goal.amount)} in {goal.years} years.
        </p>
      ) : (
        <p>Your goal is saved.</p>
      )}
      <p>Next, we’ll ask about your finances: your work, income, savings, assets and debts. This helps us check what you can afford to invest.</p>
    </div>
  );
}

function Income() {
  const [amount, setAmount] = useField('income.amount');
  const [frequency, setFrequency] = useField('income.frequency');
  return (
    <div className="stack">
      <MoneyField label="Gross income" hint="Before tax, excluding super" value={amount} onChange={setAmount} />
      <SelectField label="How often?" options={INCOME_FREQUENCIES} value={frequency} onChange={setFrequency} />
    </div>
  );
}

function AdditionalIncome() {
  return (
    <RowList
      list="additionalIncome"
      question={routeOf('additionalIncome').title}
      itemLabel="Income"
      renderRow={(row, set) => (
        <>
          <SelectField label="Source" options={ADDITIONAL_INCOME_SOURCES} value={row.source} onChange={(v) => set('source', v)} />
          <MoneyField label="Amount" value={row.amount} onChange={(v) => set('amount', v)} />
          <SelectField label="How often?" options={INCOME_FREQUENCIES} value={row.frequency} onChange={(v) => set('frequency', v)} />
        </>
      )}
    />
  );
}

function Benefits() {
  const benefits = useJourney((s) => s.context.answers.benefits);
  return (
    <div className="stack">
      <RowList
        list="benefits"
        question={routeOf('benefits').title}
        itemLabel="Benefit"
        renderRow={(row, set) => (
          <>
            <SelectField label="Benefit" options={BENEFIT_TYPES} value={row.type} onChange={(v) => set('type', v)} />
            <MoneyField label="Amount per fortnight" value={row.amount} onChange={(v) => set('amount', v)} />
          </>
        )}
      />
      <ScreenProblem problem={benefitsProblem(benefits)} />
      <SuitabilityProblem screen="benefits" />
    </div>
  );
}

function BigSpends() {
  return (
    <RowList
      list="bigSpends"
      question={routeOf('bigSpends').title}
      itemLabel="Expense"
      renderRow={(row, set) => <MoneyField label="Amount" value={row.amount} onChange={(v) => set('amount', v)} />}
    />
  );
}

function Assets() {
  return (
    <RowList
      list="assets"
      question={routeOf('assets').title}
      itemLabel="Asset"
      renderRow={(row, set) => (
        <>
          <SelectField label="Type" options={ASSET_TYPES} value={row.type} onChange={(v) => set('type', v)} />
          <MoneyField label="Value" value={row.value} onChange={(v) => set('value', v)} />
        </>
      )}
    />
  );
}

function RegularSavings() {
  const answer = useJourney((s) => s.context.answers.regularSavings.answer);
  const send = useJourneySend();
  const [amount, setAmount] = useField('regularSavings.amount');
  const [frequency, setFrequency] = useField('regularSavings.frequency');
  return (
    <div className="stack">
      <YesNo legend={routeOf('regularSavings').title} legendHidden value={answer} onChange={(value) => send({ type: 'TOGGLE.SET', toggle: 'regularSavings', value })} />
      {answer === 'yes' && (
        <div className="rows">
          <MoneyField label="How much do you save?" value={amount} onChange={setAmount} />
          <SelectField label="How often?" options={SAVINGS_FREQUENCIES} value={frequency} onChange={setFrequency} />
        </div>
      )}
      <SuitabilityProblem screen="regularSavings" />
    </div>
  );
}

function Super() {
  const [balance, setBalance] = useField('super.balance');
  const [contributions, setContributions] = useField('super.contributions');
  return (
    <div className="stack">
      <MoneyField label="Total super balance" hint="Add up all of your super funds" value={balance} onChange={setBalance} />
      <ChoiceGroup
        legend="Are you making personal contributions to your super?"
        options={YES_NO}
        layout="inline"
        value={contributions}
        onChange={setContributions}
      />
    </div>
  );
}

function Debts() {
  return (
    <div className="stack">
      <DebtList />
      <SuitabilityProblem screen="debts" />
    </div>
  );
}

function DebtList() {
  return (
    <RowList
      list="debts"
      question={routeOf('debts').title}
      itemLabel="Debt"
      renderRow={(row, set) => (
        <>
          <SelectField label="Type" options={DEBT_TYPES} value={row.type} onChange={(v) => set('type', v)} />
          <MoneyField label="Amount owing" value={row.value} onChange={(v) => set('value', v)} />
          <SelectField label="Whose debt is it?" options={DEBT_OWNERS} value={row.owner} onChange={(v) => set('owner', v)} />
          <SelectField label="Is the interest tax deductible?" options={YES_NO} value={row.taxDeductible} onChange={(v) => set('taxDeductible', v)} />
          <CheckedField label="Interest rate (% a year)" inputMode="decimal" value={row.interestRate} onChange={(v) => set('interestRate', v)} problem={rateProblem} />
          <MoneyField label="Repayment amount" value={row.repaymentAmount} onChange={(v) => set('repaymentAmount', v)} />
          <SelectField label="Repayment frequency" options={DEBT_FREQUENCIES} value={row.frequency} onChange={(v) => set('frequency', v)} />
        </>
      )}
    />
  );
}

function InsuranceCover() {
  const send = useJourneySend();
  const insurance = useJourney((s) => s.context.answers.insurance);
  return (
    <div className="stack">
      {INSURANCE_FIELDS.map((f) => (
        <MoneyField key={f.key} label={f.label} value={insurance[f.key]} onChange={(value) => send({ type: 'ANSWER.SET', field: `insurance.${f.key}`, value })} />
      ))}
    </div>
  );
}

function PrivateHealth() {
  const [value, set] = useField('privateHealth');
  return <YesNo legend={routeOf('privateHealth').title} legendHidden value={value} onChange={set} />;
}

function RiskAssessment() {
  const opened = useJourney((s) => s.context.answers.risk.questionnaireOpened);
  const style = useJourney((s) => s.context.answers.risk.style);
  const send = useJourneySend();
  return (
    <div className="stack">
      <div className="panel">
        <h2>Not sure? Take the risk questionnaire</h2>
        <p>A short set of questions about how you would react to ups and downs in the value of your investment.</p>
        <button type="button" className="button button--secondary" onClick={() => send({ type: 'RISK.OPEN_QUESTIONNAIRE' })}>
          Open questionnaire
        </button>
        <p role="status" className="panel__status">
          {opened ? 'The risk questionnaire is not available online yet. Choose the style below that describes you best, or talk to an adviser.' : ''}
        </p>
      </div>
      <Choice field="risk.style" options={RISK_STYLES} question="Choose your investment style" />
      <PossibleLoss style={style} />
      <SuitabilityProblem screen="riskAssessment" />
    </div>
  );
}

/** issue 15: what the chosen style could lose in a bad year, in percent and in dollars, where it is chosen. */
function PossibleLoss({ style }: { style: string }) {
  const profile = RISK_PROFILES.find((p) => p.id === style);
  if (!profile) return <p role="status" className="note" />;
  const loss = -badYearReturn(profile);
  return (
    <p role="status" className="note">
      {loss > 0
        ? `In a bad year, one year in twenty, ${article(profile.label)} ${profile.label.toLowerCase()} portfolio could lose about ${Math.round(loss * 100)}% of its value: ${formatDollars(Math.round(loss * 10_000))} on every $10,000 invested. It can take years to recover.`
        : `Even in a bad year, one year in twenty, ${article(profile.label)} ${profile.label.toLowerCase()} portfolio is expected to lose little or nothing, though its value can still fall.`}
    </p>
  );
}

export const BODIES = {
  dateOfBirth: DateOfBirth,
  relationshipStatus: RelationshipStatus,
  goalSelection: GoalSelection,
  goalDetails: GoalDetails,
  summary: Summary,
  employmentStatus: EmploymentStatus,
  income: Income,
  additionalIncome: AdditionalIncome,
  benefits: Benefits,
  bigSpends: BigSpends,
  assets: Assets,
  regularSavings: RegularSavings,
  super: Super,
  debts: Debts,
  insuranceCover: InsuranceCover,
  privateHealth: PrivateHealth,
  riskAssessment: RiskAssessment,
} satisfies Record<string, ComponentType>;
