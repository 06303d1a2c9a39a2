/**
 * The shapes of widget-spec §3's host-page items that the server stores and the widget
 * reads: a smart document's and a video's embed settings, and a footer button.
 */

/** widget-spec §3 "Smart doc response": `embedSettings`. */
export interface SmartDocEmbedSettings {
  /** Hides the viewer's header (the name and 'Version N • TYPE'). */
  hideDocHeader: boolean;
  /** Hides the footer buttons. */
  hideDocFooter: boolean;
}

/** widget-spec §3 "Video response": `embedSettings`. */
export interface VideoEmbedSettings {
  /** Hides the 60 px header (the name, Share and Ask question). */
  hideVideoHeader: boolean;
  /** Shows the Share dropdown. */
  shareEnabled: boolean;
  /** Shows Ask question. */
  askQuestionEnabled: boolean;
  /** The colour of the header's buttons, `#rgb` to `#rrggbbaa`. */
  embedBrandColor: string;
  /** The video element's own controls. */
  controls: boolean;
  /** A muted play attempt once the video can play (widget-spec §4 "Video autoplay"). */
  autoplay: boolean;
  loop: boolean;
  mute: boolean;
}

/** widget-spec §3 "Smart doc footer button": a LINK opens `url`, a BUTTON runs `actionType` (`open_chat_modal`). */
export interface FooterButton {
  id: string;
  label: string;
  type: 'LINK' | 'BUTTON';
  url?: string;
  actionType?: string;
}
