/**
 * The journey's frame: header, progress bar, the current screen with its heading
 * and its Back / Continue buttons, and the error page. Everything it shows comes
 * from the journey machine; everything it does is an event sent to it.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Component, lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { isEmptyAnswers } from '../machines/journey-answers';
import { JourneyActorContext, useJourney, useJourneySend } from './actor-context';
import { ProgressBar } from './components/progress-bar';
import { selectScreen, stepOfScreen, type ScreenId } from './questionnaire';
import { isQuestionnaireScreen, routeOf } from './routes';
import { SCREENS } from './screens';
import { FRAME_WORDS as W, LOCALE_NAMES, PRODUCT_NAME } from './messages';
import { useSuitabilityCheck } from './suitability';
import { LOCALES, rememberLocale, setLocale, useLocale, wordsReady, type Locale } from './locale';
import { selectKept, type journeyRecordsMachine } from '../machines/journey-records';
import { selectCanContinue, selectCanReturn, selectDetour, selectNavigations, selectRequestedPath } from '../machines/journey';

// issue 34: advice records (journey/records) load on demand, after their words
const records = () => wordsReady('messages-records').then(() => import('./records'));
// 'Save and continue later', and the save status that says the licensee keeps the answers too once consent is given
const Records = lazy(() => records().then((m) => ({ default: m.RecordsPart })));
type RecordsActor = ActorRefFrom<typeof journeyRecordsMachine>;
// the pages outside the flow: not found, and those a link opens
const Outside = lazy(() => import('./screens/outside'));

export function App() {
  const screen = useJourney(selectScreen);
  const path = useJourney(selectRequestedPath);
  const journey = JourneyActorContext.useActorRef();
  // every view reads its words when it renders: a new language renders them all again
  useLocale();
  return (
    <>
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is a link to #main; its click moves the focus without changing the address, which the journey's router owns */}
      <a
        className="skip-link"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        {W.skipLink}
      </a>
      <Header />
      <ErrorBoundary key={screen}>
        {screen === 'notFound' ? (
          <Suspense fallback={null}>
            <Outside path={path} journey={journey} records={records} />
          </Suspense>
        ) : (
          <ScreenFrame screen={screen} />
        )}
      </ErrorBoundary>
    </>
  );
}

