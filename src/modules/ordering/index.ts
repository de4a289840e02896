import type { StaffGuard } from '../../platform/http/contract.js';
import type { MiddlewareHandler } from 'hono';
import { bindStores, type ShopDatabase, type Tx } from '../../platform/database.js';
import type { Clock } from '../../shared/clock.js';
import type { IdGenerator } from '../../shared/ids.js';
import type { AuthVariables } from '../identity/index.js';
import { createGroupCommit, type GroupCommitOptions } from './adapters/group-commit.js';
import { orderingRoutes } from './adapters/http.js';
import { takeOrderRoutes } from './adapters/take-order-http.js';
import { guestOrderRoutes } from './adapters/guest-order-http.js';
import { createRateLimiter, type RateLimiter } from '../../platform/rate-limit.js';
import type { StaffDiscountMax } from '../../shared/staff-orders.js';
import { createPgIdempotencyStore } from './adapters/postgres/idempotency-store.js';
import { createPgOrderLog } from './adapters/postgres/order-log.js';
import { createPgOrderProjection } from './adapters/postgres/order-projection.js';
import { createSqliteIdempotencyStore } from './adapters/sqlite/idempotency-store.js';
import { createSqliteOrderLog } from './adapters/sqlite/order-log.js';
import { createSqliteOrderProjection } from './adapters/sqlite/order-projection.js';
import { toEvent, toState } from './adapters/order-rows.js';
import { orderEvents as pgOrderEvents, orderLogHead as pgOrderLogHead, orders as pgOrders } from './adapters/postgres/schema.js';
import { changeStatus, removeOrder } from './change-order.js';
import type { Actor, DeliveryCommand, OrderState, OrderStatus } from './domain/order.js';
import { handleOrderCommand, type Handled } from './handle-order-command.js';
import type { AppError } from '../../shared/errors.js';
import type { Result } from '../../shared/result.js';
import { placeOrder, type AdvancePolicy, type PlaceOrderInput, type PlacementLimits } from './place-order.js';
import type { PaymentCommand } from './domain/advance.js';
import type { OrderChangeHandler, OrderChanged, OrderingPorts, OrderingStores, OrderLog, OrderProjection } from './ports.js';
import { formatHead, type ChainKeying } from './adapters/hash-chain.js';

export type { DeliveryDto, FreshTotals, OrderDto, OrderEventDto, PlaceOrderBody, StatusBody } from './adapters/http.js';
export type { TakeOrderBody, TakenQuoteDto } from './adapters/take-order-http.js';
export type { GuestOrderBody } from './adapters/guest-order-http.js';
/** An order taken by the staff (issue 36): its owner, the customer record of its phone. */
export { customerOwner } from './domain/taken.js';
export { deliveryDto, packingDeliveryDto } from './adapters/http.js';
export type { Actor, OrderEventType, OrderLine, OrderState, OrderStatus, PlacedSnapshot } from './domain/order.js';
export type { DeliveryCommand } from './domain/order.js';
export type { Handled } from './handle-order-command.js';
export { cashOnDelivery, type AdvanceState, type AdvanceAsked } from './domain/advance.js';
export { courierActor, systemActor, evolve, isDeliveryEvent, orderEventTypes, orderNotFound, parcelIsFinal, parcelStatuses, visibleTo, type DeliveryState, type ParcelReport, type ParcelStatus } from './domain/order.js';
/** How a delivery zone reads in messages and documents. */
export { zoneInBengali, zoneInParens } from './domain/zone-text.js';
/** The desk's filter as a query (decision 030), which the CSV export takes too, and a day of it (the sales figures take the same). */
export { dayField, deskFilterOf, deskFilterSchema } from './adapters/desk-query.js';
/** A Bangladeshi mobile number in a body (the order defences' routes take the same). */
export { bdMobileField } from './adapters/phone-field.js';
export type { ListedOrder, PhoneHistory, OrderChange, OrderChangeHandler, OrderCursor, OrderFilter, OrderLog, StoredEvent } from './ports.js';
export type { GroupCommitOptions } from './adapters/group-commit.js';
/**
 * The log as stored, for the audit (decision 050), which checks it without ordering knowing: the
 * chain's hashing and keying, an event's canonical JSON, the fold, the rows as the tables hold them.
 */
export { createStoredEventCheck, formatHead, genesisHash, headMac, keySwitchProof, type ChainKeying, type StoredEventText } from './adapters/hash-chain.js';
export { canonicalJson } from './domain/canonical-json.js';
export { replay, type ImportedSnapshot, type RecordedEvent } from './domain/order.js';
export type { EventRow, OrderRow } from './adapters/order-rows.js';
export const orderRows = { toEvent, toState };
export const pgOrderTables = { orderEvents: pgOrderEvents, orderLogHead: pgOrderLogHead, orders: pgOrders };
export type { OrderingPorts } from './ports.js';
export { firstOrderNumber, guestCaller, type AdvancePolicy, type PlacementLimits } from './place-order.js';
export type { PaymentCommand } from './domain/advance.js';
export { advanceDto, advanceSchema, historySchema, type AdvanceDto } from './adapters/http.js';

