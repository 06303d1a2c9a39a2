/**
 * One's own account (docs/console.md "One's own account"): password change, sessions, re-authentication. Built on the
 * client's `request` here rather than in console/api.ts, so the first visit's budget does not pay for them.
 */
import { bool, type ConsoleApi, idText, list, object, optional, session, str } from './api';

export interface AccountSession {
  /** an opaque handle (not the cookie) */
  id: string;
  createdAt: string;
  lastSeenAt: string;
  /** the session of this browser */
  current: boolean;
  userAgent?: string;
}
const accountSession = object<AccountSession>({ id: idText, createdAt: str, lastSeenAt: str, current: bool, userAgent: optional(str) });

/** The account calls on top of `api`. */
export const accountApi = ({ request, withSession }: ConsoleApi) => ({
  /**
   * 401 `SIGN_IN_FAILED` for a wrong current password, 400 `INVALID` `field: 'newPassword'`; ends every other session
   * and replaces this one (a new cookie and CSRF token, answered as `GET session`): the new token is kept for the
   * calls after it.
   */
  changePassword: (currentPassword: string, newPassword: string) =>
    request('POST', 'account/password', session, { currentPassword, newPassword }).then(withSession),
  /** Newest first. */
  sessions: () => request('GET', 'account/sessions', list(accountSession)),
  endSession: (id: string) => request('DELETE', `account/sessions/${encodeURIComponent(id)}`, null),
  /** Every session but this one. */
  endOtherSessions: () => request('DELETE', 'account/sessions', null),
});

/** Confirms the password: the session may make sensitive changes for 10 minutes. */
export const reauthenticate = ({ request }: ConsoleApi, password: string) => request('POST', 'reauth', null, { password });
