/**
 * The launcher (widget-spec §2 "Widget parts", §3 `launcher`), in plain DOM, drawn in one place: this
 * module is part of widget.js (issue 13). It draws the launcher's first frame from the site's settings
 * stored on an earlier visit, or from the session boot's answer, before any module of the widget is
 * even fetched; the engine then draws it through the same `paint` (src/app.tsx), so the first frame and
 * every later one are the same markup, and the text chat carries no second copy.
 *
 * `paint` reads the appearance defensively (the boot's answer and local storage are untrusted input):
 * a value of the wrong type, a colour or length that could end a CSS declaration, an icon that is not
 * an http(s) or data:image URL all fall back to the stylesheet's defaults, which are
 * `DEFAULT_APPEARANCE`'s (contract/appearance.ts). The engine hands it the merged appearance, which
 * reads the same.
 */
import coreCss from './styles/core.css';
import { isMobileViewport } from './viewport';

/** widget-spec §5: the element's name (docs/architecture.md "The embed contract"). */
export const ELEMENT_NAME = 'ai-chat-widget';

/** The window's state the launcher shows. */
export interface LauncherState {
  open: boolean;
  /** The server answers (machines/network.ts); the live dot turns grey and the name says reconnecting when not. */
  reachable: boolean;
  /** A phone's page (src/viewport.ts): the open window fills the screen. */
  mobile: boolean;
}

export interface LauncherFrame {
  /** The frame (`data-part="frame"`): the window, the bubble and the launcher, in that order. */
  readonly frame: HTMLElement;
  /** Where the window and the bubble are drawn, before the launcher (`display: contents`). */
  readonly layer: HTMLElement;
  readonly button: HTMLButtonElement;
  /** Draws the launcher for an appearance and the window's state; the first call puts the frame on the page. */
  paint(appearance: unknown, state: LauncherState): void;
  /** What a click on the launcher, or Escape on it while the window is open, does. */
  onToggle: () => void;
}

