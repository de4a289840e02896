/**
 * Every JSON route under /api, as types only: the web app's client is typed from this one file
 * (decision 052), with `import type`, so no zod or server code reaches the bundle. Each router's
 * type records the contracts it handled (ContractRouter.handle), keyed `method /path` as the
 * contract writes them; a route added to a module's router appears here by itself, and a contract
 * changed breaks the web's typecheck where the route is used.
 */
import type { PlatformRoutes } from './app.js';
import type { createAuditModule } from './modules/audit/index.js';
import type { createCartModule } from './modules/cart/index.js';
import type { createCatalogueModule } from './modules/catalogue/index.js';
import type { createCustomersModule } from './modules/customers/index.js';
import type { createDeliveryModule } from './modules/delivery/index.js';
import type { createDocumentsModule } from './modules/documents/index.js';
import type { createIdentityModule } from './modules/identity/index.js';
import type { createMessagesModule } from './modules/messages/index.js';
import type { createOrderDefencesModule } from './modules/order-defences/index.js';
import type { createOrderingModule } from './modules/ordering/index.js';
import type { createPaymentsModule } from './modules/payments/index.js';
import type { createPhoneRecordsModule } from './modules/phone-records/index.js';
import type { createPromotionsModule } from './modules/promotions/index.js';
import type { createSalesModule } from './modules/sales/index.js';
import type { RoutesOf } from './platform/http/contract.js';

/** A module's `routes` is the list of routers the composition root mounts (decision 050). */
type RoutesOfModule<F extends (...args: never[]) => unknown> = RoutesOf<Awaited<ReturnType<F>> extends { routes: ReadonlyArray<infer R> } ? R : never>;

/** Each route's contract, by `method /path` relative to /api. */
export type ApiRoutes = RoutesOf<PlatformRoutes> &
  RoutesOfModule<typeof createIdentityModule> &
  RoutesOfModule<typeof createCatalogueModule> &
  RoutesOfModule<typeof createPromotionsModule> &
  RoutesOfModule<typeof createCartModule> &
  RoutesOfModule<typeof createOrderingModule> &
  RoutesOfModule<typeof createCustomersModule> &
  RoutesOfModule<typeof createAuditModule> &
  RoutesOfModule<typeof createOrderDefencesModule> &
  RoutesOfModule<typeof createMessagesModule> &
  RoutesOfModule<typeof createSalesModule> &
  RoutesOfModule<typeof createDocumentsModule> &
  RoutesOfModule<typeof createDeliveryModule> &
  RoutesOfModule<typeof createPaymentsModule> &
  RoutesOfModule<typeof createPhoneRecordsModule>;
