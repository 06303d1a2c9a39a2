/**
 * The appearance editor's words (English), keyed by the codes its machine and field list carry.
 */
import type { EditorError } from '../../machines/console-appearance';

export const GROUP_TITLES: Record<string, string> = {
  agent: 'Agent',
  layout: 'Layout',
  messages: 'Messages',
  launcher: 'Launcher',
  footer: 'Footer',
  bubble: 'Bubble',
  chatDisplay: 'Chat display',
  input: 'Input',
  buttons: 'Buttons and history list',
  home: 'Home',
  followUpAndResponseButtons: 'Follow-up and response buttons',
};

/** A nested style's name, before its field's (`userMessage.bgColor` is "User message background colour"). */
const PARTS: Record<string, string> = {
  userMessage: 'User message',
  aiMessage: 'AI message',
  chatHistoryList: 'History list',
  followUpButtons: 'Follow-up buttons',
  responseButton: 'Response button',
  buttons: 'Buttons',
};

/** Words the field names abbreviate or that read better otherwise. */
const WORDS: Record<string, string> = { bg: 'background', color: 'colour', ai: 'AI', svg: 'SVG' };

/** A field's label from its path: `launcher.backgroundColor` → "Background colour". */
export function fieldLabel(path: string): string {
  const [first, ...rest] = path.split('.');
  const name = rest.length ? rest.join(' ') : first!;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(' ')
    .map((w) => WORDS[w] ?? w)
    .join(' ');
  const part = rest.length ? PARTS[first!] : undefined;
  const text = part ? `${part} ${words}` : words;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const WORDS_EN = {
  title: 'Appearance',
  intro: 'Changes show in the preview as you make them. Visitors see them once you save.',
  loading: 'Loading the appearance…',
  readOnly: 'You can view this site’s appearance; an editor or an owner can change it.',
  published: (version: number, when?: string, who?: string) =>
    `Published: version ${version}${when ? `, saved ${when}` : ''}${who ? ` by ${who}` : ''}.`,
  unsaved: 'Unsaved changes',
  save: 'Save and publish',
  saving: 'Saving…',
  discard: 'Discard changes',
  reload: 'Reload',
  retry: 'Try again',
  resetToDefault: 'Reset to default',
  defaultIs: (d: string) => `Default ${d}`,
  defaultPlaceholder: (d: string) => `Default: ${d}`,
  colourText: (label: string) => `${label} (hex)`,
  contrast: (ratio: string, other: string) => `Low contrast: ${ratio} with ${other} (WCAG AA asks 4.5:1 for text).`,
  whiteIcon: 'the white icon',
  preview: 'Preview',
  previewTitle: 'Live preview: the widget with your draft on a sample page',
  previewOpen: 'Show the chat open',
  previewPhone: 'Phone width (390 px)',
  versions: 'Versions',
  versionCols: { version: 'Version', when: 'Saved', who: 'By', from: 'Restored from', actions: 'Actions' },
  view: (n: number) => `View version ${n}`,
  viewShort: 'View',
  restoreShort: 'Restore',
  restore: (n: number) => `Restore version ${n}`,
  current: 'current',
  viewingTitle: (n: number) => `Version ${n}`,
  viewingDefaults: 'All fields at their defaults.',
  close: 'Close',
  confirmDiscardTitle: 'Discard your changes?',
  confirmDiscard: 'The fields go back to the published appearance.',
  confirmRestoreTitle: (n: number) => `Restore version ${n}?`,
  confirmRestore: 'It becomes the newest version, and visitors see it at once.',
  confirmRestoreDirty: 'Your unsaved changes are dropped.',
  errors: {
    LOAD_FAILED: 'The appearance could not be loaded.',
    SAVE_FAILED: 'Saving failed. Your changes are still here; try again.',
    SAVE_REFUSED: 'The server refused a value. Check the fields marked below.',
    FORBIDDEN: 'Your role on this site lets you view its appearance, not change it.',
    CONFLICT: 'The appearance was changed elsewhere since you opened it. Reload to edit over the newest version (your changes stay).',
    VERSION_FAILED: 'That version could not be loaded.',
    RESTORE_FAILED: 'Restoring failed; nothing changed.',
  } satisfies Record<EditorError, string>,
};
