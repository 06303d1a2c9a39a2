import { describe, expect, it } from 'vitest';
import { getField, setField, setToggle, updateRow, addRow, type Answers } from '../../machines/journey-answers';
import { normalizePath } from '../../machines/journey-flow';
import {
  blankRows,
  emptyAnswers,
  isScreenComplete as isComplete,
  screenForPath,
  screenProblem,
  stepForPath,
} from '../../journey/questionnaire';
import { isQuestionnaireScreen } from '../../journey/routes';
import { benefitsProblem, dateOfBirthProblem, employmentProblem, goalAmountProblem, rateProblem, yearsProblem } from '../../journey/rules';
import { household } from './engine-fixtures';
import { MIN_GOAL_YEARS } from '../../journey/constants';
import { RISK_PROFILES } from '../../journey/engine/assumptions';
import { parseMoney, formatEnteredMoney } from '../../journey/format';
import { assessSuitability } from '../../journey/engine/assess';
import { lazySuitability } from '../../journey/suitability';
import { wordedCheck as worded } from '../../journey/worded-check';

/** The rules judge ages and horizons on a date: a fixed one here. */
const TODAY = new Date(2026, 10, 22);
const isScreenComplete = (screen: Parameters<typeof isComplete>[0], answers: Answers) =>
  isComplete(screen, answers, TODAY, assessSuitability);

const with_ = (...edits: ((a: Answers) => Answers)[]) => edits.reduce((a, e) => e(a), emptyAnswers());

