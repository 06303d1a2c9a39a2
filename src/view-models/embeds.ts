/**
 * The view models of the host-page slots and the Ask-question modal (widget-spec §2
 * "Smart document viewer", "Video viewer", "Smart doc modal"; §8 viewer errors): snapshots
 * in, what to draw and the intents out. The viewers' components only render these.
 */
import type { AskModalActor, AskModalSnapshot } from '../../machines/ask-modal';
import { docView, type SlotActor, type SlotSnapshot } from '../../machines/slot';
import { selectCopied, selectShareOpen, selectSpeed, type VideoPlayerActor, type VideoPlayerSnapshot } from '../../machines/video-player';
import {
  chatAbout,
  CONTENT_ERROR,
  docBootError,
  documentVersion,
  MODAL_HISTORY_ERROR,
  MODAL_SEND_ERROR,
  SEND_MESSAGE,
  SHARE_SITES,
  TYPE_TO_SEND,
  VIDEO_ERROR,
  videoBootError,
} from '../embeds/messages';

export type DocBody =
  | { kind: 'pdf'; src: string; href: string }
  /** `href`: the document's own file, whose links in the content are not followed (widget-spec §2). */
  | {
      kind: 'rendered';
      view: 'docx' | 'markdown' | 'text';
      state: 'loading' | 'failed' | 'shown';
      content: unknown;
      error: string;
      href: string;
    }
  | { kind: 'spreadsheet'; href: string }
  | { kind: 'download'; href: string }
  | { kind: 'missing' };

export type FooterItem =
  | { kind: 'link'; id: string; label: string; href: string }
  | { kind: 'button'; id: string; label: string; onClick: () => void };

export interface SlotView {
  phase: 'loading' | 'error' | 'loaded';
  /** The §8 text of a failed boot: 'Error loading smart document: …', 'Failed to load video: …'. */
  error: string;
  retry: () => void;
}

export interface DocViewerView extends SlotView {
  /** null when hidden by the embed settings (or not loaded). */
  header: { name: string; version: string } | null;
  body: DocBody | null;
  /** null when hidden by the embed settings; may be empty. */
  footer: FooterItem[] | null;
}

/** The document viewer: its header, its content by type, its footer; `ask` opens Ask question (null inside the modal). */
export function connectDocViewer(s: SlotSnapshot, slot: SlotActor, ask: (() => void) | null): DocViewerView {
  const item = s.context.item;
  const base: SlotView = {
    phase: s.matches('error') ? 'error' : s.matches('loaded') ? 'loaded' : 'loading',
    error: docBootError(s.context.error ?? ''),
    retry: () => slot.send({ type: 'SLOT.RETRY' }),
  };
  if (item?.kind !== 'smart-doc') return { ...base, header: null, body: null, footer: null };
  const { doc, footer } = item;
  const view = docView(doc);
  let body: DocBody;
  if (view === 'pdf') body = { kind: 'pdf', src: `${doc.fileUrl}#toolbar=0&navpanes=0`, href: doc.fileUrl };
  else if (view === 'docx' || view === 'markdown' || view === 'text') {
    const state = s.matches({ loaded: 'shown' }) ? 'shown' : s.matches({ loaded: 'failed' }) ? 'failed' : 'loading';
    body = {
      kind: 'rendered',
      view,
      state,
      content: s.context.content,
      error: `${CONTENT_ERROR[view]}: ${s.context.contentError ?? ''}`,
      href: doc.fileUrl,
    };
  } else if (view === 'spreadsheet' || view === 'download') body = { kind: view, href: doc.fileUrl };
  else body = { kind: 'missing' };
  return {
    ...base,
    header: doc.embedSettings.hideDocHeader ? null : { name: doc.name, version: documentVersion(doc.versionNumber, doc.type) },
    body,
    footer: doc.embedSettings.hideDocFooter
      ? null
      : footer.flatMap((b): FooterItem[] =>
          b.type === 'LINK'
            ? [{ kind: 'link', id: b.id, label: b.label, href: b.url! }]
            : b.actionType === 'open_chat_modal' && ask
              ? [{ kind: 'button', id: b.id, label: b.label, onClick: ask }]
              : [],
        ),
  };
}

