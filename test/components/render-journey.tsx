/**
 * Renders the whole journey app at a path, with the machine's effects replaced by
 * in-memory fakes: a memory history port (the address bar) and a memory storage
 * (autosave). Returns them with the render result and a user-event instance.
 */
import { render, screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { Answers } from '../../machines/journey-answers';
import { JourneyActorContext } from '../../journey/actor-context';
import { App } from '../../journey/app';
import { autosaveActor, memoryStorage } from '../../journey/autosave-actor';
import { recordsActor } from '../../journey/records/hook';
import { localStore, readFile } from '../../journey/records/store';
import { ClockContext, systemClock, type Clock } from '../../journey/clock';
import { historyActor, memoryHistoryPort } from '../../journey/history-actor';
import { loadAnswers } from '../../journey/storage';
import { journeyGuards, journeyMachine } from '../../journey/questionnaire';
import { wordedCheck } from '../../journey/worded-check';
import { SuitabilityContext, type LazySuitability } from '../../journey/suitability';
import { fakeApi } from '../journey/records-fake';

/**
 * The engine's suitability check with the words for its reasons, loaded already (main.tsx loads it on demand;
 * `lazySuitability` with a held promise tests that).
 */
export const loadedSuitability: LazySuitability = {
  get: () => wordedCheck,
  load: () => Promise.resolve(wordedCheck),
  subscribe: () => () => undefined,
};

/**
 * Renders the app as journey/main.tsx does, with one clock for the rules and the pages (the system clock unless a test
 * fixes it) and one suitability check for the rules and the autosave (loaded unless a test holds it).
 */
export function renderJourney(
  path: string,
  answers: Answers | null = null,
  clock: Clock = systemClock,
  suitability: LazySuitability = loadedSuitability,
) {
  const port = memoryHistoryPort(path);
  const storage = memoryStorage();
  const logic = journeyMachine.provide({
    guards: journeyGuards(clock, suitability.get),
    actors: {
      history: historyActor(port),
      autosave: autosaveActor(storage, undefined, clock, suitability),
      // the kept state follows the page's own storage, where the advice records' pages keep the file (their
      // journey/records/shared.tsx `storage`); the saver keeps this memory's, so that no change leaves the test
      records: recordsActor(storage).provide({ guards: { hasFile: () => readFile(localStore()) !== null } }),
    },
  });
  const user = userEvent.setup();
  const result = render(
    <ClockContext.Provider value={clock}>
      <SuitabilityContext.Provider value={suitability}>
        <JourneyActorContext.Provider logic={logic} options={{ input: { path, answers } }}>
          <App />
        </JourneyActorContext.Provider>
      </SuitabilityContext.Provider>
    </ClockContext.Provider>,
  );
  /** The answers autosave last wrote, or null when storage holds none. */
  const saved = () => loadAnswers(storage, () => undefined);
  return { ...result, port, storage, saved, user };
}

/** The advice status as the server answers it while advice is on and it has no mail. */
export const ADVICE_ON = { 'GET /journey/api/advice-status': { status: 200, body: { paused: false, mail: false } } };

/**
 * Renders the journey (`renderJourney`) with the server's journey API behind `fetch`: a fake answering `routes`
 * (test/journey/records-fake.ts), returned with the render's result. The test unstubs its globals after.
 */
export function renderWithApi(path: string, routes: Parameters<typeof fakeApi>[0], answers: Answers | null = null) {
  const api = fakeApi(routes);
  vi.stubGlobal('fetch', api.fetch);
  return { ...renderJourney(path, answers), api };
}

/** The page's heading (h1). */
export const pageHeading = () => screen.getByRole('heading', { level: 1 });

/** Waits for the page whose h1 is `name` (screen bodies load lazily, the heading does not wait for them). */
export const findPage = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

export const continueButton = () => screen.getByRole('button', { name: 'Continue' });

/** The <dd> of a review row, found by its section and label. */
export async function reviewValue(section: string, label: string): Promise<HTMLElement> {
  const region = await screen.findByRole('region', { name: section });
  const term = within(region).getByText(label, { selector: 'dt' });
  const value = term.nextElementSibling;
  if (!(value instanceof HTMLElement) || value.tagName !== 'DD') throw new Error(`no value for ${label}`);
  return value;
}
