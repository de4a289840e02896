import type { MiddlewareHandler } from 'hono';
import { transactionOf, type Db } from '../../platform/sqlite.js';
import type { Clock } from '../../shared/clock.js';
import type { IdGenerator } from '../../shared/ids.js';
import type { AuthVariables } from '../identity/index.js';
import { cartRoutes } from './adapters/http.js';
import { createSqliteCartStore } from './adapters/sqlite-cart-store.js';
import type { ProductLookup } from './ports.js';
import { viewCart } from './view-cart.js';

export type { AddToCartBody, CartItemDto } from './adapters/http.js';
export type { ProductLookup } from './ports.js';

export type CartDeps = {
  db: Db;
  clock: Clock;
  newId: IdGenerator;
  products: ProductLookup;
  requireUser: MiddlewareHandler<{ Variables: AuthVariables }>;
};

/** The cart module's whole public surface. */
export function createCartModule(deps: CartDeps) {
  const cart = createSqliteCartStore(deps.db);
  return {
    routes: cartRoutes({ ...deps, cart, transaction: transactionOf(deps.db) }),
    /** For ordering: the caller's lines, priced from the catalogue now. */
    pricedLines: (userId: string) => viewCart({ cart, products: deps.products }, userId),
    /** For ordering, inside its transaction: the ordered lines leave the cart. */
    removeLines: (ids: readonly string[]) => cart.deleteLines(ids),
  };
}
