/**
 * The console API's error codes (docs/console.md "HTTP API": `{ error, message, field?, allowed? }`): what the
 * server's routes answer and what the console reads, named once for both.
 */
export type ConsoleErrorCode =
  | 'UNAUTHENTICATED'
  | 'SIGN_IN_FAILED'
  | 'FORBIDDEN'
  /** a 403: a sensitive change needs the password again (docs/console.md "One's own account") */
  | 'REAUTH_REQUIRED'
  | 'CSRF'
  | 'NOT_FOUND'
  | 'INVALID'
  | 'CONFLICT'
  | 'THROTTLED'
  /** a 503: the server is busy for a moment */
  | 'BUSY'
  | 'TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'INTERNAL_ERROR';