/** widget-spec §2: the Share menu's sharing pages. */
export function shareLinks(url: string): { label: string; href: string }[] {
  const u = encodeURIComponent(url);
  return [
    { label: SHARE_SITES.linkedin, href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { label: SHARE_SITES.x, href: `https://x.com/intent/tweet?url=${u}` },
    { label: SHARE_SITES.facebook, href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
  ];
}

export interface VideoViewerView extends SlotView {
  header: {
    name: string;
    share: {
      open: boolean;
      toggle: () => void;
      close: () => void;
      links: { label: string; href: string }[];
      copy: () => void;
      copied: boolean;
    } | null;
    ask: (() => void) | null;
  } | null;
  /** null without a url ('Video not available'). */
  video: {
    src: string;
    poster: string;
    captions: string;
    controls: boolean;
    loop: boolean;
    /** The settings' mute; the autoplay attempt mutes it anyway. */
    muted: boolean;
    brand: string;
    speed: number;
    /** '1x', '1.5x', … */
    speedLabel: string;
    nextSpeed: () => void;
    ready: (media: { muted: boolean; play(): Promise<unknown> }) => void;
    failed: () => void;
  } | null;
  /** widget-spec §8 'Error loading video', when the element could not play its source. */
  mediaError: string | null;
}

/** The video viewer: header (name, Share, Ask question, each as the settings allow; no Ask question inside the modal), the video, the speed button. */
export function connectVideoViewer(
  s: SlotSnapshot,
  slot: SlotActor,
  p: VideoPlayerSnapshot,
  player: VideoPlayerActor,
  ask: (() => void) | null,
): VideoViewerView {
  const item = s.context.item;
  const base: SlotView = {
    phase: s.matches('error') ? 'error' : s.matches('loaded') ? 'loaded' : 'loading',
    error: videoBootError(s.context.error ?? ''),
    retry: () => slot.send({ type: 'SLOT.RETRY' }),
  };
  if (item?.kind !== 'video') return { ...base, header: null, video: null, mediaError: null };
  const { video } = item;
  const settings = video.embedSettings;
  const speed = selectSpeed(p);
  return {
    ...base,
    header: settings.hideVideoHeader
      ? null
      : {
          name: video.name,
          share:
            settings.shareEnabled && video.videoUrl
              ? {
                  open: selectShareOpen(p),
                  toggle: () => player.send({ type: 'SHARE.TOGGLE' }),
                  close: () => player.send({ type: 'SHARE.CLOSE' }),
                  links: shareLinks(video.videoUrl),
                  copy: () => player.send({ type: 'LINK.COPY', text: video.videoUrl }),
                  copied: selectCopied(p),
                }
              : null,
          ask: settings.askQuestionEnabled ? ask : null,
        },
    video: video.videoUrl
      ? {
          src: video.videoUrl,
          poster: video.thumbnailUrl,
          captions: video.captionsUrl,
          controls: settings.controls,
          loop: settings.loop,
          muted: settings.mute,
          brand: settings.embedBrandColor,
          speed,
          speedLabel: `${speed}x`,
          nextSpeed: () => player.send({ type: 'SPEED.NEXT' }),
          ready: (media) => player.send({ type: 'MEDIA.READY', media, autoplay: settings.autoplay }),
          failed: () => player.send({ type: 'MEDIA.ERROR' }),
        }
      : null,
    mediaError: p.context.mediaFailed ? VIDEO_ERROR : null,
  };
}

export interface AskModalView {
  open: boolean;
  /** 'Chat about {name}' (kept while the modal closes). */
  title: string;
  close: () => void;
  messages: { role: 'user' | 'ai'; text: string; failed: boolean }[];
  historyError: string | null;
  loadingHistory: boolean;
  sending: boolean;
  draft: string;
  setDraft: (text: string) => void;
  canSend: boolean;
  /** widget-spec §2: the send button's tooltip while it is disabled. */
  sendTitle: string;
  send: () => void;
}

/** The modal: its title, its chat and its composer. */
export function connectAskModal(s: AskModalSnapshot, modal: AskModalActor): AskModalView {
  const { item, messages, draft, historyFailed } = s.context;
  const canSend = s.can({ type: 'MESSAGE.SEND' });
  return {
    open: s.matches('open'),
    title: item ? chatAbout(item.name) : '',
    close: () => modal.send({ type: 'MODAL.CLOSE' }),
    messages: messages.map((m) => ({ role: m.role, text: m.failed ? MODAL_SEND_ERROR : m.content, failed: m.failed === true })),
    historyError: historyFailed ? MODAL_HISTORY_ERROR : null,
    loadingHistory: s.matches({ open: 'loadingHistory' }),
    sending: s.matches({ open: { ready: 'sending' } }),
    draft,
    setDraft: (text) => modal.send({ type: 'DRAFT.CHANGE', text }),
    canSend,
    sendTitle: draft.trim() ? SEND_MESSAGE : TYPE_TO_SEND,
    send: () => modal.send({ type: 'MESSAGE.SEND' }),
  };
}
