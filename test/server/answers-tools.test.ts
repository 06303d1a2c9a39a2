/**
 * Exact figures through tools: each tool against figures worked by hand from JOURNEY-ENGINE.md's
 * constants and checked examples (never against the engine computing them again), the built-in
 * matcher on phrasings, the numbers and frequencies it reads, and the validation of arguments.
 */
import { describe, expect, it } from 'vitest';
import { ASSUMPTIONS_VERSION, PROJECTION, RISK_PROFILES } from '../../journey/engine/assumptions';
import { project } from '../../journey/engine/projection';
import { answerFromSources } from '../../server/answers/builtin';
import { adviserFeeTool } from '../../server/answers/tools/adviser-fee';
import { emergencyFundTool } from '../../server/answers/tools/emergency-fund';
import { feesTool } from '../../server/answers/tools/fees';
import { chancesOfReaching, goalChanceTool } from '../../server/answers/tools/goal-chance';
import { goalMonthlyTool } from '../../server/answers/tools/goal-monthly';
import { answerWithTools, CHAT_TOOLS, matchTool, runToolCall, TOOL_SOURCE, TOOLS } from '../../server/answers/tools';
import { extractNumbers, wordsValue } from '../../server/answers/tools/numbers';
import { takeHomePayTool } from '../../server/answers/tools/take-home-pay';
import { answerMarkdown, runTool, validateArgs, type AnyTool } from '../../server/answers/tools/tool';
import { financialYearIn } from '../../server/answers/tools/year';

// 1 October 2025: the 2025-26 tax year of JOURNEY-ENGINE.md's checked examples
const FY2025 = new Date(2025, 9, 1);
// 26 November 2026: 2026-27, when the 16% rate is 15%
const FY2026 = new Date(2026, 10, 26);

function run(tool: AnyTool, args: Record<string, unknown>, asOf = FY2025): string {
  const checked = validateArgs(tool, args);
  if (!checked.ok) throw new Error(`invalid: ${[...checked.missing, ...checked.problems].join('; ')}`);
  return answerMarkdown(runTool(tool, checked.args, asOf));
}

/** The answer's first paragraph: the figure. */
const figure = (markdown: string) => markdown.split('\n\n')[0]!;

describe('fees on an amount (investment fee 0.7% a year, administration 0%, adviser fee $500 invoiced)', () => {
  it('$20,000 pays exactly $140.00 a year, fee by fee', () => {
    const answer = run(feesTool, { amount: 20_000 });
    expect(figure(answer)).toBe('On a balance of $20,000, the fees come to **$140.00 a year**.');
    expect(answer).toContain('1. Investment fee: 0.7% a year × $20,000.00 = $140.00 a year');
    expect(answer).toContain('2. Administration fee: 0% a year × $20,000.00 = $0.00 a year');
    expect(answer).toContain('3. Fees a year: $140.00 + $0.00 = $140.00');
    expect(answer).toContain('upfront adviser fee of $500.00 is charged once, invoiced to you, not taken from your investment');
  });

  it('$10,000 pays the fee schedule’s $70.00; $12,345.67 pays $86.42 (rounded to the cent)', () => {
    expect(figure(run(feesTool, { amount: 10_000 }))).toContain('**$70.00 a year**');
    expect(figure(run(feesTool, { amount: 12_345.67 }))).toContain('**$86.42 a year**');
  });

  it('over whole years, the yearly fees times the years', () => {
    const answer = run(feesTool, { amount: 20_000, years: 5 });
    expect(figure(answer)).toBe('On a balance of $20,000 held for 5 years, the fees come to **$700.00** ($140.00 a year).');
    expect(answer).toContain('4. Over 5 years: 5 × $140.00 = $700.00');
  });
});

describe('the adviser fee', () => {
  it('is $500.00 once, invoiced', () => {
    const answer = run(adviserFeeTool, {});
    expect(figure(answer)).toBe('The upfront adviser fee is **$500.00**, charged once.');
    expect(answer).toContain('invoiced to you, so it is not taken from the money you invest');
  });
});

