/**
 * A site's analytics (issue 33 §3, viewer role and up; docs/console.md "Analytics"): a date range (a preset or custom
 * dates, kept in the address), then conversations and messages per day (a chart with its data), the unanswered
 * rate with its definition, the top questions, button clicks by button and by page, documents and videos opened
 * and asked about, and answer latency. Its flow is machines/console-analytics.ts; this file draws it.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { ANALYTICS_PRESETS } from '../../machines/console-constants';
import {
  consoleAnalyticsMachine,
  selectError,
  selectPhase,
  selectRange,
  selectRangeError,
  selectReport,
} from '../../machines/console-analytics';
import css from '../analytics/analytics.css' with { type: 'text' };
import type { AnalyticsReport } from '../analytics/api';
import { type ChartSeries, DayChart, shortDay } from '../analytics/chart';
import { analyticsEffects, today } from '../analytics/effects';
import { WORDS as A } from '../analytics/words';
import { W } from '../messages';
import { adoptScreenStyles } from '../screen-styles';
import type { ScreenProps } from '.';
import { Heading, LoadState } from '../ui';
import { ScrollTable } from '../scroll-table';

/** A calendar day in words (`26 Nov 2026`). */
const longDay = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export function AnalyticsScreen({ siteId, api }: Pick<ScreenProps, 'siteId' | 'api'>) {
  adoptScreenStyles(css);
  const actor = useActorRef(consoleAnalyticsMachine.provide({ actors: analyticsEffects(api) }), {
    input: { siteId, today: today(), query: location.search },
  });
  const phase = useSelector(actor, selectPhase);
  const report = useSelector(actor, selectReport) as AnalyticsReport | null;
  const error = useSelector(actor, selectError);
  return (
    <section data-part="screen" data-screen="analytics">
      <Heading>{W.screens.analytics}</Heading>
      <RangePicker actor={actor} />
      {!report ? (
        <LoadState phase={phase} error={error} again={() => actor.send({ type: 'LOAD.AGAIN' })} />
      ) : (
        <>
          {phase === 'failed' && <LoadState phase={phase} error={error} again={() => actor.send({ type: 'LOAD.AGAIN' })} />}
          <Report report={report} busy={phase === 'loading'} />
        </>
      )}
    </section>
  );
}

type AnalyticsActor = ReturnType<typeof useActorRef<typeof consoleAnalyticsMachine>>;

/** The presets as toggle buttons, then custom dates with Show. */
function RangePicker({ actor }: { actor: AnalyticsActor }) {
  const range = useSelector(actor, selectRange);
  const rangeError = useSelector(actor, selectRangeError);
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  // a preset picked fills the dates in, as a start for custom ones
  useEffect(() => {
    setFrom(range.from);
    setTo(range.to);
  }, [range]);
  const errorId = useId();
  const invalid = rangeError ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
  return (
    <fieldset data-part="range">
      <legend>{A.range}</legend>
      <div data-part="presets">
        {ANALYTICS_PRESETS.map((days) => (
          <button key={days} type="button" aria-pressed={range.preset === days} onClick={() => actor.send({ type: 'RANGE.PRESET', days })}>
            {A.lastDays(days)}
          </button>
        ))}
      </div>
      <form
        data-part="custom-range"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'RANGE.CUSTOM', from, to });
        }}
      >
        <label>
          <span>{A.from}</span>
          <input
            type="date"
            name="from"
            required
            value={from}
            max={to || undefined}
            onInput={(e) => setFrom(e.currentTarget.value)}
            {...invalid}
          />
        </label>
        <label>
          <span>{A.to}</span>
          <input
            type="date"
            name="to"
            required
            value={to}
            min={from || undefined}
            onInput={(e) => setTo(e.currentTarget.value)}
            {...invalid}
          />
        </label>
        <button type="submit">{A.show}</button>
      </form>
      {rangeError && (
        <p role="alert" id={errorId} data-part="error">
          {A.rangeErrors[rangeError]}
        </p>
      )}
    </fieldset>
  );
}

/** A part of the report under its heading (h2); its tables are the named regions. */
function Part({ title, children, hint }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <section data-part="card">
      <h2>{title}</h2>
      {hint && <p data-part="hint">{hint}</p>}
      {children}
    </section>
  );
}

/** A table that scrolls sideways in its own region where the screen is narrower. */
function Table({ label, head, rows }: { label: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <ScrollTable label={label} caption="hidden" part="analytics-table" head={head}>
      {rows.map((cells, i) => (
        <tr key={i}>
          {cells.map((c, j) =>
            j === 0 ? (
              <th key={j} scope="row">
                {c}
              </th>
            ) : (
              <td key={j}>{c}</td>
            ),
          )}
        </tr>
      ))}
    </ScrollTable>
  );
}

