import type { StaffGuard } from '../../platform/http/contract.js';
import type { Logger } from '../../platform/logger.js';
import { bindStores, type ShopDatabase } from '../../platform/database.js';
import type { RateLimiter } from '../../platform/rate-limit.js';
import type { Clock } from '../../shared/clock.js';
import type { IdGenerator } from '../../shared/ids.js';
import { isDeliveryEvent, type OrderChangeHandler, type OrderReads } from '../ordering/index.js';
import { createBookingWorker } from './adapters/booking-worker.js';
import { deliveryRoutes } from './adapters/http.js';
import { createPgBookingStore, createPgParcelStore } from './adapters/postgres/delivery-stores.js';
import { createSqliteBookingStore, createSqliteParcelStore } from './adapters/sqlite/delivery-stores.js';
import type { CourierName } from './domain/delivery.js';
import type { Courier } from './ports.js';
import type { ParcelCommand } from './use-cases.js';

export { courierNames, courierTitles, isCourierName, type CourierName } from './domain/delivery.js';
export type { Courier } from './ports.js';
export { createSteadfastCourier } from './adapters/steadfast.js';
export { createPathaoCourier } from './adapters/pathao.js';
export { createRedxCourier } from './adapters/redx.js';

/**
 * The delivery module (issue 34, decision 060): couriers (a port, an adapter per courier), the
 * bookings queue and its worker, the parcels table, the couriers' webhooks, payouts, the cash
 * report and the public tracking page. A parcel's life itself is the order's: every change is an
 * event of ordering's log, asked through `parcelCommand`.
 */
export type DeliveryModuleDeps = {
  database: ShopDatabase;
  clock: Clock;
  logger: Logger;
  newId: IdGenerator;
  couriers: Partial<Record<CourierName, Courier>>;
  orders: Pick<OrderReads, 'byId' | 'byNumber'>;
  parcelCommand: ParcelCommand;
  weightKg: number;
  /** Seconds between the booking worker's looks (15 by default). */
  pollMs?: number | undefined;
  /** How long POST /api/shipments waits for the courier before answering "queued" (8 s by default). */
  bookingWaitMs?: number | undefined;
  trackLimiter: RateLimiter;
  trustProxy: number | boolean;
  requireStaff: StaffGuard;
};

const storesOn = (database: ShopDatabase) =>
  bindStores(database, {
    sqlite: (side) => ({ bookings: createSqliteBookingStore(side), parcels: createSqliteParcelStore(side) }),
    postgres: (db) => ({ bookings: createPgBookingStore(db), parcels: createPgParcelStore(db) }),
  });

/**
 * The parcels table, written with every parcel event in its transaction (decision 050's
 * in-transaction handlers): the composition root lists it before ordering exists.
 */
export function parcelsTableOn(database: ShopDatabase): OrderChangeHandler {
  const stores = storesOn(database);
  return {
    name: 'parcels',
    in: (tx) => {
      const parcels = stores.in(tx).parcels;
      return async (change) => {
        if (change.events.some(({ event }) => isDeliveryEvent(event.type))) await parcels.save(change.after);
      };
    },
  };
}

export function createDeliveryModule(deps: DeliveryModuleDeps) {
  const stores = storesOn(deps.database);
  const useDeps = {
    clock: deps.clock,
    logger: deps.logger,
    newId: deps.newId,
    couriers: deps.couriers,
    orders: deps.orders,
    parcelCommand: deps.parcelCommand,
    bookings: { outside: stores.outside.bookings, in: (tx: Parameters<typeof stores.in>[0]) => stores.in(tx).bookings },
    parcels: stores.outside.parcels,
    weightKg: deps.weightKg,
  };
  const worker = createBookingWorker({ ...useDeps, pollMs: deps.pollMs });

  return {
    start: () => worker.start(),
    stop: () => worker.stop(),
    /** One booking turn now (tests). */
    runOnce: () => worker.runOnce(),
    routes: [
      deliveryRoutes({ ...useDeps, runWorker: () => worker.runOnce(), bookingWaitMs: deps.bookingWaitMs ?? 8_000, trackLimiter: deps.trackLimiter, trustProxy: deps.trustProxy, requireStaff: deps.requireStaff }),
    ],
  };
}

export type DeliveryModule = ReturnType<typeof createDeliveryModule>;
