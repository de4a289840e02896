import type { ShopDatabase, Tx } from '../../platform/database.js';
import { orderImportTransactions, type OrderChangeHandler, type OrderingAt, type OrderLog, type OrderLogStarted, type PlacementLimits } from '../ordering/index.js';
import type { Clock } from '../../shared/clock.js';
import { planDemoOrders, type DemoVariant } from './domain/demo-orders.js';
import { importOrders, type OrderToImport } from './import-orders.js';
import { seedDemoOrders as placeDemoPlan, type DemoCustomerAccount } from './seed-demo-orders.js';

// Orders that come into the log from outside the shop's checkout (decision 050): the old shop's
// (`npm run import:original`, decision 041) and a demo shop's (issue 17). Both go through
// ordering's index only; ordering knows nothing of them.

export { demoCustomers, type DemoCustomer, type DemoVariant } from './domain/demo-orders.js';
export type { DemoCustomerAccount, SeededDemoOrders, SkippedStep } from './seed-demo-orders.js';
export type { ImportedOrderOutcome, OrderToImport } from './import-orders.js';
export type { OriginalOrder } from './domain/imported-order.js';

/** What the demo orders use of the ordering module (createOrderingModule's). */
export type DemoOrdering = { log: Pick<OrderLog, 'count'>; placementLimits: PlacementLimits; at: (clock: Clock, limits: Partial<PlacementLimits>) => OrderingAt };

/**
 * A demo shop's first start (issue 17): 28 days of demo orders up to `now`, from the demo
 * customers' accounts (`customers[i]` is demoCustomers[i] with its account), planned over the
 * catalogue's variants within the placement limits, and placed, confirmed and canceled through
 * the real ordering path. Only into an empty order log; refused steps are answered, not thrown.
 */
export async function seedDemoOrders(
  ordering: DemoOrdering,
  input: { now: Date; variants: readonly DemoVariant[]; customers: readonly DemoCustomerAccount[]; admin: { userId: string; email: string } },
) {
  const plan = planDemoOrders({ variants: input.variants, customers: input.customers.length, now: input.now, limits: ordering.placementLimits });
  const seeded = await placeDemoPlan({ log: ordering.log, at: ordering.at }, { plan, customers: input.customers, admin: input.admin });
  return { ...seeded, days: plan.days };
}

/**
 * For `npm run import:original` (issue 19, decision 041): the old shop's orders into the log as
 * Imported events, without a server. A real run needs the audit's start-up check first
 * (`logStart`: it refuses, as the server does, when the log cannot be written safely); a dry run
 * only reads.
 */
export function openOrderImport(database: ShopDatabase, options: { logStart: OrderLogStarted | null; dryRun: boolean; inTransaction: readonly OrderChangeHandler[] }) {
  const transaction = orderImportTransactions(database, { logStart: options.dryRun ? null : options.logStart, inTransaction: options.inTransaction });
  return { importOrders: (batch: readonly OrderToImport[], tx?: Tx) => importOrders({ transaction: transaction(tx) }, batch, options.dryRun) };
}