describe('take-home pay (JOURNEY-ENGINE.md "Income and tax")', () => {
  it.each([
    // the document's checked examples, 2025-26, single, hospital cover
    [50_000, '$43,462.00'],
    [90_000, '$70,412.00'],
    [150_000, '$110,162.00'],
  ])('$%i a year takes home %s a year in 2025-26', (income, net) => {
    const answer = run(takeHomePayTool, { income, frequency: 'yearly' });
    expect(figure(answer)).toContain(`your take-home pay is **${net} a year**`);
  });

  it('$90,000: $5,867.67 a month, $2,708.15 a fortnight, $1,354.08 a week, with the steps', () => {
    const answer = run(takeHomePayTool, { income: 90_000, per: 'fortnightly' });
    expect(figure(answer)).toBe(
      'On $90,000 a year before tax, you pay $19,588.00 a year in income tax and Medicare levy, and your take-home pay is ' +
        '**$2,708.15 a fortnight** ($1,354.08 a week, $5,867.67 a month, $70,412.00 a year).',
    );
    // 4,288 + 30c × 45,000 = 17,788; Medicare levy 2% = 1,800
    expect(answer).toContain('2. Income tax at the 2025-26 resident tax rates: $17,788.00');
    expect(answer).toContain('3. Medicare levy: $1,800.00');
    expect(answer).toContain('4. Take-home pay: $90,000.00 − $17,788.00 − $1,800.00 = **$70,412.00 a year**');
  });

  it('$50,000 shows the low income tax offset: $700 − 5c × 7,500 − 1.5c × 5,000 = $250', () => {
    expect(run(takeHomePayTool, { income: 50_000 })).toContain('Low income tax offset: −$250.00');
  });

  it('$150,000 without hospital cover: the 1.25% surcharge ($1,875) comes off', () => {
    const assumed = run(takeHomePayTool, { income: 150_000 });
    expect(assumed).toContain('without it, the Medicare levy surcharge of 1.25% ($1,875.00) would leave $108,287.00 a year');
    const without = run(takeHomePayTool, { income: 150_000, privateHospitalCover: false });
    expect(figure(without)).toContain('**$108,287.00 a year**');
    expect(without).toContain('Medicare levy surcharge (1.25%, no private hospital cover): $1,875.00');
  });

  it('$85,000 in 2026-27, when the lowest rate is 15%: 26,800 × 15% + 30c × 40,000 = $16,020 tax, $67,280.00 take-home', () => {
    const answer = run(takeHomePayTool, { income: 85_000 }, FY2026);
    expect(answer).toContain('Income tax at the 2026-27 resident tax rates: $16,020.00');
    expect(figure(answer)).toContain('**$67,280.00 a year** ($1,293.85 a week, $2,587.69 a fortnight, $5,606.67 a month)');
  });

  it('an income a week is made yearly × 52: $1,000 a week → $52,000 → $44,792.00, $861.38 a week', () => {
    const answer = run(takeHomePayTool, { income: 1_000, frequency: 'weekly' });
    expect(answer).toContain('1. Income before tax: $1,000 a week × 52 = $52,000.00 a year');
    // 4,288 + 30c × 7,000 = 6,388; offset 325 − 1.5c × 7,000 = 220; levy 1,040
    expect(figure(answer)).toContain('your take-home pay is **$861.38 a week**');
    expect(answer).toContain('= **$44,792.00 a year**');
  });
});

describe('the emergency fund (three months of take-home pay)', () => {
  it('$90,000 a year before tax: $70,412.00 × 3 ÷ 12 = $17,603.00', () => {
    const answer = run(emergencyFundTool, { income: 90_000 });
    expect(figure(answer)).toBe('Your emergency fund would be **$17,603.00**: 3 months of your take-home pay.');
    expect(answer).toContain('Emergency fund, 3 months of take-home pay: $70,412.00 × 3 ÷ 12 = **$17,603.00**');
  });

  it('against cash held: the shortfall', () => {
    expect(figure(run(emergencyFundTool, { income: 90_000, cash: 5_000 }))).toContain('you are $12,603.00 short');
    expect(run(emergencyFundTool, { income: 90_000, cash: 20_000 })).toContain('no shortfall, with $2,397.00 over');
  });

  it('from take-home pay: $5,000 a month → $15,000.00', () => {
    expect(figure(run(emergencyFundTool, { income: 5_000, frequency: 'monthly', takeHome: true }))).toContain('**$15,000.00**');
  });
});

/**
 * The monthly amount by hand from JOURNEY-ENGINE.md: the goal inflated at 2.5% a year, the return the
 * plan is made on ((1 + median) · e^(−z σ_ln / √years) − 1, z the normal quantile of the confidence),
 * i = (1 + R)^(1/12) − 1, payment = FV · i / ((1 + i)^n − 1), rounded up to the cent.
 */
function byHand(goalTodayDollars: number, years: number, median: number, mean: number, volatility: number, z: number): number {
  const fv = Math.round(goalTodayDollars * 100 * 1.025 ** years);
  const sigma = Math.sqrt(Math.log(1 + volatility ** 2 / (1 + mean) ** 2));
  const r = (1 + median) * Math.exp((-z * sigma) / Math.sqrt(years)) - 1;
  const i = (1 + r) ** (1 / 12) - 1;
  const g = (1 + i) ** (years * 12);
  return Math.ceil((fv * i) / (g - 1) - 1e-7) / 100;
}

