/**
 * One conversation's transcript (issue 33 §2 "Transcript view"; `/console/sites/:id/inbox/:conversationId`): what
 * the visitor saw, in time order (console/inbox/transcript-model.ts), its exports, and for owners the visitor's data:
 * its export (a file) and its deletion (asked first; the list no longer shows the conversation after it).
 *
 * Every stored text is shown as text: an answer's markdown is not rendered here (docs/console.md, the inbox screen).
 */
import { useEffect, useMemo } from 'react';
import { pathOf } from '../../machines/console-router';
import { selectSites } from '../../machines/console-session';
import { useRouterActor, useSession } from '../context';
import { formatWhen, W } from '../messages';
import { adoptScreenStyles } from '../screen-styles';
import type { ScreenProps } from '../screens';
import css from '../screens/inbox.css' with { type: 'text' };
import { ConfirmDialog, ErrorText, Heading, LoadState, Link, useLoad, useTask } from '../ui';
import type { Transcript } from '../../contract/inbox';
import { conversationExportUrl, inboxApi, visitorExportUrl } from './api';
import { type MessageEntry, type ShownButton, statesOf, type TimelineEntry, timeline, titleOf } from './transcript-model';
import { INBOX_WORDS as I } from './words';

export function ConversationScreen({ siteId, conversationId, api }: Pick<ScreenProps, 'siteId' | 'conversationId' | 'api'>) {
  adoptScreenStyles(css);
  const calls = useMemo(() => inboxApi(api, siteId), [api, siteId]);
  const read = useLoad(() => calls.transcript(conversationId));
  const owner = useSession(selectSites).find((s) => s.id === siteId)?.role === 'owner';
  const t = read.data;
  const back = pathOf({ name: 'inbox', siteId });
  return (
    <section data-part="screen" data-screen="conversation">
      <Link to={back} className="back">
        {I.back}
      </Link>
      <Heading>{(t && titleOf(t.conversation)) || W.screens.conversation}</Heading>
      {!t ? (
        <LoadState {...read} />
      ) : (
        <>
          <Summary siteId={siteId} t={t} />
          <Timeline entries={timeline(t)} />
          {owner && <VisitorData siteId={siteId} visitorId={t.conversation.visitorId} calls={calls} back={back} />}
        </>
      )}
    </section>
  );
}

function Summary({ siteId, t }: { siteId: string; t: Transcript }) {
  const c = t.conversation;
  return (
    <div data-part="card">
      <p data-part="conversation-meta">
        <span>
          {I.onPage(c.path)} <time dateTime={c.startedAt}>{formatWhen(c.startedAt)}</time>
        </span>
        <span>{I.messages(c.messageCount)}</span>
        {c.voiceTurns > 0 && <span>{I.voiceTurns(c.voiceTurns)}</span>}
        {statesOf(c).map((s) => (
          <span key={s} data-part="badge" data-state={s}>
            {I.state[s]}
          </span>
        ))}
      </p>
      <div data-part="inbox-exports">
        <span>{I.exportConversation}:</span>
        <a href={conversationExportUrl(siteId, c.id, 'csv')} download aria-label={I.exportConversationCsv}>
          {I.csv}
        </a>
        <a href={conversationExportUrl(siteId, c.id, 'json')} download aria-label={I.exportConversationJson}>
          {I.json}
        </a>
      </div>
      <p data-part="hint">{I.asStored}</p>
    </div>
  );
}

function Timeline({ entries }: { entries: TimelineEntry[] }) {
  if (entries.length === 0) return <p>{I.noMessages}</p>;
  return (
    <ol data-part="transcript">
      {entries.map((e) =>
        e.kind === 'click' ? (
          <li key={e.id} data-part="click">
            <span>{e.label ? I.clickedButton(e.label) : I.clickedUnknown}</span> <span data-part="hint">{I.clickedOn(e.pageUrl)}</span>{' '}
            <time dateTime={e.at} data-part="hint">
              {formatWhen(e.at)}
            </time>
          </li>
        ) : (
          <Message key={e.id} m={e} />
        ),
      )}
    </ol>
  );
}

