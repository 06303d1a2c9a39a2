/**
 * The journey's questions, in the order Continue walks them (journey-spec §2). Adding a question is
 * writing its module, its words in the catalogue (journey/messages.ts `QUESTION_WORDS`, under its id;
 * the words for its missing answers' codes in journey/messages-on-demand.ts `MISSING_WORDS`) and
 * listing it here: the flow, the titles, the rules, the review, the sample household and the stored
 * answers' shape follow (journey/questionnaire.ts), and the engine's inputs from its `read`
 * (journey/engine/read-answers.ts).
 *
 * A question with an answer of its own adds it to the answers' type from its module:
 * `declare module '../../machines/journey-answers' { interface Answers { pets: string } }`; the
 * answers it can set (`FieldKey`) follow from that. A Yes/No list of rows is a `RowList<Row>` there, and
 * its slice declares its blank row (`row`, required for a list by the slice's type). An input the
 * advice reads is declared in journey/engine/inputs.ts (`Inputs`).
 */
import { additionalIncome } from './additional-income';
import { assets } from './assets';
import { benefits } from './benefits';
import { bigSpends } from './big-spends';
import { dateOfBirth } from './date-of-birth';
import { debts } from './debts';
import { employmentStatus } from './employment-status';
import { goalDetails } from './goal-details';
import { goalSelection } from './goal-selection';
import { income } from './income';
import { insuranceCover } from './insurance-cover';
import { partner } from './partner';
import { privateHealth } from './private-health';
import { regularSavings } from './regular-savings';
import { relationshipStatus } from './relationship-status';
import { riskAssessment } from './risk-assessment';
import { summary } from './summary';
import { superannuation } from './super';

export const QUESTIONS = [
  dateOfBirth,
  relationshipStatus,
  goalSelection,
  goalDetails,
  summary,
  employmentStatus,
  income,
  partner,
  additionalIncome,
  benefits,
  bigSpends,
  assets,
  regularSavings,
  superannuation,
  debts,
  insuranceCover,
  privateHealth,
  riskAssessment,
] as const;

/** A question's screen id. */
export type QuestionId = (typeof QUESTIONS)[number]['id'];
