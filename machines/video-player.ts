/**
 * The video viewer's behaviour (widget-spec §2 "Video viewer", §4 "Video autoplay",
 * "Video speed button"): independent regions, each small.
 *
 * - playback: a muted play attempt once the video is ready (when its embed settings ask
 *   for autoplay); refused, it is tried again on the visitor's next click or touch.
 * - share: the Share menu, open or closed.
 * - copy: Copy link, then 'Copied!' for 2 s (`copiedFor`).
 * - the speed: 1x → 1.5x → 2x → 0.5x → 1x.
 * - the media: a video element's error is kept for the view ('Error loading video').
 *
 * The media element reaches the machine only as a `Playable` in MEDIA.READY; every effect
 * (the play attempt, the page's gestures, the clipboard) is an actor.
 */
import { assign, fromCallback, fromPromise, setup, type ActorRefFrom, type EventObject, type SnapshotFrom } from 'xstate';
import { COPY_CONFIRMATION_MS, VIDEO_SPEEDS } from './on-demand-constants';

/** What the play attempt needs of a media element. */
export interface Playable {
  muted: boolean;
  play(): Promise<unknown>;
}

export interface VideoPlayerContext {
  /** Index into {@link VIDEO_SPEEDS}. @default 0 */
  speed: number;
  /** @default null until the video is ready */
  media: Playable | null;
  /** The video element failed to load its source. @default false */
  mediaFailed: boolean;
  /** What Copy link copies (the video's URL). @default '' */
  copyText: string;
}

export type VideoPlayerEvent =
  /** The video can play; `autoplay` when its embed settings ask for it. */
  | { type: 'MEDIA.READY'; media: Playable; autoplay: boolean }
  | { type: 'MEDIA.ERROR' }
  | { type: 'SPEED.NEXT' }
  | { type: 'SHARE.TOGGLE' }
  | { type: 'SHARE.CLOSE' }
  | { type: 'LINK.COPY'; text: string }
  /** The visitor clicked or touched the page (from the `gestures` actor). */
  | { type: 'GESTURE' };

export const videoPlayerMachine = setup({
  types: {
    context: {} as VideoPlayerContext,
    events: {} as VideoPlayerEvent,
  },
  actors: {
    /** A muted `play()`; rejects when the browser refuses it. */
    play: fromPromise<void, { media: Playable }>(() => {
      throw new Error('play actor not provided');
    }),
    /** Reports GESTURE on the visitor's next click or touch anywhere on the page. */
    gestures: fromCallback<EventObject>(() => {
      throw new Error('gestures actor not provided');
    }),
    /** Writes the text to the clipboard. */
    copy: fromPromise<void, { text: string }>(() => {
      throw new Error('copy actor not provided');
    }),
  },
  delays: { copiedFor: COPY_CONFIRMATION_MS },
  actions: {
    setCopyText: assign({ copyText: ({ event }) => (event.type === 'LINK.COPY' ? event.text : '') }),
  },
  guards: {
    wantsAutoplay: ({ event }) => event.type === 'MEDIA.READY' && event.autoplay,
  },
}).createMachine({
  id: 'videoPlayer',
  type: 'parallel',
  context: { speed: 0, media: null, mediaFailed: false, copyText: '' },
  on: {
    'SPEED.NEXT': { actions: assign({ speed: ({ context }) => (context.speed + 1) % VIDEO_SPEEDS.length }) },
    'MEDIA.ERROR': { actions: assign({ mediaFailed: true }) },
  },
  states: {
    playback: {
      initial: 'waiting',
      states: {
        waiting: {
          on: {
            'MEDIA.READY': [
              { guard: 'wantsAutoplay', target: 'attempting', actions: assign({ media: ({ event }) => event.media }) },
              { target: 'manual', actions: assign({ media: ({ event }) => event.media }) },
            ],
          },
        },
        attempting: {
          invoke: { src: 'play', input: ({ context }) => ({ media: context.media! }), onDone: 'playing', onError: 'blocked' },
        },
        /** Refused (no gesture yet): the next click or touch tries again. */
        blocked: {
          invoke: { src: 'gestures' },
          on: { GESTURE: 'attempting' },
        },
        playing: {},
        /** No autoplay: the visitor starts it. */
        manual: {},
      },
    },
    share: {
      initial: 'closed',
      states: {
        closed: { on: { 'SHARE.TOGGLE': 'open' } },
        open: { on: { 'SHARE.TOGGLE': 'closed', 'SHARE.CLOSE': 'closed' } },
      },
    },
    copy: {
      initial: 'idle',
      states: {
        idle: { on: { 'LINK.COPY': { target: 'copying', actions: 'setCopyText' } } },
        copying: { invoke: { src: 'copy', input: ({ context }) => ({ text: context.copyText }), onDone: 'copied', onError: 'idle' } },
        copied: { after: { copiedFor: 'idle' }, on: { 'LINK.COPY': { target: 'copying', actions: 'setCopyText' } } },
      },
    },
  },
});

export type VideoPlayerActor = ActorRefFrom<typeof videoPlayerMachine>;
export type VideoPlayerSnapshot = SnapshotFrom<typeof videoPlayerMachine>;

export const selectSpeed = (s: VideoPlayerSnapshot) => VIDEO_SPEEDS[s.context.speed]!;
export const selectShareOpen = (s: VideoPlayerSnapshot) => s.matches({ share: 'open' });
export const selectCopied = (s: VideoPlayerSnapshot) => s.matches({ copy: 'copied' });
