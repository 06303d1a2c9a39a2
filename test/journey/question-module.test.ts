/**
 * One module per question: a made-up question, declared in one module and added to the list of questions,
 * shows in the flow (its route, its step, Continue and Back around it, its rule on Continue), on the review,
 * in the answers the autosave stores, and in what the advice engine reads.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createActor } from 'xstate';
import { autosaveActor, memoryStorage } from '../../journey/autosave-actor';
import { recordsActor } from '../../journey/records/hook';
import { assessSuitability } from '../../journey/engine/assess';
import { assumptionsFor } from '../../journey/engine/assumptions';
import type { Inputs } from '../../journey/engine/inputs';
import { readAnswers } from '../../journey/engine/read-answers';
import { MISSING_WORDS } from '../../journey/messages-on-demand';
import { historyActor, memoryHistoryPort } from '../../journey/history-actor';
import { JOURNEY, questionnaire } from '../../journey/questionnaire';
import { QUESTIONS } from '../../journey/questions';
import type { Question } from '../../journey/questions/question';
import { row } from '../../journey/review';
import { STORAGE_KEY, loadAnswers } from '../../journey/storage';
import { selectCanContinue, selectScreen } from '../../machines/journey';
import { isEmptyAnswers, type Answers, type FieldKey } from '../../machines/journey-answers';
import { completeAnswers } from '../fixtures/answers';
import { PROGRESS_STEPS } from '../../journey/constants';
import { worded } from './engine-fixtures';

/** The made-up question's answer, which the journey's own answers type does not know. */
const petsOf = (a: Answers) => (a as Answers & { pets: string }).pets;

/** The whole made-up question: everything a question module declares. */
const pets: Question = {
  id: 'pets',
  path: '/questionnaire/pets',
  step: 3,
  title: 'Do you have pets?',
  slice: { key: 'pets', blank: '', sample: 'no' },
  Body: () => null,
  rule: (a) => petsOf(a) !== '',
  review: (a, s) => [row('Pets', petsOf(a), petsOf(s))],
  read: (a, r) => {
    if (petsOf(a) === '') r.miss('pets' as FieldKey, 'question');
    return { hasPets: petsOf(a) === '' ? null : petsOf(a) === 'yes' } as Partial<Inputs>;
  },
};

/** The journey's questions with pets asked after private health. */
const after = QUESTIONS.findIndex((q) => q.id === 'privateHealth') + 1;
const WITH_PETS = questionnaire([...QUESTIONS.slice(0, after), pets, ...QUESTIONS.slice(after)]);

const TODAY = new Date(2026, 10, 22);
const loaded = { get: () => assessSuitability, load: () => Promise.resolve(assessSuitability), subscribe: () => () => undefined };

