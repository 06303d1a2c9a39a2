/**
 * The console's words (English for now), keyed by code: machines and the API client carry codes, the views
 * take their words from here (STYLE.md "Words live in one message catalogue per app").
 */
import type { RouteName } from '../machines/console-router';

export const W = {
  product: 'Console',
  skipLink: 'Skip to content',
  loading: 'Loading…',
  retry: 'Try again',
  cancel: 'Cancel',
  save: 'Save',
  saving: 'Saving…',
  saved: 'Saved.',
  signOut: 'Sign out',
  signedInAs: (email: string) => `Signed in as ${email}`,
  mainNav: 'Site',
  siteSwitcher: 'Site',
  allSites: 'All sites',
  leaveTitle: 'Leave without saving?',
  leaveText: 'This page has changes that are not saved. They are lost if you leave.',
  leave: 'Leave',
  roles: { owner: 'Owner', editor: 'Editor', viewer: 'Viewer', adviser: 'Adviser' } as Record<string, string>,
  screens: {
    signIn: 'Sign in',
    invite: 'Set your password',
    sites: 'Your sites',
    overview: 'Overview',
    appearance: 'Appearance',
    members: 'Members',
    audit: 'Audit log',
    inbox: 'Conversations',
    conversation: 'Conversation',
    analytics: 'Analytics',
    documents: 'Documents',
    videos: 'Videos',
    buttons: 'Buttons',
    advice: 'Advice',
    adviceFile: 'Advice file',
    notFound: 'Page not found',
    account: 'Account',
  } satisfies Record<RouteName, string>,
  notFoundText: 'There is nothing at this address.',
  backToSites: 'Back to your sites',

  // sign-in
  email: 'Email',
  password: 'Password',
  signInButton: 'Sign in',
  signingIn: 'Signing in…',
  throttled: (seconds: number) => `Too many attempts. Wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'}, then try again.`,

  // invitation
  inviteFor: (email: string) => `You were invited as ${email}.`,
  inviteToSite: (site: string, role: string) => `Site: ${site} (${role}).`,
  inviteExpires: (when: string) => `This link works until ${when}.`,
  newPassword: 'New password',
  passwordHint: (min: number) => `At least ${min} characters. Common passwords are refused.`,
  setPassword: 'Set password and sign in',
  existingAccount: 'You have an account already: enter its password to accept.',
  acceptInvite: 'Accept and sign in',
  inviteOwnAccount: (email: string) => `You are signed in as ${email}: enter your password to accept.`,
  inviteOtherAccount: (email: string, invited: string) =>
    `You are signed in as ${email}. This invitation is for ${invited}: sign out to accept it as ${invited}.`,
  signOutToAccept: 'Sign out to accept',
  /** the invitation's heading while signed in (no password to set) */
  invitation: 'Invitation',
  inviteGone: 'This invitation link is not valid any more: it was used, or it expired. Ask the site’s owner for a new one.',

  // sites
  siteName: 'Name',
  yourRole: 'Your role',
  noSites: 'You have no sites yet.',
  createSite: 'Create site',
  newSiteName: 'Site name',
  newSiteOrigins: 'Allowed origins (one per line)',
  newSiteOriginsHint: 'The addresses of the pages that will show the widget, such as https://shop.example.com.',

  // overview: snippet and key
  snippet: 'Embed snippet',
  snippetHint: 'Paste this tag into the pages that should show the widget.',
  copy: 'Copy',
  copied: 'Copied',
  copyRefused: 'Copying was not allowed by the browser. The text is selected: press Ctrl+C (⌘C on a Mac) to copy it.',
  apiKey: 'API key',
  keyNotKept: 'This key was made before the server kept keys: only its owner’s copy shows it. Rotate it to see the new one here.',
  rotateKey: 'Rotate key',
  rotateTitle: 'Rotate the API key?',
  rotateText: (grace: string) =>
    `A new key replaces this one. The old key keeps working for ${grace}, so pages can be updated to the new snippet in that time.`,
  rotateTextUnknownGrace:
    'A new key replaces this one. The old key keeps working for a grace period, so pages can be updated in that time.',
  rotateConfirm: 'Rotate',
  previousKeyUntil: (when: string) => `The previous key works until ${when}.`,
  keyRotated: 'The key was rotated. Update the snippet on your pages.',

  // overview: origins
  origins: 'Allowed origins',
  originsHint: 'Pages on these origins may use the key. “self” is this server.',
  noOrigins: 'No origin is allowed: no page can show the widget.',
  newOrigin: 'Add an origin',
  add: 'Add',
  remove: 'Remove',
  removeNamed: (name: string) => `Remove ${name}`,
  saveOrigins: 'Save origins',
  selfTitle: 'Stop allowing this server?',
  selfText: 'Without “self”, the pages this server serves (the demo and the embed pages) cannot use this site’s key any more.',
  selfConfirm: 'Save without self',
  refused: 'Recently refused origins',
  refusedHint: 'Pages on these origins tried to use the key and were refused.',
  noRefused: 'No origin was refused lately.',
  refusedSeen: (count: number, when: string) => `${count} ${count === 1 ? 'time' : 'times'}, last ${when}`,
  allow: 'Allow',
  allowNamed: (origin: string) => `Allow ${origin}`,

  // overview: config
  config: 'Settings',
  pageAwareness: 'Page awareness (the assistant reads the page the visitor is on)',
  avatarId: 'Avatar id',
  referenceWebpage: 'Reference page',
  referenceWebpageHint: 'An address the assistant may send visitors to, such as your help page.',

  // members
  member: 'Member',
  role: 'Role',
  pending: 'Invitation pending',
  invite: 'Invite a member',
  inviteButton: 'Invite',
  inviteLink: 'Invitation link',
  inviteLinkHint: (when: string) => `Send this link to the person. It works once, until ${when}.`,
  changeRoleOf: (email: string) => `Role of ${email}`,
  removeTitle: (email: string) => `Remove ${email}?`,
  removeText: 'They lose access to this site at once.',
  withdraw: 'Withdraw',
  withdrawNamed: (email: string) => `Withdraw the invitation of ${email}`,
  withdrawTitle: (email: string) => `Withdraw the invitation of ${email}?`,
  withdrawText: 'Its link stops working at once.',
  lastOwner: 'A site keeps at least one owner: make someone else owner first.',
  you: '(you)',

  // audit
  when: 'When',
  who: 'Who',
  what: 'What',
  change: 'Before → after',
  noAudit: 'Nothing was changed yet.',
  older: 'Show older entries',
  auditEnd: 'That is the first entry.',
  nothing: '—',
} as const;