describe('validation rules (journey-spec §5), each with the case that fails and the case that passes', () => {
  it.each([
    ['dateOfBirth', with_((a) => setField(a, 'dateOfBirth', '31/02/2000')), with_((a) => setField(a, 'dateOfBirth', '29/02/2000'))],
    [
      'goalDetails',
      with_((a) => setField(a, 'goal.amount', '5000')),
      with_(
        (a) => setField(a, 'goal.amount', '5000'),
        (a) => setField(a, 'goal.years', '3'),
      ),
    ],
    [
      'income',
      with_((a) => setField(a, 'income.amount', '5000')),
      with_(
        (a) => setField(a, 'income.amount', '5000'),
        (a) => setField(a, 'income.frequency', 'weekly'),
      ),
    ],
    [
      'regularSavings',
      with_(
        (a) => setToggle(a, 'regularSavings', 'yes', blankRows),
        (a) => setField(a, 'regularSavings.amount', '50'),
      ),
      with_(
        (a) => setToggle(a, 'regularSavings', 'yes', blankRows),
        (a) => setField(a, 'regularSavings.amount', '50'),
        (a) => setField(a, 'regularSavings.frequency', 'weekly'),
      ),
    ],
    [
      'super',
      with_((a) => setField(a, 'super.balance', '1000')),
      with_(
        (a) => setField(a, 'super.balance', '1000'),
        (a) => setField(a, 'super.contributions', 'no'),
      ),
    ],
    [
      'insuranceCover',
      with_(
        (a) => setField(a, 'insurance.life', '1'),
        (a) => setField(a, 'insurance.tpd', '1'),
        (a) => setField(a, 'insurance.trauma', '1'),
      ),
      with_(
        (a) => setField(a, 'insurance.life', '1'),
        (a) => setField(a, 'insurance.tpd', '1'),
        (a) => setField(a, 'insurance.trauma', '1'),
        (a) => setField(a, 'insurance.incomeProtection', '0'),
      ),
    ],
    ['privateHealth', emptyAnswers(), with_((a) => setField(a, 'privateHealth', 'no'))],
    ['assets', with_((a) => ({ ...a, assets: { answer: 'yes', rows: [] } })), with_((a) => setToggle(a, 'assets', 'no', blankRows))],
    ['riskAssessment', emptyAnswers(), with_((a) => setField(a, 'risk.style', 'cautious'))],
  ] as const)('%s', (screen, failing, passing) => {
    expect(isScreenComplete(screen, failing)).toBe(false);
    expect(isScreenComplete(screen, passing)).toBe(true);
  });

  it('the date of birth must be a real DD/MM/YYYY date in the past (issue 5)', () => {
    for (const bad of ['', '   ', 'not a date', '1990-06-15', '31/04/1990', '15/13/1990', '01/01/2999']) {
      expect(isScreenComplete('dateOfBirth', setField(emptyAnswers(), 'dateOfBirth', bad)), bad).toBe(false);
    }
    expect(isScreenComplete('dateOfBirth', setField(emptyAnswers(), 'dateOfBirth', '5/6/1990'))).toBe(true);
  });

  it('judges on the date it is given, not the wall clock', () => {
    const born = setField(emptyAnswers(), 'dateOfBirth', '01/01/2030');
    expect(isComplete('dateOfBirth', born, new Date(2026, 10, 22), assessSuitability)).toBe(false); // not born yet
    // born, but not 18 until 2048 (issue 15: eligibility is checked on this screen)
    expect(isComplete('dateOfBirth', born, new Date(2031, 0, 1), assessSuitability)).toBe(false);
    expect(isComplete('dateOfBirth', born, new Date(2047, 11, 31), assessSuitability)).toBe(false);
    expect(isComplete('dateOfBirth', born, new Date(2048, 0, 1), assessSuitability)).toBe(true);
  });

  it('refuses on their own screens an age under 18 and a goal under 2 years, saying why (issue 15)', () => {
    const today = new Date(2026, 2, 1);
    expect(dateOfBirthProblem('02/03/2008', today)).toBe('This advice is for people aged 18 or over.');
    expect(dateOfBirthProblem('01/03/2008', today)).toBeNull();
    expect(yearsProblem('1.9')).toMatch(/^This advice is for goals at least 2 years away/);
    expect(yearsProblem('2')).toBeNull();
    expect(yearsProblem('0.5')).toMatch(/at least 2 years/);
  });

  it('refuses a goal under $1 on the goal screen, and says what an interest rate it cannot read should look like (issue 15)', () => {
    expect(goalAmountProblem('0.50')).toBe('Enter an amount of $1 or more.');
    expect(goalAmountProblem('0')).toBe('Enter an amount of $1 or more.');
    expect(goalAmountProblem('1')).toBeNull();
    expect(goalAmountProblem('')).toBeNull();
    const goal = (amount: string) =>
      with_(
        (a) => setField(a, 'goal.amount', amount),
        (a) => setField(a, 'goal.years', '5'),
      );
    expect(isScreenComplete('goalDetails', goal('0.99'))).toBe(false);
    expect(isScreenComplete('goalDetails', goal('1.00'))).toBe(true);
    expect(rateProblem('19.99')).toBeNull();
    expect(rateProblem('19.99 %')).toBeNull();
    expect(rateProblem('')).toBeNull();
    expect(rateProblem('high')).toBe('Enter the interest rate as a percentage a year, for example 19.99, or leave it empty.');
    expect(rateProblem('120')).not.toBeNull();
  });

  it('turns retirement away on the screens that ask, and refuses savings over the take-home pay on the savings screen (issue 15)', () => {
    expect(employmentProblem('retired')).toMatch(/^This advice does not cover retirement/);
    expect(employmentProblem('employed')).toBeNull();
    expect(
      isScreenComplete(
        'employmentStatus',
        with_((a) => setField(a, 'employmentStatus', 'retired')),
      ),
    ).toBe(false);
    expect(
      isScreenComplete(
        'employmentStatus',
        with_((a) => setField(a, 'employmentStatus', 'student')),
      ),
    ).toBe(true);
    const pension = with_(
      (a) => setToggle(a, 'benefits', 'yes', blankRows),
      (a) => updateRow(a, 'benefits', a.benefits.rows[0]!.id, 'type', 'age-pension'),
    );
    expect(benefitsProblem(pension.benefits)).toMatch(/^The Age Pension is retirement income/);
    expect(isScreenComplete('benefits', pension)).toBe(false);

    // $30,000 a year saving $2,400 a month: more than its take-home pay (engine-suitability.test.ts works it out)
    const saver = household({ income: '30000', savings: '2400' });
    expect(screenProblem('regularSavings', saver, TODAY, worded)).toMatch(
      /^You told us you save \$2,400 a month, more than your take-home pay of \$2,3\d\d a month\./,
    );
    expect(isScreenComplete('regularSavings', saver)).toBe(false);
    // the engine's check says codes and figures: without the catalogue's words there is nothing to show, but the screen still stops
    expect(assessSuitability(saver, TODAY).reasons).toEqual([
      { code: 'savings-over-income', savedMonthlyCents: 240_000, netMonthlyCents: expect.any(Number) },
    ]);
    expect(screenProblem('regularSavings', saver, TODAY, assessSuitability)).toBe('');
    // until the engine's check has loaded, the screen cannot tell, and lets the visitor on (the needs analysis checks it)
    expect(screenProblem('regularSavings', saver, TODAY, null)).toBeNull();
    expect(isComplete('regularSavings', saver, TODAY, null)).toBe(true);
    expect(isScreenComplete('regularSavings', household({ income: '30000', savings: '2000' }))).toBe(true);
  });

  it('checks each suitability rule on the screen that collects its answer, not only at step 6 (issue 15)', () => {
    const at = (screen: Parameters<typeof screenProblem>[0], h: Parameters<typeof household>[0]) =>
      screenProblem(screen, household(h), TODAY, worded);
    // no income at all: said on the benefits screen, the last that asks about income
    expect(at('benefits', { income: '0' })).toMatch(/^You told us you have no income from work, other sources or benefits\./);
    expect(isScreenComplete('benefits', household({ income: '0' }))).toBe(false);
    expect(at('benefits', {})).toBeNull();
    // not saving: on the regular savings screen
    expect(at('regularSavings', { savings: '' })).toMatch(/you told us you do not save regularly/);
    expect(isScreenComplete('regularSavings', household({ savings: '' }))).toBe(false);
    // a $5,000 credit card at 20%: on the debts screen
    expect(at('debts', { debts: [['credit-card', '5000', '20']] })).toMatch(/^You owe \$5,000 on your credit card at 20% a year\./);
    expect(isScreenComplete('debts', household({ debts: [['credit-card', '5000', '20']] }))).toBe(false);
    expect(isScreenComplete('debts', household({ debts: [['credit-card', '500', '20']] }))).toBe(true);
    // a style that needs more time than the goal has: on the risk screen (10 years for Highly aggressive, the goal is 3 away)
    expect(at('riskAssessment', { goalYears: '3', riskStyle: 'highly-aggressive' })).toMatch(
      /^Your goal is 3 years away\. Highly aggressive puts about 100% in growth assets/,
    );
    expect(isScreenComplete('riskAssessment', household({ goalYears: '3', riskStyle: 'cautious' }))).toBe(true);
    // each screen says only its own rules
    expect(at('debts', { savings: '' })).toBeNull();
  });

  it('loads the engine’s check with the words that say its reasons, on demand', async () => {
    const check = await lazySuitability().load();
    expect(screenProblem('regularSavings', household({ income: '30000', savings: '2400' }), TODAY, check)).toMatch(
      /^You told us you save \$2,400 a month, more than your take-home pay of \$2,3\d\d a month\. We can only plan with what you can save\. Check the amount/,
    );
  });

  it('the recommendation cannot continue to a product while the goal is out of reach (issue 15)', () => {
    // $400,000 in 7 years from $20,000 of cash and $700 a month to invest: far out of reach
    const far = household({ goalAmount: '400000', goalYears: '7' });
    expect(assessSuitability(far, TODAY)).toMatchObject({ suitable: true, goalReachable: false });
    expect(isScreenComplete('needsAnalysis', far)).toBe(true);
    expect(isScreenComplete('recommendation', far)).toBe(false);
    expect(isScreenComplete('recommendation', household())).toBe(true);
    expect(assessSuitability(emptyAnswers(), TODAY).goalReachable).toBeNull();
  });

  it('the shortest goal it takes is the shortest any risk profile suits', () => {
    expect(MIN_GOAL_YEARS).toBe(Math.min(...RISK_PROFILES.map((p) => p.minHorizonYears)));
  });

  it('row fields are not validated', () => {
    const a = with_((x) => setToggle(x, 'debts', 'yes', blankRows));
    expect(a.debts.rows[0]).toMatchObject({ type: '', value: '' });
    expect(isScreenComplete('debts', a)).toBe(true);
  });

  it('screens without a rule can always continue', () => {
    expect(isScreenComplete('summary', emptyAnswers())).toBe(true);
  });
});

