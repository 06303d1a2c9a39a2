/**
 * The viewers of the host-page slots and the Ask-question modal (widget-spec §2). They
 * render what src/view-models/embeds.ts gives them. Written without hooks: the hooks
 * runtime lives in the chat window's chunk, which a page with only a document need not
 * load; `Live` re-renders on the actors' changes instead.
 */
import { Component, createRef, type ComponentChildren } from 'preact';
import type { AskModalView, DocBody, DocViewerView, FooterItem, VideoViewerView } from '../view-models/embeds';
import {
  ASK_PLACEHOLDER,
  ASK_QUESTION,
  CAPTIONS_LANGUAGE,
  CHAT,
  CLOSE,
  COPIED,
  COPY_LINK,
  DOWNLOAD_DOCUMENT,
  LOADING_DOCUMENT,
  LOADING_HISTORY,
  LOADING_VIDEO,
  NO_DOCUMENT_FILE,
  NO_VIDEO,
  OPEN_PDF,
  OPEN_SPREADSHEET,
  playbackSpeed,
  SEND_MESSAGE,
  SHARE,
  SHARE_VIDEO,
  SPREADSHEET_NOTICE,
  THINKING,
  TRY_AGAIN,
  YOUR_QUESTION,
} from './messages';
import type { MarkdownContent } from '../effects/embed-content';
import type { RenderedDocx } from './docx';

interface Subscribable {
  subscribe(fn: () => void): { unsubscribe(): void };
}

/** Renders `render()` again whenever one of the actors changes. */
export class Live extends Component<{ actors: Subscribable[]; render: () => ComponentChildren }> {
  private subs: { unsubscribe(): void }[] = [];
  override componentDidMount() {
    this.subs = this.props.actors.map((a) => a.subscribe(() => this.forceUpdate()));
  }
  override componentWillUnmount() {
    for (const s of this.subs) s.unsubscribe();
  }
  override render() {
    return this.props.render();
  }
}

/** A new tab, without opener or referrer (widget-spec §5). */
const OUTSIDE = { target: '_blank', rel: 'noopener noreferrer' } as const;

/**
 * The zoom that fits content `needed` px wide into `available` px: 1 when it fits, else a
 * little under the ratio (rounded down, so that no sub-pixel is left over).
 */
export const fitScale = (available: number, needed: number) =>
  needed <= available || available <= 0 ? 1 : Math.floor((available / needed) * 1000) / 1000;

/**
 * Puts a rendered docx in place, its stylesheets adopted by the shadow root it is in. The page
 * reflows to the box's width; what is still wider (a table with fixed columns) scales the
 * whole page down to it with CSS `zoom`, which, unlike a transform, lays the page out at its
 * scaled size (its height is right, nothing is cut at the bottom) and keeps its text
 * selectable. It fits again whenever the box's width changes.
 */
export class DocxContent extends Component<{ content: RenderedDocx }> {
  private box = createRef<HTMLDivElement>();
  private width = -1;
  private resize: ResizeObserver | null = null;
  private place() {
    const box = this.box.current;
    const { node, sheets } = this.props.content;
    if (!box || box.firstChild === node) return;
    const root = box.getRootNode();
    if (root instanceof ShadowRoot) root.adoptedStyleSheets = [...root.adoptedStyleSheets.filter((s) => !sheets.includes(s)), ...sheets];
    box.replaceChildren(node);
    this.width = -1;
    this.fit();
  }
  private fit = () => {
    const box = this.box.current;
    const { node } = this.props.content;
    // a zoom changes the box's height, not its width: nothing to do then
    if (!box || box.clientWidth === this.width) return;
    this.width = box.clientWidth;
    node.style.removeProperty('zoom');
    // the page overflows on the right (the wrapper's `safe center`): its margin there is the wrapper's left padding
    const wrapper = node.firstElementChild;
    const pad = wrapper ? parseFloat(getComputedStyle(wrapper).paddingLeft) || 0 : 0;
    const scale = fitScale(box.clientWidth, node.scrollWidth > box.clientWidth ? node.scrollWidth + pad : node.scrollWidth);
    if (scale < 1) node.style.setProperty('zoom', String(scale));
  };
  override componentDidMount() {
    this.place();
    if (typeof ResizeObserver === 'function' && this.box.current) {
      this.resize = new ResizeObserver(this.fit);
      this.resize.observe(this.box.current);
    }
  }
  override componentDidUpdate() {
    this.place();
  }
  override componentWillUnmount() {
    this.resize?.disconnect();
  }
  override render() {
    return <div ref={this.box} data-part="docx-box" />;
  }
}

