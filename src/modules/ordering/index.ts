import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../../platform/logger.js';
import { bindStores, type ShopDatabase, type Tx } from '../../platform/database.js';
import type { Clock } from '../../shared/clock.js';
import type { IdGenerator } from '../../shared/ids.js';
import type { AuthVariables } from '../identity/index.js';
import { createGroupCommit, type GroupCommitOptions } from './adapters/group-commit.js';
import { orderingRoutes } from './adapters/http.js';
import { auditOrderLogOn, eventCountOf, incrementalAuditOn, missingTriggersOn, restoreTriggersOn, startOrderLogOn } from './adapters/log-access.js';
import { createPgIdempotencyStore } from './adapters/postgres/idempotency-store.js';
import { createPgOrderLog } from './adapters/postgres/order-log.js';
import { createPgOrderProjection } from './adapters/postgres/order-projection.js';
import type { AuditProgress } from './adapters/audit.js';
import { createSqliteIdempotencyStore } from './adapters/sqlite/idempotency-store.js';
import { createSqliteOrderLog } from './adapters/sqlite/order-log.js';
import { createSqliteOrderProjection } from './adapters/sqlite/order-projection.js';
import { checkStatusCountsOn } from './adapters/status-counts-check.js';
import type { PlacementLimits } from './place-order.js';
import type { OrderChangeHandler, OrderChanged, OrderingPorts, OrderingStores, OrderProjection } from './ports.js';
import { demoCustomers, planDemoOrders, type DemoVariant } from './domain/demo-orders.js';
import { seedDemoOrders, type DemoCustomerAccount } from './seed-demo-orders.js';
import { describeAuditProblem, describeHead, formatHead, parseExpectedHead, type ExpectedHead } from './verify-audit-log.js';
import type { ChainKeying } from './adapters/hash-chain.js';
import { importOrders, type ImportOrdersDeps, type OrderToImport } from './import-orders.js';
import { headInTransaction, witnessProblemOn, type HeadWitness } from './adapters/head-witness.js';

export type { FreshTotals, OrderDto, OrderEventDto, PlaceOrderBody, StatusBody } from './adapters/http.js';
export type { Actor, OrderEventType, OrderLine, OrderState, OrderStatus, PlacedSnapshot } from './domain/order.js';
export { orderEventTypes, orderNotFound, visibleTo } from './domain/order.js';
/** How a delivery zone reads in messages and documents. */
export { zoneInBengali, zoneInParens } from './domain/zone-text.js';
/** The desk's filter as a query (decision 030), which the CSV export takes too, and a day of it (the sales figures take the same). */
export { dayField, deskFilterOf, deskFilterSchema } from './adapters/desk-query.js';
/** A Bangladeshi mobile number in a body (the order defences' routes take the same). */
export { bdMobileField } from './adapters/phone-field.js';
export type { ListedOrder, OrderChange, OrderChangeHandler, OrderCursor, OrderFilter, OrderLog, StoredEvent } from './ports.js';
export type { GroupCommitOptions } from './adapters/group-commit.js';
export type { AuditReport, ExpectedHead } from './verify-audit-log.js';
export type { AuditProgress } from './adapters/audit.js';
export { describeAuditProblem, describeHead, parseExpectedHead };
/** The head witness (decision 049): the shop's writer, and what audit:verify, backup and restore read and write. */
export { createHeadWitness, isInside, readWitnessFile, witnessLine, witnessProblemOn, writeWitnessFileSync, type HeadWitness } from './adapters/head-witness.js';
export { witnessProblem, type WitnessedHead } from './verify-audit-log.js';
export type { OrderingPorts } from './ports.js';
export type { PlacementLimits } from './place-order.js';
export type { DemoCustomer, DemoVariant } from './domain/demo-orders.js';
export type { DemoCustomerAccount, SeededDemoOrders, SkippedStep } from './seed-demo-orders.js';
export { demoCustomers };