/** Words of a refusal's code (console/api.ts `ApiErrorCode`, and the machines' own). */
const ERRORS: Record<string, string> = {
  SIGN_IN_FAILED: 'The email or the password is wrong.',
  SIGN_IN_EMPTY: 'Enter your email and password.',
  UNAUTHENTICATED: 'Your session has ended. Please sign in again.',
  FORBIDDEN: 'Your role on this site does not allow this.',
  CSRF: 'This page is out of date. Reload it and try again.',
  REAUTH_REQUIRED: 'This change needs your password: try again and confirm it.',
  NOT_FOUND: 'Not found, or not yours to see.',
  INVALID: 'This value is not allowed.',
  CONFLICT: 'Someone else changed this meanwhile. Reload to see their change.',
  THROTTLED: 'Too many attempts. Please wait, then try again.',
  BUSY: 'The server is busy; try again in a moment.',
  INVITE_ACCOUNT_EXISTS: 'This email has an account now. Open the link again and enter that account’s password.',
  NETWORK: 'The server could not be reached. Check your connection and try again.',
  BAD_RESPONSE: 'The server answered something unexpected. Please try again.',
  SERVER: 'Something went wrong on the server. Please try again.',
  PASSWORD_SHORT: 'The password is too short.',
};

/** The words of a refusal: its code's, with what the field allows when the server says. */
export function errorText(error: { code: string; allowed?: string }): string {
  const words = ERRORS[error.code] ?? ERRORS.SERVER!;
  return error.allowed ? `${words} Allowed: ${error.allowed}.` : words;
}

/** A date and time as the person's browser shows them. */
export const formatWhen = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
};

/** A duration in words (the key's grace period). */
export function formatDuration(seconds: number): string {
  const units: [number, string][] = [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, name] of units)
    if (seconds >= size && seconds % size === 0) {
      const n = seconds / size;
      return `${n} ${name}${n === 1 ? '' : 's'}`;
    }
  return `${seconds} seconds`;
}
