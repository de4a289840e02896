import { roleCan } from '../../shared/permissions.js';
import type { Page, Paged } from '../../shared/page.js';
import { appError, type AppError } from '../../shared/errors.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { Actor, OrderLog, StoredEvent } from '../ordering/index.js';
import type { AuditReport } from './verify-audit-log.js';

type Deps = { log: OrderLog; audit: () => Promise<AuditReport>; orderNumbers: (ids: readonly string[]) => Promise<Map<string, number>> };

/** A page of the log's events, each with its order's number (null: an order placed before numbers, none given). */
export type AuditedEvent = StoredEvent & { orderNumber: number | null };

/**
 * GET /audit, an admin's: the incremental check of the chain (decision 014) and one page of the
 * shop's events, newest first, each named by its order's number as well as its id (issue 33).
 */
export async function readAudit(deps: Deps, actor: Actor, page: Page): Promise<Result<{ report: AuditReport; problemOrderNumber: number | null; latest: Paged<AuditedEvent> }, AppError>> {
  if (!roleCan(actor.role, 'audit.read')) return err(appError('auth/forbidden', 'Your role does not allow this.'));
  const report = await deps.audit();
  const latest = await deps.log.latest(page);
  const problemOrder = report.problem?.orderId ? [report.problem.orderId] : [];
  const numbers = await deps.orderNumbers([...new Set([...latest.items.map((e) => e.orderId), ...problemOrder])]);
  const numberOf = (orderId: string) => numbers.get(orderId) ?? null;
  return ok({ report, problemOrderNumber: report.problem ? numberOf(report.problem.orderId) : null, latest: { ...latest, items: latest.items.map((e) => ({ ...e, orderNumber: numberOf(e.orderId) })) } });
}
