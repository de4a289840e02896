import type { MiddlewareHandler } from 'hono';
import { transactionOf, type Db, type Sqlite } from '../../platform/sqlite.js';
import type { Clock } from '../../shared/clock.js';
import type { IdGenerator } from '../../shared/ids.js';
import type { AuthVariables } from '../identity/index.js';
import { createEventHasher, genesisHash } from './adapters/hash-chain.js';
import { orderingRoutes } from './adapters/http.js';
import { createSqliteGroupCommit, type GroupCommitOptions } from './adapters/sqlite-group-commit.js';
import { createSqliteIdempotencyStore } from './adapters/sqlite-idempotency-store.js';
import { createSqliteOrderLog } from './adapters/sqlite-order-log.js';
import { createSqliteOrderProjection } from './adapters/sqlite-order-projection.js';
import type { OrderingPorts } from './ports.js';
import { verifyAuditLog } from './verify-audit-log.js';

export type { OrderDto } from './adapters/http.js';
export type { GroupCommitOptions, GroupCommitStats } from './adapters/sqlite-group-commit.js';
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
  /** How concurrent orders are batched into one transaction (decision 009); defaults suit production. */
  orderCommits?: GroupCommitOptions | undefined;
};

/** For the audit CLI: verifies a database's order log without a server. */
export function auditOrderLog(db: Db, auditKey?: string) {
  const hash = createEventHasher(auditKey);
  return verifyAuditLog({ events: createSqliteOrderLog(db, hash).all(), projection: createSqliteOrderProjection(db).everything(), hash, genesis: genesisHash });
}

/** The better-sqlite3 connection under the Drizzle handle: group commit drives BEGIN/SAVEPOINT/COMMIT itself. */
function connectionOf(db: Db): Sqlite {
  const client = (db as Db & { $client?: Sqlite }).$client;
  if (!client) throw new Error('ordering needs a Drizzle handle over better-sqlite3');
  return client;
}

/** The ordering module's whole public surface. */
export function createOrderingModule(deps: OrderingDeps) {
  const log = createSqliteOrderLog(deps.db, createEventHasher(deps.auditKey));
  const projection = createSqliteOrderProjection(deps.db);
  const requests = createSqliteIdempotencyStore(deps.db);
  const commits = createSqliteGroupCommit(connectionOf(deps.db), deps.orderCommits);
  return {
    /** Group commit counters: orders waiting for the next batch, batches and orders run so far. */
    orderBatches: () => commits.stats(),
    routes: orderingRoutes({
      log,
      projection,
      requests,
      ports: deps.ports,
      clock: deps.clock,
      newId: deps.newId,
      commits,
      transaction: transactionOf(deps.db),
      requireUser: deps.requireUser,
      requireAdmin: deps.requireAdmin,
      audit: () => auditOrderLog(deps.db, deps.auditKey),
    }),
  };
}
