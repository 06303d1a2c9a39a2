/**
 * The documents and videos in the host page's slots, and the Ask-question modal
 * (widget-spec §2, §4): the chunk the launcher loads once a page has a slot. Each
 * slot gets a shadow root of its own (its styles stay in, the page's stay out) with
 * a viewer over a slot machine (machines/slot.ts) and, for a video, a player machine;
 * a token loaded before starts from the cache. The modal (machines/ask-modal.ts) lives
 * in a shadow root inside the widget's own; on a phone, Ask question goes to the chat
 * window instead.
 */
import { render } from 'preact';
import { askItem, askModalMachine, type AskItem } from '../../machines/ask-modal';
import { selectPhase, slotMachine, type SlotActor, type SlotItem, type SlotKind } from '../../machines/slot';
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
  const { spawn } = deps;
  // each machine's system id: its kind and a number of its own
  let made = 0;
  const cache = new Map<string, SlotItem>();
  const boot = slotBoot(deps.http);
  // the files are fetched through the widget's one fetch, as every other call (no bearer: they are public)
  const content = documentContent(deps.http.doFetch);
  const media = videoPlayerEffects(deps.doc);
  const viewers = new Map<HTMLElement, Viewer>();
  let markdown: MarkdownContent['Markdown'] | null = null;

  const newSlot = (kind: SlotKind, token: string) => {
    const slot = spawn(`slot-${++made}`, slotMachine.provide({ actors: { boot, content } }), {
      kind,
      token,
      cached: cache.get(token) ?? null,
    });
    slot.actor.on('slot.loaded', (e) => cache.set(e.item.token, e.item));
    return slot;
  };
  const newPlayer = (kind: SlotKind) =>
    kind === 'video' ? spawn(`videoPlayer-${++made}`, videoPlayerMachine.provide({ actors: media })) : null;

  // widget-spec §3: the context names every document on the page, the one asked about active
  const pageDocuments = () =>
    [...viewers.values()].flatMap((v) => {
      const item = cache.get(v.token);
      return item?.kind === 'smart-doc' ? [{ token: item.token, doc: item.doc }] : [];
    });
  const ask = (token: string) => () => {
    const item = cache.get(token);
    if (item) modal.send({ type: 'ASK', item: askItem(item, pageDocuments()) });
  };

  // inside the modal the viewer has no Ask question of its own; keyed by its slot actor, so that the
  // modal asked about another item (while closing) mounts a Live subscribed to that item's actors
  const view = (slot: SlotActor, player: VideoPlayerActor | null, token: string, inModal = false) => {
    const onAsk = inModal ? null : ask(token);
    return player ? (
      <Live
        key={slot.id}
        actors={[slot, player]}
        render={() => <VideoViewer vm={connectVideoViewer(slot.getSnapshot(), slot, player.getSnapshot(), player, onAsk)} />}
      />
    ) : (
      <Live key={slot.id} actors={[slot]} render={() => <DocViewer vm={connectDocViewer(slot.getSnapshot(), slot, onAsk)} />} />
    );
  };

  function mount({ el, kind, token }: FoundSlot): Viewer {
    const root = viewerRoot(el);
    const box = el.ownerDocument.createElement('div');
    box.setAttribute('data-part', 'embed');
    root.replaceChildren(box);
    const made = newSlot(kind, token);
    const playing = newPlayer(kind);
    const slot = made.actor;
    const player = playing?.actor ?? null;
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
        box.remove();
        state.unsubscribe();
        made.stop();
        playing?.stop();
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

  const { actor: modal, stop: stopModal } = spawn(
    'askModal',
    askModalMachine.provide({
      actors: askModalEffects({
        http: deps.http,
        userSessionId: deps.userSessionId,
        path: () => deps.windowActor.getSnapshot().context.path,
      }),
      guards: { isMobile: () => deps.windowActor.getSnapshot().context.isMobile },
    }),
  );
  // the modal's own viewer of the item, made when it opens and stopped when its content is cleared
  let modalViewer: { token: string; slot: SlotActor; player: VideoPlayerActor | null; stop(): void } | null = null;
  let stopped = false;
  const renderModal = () => {
    const s = modal.getSnapshot();
    const item = s.context.item;
    if (item && modalViewer?.token !== item.token) {
      stopModalViewer();
      const made = newSlot(item.kind, item.token);
      const playing = newPlayer(item.kind);
      modalViewer = {
        token: item.token,
        slot: made.actor,
        player: playing?.actor ?? null,
        stop() {
          made.stop();
          playing?.stop();
        },
      };
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

  // widget-spec §4: on a phone, the chat window takes the question with the item as its context
  const inChat = modal.on('ask.inChat', ({ item }: { item: AskItem }) => {
    deps.conversation().chat.send({ type: 'CHAT.ABOUT', about: { name: item.name, context: item.context } });
    deps.windowActor.send({ type: 'WINDOW.OPEN' });
    deps.windowActor.send({ type: 'TAB.SELECT', tab: 'chat' });
  });
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
      inChat.unsubscribe();
      modalChanges.unsubscribe();
      stopModal();
      stopModalViewer();
      render(null, modalBox);
      modalHost.remove();
    },
  };
}
