import type { StaffGuard } from '../../platform/http/contract.js';
import type { MiddlewareHandler } from 'hono';
import { createBoundedMap } from '../../platform/bounded-map.js';
import { bindStores, type ShopDatabase, type Tx } from '../../platform/database.js';
import type { Logger } from '../../platform/logger.js';
import type { Clock } from '../../shared/clock.js';
import type { IdGenerator } from '../../shared/ids.js';
import type { AuthVariables } from '../identity/index.js';
import type { OrderChangeHandler, OrderReads, OrderState } from '../ordering/index.js';
import { createHoldWorker } from './adapters/hold-worker.js';
import { paymentRoutes } from './adapters/http.js';
import { createPgAttemptStore, createPgHoldStore } from './adapters/postgres/payment-stores.js';
import { createSqliteAttemptStore, createSqliteHoldStore } from './adapters/sqlite/payment-stores.js';
import type { PaymentGateway } from './ports.js';
import { firstPayment, type PaymentOrderCommand } from './use-cases.js';

export { createBkashGateway, bkashLiveUrl, bkashSandboxUrl } from './adapters/bkash.js';
export type { PaymentGateway } from './ports.js';
export type { AdvanceMoney } from './stores.js';

/**
 * The payments module (issue 35, decision 061): the payment port and its bKash adapter, the
 * payments sent to bKash (payment_attempts), the holds of orders waiting for their advance
 * (payment_holds, a projection of the log) and the worker that lets unpaid ones lapse, the
 * callback, retries and refunds. The advance itself is the order's: its events are ordering's,
 * asked through `orderCommand`.
 */
export type PaymentsModuleDeps = {
  database: ShopDatabase;
  clock: Clock;
  logger: Logger;
  newId: IdGenerator;
  gateway: PaymentGateway | null;
  orders: Pick<OrderReads, 'byId'>;
  orderCommand: PaymentOrderCommand;
  /** <PUBLIC_URL>/api/payments/bkash/callback */
  callbackUrl: string;
  /** PAYMENT_POLL_SECONDS in ms: between the hold worker's looks (30 s by default). */
  pollMs?: number | undefined;
  requireUser: MiddlewareHandler<{ Variables: AuthVariables }>;
  requireStaff: StaffGuard;
};

const storesOn = (database: ShopDatabase) =>
  bindStores(database, {
    sqlite: (side) => ({ holds: createSqliteHoldStore(side), attempts: createSqliteAttemptStore(side) }),
    postgres: (db) => ({ holds: createPgHoldStore(db), attempts: createPgAttemptStore(db) }),
  });

/** payment_holds, written with every event of an order that asked an advance, in its transaction (decision 050). */
export function paymentHoldsOn(database: ShopDatabase): OrderChangeHandler {
  const stores = storesOn(database);
  return {
    name: 'payment holds',
    in: (tx) => {
      const holds = stores.in(tx).holds;
      return async (change) => {
        if (change.after.advance) await holds.save(change.after);
      };
    },
  };
}

/** What came in through bKash and went back, over a period (the sales report's). */
export function advanceMoneyOn(database: ShopDatabase) {
  const holds = storesOn(database).outside.holds;
  return (from: Date, to: Date) => holds.money(from, to);
}

export function createPaymentsModule(deps: PaymentsModuleDeps) {
  const stores = storesOn(deps.database);
  const useDeps = {
    clock: deps.clock,
    logger: deps.logger,
    newId: deps.newId,
    gateway: deps.gateway,
    orders: deps.orders,
    orderCommand: deps.orderCommand,
    holds: stores.outside.holds,
    attempts: { outside: stores.outside.attempts, in: (tx: Tx) => stores.in(tx).attempts },
    callbackUrl: deps.callbackUrl,
    // One entry per order checked in the last seconds: 10,000 orders, 1 MiB at most.
    lastChecks: createBoundedMap<number>({ maxEntries: 10_000, maxBytes: 1024 * 1024 }),
  };
  const worker = createHoldWorker({ ...useDeps, pollMs: deps.pollMs ?? 30_000 });
  return {
    start: () => worker.start(),
    stop: () => worker.stop(),
    /** One turn of the hold worker now (tests). */
    runOnce: () => worker.runOnce(),
    /** The first payment of an order just placed: ordering's POST /api/orders answers its page. */
    firstPayment: (order: OrderState) => firstPayment(useDeps, order),
    routes: [paymentRoutes({ ...useDeps, requireUser: deps.requireUser, requireStaff: deps.requireStaff })],
  };
}

export type PaymentsModule = ReturnType<typeof createPaymentsModule>;
