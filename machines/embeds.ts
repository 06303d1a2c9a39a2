/**
 * The embeds in the widget's system (widget-spec §2, §4): the Ask-question modal (invoked as `askModal`),
 * a slot machine (`slot-N`) and, for a video, a player (`videoPlayer-N`) for each viewer the page or the
 * modal shows, and the reactions around them, as transitions: a loaded item goes into the cache (a
 * viewer of a token loaded before starts from it), and on a phone Ask question goes to the chat window
 * (the modal's `ask.inChat`). The slots' and the
 * modal's facts reach it through the widget's `facts` relays (machines/widget.ts). It keeps what the
 * page's chat messages carry (`message`: the ids of the items its viewers show), which the chat reads
 * from the system as it sends (machines/chat.ts).
 */
import { assign, sendTo, setup, stopChild, type ActorRefFrom } from 'xstate';
import { askModalMachine, type AskModalEmitted } from './ask-modal';
import { slotMachine, type SlotEmitted, type SlotItem, type SlotKind } from './slot';
import { videoPlayerMachine } from './video-player';
import { facts } from './widget';

/** The system ids of a viewer's machines. */
export interface ViewerIds {
  slot: string;
  player: string | null;
}

export interface EmbedsContext {
  /** The items loaded so far, by token. */
  cache: Record<string, SlotItem>;
  /** The machines made so far (each system id: its kind and a number of its own). */
  made: number;
  /** The last viewer's machines (VIEWER.OPEN). */
  opened: ViewerIds | null;
  /** The token each viewer shows, by its slot machine's system id. */
  shown: Record<string, string>;
  /**
   * What every message of the page's chat carries (widget-spec §3 "Send-message request"): the ids of the
   * documents and videos the viewers show, once loaded (the documents and videos in context).
   * @default { additionalNamespaces: [] }
   */
  message: { additionalNamespaces: string[] };
}

export type EmbedsEvent =
  /** A viewer of `token`: its slot machine and, for a video, a player (their ids in `opened`). */
  { type: 'VIEWER.OPEN'; kind: SlotKind; token: string } | ({ type: 'VIEWER.CLOSE' } & ViewerIds) | SlotEmitted | AskModalEmitted;

type Of<T extends EmbedsEvent['type']> = Extract<EmbedsEvent, { type: T }>;

export const embedsMachine = setup({
  types: { context: {} as EmbedsContext, events: {} as EmbedsEvent },
  actors: { slot: slotMachine, player: videoPlayerMachine, askModal: askModalMachine, facts },
  actions: {
    /** Loads the chat window (and starts the conversation): provided. */
    conversation: () => undefined,
    /** The page's messages name the loaded items the viewers show (each once). */
    nameShown: assign({
      message: ({ context: { shown, cache } }) => ({
        additionalNamespaces: [
          ...new Set(
            Object.values(shown).flatMap((token) => {
              const item = cache[token];
              return item ? [item.kind === 'video' ? item.video.id : item.doc.smartDocId] : [];
            }),
          ),
        ],
      }),
    }),
  },
}).createMachine({
  id: 'embeds',
  context: { cache: {}, made: 0, opened: null, shown: {}, message: { additionalNamespaces: [] } },
  invoke: [
    { src: 'askModal', id: 'askModal', systemId: 'askModal' },
    { src: 'facts', input: 'askModal' },
  ],
  on: {
    'VIEWER.OPEN': {
      actions: [
        assign(({ context, event, spawn }) => {
          const { kind, token } = event as Of<'VIEWER.OPEN'>;
          let made = context.made;
          const slot = `slot-${++made}`;
          spawn('slot', { id: slot, systemId: slot, input: { kind, token, cached: context.cache[token] ?? null } });
          spawn('facts', { id: `${slot}.facts`, input: slot });
          const player = kind === 'video' ? `videoPlayer-${++made}` : null;
          if (player) spawn('player', { id: player, systemId: player });
          return { made, opened: { slot, player }, shown: { ...context.shown, [slot]: token } };
        }),
        'nameShown',
      ],
    },
    'VIEWER.CLOSE': {
      actions: [
        stopChild(({ event }) => `${(event as Of<'VIEWER.CLOSE'>).slot}.facts`),
        stopChild(({ event }) => (event as Of<'VIEWER.CLOSE'>).slot),
        stopChild(({ event }) => (event as Of<'VIEWER.CLOSE'>).player ?? ''),
        assign({
          shown: ({ context, event }) => {
            const { [(event as Of<'VIEWER.CLOSE'>).slot]: _, ...shown } = context.shown;
            return shown;
          },
        }),
        'nameShown',
      ],
    },
    'slot.loaded': {
      actions: [assign({ cache: ({ context, event }) => ({ ...context.cache, [event.item.token]: event.item }) }), 'nameShown'],
    },
    // widget-spec §4: on a phone, the chat window takes the question with the item as its context (the
    // chat window loads first: the chat is in the system by the time the sends below find it)
    'ask.inChat': {
      actions: [
        'conversation',
        sendTo(
          ({ system }) => system.get('chat'),
          ({ event }) => ({ type: 'CHAT.ABOUT', about: { name: event.item.name, context: event.item.context } }),
        ),
        sendTo(({ system }) => system.get('window'), { type: 'WINDOW.OPEN' }),
        sendTo(
          ({ system }) => system.get('window'),
          () => ({ type: 'TAB.SELECT', tab: 'chat' }),
        ),
      ],
    },
  },
});

export type EmbedsActor = ActorRefFrom<typeof embedsMachine>;