/**
 * widget-spec §2: download clicks on document links inside the viewer are blocked (a link with a
 * `download` attribute, or to the document's own file); a same-page `#anchor` scrolls within the viewer.
 * It guards the content the document renders (docx, markdown, text): the viewer's own Open and
 * Download links are there to be followed.
 */
function guardLinks(fileUrl: string) {
  return (e: MouseEvent) => {
    const a = (e.target as Element | null)?.closest?.('a');
    if (!a) return;
    const href = a.getAttribute('href') ?? '';
    if (a.hasAttribute('download') || (a as HTMLAnchorElement).href === fileUrl) {
      e.preventDefault();
    } else if (href.startsWith('#')) {
      e.preventDefault();
      const root = a.getRootNode() as ParentNode;
      root.querySelector?.(`[id="${CSS.escape(decodeURIComponent(href.slice(1)))}"]`)?.scrollIntoView({ block: 'start' });
    }
  };
}

function Loading({ label }: { label: string }) {
  return (
    <p data-part="embed-loading" role="status">
      <span data-part="spinner" aria-hidden="true" />
      {label}
    </p>
  );
}

function Failure({ text, retry }: { text: string; retry?: () => void }) {
  return (
    <div data-part="embed-error" role="alert">
      <p>{text}</p>
      {retry && (
        <button type="button" data-part="embed-retry" onClick={retry}>
          {TRY_AGAIN}
        </button>
      )}
    </div>
  );
}

function Body({ body, name, retry }: { body: DocBody; name: string; retry: () => void }) {
  switch (body.kind) {
    case 'pdf':
      return (
        <div data-part="pdf">
          <iframe src={body.src} title={name} />
          {/* iOS Safari shows only a PDF's first page in a frame */}
          <a data-part="doc-link" href={body.href} {...OUTSIDE}>
            {OPEN_PDF}
          </a>
        </div>
      );
    case 'rendered':
      if (body.state === 'loading') return <Loading label={LOADING_DOCUMENT} />;
      if (body.state === 'failed') return <Failure text={body.error} retry={retry} />;
      if (body.view === 'docx') return <DocxContent content={body.content as RenderedDocx} />;
      if (body.view === 'markdown') {
        const { Markdown, text } = body.content as MarkdownContent;
        return <Markdown text={text} />;
      }
      return <pre data-part="text">{body.content as string}</pre>;
    case 'spreadsheet':
      return (
        <div data-part="doc-notice">
          <p>{SPREADSHEET_NOTICE}</p>
          <a data-part="doc-link" href={body.href} {...OUTSIDE}>
            {OPEN_SPREADSHEET}
          </a>
        </div>
      );
    case 'download':
      return (
        <div data-part="doc-notice">
          <a data-part="doc-link" href={body.href} download>
            {DOWNLOAD_DOCUMENT}
          </a>
        </div>
      );
    default:
      return <p data-part="doc-notice">{NO_DOCUMENT_FILE}</p>;
  }
}

function Footer({ items }: { items: FooterItem[] }) {
  return (
    <footer data-part="doc-footer">
      {items.map((b) =>
        b.kind === 'link' ? (
          <a key={b.id} data-part="footer-button" href={b.href} {...OUTSIDE}>
            {b.label}
          </a>
        ) : (
          <button key={b.id} type="button" data-part="footer-button" onClick={b.onClick}>
            {b.label}
          </button>
        ),
      )}
    </footer>
  );
}