describe('the financial year a question names', () => {
  it.each([
    ['What is my take-home pay on $90,000 in 2025-26?', '2025-26'],
    ['take-home pay on $90,000 in 2025–26', '2025-26'],
    ['take-home pay for the 2025/26 year', '2025-26'],
    ['take-home pay in 2025-2026', '2025-26'],
    ['take-home pay in FY2026', '2025-26'],
    ['take-home pay in FY26', '2025-26'],
    ['take-home pay for the financial year ending 30 June 2026', '2025-26'],
    ['take-home pay last financial year', '2025-26'],
    ['take-home pay this financial year', '2026-27'],
    ['take-home pay in the current tax year', '2026-27'],
    ['take-home pay next financial year', '2027-28'],
    ['take-home pay on $90,000', null],
    ['take-home pay in 2025-27', null],
  ])('%s → %s (asked on 26 November 2026)', (q, year) => {
    expect(financialYearIn(q, FY2026)).toBe(year);
  });

  // the document's checked examples, asked in 2026-27 when the lowest rate is 15%: the year named picks 2025-26's 16%
  it.each([
    ['What is my take-home pay on $90,000 a year in 2025-26?', '**$70,412.00 a year**'],
    ['What would I take home from a $50,000 salary in 2025-26?', '**$43,462.00 a year**'],
    ['What is my take-home pay on $150,000 a year in 2025-26 with private hospital cover?', '**$110,162.00 a year**'],
    ['How much is $90,000 a year after tax each month in FY2026?', '**$5,867.67 a month**'],
    ['How big should my emergency fund be if I earn $90,000 a year in the 2025/26 year?', '**$17,603.00**'],
    ['What was my take-home pay on $90,000 a year last financial year?', '**$70,412.00 a year**'],
  ])('%s → %s, at the 2025-26 rates', (q, expected) => {
    const answer = answerWithTools({ question: q, history: [] }, FY2026)!.content;
    expect(figure(answer)).toContain(expected);
    expect(answer).toContain('Income tax at the 2025-26 resident tax rates');
  });

  it('without a year, today’s: 2026-27 on 26 November 2026 ($90,000 takes home $70,680.00)', () => {
    const answer = answerWithTools({ question: 'What is my take-home pay on $90,000 a year?', history: [] }, FY2026)!.content;
    expect(figure(answer)).toContain('**$70,680.00 a year**');
    expect(answer).toContain('Income tax at the 2026-27 resident tax rates');
  });

  it('a year whose rates are not held is said plainly, with the years that are, never answered with another year’s', () => {
    const answer = answerWithTools({ question: 'What was my take-home pay on $90,000 a year in 2019-20?', history: [] }, FY2026)!;
    expect(answer.content).toBe(
      "I don't have the tax rates for 2019-20, so I can't work out your take-home pay for it: I have them for 2024-25, 2025-26, 2026-27 and 2027-28.",
    );
    expect(answer.sources).toEqual([]);
    expect(answerWithTools({ question: 'Emergency fund on $90,000 a year in FY2031?', history: [] }, FY2026)!.content).toContain(
      "I don't have the tax rates for 2030-31",
    );
  });

  it('the model names the year as an argument; an unknown one is an error to relay, not another year’s rates', () => {
    const ok = JSON.parse(runToolCall('take_home_pay', '{"income":90000,"year":"2025-26"}', FY2026).content);
    expect(ok.answer).toContain('**$70,412.00 a year**');
    const refused = runToolCall('take_home_pay', '{"income":90000,"year":"2019-20"}', FY2026);
    expect(refused.ok).toBe(false);
    expect(JSON.parse(refused.content).error).toContain('The tax rates for 2019-20 are not held');
  });

  it('a year is not read as an amount or a duration', () => {
    expect(extractNumbers('take-home pay on $90,000 for the 2025/26 year')).toMatchObject({ years: null });
    expect(extractNumbers('take-home pay on $90,000 in 2025-26').amounts.map((a) => a.dollars)).toEqual([90_000]);
  });
});

