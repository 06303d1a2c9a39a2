/**
 * The words of the Videos and Buttons screens (English), in their own chunk: only a tab's label lives in
 * console/messages.ts. Keyed by the codes the server and contract/media-fields.ts carry.
 */
import type { VideoKind } from './api';

export const M = {
  // buttons
  buttonsTitle: 'Action buttons',
  buttonsHint:
    'Buttons the chat window offers on a page of your site. A path ending in * takes every page under it (/help/*). On each path, buttons show in this order.',
  noButtons: 'No action buttons yet.',
  path: 'Page path',
  pathHint: 'Such as /pricing, or /help/* for every page under /help/.',
  buttonName: 'Button text',
  buttonType: 'When clicked',
  buttonTypes: { ACTION: 'Send a message to the agent', EXTERNAL_LINK: 'Open a link in a new tab' } as Record<string, string>,
  actionMessage: 'Message sent',
  externalUrl: 'Link',
  addButton: 'Add button',
  addButtonTitle: 'Add an action button',
  editButtonTitle: (name: string) => `Edit “${name}”`,
  saveButton: 'Save button',
  edit: 'Edit',
  editNamed: (name: string) => `Edit ${name}`,
  moveUp: (name: string) => `Move ${name} up`,
  moveDown: (name: string) => `Move ${name} down`,
  up: 'Up',
  down: 'Down',
  remove: 'Remove',
  removeNamed: (name: string) => `Remove ${name}`,
  removeButtonTitle: (name: string) => `Remove the button “${name}”?`,
  removeButtonText: 'Visitors stop seeing it at once.',
  target: (type: string, target: string) => (type === 'EXTERNAL_LINK' ? `Opens ${target}` : `Sends “${target}”`),
  buttonsOn: (path: string) => `On ${path}`,

  // presence videos
  presenceTitle: 'Presence videos',
  presenceHint: 'A video the agent shows in the chat to visitors of a page, with a few words beside it.',
  noPresence: 'No presence videos yet.',
  video: 'Video',
  content: 'Words beside it',
  addPresence: 'Add presence video',
  noVideos: 'Add a video on the Videos tab first.',
  removePresenceTitle: (path: string) => `Stop showing this video on ${path}?`,
  removePresenceText: 'Visitors of the page stop seeing it.',

  // videos
  videosHint: 'Videos to show in a page of your site (its slot below) and as presence videos.',
  noVideosYet: 'No videos yet.',
  newVideo: 'New video',
  videoName: 'Name',
  addVideo: 'Add video',
  description: 'Description',
  transcript: 'Transcript',
  transcriptHint: 'What is said in the video: the agent answers questions about it from this text.',
  settings: 'Embed settings',
  settingNames: {
    hideVideoHeader: 'Hide the header (name, Share, Ask question)',
    shareEnabled: 'Share',
    askQuestionEnabled: 'Ask question',
    embedBrandColor: 'Brand colour',
    controls: 'Player controls',
    autoplay: 'Autoplay (muted)',
    loop: 'Loop',
    mute: 'Start muted',
  } as Record<string, string>,
  colourText: 'Brand colour (hex)',
  saveVideo: 'Save video',
  files: 'Files',
  kinds: { video: 'Video file', poster: 'Poster image', captions: 'Captions' } satisfies Record<VideoKind, string>,
  /** What a kind takes, from the upload table (contract/uploads.ts). */
  accepts: (described: string, maxBytes: number) => `${described}, up to ${Math.round(maxBytes / 1024 / 1024)} MB`,
  current: (name: string) => `Now: ${name}`,
  none: 'None yet.',
  uploading: (kind: string) => `Uploading the ${kind.toLowerCase()}`,
  uploaded: (name: string) => `Uploaded ${name}.`,
  /** Why an upload was not stored, by the server's code; `takes` is what the kind takes. */
  uploadRefused: (code: string, takes: string): string | undefined =>
    ({
      TOO_LARGE: `This file is too large: it takes ${takes}. Nothing was stored.`,
      UNSUPPORTED_MEDIA_TYPE: `This file's content is not ${takes} (the type is read from the content, not the name). Nothing was stored.`,
      INVALID: 'This file is damaged or incomplete (captions must be UTF-8 WebVTT with valid cue timings). Nothing was stored.',
    })[code],
  snippet: 'Slot for your page',
  snippetHint: 'Paste this where the video goes, on a page that carries the widget’s script.',
  preview: 'Preview',
  showPreview: 'Show the preview',
  previewTitle: (name: string) => `Preview of ${name} on a sample page`,
  previewHint: 'The real viewer on a sample page, with the saved settings.',
  editVideo: (name: string) => `Edit ${name}`,
  removeVideoTitle: (name: string) => `Remove the video “${name}”?`,
  removeVideoText: 'Its files go with it, and the presence videos that show it. Pages that carry its slot show “Video not available”.',
  noFile: 'no file yet',
} as const;
