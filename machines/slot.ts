/**
 * One host-page slot (widget-spec §2 "Host-page slots", §4 "Slot loading"): its item
 * boots (the smart document with its footer buttons, or the video), then a document's
 * content loads when its viewer needs it (markdown, text, docx). A token loaded before
 * starts from the cache, in `loaded`.
 *
 *   loading ──boot──▶ loaded { content: checking → fetching → shown | failed | none }
 *      └────────────▶ error
 *
 * Every effect is an actor the widget (src/effects/embed-content.ts) or a test provides.
 */
import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { FooterButton, SmartDocEmbedSettings, VideoEmbedSettings } from '../contract/embeds';

export type { FooterButton };

export type SlotKind = 'smart-doc' | 'video';

/** widget-spec §3 "Smart doc response" → smartDoc. */
export interface SmartDoc {
  smartDocId: string;
  name: string;
  /** pdf, docx, md, markdown, txt, snippet, csv, xls, xlsx, spreadsheet, other (or anything else). */
  type: string;
  versionNumber: number;
  /** '' when the document has no file. */
  fileUrl: string;
  embedSettings: SmartDocEmbedSettings;
}

/** widget-spec §3 "Video response" → video (with the captions the reference server adds). */
export interface VideoItem {
  id: string;
  name: string;
  description: string;
  /** '' when the video has no file. */
  videoUrl: string;
  thumbnailUrl: string;
  /** WebVTT captions, or ''. */
  captionsUrl: string;
  embedSettings: VideoEmbedSettings;
}

/** What a slot shows once booted. */
export type SlotItem =
  | { kind: 'smart-doc'; token: string; doc: SmartDoc; footer: FooterButton[] }
  | { kind: 'video'; token: string; video: VideoItem };

/** How a document's content is shown (widget-spec §2 "Viewers by type"). */
export type DocView = 'pdf' | 'docx' | 'markdown' | 'text' | 'spreadsheet' | 'download' | 'missing';

/** widget-spec §2: the viewer for a document's type; 'missing' without a file url. */
export function docView(doc: Pick<SmartDoc, 'type' | 'fileUrl'>): DocView {
  if (!doc.fileUrl) return 'missing';
  const type = doc.type.toLowerCase();
  if (type === 'pdf') return 'pdf';
  if (type === 'doc' || type === 'docx') return 'docx';
  if (type === 'md' || type === 'markdown') return 'markdown';
  // 'snippet' is a text type of §3's list that §2 does not name: text is what a snippet is
  if (type === 'txt' || type === 'text' || type === 'snippet') return 'text';
  if (type === 'csv' || type === 'xls' || type === 'xlsx' || type === 'spreadsheet') return 'spreadsheet';
  return 'download';
}

/** The views whose content the widget loads and renders itself. */
const LOADED_VIEWS: readonly DocView[] = ['docx', 'markdown', 'text'];

export interface SlotInput {
  kind: SlotKind;
  token: string;
  /** The token's item, when it was loaded before (widget-spec §4: rendered from the cache). */
  cached: SlotItem | null;
}

export interface SlotContext {
  kind: SlotKind;
  token: string;
  /** @default null until booted */
  item: SlotItem | null;
  /** Why the boot failed: the detail of widget-spec §8 ('Smart document not found or invalid token', …). @default null */
  error: string | null;
  /**
   * The document's rendered content (markdown or text as elements, docx as a node), opaque to the
   * machine: the view puts it on the page. @default null
   */
  content: unknown;
  /** Why the content could not load ('Failed to load markdown', 'Failed to fetch DOCX', …). @default null */
  contentError: string | null;
}

export type SlotEvent = { type: 'SLOT.RETRY' };

/** Emitted when the token's item has loaded: the slots' registry keeps it in its cache. */
export type SlotEmitted = { type: 'slot.loaded'; item: SlotItem };

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const slotMachine = setup({
  types: {
    context: {} as SlotContext,
    events: {} as SlotEvent,
    input: {} as SlotInput,
    emitted: {} as SlotEmitted,
  },
  actors: {
    /** GET {base}smart-doc/{token}/boot (with its footer buttons) or {base}video/{token}/boot (widget-spec §7). */
    boot: fromPromise<SlotItem, { kind: SlotKind; token: string }>(() => {
      throw new Error('boot actor not provided');
    }),
    /** Fetches a document's file and renders it for its view (docx, markdown or text). */
    content: fromPromise<unknown, { view: DocView; url: string }>(() => {
      throw new Error('content actor not provided');
    }),
  },
  guards: {
    isCached: ({ context }) => context.item !== null,
    /** Its view needs the file's content loaded (markdown, text, docx); the others link or embed it. */
    hasContentToLoad: ({ context }) => context.item?.kind === 'smart-doc' && LOADED_VIEWS.includes(docView(context.item.doc)),
  },
}).createMachine({
  id: 'slot',
  context: ({ input }) => ({ kind: input.kind, token: input.token, item: input.cached, error: null, content: null, contentError: null }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'isCached', target: 'loaded' }, { target: 'loading' }] },
    loading: {
      invoke: {
        src: 'boot',
        input: ({ context }) => ({ kind: context.kind, token: context.token }),
        onDone: {
          target: 'loaded',
          actions: [
            assign({ item: ({ event }) => event.output }),
            emit(({ event }) => ({ type: 'slot.loaded' as const, item: event.output })),
          ],
        },
        onError: { target: 'error', actions: assign({ error: ({ event }) => message(event.error) }) },
      },
    },
    loaded: {
      initial: 'checking',
      states: {
        checking: { always: [{ guard: 'hasContentToLoad', target: 'fetching' }, { target: 'none' }] },
        fetching: {
          invoke: {
            src: 'content',
            input: ({ context }) => {
              const doc = (context.item as Extract<SlotItem, { kind: 'smart-doc' }>).doc;
              return { view: docView(doc), url: doc.fileUrl };
            },
            onDone: { target: 'shown', actions: assign({ content: ({ event }) => event.output, contentError: null }) },
            onError: { target: 'failed', actions: assign({ contentError: ({ event }) => message(event.error) }) },
          },
        },
        shown: {},
        failed: { on: { 'SLOT.RETRY': 'fetching' } },
        /** The view embeds or links the file (pdf, spreadsheet, download), or the slot is a video. */
        none: {},
      },
    },
    error: { on: { 'SLOT.RETRY': 'loading' } },
  },
});

export type SlotActor = ActorRefFrom<typeof slotMachine>;
export type SlotSnapshot = SnapshotFrom<typeof slotMachine>;

export const selectPhase = (s: SlotSnapshot): 'loading' | 'loaded' | 'error' =>
  s.matches('error') ? 'error' : s.matches('loaded') ? 'loaded' : 'loading';