export type OrderingDeps = {
  database: ShopDatabase;
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
  /**
   * MAX_PENDING_ORDERS (per customer, 5), MAX_PENDING_PER_PHONE (3), ORDERS_PER_HOUR (per customer
   * and per phone, 20; decision 015), COD_BLOCK_AFTER_CANCELS (3; issue 16), ORDERS_PER_DAY (30),
   * MAX_ORDER_LINES (50), MAX_LINE_QUANTITY (99) and MAX_ORDER_TOTAL (500,000 taka; issue 40).
   */
  placementLimits?: Partial<PlacementLimits> | undefined;
  /** SHOP_PHONE, named in the refusals of the fake-order defences. */
  shopPhone: string;
  /** CHECKOUT_OTP (decision 032): an order counts only once its phone number was proven by a code (the order defences keep the codes). */
  checkoutOtp: boolean;
  /**
   * What must commit with every order event (decision 050), in the order it runs: the listing
   * (orderListingOn), the sales, the outbox's messages... The composition root gives the list.
   */
  inTransaction: readonly OrderChangeHandler[];
  /** Where a head witness that cannot be written is complained about. */
  logger: Logger;
  /**
   * AUDIT_WITNESS_PATH's writer (decision 049): the start refuses a database behind it, and every
   * ordering transaction's head is appended to it after COMMIT and before anyone is answered.
   */
  headWitness?: HeadWitness | undefined;
};

/**
 * For the audit CLI, backup and restore: verifies a database's order log without a server, in
 * constant memory, against an expected head when an auditor kept one (decision 014).
 */
export function auditOrderLog(database: ShopDatabase, auditKey?: string, expectHead: ExpectedHead | null = null, progress?: AuditProgress, options: { chainInWorkerFrom?: number } = {}) {
  return auditOrderLogOn(database, auditKey, expectHead, progress, options);
}

/**
 * For `npm run import:original` (issue 19, decision 041): the old shop's orders into the log as
 * Imported events, without a server. A real run refuses, as the server does, when the log cannot
 * be written safely; a dry run only reads.
 */
export async function openOrderImport(database: ShopDatabase, options: { auditKey?: string | undefined; dryRun: boolean; inTransaction: readonly OrderChangeHandler[] }) {
  let keying: ChainKeying = null;
  if (!options.dryRun) {
    const start = await startOrderLogOn(database, options.auditKey);
    if (!start.ok) throw new Error(start.message);
    keying = start.keying;
  }
  const stores = bindStores(database, {
    sqlite: (side) => ({ log: createSqliteOrderLog(side, keying), projection: createSqliteOrderProjection(side) }),
    postgres: (db) => ({ log: createPgOrderLog(db, keying), projection: createPgOrderProjection(db) }),
  });
  // `tx`: the import's one transaction (issue 40: a real run writes everything or nothing); else a transaction a batch.
  const transaction =
    (tx: Tx | undefined): ImportOrdersDeps['transaction'] =>
    (work) => {
      const locked = async (inTx: Tx) => {
        const s = stores.in(inTx);
        await s.log.lockHead();
        return work({ ...s, changed: changedIn(options.inTransaction, inTx) });
      };
      return tx ? locked(tx) : database.transaction(locked);
    };
  return { importOrders: (batch: readonly OrderToImport[], tx?: Tx) => importOrders({ transaction: transaction(tx) }, batch, options.dryRun) };
}
export type { ImportedOrderOutcome, OrderToImport } from './import-orders.js';
export type { OriginalOrder } from './domain/imported-order.js';

/** For audit:verify: the desk's counts per status (issue 20, decision 045) against the listing. */
export const checkStatusCounts = (database: ShopDatabase) => checkStatusCountsOn(database);
/** How many events a SQLite file's log holds (its head's count, O(1)); 0 on PostgreSQL. For audit:verify's choice of worker threads. */
export const orderLogLength = (database: ShopDatabase): number => (database.engine === 'sqlite' ? eventCountOf(database) : 0);

