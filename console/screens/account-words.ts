/**
 * The account screen's words (English); its refusals' words are in account-errors.ts, shared with the password
 * dialog, whose own words are in its chunk (console/reauth.tsx).
 */

export const A = {
  password: 'Change password',
  current: 'Current password',
  next: 'New password',
  confirm: 'Confirm new password',
  endsOthers: 'Changing your password signs you out everywhere else: your other sessions end. This one stays signed in.',
  change: 'Change password',
  changed: 'Your password was changed. Your other sessions were ended.',
  sessions: 'Sessions',
  sessionsHint: 'Where your account is signed in. End any session you do not recognise.',
  device: 'Device',
  signedIn: 'Signed in',
  lastActive: 'Last active',
  unknownDevice: 'Unknown device',
  thisSession: 'This session',
  end: 'End',
  endNamed: (device: string, when: string) => `End the session on ${device}, signed in ${when}`,
  endTitle: (device: string) => `End the session on ${device}?`,
  endText: 'That browser is signed out at once.',
  endConfirm: 'End session',
  ended: 'The session was ended.',
  endOthers: 'End all other sessions',
  endOthersTitle: 'End all other sessions?',
  endOthersText: 'Every other browser signed in to your account is signed out at once. This one stays signed in.',
  endOthersConfirm: 'End all',
  othersEnded: 'Your other sessions were ended.',
  noOthers: 'You are signed in nowhere else.',
} as const;