describe('a question added through one module', () => {
  it('is in the flow: its route, its step, between the questions around it', () => {
    const { FLOW, screenForPath, stepOfScreen, nextScreen, previousScreen } = WITH_PETS.flow;
    expect(FLOW.length).toBe(JOURNEY.flow.FLOW.length + 1);
    expect(screenForPath('/questionnaire/pets')).toBe('pets');
    expect(stepOfScreen('pets')?.n).toBe(3);
    expect(nextScreen('privateHealth')).toBe('pets');
    expect(nextScreen('pets')).toBe('riskAssessment');
    expect(previousScreen('riskAssessment')).toBe('pets');
    // the journey's own flow is untouched
    expect(JOURNEY.flow.screenForPath('/questionnaire/pets')).toBeUndefined();
  });

  it('is walked by the machine made for the flow, whose Continue waits for its rule, and its answer is stored', () => {
    const port = memoryHistoryPort('/questionnaire/private-health');
    const storage = memoryStorage();
    const logic = WITH_PETS.machine.provide({
      guards: WITH_PETS.journeyGuards(
        () => TODAY,
        () => assessSuitability,
      ),
      actors: {
        history: historyActor(port),
        autosave: autosaveActor(storage, undefined, () => TODAY, loaded),
        records: recordsActor(storage),
      },
    });
    const answers = { ...completeAnswers(), pets: '' } as Answers;
    const actor = createActor(logic, { input: { path: '/questionnaire/private-health', answers } }).start();
    actor.send({ type: 'JOURNEY.CONTINUE' });
    expect(selectScreen(actor.getSnapshot())).toBe('pets');
    expect(port.path()).toBe('/questionnaire/pets');
    expect(selectCanContinue(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'ANSWER.SET', field: 'pets' as never, value: 'yes' });
    expect(selectCanContinue(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'JOURNEY.CONTINUE' });
    expect(selectScreen(actor.getSnapshot())).toBe('riskAssessment');
    actor.send({ type: 'JOURNEY.BACK' });
    expect(selectScreen(actor.getSnapshot())).toBe('pets');

    // the stored answers have its slice, and are read back with the flow's shape (the journey's own refuses them)
    expect(JSON.parse(storage.getItem(STORAGE_KEY)!).answers.pets).toBe('yes');
    const stored = loadAnswers(storage, () => undefined, WITH_PETS.emptyAnswers);
    expect(stored && petsOf(stored)).toBe('yes');
    expect(loadAnswers(storage, () => undefined)).toBeNull();
    actor.stop();
  });

  it('has its blank and sample answers, and its row on the review', () => {
    expect(petsOf(WITH_PETS.emptyAnswers())).toBe('');
    expect(isEmptyAnswers(WITH_PETS.emptyAnswers())).toBe(true);
    expect(petsOf(WITH_PETS.sampleAnswers)).toBe('no');
    const finances = (a: Answers) => WITH_PETS.reviewSections(a).find((s) => s.step === 3)!.rows;
    expect(finances(WITH_PETS.emptyAnswers())).toContainEqual({ label: 'Pets', value: 'no', example: true });
    const rows = finances({ ...WITH_PETS.emptyAnswers(), pets: 'a cat' } as Answers);
    // after private hospital cover, as it is asked
    expect(rows.map((r) => r.label).slice(-2)).toEqual(['Private hospital cover', 'Pets']);
    expect(rows.at(-1)).toEqual({ label: 'Pets', value: 'a cat', example: false });
  });
});

/** A made-up Yes/No list of rows, declared in one module like the journey's own lists. */
type Vehicle = { id: number; kind: string; value: string };
const vehiclesOf = (a: Answers) => (a as Answers & { vehicles: { answer: string; rows: Vehicle[] } }).vehicles;
const vehicles: Question = {
  id: 'vehicles',
  path: '/questionnaire/vehicles',
  step: 3,
  title: 'Do you own vehicles?',
  slice: { key: 'vehicles', blank: { answer: '', rows: [] }, sample: { answer: 'no', rows: [] }, row: { kind: '', value: '' } },
  Body: () => null,
};
const WITH_VEHICLES = questionnaire([...QUESTIONS.slice(0, after), vehicles, ...QUESTIONS.slice(after)]);

describe('a Yes/No list of rows added through one module', () => {
  it('starts with its own blank row on Yes, adds and edits rows, and its rows are stored and checked on load', () => {
    const storage = memoryStorage();
    const logic = WITH_VEHICLES.machine.provide({
      guards: WITH_VEHICLES.journeyGuards(
        () => TODAY,
        () => assessSuitability,
      ),
      actors: {
        history: historyActor(memoryHistoryPort('/questionnaire/vehicles')),
        autosave: autosaveActor(storage, undefined, () => TODAY, loaded),
        records: recordsActor(storage),
      },
    });
    const answers = { ...completeAnswers(), vehicles: { answer: '', rows: [] } } as Answers;
    const actor = createActor(logic, { input: { path: '/questionnaire/vehicles', answers } }).start();
    actor.send({ type: 'TOGGLE.SET', toggle: 'vehicles' as never, value: 'yes' });
    const [first] = vehiclesOf(actor.getSnapshot().context.answers).rows;
    expect(first).toEqual({ kind: '', value: '', id: expect.any(Number) });
    actor.send({ type: 'ROWS.UPDATE', list: 'vehicles' as never, id: first!.id, field: 'value' as never, value: '12000' });
    // a field its rows do not have is not added
    actor.send({ type: 'ROWS.UPDATE', list: 'vehicles' as never, id: first!.id, field: 'colour' as never, value: 'red' });
    actor.send({ type: 'ROWS.ADD', list: 'vehicles' as never });
    expect(vehiclesOf(actor.getSnapshot().context.answers).rows.map(({ kind, value }) => ({ kind, value }))).toEqual([
      { kind: '', value: '12000' },
      { kind: '', value: '' },
    ]);
    actor.stop();

    // read back with the list's row shape; a stored row of another shape is refused
    const stored = loadAnswers(storage, () => undefined, WITH_VEHICLES.emptyAnswers, WITH_VEHICLES.blankRows);
    expect(stored && vehiclesOf(stored).rows).toHaveLength(2);
    const record = JSON.parse(storage.getItem(STORAGE_KEY)!);
    record.answers.vehicles.rows[0] = { id: 1, kind: '' };
    storage.setItem(STORAGE_KEY, JSON.stringify(record));
    expect(loadAnswers(storage, () => undefined, WITH_VEHICLES.emptyAnswers, WITH_VEHICLES.blankRows)).toBeNull();
  });
});

