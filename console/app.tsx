/**
 * The console's frame: the skip link, the header (the account's email, Sign out, the site switcher), a site's tabs,
 * and the current screen, loaded on demand. Everything it shows comes from the session and the router; everything it
 * does is an event sent to them.
 */
import { Suspense, useCallback, useEffect, useRef } from 'react';
import { ACCOUNT_PATH, isPublic, pathOf, type Route, type RouteName, selectLeaving, selectRoute } from '../machines/console-router';
import { selectAccount, selectPhase, selectSites } from '../machines/console-session';
import { useApi, useRouter, useRouterActor, useSession, useSessionActor } from './context';
import { W } from './messages';
import { SCREENS } from './screens';
import { ConfirmDialog, focusNextHeading, Heading, Link } from './ui';

const sameRoute = (a: Route, b: Route) =>
  a.name === b.name && a.siteId === b.siteId && a.token === b.token && a.conversationId === b.conversationId && a.fileId === b.fileId;

export function App() {
  const route = useRouter(selectRoute, sameRoute);
  const phase = useSession(selectPhase);
  const first = useRef(true);
  // the focus moves to the new screen's heading after a navigation (not on the first load)
  useEffect(() => {
    if (first.current) first.current = false;
    else focusNextHeading();
  }, [route]);
  // nothing private shows without a session, nor anything at all before the first check answers
  const ready = phase !== 'checking' && (isPublic(route) || phase === 'signedIn' || phase === 'signingOut');
  return (
    <>
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link moves the focus without changing the address, which the router owns */}
      <a
        href="#main"
        data-part="skip-link"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        {W.skipLink}
      </a>
      <Header />
      <main id="main" tabIndex={-1} data-part="main">
        {!ready ? (
          <p role="status" data-part="loading">
            {W.loading}
          </p>
        ) : (
          <Screen route={route} />
        )}
      </main>
      <LeaveDialog />
    </>
  );
}

/** The question a screen's leave guard asks before the console goes elsewhere: Cancel stays, Leave goes. */
function LeaveDialog() {
  const leaving = useRouter(selectLeaving);
  const router = useRouterActor();
  return leaving ? (
    <ConfirmDialog
      title={W.leaveTitle}
      text={W.leaveText}
      confirm={W.leave}
      onConfirm={() => router.send({ type: 'ROUTE.LEAVE' })}
      onCancel={() => router.send({ type: 'ROUTE.STAY' })}
    />
  ) : null;
}

function Header() {
  const account = useSession(selectAccount);
  const session = useSessionActor();
  const onAccount = useRouter((s) => s.context.route.name === 'account');
  return (
    <header data-part="header">
      <div data-part="header-inner">
        <span data-part="product">{W.product}</span>
        {account && (
          <div data-part="account">
            <span data-part="email">{W.signedInAs(account.email)}</span>
            <Link to={ACCOUNT_PATH} {...(onAccount ? { 'aria-current': 'page' as const } : {})}>
              {W.screens.account}
            </Link>
            <button type="button" onClick={() => session.send({ type: 'SIGN_OUT' })}>
              {W.signOut}
            </button>
          </div>
        )}
      </div>
    </header>
  );
}

/** A site's tabs in their order: its set-up, its content, what visitors did, then its people and its log. */
const SITE_TABS: { name: RouteName; owner?: boolean; adviser?: boolean }[] = [
  { name: 'overview' },
  { name: 'appearance' },
  { name: 'documents' },
  { name: 'videos' },
  { name: 'buttons' },
  { name: 'inbox' },
  { name: 'analytics' },
  // advice files and their reviews: owners and advisers only (issue 34 §5)
  { name: 'advice', adviser: true },
  { name: 'members', owner: true },
  { name: 'audit', owner: true },
];

/** A site's navigation: the site switcher and the tabs its role allows. */
function SiteNav({ route }: { route: Route }) {
  const sites = useSession(selectSites);
  const router = useRouterActor();
  // drawn again when a way out is asked about and answered, so that Cancel puts the switcher back on this site
  useRouter(selectLeaving);
  const site = sites.find((s) => s.id === route.siteId);
  const tabs = SITE_TABS.filter(
    (t) => (!t.owner || site?.role === 'owner') && (!t.adviser || site?.role === 'owner' || site?.role === 'adviser'),
  );
  return (
    <nav aria-label={W.mainNav} data-part="site-nav">
      <Link to={pathOf({ name: 'sites' })} className="back">
        {W.allSites}
      </Link>
      {sites.length > 0 && (
        <label data-part="switcher">
          <span>{W.siteSwitcher}</span>
          <select
            value={route.siteId}
            onChange={(e) => router.send({ type: 'ROUTE.GO', path: pathOf({ name: route.name, siteId: e.currentTarget.value }) })}
          >
            {!site && <option value={route.siteId}>{route.siteId}</option>}
            {sites.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <ul data-part="tabs">
        {tabs.map((t) => (
          <li key={t.name}>
            <Link
              to={pathOf({ name: t.name, siteId: route.siteId })}
              {...(t.name === route.name ||
              (t.name === 'inbox' && route.name === 'conversation') ||
              (t.name === 'advice' && route.name === 'adviceFile')
                ? { 'aria-current': 'page' as const }
                : {})}
            >
              {W.screens[t.name]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Screen({ route }: { route: Route }) {
  const api = useApi();
  const router = useRouterActor();
  const sites = useSession(selectSites);
  const role = sites.find((s) => s.id === route.siteId)?.role;
  const guardLeave = useCallback(() => {
    router.send({ type: 'ROUTE.GUARD' });
    return () => router.send({ type: 'ROUTE.UNGUARD' });
  }, [router]);
  if (route.name === 'notFound') return <NotFound />;
  const Current = SCREENS[route.name];
  const siteId = route.siteId ?? '';
  return (
    <>
      {route.siteId !== undefined && <SiteNav route={route} />}
      <Suspense
        fallback={
          <p role="status" data-part="loading">
            {W.loading}
          </p>
        }
      >
        {/* a screen starts afresh for another site or invitation */}
        <Current
          key={`${route.name}:${siteId}:${route.token ?? route.conversationId ?? route.fileId ?? ''}`}
          siteId={siteId}
          token={route.token ?? ''}
          conversationId={route.conversationId ?? ''}
          fileId={route.fileId ?? ''}
          api={api}
          canEdit={role === 'owner' || role === 'editor'}
          guardLeave={guardLeave}
        />
      </Suspense>
    </>
  );
}

function NotFound() {
  return (
    <section data-part="screen">
      <Heading>{W.screens.notFound}</Heading>
      <p>{W.notFoundText}</p>
      <Link to={pathOf({ name: 'sites' })}>{W.backToSites}</Link>
    </section>
  );
}