/** What other modules read of the orders, outside transactions: one order, one order with its lines cut, and keyset pages of the desk's filter. */
export type OrderReads = Pick<OrderProjection, 'byId' | 'listedById' | 'pageAfter'>;

const projectionsOn = (database: ShopDatabase) => bindStores(database, { sqlite: createSqliteOrderProjection, postgres: createPgOrderProjection });

/** Ordering's reads for the documents and the messages (decision 050). */
export function orderReadsOn(database: ShopDatabase): OrderReads {
  const projection = projectionsOn(database).outside;
  return { byId: (id) => projection.byId(id), listedById: (id, lines) => projection.listedById(id, lines), pageAfter: (filter, after, limit) => projection.pageAfter(filter, after, limit) };
}

/** The listing (orders, the desk's table): the first in-transaction handler of every list (decision 050). */
export function orderListingOn(database: ShopDatabase): OrderChangeHandler {
  const projections = projectionsOn(database);
  return {
    name: 'order listing',
    in: (tx) => {
      const projection = projections.in(tx);
      return (change) => projection.save(change.after);
    },
  };
}

/** The handlers bound to one transaction, one function that runs them in the list's order. */
function changedIn(handlers: readonly OrderChangeHandler[], tx: Tx): OrderChanged {
  const bound = handlers.map((handler) => handler.in(tx));
  return async (change) => {
    for (const handle of bound) await handle(change);
  };
}

/** For audit:verify: the protective triggers missing or altered, and putting them back (as the tables' owner). */
export const orderLogProtections = {
  missing: (database: ShopDatabase) => missingTriggersOn(database),
  restore: (database: ShopDatabase) => restoreTriggersOn(database),
};

/**
 * The ordering module's whole public surface. Refuses, with a message for the operator, when the
 * order log cannot be written safely: its protective triggers or head are missing, or AUDIT_KEY
 * does not fit the key the log records (decision 014).
 */
