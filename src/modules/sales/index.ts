import type { StaffGuard } from '../../platform/http/contract.js';
import { bindStores, type ShopDatabase } from '../../platform/database.js';
import type { Clock } from '../../shared/clock.js';
import type { OrderChangeHandler } from '../ordering/index.js';
import { createPgSalesProjection } from './adapters/postgres/sales-projection.js';
import { checkSalesProjectionOn, salesCheckInWorker, type SalesCheck } from './adapters/sales-check.js';
import { createSqliteSalesProjection } from './adapters/sqlite/sales-projection.js';
import { statsRoutes } from './adapters/stats-http.js';
import type { SalesStatsDeps } from './sales-stats.js';

export type { ProductSalesDto, SalesReportDto, SalesSummaryDto } from './adapters/stats-http.js';
export type { SalesCheck } from './adapters/sales-check.js';

/**
 * The sales projection (issue 17, decision 033; its own module since decision 050): sales_days and
 * product_sales_days, changed in the transaction of every order event (`salesProjection`, one of
 * the in-transaction handlers the composition root gives ordering), and the admins' figures read
 * from them alone.
 */
export type SalesDeps = {
  database: ShopDatabase;
  clock: Clock;
  requireStaff: StaffGuard;
  /** The advances paid and refunded over a period (issue 35: the payments module's). */
  advanceMoney?: SalesStatsDeps['advanceMoney'];
};

export function createSalesModule(deps: SalesDeps) {
  const stores = salesStoresOn(deps.database);
  return {
    salesProjection: salesProjectionOn(deps.database, stores),
    routes: [statsRoutes({ sales: stores.outside, clock: deps.clock, advanceMoney: deps.advanceMoney, requireStaff: deps.requireStaff })],
  };
}

const salesStoresOn = (database: ShopDatabase) => bindStores(database, { sqlite: createSqliteSalesProjection, postgres: createPgSalesProjection });

/**
 * The handler that adds salesDelta(before, after) to the projection in the event's transaction;
 * also what `npm run import:original` gives ordering's import (the listing and the sales, no messages).
 */
export function salesProjectionOn(database: ShopDatabase, stores = salesStoresOn(database)): OrderChangeHandler {
  return {
    name: 'sales projection',
    in: (tx) => {
      const sales = stores.in(tx);
      return (change) => sales.record(change.before, change.after);
    },
  };
}

/** For audit:verify (decision 033): the sales projection compared cell by cell with a recomputation from the listing. */
export const checkSalesProjection = (database: ShopDatabase) => checkSalesProjectionOn(database);

/**
 * The same check started now, to run beside the audit: on a SQLite file in a worker thread with a
 * connection of its own (sales-check-worker.ts) when `inWorker` (a long log; issue 20), else here
 * when its answer is asked. `stop()` when its answer is not wanted.
 */
export function startSalesProjectionCheck(database: ShopDatabase, options: { inWorker: boolean }): { answer: Promise<SalesCheck>; stop: () => void } {
  if (options.inWorker && database.engine === 'sqlite' && database.file !== ':memory:') return salesCheckInWorker(database.file);
  let answer: Promise<SalesCheck> | null = null;
  return {
    get answer() {
      return (answer ??= checkSalesProjectionOn(database));
    },
    stop: () => {},
  };
}
