import type { MiddlewareHandler } from 'hono';
import type { AuthVariables } from '../identity/index.js';
import type { AuditReport, OrderLog } from '../ordering/index.js';
import { auditRoutes } from './adapters/http.js';

export type { AuditDto } from './adapters/http.js';

/**
 * The audit (decision 014; its own module since decision 050): GET /api/audit, an admin's
 * verdict on the order log's hash chain and its latest events. It reads ordering's log through
 * ordering's index; ordering knows nothing of it.
 */
export type AuditDeps = {
  log: OrderLog;
  /** The incremental check of the chain, ordering's `audit`. */
  audit: () => Promise<AuditReport>;
  requireAdmin: MiddlewareHandler<{ Variables: AuthVariables }>;
};

export function createAuditModule(deps: AuditDeps) {
  return { routes: [auditRoutes(deps)] };
}
