/**
 * The questionnaire as a whole, derived from the question modules (journey/questions): the flow with
 * its steps and routes, the journey machine made for it, the answers' blank and sample values (and so
 * the stored answers' shape), the screens' rules, the 'change this answer' links and the review's
 * sections. `questionnaire(questions)` derives them for any list (a test adds a question of its own);
 * the journey's are `JOURNEY`, with its parts exported by name. Pure.
 */
import {
  createJourneyMachine,
  EDITABLE_STEPS,
  resumableScreens,
  selectResumeAt as resumeAtOf,
  selectScreen as screenOf,
  type JourneyContext,
  type JourneySnapshot,
} from '../machines/journey';
import type { AnswerKey, Answers, BlankRows } from '../machines/journey-answers';
import { createFlow, type FixedScreenId, type Screen, type Step } from '../machines/journey-flow';
import { hasAnswersShape } from './answers-shape';
import type { Clock } from './clock';
import { QUESTIONS, type QuestionId } from './questions';
import { goalDetails } from './questions/goal-details';
import type { Question } from './questions/question';
import type { ReviewSection } from './review';
import { STEP_LABELS } from './messages';
import { reasonsProblem } from './rules';
import type { SuitabilityCheck } from './suitability';

/** A screen of the journey: a question's, or one of the fixed screens around them. */
export type ScreenId = FixedScreenId | QuestionId;

/** A screen's rule (journey-spec §5): Continue holds until it does. */
export type ScreenRule = (answers: Answers, asOf: Date, suitability: SuitabilityCheck | null) => boolean;

/** False when a suitability rule of the advice engine fails for these answers on `asOf`, or the check has not loaded yet. */
function isSuitable(a: Answers, asOf: Date, suitability: SuitabilityCheck | null): boolean {
  return suitability?.(a, asOf).suitable === true;
}

/** The rules of the screens after the questions. */
const FIXED_RULES: Partial<Record<FixedScreenId, ScreenRule>> = {
  // JOURNEY-ENGINE.md "Suitability": advice that does not suit stops the journey before a recommendation.
  needsAnalysis: (a, asOf, suitability) => isSuitable(a, asOf, suitability),
  // issue 15: no product until the plan reaches the goal (the recommendation offers the three levers instead)
  recommendation: (a, asOf, suitability) => {
    const assessed = suitability?.(a, asOf);
    return assessed?.suitable === true && assessed.goalReachable === true;
  },
};

/** Everything the journey derives from a list of questions. */
export function questionnaire(questions: readonly Question[]) {
  const flow = createFlow(
    questions.map((q) => ({
      id: q.id,
      path: q.path,
      step: q.step,
      ...(q.editable === false ? { editable: false } : {}),
      optional: !!q.asked,
    })),
  );
  const slices = questions.flatMap((q) => (q.slice ? [q.slice] : []));

  /** Each Yes/No list's blank row, from its question's slice. */
  const blankRows = Object.fromEntries(slices.flatMap((s) => (s.row ? [[s.key, s.row]] : []))) as BlankRows;

  /** The answers with nothing answered: each question's blank slice. */
  const emptyAnswers = (): Answers =>
    ({ ...Object.fromEntries(slices.map((s) => [s.key, structuredClone(s.blank)])), nextRowId: 1 }) as Answers;

  /** journey-spec §9: the sample household the review page falls back to, field by field, where nothing was entered. */
  const sampleAnswers: Answers = { ...emptyAnswers(), ...Object.fromEntries(slices.map((s) => [s.key, s.sample])) };

  /** The page each answer is asked on (for "change this answer" links). */
  const answerScreen = new Map<string, string>(
    questions.flatMap((q) => (q.asks ?? (q.slice ? [q.slice.key] : [])).map((key) => [key, q.id] as const)),
  );

  /**
   * journey-spec §5: each screen's rule, with the engine's suitability rules it collects the answers of (its
   * `reasons`: Continue holds while one of them fails); screens with neither can always continue.
   */
  const ruleOf = ({ rule, reasons }: Question): ScreenRule | null =>
    reasons ? (a, asOf, s) => (rule?.(a, asOf, s) ?? true) && reasonsProblem(reasons, a, asOf, s) === null : (rule ?? null);
  const rules: Record<string, ScreenRule> = {
    ...Object.fromEntries(questions.flatMap((q) => (ruleOf(q) ? [[q.id, ruleOf(q)!]] : []))),
    ...FIXED_RULES,
  };

  /** journey-spec §5: the screen's rule holds for these answers on `asOf`; `suitability` is the engine's check, null while it loads. */
  const isScreenComplete = (screen: string, answers: Answers, asOf: Date, suitability: SuitabilityCheck | null): boolean =>
    rules[screen]?.(answers, asOf, suitability) ?? true;

  return {
    questions,
    flow,
    emptyAnswers,
    blankRows,
    sampleAnswers,
    answerScreen,
    rules,
    isScreenComplete,
    /** Screens a returning visitor can resume at. */
    resumable: resumableScreens(flow),
    /** The journey machine for this flow (its guard and effects provided by the app or a test). */
    machine: createJourneyMachine({ flow, blankAnswers: emptyAnswers, blankRows, adjustGoals: goalDetails.id }),

    /**
     * The review page's model: what the user entered, step by step, with the sample standing in where nothing was;
     * `words` are the questions' words that load on demand (journey/messages-on-demand.ts `QUESTION_FORM_WORDS`), `parts`
     * their advice-only parts (journey/questions/on-demand.ts).
     */
    reviewSections: (
      a: Answers,
      s: Answers = sampleAnswers,
      words: Readonly<Record<string, unknown>> = {},
      parts: Readonly<Record<string, Pick<Question, 'review'>>> = {},
    ): ReviewSection[] =>
      EDITABLE_STEPS.map((step) => ({
        step,
        title: STEP_LABELS[step],
        rows: questions
          .filter((q) => q.step === step)
          .flatMap((q) => (q.review ?? parts[q.id]?.review)?.(a, s, words[q.id] as never) ?? []),
      })),

    /**
     * The journey machine's domain guard, reading today's date from `clock` and the engine's suitability check from
     * `suitability` (null while it loads): the app root provides them with the system clock and the check loaded on
     * demand, tests with a fixed date and the engine's own.
     */
    journeyGuards: (clock: Clock, suitability: () => SuitabilityCheck | null) => ({
      isScreenComplete: ({ context }: { context: JourneyContext }, params: { screen: string }) =>
        isScreenComplete(params.screen, context.answers, clock(), suitability()),
      isScreenAsked: ({ context }: { context: JourneyContext }, params: { screen: string }) =>
        questions.find((q) => q.id === params.screen)?.asked?.(context.answers) ?? true,
      isRestorable: ({ event }: { event: { type: string } }) =>
        event.type === 'JOURNEY.RESTORE' && hasAnswersShape((event as { answers?: unknown }).answers, emptyAnswers(), blankRows),
    }),
  };
}