describe('answer edits', () => {
  it('set and read dotted fields without touching others', () => {
    const a = setField(emptyAnswers(), 'goal.amount', '1');
    expect(getField(a, 'goal.amount')).toBe('1');
    expect(a.goal.type).toBe('');
  });

  it('ignores a field a row does not have', () => {
    const a = addRow(emptyAnswers(), 'assets', blankRows);
    expect(updateRow(a, 'assets', a.assets.rows[0]!.id, 'owner' as never, 'x')).toBe(a);
  });

  it('Yes keeps existing rows', () => {
    const a = addRow(addRow(setToggle(emptyAnswers(), 'assets', 'yes', blankRows), 'assets', blankRows), 'assets', blankRows);
    expect(setToggle(a, 'assets', 'yes', blankRows).assets.rows).toHaveLength(3);
  });
});

describe('routes', () => {
  it('derives the step from the route; an unknown route is step 1', () => {
    expect(stepForPath('/questionnaire/income')).toBe(3);
    expect(stepForPath('/questionnaire/summary')).toBe(2);
    expect(stepForPath('/questionnaire/recommendation')).toBe(7);
    expect(stepForPath('/no/such/page')).toBe(1);
    expect(stepForPath('/')).toBe(1);
  });

  it('normalises paths', () => {
    expect(normalizePath('/investment/intro/?x=1#y')).toBe('/investment/intro');
    expect(normalizePath('/')).toBe('/');
    expect(screenForPath('/recommended-products/')).toBe('recommendedProducts');
  });

  it('only /questionnaire routes show the progress bar', () => {
    expect(isQuestionnaireScreen('income')).toBe(true);
    expect(isQuestionnaireScreen('recommendedProducts')).toBe(false);
    expect(isQuestionnaireScreen('intro')).toBe(false);
  });
});

describe('money as people type it', () => {
  it.each([
    ['1,250', 1250],
    ['$1250', 1250],
    [' 1250.50 ', 1250.5],
    ['abc', NaN],
    ['', NaN],
  ])('%s', (text, n) => {
    expect(parseMoney(text)).toBe(n);
  });
  it('shows entered money as dollars, anything else as typed', () => {
    expect(formatEnteredMoney('60000')).toBe('$60,000');
    expect(formatEnteredMoney('about 5k')).toBe('about 5k');
  });
});
