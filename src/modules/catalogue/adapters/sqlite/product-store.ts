import { and, count, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { SqliteSide } from '../../../../platform/database.js';
import { maxStock, sameVariant } from '../../../../shared/stock.js';
import { categoryKey } from '../../domain/category.js';
import { searchWords } from '../../domain/search.js';
import type { ProductFilter, ProductStore, StockStore } from '../../ports.js';
import { commonConditions, isPlain, isSearchOnly, newestFirst, productColumns, productOrder, sortOf, variantAt, withVariants } from '../product-query.js';
import { categories, products, productVariants } from './schema.js';

/**
 * The FTS5 table migrations/sqlite/0010 made and its triggers fill (decision 027). Declared here,
 * not in schema.ts: drizzle-kit cannot create a virtual table, and must not try. `created_at` (not
 * indexed, the product's own, since migration 0023) lets a search rank and order its page in this
 * table alone, ties included (issue 20).
 */
const productsSearch = sqliteTable('products_search', { productId: text('product_id').notNull(), createdAt: integer('created_at').notNull() });

const columns = productColumns(products, categories);
const newestOrder = newestFirst(products);
const at = (line: { productId: string; size: string; color: string }) => variantAt(productVariants, line);

/** FTS5 query: each word quoted (no operator can be smuggled in) and a prefix; all must match. */
const matchExpression = (words: readonly string[]) => words.map((w) => `"${w}"*`).join(' ');
// Title counts most, then the category, then the description (product_id and created_at are not indexed).
const rank = sql<number>`bm25(products_search, 0, 10.0, 4.0, 1.0, 0)`;

function conditions(filter: ProductFilter, words: readonly string[] | null): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.category !== undefined) parts.push(eq(categories.nameKey, categoryKey(filter.category)));
  if (words) parts.push(sql`products_search MATCH ${matchExpression(words)}`);
  parts.push(...commonConditions({ products, productVariants }, filter));
  // Always true (a check), but a range on price makes the planner take products_category_price for
  // a category sorted by price (issue 20): with no statistics (a shop never runs ANALYZE) or fresh
  // ones it took products_category and sorted the whole category (2,000 of 100,000 products:
  // 1.5-1.7 ms against 0.1 ms a page). Not with words: the search index must lead then (driven by
  // the price index, MATCH ran once per product of the category: 34-78 ms).
  const byPrice = filter.sort === 'price_asc' || filter.sort === 'price_desc';
  if (filter.category !== undefined && !words && filter.minPrice === undefined && byPrice) parts.push(gt(products.price, 0));
  return parts.length ? and(...parts) : undefined;
}

const orderOf = (filter: ProductFilter, words: readonly string[] | null): SQL[] => productOrder(products, filter, words !== null, () => rank);

