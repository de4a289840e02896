import type { MiddlewareHandler } from 'hono';
import { bindStores, type ShopDatabase, type Tx } from '../../platform/database.js';
import type { Clock } from '../../shared/clock.js';
import type { IdGenerator } from '../../shared/ids.js';
import type { AuthVariables } from '../identity/index.js';
import { cartRoutes } from './adapters/http.js';
import { createPgCartStore } from './adapters/pg-cart-store.js';
import { createSqliteCartStore } from './adapters/sqlite-cart-store.js';
import type { ProductLookup } from './ports.js';
import { viewCart } from './view-cart.js';
import { importCartLine, type CartLineToImport } from './import-cart.js';

export type { AddToCartBody, CartItemDto, ChangeQuantityAnswer, ChangeQuantityBody } from './adapters/http.js';
export type { ProductLookup } from './ports.js';

/** For `npm run import:original` (issue 19, decision 041): the old shop's cart lines, a batch per transaction. */
export function openCartImport(database: ShopDatabase, options: { dryRun: boolean }) {
  const stores = bindStores(database, { sqlite: createSqliteCartStore, postgres: createPgCartStore });
  return {
    importCartLines: (batch: readonly CartLineToImport[]) =>
      database.transaction(async (tx) => {
        const cart = stores.in(tx);
        const outcomes: Array<{ outcome: 'added' | 'exists' | 'merged' }> = [];
        for (const line of batch) outcomes.push(await importCartLine(cart, line, options.dryRun));
        return outcomes;
      }),
  };
}
export type { CartLineToImport } from './import-cart.js';
export { maxQuantityPerLine } from './domain/cart-line.js';

export type CartDeps = {
  database: ShopDatabase;
  clock: Clock;
  newId: IdGenerator;
  products: ProductLookup;
  /** The catalogue's facts as an ordering transaction sees them. */
  productsIn: (tx: Tx) => ProductLookup;
  requireUser: MiddlewareHandler<{ Variables: AuthVariables }>;
};

/** The cart module's whole public surface. */
export function createCartModule(deps: CartDeps) {
  const stores = bindStores(deps.database, { sqlite: createSqliteCartStore, postgres: createPgCartStore });
  const cart = stores.outside;
  return {
    routes: cartRoutes({ ...deps, cart, transaction: (work) => deps.database.transaction((tx) => work({ cart: stores.in(tx), products: deps.productsIn(tx) })) }),
    /** For ordering, inside its transaction: the caller's lines, priced from the catalogue now. */
    pricedLinesIn: (tx: Tx, userId: string) => viewCart({ cart: stores.in(tx), products: deps.productsIn(tx) }, userId),
    /** For ordering, inside its transaction: the ordered lines leave the cart. */
    removeLinesIn: (tx: Tx, ids: readonly string[]) => stores.in(tx).deleteLines(ids),
  };
}