/** widget-spec §2 "Smart document viewer". */
export function DocViewer({ vm }: { vm: DocViewerView }) {
  const name = vm.header?.name ?? 'Document';
  return (
    <section data-part="doc-viewer" data-phase={vm.phase} aria-label={name} aria-busy={vm.phase === 'loading'}>
      {vm.phase === 'loading' && <Loading label={LOADING_DOCUMENT} />}
      {vm.phase === 'error' && <Failure text={vm.error} retry={vm.retry} />}
      {vm.header && (
        <header data-part="doc-header">
          <p data-part="doc-name">{vm.header.name}</p>
          <p data-part="doc-version">{vm.header.version}</p>
        </header>
      )}
      {vm.body && (
        // a scrolling document: focusable, so the keyboard scrolls it too; its click only guards the links inside,
        // which the keyboard activates as links (a click event either way)
        // biome-ignore lint/a11y/useKeyWithClickEvents: see above
        <div
          data-part="doc-content"
          role="document"
          aria-label={name}
          tabIndex={0}
          data-view={vm.body.kind === 'rendered' ? vm.body.view : vm.body.kind}
          onClick={vm.body.kind === 'rendered' ? guardLinks(vm.body.href) : undefined}
        >
          <Body body={vm.body} name={name} retry={vm.retry} />
        </div>
      )}
      {vm.footer && vm.footer.length > 0 && <Footer items={vm.footer} />}
    </section>
  );
}

/** The Share disclosure: the three sharing pages and Copy link ('Copied!' for 2 s). */
class Share extends Component<{ share: NonNullable<NonNullable<VideoViewerView['header']>['share']> }> {
  private button = createRef<HTMLButtonElement>();
  private onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    // the menu's Escape only: inside the modal, a canceled keydown is no close request for the dialog
    e.preventDefault();
    e.stopPropagation();
    this.props.share.close();
    this.button.current?.focus();
  };
  private onFocusOut = (e: FocusEvent) => {
    // the focus left the menu and its button: it closes
    const next = e.relatedTarget as Node | null;
    if (next && !(e.currentTarget as Element).contains(next)) this.props.share.close();
  };
  override render() {
    const { share } = this.props;
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: the Share menu's wrapper only hears its buttons' keys and focus (Escape, leaving the menu)
      <div data-part="share" onKeyDown={this.onKeyDown} onFocusOut={this.onFocusOut}>
        <button
          ref={this.button}
          type="button"
          data-part="video-action"
          aria-expanded={share.open}
          aria-controls="share-menu"
          onClick={share.toggle}
        >
          {SHARE}
        </button>
        {share.open && (
          <ul id="share-menu" data-part="share-menu" aria-label={SHARE_VIDEO}>
            {share.links.map((l) => (
              <li key={l.label}>
                <a href={l.href} {...OUTSIDE} onClick={share.close}>
                  {l.label}
                </a>
              </li>
            ))}
            <li>
              <button type="button" onClick={share.copy}>
                {COPY_LINK}
              </button>
            </li>
          </ul>
        )}
        <span data-part="copied" role="status">
          {share.copied ? COPIED : ''}
        </span>
      </div>
    );
  }
}

