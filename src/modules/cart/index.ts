import type { MiddlewareHandler } from 'hono';
import { bindStores, type ShopDatabase, type Tx } from '../../platform/database.js';
import type { Clock } from '../../shared/clock.js';
import type { IdGenerator } from '../../shared/ids.js';
import type { AuthVariables } from '../identity/index.js';
import { cartRoutes } from './adapters/http.js';
import { createPgCartStore } from './adapters/postgres/cart-store.js';
import { createSqliteCartStore } from './adapters/sqlite/cart-store.js';
import type { CartLimits, ProductLookup } from './ports.js';
import { viewCart } from './view-cart.js';
import { importCartLine, type CartLineToImport, type ImportedCartLineOutcome } from './import-cart.js';
import { maxQuantityPerLine } from './domain/cart-line.js';

export type { CartLimits, ProductLookup } from './ports.js';

/** MAX_CART_LINES and MAX_LINE_QUANTITY when a caller gives none (env.ts's defaults). */
const defaultLimits: CartLimits = { maxLines: 50, maxLineQuantity: maxQuantityPerLine };

/**
 * For `npm run import:original` (issue 19, decision 041): the old shop's cart lines, a batch per
 * transaction, within the live API's bounds (`limits`: MAX_CART_LINES and MAX_LINE_QUANTITY).
 */
export function openCartImport(database: ShopDatabase, options: { dryRun: boolean; limits?: CartLimits | undefined; tx?: Tx | undefined }) {
  const limits = options.limits ?? defaultLimits;
  const stores = bindStores(database, { sqlite: createSqliteCartStore, postgres: createPgCartStore });
  // `tx`: the import's one transaction (issue 40: a real run writes everything or nothing); else a transaction a batch.
  const within = <T>(work: (tx: Tx) => Promise<T>) => (options.tx ? work(options.tx) : database.transaction(work));
  return {
    importCartLines: (batch: readonly CartLineToImport[]) =>
      within(async (tx) => {
        const cart = stores.in(tx);
        const outcomes: ImportedCartLineOutcome[] = [];
        for (const line of batch) outcomes.push(await importCartLine(cart, line, options.dryRun, limits));
        return outcomes;
      }),
  };
}
export type { CartLineToImport, ImportedCartLineOutcome } from './import-cart.js';
export { maxQuantityPerLine };

export type CartDeps = {
  database: ShopDatabase;
  clock: Clock;
  newId: IdGenerator;
  products: ProductLookup;
  /** The catalogue's facts as an ordering transaction sees them. */
  productsIn: (tx: Tx) => ProductLookup;
  requireUser: MiddlewareHandler<{ Variables: AuthVariables }>;
  /** MAX_CART_LINES and MAX_LINE_QUANTITY (issue 40). */
  limits?: CartLimits | undefined;
};

/** The cart module's whole public surface. */
export function createCartModule(deps: CartDeps) {
  const stores = bindStores(deps.database, { sqlite: createSqliteCartStore, postgres: createPgCartStore });
  const cart = stores.outside;
  const limits = deps.limits ?? defaultLimits;
  return {
    routes: [cartRoutes({ ...deps, cart, limits, transaction: (work) => deps.database.transaction((tx) => work({ cart: stores.in(tx), products: deps.productsIn(tx) })) })],
    /**
     * For ordering, inside its transaction: the caller's newest `atMost` lines, priced from the
     * catalogue now, and how many the cart holds.
     */
    pricedLinesIn: (tx: Tx, userId: string, atMost: number) => viewCart({ cart: stores.in(tx), products: deps.productsIn(tx) }, userId, atMost),
    /** For ordering, inside its transaction: the ordered lines leave the cart. */
    removeLinesIn: (tx: Tx, ids: readonly string[]) => stores.in(tx).deleteLines(ids),
  };
}
