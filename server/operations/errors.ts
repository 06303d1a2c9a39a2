/** The refusals of the operations (docs/console.md "One model: operations"): the routes answer them, the CLI prints them. */

/**
 * Why an operation was refused: `NOT_FOUND` (no such site, or one the actor may not see: the same answer), `FORBIDDEN`
 * (a site the actor sees but may not change), `INVALID` (a value: `field` names it, `allowed` says what is), `CONFLICT`
 * (a change made from a version that is no longer the latest), `TOO_LARGE` and `UNSUPPORTED_MEDIA_TYPE` (an upload over its
 * kind's size, or whose content is of a type the kind does not take: ./uploads.ts).
 */
export type OperationErrorCode = 'NOT_FOUND' | 'FORBIDDEN' | 'INVALID' | 'CONFLICT' | 'TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE';

/** An operation's refusal: nothing was changed. */
export class OperationError extends Error {
  constructor(
    readonly code: OperationErrorCode,
    message: string,
    /** The field refused (`origins`, `appearance.launcher.backgroundColor`, …). */
    readonly field?: string,
    /** What the field allows, in words or as the list of valid values. */
    readonly allowed?: string | readonly string[],
  ) {
    super(message);
    this.name = 'OperationError';
  }
}

/** A value refused: 400 INVALID on the console's API. */
export const invalid = (field: string, message: string, allowed?: string | readonly string[]) =>
  new OperationError('INVALID', message, field, allowed);
