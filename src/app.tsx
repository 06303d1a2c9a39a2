/**
 * The launcher, the proactive bubble, and the chat window (widget-spec §2 "Widget parts"), from the
 * launcher's view model (src/view-models/launcher.ts). The launcher itself is plain DOM drawn by
 * widget.js (src/launcher-frame.ts, issue 13): App paints it with the view and renders the window and
 * the bubble into the frame's layer. Written without hooks, as the launcher's part of the widget.
 */
import { Component } from 'preact';
import type { EmbedSnapshot } from '../machines/embed';
import { selectIsReachable } from '../machines/network';
import type { WindowSnapshot } from '../machines/window';
import { Icon } from './icons';
import { RuntimeContext, type LoadedWindow, type Runtime } from './runtime';
import { connectLauncher } from './view-models/launcher';

interface AppState {
  window: WindowSnapshot;
  embed: EmbedSnapshot;
  reachable: boolean;
  /** The conversation, started on the window's first opening. */
  loaded: LoadedWindow | null;
}

export class App extends Component<{ rt: Runtime }, AppState> {
  override state: AppState = {
    window: this.props.rt.windowActor.getSnapshot(),
    embed: this.props.rt.embed.getSnapshot(),
    reachable: selectIsReachable(this.props.rt.network.getSnapshot()),
    loaded: null,
  };
  private stop?: () => void;

  /** Retry: the site's settings again. */
  private retry = () => this.props.rt.embed.send({ type: 'SETTINGS.RETRY' });

  override componentDidMount() {
    const { windowActor, embed, network } = this.props.rt;
    this.paint();
    const subs = [
      windowActor.subscribe((window) => this.setState({ window, loaded: this.loaded() })),
      embed.subscribe((s) => this.setState({ embed: s, loaded: this.loaded() })),
      network.subscribe((s) => this.setState({ reachable: selectIsReachable(s) })),
    ];
    this.setState({ loaded: this.loaded() });
    this.stop = () => subs.forEach((s) => s.unsubscribe());
  }

  /** The conversation once the window is open with usable settings (it starts then), else null. */
  private loaded(): LoadedWindow | null {
    const { windowActor, embed, conversation } = this.props.rt;
    return this.state.loaded ?? (windowActor.getSnapshot().matches('open') && !embed.getSnapshot().context.loadError ? conversation() : null);
  }

  override componentWillUnmount() {
    this.stop?.();
  }

  private view() {
    const { rt } = this.props;
    const { appearance, loadError } = this.state.embed.context;
    return connectLauncher({ window: this.state.window, appearance, loadError, reachable: this.state.reachable, send: rt.windowActor.send.bind(rt.windowActor), retry: this.retry });
  }

  /** The launcher (plain DOM, src/launcher-frame.ts), drawn from the same view. */
  private paint() {
    const { launcher } = this.props.rt;
    const view = this.view();
    launcher.onToggle = view.toggle;
    launcher.paint(this.state.embed.context.appearance, view);
  }

  override componentDidUpdate(_: unknown, prev: AppState) {
    this.paint();
    // the window closed with the focus inside it (Escape, a close button): back to the launcher
    const active = document.activeElement;
    if (prev.window.matches('open') && !this.state.window.matches('open') && (active === document.body || active === this.props.rt.host || active === null)) {
      this.props.rt.launcher.button.focus();
    }
  }

  override render() {
    const { rt } = this.props;
    const { loaded } = this.state;
    const view = this.view();
    const { bubble } = view;
    return (
      <RuntimeContext.Provider value={rt}>
        {view.open &&
          (view.error || !loaded ? (
            // the window when the site's settings could not be loaded
            <div data-part="window" role="dialog" aria-label={view.agentName}>
              <p data-part="window-message" role={view.error ? 'alert' : 'status'}>
                {view.error ?? 'Loading…'}
              </p>
              {view.retry && (
                <button type="button" data-part="window-retry" onClick={view.retry}>
                  Retry
                </button>
              )}
              <button type="button" data-part="placeholder-close" aria-label="Close chat" onClick={view.close}>
                <Icon name="close" />
              </button>
            </div>
          ) : (
            <loaded.ChatWindow conversation={loaded.conversation} />
          ))}
        {bubble && (
          <div data-part="bubble" role="status">
            <button type="button" data-part="bubble-close" aria-label="Dismiss message" onClick={view.dismissBubble}>
              <Icon name="close" />
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
            <button type="button" data-part="bubble-text" onClick={view.openWindow}>
              {bubble.text}
            </button>
          </div>
        )}
      </RuntimeContext.Provider>
    );
  }
}