type Plain = Record<string, unknown>;
const plain = (v: unknown): Plain => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Plain) : {});
/** contract/appearance.ts `mergeAppearance`: a string of the right type and length, else the default. */
const text = (v: unknown, fallback = '') => (typeof v === 'string' && v.length <= 20_000 ? v : fallback);
/** Only colours, lengths and plain words reach CSS: nothing that could end a declaration (src/theme.ts `safe`). */
const cssValue = (v: unknown) => (/^[#(),.%\w\s-]*$/.test(text(v)) ? text(v) : '');
const px = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? `${v}px` : '');

/** The src of an icon from the appearance: SVG markup as an inert image (never live markup), or an http(s) or data:image URL; '' for none. */
export function iconSrc(type: unknown, value: unknown): string {
  const v = text(value);
  if (!v) return '';
  if (type !== 'image') return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(v)}`;
  return /^(https?:|data:image\/)/i.test(v) ? v : '';
}

/** How the launcher looks for an appearance and the window's state (widget-spec §2, §3). */
export function launcherLook(appearance: unknown, { open, reachable }: Pick<LauncherState, 'open' | 'reachable'>) {
  const a = plain(appearance);
  const l = plain(a.launcher);
  return {
    // before the core (and the page's locale with it) has loaded, the launcher is named by the agent's name alone,
    // words of no language; the core names it in the locale's words ('Open chat with …', 'Close chat')
    label: text(a.agentName, 'AI Agent'),
    icon: open ? iconSrc(l.launcherCloseIconType, l.launcherCloseIcon) : iconSrc(l.launcherIconType, l.launcherIcon),
    pulse: l.pulseAnimation === true && !open,
    glow: l.glowEffect === true,
    liveDot: l.showLiveStatus !== false && !open,
    /** issue 13: the live dot shows the widget reconnecting (grey) while the server does not answer. */
    offline: !reachable,
    align: l.alignment === 'left' ? 'left' : 'right',
    /** The launcher's CSS variables on the host, as `--aiw-NAME` ('' leaves the stylesheet's default). */
    vars: {
      'launcher-size': px(l.size),
      'launcher-v': px(l.verticalPadding),
      'launcher-h': px(l.horizontalPadding),
      'launcher-bg': cssValue(l.backgroundColor),
      'launcher-border': cssValue(l.borderColor),
      'live-color': cssValue(l.liveStatusColor),
    },
  };
}

const SVG = 'http://www.w3.org/2000/svg';
/** The launcher's two icons (the window's icons are src/icons.tsx). */
const PATHS = {
  chat: 'M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4h0A1.5 1.5 0 0 1 4 14.5z',
  close: 'M6 6l12 12M18 6L6 18',
};

function set(el: Element, attrs: Record<string, string | boolean>) {
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false) el.removeAttribute(k);
    else el.setAttribute(k, v === true ? '' : v);
  }
}

function make<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string | boolean>): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  set(el, attrs);
  return el;
}

/** The launcher's chat or close icon. */
function icon(name: keyof typeof PATHS): SVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  set(svg, { viewBox: '0 0 24 24', width: '20', height: '20', 'aria-hidden': 'true', focusable: 'false' });
  const path = document.createElementNS(SVG, 'path');
  set(path, {
    d: PATHS[name],
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
  });
  svg.append(path);
  return svg;
}

/** The launcher's frame in `mount`, themed through `host`'s CSS variables; nothing is on the page until the first `paint`. */
export function createLauncherFrame(host: HTMLElement, mount: HTMLElement): LauncherFrame {
  const frame = make('div', { 'data-part': 'frame' });
  const layer = make('div', { 'data-part': 'layer' });
  const button = make('button', { type: 'button', 'data-part': 'launcher', 'aria-haspopup': 'dialog' });
  frame.append(layer, button);
  let open = false;
  /** What the button holds now, so that a paint that changes nothing leaves its children alone. */
  let drawn = '';
  const self: LauncherFrame = {
    frame,
    layer,
    button,
    onToggle: () => undefined,
    paint(appearance, state) {
      const look = launcherLook(appearance, state);
      open = state.open;
      for (const [k, v] of Object.entries(look.vars)) {
        if (v) host.style.setProperty(`--aiw-${k}`, v);
        else host.style.removeProperty(`--aiw-${k}`);
      }
      set(frame, { 'data-align': look.align, 'data-mobile': state.mobile, 'data-open': open });
      set(button, { 'data-pulse': look.pulse, 'data-glow': look.glow, 'aria-label': look.label, 'aria-expanded': String(open) });
      const content = `${look.icon}\n${open}\n${look.liveDot}\n${look.offline}`;
      if (content !== drawn) {
        drawn = content;
        button.replaceChildren(
          look.icon ? make('img', { 'data-part': 'launcher-image', src: look.icon, alt: '' }) : icon(open ? 'close' : 'chat'),
          ...(look.liveDot ? [make('span', { 'data-part': 'live-dot', 'data-offline': look.offline, 'aria-hidden': 'true' })] : []),
        );
      }
      if (frame.parentNode !== mount) mount.replaceChildren(frame);
    },
  };
  button.addEventListener('click', () => self.onToggle());
  // Escape closes an open window from its launcher too, as it does from inside the window
  button.addEventListener('keydown', (e) => open && e.key === 'Escape' && self.onToggle());
  return self;
}

/** The custom element, its shadow root and the launcher's frame, handed to the engine when it takes over. */
export interface FirstFrame {
  host: HTMLElement & { enrichUserProfile?: (fields: Record<string, string | number | boolean>) => Promise<void> };
  shadow: ShadowRoot;
  launcher: LauncherFrame;
  /** The element was the page's own (it stays, empty, on destroy). */
  existing: boolean;
  sheet(css: string): CSSStyleSheet;
  /** Settles once the first frame is drawn, or given up (after `patience` ms without the boot's answer). */
  drawn: Promise<void>;
  /** Ends the first frame; true when the visitor opened the window from it. */
  takeOver(): boolean;
}

/** Where the site's settings are stored for the next visit, per API key (a page may change sites). */
export const settingsKey = (apiKey: string) => `ai_chat_settings_${apiKey}`;

/** The appearance stored on an earlier visit with its config (src/effects/stored-settings.ts), or null. */
function storedAppearance(apiKey: string): unknown {
  try {
    const v = plain(JSON.parse(localStorage.getItem(settingsKey(apiKey)) ?? 'null'));
    return plain(v.config) === v.config && plain(v.appearance) === v.appearance ? v.appearance : null;
  } catch {
    return null;
  }
}

/**
 * Makes the element and its shadow root and draws the launcher as soon as its look is known: at once
 * from the stored settings, else from the boot's answer (waited for at most `patience` ms; then nothing
 * is drawn, and the engine shows the launcher once the settings load, or with the defaults). A click
 * before the engine takes over shows the window's placeholder and is passed on.
 */
export function drawFirstFrame(apiKey: string, boot: Promise<Response> | undefined, patience: number): FirstFrame {
  if (!customElements.get(ELEMENT_NAME)) customElements.define(ELEMENT_NAME, class extends HTMLElement {});
  const existing = document.querySelector(ELEMENT_NAME) as FirstFrame['host'] | null;
  const host = existing ?? (document.createElement(ELEMENT_NAME) as FirstFrame['host']);
  if (!existing) document.body.appendChild(host);
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const sheet = (css: string) => {
    const s = new CSSStyleSheet();
    s.replaceSync(css);
    return s;
  };
  // all styles live inside the shadow root as adopted sheets: nothing leaks in or out, and no <style> needs a CSP exception
  shadow.adoptedStyleSheets = [sheet(coreCss)];
  const mount = make('div', { 'data-part': 'root' });
  shadow.replaceChildren(mount);
  const launcher = createLauncherFrame(host, mount);

  let opened = false;
  let over = false;
  let look: unknown = null;
  const draw = (appearance: unknown) => {
    if (over) return;
    look = appearance;
    launcher.paint(appearance, { open: opened, reachable: true, mobile: isMobileViewport() });
    if (opened && !launcher.layer.firstChild) {
      const name = text(plain(appearance).agentName, 'AI Agent');
      // an ellipsis, in no language (the locale is the core's), for the eye; the dialog tells assistive technology
      // it is busy
      const message = make('p', { 'data-part': 'window-message', 'aria-hidden': 'true' });
      message.textContent = '…';
      const placeholder = make('div', { 'data-part': 'window', role: 'dialog', 'aria-label': name, 'aria-busy': 'true' });
      placeholder.append(message);
      launcher.layer.append(placeholder);
    }
  };
  launcher.onToggle = () => {
    if (opened) return;
    opened = true;
    draw(look);
  };

  const stored = storedAppearance(apiKey);
  if (stored) draw(stored);
  const drawn = stored
    ? Promise.resolve()
    : Promise.race([
        Promise.resolve(boot)
          .then((res) => (res?.ok ? res.clone().json() : null))
          .then((body: unknown) => {
            const a = plain(body).appearance;
            if (a && plain(a) === a) draw(a);
          }),
        new Promise<void>((resolve) => setTimeout(resolve, patience)),
      ]).catch(() => undefined);
  return {
    host,
    shadow,
    launcher,
    existing: !!existing,
    sheet,
    drawn,
    takeOver: () => {
      over = true;
      return opened;
    },
  };
}
