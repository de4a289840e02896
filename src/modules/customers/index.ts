import { bindStores, type ShopDatabase, type Tx } from '../../platform/database.js';
import type { Clock } from '../../shared/clock.js';
import type { IdGenerator } from '../../shared/ids.js';
import type { StaffGuard } from '../../platform/http/contract.js';
import type { OrderReads } from '../ordering/index.js';
import { customerRoutes } from './adapters/http.js';
import { createPgCustomerStore } from './adapters/postgres/customer-store.js';
import { createSqliteCustomerStore } from './adapters/sqlite/customer-store.js';
import { claimPhone, maxClaimsPerAccount, recordFor, type ClaimOutcome } from './customer-records.js';
import type { CustomerFields, CustomerRecord } from './ports.js';

export type { ClaimOutcome } from './customer-records.js';
export type { CustomerFields, CustomerRecord } from './ports.js';

/**
 * The customers module (issue 36, decision 064): the people the shop's staff take orders for
 * without an account, one record per phone number, and the account that proved the phone and so
 * sees those orders. Ordering finds or makes the record inside a staff order's unit of work, and
 * the order defences claim it when an account proves the phone; both through plain functions the
 * composition root wires (`recordIn`, `claimIn`), in ordering's transactions. It reads the orders of
 * a phone through ordering's index (GET /api/customers).
 */
export function createCustomersModule(deps: {
  database: ShopDatabase;
  clock: Clock;
  newId: IdGenerator;
  orders: Pick<OrderReads, 'historyOf' | 'pageAfter'>;
  requireStaff: StaffGuard;
  /** Whether an account still exists (identity's, wired by the composition root): a deleted account's claim passes on. */
  accountExists: (userId: string) => Promise<boolean>;
}) {
  const stores = bindStores(deps.database, { sqlite: createSqliteCustomerStore, postgres: createPgCustomerStore });
  return {
    /** The phone's record for an order taken now (made, or given the staff's latest name and address), inside an ordering transaction. */
    recordIn: (tx: Tx, fields: CustomerFields, keep = false): Promise<CustomerRecord> => recordFor(deps, stores.in(tx), fields, keep),
    /** An account proved the phone (inside the code's transaction): its record becomes theirs. */
    claimIn: (tx: Tx, userId: string, phone: string, now: Date): Promise<ClaimOutcome> => claimPhone(deps, stores.in(tx), userId, phone, now),
    /** The records an account claimed (at most 20), read outside transactions: whose orders it also sees. */
    claimedBy: (userId: string): Promise<string[]> => stores.outside.claimedBy(userId, maxClaimsPerAccount),
    routes: [customerRoutes({ store: stores.outside, orders: deps.orders, requireStaff: deps.requireStaff })],
  };
}