describe('the monthly amount for a goal', () => {
  it('the hand formula gives JOURNEY-ENGINE.md’s checked example on the median ($60,000 today, 5 years, Moderate: about $1,008)', () => {
    expect(Math.round(byHand(60_000, 5, 0.047, 0.049, 0.069, 0))).toBe(1_008);
  });

  it('the tool plans as the journey does, for 75% of outcomes (z = 0.6745): $1,060.32 a month', () => {
    expect(byHand(60_000, 5, 0.047, 0.049, 0.069, 0.6744897502)).toBe(1_060.32);
    const answer = run(goalMonthlyTool, { goal: 60_000, years: 5, profile: 'moderate' });
    expect(figure(answer)).toBe(
      "To reach $60,000 in today's dollars in 5 years on the Moderate profile: on the profile's median return, **$1,008.40 a month**; planned so that 75% of outcomes reach it, as your advice does, **$1,060.32 a month**.",
    );
    expect(answer).toContain('1. The goal in future dollars: $60,000 × (1 + 2.5%)^5 = $67,884.49 in 5 years');
  });

  // JOURNEY-ENGINE.md's checked examples, on the Moderate median net return of 4.7%: i = 1.047^(1/12) − 1, 60 deposits
  it('on the median return: $60,000 in today’s dollars is $1,008.40 a month (about $1,008); $60,000 nominal is $891.28 (about $891)', () => {
    expect(byHand(60_000, 5, 0.047, 0.049, 0.069, 0)).toBe(1_008.4);
    expect(byHand(60_000 / 1.025 ** 5, 5, 0.047, 0.049, 0.069, 0)).toBe(891.28);
    expect(figure(run(goalMonthlyTool, { goal: 60_000, years: 5, profile: 'moderate' }))).toContain(
      "on the profile's median return, **$1,008.40 a month**",
    );
    const nominal = run(goalMonthlyTool, { goal: 60_000, years: 5, profile: 'moderate', nominal: true });
    expect(figure(nominal)).toMatch(
      /^To reach \$60,000 \(not adjusted for inflation\) in 5 years on the Moderate profile: on the profile's median return, \*\*\$891\.28 a month\*\*; planned so that 75% of outcomes reach it, as your advice does, \*\*\$\d/,
    );
    expect(nominal).toContain('1. The goal: $60,000.00 in 5 years, not adjusted for inflation');
    expect(nominal).toContain('5. Moderate on its median return: R = 4.7% a year, so **$891.28 a month**');
  });

  it.each([
    [
      'How much do I need to invest each month to reach $60,000 in today’s dollars in 5 years with a moderate profile, starting from nothing?',
      '$1,008.40',
    ],
    ['How much a month reaches $60,000 in 5 years, not adjusted for inflation, with a moderate profile and nothing to start?', '$891.28'],
    ['How much a month to reach a nominal $60,000 in 5 years on the moderate profile?', '$891.28'],
    ['Monthly savings to reach $60,000 in 5 years ignoring inflation, moderate profile?', '$891.28'],
    ['How much a month to reach $60,000 in 5 years, adjusted for inflation, moderate?', '$1,008.40'],
    ['How much a month to reach $60,000 in 5 years on the moderate profile?', '$1,008.40'],
  ])('%s → %s a month on the median', (q, expected) => {
    const answer = answerWithTools({ question: q, history: [] }, FY2025)!.content;
    expect(figure(answer)).toContain(`on the profile's median return, **${expected} a month**`);
  });

  it('without a profile: every profile that suits the timeframe, in a table', () => {
    const answer = run(goalMonthlyTool, { goal: 50_000, years: 5 });
    const rows = answer.split('\n').filter((l) => /^\| [A-Z]/.test(l) && !l.startsWith('| Risk'));
    expect(rows.map((r) => r.split(' | ')[0])).toEqual(['| Conservative', '| Cautious', '| Moderate']);
    expect(answer).toContain(`| Moderate | 2.65% | $${byHand(50_000, 5, 0.047, 0.049, 0.069, 0.6744897502).toFixed(2)} |`);
    expect(answer).toContain(`| 4.7% | $${byHand(50_000, 5, 0.047, 0.049, 0.069, 0).toFixed(2)} |`);
  });

  it('a starting amount that reaches the goal alone needs nothing a month', () => {
    expect(figure(run(goalMonthlyTool, { goal: 10_000, years: 5, start: 20_000, profile: 'moderate' }))).toContain('**$0.00 a month**');
  });

  it('a goal too close for any profile says so, with each one’s shortest timeframe', () => {
    const answer = run(goalMonthlyTool, { goal: 10_000, years: 1 });
    expect(figure(answer)).toBe('None of the risk profiles suits a goal 1 year away: the shortest timeframe any of them suits is 2 years.');
    expect(answer).toContain('Conservative 2 years, Cautious 3 years, Moderate 5 years');
  });

  it('a profile for a goal shorter than its timeframe says so', () => {
    expect(run(goalMonthlyTool, { goal: 10_000, years: 3, profile: 'aggressive' })).toContain(
      'Aggressive suits goals at least 7 years away; this goal is 3 years away.',
    );
  });
});