function Report({ report, busy }: { report: AnalyticsReport; busy: boolean }) {
  const { totals, unanswered, clicks, latency } = report;
  const dates = useMemo(() => report.days.map((d) => d.date), [report]);
  const series = useMemo<ChartSeries[]>(
    () => [
      { label: A.conversations, values: report.days.map((d) => d.conversations), color: '--chart-conversations', dashed: true },
      { label: A.messages, values: report.days.map((d) => d.messages), color: '--chart-messages' },
    ],
    [report],
  );
  const busiest = report.days.reduce<(typeof report.days)[number] | null>((b, d) => (d.messages > (b?.messages ?? 0) ? d : b), null);
  const from = longDay(report.from);
  const to = longDay(report.to);
  const lost = unanswered.failed + unanswered.incomplete + unanswered.nothingFound;
  const n = A.number;
  return (
    <div data-part="report" aria-busy={busy}>
      <p role="status" data-part="hint">
        {busy ? A.updating : A.showing(from, to, report.timeZone)}
      </p>
      <Part title={A.activity} hint={A.activityHint}>
        <dl data-part="totals">
          {(['conversations', 'questions', 'messages'] as const).map((k) => (
            <div key={k}>
              <dt>{A[k]}</dt>
              <dd>{n(totals[k])}</dd>
            </div>
          ))}
        </dl>
        <DayChart
          title={A.perDay}
          summary={A.chartSummary(from, to, totals.conversations, totals.messages, busiest ? longDay(busiest.date) : null)}
          days={dates}
          series={series}
          table={
            <Table
              label={A.perDay}
              head={[A.day, A.conversations, A.questions, A.messages]}
              rows={report.days.map((d) => [
                <time key="d" dateTime={d.date}>
                  {shortDay(d.date)}
                </time>,
                n(d.conversations),
                n(d.questions),
                n(d.messages),
              ])}
            />
          }
        />
      </Part>
      <Part title={A.unanswered}>
        {unanswered.rate === null ? (
          <p>{A.noQuestions}</p>
        ) : (
          <>
            <p data-part="figure">
              <strong>{A.percent(unanswered.rate)}</strong> <span>{A.rateOf(lost, unanswered.questions)}</span>
            </p>
            <Table
              label={A.byReason}
              head={[A.reason, A.questions]}
              rows={[
                [A.failed, n(unanswered.failed)],
                [A.incomplete, n(unanswered.incomplete)],
                [A.nothingFound, n(unanswered.nothingFound)],
              ]}
            />
          </>
        )}
        <p data-part="hint">{A.unansweredDefinition}</p>
      </Part>
      <Part title={A.topQuestions} hint={A.topHint}>
        {report.topQuestions.length === 0 ? (
          <p>{A.noTopQuestions}</p>
        ) : (
          <Table label={A.topQuestions} head={[A.question, A.timesAsked]} rows={report.topQuestions.map((q) => [q.question, n(q.count)])} />
        )}
      </Part>
      <Part title={A.clicks}>
        {clicks.total === 0 ? (
          <p>{A.noClicks}</p>
        ) : (
          <>
            <p>{A.clicksTotal(clicks.total)}</p>
            <h3>{A.byButton}</h3>
            <Table
              label={`${A.clicks}: ${A.byButton}`}
              head={[A.button, A.count]}
              rows={clicks.byButton.map((b) => [b.name ?? A.removedButton(b.buttonId), n(b.count)])}
            />
            <h3>{A.byPage}</h3>
            <Table label={`${A.clicks}: ${A.byPage}`} head={[A.page, A.count]} rows={clicks.byPage.map((p) => [p.page, n(p.count)])} />
          </>
        )}
      </Part>
      <Part title={A.content} hint={A.contentHint}>
        {report.content.length === 0 ? (
          <p>{A.noContent}</p>
        ) : (
          <Table
            label={A.content}
            head={[A.name, A.kind, A.opened, A.askedQuestions, A.askedConversations]}
            rows={report.content.map((c) => [c.name, A.kinds[c.kind], n(c.opened), n(c.askedQuestions), n(c.askedConversations)])}
          />
        )}
      </Part>
      <Part title={A.latency} hint={A.latencyHint}>
        <Table
          label={A.latency}
          head={[A.measure, A.p50, A.p95, A.answers]}
          rows={(['firstWord', 'wholeAnswer'] as const).map((k) => [A[k], A.ms(latency[k].p50), A.ms(latency[k].p95), n(latency[k].count)])}
        />
      </Part>
    </div>
  );
}