describe('a question added through one module, read by the advice engine', () => {
  const a = assumptionsFor(TODAY);
  const read = (answers: Answers) => readAnswers(answers, TODAY, a, WITH_PETS.questions);

  it('gives the engine its input, and the journey’s own inputs stay as they were', () => {
    const answers = { ...completeAnswers(), pets: 'yes' } as Answers;
    const { inputs, missing } = read(answers);
    expect((inputs as Inputs & { hasPets: boolean | null }).hasPets).toBe(true);
    expect(missing).toEqual([]);
    const { hasPets: _, ...own } = inputs as Inputs & { hasPets: unknown };
    expect(own).toEqual(readAnswers(completeAnswers(), TODAY, a).inputs);
  });

  it('says its answer is missing, in the order the questions are asked', () => {
    const answers = { ...completeAnswers(), privateHealth: '', pets: '', risk: { questionnaireOpened: false, style: '' } } as Answers;
    const { inputs, missing } = read(answers);
    expect((inputs as Inputs & { hasPets: boolean | null }).hasPets).toBeNull();
    expect(missing.map((m) => m.answer)).toEqual(['privateHealth', 'pets', 'risk.style']);
    expect(missing[1]).toEqual({ question: 'pets', answer: 'pets', problem: 'question' });
    // said in the words its module writes in the catalogue, under its id
    const words = MISSING_WORDS as Record<string, unknown>;
    words.pets = { question: 'Tell us whether you have pets.' };
    try {
      expect(worded(missing)[1]).toEqual({ answer: 'pets', message: 'Tell us whether you have pets.' });
    } finally {
      delete words.pets;
    }
  });
});

describe('the flow and the spec constants', () => {
  it('has as many progress steps as journey-spec §9 says, each with a page', () => {
    expect(JOURNEY.flow.STEPS).toHaveLength(PROGRESS_STEPS);
    expect(WITH_PETS.flow.STEPS).toHaveLength(PROGRESS_STEPS);
    for (const step of JOURNEY.flow.STEPS) expect(step.pages.length, `step ${step.n}`).toBeGreaterThan(0);
  });
});

describe('the answers a question can set', () => {
  it("are derived from the answers: every text answer and text field, not a toggle's own answer nor a list", () => {
    expectTypeOf<FieldKey>().toEqualTypeOf<
      | 'dateOfBirth'
      | 'relationshipStatus'
      | 'goal.type'
      | 'goal.amount'
      | 'goal.years'
      | 'employmentStatus'
      | 'income.amount'
      | 'income.frequency'
      | 'partner.name'
      | 'partner.amount'
      | 'partner.frequency'
      | 'partner.hospitalCover'
      | 'partner.children'
      | 'regularSavings.amount'
      | 'regularSavings.frequency'
      | 'super.balance'
      | 'super.contributions'
      | 'insurance.life'
      | 'insurance.tpd'
      | 'insurance.trauma'
      | 'insurance.incomeProtection'
      | 'privateHealth'
      | 'risk.style'
    >();
  });
});