describe('the chance of reaching a goal', () => {
  it('nothing invested reaches nothing: 0%; a start twice the goal reaches it always: 100%', () => {
    expect(figure(run(goalChanceTool, { goal: 50_000, years: 5, monthly: 0, profile: 'moderate' }))).toContain('is **0%**');
    expect(figure(run(goalChanceTool, { goal: 50_000, years: 5, start: 100_000, monthly: 0, profile: 'conservative' }))).toContain(
      'is **100%**',
    );
  });

  // planned on a return beaten 75% of the time over the whole timeframe: more often than the median's half,
  // though less than 75% (deposits made later have less time, assumptions.ts planningReturn)
  it('the plan’s own monthly amount reaches the goal more often than not', () => {
    const answer = run(goalChanceTool, { goal: 60_000, years: 5, profile: 'moderate' });
    expect(figure(answer)).toMatch(/^Investing \$1,060\.32 a month on the Moderate profile, .* is \*\*(\d+)%\*\*\.$/);
    const chance = Number(/\*\*(\d+)%\*\*/.exec(figure(answer))![1]);
    expect(chance).toBeGreaterThan(50);
    expect(chance).toBeLessThan(100);
  });

  // the chance the journey shows is project()'s; the tool's simulation draws once for every profile and skips the
  // bands, and must give exactly the same share of paths
  it.each([
    { startCents: 0, monthlyCents: 300_00, months: 600, goalNominalCents: 500_000_00 },
    { startCents: 10_000_00, monthlyCents: 900_00, months: 60, goalNominalCents: 67_884_49 },
    { startCents: 5_000_00, monthlyCents: 350_00, months: 120, goalNominalCents: 50_000_00 },
  ])('gives exactly the journey projection’s chance on every profile (%o)', (x) => {
    const sim = { paths: PROJECTION.defaultPaths, seed: PROJECTION.defaultSeed };
    const fast = chancesOfReaching(
      RISK_PROFILES.map((profile) => ({ profile, monthlyCents: x.monthlyCents })),
      { ...x, ...sim },
    );
    const journey = RISK_PROFILES.map(
      (profile) =>
        project({ ...x, profile, goalTodayCents: x.goalNominalCents, inflation: 0.025, asOf: FY2025, ...sim }).probabilityOfReachingGoal,
    );
    expect(fast).toEqual(journey);
  });

  it('the same question always gives the same chance (a seeded simulation)', () => {
    const args = { goal: 50_000, years: 10, monthly: 350 };
    expect(run(goalChanceTool, args)).toBe(run(goalChanceTool, args));
  });
});

describe('every answer', () => {
  it('states the figure, how it was worked out and the assumptions version, and names the engine as its source', () => {
    for (const [tool, args] of [
      [feesTool, { amount: 20_000 }],
      [adviserFeeTool, {}],
      [takeHomePayTool, { income: 85_000 }],
      [emergencyFundTool, { income: 85_000 }],
      [goalMonthlyTool, { goal: 50_000, years: 5 }],
      [goalChanceTool, { goal: 50_000, years: 5, monthly: 900 }],
    ] as const) {
      const answer = run(tool, args);
      expect(figure(answer)).toMatch(/\*\*.*\$?\d.*\*\*/);
      expect(answer).toContain('**How it was worked out**');
      expect(answer).toContain(`assumptions version ${ASSUMPTIONS_VERSION}`);
      expect(answer).toContain('Source: Horizon Advice planning assumptions');
    }
    expect(TOOL_SOURCE).toBe(`Horizon Advice planning assumptions v${ASSUMPTIONS_VERSION}`);
  });
});

describe('reading numbers and frequencies', () => {
  const amount = (q: string) => extractNumbers(q).amounts.map((a) => a.dollars);

  it.each([
    ['What fees will I pay on $20,000?', [20_000]],
    ['fees on 20k', [20_000]],
    ['fees on 20K please', [20_000]],
    ['What about $1.5 million?', [1_500_000]],
    ['and 1.5m?', [1_500_000]],
    ['on twenty thousand dollars', [20_000]],
    ['two hundred and fifty thousand', [250_000]],
    ['a million', [1_000_000]],
    ['I earn 85000', [85_000]],
    ['$85,000.50 a year', [85_000.5]],
    ['$ 3,000 a fortnight and $500 a week', [3_000, 500]],
  ])('%s → %j', (q, expected) => {
    expect(amount(q)).toEqual(expected);
  });

  it.each(['The fee is 0.7% a year', 'Can I retire at 55?', 'in 2030', 'call us at 9:30', 'I have 3 kids'])('%s has no amount', (q) => {
    expect(amount(q)).toEqual([]);
  });

  it('frequencies beside an amount, before it, and on their own', () => {
    const f = (q: string) => extractNumbers(q).amounts.map((a) => a.frequency);
    expect(f('$85,000 a year')).toEqual(['yearly']);
    expect(f('$85,000 annually')).toEqual(['yearly']);
    expect(f('$85,000 p.a.')).toEqual(['yearly']);
    expect(f('$3,000 per fortnight')).toEqual(['fortnightly']);
    expect(f('$5,000 a month')).toEqual(['monthly']);
    expect(f('$1,200 each week')).toEqual(['weekly']);
    expect(f('$5,000 every month')).toEqual(['monthly']);
    expect(f('twenty thousand dollars a year')).toEqual(['yearly']);
    expect(f('my monthly income of $5,000')).toEqual(['monthly']);
    expect(f('an annual salary of $85,000')).toEqual(['yearly']);
    expect(f('$20,000')).toEqual([null]);
    expect(extractNumbers('I earn $85,000 a year, what is that per fortnight?').frequency).toBe('fortnightly');
    expect(extractNumbers('how much a month to reach $50,000').frequency).toBe('monthly');
    expect(extractNumbers('I earn $85,000 a year').frequency).toBeNull();
  });

  it('durations in years and months, in figures and in words', () => {
    expect(extractNumbers('in 5 years').years).toBe(5);
    expect(extractNumbers('a 10-year goal').years).toBe(10);
    expect(extractNumbers('over ten years').years).toBe(10);
    expect(extractNumbers('in 18 months').years).toBe(1.5);
    expect(extractNumbers('in 2030').years).toBeNull();
  });

  it('risk profiles by name, the longest first', () => {
    expect(extractNumbers('on moderately aggressive').profile).toBe('moderately-aggressive');
    expect(extractNumbers('Highly Aggressive please').profile).toBe('highly-aggressive');
    expect(extractNumbers('a moderate one').profile).toBe('moderate');
    expect(extractNumbers('no profile').profile).toBeNull();
  });

  it('number words', () => {
    expect(wordsValue('forty-five thousand')).toBe(45_000);
    expect(wordsValue('one hundred and twenty')).toBe(120);
    expect(wordsValue('fees')).toBeNull();
  });
});