/** widget-spec §2 "Video viewer". */
export function VideoViewer({ vm }: { vm: VideoViewerView }) {
  const { header, video } = vm;
  const name = header?.name ?? 'Video';
  return (
    <section
      data-part="video-viewer"
      data-phase={vm.phase}
      aria-label={name}
      aria-busy={vm.phase === 'loading'}
      style={video?.brand ? { '--embed-brand': video.brand } : undefined}
    >
      {vm.phase === 'loading' && <Loading label={LOADING_VIDEO} />}
      {vm.phase === 'error' && <Failure text={vm.error} retry={vm.retry} />}
      {header && (
        <header data-part="video-header">
          <p data-part="video-name" title={header.name}>
            {header.name}
          </p>
          <div data-part="video-actions">
            {header.share && <Share share={header.share} />}
            {header.ask && (
              <button type="button" data-part="video-action" onClick={header.ask}>
                {ASK_QUESTION}
              </button>
            )}
          </div>
        </header>
      )}
      {vm.phase === 'loaded' && (
        <div data-part="video-frame">
          {video ? (
            <video
              src={video.src}
              poster={video.poster || undefined}
              controls={video.controls}
              loop={video.loop}
              muted={video.muted}
              playsInline
              preload="metadata"
              crossOrigin={video.captions ? 'anonymous' : undefined}
              playbackRate={video.speed}
              onCanPlay={(e) => video.ready(e.currentTarget)}
              onError={video.failed}
            >
              {video.captions && <track kind="captions" src={video.captions} srcLang="en" label={CAPTIONS_LANGUAGE} default />}
            </video>
          ) : (
            <p data-part="doc-notice">{NO_VIDEO}</p>
          )}
        </div>
      )}
      {video && (
        <div data-part="video-bar">
          <button type="button" data-part="speed" aria-label={playbackSpeed(video.speedLabel)} onClick={video.nextSpeed}>
            {video.speedLabel}
          </button>
          {vm.mediaError && (
            <p data-part="embed-error" role="alert">
              {vm.mediaError}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

/** The markdown renderer, once loaded, for the modal's answers. */
type MarkdownComponent = MarkdownContent['Markdown'];

/**
 * widget-spec §2 "Smart doc modal": a native `<dialog>` shown with `showModal()` (the top layer,
 * a focus trap, Escape), the viewer on the left and a chat on the right.
 */
export class AskModal extends Component<{ vm: AskModalView; viewer: ComponentChildren; markdown: MarkdownComponent | null }> {
  private dialog = createRef<HTMLDialogElement>();
  private log = createRef<HTMLDivElement>();
  private opener: Element | null = null;

  private sync() {
    const dialog = this.dialog.current;
    if (!dialog) return;
    if (this.props.vm.open && !dialog.open) {
      this.opener = deepActiveElement();
      dialog.showModal();
    } else if (!this.props.vm.open && dialog.open) {
      dialog.close();
      // back to the button that opened it
      (this.opener as HTMLElement | null)?.focus?.();
    }
    const log = this.log.current;
    if (log) log.scrollTop = log.scrollHeight;
  }
  override componentDidMount() {
    this.sync();
  }
  override componentDidUpdate() {
    this.sync();
  }

  override render() {
    const { vm, viewer, markdown: Markdown } = this.props;
    return (
      // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes it; the keyboard closes it with Escape (onCancel)
      <dialog
        ref={this.dialog}
        data-part="ask-modal"
        aria-labelledby="ask-modal-title"
        onCancel={(e) => {
          // Escape: the machine closes it (and the cleanup runs)
          e.preventDefault();
          vm.close();
        }}
        onClick={(e) => {
          // the frame fills the dialog: only the backdrop's clicks reach the dialog itself
          if (e.target === e.currentTarget) vm.close();
        }}
      >
        <div data-part="modal-frame">
          <header data-part="modal-header">
            <h2 id="ask-modal-title">{vm.title}</h2>
            <button type="button" data-part="modal-close" aria-label={CLOSE} onClick={vm.close}>
              ×
            </button>
          </header>
          <div data-part="modal-body">
            <div data-part="modal-viewer">{viewer}</div>
            <section data-part="modal-chat" aria-label={CHAT}>
              <div ref={this.log} data-part="modal-messages" role="log" aria-live="polite">
                {vm.loadingHistory && <Loading label={LOADING_HISTORY} />}
                {vm.historyError && (
                  <p data-part="embed-error" role="alert">
                    {vm.historyError}
                  </p>
                )}
                {vm.messages.map((m, i) => (
                  <div key={i} data-part="modal-message" data-role={m.role} data-failed={m.failed || undefined}>
                    {m.role === 'ai' && !m.failed && Markdown ? <Markdown text={m.text} /> : <p>{m.text}</p>}
                  </div>
                ))}
                {vm.sending && (
                  <p data-part="modal-typing" role="status">
                    <span data-part="spinner" aria-hidden="true" />
                    {THINKING}
                  </p>
                )}
              </div>
              <form
                data-part="modal-composer"
                onSubmit={(e) => {
                  e.preventDefault();
                  vm.send();
                }}
              >
                <textarea
                  aria-label={YOUR_QUESTION}
                  placeholder={ASK_PLACEHOLDER}
                  rows={2}
                  value={vm.draft}
                  autofocus
                  onInput={(e) => vm.setDraft(e.currentTarget.value)}
                  onKeyDown={(e) => {
                    // widget-spec §5: Enter sends, Shift+Enter adds a new line
                    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
                      e.preventDefault();
                      vm.send();
                    }
                  }}
                />
                <button type="submit" data-part="modal-send" aria-label={SEND_MESSAGE} title={vm.sendTitle} disabled={!vm.canSend}>
                  ➤
                </button>
              </form>
            </section>
          </div>
        </div>
      </dialog>
    );
  }
}

/** The focused element, through open shadow roots. */
function deepActiveElement(): Element | null {
  let el = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el;
}