export function createSqliteProductStore({ read, writer, write }: SqliteSide): ProductStore {
  const base = () => read.select(columns).from(products).innerJoin(categories, eq(products.categoryId, categories.id));

  // The storefront's hot reads, prepared once: the query builder would otherwise run on every read.
  // `+category_id` keeps the planner walking products_created_at (no sort): on a file ANALYZEd
  // before products_category_price existed (the large bench shop), that index, with no statistics
  // of its own, looked cheaper, and every page sorted all 100,000 products (80 ms, issue 20).
  const newest = () => read.select(columns).from(products).innerJoin(categories, sql`+${products.categoryId} = ${categories.id}`);
  const all = newest().orderBy(...newestOrder).prepare();
  // A page's ids first, from products_created_at alone (it covers them), then only its rows read:
  // OFFSET otherwise reads and joins every row it skips (100,000 products, pages 1-200: 1.3 ms
  // -> 0.23 ms a page on average, the 200th 2.7 -> 0.3 ms).
  const pageIds = read
    .select({ id: products.id, createdAt: products.createdAt })
    .from(products)
    .orderBy(...newestOrder)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page_ids');
  const page = read
    .select(columns)
    .from(pageIds)
    .innerJoin(products, eq(products.id, pageIds.id))
    .innerJoin(categories, sql`+${products.categoryId} = ${categories.id}`)
    .orderBy(desc(pageIds.createdAt), desc(pageIds.id))
    .prepare();
  const byId = base().where(eq(products.id, sql.placeholder('id'))).prepare();
  // A cart's products at once (issue 40): the ids go in as one JSON array, each found by the key.
  const byIds = base().where(sql`${products.id} in (select value from json_each(${sql.placeholder('ids')}))`).prepare();
  const countAll = read.select({ n: count() }).from(products).prepare();
  // One statement for any page: the ids go in as one JSON array.
  const variantsOf = read
    .select({ productId: productVariants.productId, size: productVariants.size, color: productVariants.color, stock: productVariants.stock })
    .from(productVariants)
    .where(sql`${productVariants.productId} in (select value from json_each(${sql.placeholder('ids')}))`)
    .prepare();
  const withStock = async (rows: Awaited<ReturnType<typeof all.all>>) =>
    rows.length ? withVariants(rows, variantsOf.all({ ids: JSON.stringify(rows.map((r) => r.id)) })) : [];

  // A search and nothing else (issue 20): the page ranked and ordered in the FTS5 table alone (bm25,
  // then newest first as everywhere: the same order as the general query below; or newest first
  // only), then only its rows joined. The general query joins every match (~1,000 of 100,000
  // products for two words) before sorting: 5.8 ms against 3.2 ms for the page, 4.0 ms against
  // 0.6 ms for the count.
  const searchPageBy = (ranked: boolean) => {
    const top = read
      .select({ productId: productsSearch.productId, createdAt: productsSearch.createdAt, r: (ranked ? rank : sql<number>`0`).as('r') })
      .from(productsSearch)
      .where(sql`products_search MATCH ${sql.placeholder('match')}`)
      .orderBy(...(ranked ? [sql`r`] : []), desc(productsSearch.createdAt), desc(productsSearch.productId))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('top');
    return read
      .select(columns)
      .from(top)
      .innerJoin(products, eq(products.id, top.productId))
      .innerJoin(categories, eq(products.categoryId, categories.id))
      .orderBy(...(ranked ? [sql`${top.r}`] : []), desc(top.createdAt), desc(top.productId))
      .prepare();
  };
  const searchPage = { relevance: searchPageBy(true), newest: searchPageBy(false) };
  // Every product has one row in products_search (the triggers) and a category (a foreign key).
  const searchCount = read
    .select({ n: count() })
    .from(productsSearch)
    .where(sql`products_search MATCH ${sql.placeholder('match')}`)
    .prepare();

  const filtered = (filter: ProductFilter) => {
    const words = filter.q === undefined ? null : searchWords(filter.q);
    return { words, where: conditions(filter, words) };
  };

  return {
    async list(filter) {
      const limit = filter.limit ?? -1; // SQLite: a negative LIMIT means none
      const offset = filter.offset ?? 0;
      if (isPlain(filter)) return withStock(filter.limit === undefined && offset === 0 ? all.all() : page.all({ limit, offset }));
      const { words, where } = filtered(filter);
      if (words?.length === 0) return [];
      const sort = sortOf(filter, words !== null);
      if (words && isSearchOnly(filter) && (sort === 'relevance' || sort === 'newest')) {
        return withStock(searchPage[sort].all({ match: matchExpression(words), limit, offset }));
      }
      let query = read.select(columns).from(products).innerJoin(categories, eq(products.categoryId, categories.id)).$dynamic();
      if (words) query = query.innerJoin(productsSearch, eq(productsSearch.productId, products.id));
      return withStock(
        await query
          .where(where)
          .orderBy(...orderOf(filter, words))
          .limit(limit)
          .offset(offset),
      );
    },
    async count(filter) {
      if (isPlain(filter)) return countAll.get()?.n ?? 0;
      const { words, where } = filtered(filter);
      if (words?.length === 0) return 0;
      if (words && isSearchOnly(filter)) return searchCount.get({ match: matchExpression(words) })?.n ?? 0;
      let query = read.select({ n: count() }).from(products).innerJoin(categories, eq(products.categoryId, categories.id)).$dynamic();
      if (words) query = query.innerJoin(productsSearch, eq(productsSearch.productId, products.id));
      return (await query.where(where))[0]?.n ?? 0;
    },
    byId: async (id) => {
      const row = byId.get({ id });
      return row ? ((await withStock([row]))[0] ?? null) : null;
    },
    byIds: async (ids) => (ids.length ? withStock(byIds.all({ ids: JSON.stringify([...new Set(ids)]) })) : []),
    insert: ({ variants, ...p }) =>
      write(() => {
        writer.insert(products).values({ ...p, updatedAt: p.createdAt }).run();
        if (variants.length) writer.insert(productVariants).values(variants.map((v) => ({ ...v, productId: p.id }))).run();
      }),
    update: (id, { variants, ...p }) =>
      write(() => {
        const changed = writer.update(products).set(p).where(eq(products.id, id)).run().changes;
        if (!changed) return 0;
        // Upserted, not deleted and inserted: a row an order is taking from stays the same row.
        for (const v of variants) {
          writer
            .insert(productVariants)
            .values({ ...v, productId: id })
            .onConflictDoUpdate({ target: [productVariants.productId, productVariants.size, productVariants.color], set: { stock: v.stock } })
            .run();
        }
        const existing = writer.select({ size: productVariants.size, color: productVariants.color }).from(productVariants).where(eq(productVariants.productId, id)).all();
        for (const gone of existing.filter((e) => !variants.some((v) => sameVariant(v, e)))) {
          writer.delete(productVariants).where(at({ productId: id, ...gone })).run();
        }
        return changed;
      }),
    delete: (id) => write(() => writer.delete(products).where(eq(products.id, id)).run().changes),
    withoutVariants: async (limit) =>
      read
        .select({ id: products.id, sizes: products.sizes, colors: products.colors })
        .from(products)
        .where(sql`not exists (select 1 from ${productVariants} v where v.product_id = ${products.id})`)
        .limit(limit)
        .all(),
    addMissingVariants: (productId, variants) =>
      write(() => {
        if (variants.length) writer.insert(productVariants).values(variants.map((v) => ({ ...v, productId }))).onConflictDoNothing().run();
      }),
  };
}

export function createSqliteStockStore({ writer, write }: SqliteSide): StockStore {
  // Prepared once: take() runs for every line of every order placed (building and preparing the
  // statement each time cost more than running it).
  const variant = and(
    eq(productVariants.productId, sql.placeholder('productId')),
    eq(productVariants.size, sql.placeholder('size')),
    eq(productVariants.color, sql.placeholder('color')),
  );
  const take = writer
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} - ${sql.placeholder('quantity')}` })
    .where(and(variant, sql`${productVariants.stock} >= ${sql.placeholder('quantity')}`))
    .prepare();
  const giveBack = writer
    .update(productVariants)
    .set({ stock: sql`min(${productVariants.stock} + ${sql.placeholder('quantity')}, ${maxStock})` })
    .where(variant)
    .prepare();
  const args = (line: { productId: string; size: string; color: string; quantity: number }) => ({
    productId: line.productId,
    size: line.size,
    color: line.color,
    quantity: line.quantity,
  });
  return {
    take: (line) => write(() => take.run(args(line)).changes === 1),
    giveBack: (line) => write(() => giveBack.run(args(line)).changes === 1),
  };
}