describe('the built-in matcher', () => {
  const call = (q: string, history: { role: 'user' | 'ai'; content: string }[] = []) => {
    const m = matchTool(q, history);
    return m?.kind === 'call' ? { tool: m.tool.name, args: m.args } : m;
  };

  it.each([
    ['What fees will I pay on $20,000?', 'fees_on_amount', { amount: 20_000 }],
    ['How much would I be charged on a 20k balance?', 'fees_on_amount', { amount: 20_000 }],
    ['What does it cost to invest $50,000 for 3 years?', 'fees_on_amount', { amount: 50_000, years: 3 }],
    ['How much is the adviser fee?', 'adviser_fee', {}],
    ['Is there an upfront fee?', 'adviser_fee', {}],
    ['I earn $85,000 a year, what is my take-home pay?', 'take_home_pay', { income: 85_000, frequency: 'yearly' }],
    ['What is my take-home pay per week on $85,000 a year?', 'take_home_pay', { income: 85_000, frequency: 'yearly', per: 'weekly' }],
    ['how much tax do I pay on twenty thousand dollars a year', 'take_home_pay', { income: 20_000, frequency: 'yearly' }],
    ["What's my net pay if I'm paid $3,000 a fortnight?", 'take_home_pay', { income: 3_000, frequency: 'fortnightly' }],
    ['take home on 1.5 million without private hospital cover', 'take_home_pay', { income: 1_500_000, privateHospitalCover: false }],
    ['How big should my emergency fund be on $90,000 a year?', 'emergency_fund', { income: 90_000, frequency: 'yearly' }],
    [
      'Emergency fund on $5,000 a month take-home? I have $4,000 saved',
      'emergency_fund',
      { income: 5_000, frequency: 'monthly', takeHome: true, cash: 4_000 },
    ],
    ['how much a month to reach $50,000 in 5 years', 'goal_monthly_investment', { goal: 50_000, years: 5 }],
    [
      'How much should I invest each month to have $60,000 in 5 years on moderate, starting with $5,000?',
      'goal_monthly_investment',
      { goal: 60_000, years: 5, profile: 'moderate', start: 5_000 },
    ],
    ["What's the chance of reaching $50,000 in 10 years investing $300 a month?", 'goal_chance', { goal: 50_000, years: 10, monthly: 300 }],
    ['How likely am I to hit $100k in 8 years with $200 a week?', 'goal_chance', { goal: 100_000, years: 8, monthly: 866.67 }],
    ['If I invest $20,000, what are the fees?', 'fees_on_amount', { amount: 20_000 }],
    ["What's the investment fee on $20,000?", 'fees_on_amount', { amount: 20_000 }],
    ['What does the fee of 0.7% mean on $20,000 over ten years?', 'fees_on_amount', { amount: 20_000, years: 10 }],
    ['What will my take home pay be on a salary of $85,000?', 'take_home_pay', { income: 85_000 }],
    ["What's my fortnightly take-home pay on $85,000?", 'take_home_pay', { income: 85_000, per: 'fortnightly' }],
    ['I make 120k. How much tax do I pay?', 'take_home_pay', { income: 120_000 }],
    ['How much should I have in my emergency fund if I make $6,000 a month?', 'emergency_fund', { income: 6_000, frequency: 'monthly' }],
    ['How much do I need to save per month for a $30,000 house deposit in 3 years?', 'goal_monthly_investment', { goal: 30_000, years: 3 }],
    ['How much do I need each month to retire with $1 million in 30 years?', 'goal_monthly_investment', { goal: 1_000_000, years: 30 }],
    ["What's the chance I'll have $50,000 in 5 years?", 'goal_chance', { goal: 50_000, years: 5 }],
  ])('%s → %s', (q, tool, args) => {
    expect(call(q)).toEqual({ tool, args });
  });

  it.each([
    'What is an index fund?',
    'How do I withdraw?',
    'What are the fees?',
    'How much is the advice fee?',
    'What is take-home pay?',
    'What is an emergency fund?',
    'How much should I invest each month?',
    'Which journey suits me if I want to buy a house?',
    'Can I retire at 55?',
    'Do you expect any big expenses in the next 5 years?',
    'What are my chances of reaching my goal?',
    'What is the one-off fee?',
    'Is there a fee to withdraw $5,000?',
    'What does it cost to switch $10,000 to another profile?',
    'I invest $500 a month, what fees will I pay?',
  ])('%s falls through to retrieval', (q) => {
    expect(matchTool(q)).toBeNull();
  });

  it('asks for what is missing, in plain words, never guessing', () => {
    expect(matchTool('What is my take-home pay?')).toMatchObject({
      kind: 'ask',
      text: 'To work out your take-home pay, I need your income before tax and how often you get it (for example $85,000 a year or $3,000 a fortnight).',
    });
    expect(matchTool('How big should my emergency fund be?')).toMatchObject({ kind: 'ask' });
    expect(matchTool('How big should my emergency fund be?')).toMatchObject({
      text: 'The emergency fund the advice keeps before investing is three months of your take-home pay. To work out your emergency fund, I need your income and how often you get it (for example $85,000 a year before tax, or $5,000 a month take-home).',
    });
    expect(matchTool('How much a month to reach $50,000?')).toMatchObject({
      kind: 'ask',
      text: 'To work out the monthly amount for your goal, I need how many years away the goal is (at least 1 year, for example 5 years).',
    });
    // a goal in 60 years is beyond the engine's longest
    expect(matchTool('How much a month to reach $50,000 in 60 years?')).toMatchObject({ kind: 'ask' });
  });

  it('a reply to its question completes the question it answers', () => {
    const history = [
      { role: 'user' as const, content: 'What is my take-home pay?' },
      { role: 'ai' as const, content: 'To work out your take-home pay, I need your income before tax…' },
    ];
    expect(call('$90,000 a year', history)).toEqual({ tool: 'take_home_pay', args: { income: 90_000, frequency: 'yearly' } });
    // numbers after an ordinary answer are not taken as a reply
    expect(call('$90,000 a year', [{ role: 'user', content: 'What is an index fund?' }])).toBeNull();
  });

  it('a follow-up about the figure just worked out takes what it leaves out from that question', () => {
    const history = [
      { role: 'user' as const, content: 'How much a month to reach $50,000 in 5 years on moderate?' },
      { role: 'ai' as const, content: 'To reach $50,000…' },
    ];
    expect(call("What's the chance of reaching it?", history)).toEqual({
      tool: 'goal_chance',
      args: { goal: 50_000, years: 5, profile: 'moderate' },
    });
    const pay = [
      { role: 'user' as const, content: 'I earn $90,000 a year, what is my take-home pay?' },
      { role: 'ai' as const, content: 'On $90,000 a year…' },
    ];
    expect(call('And how big should my emergency fund be?', pay)).toEqual({
      tool: 'emergency_fund',
      args: { income: 90_000, frequency: 'yearly' },
    });
    // the fees' amount is not an income: asked for, not taken
    const fees = [
      { role: 'user' as const, content: 'What fees will I pay on $20,000?' },
      { role: 'ai' as const, content: 'On a balance of $20,000…' },
    ];
    expect(matchTool('What is my take-home pay?', fees)).toMatchObject({ kind: 'ask' });
  });
});