export type OrderingDeps = {
  database: ShopDatabase;
  clock: Clock;
  newId: IdGenerator;
  ports: OrderingPorts;
  requireUser: MiddlewareHandler<{ Variables: AuthVariables }>;
  requireStaff: StaffGuard;
  /**
   * The log as the audit's start-up check found it (decision 014), which the composition root
   * runs first: the shop does not start on a log that cannot be written safely. Its keying is how
   * events are hashed (HMACs with AUDIT_KEY from `keyedFrom` on).
   */
  logStart: OrderLogStarted;
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
  /**
   * Run inside every ordering transaction after its work, before COMMIT; what it answers runs after
   * the COMMIT and before anyone is answered: the head witness (AUDIT_WITNESS_PATH, decision 049),
   * which the composition root gives.
   */
  afterCommit?: AfterCommit | undefined;
  /** When an order asks an advance through bKash (issue 35); absent or null: never. */
  advance?: AdvancePolicy | null | undefined;
  /**
   * Starts the payment of an order that waits for its advance (the payments module's, wired late
   * by the composition root): the page the shopper is sent to pay on.
   */
  startAdvancePayment?: StartAdvancePayment | undefined;
  /** Checkout's advance quotes per shopper (GET /api/checkout/advance). */
  advanceQuoteLimiter?: RateLimiter | undefined;
  /** STAFF_DISCOUNT_MAX (issue 36): the most each role may give away on an order it takes; absent: nothing. */
  staffDiscountMax?: StaffDiscountMax | undefined;
  /**
   * GUEST_CHECKOUT (issue 36, decision 066): visitors order without an account (POST /api/guest/orders),
   * at most `limiter`'s attempts per client address (GUEST_ORDERS_PER_HOUR); TRUST_PROXY names the client.
   */
  guestCheckout?: { enabled: boolean; limiter?: RateLimiter | undefined; trustProxy?: number | boolean | undefined } | undefined;
};

/** The payments module's start of a payment, as ordering's POST /api/orders answers it. */
export type StartAdvancePayment = (order: OrderState) => Promise<{ redirectUrl: string }>;

/** The order log at start, as the audit's start-up check found it (decision 014). */
export type OrderLogStarted = { head: { eventCount: number; lastHash: string; keyedFrom: number | null }; keying: ChainKeying; keyedNow: number | null };

/** Reads inside a transaction (the head it ended with); the function answered runs after its COMMIT. */
export type AfterCommit = (tx: Tx) => Promise<(() => Promise<void>) | null>;

/** One ordering transaction for the import of old orders (the log's head taken first), its stores bound to it. */
export type OrderImportTransaction = <T>(work: (stores: { log: OrderLog; projection: Pick<OrderProjection, 'lastNumber'>; changed: OrderChanged }) => Promise<T>) => Promise<T>;

/**
 * For `npm run import:original` (issue 19, decision 041), without a server: the transactions the
 * old shop's orders are written in, on a log the audit's start-up check passed (`logStart`; null
 * for a dry run, which only reads). `tx`: the import's one transaction, else one per call.
 */
export function orderImportTransactions(database: ShopDatabase, options: { logStart: OrderLogStarted | null; inTransaction: readonly OrderChangeHandler[] }): (tx?: Tx) => OrderImportTransaction {
  const keying: ChainKeying = options.logStart?.keying ?? null;
  const stores = bindStores(database, {
    sqlite: (side) => ({ log: createSqliteOrderLog(side, keying), projection: createSqliteOrderProjection(side) }),
    postgres: (db) => ({ log: createPgOrderLog(db, keying), projection: createPgOrderProjection(db) }),
  });
  // `tx`: the import's one transaction (issue 40: a real run writes everything or nothing); else a transaction a batch.
  return (tx) => (work) => {
    const locked = async (inTx: Tx) => {
      const s = stores.in(inTx);
      await s.log.lockHead();
      return work({ ...s, changed: changedIn(options.inTransaction, inTx) });
    };
    return tx ? locked(tx) : database.transaction(locked);
  };
}

/** Ordering's real path on a clock of the caller's (createOrderingModule's `at`). */
export type OrderingAt = {
  placeOrder(owner: Actor, input: PlaceOrderInput): ReturnType<typeof placeOrder>;
  changeStatus(actor: Actor, orderId: string, status: OrderStatus): ReturnType<typeof changeStatus>;
  removeOrder(actor: Actor, orderId: string): ReturnType<typeof removeOrder>;
};

/** What other modules read of the orders, outside transactions: one order, one order with its lines cut, keyset pages of the desk's filter, orders' numbers. */
export type OrderReads = Pick<OrderProjection, 'byId' | 'byNumber' | 'listedById' | 'pageAfter' | 'numbersOf' | 'historyOf'>;

const projectionsOn = (database: ShopDatabase) => bindStores(database, { sqlite: createSqliteOrderProjection, postgres: createPgOrderProjection });

