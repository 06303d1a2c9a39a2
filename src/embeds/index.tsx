/**
 * The documents and videos in the host page's slots, and the Ask-question modal
 * (widget-spec §2, §4): the chunk the launcher loads once a page has a slot. Each
 * slot gets a shadow root of its own (its styles stay in, the page's stay out) with
 * a viewer over a slot machine (machines/slot.ts) and, for a video, a player machine;
 * a token loaded before starts from the cache. The modal (machines/ask-modal.ts) lives
 * in a shadow root inside the widget's own; on a phone, Ask question goes to the chat
 * window instead. The embeds machine (machines/embeds.ts) makes these machines in the
 * widget's system and carries the reactions; this module gives it the effects and renders.
 */
import { render } from 'preact';
import { askItem, askModalMachine, type AskModalActor } from '../../machines/ask-modal';
import { embedsMachine } from '../../machines/embeds';
import { directionOf, type LocaleActor } from '../../machines/locale';
import { selectPhase, slotMachine, type SlotActor, type SlotKind } from '../../machines/slot';
import { videoPlayerMachine, type VideoPlayerActor } from '../../machines/video-player';
import type { WindowActor } from '../../machines/window';
import type { Http } from '../api/client';
import { askModalEffects } from '../effects/ask-modal';
import { documentContent, slotBoot, type MarkdownContent } from '../effects/embed-content';
import { videoPlayerEffects } from '../effects/media';
import type { Conversation, Embeds, Spawn } from '../runtime';
import embedsCss from '../styles/embeds.css';
import { connectAskModal, connectDocViewer, connectVideoViewer } from '../view-models/embeds';
import { findSlots, type FoundSlot } from './slots';
import { AskModal, DocViewer, Live, VideoViewer } from './views';

export interface EmbedsDeps {
  http: Http;
  windowActor: WindowActor;
  /** The widget's element: the modal lives in its shadow root. */
  host: HTMLElement;
  userSessionId: string;
  /** Loads the chat window (for Ask question on a phone). */
  conversation: () => Conversation;
  /** Runs the viewers' and the modal's machines in the widget's system (src/runtime.ts `Spawn`). */
  spawn: Spawn;
  /** The widget's locale: the viewers and the modal are drawn again in its words, with its `lang` and `dir`. */
  locale?: LocaleActor;
  doc?: Document;
}

let sheet: CSSStyleSheet | null = null;
function embedsSheet() {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(embedsCss);
  }
  return sheet;
}

/** A shadow root of our own in the slot: on the slot itself where it can have one, else in a box that replaces its content. */
const roots = new WeakMap<HTMLElement, ShadowRoot>();
function viewerRoot(el: HTMLElement): ShadowRoot {
  let root = roots.get(el);
  if (!root) {
    try {
      root = el.attachShadow({ mode: 'open' });
    } catch {
      // an element that cannot host a shadow root (or has one of its own)
      const box = el.ownerDocument.createElement('div');
      el.replaceChildren(box);
      root = box.attachShadow({ mode: 'open' });
    }
    roots.set(el, root);
  }
  root.adoptedStyleSheets = [embedsSheet()];
  return root;
}

interface Viewer {
  token: string;
  kind: SlotKind;
  slot: SlotActor;
  player: VideoPlayerActor | null;
  stop(): void;
}

