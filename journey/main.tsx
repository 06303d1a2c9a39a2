/** The journey app's browser entry: wires the machine's effects to the browser and renders. */
import './journey.css';
import { createRoot } from 'react-dom/client';
import type { InspectionEvent, Observer } from 'xstate';
import { JourneyActorContext } from './actor-context';
import { App } from './app';
import { autosaveActor, memoryStorage } from './autosave-actor';
import { ClockContext, systemClock } from './clock';
import { browserHistoryPort, historyActor } from './history-actor';
import { chooseLocale, chosenLocale, setLocale } from './locale';
import { RESUMABLE, journeyGuards, journeyMachine } from './questionnaire';
import { recordsActor } from './records/hook';
import { prefetchScreens } from './screens';
import { loadAnswers, loadResumeAt, type StorageLike } from './storage';
import { lazySuitability, SuitabilityContext } from './suitability';

/** localStorage, or an in-memory stand-in where the browser blocks it. */
function localStore(): StorageLike {
  try {
    const s = window.localStorage;
    s.getItem('');
    return s;
  } catch {
    console.warn('localStorage is not available: answers will be kept for this visit only.');
    return memoryStorage();
  }
}

async function main() {
  const root = document.getElementById('app');
  if (!root) throw new Error('The journey needs an element with id "app".');
  // the visitor's language (their choice, then the browser's): <html lang> and dir at once, its first words before the first render
  const locale = setLocale(chooseLocale([chosenLocale(), ...navigator.languages]));
  const storage = localStore();
  // the inspector's module loads only when the address may ask for it: a first visit does not carry it
  const inspect: Observer<InspectionEvent> | undefined = location.search.includes('inspect')
    ? await import('../src/inspect').then((m) => (m.wantsInspector(location.search) ? m.loadInspector() : undefined))
    : undefined;
  // One clock for the rules, the saved suitability and the advice on the pages.
  const clock = systemClock;
  // the engine's suitability check loads on demand (issue 15: the first page does not carry it)
  const suitability = lazySuitability();
  const logic = journeyMachine.provide({
    guards: journeyGuards(clock, suitability.get),
    actors: {
      history: historyActor(browserHistoryPort()),
      autosave: autosaveActor(storage, undefined, clock, suitability),
      records: recordsActor(storage),
    },
  });
  const input = { path: location.pathname, answers: loadAnswers(storage), resumeAt: loadResumeAt(storage, RESUMABLE) };
  // the first render in a task of its own, apart from evaluating the modules: shorter tasks at start
  await Promise.all([locale, new Promise((resolve) => setTimeout(resolve, 0))]);
  root.replaceChildren();
  createRoot(root).render(
    <ClockContext.Provider value={clock}>
      <SuitabilityContext.Provider value={suitability}>
        <JourneyActorContext.Provider logic={logic} options={{ input, inspect }}>
          <App />
        </JourneyActorContext.Provider>
      </SuitabilityContext.Provider>
    </ClockContext.Provider>,
  );
  // The other screens' chunks and the engine's check, once the browser is idle, so later steps never wait on the network.
  const idle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 200));
  void prefetchScreens(idle)
    .then(() => suitability.load())
    .catch(() => undefined);
}

void main();