describe('the built-in engine', () => {
  const request = (question: string) => ({
    question,
    pageText: 'Fees. On a $10,000 investment the investment fee is $70 a year. How to withdraw: call us.',
    pagePath: '/products',
    documents: [],
    history: [],
    adviceTools: true,
  });

  it('answers a computable question with the tool, not the page’s example, and names the engine as its source', () => {
    const result = answerFromSources(request('What fees will I pay on $20,000?'));
    expect(figure(result.content)).toContain('**$140.00 a year**');
    expect(result.content).not.toContain('$70 a year');
    expect(result.content).not.toMatch(/withdraw/i);
    expect(result.sources).toEqual([TOOL_SOURCE]);
  });

  it('offers the follow-ups a model’s answer would: real questions from the sources’ headings', () => {
    const guide = {
      id: 'g',
      name: 'Fund guide',
      text: '# Fund guide\n\n## How to withdraw\n\nCall us.\n\n## Cooling-off period\n\nYou have 14 days.',
    };
    const result = answerFromSources({ ...request('What fees will I pay on $20,000?'), documents: [guide] });
    expect(result.sources).toEqual([TOOL_SOURCE]);
    expect(result.followUps.length).toBeGreaterThan(0);
    expect(result.followUps.length).toBeLessThanOrEqual(3);
    for (const q of result.followUps) expect(q).toMatch(/^(?!What about).+\?$/);
  });

  it('is not used for a site that does not run the journey, whose figures are its own', () => {
    const result = answerFromSources({ ...request('What fees will I pay on $20,000?'), adviceTools: undefined });
    expect(result.sources).not.toContain(TOOL_SOURCE);
    expect(result.content).not.toContain('$140.00');
    expect(result.content).not.toContain('How it was worked out');
  });

  it('falls through to the page for the rest', () => {
    expect(answerFromSources(request('How do I withdraw?')).sources).toEqual(['This page']);
    expect(answerWithTools({ question: 'What is an index fund?', history: [] })).toBeNull();
  });
});