function Message({ m }: { m: MessageEntry }) {
  return (
    <li data-part="message" data-role={m.role}>
      <p data-part="message-head">
        <strong>{m.role === 'user' ? I.visitor : I.assistant}</strong>
        <time dateTime={m.at}>{formatWhen(m.at)}</time>
        {m.voice && <span data-part="badge">{I.voice}</span>}
        {m.video && <span data-part="badge">{I.video}</span>}
        {m.states.map((s) => (
          <span key={s} data-part="badge" data-state={s}>
            {I.state[s]}
          </span>
        ))}
      </p>
      <p data-part="message-text">{m.text}</p>
      {m.context && (
        <div data-part="message-extra">
          <p data-part="hint">{I.askedOn(m.context.path)}</p>
          {m.context.focus && <p data-part="hint">{I.askedAbout(m.context.focus)}</p>}
          {m.context.documents.length > 0 && (
            <p data-part="hint">
              {I.inContext}: {m.context.documents.map((d) => `${d.name} (${I.kind[d.kind] ?? d.kind})`).join(', ')}
            </p>
          )}
          <Buttons title={I.pageButtons} buttons={m.context.buttons} />
        </div>
      )}
      {m.offered && (
        <div data-part="message-extra">
          <Buttons title={I.followUps} buttons={m.offered.followUps} />
          <Buttons title={I.links} buttons={m.offered.links} />
          {m.offered.sources.length > 0 && (
            <p data-part="hint">
              {I.sources}: {m.offered.sources.join(', ')}
            </p>
          )}
        </div>
      )}
    </li>
  );
}

/** Buttons offered, as a list: each one's words (a link's address as text), "clicked" on those the visitor clicked. */
function Buttons({ title, buttons }: { title: string; buttons: ShownButton[] }) {
  if (buttons.length === 0) return null;
  return (
    <div data-part="offered">
      <p data-part="hint">{title}</p>
      <ul>
        {buttons.map((b) => (
          <li key={b.id} data-clicked={b.clicked || undefined}>
            {b.label}
            {b.url && (
              <>
                {' '}
                <code>{b.url}</code>
              </>
            )}
            {b.clicked && <strong data-part="badge">{I.clicked}</strong>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The owner's part: the visitor's data as a file, and its deletion behind a confirmation (then back to the list). */
function VisitorData({
  siteId,
  visitorId,
  calls,
  back,
}: {
  siteId: string;
  visitorId: string;
  calls: ReturnType<typeof inboxApi>;
  back: string;
}) {
  const remove = useTask((id: string) => calls.deleteVisitor(id));
  const router = useRouterActor();
  useEffect(() => {
    if (remove.phase === 'done') router.send({ type: 'ROUTE.GO', path: back });
  }, [remove.phase, router, back]);
  return (
    <section aria-labelledby="visitor-data" data-part="card">
      <h2 id="visitor-data">{I.visitorData}</h2>
      <p data-part="hint">{I.visitorDataHint}</p>
      <ErrorText error={remove.error} />
      <div data-part="inbox-visitor-actions">
        <a href={visitorExportUrl(siteId, visitorId)} download data-part="button-link">
          {I.exportVisitor}
        </a>
        <button type="button" data-part="danger" onClick={() => remove.request(visitorId)}>
          {I.deleteVisitor}
        </button>
      </div>
      {(remove.phase === 'confirming' || remove.phase === 'running') && (
        <ConfirmDialog
          title={I.deleteTitle}
          text={I.deleteText}
          confirm={I.deleteConfirm}
          busy={remove.phase === 'running'}
          onConfirm={remove.confirm}
          onCancel={remove.cancel}
        />
      )}
    </section>
  );
}
