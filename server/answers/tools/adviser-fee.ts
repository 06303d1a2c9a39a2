/** The upfront adviser fee (journey-spec §9). */
import { defineTool, money } from './tool';

/** `adviser_fee`: the one-off upfront adviser fee and how it is paid. */
export const adviserFeeTool = defineTool<Record<never, never>>({
  name: 'adviser_fee',
  description: 'The one-off upfront adviser fee for the advice, in dollars, and how it is paid. Takes no arguments.',
  params: {},
  purpose: 'the adviser fee',
  asksBack: 'never',
  // the adviser's own fee, by name, alone: with an amount, the fees on that amount answer; a site's
  // "advice fee" of its own (a yearly percentage, say) is its documents' to answer
  matches: (q, numbers) => numbers.amounts.length === 0 && /\b(?:advis[eo]r'?s?|upfront|up-front)\s+fees?\b/i.test(q),
  fromQuestion: () => ({}),
  run(_, { assumptions: a }) {
    const f = a.fees;
    const fee = f.upfrontAdviserFee * 100;
    return {
      figure: `The upfront adviser fee is **${money(fee)}**, charged once.`,
      steps: [
        `1. Upfront adviser fee: ${money(fee)}, once, when your advice is ready`,
        `2. How it is paid: ${f.upfrontFeeDeducted ? 'taken from your first deposit' : 'invoiced to you, so it is not taken from the money you invest'}`,
      ],
    };
  },
});
