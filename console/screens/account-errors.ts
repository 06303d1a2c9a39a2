/** The words of a refusal where one's password is given: the account screen's form and the password dialog. */
import type { SessionError } from '../../machines/console-session';
import { errorText, W } from '../messages';

const ERRORS: Record<string, string> = {
  PASSWORD_EMPTY: 'Enter your current password.',
  SIGN_IN_FAILED: 'The password is wrong.',
  PASSWORD_MISMATCH: 'The two new passwords differ: type the same one twice.',
};

/** The account's own codes, the throttled wait in seconds, else the console's words. */
export function accountErrorText(error: SessionError & { retryAfter?: number }): string {
  if (error.code === 'THROTTLED' && error.retryAfter) return W.throttled(error.retryAfter);
  return ERRORS[error.code] ?? errorText(error);
}
