import type { MiddlewareHandler } from 'hono';
import { transactionOf, type Db, type Sqlite } from '../../platform/sqlite.js';
import type { Clock } from '../../shared/clock.js';
import type { IdGenerator } from '../../shared/ids.js';
import type { AuthVariables } from '../identity/index.js';
import { orderingRoutes } from './adapters/http.js';
import { auditSqliteOrderLog, createIncrementalAudit, type AuditProgress } from './adapters/sqlite-audit.js';
import { createSqliteGroupCommit, type GroupCommitOptions } from './adapters/sqlite-group-commit.js';
import { createSqliteIdempotencyStore } from './adapters/sqlite-idempotency-store.js';
import { startOrderLog } from './adapters/sqlite-log-guard.js';
import { createSqliteOrderLog } from './adapters/sqlite-order-log.js';
import { createSqliteOrderProjection } from './adapters/sqlite-order-projection.js';
import type { PlacementLimits } from './place-order.js';
import type { OrderingPorts } from './ports.js';
import { describeAuditProblem, describeHead, formatHead, parseExpectedHead, type ExpectedHead } from './verify-audit-log.js';

export type { AuditDto, FreshTotals, OrderDto, OrderEventDto, PlaceOrderBody, StatusBody } from './adapters/http.js';
export type { OrderEventType, OrderLine, OrderStatus } from './domain/order.js';
export type { GroupCommitOptions } from './adapters/sqlite-group-commit.js';
export type { AuditReport, ExpectedHead } from './verify-audit-log.js';
export type { AuditProgress } from './adapters/sqlite-audit.js';
export { describeAuditProblem, describeHead, parseExpectedHead };
export type { OrderingPorts } from './ports.js';
export type { PlacementLimits } from './place-order.js';

export type OrderingDeps = {
  db: Db;
  clock: Clock;
  newId: IdGenerator;
  ports: OrderingPorts;
  requireUser: MiddlewareHandler<{ Variables: AuthVariables }>;
  requireAdmin: MiddlewareHandler<{ Variables: AuthVariables }>;
  /** When set, event hashes are HMACs with this key. */
  auditKey?: string | undefined;
  /** Events GET /api/audit checks per call and per background turn (tests make it small). */
  auditSliceEvents?: number | undefined;
  /** How concurrent orders are batched into one transaction (decision 009); defaults suit production. */
  orderCommits?: GroupCommitOptions | undefined;
  /** MAX_PENDING_ORDERS and ORDERS_PER_HOUR, per customer and per phone (decision 015); default 5 and 20. */
  placementLimits?: Partial<PlacementLimits> | undefined;
};

/**
 * For the audit CLI, backup and restore: verifies a database's order log without a server, in
 * constant memory, against an expected head when an auditor kept one (decision 014).
 */
export function auditOrderLog(db: Db, auditKey?: string, expectHead: ExpectedHead | null = null, progress?: AuditProgress) {
  return auditSqliteOrderLog(connectionOf(db), auditKey, expectHead, progress);
}

/** The better-sqlite3 connection under the Drizzle handle: group commit drives BEGIN/SAVEPOINT/COMMIT itself. */
function connectionOf(db: Db): Sqlite {
  const client = (db as Db & { $client?: Sqlite }).$client;
  if (!client) throw new Error('ordering needs a Drizzle handle over better-sqlite3');
  return client;
}

/**
 * The ordering module's whole public surface. Throws, with a message for the operator, when the
 * order log cannot be written safely: its protective triggers or head are missing, or AUDIT_KEY
 * does not fit the key the log records (startOrderLog, decision 014).
 */
export function createOrderingModule(deps: OrderingDeps) {
  const start = startOrderLog(connectionOf(deps.db), deps.auditKey);
  if (!start.ok) throw new Error(start.message);
  const log = createSqliteOrderLog(deps.db, start.keying);
  const projection = createSqliteOrderProjection(deps.db);
  const requests = createSqliteIdempotencyStore(deps.db);
  const commits = createSqliteGroupCommit(connectionOf(deps.db), deps.orderCommits);
  return {
    /** The log's head at start (count:last hash, for the start-up log) and the event keying began at, if it did now. */
    logAtStart: { head: formatHead(start.head), events: start.head.eventCount, keyedFrom: start.head.keyedFrom, keyedNow: start.keyedNow },
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
      limits: { maxPending: deps.placementLimits?.maxPending ?? 5, perHour: deps.placementLimits?.perHour ?? 20 },
      transaction: transactionOf(deps.db),
      requireUser: deps.requireUser,
      requireAdmin: deps.requireAdmin,
      audit: createIncrementalAudit(connectionOf(deps.db), start.keying, { sliceEvents: deps.auditSliceEvents }),
    }),
  };
}