/** Starts the slots' viewers and the modal; `sync` is called with every scan's slots. */
export function startEmbeds(deps: EmbedsDeps): Embeds {
  const media = videoPlayerEffects(deps.doc);
  // the embeds machine (machines/embeds.ts) carries the reactions and makes the viewers' machines
  const { actor: embeds, stop: stopEmbeds } = deps.spawn(
    'embeds',
    embedsMachine.provide({
      actors: {
        // the files are fetched through the widget's one fetch, as every other call (no bearer: they are public)
        slot: slotMachine.provide({ actors: { boot: slotBoot(deps.http), content: documentContent(deps.http.doFetch) } }),
        player: videoPlayerMachine.provide({ actors: media }),
        askModal: askModalMachine.provide({
          actors: askModalEffects({
            http: deps.http,
            userSessionId: deps.userSessionId,
            path: () => deps.windowActor.getSnapshot().context.path,
          }),
          guards: { isMobile: () => deps.windowActor.getSnapshot().context.isMobile },
        }),
      },
      actions: { conversation: () => void deps.conversation() },
    }),
  );
  const { system } = embeds;
  const cache = () => embeds.getSnapshot().context.cache;
  const modal = system.get('askModal') as AskModalActor;
  const viewers = new Map<HTMLElement, Viewer>();
  // the boxes the viewers and the modal draw in, which read in the locale's language and direction
  const boxes = new Set<HTMLElement>();
  const speak = (box: HTMLElement) => {
    const lang = deps.locale?.getSnapshot().context.shown ?? 'en';
    box.lang = lang;
    box.dir = directionOf(lang);
  };
  const localeActors = deps.locale ? [deps.locale] : [];
  let markdown: MarkdownContent['Markdown'] | null = null;

  /** A viewer's machines, made by the embeds machine (at once: nothing here sends to it while it handles an event). */
  const open = (kind: SlotKind, token: string) => {
    embeds.send({ type: 'VIEWER.OPEN', kind, token });
    const ids = embeds.getSnapshot().context.opened!;
    return {
      slot: system.get(ids.slot) as SlotActor,
      player: ids.player ? (system.get(ids.player) as VideoPlayerActor) : null,
      // (when the widget is removed, the embeds machine stopped with it: nothing to close)
      stop: () => embeds.getSnapshot().status === 'active' && embeds.send({ type: 'VIEWER.CLOSE', ...ids }),
    };
  };

  // widget-spec §3: the context names every document on the page, the one asked about active
  const pageDocuments = () =>
    [...viewers.values()].flatMap((v) => {
      const item = cache()[v.token];
      return item?.kind === 'smart-doc' ? [{ token: item.token, doc: item.doc }] : [];
    });
  const ask = (token: string) => () => {
    const item = cache()[token];
    if (item) modal.send({ type: 'ASK', item: askItem(item, pageDocuments()) });
  };

  // inside the modal the viewer has no Ask question of its own; keyed by its slot actor, so that the
  // modal asked about another item (while closing) mounts a Live subscribed to that item's actors
  const view = (slot: SlotActor, player: VideoPlayerActor | null, token: string, inModal = false) => {
    const onAsk = inModal ? null : ask(token);
    return player ? (
      <Live
        key={slot.id}
        actors={[slot, player, ...localeActors]}
        render={() => <VideoViewer vm={connectVideoViewer(slot.getSnapshot(), slot, player.getSnapshot(), player, onAsk)} />}
      />
    ) : (
      <Live
        key={slot.id}
        actors={[slot, ...localeActors]}
        render={() => <DocViewer vm={connectDocViewer(slot.getSnapshot(), slot, onAsk)} />}
      />
    );
  };

  function mount({ el, kind, token }: FoundSlot): Viewer {
    const root = viewerRoot(el);
    const box = el.ownerDocument.createElement('div');
    box.setAttribute('data-part', 'embed');
    speak(box);
    boxes.add(box);
    root.replaceChildren(box);
    const made = open(kind, token);
    const { slot, player } = made;
    // the slot's state, for the site's own styles: data-ai-embed="loading | loaded | error", from
    // the first snapshot (a subscription reports only the changes after it)
    const mark = () => el.setAttribute('data-ai-embed', selectPhase(slot.getSnapshot()));
    const state = slot.subscribe(mark);
    mark();
    render(view(slot, player, token), box);
    return {
      token,
      kind,
      slot,
      player,
      stop() {
        render(null, box);
        boxes.delete(box);
        box.remove();
        state.unsubscribe();
        made.stop();
        el.removeAttribute('data-ai-embed');
      },
    };
  }

  // The modal: in a shadow root of its own inside the widget's (a fixed light theme, the docx's styles kept apart).
  const modalHost = (deps.doc ?? document).createElement('div');
  modalHost.setAttribute('data-part', 'ask-modal-host');
  deps.host.shadowRoot?.append(modalHost);
  const modalRoot = modalHost.attachShadow({ mode: 'open' });
  modalRoot.adoptedStyleSheets = [embedsSheet()];
  const modalBox = (deps.doc ?? document).createElement('div');
  modalRoot.append(modalBox);

  // the modal's own viewer of the item, made when it opens and stopped when its content is cleared
  let modalViewer: { token: string; slot: SlotActor; player: VideoPlayerActor | null; stop(): void } | null = null;
  let stopped = false;
  const renderModal = () => {
    const s = modal.getSnapshot();
    const item = s.context.item;
    if (item && modalViewer?.token !== item.token) {
      stopModalViewer();
      modalViewer = { token: item.token, ...open(item.kind, item.token) };
    } else if (!item) stopModalViewer();
    if (item && !markdown) {
      void import('../markdown/markdown-chunk').then(
        (m) => {
          markdown = m.Markdown;
          // not once the embeds have stopped (the page left, or the widget was destroyed meanwhile)
          if (!stopped) renderModal();
        },
        () => undefined,
      );
    }
    render(
      <AskModal
        vm={connectAskModal(s, modal)}
        viewer={modalViewer && view(modalViewer.slot, modalViewer.player, modalViewer.token, true)}
        markdown={markdown}
      />,
      modalBox,
    );
  };
  const stopModalViewer = () => {
    modalViewer?.stop();
    modalViewer = null;
  };
  const modalChanges = modal.subscribe(renderModal);
  boxes.add(modalBox);
  // a new locale: every box reads in it, and the modal is drawn again (the viewers' Live follow the locale's actor)
  const localeChanges = deps.locale?.subscribe(() => {
    for (const box of boxes) speak(box);
    renderModal();
  });
  speak(modalBox);
  renderModal();

  return {
    sync() {
      const found = findSlots(deps.doc ?? document);
      const seen = new Set<HTMLElement>();
      for (const f of found) {
        seen.add(f.el);
        const current = viewers.get(f.el);
        if (current && current.token === f.token && current.kind === f.kind) continue;
        current?.stop();
        viewers.set(f.el, mount(f));
      }
      // slots that left the page (or a new path's render) stop with their actors
      for (const [el, v] of viewers) {
        if (!seen.has(el) || !el.isConnected) {
          v.stop();
          viewers.delete(el);
        }
      }
    },
    stop() {
      stopped = true;
      for (const v of viewers.values()) v.stop();
      viewers.clear();
      modalChanges.unsubscribe();
      localeChanges?.unsubscribe();
      stopModalViewer();
      stopEmbeds();
      render(null, modalBox);
      modalHost.remove();
    },
  };
}