/** Ordering's reads for the documents and the messages (decision 050). */
export function orderReadsOn(database: ShopDatabase): OrderReads {
  const projection = projectionsOn(database).outside;
  return { byId: (id) => projection.byId(id), byNumber: (n) => projection.byNumber(n), listedById: (id, lines) => projection.listedById(id, lines), pageAfter: (filter, after, limit) => projection.pageAfter(filter, after, limit), numbersOf: (ids) => projection.numbersOf(ids), historyOf: (phone) => projection.historyOf(phone) };
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

/**
 * The ordering module's whole public surface, on a log the audit's start-up check passed
 * (`deps.logStart`, decision 014).
 */
export async function createOrderingModule(deps: OrderingDeps) {
  const { database } = deps;
  const start = deps.logStart;
  const stores = bindStores(database, {
    sqlite: (side) => ({ log: createSqliteOrderLog(side, start.keying), projection: createSqliteOrderProjection(side), requests: createSqliteIdempotencyStore(side) }),
    postgres: (db) => ({ log: createPgOrderLog(db, start.keying), projection: createPgOrderProjection(db), requests: createPgIdempotencyStore(db) }),
  });
  const storesIn = (tx: Tx): OrderingStores => ({ ...stores.in(tx), changed: changedIn(deps.inTransaction, tx), ports: deps.ports.in(tx) });
  // Every ordering transaction takes the log's head first (decision 024).
  const begin = (s: OrderingStores) => s.log.lockHead();
  // The head each transaction ends with, appended to the witness once it committed (decision 049).
  const end = deps.afterCommit;
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
  // What every route that places an order (a customer's, the staff's, a guest's) places it with.
  const placing = { ports: deps.ports, clock: deps.clock, newId: deps.newId, commits, limits, shopPhone: deps.shopPhone, advance: deps.advance ?? null };
  return {
    /** The log's head at start (count:last hash, for the start-up log) and the event keying began at, if it did now. */
    logAtStart: { head: formatHead(start.head), events: start.head.eventCount, keyedFrom: start.head.keyedFrom, keyedNow: start.keyedNow },
    /** The log, read outside transactions (the audit module's GET /api/audit). */
    log: stores.outside.log,
    /** Group commit counters: orders waiting for the next batch, batches and orders run so far. */
    orderBatches: () => commits.stats(),
    /**
     * A transaction that takes the log's head first, as every ordering transaction does: work that
     * must never race on any process (the order defences' phone codes) runs in it.
     */
    transaction: <T>(work: (tx: Tx) => Promise<T>) => withHead((_s, tx) => work(tx)),
    /**
     * A parcel's command (issue 34, decision 060), in an ordering transaction: the events decide()
     * answers are appended and handed to the in-transaction handlers, then `alsoInTx` runs in the
     * same transaction with the order as it now is (the delivery module marks its booking there).
     * A report that moves nothing appends nothing (`appended` 0).
     */
    parcelCommand: async (orderId: string, command: DeliveryCommand | PaymentCommand, alsoInTx?: (tx: Tx, handled: Handled) => Promise<void>): Promise<Result<Handled, AppError>> => {
      const result = await withHead(async (s, tx) => {
        const handled = await handleOrderCommand({ ...s, clock: deps.clock }, orderId, command);
        if (handled.ok && alsoInTx) await alsoInTx(tx, handled.value);
        return handled;
      });
      if (result.ok && result.value.stockMoved) deps.ports.stockChanged();
      return result;
    },
    /** The placement limits in force, defaults filled in (a demo plan keeps within them). */
    placementLimits: limits,
    /**
     * The real ordering path on the caller's clock (the demo orders of issue 17 are placed in the
     * past, step by step), with some placement limits overridden (`limits`): placing, an admin's
     * status change, a customer's removal, each with every other rule in force.
     */
    at: (clock: Clock, override: Partial<PlacementLimits> = {}): OrderingAt => {
      const changeDeps = { clock, transaction, ports: deps.ports };
      return {
        // The demo's orders ask no advance (they are paid by nobody).
        placeOrder: (owner, input) => placeOrder({ ports: deps.ports, clock, newId: deps.newId, commits, limits: { ...limits, ...override }, shopPhone: deps.shopPhone, advance: null }, owner, input),
        changeStatus: (actor, orderId, status) => changeStatus(changeDeps, actor, orderId, status),
        removeOrder: (actor, orderId) => removeOrder(changeDeps, actor, orderId),
      };
    },
    routes: [
      orderingRoutes({
        log: stores.outside.log,
        projection: stores.outside.projection,
        ...placing,
        startAdvancePayment: deps.startAdvancePayment ?? null,
        advanceQuoteLimiter: deps.advanceQuoteLimiter ?? null,
        transaction,
        requireUser: deps.requireUser,
        requireStaff: deps.requireStaff,
      }),
      takeOrderRoutes({
        ...placing,
        staffDiscountMax: deps.staffDiscountMax ?? {},
        requireStaff: deps.requireStaff,
      }),
      guestOrderRoutes({
        ...placing,
        enabled: deps.guestCheckout?.enabled === true,
        limiter: deps.guestCheckout?.limiter ?? createRateLimiter({ limit: 10, windowMs: 60 * 60_000, clock: deps.clock }),
        trustProxy: deps.guestCheckout?.trustProxy ?? false,
      }),
    ],
  };
}
