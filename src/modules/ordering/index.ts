import type { MiddlewareHandler } from 'hono';
import { transactionOf, type Db } from '../../platform/sqlite.js';
import type { Clock } from '../../shared/clock.js';
import type { IdGenerator } from '../../shared/ids.js';
import type { AuthVariables } from '../identity/index.js';
import { createEventHasher, genesisHash } from './adapters/hash-chain.js';
import { orderingRoutes } from './adapters/http.js';
import { createSqliteIdempotencyStore } from './adapters/sqlite-idempotency-store.js';
import { createSqliteOrderLog } from './adapters/sqlite-order-log.js';
import { createSqliteOrderProjection } from './adapters/sqlite-order-projection.js';
import type { OrderingPorts } from './ports.js';
import { verifyAuditLog } from './verify-audit-log.js';

export type { OrderDto } from './adapters/http.js';
export type { AuditReport } from './verify-audit-log.js';
export type { OrderingPorts } from './ports.js';

export type OrderingDeps = {
  db: Db;
  clock: Clock;
  newId: IdGenerator;
  ports: OrderingPorts;
  requireUser: MiddlewareHandler<{ Variables: AuthVariables }>;
  requireAdmin: MiddlewareHandler<{ Variables: AuthVariables }>;
  /** When set, event hashes are HMACs with this key. */
  auditKey?: string | undefined;
};

/** For the audit CLI: verifies a database's order log without a server. */
export function auditOrderLog(db: Db, auditKey?: string) {
  const hash = createEventHasher(auditKey);
  return verifyAuditLog({ events: createSqliteOrderLog(db, hash).all(), projection: createSqliteOrderProjection(db).everything(), hash, genesis: genesisHash });
}

/** The ordering module's whole public surface. */
export function createOrderingModule(deps: OrderingDeps) {
  const log = createSqliteOrderLog(deps.db, createEventHasher(deps.auditKey));
  const projection = createSqliteOrderProjection(deps.db);
  const requests = createSqliteIdempotencyStore(deps.db);
  return {
    routes: orderingRoutes({
      log,
      projection,
      requests,
      ports: deps.ports,
      clock: deps.clock,
      newId: deps.newId,
      transaction: transactionOf(deps.db),
      requireUser: deps.requireUser,
      requireAdmin: deps.requireAdmin,
      audit: () => auditOrderLog(deps.db, deps.auditKey),
    }),
  };
}