/** The journey's questionnaire. */
export const JOURNEY = questionnaire(QUESTIONS);

export const { emptyAnswers, blankRows, isScreenComplete, journeyGuards, reviewSections } = JOURNEY;
export const journeyMachine = JOURNEY.machine;
export const RESUMABLE = JOURNEY.resumable as readonly ScreenId[];
export const SAMPLE_ANSWERS = JOURNEY.sampleAnswers;
export const SCREEN_RULES: Partial<Record<ScreenId, ScreenRule>> = JOURNEY.rules;

/** The journey's flow, its screen ids narrowed to the journey's own. */
const F = JOURNEY.flow;
/** Every screen: the flow in order, then the routes outside it. */
export const SCREENS = F.SCREENS as readonly (Screen & { id: ScreenId })[];
/** The Continue/Back chain (journey-spec §2). */
export const FLOW = F.FLOW as readonly ScreenId[];
/** The 7 progress steps, their pages gathered from the flow. */
export const STEPS = F.STEPS as readonly (Step & { pages: readonly ScreenId[] })[];
export const pathOf: (id: ScreenId) => string = F.pathOf;
export const screenForPath = F.screenForPath as (path: string) => ScreenId | undefined;
export const { stepOfScreen, stepForPath, stepByNumber } = F;

/** The screen shown, or 'notFound' (machines/journey.ts `selectScreen`, narrowed to the journey's screens). */
export const selectScreen = screenOf as (s: JourneySnapshot) => ScreenId | 'notFound';
/** Where 'Continue where you left off' goes (machines/journey.ts `selectResumeAt`, narrowed to the journey's screens). */
export const selectResumeAt = resumeAtOf as (s: JourneySnapshot) => ScreenId | null;

/** The page an answer is asked on: its own, else its slice's (a field of `income` is asked where `income` is). */
export const answerScreen = (key: AnswerKey): ScreenId =>
  (JOURNEY.answerScreen.get(key) ?? JOURNEY.answerScreen.get(key.split('.')[0]!)) as ScreenId;

/**
 * Why the advice cannot go on from this screen's answers, by the engine's check once it has loaded (null before, or
 * when they suit), for the engine's reasons the screen's question collects the answers of.
 */
export function screenProblem(screen: ScreenId, a: Answers, asOf: Date, suitability: SuitabilityCheck | null): string | null {
  return reasonsProblem(JOURNEY.questions.find((q) => q.id === screen)?.reasons, a, asOf, suitability);
}
