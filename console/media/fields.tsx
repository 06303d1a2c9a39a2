/**
 * What the Videos and Buttons screens share: their API built once per screen, a refusal's field as the form shows it,
 * and the contract's problems (contract/media-fields.ts, the server's own check) shown at their fields before sending.
 */
import { useMemo } from 'react';
import type { MediaIssue } from '../../contract/media-fields';
import type { SessionError } from '../../machines/console-session';
import type { ScreenProps } from '../screens';
import { mediaApi } from './api';

/** The screen's calls for its site. */
export const useMediaApi = ({ api, siteId }: Pick<ScreenProps, 'api' | 'siteId'>) => useMemo(() => mediaApi(api, siteId), [api, siteId]);

/** An issue of the contract's check as the fields show a refusal. */
const asError = (issue: MediaIssue): SessionError => ({
  code: 'INVALID',
  field: issue.field,
  allowed: typeof issue.allowed === 'string' ? issue.allowed : issue.allowed.join(', '),
});

/**
 * The error to show at `field`: the contract's problem found before sending (once the form was submitted), else the
 * server's refusal naming it.
 */
export function fieldErrors(issues: readonly MediaIssue[] | null, refusal: SessionError | null) {
  return (field: string): SessionError | null => {
    const issue = issues?.find((i) => i.field === field);
    if (issue) return asError(issue);
    return refusal?.field === field ? refusal : null;
  };
}
