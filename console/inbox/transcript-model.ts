/**
 * The transcript's view model: what the visitor saw, in time order. Each message with its states, whether it was a
 * voice turn, what was in view when the visitor asked (documents, videos, the page's buttons) and what was offered
 * with an answer (follow-ups, links, sources), each button marked when it was clicked; the clicks themselves take
 * their place in the timeline. Pure: tested in node; the view draws it as it is.
 */
import type { InboxState } from '../../machines/console-inbox';
import type { Click, Conversation, Transcript, TranscriptMessage } from '../../contract/inbox';

/** A button as the transcript shows it: its words, and whether the visitor clicked it. */
export interface ShownButton {
  id: string;
  label: string;
  clicked: boolean;
  /** an external link's address, shown as text (never followed from the console) */
  url?: string;
}

export interface MessageEntry {
  kind: 'message';
  id: string;
  role: 'user' | 'ai';
  at: string;
  /** the stored text, shown as text: an answer's markdown is not rendered */
  text: string;
  video: boolean;
  voice: boolean;
  states: InboxState[];
  /** user messages: what was in view; null when not recorded */
  context: {
    path: string;
    documents: { id: string; name: string; kind: string }[];
    focus: string | null;
    buttons: ShownButton[];
  } | null;
  /** ai messages: what was offered with the answer; null when not recorded */
  offered: { followUps: ShownButton[]; links: ShownButton[]; sources: string[] } | null;
}

export interface ClickEntry {
  kind: 'click';
  id: string;
  at: string;
  /** the button's words when the transcript offered it */
  label: string | null;
  pageUrl: string;
}

export type TimelineEntry = MessageEntry | ClickEntry;

/** The states of a conversation or a message, in the filter's order (the badges). */
export const statesOf = (x: Pick<Conversation | TranscriptMessage, 'failed' | 'incomplete' | 'nothingFound'>): InboxState[] => [
  ...(x.failed ? (['failed'] as const) : []),
  ...(x.incomplete ? (['incomplete'] as const) : []),
  ...(x.nothingFound ? (['nothing-found'] as const) : []),
];

/** The longest title a conversation's first question gives (a card's link, a transcript's heading), in characters. */
export const TITLE_MAX = 120;

/** A conversation's title: its first question (else its name), cut at a word within TITLE_MAX with "…"; '' when none. */
export function titleOf(c: Pick<Conversation, 'firstQuestion' | 'name'>): string {
  const text = (c.firstQuestion || c.name).replace(/\s+/g, ' ').trim();
  if (text.length <= TITLE_MAX) return text;
  const cut = text.slice(0, TITLE_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > TITLE_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function messageEntry(m: TranscriptMessage): MessageEntry {
  const clicked = new Set(m.clicked);
  const shown = (id: string, label: string, url?: string): ShownButton => ({
    id,
    label,
    clicked: clicked.has(id),
    ...(url ? { url } : {}),
  });
  return {
    kind: 'message',
    id: m.id,
    role: m.role,
    at: m.at,
    text: m.content,
    video: m.type === 'VIDEO',
    voice: m.voice,
    states: statesOf(m),
    context: m.context && {
      path: m.context.path,
      documents: m.context.documents,
      focus: m.context.focus?.name ?? null,
      buttons: m.context.actionButtons.map((b) => shown(b.id, b.name)),
    },
    offered: m.buttons && {
      followUps: m.buttons.followUps.map((b) => shown(b.id, b.text)),
      links: m.buttons.responseButtons.map((b) => shown(b.id, b.name, b.externalUrl)),
      sources: m.buttons.sources,
    },
  };
}

const clickEntry = (c: Click, i: number): ClickEntry => ({ kind: 'click', id: `click-${i}`, at: c.at, label: c.label, pageUrl: c.pageUrl });

/** The messages and the clicks in one time line (a click after the messages of the same instant). */
export function timeline(t: Transcript): TimelineEntry[] {
  const entries: TimelineEntry[] = [...t.messages.map(messageEntry), ...t.clicks.map(clickEntry)];
  const time = (e: TimelineEntry) => Date.parse(e.at) || 0;
  // a stable sort: messages keep their stored order, clicks follow the messages they came after
  return entries
    .map((e, i) => [e, i] as const)
    .sort(([a, i], [b, j]) => time(a) - time(b) || i - j)
    .map(([e]) => e);
}