export async function createOrderingModule(deps: OrderingDeps) {
  const { database } = deps;
  const start = await startOrderLogOn(database, deps.auditKey);
  if (!start.ok) throw new Error(start.message);
  const witness = deps.headWitness;
  if (witness) {
    const kept = witness.read();
    const behind = kept && (await witnessProblemOn(database, kept));
    if (behind) {
      throw new Error(
        `The database is behind its witness ${witness.path} (AUDIT_WITNESS_PATH): ${behind}. The shop refuses to start on it. ` +
          `Restore a backup at or past that head (\`npm run restore <file>\`; \`npm run audit:verify -- --witness <file>.head\` shows which), or, once you have investigated, move ${witness.path} away and start again.`,
      );
    }
    await witness.record(start.head);
  }
  const stores = bindStores(database, {
    sqlite: (side) => ({ log: createSqliteOrderLog(side, start.keying), projection: createSqliteOrderProjection(side), requests: createSqliteIdempotencyStore(side) }),
    postgres: (db) => ({ log: createPgOrderLog(db, start.keying), projection: createPgOrderProjection(db), requests: createPgIdempotencyStore(db) }),
  });
  const storesIn = (tx: Tx): OrderingStores => ({ ...stores.in(tx), changed: changedIn(deps.inTransaction, tx), ports: deps.ports.in(tx) });
  // Every ordering transaction takes the log's head first (decision 024).
  const begin = (s: OrderingStores) => s.log.lockHead();
  // The head each transaction ends with, appended to the witness once it committed (decision 049).
  const end = witness ? witnessAfterCommit(witness, headInTransaction(database), deps.logger) : undefined;
  const commits = createGroupCommit(database, storesIn, { ...deps.orderCommits, begin, end });
  const withHead = async <T>(work: (s: OrderingStores, tx: Tx) => Promise<T>) => {
    let after: (() => Promise<void>) | null = null;
    const value = await database.transaction(async (tx) => {
      const s = storesIn(tx);
      await begin(s);
      const done = await work(s, tx);
      if (end) after = await end(tx);
      return done;
    });
    if (after) await (after as () => Promise<void>)();
    return value;
  };
  const transaction = <T>(work: (s: OrderingStores) => Promise<T>) => withHead((s) => work(s));
  const limits: PlacementLimits = {
    maxPending: deps.placementLimits?.maxPending ?? 5,
    maxPendingPerPhone: deps.placementLimits?.maxPendingPerPhone ?? 3,
    perHour: deps.placementLimits?.perHour ?? 20,
    perDay: deps.placementLimits?.perDay ?? 30,
    maxOrderLines: deps.placementLimits?.maxOrderLines ?? 50,
    maxLineQuantity: deps.placementLimits?.maxLineQuantity ?? 99,
    maxOrderTotal: deps.placementLimits?.maxOrderTotal ?? 500_000,
    codBlockAfterCancels: deps.placementLimits?.codBlockAfterCancels ?? 3,
    checkoutOtp: deps.checkoutOtp,
  };
  return {
    /** The log's head at start (count:last hash, for the start-up log) and the event keying began at, if it did now. */
    logAtStart: { head: formatHead(start.head), events: start.head.eventCount, keyedFrom: start.head.keyedFrom, keyedNow: start.keyedNow },
    /** The log, read outside transactions (the audit module's GET /api/audit). */
    log: stores.outside.log,
    /** The incremental check of the hash chain, a slice per call (decision 014), for GET /api/audit. */
    audit: incrementalAuditOn(database, start.keying, { sliceEvents: deps.auditSliceEvents }),
    /** Group commit counters: orders waiting for the next batch, batches and orders run so far. */
    orderBatches: () => commits.stats(),
    /**
     * A transaction that takes the log's head first, as every ordering transaction does: work that
     * must never race on any process (the order defences' phone codes) runs in it.
     */
    transaction: <T>(work: (tx: Tx) => Promise<T>) => withHead((_s, tx) => work(tx)),
    /**
     * A demo shop's first start (issue 17): 28 days of demo orders up to now, from the demo
     * customers' accounts (`customers[i]` is demoCustomers[i] with its account), planned over the
     * catalogue's variants within the placement limits, and placed, confirmed and canceled through
     * the real ordering path. Only into an empty order log; refused steps are answered, not thrown.
     */
    seedDemoOrders: async (input: { variants: readonly DemoVariant[]; customers: readonly DemoCustomerAccount[]; admin: { userId: string; email: string } }) => {
      const plan = planDemoOrders({ variants: input.variants, customers: input.customers.length, now: deps.clock.now(), limits });
      const seeded = await seedDemoOrders(
        { log: stores.outside.log, ports: deps.ports, newId: deps.newId, commits, transaction, limits, shopPhone: deps.shopPhone },
        { plan, customers: input.customers, admin: input.admin },
      );
      return { ...seeded, days: plan.days };
    },
    routes: [
      orderingRoutes({
        log: stores.outside.log,
        projection: stores.outside.projection,
        ports: deps.ports,
        clock: deps.clock,
        newId: deps.newId,
        commits,
        limits,
        shopPhone: deps.shopPhone,
        transaction,
        requireUser: deps.requireUser,
        requireAdmin: deps.requireAdmin,
      }),
    ],
  };
}

/**
 * What a transaction leaves for after its COMMIT: the head it ended with, appended durably to the
 * witness. A witness that cannot be written (a full or unmounted disk) does not undo what was
 * committed nor hold the shop: the answer goes out and the log says loudly, at most once a minute,
 * that the witness lags.
 */
function witnessAfterCommit(witness: HeadWitness, headIn: (tx: Tx) => Promise<{ eventCount: number; lastHash: string } | null>, logger: Logger) {
  let lastComplaint = 0;
  return async (tx: Tx) => {
    const head = await headIn(tx);
    if (!head) return null;
    return () =>
      witness.record(head).catch((error: unknown) => {
        if (Date.now() - lastComplaint < 60_000) return;
        lastComplaint = Date.now();
        logger.error('the head witness could not be written: orders are taken, but a rollback of the database past them would not be seen', { path: witness.path, error });
      });
  };
}
