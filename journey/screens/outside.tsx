/**
 * The pages outside the flow, loaded on demand (the first visit does not carry them): "Page not found", and the pages
 * a link opens (issue 34: `/resume`, `/partner`, journey/records). What they need of the frame comes as props, so that
 * loading them splits none of the first visit's chunks.
 */
import { lazy, Suspense, useEffect, useRef } from 'react';
import { LINK_PAGES } from '../link-pages';
import type { JourneyRef } from '../records/kept';
import { FRAME_WORDS as W, PRODUCT_NAME } from '../messages';

type Records = typeof import('../records');

let RecordsPage: ReturnType<typeof lazyPage> | undefined;
const lazyPage = (records: () => Promise<Records>) => lazy(() => records().then((m) => ({ default: m.RecordsPage })));

export default function Outside({ path, journey, records }: { path: string; journey: JourneyRef; records: () => Promise<Records> }) {
  if (!LINK_PAGES.includes(path)) return <NotFound path={path} journey={journey} />;
  RecordsPage ??= lazyPage(records);
  const Page = RecordsPage;
  return (
    <Suspense fallback={null}>
      <Page path={path} journey={journey} />
    </Suspense>
  );
}

function NotFound({ path, journey }: { path: string; journey: JourneyRef }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // as the frame's pages arrive (journey/app.tsx usePageArrival): titled, and focused after the first navigation
  useEffect(() => {
    document.title = `${W.notFound} · ${PRODUCT_NAME}`;
    if (journey.getSnapshot().context.navigations <= 1) return;
    window.scrollTo(0, 0);
    heading.current?.focus();
  }, [path]);
  const [before, after] = W.noPage.split('{path}');
  return (
    <main id="main" tabIndex={-1} className="page" data-screen="notFound">
      <h1 ref={heading} tabIndex={-1} className="page__title">
        {W.notFound}
      </h1>
      <p className="lead">
        {before}
        <code dir="ltr">{path}</code>
        {after}
      </p>
      <div className="page-nav">
        <button type="button" className="button button--secondary" onClick={() => journey.send({ type: 'JOURNEY.BACK' })}>
          {W.back}
        </button>
        <button type="button" className="button button--primary" onClick={() => journey.send({ type: 'JOURNEY.HOME' })}>
          {W.toDashboard}
        </button>
      </div>
    </main>
  );
}
