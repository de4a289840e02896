import type { StaffGuard } from '../../platform/http/contract.js';
import { changeTagFor, recordChangeIn, recordedWrites } from '../../platform/change-versions.js';
import { withKeptCounts } from './counted-products.js';
import type { ImageStore } from '../../platform/image-store/image-store.js';
import type { Logger } from '../../platform/logger.js';
import { bindStores, type ShopDatabase, type Tx } from '../../platform/database.js';
import type { Clock } from '../../shared/clock.js';
import type { IdGenerator } from '../../shared/ids.js';
import { catalogueRoutes } from './adapters/http.js';
import { createPgCategoryStore } from './adapters/postgres/category-store.js';
import { createPgProductStore, createPgStockStore } from './adapters/postgres/product-store.js';
import { createSqliteCategoryStore } from './adapters/sqlite/category-store.js';
import { createSqliteProductStore, createSqliteStockStore } from './adapters/sqlite/product-store.js';
import { createPgSitemapReader } from './adapters/postgres/sitemap-reader.js';
import { createSqliteSitemapReader } from './adapters/sqlite/sitemap-reader.js';
import type { StockLine } from './ports.js';
import { giveDefaultStock } from './save-product.js';
import { importCategory, importProduct, type CategoryToImport, type ProductToImport } from './import-catalogue.js';
import { seedDemoCatalogue, type DemoArtSpec } from './seed-demo-catalogue.js';
import { giveBackStock, takeStock, type StockChoice } from './stock.js';

export type { CategoryBody, CategoryDto, ProductBody, ProductDto } from './adapters/http.js';
export { productListQuery } from './adapters/http.js';
export type { Category } from './domain/category.js';
/** The key a category name is known by (case and surrounding spaces ignored): the pages' cache keys use it too. */
export { categoryKey } from './domain/category.js';
export type { Product } from './product.js';
export type { SitemapCategory, SitemapProduct, SitemapReader, StockLine } from './ports.js';
export type { StockChoice } from './stock.js';
export type { DemoArtSpec } from './seed-demo-catalogue.js';

export type CatalogueDeps = {
  database: ShopDatabase;
  clock: Clock;
  newId: IdGenerator;
  images: ImageStore;
  requireStaff: StaffGuard;
  logger: Logger;
  /** DEFAULT_STOCK (decision 027). */
  defaultStock: number;
};

/**
 * For `npm run import:original` (issue 19, decision 041): the old shop's categories and products,
 * a batch per transaction (which records a catalogue change, so running shops on PostgreSQL see
 * it; a SQLite shop is stopped while it imports). `dryRun` only looks.
 */
export function openCatalogueImport(database: ShopDatabase, options: { newId: IdGenerator; clock: Clock; defaultStock: number; dryRun: boolean; tx?: Tx | undefined }) {
  const stores = bindStores(database, {
    sqlite: (side) => ({ categories: createSqliteCategoryStore(side), products: createSqliteProductStore(side) }),
    postgres: (db) => ({ categories: createPgCategoryStore(db), products: createPgProductStore(db) }),
  });
  // `tx`: the import's one transaction (issue 40: a real run writes everything or nothing); else a transaction a batch.
  const within = <T>(work: (tx: Tx) => Promise<T>) => (options.tx ? work(options.tx) : database.transaction(work));
  const inBatch = <T, R extends { outcome: string }>(batch: readonly T[], one: (s: ReturnType<typeof stores.in>, item: T) => Promise<R>) =>
    within(async (tx) => {
      const s = stores.in(tx);
      const outcomes: R[] = [];
      for (const item of batch) outcomes.push(await one(s, item));
      if (!options.dryRun && outcomes.some((o) => o.outcome === 'added')) await recordChangeIn(tx, 'catalogue');
      return outcomes;
    });
  return {
    importCategories: (batch: readonly CategoryToImport[]) => inBatch(batch, (s, c) => importCategory(s, c, options.dryRun)),
    importProducts: (batch: readonly ProductToImport[]) =>
      inBatch(batch, (s, p) => importProduct(s, { newId: options.newId, defaultStock: options.defaultStock, now: options.clock.now() }, p, options.dryRun)),
    /** A product's sizes and colors, or null when there is none with that id (old carts name deleted products). */
    productChoices: async (id: string) => {
      const product = await (options.tx ? stores.in(options.tx) : stores.outside).products.byId(id);
      return product ? { sizes: product.sizes, colors: product.colors } : null;
    },
  };
}
export type { CategoryToImport, ImportedCategoryOutcome, ImportedProductOutcome, ProductToImport } from './import-catalogue.js';

