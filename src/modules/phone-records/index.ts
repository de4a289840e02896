import type { StaffGuard } from '../../platform/http/contract.js';
import { bindStores, type ShopDatabase } from '../../platform/database.js';
import type { Logger } from '../../platform/logger.js';
import type { Clock } from '../../shared/clock.js';
import type { OrderReads } from '../ordering/index.js';
import { phoneRecordRoutes } from './adapters/http.js';
import { createPgRecordCache } from './adapters/postgres/record-cache.js';
import { createSqliteRecordCache } from './adapters/sqlite/record-cache.js';
import type { CourierRecordSource } from './ports.js';
import { couriersRecord } from './use-cases.js';

export { createSteadfastRecordSource } from './adapters/steadfast-record.js';
export { createBdCourierRecordSource } from './adapters/bdcourier-record.js';
export type { CourierRecordSource } from './ports.js';

/**
 * The phone-records module (issue 35, decision 061): a phone's delivery record, the shop's own
 * (from ordering's listing) and the couriers' where the owner set keys (a port, an adapter per
 * source, cached a day), shown at the desk as advice and read by the advance rule.
 */
export function createPhoneRecordsModule(deps: {
  database: ShopDatabase;
  clock: Clock;
  logger: Logger;
  sources: readonly CourierRecordSource[];
  orders: Pick<OrderReads, 'byId' | 'historyOf'>;
  goodPercent: number;
  requireStaff: StaffGuard;
}) {
  const cache = bindStores(deps.database, { sqlite: createSqliteRecordCache, postgres: createPgRecordCache }).outside;
  const useDeps = { clock: deps.clock, logger: deps.logger, sources: deps.sources, cache, history: (phone: string) => deps.orders.historyOf(phone), goodPercent: deps.goodPercent };
  return {
    /** The couriers' record of a phone for the advance rule (null: no source set, or none answered). */
    couriersRecord: (phone: string) => couriersRecord(useDeps, phone),
    routes: [phoneRecordRoutes({ ...useDeps, orders: deps.orders, requireStaff: deps.requireStaff })],
  };
}
