/**
 * The conversations inbox (issue 33 §2, viewers and up; docs/console.md "The conversations inbox"): a site's
 * conversations newest first, as cards, with filters and a search kept in the address's query, Load more, and the
 * list's exports. Its flow is machines/console-inbox.ts; a conversation's transcript is console/inbox/transcript.tsx,
 * in this chunk too.
 */
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import {
  consoleInboxMachine,
  INBOX_STATES,
  type InboxFilters,
  isFiltered,
  queryOf,
  selectFilters,
  selectHasMore,
  selectInboxError,
  selectInboxPhase,
  selectItems,
} from '../../machines/console-inbox';
import { pathOf } from '../../machines/console-router';
import type { Conversation, Segment } from '../../contract/inbox';
import { listExportUrl } from '../inbox/api';
import { inboxEffects } from '../inbox/effects';
import { statesOf, titleOf } from '../inbox/transcript-model';
import { INBOX_WORDS as I } from '../inbox/words';
import { useScreenActor } from '../context';
import { formatWhen, W } from '../messages';
import { adoptScreenStyles } from '../screen-styles';
import type { ScreenProps } from '.';
import { ErrorText, Heading, LoadState, Link } from '../ui';
import css from './inbox.css' with { type: 'text' };

export { ConversationScreen } from '../inbox/transcript';

type InboxActor = ReturnType<typeof useInbox>;
const useInbox = (siteId: string, api: ScreenProps['api']) =>
  useScreenActor(consoleInboxMachine.provide({ actors: inboxEffects(api, siteId) }));

export function InboxScreen({ siteId, api }: Pick<ScreenProps, 'siteId' | 'api'>) {
  adoptScreenStyles(css);
  const inbox = useInbox(siteId, api);
  const phase = useSelector(inbox, selectInboxPhase);
  const filters = useSelector(inbox, selectFilters);
  const items = useSelector(inbox, selectItems) as Conversation[];
  const error = useSelector(inbox, selectInboxError);
  const hasMore = useSelector(inbox, selectHasMore);
  const again = () => inbox.send({ type: 'LIST.AGAIN' });
  const listed = phase === 'ready' || phase === 'loadingMore';
  return (
    <section data-part="screen" data-screen="inbox">
      <Heading>{W.screens.inbox}</Heading>
      <p data-part="intro">{I.intro}</p>
      {phase !== 'opening' && (
        <>
          <Search key={`q:${filters.q}`} inbox={inbox} q={filters.q} />
          <Filters key={`f:${queryOf({ ...filters, q: '' })}`} inbox={inbox} filters={filters} />
        </>
      )}
      <div data-part="inbox-exports">
        <span>{I.exportList}:</span>
        <a href={listExportUrl(siteId, filters, 'csv')} download aria-label={I.exportCsv}>
          {I.csv}
        </a>
        <a href={listExportUrl(siteId, filters, 'json')} download aria-label={I.exportJson}>
          {I.json}
        </a>
      </div>
      {!listed ? (
        <LoadState phase={phase} error={error} again={again} />
      ) : items.length === 0 ? (
        <p role="status">{isFiltered(filters) ? I.noMatch : I.empty}</p>
      ) : (
        <>
          <ul data-part="conversations" aria-label={W.screens.inbox}>
            {items.map((c) => (
              <ConversationCard key={c.id} siteId={siteId} c={c} />
            ))}
          </ul>
          {phase === 'ready' && <ErrorText error={error} />}
          {hasMore ? (
            <button type="button" onClick={() => inbox.send({ type: 'LIST.MORE' })} disabled={phase === 'loadingMore'}>
              {phase === 'loadingMore' ? W.loading : I.more}
            </button>
          ) : (
            <p data-part="hint">{I.end}</p>
          )}
        </>
      )}
    </section>
  );
}

