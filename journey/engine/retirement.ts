/** Why this advice turns retirement away (issue 15): the engine's reason, and the screens that ask (journey/rules.ts) say it too. */

export const RETIREMENT_TITLE = 'This advice does not cover retirement';
export const RETIREMENT_EXPLANATION =
  'This advice is for saving towards a goal while you earn. Investing in retirement means planning an income from your savings, ' +
  'super and the Age Pension, which it does not cover (see the eligibility page).';
export const RETIREMENT_INSTEAD =
  'A licensed financial adviser can help you plan your retirement income; Moneysmart’s retirement planner (moneysmart.gov.au) is a good start.';
