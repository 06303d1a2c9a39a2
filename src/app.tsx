/**
 * The launcher, the proactive bubble, and the chat window once its module has
 * loaded (widget-spec §2 "Widget parts"). It reads the window machine and sends
 * its events. Written without hooks: everything here is in the launcher's bundle,
 * whose size budget has no room for the hooks runtime (the chat window has it).
 */
import { Component } from 'preact';
import { selectBubble, selectIsMobile, selectIsOpen, type WidgetSnapshot } from '../machines/widget';
import { LauncherIcon } from './launcher-icons';
import { loadErrorText, RuntimeContext, type LoadedWindow, type Runtime } from './runtime';

/** The src of an icon from the appearance: SVG markup as an inert image (never live markup), or an image URL; '' for none. */
function iconSrc(type: 'svg' | 'image', value: string): string {
  if (!value) return '';
  if (type === 'svg') return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(value)}`;
  return /^(https?:|data:image\/)/i.test(value) ? value : '';
}

interface AppState {
  open: boolean;
  mobile: boolean;
  bubble: WidgetSnapshot['context']['bubble'];
  loaded: LoadedWindow | null;
  failed: boolean;
}

export class App extends Component<{ rt: Runtime }, AppState> {
  override state: AppState = { open: false, mobile: false, bubble: null, loaded: null, failed: false };
  private stop?: () => void;

  private sync = (s: WidgetSnapshot) => {
    const next = { open: selectIsOpen(s), mobile: selectIsMobile(s), bubble: selectBubble(s) };
    if (next.open !== this.state.open || next.mobile !== this.state.mobile || next.bubble !== this.state.bubble) this.setState(next);
    if (next.open) this.prefetch();
  };

  /** Loads the chat window's module (on hover, focus or open). */
  private prefetch = () => {
    const { rt } = this.props;
    if (rt.loadError || this.state.loaded) return;
    rt.conversation().then(
      (loaded) => this.setState({ loaded }),
      (err: unknown) => {
        console.error('AI chat widget: the chat window failed to load', err);
        this.setState({ failed: true });
      },
    );
  };

  override componentDidMount() {
    const { widget } = this.props.rt;
    this.sync(widget.getSnapshot());
    const sub = widget.subscribe(this.sync);
    this.stop = () => sub.unsubscribe();
  }

  override componentWillUnmount() {
    this.stop?.();
  }

  /** The launcher, for giving the focus back when the window closes. */
  private launcher: HTMLButtonElement | null = null;

  override componentDidUpdate(_: unknown, prev: AppState) {
    // the window closed with the focus inside it (Escape, a close button): back to the launcher
    const active = document.activeElement;
    if (prev.open && !this.state.open && (active === document.body || active === this.props.rt.host || active === null)) this.launcher?.focus();
  }

  override render() {
    const { rt } = this.props;
    const { open, mobile, bubble, loaded, failed } = this.state;
    const l = rt.appearance.launcher;
    const send = rt.widget.send.bind(rt.widget);
    const error = loadErrorText(rt.loadError) ?? (failed ? loadErrorText('FAILED') : null);
    const Window = loaded?.ChatWindow;
    const src = open ? iconSrc(l.launcherCloseIconType, l.launcherCloseIcon) : iconSrc(l.launcherIconType, l.launcherIcon);
    return (
      <RuntimeContext.Provider value={rt}>
        <div data-part="frame" data-align={l.alignment} data-mobile={mobile || undefined} data-open={open || undefined}>
          {open &&
            (error || !Window || !loaded ? (
              // the window while its module loads, or when the site's settings could not be loaded
              <div data-part="window" role="dialog" aria-label={rt.appearance.agentName}>
                <p data-part="window-message" role={error ? 'alert' : 'status'}>
                  {error ?? 'Loading…'}
                </p>
                <button type="button" data-part="placeholder-close" aria-label="Close chat" onClick={() => send({ type: 'WINDOW.CLOSE' })}>
                  <LauncherIcon name="close" />
                </button>
              </div>
            ) : (
              <Window conversation={{ chat: loaded.chat, sessions: loaded.sessions, client: loaded.client }} />
            ))}
          {bubble && !open && (
            <div data-part="bubble" role="status">
              <button type="button" data-part="bubble-close" aria-label="Dismiss message" onClick={() => send({ type: 'BUBBLE.DISMISS' })}>
                <LauncherIcon name="close" />
              </button>
              {bubble.videoUrl && (
                <video
                  data-part="bubble-video"
                  src={bubble.videoUrl}
                  muted
                  autoPlay
                  loop
                  playsInline
                  crossOrigin={bubble.captionsUrl ? 'anonymous' : undefined}
                  aria-label={bubble.text || 'Video message'}
                >
                  {bubble.captionsUrl && <track kind="captions" src={bubble.captionsUrl} srcLang="en" label="English" default />}
                </video>
              )}
              <button type="button" data-part="bubble-text" onClick={() => send({ type: 'WINDOW.OPEN' })}>
                {bubble.text}
              </button>
            </div>
          )}
          <button
            type="button"
            ref={(b) => {
              this.launcher = b;
            }}
            data-part="launcher"
            data-pulse={(l.pulseAnimation && !open) || undefined}
            data-glow={l.glowEffect || undefined}
            aria-label={open ? 'Close chat' : `Open chat with ${rt.appearance.agentName}`}
            aria-expanded={open}
            aria-haspopup="dialog"
            onClick={() => send({ type: 'WINDOW.TOGGLE' })}
            onPointerEnter={this.prefetch}
            onFocus={this.prefetch}
          >
            {src ? <img data-part="launcher-image" src={src} alt="" /> : <LauncherIcon name={open ? 'close' : 'chat'} />}
            {l.showLiveStatus && !open && <span data-part="live-dot" aria-hidden="true" />}
          </button>
        </div>
      </RuntimeContext.Provider>
    );
  }
}