/** The search box: the words go to the list on Search (or Enter). */
function Search({ inbox, q }: { inbox: InboxActor; q: string }) {
  const [words, setWords] = useState(q);
  return (
    <form
      role="search"
      data-part="inbox-search"
      onSubmit={(e) => {
        e.preventDefault();
        inbox.send({ type: 'FILTERS.SET', filters: { q: words.trim() } });
      }}
    >
      <label htmlFor="inbox-q">{I.search}</label>
      <p id="inbox-q-hint" data-part="hint">
        {I.searchHint}
      </p>
      <div data-part="inbox-search-row">
        <input
          id="inbox-q"
          type="search"
          name="q"
          maxLength={200}
          aria-describedby="inbox-q-hint"
          value={words}
          onInput={(e) => setWords(e.currentTarget.value)}
        />
        <button type="submit">{I.searchButton}</button>
      </div>
    </form>
  );
}

/** The date range, the page path and the three states, applied together. */
function Filters({ inbox, filters }: { inbox: InboxActor; filters: InboxFilters }) {
  const [from, setFrom] = useState(filters.from);
  const [to, setTo] = useState(filters.to);
  const [path, setPath] = useState(filters.path);
  const [states, setStates] = useState(filters.states);
  return (
    <details data-part="inbox-filters" open={isFiltered({ ...filters, q: '' }) || undefined}>
      <summary>{I.filters}</summary>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          inbox.send({ type: 'FILTERS.SET', filters: { from, to, path: path.trim(), states } });
        }}
      >
        <div data-part="inbox-filter-row">
          <label>
            <span>{I.from}</span>
            <input type="date" name="from" value={from} max={to || undefined} onInput={(e) => setFrom(e.currentTarget.value)} />
          </label>
          <label>
            <span>{I.to}</span>
            <input type="date" name="to" value={to} min={from || undefined} onInput={(e) => setTo(e.currentTarget.value)} />
          </label>
          <label data-part="inbox-path">
            <span>{I.path}</span>
            <input
              type="text"
              name="path"
              maxLength={500}
              aria-describedby="inbox-path-hint"
              value={path}
              onInput={(e) => setPath(e.currentTarget.value)}
            />
          </label>
        </div>
        <p id="inbox-path-hint" data-part="hint">
          {I.pathHint}
        </p>
        <fieldset>
          <legend>{I.states}</legend>
          {INBOX_STATES.map((s) => (
            <label key={s} data-part="check">
              <input
                type="checkbox"
                name="state"
                value={s}
                checked={states.includes(s)}
                onChange={(e) => setStates(e.currentTarget.checked ? [...states, s] : states.filter((x) => x !== s))}
              />
              {I.stateFilter[s]}
            </label>
          ))}
        </fieldset>
        <div data-part="inbox-filter-actions">
          <button type="submit" data-part="primary">
            {I.apply}
          </button>
          <button type="button" onClick={() => inbox.send({ type: 'FILTERS.CLEAR' })} disabled={!isFiltered(filters)}>
            {I.clear}
          </button>
        </div>
      </form>
    </details>
  );
}

/** A search's snippet: each segment as text, the hits marked (never HTML). */
function Snippet({ segments }: { segments: Segment[] }) {
  return <>{segments.map((s, i) => (s.hit ? <mark key={i}>{s.text}</mark> : s.text))}</>;
}

/** A conversation as a card: its first question (the link to its transcript), page, counts, states and start. */
function ConversationCard({ siteId, c }: { siteId: string; c: Conversation }) {
  return (
    <li data-part="conversation">
      <h2>
        <Link to={pathOf({ name: 'conversation', siteId, conversationId: c.id })}>{titleOf(c) || I.noQuestion}</Link>
      </h2>
      {c.match && (
        <p data-part="snippet">
          <span data-part="hint">{I.matched(c.match.role)} </span>
          <Snippet segments={c.match.snippet} />
        </p>
      )}
      <p data-part="conversation-meta">
        <code>{c.path}</code>
        <span>{I.messages(c.messageCount)}</span>
        {c.voiceTurns > 0 && <span>{I.voiceTurns(c.voiceTurns)}</span>}
        <span>
          <time dateTime={c.startedAt}>{I.started(formatWhen(c.startedAt))}</time>
        </span>
        {statesOf(c).map((s) => (
          <span key={s} data-part="badge" data-state={s}>
            {I.state[s]}
          </span>
        ))}
      </p>
    </li>
  );
}