describe('the tools as the model sees them', () => {
  it('each has a name, a description and a JSON-schema parameter schema', () => {
    expect(CHAT_TOOLS.map((t) => t.function.name)).toEqual(TOOLS.map((t) => t.name));
    for (const t of CHAT_TOOLS) {
      expect(t.type).toBe('function');
      expect(t.function.name).toMatch(/^[a-z_]+$/);
      expect(t.function.description.length).toBeGreaterThan(20);
      expect(t.function.parameters).toMatchObject({ type: 'object', additionalProperties: false });
    }
    const fees = CHAT_TOOLS.find((t) => t.function.name === 'fees_on_amount')!.function.parameters;
    expect(fees).toMatchObject({
      required: ['amount'],
      properties: { amount: { type: 'number', exclusiveMinimum: 0 }, years: { type: 'integer', minimum: 1 } },
    });
    const pay = CHAT_TOOLS.find((t) => t.function.name === 'take_home_pay')!.function.parameters;
    expect(pay).toMatchObject({
      properties: { frequency: { enum: expect.arrayContaining(['weekly', 'fortnightly', 'monthly', 'yearly']) } },
    });
    // the year named, for the tax rates, and a goal not adjusted for inflation
    for (const name of ['take_home_pay', 'emergency_fund']) {
      const year = CHAT_TOOLS.find((t) => t.function.name === name)!.function.parameters.properties as Record<
        string,
        { type: string; description: string }
      >;
      expect(year.year).toMatchObject({ type: 'string', pattern: '^20\\d\\d-\\d\\d$' });
      expect(year.year!.description).toContain('2024-25, 2025-26, 2026-27, 2027-28');
    }
    for (const name of ['goal_monthly_investment', 'goal_chance']) {
      const goal = CHAT_TOOLS.find((t) => t.function.name === name)!.function.parameters;
      expect(goal).toMatchObject({ properties: { nominal: { type: 'boolean' } } });
    }
  });

  it('runs a call from its JSON arguments, numbers as text included', () => {
    const call = runToolCall('fees_on_amount', '{"amount":"20,000"}', FY2025);
    expect(call.ok).toBe(true);
    const result = JSON.parse(call.content) as { answer: string; assumptionsVersion: string };
    expect(figure(result.answer)).toContain('**$140.00 a year**');
    expect(result.assumptionsVersion).toBe(ASSUMPTIONS_VERSION);
  });

  it.each([
    ['no_such_tool', '{}', /no tool named "no_such_tool"/],
    ['fees_on_amount', '{"amount": 20', /not valid JSON/],
    ['fees_on_amount', '{}', /ask the visitor for the amount invested/],
    ['fees_on_amount', '{"amount": -5}', /ask the visitor for the amount invested/],
    ['fees_on_amount', '{"amount": "lots"}', /ask the visitor for the amount invested/],
    ['fees_on_amount', '{"amount": 20000, "rate": 2}', /no parameter "rate"/],
    ['take_home_pay', '{"income": 85000, "frequency": "daily"}', /how often you get that income/],
    ['goal_monthly_investment', '{"goal": 50000, "years": 0.5}', /at least 1 year/],
    ['goal_monthly_investment', '{"goal": 50000, "years": 5, "profile": "reckless"}', /the risk profile/],
    ['take_home_pay', '[85000]', /JSON object/],
    ['take_home_pay', '{"income": 85000, "year": "last year"}', /the financial year, written like 2025-26/],
  ])('a bad call (%s %s) gets an error, never an exception', (name, args, message) => {
    const call = runToolCall(name, args, FY2025);
    expect(call.ok).toBe(false);
    const result = JSON.parse(call.content) as { error?: string };
    expect(result.error).toMatch(message);
  });
});