function Logo() {
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill="currentColor" />
      <path d="M6 20h20M9 20a7 7 0 0 1 14 0" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

function Header() {
  const send = useJourneySend();
  // whether the licensee keeps the answers too: the journey's `records` actor (machines/journey-records.ts)
  const kept = useSelector(JourneyActorContext.useActorRef().system.get('records') as RecordsActor, selectKept);
  const hasAnswers = useJourney((s) => !isEmptyAnswers(s.context.answers));
  const [confirming, setConfirming] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  const startAgain = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  // Focus follows the confirmation: onto Cancel when it opens, back to 'Start again' when cancelled.
  useEffect(() => {
    if (confirming) cancel.current?.focus();
    else if (asked.current) startAgain.current?.focus();
    asked.current = confirming;
  }, [confirming]);
  return (
    <header className="header">
      <div className="header__inner">
        <button type="button" className="logo" aria-label={W.home} onClick={() => send({ type: 'JOURNEY.HOME' })}>
          <Logo />
          <span className="logo__text">{PRODUCT_NAME}</span>
        </button>
        <div className="header__actions">
          <p role="status" className="save-status">
            {hasAnswers && (
              <Suspense fallback={W.saved}>
                <Records status={W.saved} by={PRODUCT_NAME} kept={kept} />
              </Suspense>
            )}
          </p>
          {hasAnswers && !confirming && (
            <button type="button" ref={startAgain} className="button button--text" onClick={() => setConfirming(true)}>
              {W.startAgain}
            </button>
          )}
          {hasAnswers && confirming && (
            <div className="confirm" role="group" aria-label={W.startAgain}>
              <span>{W.clearAll}</span>
              <button
                type="button"
                className="button button--danger"
                onClick={() => {
                  setConfirming(false);
                  send({ type: 'JOURNEY.RESTART' });
                }}
              >
                {W.clear}
              </button>
              <button type="button" ref={cancel} className="button button--text" onClick={() => setConfirming(false)}>
                {W.cancel}
              </button>
            </div>
          )}
          <LocalePicker />
        </div>
      </div>
    </header>
  );
}

/** The language picker: the visitor's choice is remembered on this device and switches the journey at once. */
function LocalePicker() {
  const locale = useLocale();
  return (
    <label className="locale-picker">
      <span className="sr-only">{W.language}</span>
      <select
        className="locale-picker__select"
        value={locale}
        onChange={(e) => {
          const next = e.currentTarget.value as Locale;
          rememberLocale(next);
          void setLocale(next);
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * Titles the document, and on every navigation after the first scrolls to the top
 * and moves focus to the new page's heading (journey-spec §4 scrolls the
 * recommendation and products pages to the top; every page does here).
 */
function usePageArrival(title: string) {
  const heading = useRef<HTMLHeadingElement>(null);
  const navigations = useJourney(selectNavigations);
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);
  // a navigation, not a new title (the language changed), moves the focus
  useEffect(() => {
    // The first screen of a page load keeps the browser's own focus and scroll.
    if (navigations <= 1) return;
    window.scrollTo(0, 0);
    heading.current?.focus();
  }, [navigations]);
  return heading;
}

function ScreenFrame({ screen }: { screen: ScreenId }) {
  const journey = JourneyActorContext.useActorRef();
  const route = routeOf(screen);
  const def = SCREENS[screen];
  const heading = usePageArrival(route.title);
  const step = stepOfScreen(screen);
  const { Body } = def;
  return (
    <>
      {isQuestionnaireScreen(screen) && step && <ProgressBar current={step.n} />}
      <main id="main" tabIndex={-1} className="page" data-screen={screen}>
        <h1 ref={heading} tabIndex={-1} className="page__title">
          {route.title}
        </h1>
        {def.lead && <p className="lead">{def.lead}</p>}
        <Suspense fallback={<p className="loading">{W.loading}</p>}>
          <Body Nav={PageNav} journey={journey} />
        </Suspense>
        {isQuestionnaireScreen(screen) && (
          <Suspense fallback={null}>
            <Records journey={journey} />
          </Suspense>
        )}
        {!def.ownNav && <PageNav continueLabel={def.continueLabel === undefined ? W.continue : def.continueLabel} />}
      </main>
    </>
  );
}

function PageNav({ continueLabel }: { continueLabel: string | null }) {
  const send = useJourneySend();
  // the engine's suitability check (journey/suitability.ts) loads on demand: the rule is read again when it arrives
  const check = useSuitabilityCheck();
  // a new selector once it has, so that the screen's rule is evaluated again (the snapshot has not changed)
  const canContinue = useJourney(useMemo(() => (s: Parameters<typeof selectCanContinue>[0]) => selectCanContinue(s), [check]));
  const canReturn = useJourney(selectCanReturn);
  const detour = useJourney(selectDetour);
  return (
    <div className="page-nav">
      <button type="button" className="button button--secondary" onClick={() => send({ type: 'JOURNEY.BACK' })}>
        {W.back}
      </button>
      {detour && (
        <button type="button" className="button button--secondary" disabled={!canReturn} onClick={() => send({ type: 'JOURNEY.RETURN' })}>
          {detour.returnTo === 'reviewDetails' ? W.returnToReview : W.returnToRecommendation}
        </button>
      )}
      {continueLabel && (
        <button type="button" className="button button--primary" disabled={!canContinue} onClick={() => send({ type: 'JOURNEY.CONTINUE' })}>
          {continueLabel}
        </button>
      )}
    </div>
  );
}

interface BoundaryState {
  error: Error | null;
}

/** A render failure shows the error page instead of a blank screen (journey-spec §8). */
export class ErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static override getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main id="main" tabIndex={-1} className="page" data-screen="error">
        <h1 className="page__title">{W.unexpectedError}</h1>
        <p className="lead">{W.somethingWrong}</p>
        <pre className="error-detail">{this.state.error.message}</pre>
        <div className="page-nav">
          <button type="button" className="button button--primary" onClick={() => window.location.assign('/')}>
            {W.toDashboard}
          </button>
        </div>
      </main>
    );
  }
}
