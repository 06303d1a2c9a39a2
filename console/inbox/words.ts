/**
 * The conversations inbox's words (English), in its own chunk: keyed by the codes its machine and view model carry.
 */
import type { InboxState } from '../../machines/console-inbox';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const INBOX_WORDS = {
  intro: 'What visitors asked on this site, and what they were answered. Newest first.',
  filters: 'Filters',
  from: 'From',
  to: 'To',
  path: 'Page path',
  pathHint: 'Exactly, such as /fees; end with * for a page and those below it.',
  states: 'Only conversations where an answer',
  apply: 'Apply',
  clear: 'Clear filters',
  search: 'Search messages',
  searchButton: 'Search',
  searchHint: 'Every word must be in one message; the last may be the start of a word.',
  exportList: 'Export the list',
  csv: 'CSV',
  json: 'JSON',
  exportCsv: 'Export the list as CSV',
  exportJson: 'Export the list as JSON',
  empty: 'No conversations yet.',
  noMatch: 'No conversation matches these filters.',
  more: 'Load more',
  end: 'That is the oldest conversation.',
  started: (when: string) => `Started ${when}`,
  messages: (n: number) => count(n, 'message', 'messages'),
  voiceTurns: (n: number) => `${count(n, 'question', 'questions')} by voice`,
  noQuestion: 'No question yet',
  matched: (who: 'user' | 'ai') => (who === 'user' ? 'The visitor wrote:' : 'The answer said:'),
  open: (name: string) => `Open the conversation “${name}”`,
  /** a badge's words (and a filter's) by the API's state code */
  state: { failed: 'Failed', incomplete: 'Incomplete', 'nothing-found': 'Nothing found' } satisfies Record<InboxState, string>,
  /** the filter's longer words */
  stateFilter: {
    failed: 'failed',
    incomplete: 'came back incomplete',
    'nothing-found': 'found nothing',
  } satisfies Record<InboxState, string>,

  // the transcript
  back: 'Back to conversations',
  onPage: (path: string) => `Started on ${path},`,
  asStored: 'Messages show as they were stored: an answer’s formatting marks (such as **bold**) show as written.',
  visitor: 'Visitor',
  assistant: 'Assistant',
  voice: 'Voice',
  video: 'Video message',
  askedOn: (path: string) => `Asked on ${path}`,
  inContext: 'In view',
  askedAbout: (name: string) => `Asked about: ${name}`,
  kind: { document: 'document', video: 'video' } as Record<string, string>,
  pageButtons: 'The page’s buttons',
  followUps: 'Follow-up questions offered',
  links: 'Links offered',
  sources: 'Sources',
  clicked: 'clicked',
  clickedButton: (label: string) => `Clicked “${label}”`,
  clickedUnknown: 'Clicked a button',
  clickedOn: (url: string) => `on ${url}`,
  noMessages: 'This conversation has no messages.',
  exportConversation: 'Export this conversation',
  exportConversationCsv: 'Export this conversation as CSV',
  exportConversationJson: 'Export this conversation as JSON',
  visitorData: 'The visitor’s data',
  visitorDataHint: 'Everything stored about this visitor on this site: their conversations, profile and button clicks.',
  exportVisitor: 'Export visitor data',
  deleteVisitor: 'Delete visitor data',
  deleteTitle: 'Delete this visitor’s data?',
  deleteText:
    'Every conversation of this visitor on this site, their profile and their button clicks are deleted at once. This cannot be undone.',
  deleteConfirm: 'Delete',
} as const;