/** The catalogue module's whole public surface. */
export function createCatalogueModule(deps: CatalogueDeps) {
  const stores = bindStores(deps.database, {
    sqlite: (side) => ({ categories: createSqliteCategoryStore(side), products: createSqliteProductStore(side), stock: createSqliteStockStore(side) }),
    postgres: (db) => ({ categories: createPgCategoryStore(db), products: createPgProductStore(db), stock: createPgStockStore(db) }),
  });
  const { categories, products } = stores.outside;
  const sitemapReader = bindStores(deps.database, { sqlite: createSqliteSitemapReader, postgres: createPgSitemapReader }).outside;
  const changes = changeTagFor(deps.database, 'catalogue', { onError: (error) => deps.logger.warn('catalogue version read failed', { error }) });
  const write = recordedWrites(deps.database, 'catalogue', changes, (tx) => stores.in(tx));
  const routes = catalogueRoutes({
    categories,
    products: withKeptCounts(products, () => changes.current()),
    write,
    images: deps.images,
    clock: deps.clock,
    newId: deps.newId,
    defaultStock: deps.defaultStock,
    requireStaff: deps.requireStaff,
    changes,
    onStoreError: (error) => deps.logger.error('image store failed', { error }),
  });
  return {
    routes: [routes],
    /** Fills an empty catalogue (first start); `makeImage` draws and stores one demo picture. */
    seedDemo: async (makeImage: (spec: DemoArtSpec) => Promise<string>) => {
      const seeded = await seedDemoCatalogue({
        categories,
        products,
        clock: deps.clock,
        newId: deps.newId,
        transaction: async (work) => (await write(async (inTx) => ({ ok: true, value: await work(inTx) }))).value,
        makeImage,
      });
      return seeded;
    },
    /** Changes with every catalogue write (the ETag of catalogue reads): keys the response cache. */
    version: () => changes.current(),
    /** For ordering: the catalogue's current facts about a product, or null, as a transaction sees them. */
    productsIn: (tx: Tx) => {
      const inTx = stores.in(tx).products;
      return { productById: (id: string) => inTx.byId(id), productsByIds: (ids: readonly string[]) => inTx.byIds(ids) };
    },
    /**
     * For ordering, inside its transaction (decision 027): `take` a line's stock or learn how many
     * one line could have; `giveBack` a canceled order's. Each records a catalogue change in the
     * transaction (PostgreSQL); call `stockChanged()` once the transaction committed.
     */
    stockIn: (tx: Tx) => {
      const inTx = stores.in(tx);
      const moved = async () => void (await recordChangeIn(tx, 'catalogue'));
      return {
        take: async (choice: StockChoice) => {
          const result = await takeStock(inTx, choice);
          if ('taken' in result) await moved();
          return result;
        },
        giveBack: async (lines: readonly StockLine[]) => {
          const returned = await giveBackStock(inTx, lines);
          if (returned.length) await moved();
          return returned;
        },
      };
    },
    /** After an ordering transaction that took or gave back stock committed: product answers change. */
    stockChanged: () => changes.bump(),
    /**
     * Start-up: products saved before stock existed get DEFAULT_STOCK per size x color (decision
     * 027). Answers how many.
     */
    giveDefaultStock: async () => {
      const given = await giveDefaultStock({
        defaultStock: deps.defaultStock,
        products,
        transaction: (work) => deps.database.transaction(async (tx) => work(stores.in(tx).products)),
      });
      if (given) changes.bump();
      return given;
    },
    /** For the cart: the catalogue's current facts about a product, or null. */
    productById: (id: string) => products.byId(id),
    /** For the cart: the products of these ids that exist, in one read (issue 40). */
    productsByIds: (ids: readonly string[]) => products.byIds(ids),
    /** For the pages' link previews (issue 21): a category by its name (case and surrounding spaces ignored), or null. */
    categoryByName: (name: string) => categories.byName(name),
    /** The first picture of the newest product (of a category), or null: a list page's preview picture. */
    newestImage: async (category?: string) => (await products.list({ category, limit: 1 }))[0]?.images[0] ?? null,
    /** The sitemap's keyset reads (issue 21, decision 042). */
    sitemap: sitemapReader,
    /** The newest products' variants and their stock now, at most `limit` products (the demo orders' plan, issue 17). */
    variantsOfNewest: async (limit: number) =>
      (await products.list({ limit })).flatMap((product) => product.variants.map((v) => ({ productId: product.id, size: v.size, color: v.color, stock: v.stock }))),
    /** Stops the version polling (PostgreSQL). */
    stop: () => changes.stop(),
    /** Settles once the catalogue's tag is the shared one (PostgreSQL's first read). */
    ready: changes.ready,
  };
}
