import type { StaffGuard } from '../../platform/http/contract.js';
import type { MiddlewareHandler } from 'hono';
import type { Clock } from '../../shared/clock.js';
import type { AuthVariables } from '../identity/index.js';
import type { OrderReads } from '../ordering/index.js';
import { orderPdfRoutes } from './adapters/order-pdfs-http.js';
import { ordersExportRoutes } from './adapters/orders-export-http.js';
import type { ShopIdentity } from './domain/invoice.js';

export type { ShopIdentity } from './domain/invoice.js';

/**
 * The documents made from orders (its own module since decision 050): invoices and packing slips
 * as PDFs (issue 17, decisions 034 and 047) and the desk's CSV export (decision 037). It only reads
 * orders, through ordering's reads; it writes nothing.
 */
export type DocumentsDeps = {
  clock: Clock;
  orders: Pick<OrderReads, 'listedById' | 'pageAfter'>;
  /** The shop as invoices and packing slips head it. */
  shop: ShopIdentity;
  /** Invoices and packing slips (issue 40, decision 047): orders of more lines than `maxLines` (MAX_ORDER_LINES) get none. */
  documents?: { maxLines?: number } | undefined;
  /**
   * The customer records an account claimed by proving their phones, as order owners (issue 36;
   * the customers module's, wired by the composition root): their orders' invoices are the account's.
   */
  claimedOwners?: ((userId: string) => Promise<string[]>) | undefined;
  requireUser: MiddlewareHandler<{ Variables: AuthVariables }>;
  requireStaff: StaffGuard;
};

export function createDocumentsModule(deps: DocumentsDeps) {
  return {
    routes: [
      ordersExportRoutes({ orders: deps.orders, clock: deps.clock, requireStaff: deps.requireStaff }),
      orderPdfRoutes({ orders: deps.orders, shop: deps.shop, documents: deps.documents, claimedOwners: deps.claimedOwners, requireUser: deps.requireUser, requireStaff: deps.requireStaff }),
    ],
  };
}
