import type { Page, Paged } from '../../shared/page.js';
import { appError, type AppError } from '../../shared/errors.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { Actor, OrderLog, StoredEvent } from '../ordering/index.js';
import type { AuditReport } from './verify-audit-log.js';

type Deps = { log: OrderLog; audit: () => Promise<AuditReport> };

/**
 * GET /audit, an admin's: the incremental check of the chain (decision 014) and one page of the
 * shop's events, newest first.
 */
export async function readAudit(deps: Deps, actor: Actor, page: Page): Promise<Result<{ report: AuditReport; latest: Paged<StoredEvent> }, AppError>> {
  if (actor.role !== 'admin') return err(appError('auth/forbidden', 'Only an admin can do this.'));
  const report = await deps.audit();
  return ok({ report, latest: await deps.log.latest(page) });
}
