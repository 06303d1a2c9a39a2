/**
 * The one module of operations (docs/console.md "One model: operations"): every change an owner makes, from the
 * console's routes or from `npm run admin`, is one of these, so each rule (validation, warnings, who may, the audit
 * entry written with the change) lives once. Each takes the {@link Actor}; a refusal is an {@link OperationError}.
 */
import type { Storage } from '../storage/types';
import { analyticsOperations } from './analytics';
import { appearanceOperations } from './appearance';
import { auditOperations } from './audit';
import { buttonOperations } from './buttons';
import { configOperations } from './config';
import { conversationOperations } from './conversations';
import { contextOf, type OperationsOptions } from './context';
import { documentOperations } from './documents';
import { keyOperations } from './keys';
import { originOperations } from './origins';
import { siteOperations } from './sites';
import { videoOperations } from './videos';

export { auditCsv } from './audit';
export type { Actor, Memberships, OperationsOptions, SiteRole } from './context';
export { OperationError } from './errors';

/** The operations on `storage`. */
export function createOperations(storage: Storage, options: OperationsOptions = {}) {
  const c = contextOf(storage, options);
  return {
    ...siteOperations(c),
    ...originOperations(c),
    ...keyOperations(c),
    ...configOperations(c),
    ...appearanceOperations(c),
    ...auditOperations(c),
    ...analyticsOperations(c),
    ...conversationOperations(c),
    ...documentOperations(c),
    ...buttonOperations(c),
    ...videoOperations(c),
  };
}

export type Operations = ReturnType<typeof createOperations>;
