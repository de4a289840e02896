import { and, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { maxStock, sameVariant } from '../../../../shared/stock.js';
import type { PgQueryable } from '../../../../platform/database.js';
import { categoryKey } from '../../domain/category.js';
import { searchWords } from '../../domain/search.js';
import type { ProductFilter, ProductStore, StockStore } from '../../ports.js';
import { commonConditions, isPlain, isSearchOnly, newestFirst, productColumns, productOrder, variantAt, withVariants } from '../product-query.js';
import { categories, products, productVariants } from './schema.js';

const columns = productColumns(products, categories);
const newestOrder = newestFirst(products);
const at = (line: { productId: string; size: string; color: string }) => variantAt(productVariants, line);

/**
 * A tsquery of prefixes, all required. The words hold letters, marks and digits only, so they
 * cannot carry tsquery operators; each is quoted all the same.
 */
const tsquery = (words: readonly string[]) => sql`to_tsquery('simple', ${words.map((w) => `'${w}':*`).join(' & ')})`;

function conditions(filter: ProductFilter, words: readonly string[] | null): SQL | undefined {
  const parts: SQL[] = [];
  // The category's id by its key first (a scalar subquery, one row: the key is unique), so the planner
  // reads products_category_price for a category sorted by price; on the joined name it walked the
  // price index of every product with a filter (1.4 ms against 0.05 ms a page at 100,000 products, issue 20).
  if (filter.category !== undefined) {
    parts.push(sql`${products.categoryId} = (select c2.id from ${categories} c2 where c2.name_key = ${categoryKey(filter.category)})`);
  }
  if (words) parts.push(sql`${products.search} @@ ${tsquery(words)}`);
  parts.push(...commonConditions({ products, productVariants }, filter));
  return parts.length ? and(...parts) : undefined;
}

// Relevance: weights D, C, B, A: description, category, title (as SQLite's bm25 weights them).
const orderOf = (filter: ProductFilter, words: readonly string[] | null): SQL[] =>
  productOrder(products, filter, words !== null, () => sql`ts_rank('{0.1, 0.2, 0.4, 1.0}', ${products.search}, ${tsquery(words ?? [])}) desc`);

export function createPgProductStore(db: PgQueryable): ProductStore {
  const base = () => db.select(columns).from(products).innerJoin(categories, eq(products.categoryId, categories.id)).$dynamic();
  const withStock = async (rows: Awaited<ReturnType<ReturnType<typeof base>['execute']>>) => {
    if (!rows.length) return [];
    const variants = await db
      .select({ productId: productVariants.productId, size: productVariants.size, color: productVariants.color, stock: productVariants.stock })
      .from(productVariants)
      .where(inArray(productVariants.productId, rows.map((r) => r.id)));
    return withVariants(rows, variants);
  };

  return {
    async list(filter) {
      if (isPlain(filter) && filter.limit !== undefined && filter.limit >= 0) {
        // A page's ids first, from products_created_at alone (an index-only scan), then only its
        // rows: OFFSET otherwise fetches and joins every row it skips (100,000 products, pages
        // 1-200: 1.3 -> 0.8 ms a page; the 200th 2.6 -> 0.6 ms in EXPLAIN ANALYZE) (issue 20).
        const pageIds = db
          .select({ id: products.id, createdAt: products.createdAt })
          .from(products)
          .orderBy(...newestOrder)
          .limit(filter.limit)
          .offset(Math.max(0, filter.offset ?? 0))
          .as('page_ids');
        return withStock(
          await db
            .select(columns)
            .from(pageIds)
            .innerJoin(products, eq(products.id, pageIds.id))
            .innerJoin(categories, eq(products.categoryId, categories.id))
            .orderBy(desc(pageIds.createdAt), desc(pageIds.id)),
        );
      }
      const words = filter.q === undefined ? null : searchWords(filter.q);
      if (words?.length === 0) return [];
      let query = base().where(conditions(filter, words)).orderBy(...orderOf(filter, words));
      // SQLite reads a negative LIMIT as none and a negative OFFSET as 0; PostgreSQL refuses both.
      if (filter.limit !== undefined && filter.limit >= 0) query = query.limit(filter.limit);
      if (filter.offset !== undefined && filter.offset > 0) query = query.offset(filter.offset);
      return withStock(await query);
    },
    async count(filter) {
      const words = filter.q === undefined ? null : searchWords(filter.q);
      if (words?.length === 0) return 0;
      const where = conditions(filter, words);
      // A search alone counts products only (each has a category): the join is left out (issue 20).
      const query = where && !(words && isSearchOnly(filter))
        ? db.select({ n: count() }).from(products).innerJoin(categories, eq(products.categoryId, categories.id)).where(where)
        : db.select({ n: count() }).from(products).where(where);
      return (await query)[0]?.n ?? 0;
    },
    byId: async (id) => (await withStock(await base().where(eq(products.id, id))))[0] ?? null,
    // A cart's products at once (issue 40). Stored ids never hold U+0000 (decision 022): such an id finds nothing.
    byIds: async (ids) => {
      const wanted = [...new Set(ids)].filter((id) => !id.includes('\u0000'));
      return wanted.length ? withStock(await base().where(inArray(products.id, wanted))) : [];
    },
    async insert({ variants, ...p }) {
      await db.insert(products).values({ ...p, updatedAt: p.createdAt });
      if (variants.length) await db.insert(productVariants).values(variants.map((v) => ({ ...v, productId: p.id })));
    },
    async update(id, { variants, ...p }) {
      const changed = (await db.update(products).set(p).where(eq(products.id, id)).returning({ id: products.id })).length;
      if (!changed) return 0;
      // Upserted, not deleted and inserted: an order waiting on a row's lock finds the same row.
      await db
        .insert(productVariants)
        .values(variants.map((v) => ({ ...v, productId: id })))
        .onConflictDoUpdate({ target: [productVariants.productId, productVariants.size, productVariants.color], set: { stock: sql`excluded.stock` } });
      const existing = await db.select({ size: productVariants.size, color: productVariants.color }).from(productVariants).where(eq(productVariants.productId, id));
      for (const gone of existing.filter((e) => !variants.some((v) => sameVariant(v, e)))) {
        await db.delete(productVariants).where(at({ productId: id, ...gone }));
      }
      return changed;
    },
    delete: async (id) => (await db.delete(products).where(eq(products.id, id)).returning({ id: products.id })).length,
    withoutVariants: (limit) =>
      db
        .select({ id: products.id, sizes: products.sizes, colors: products.colors })
        .from(products)
        .where(sql`not exists (select 1 from ${productVariants} v where v.product_id = ${products.id})`)
        .limit(limit),
    async addMissingVariants(productId, variants) {
      if (variants.length) await db.insert(productVariants).values(variants.map((v) => ({ ...v, productId }))).onConflictDoNothing();
    },
  };
}

export function createPgStockStore(db: PgQueryable): StockStore {
  return {
    take: async (line) =>
      (
        await db
          .update(productVariants)
          .set({ stock: sql`${productVariants.stock} - ${line.quantity}` })
          .where(and(at(line), gte(productVariants.stock, line.quantity)))
          .returning({ stock: productVariants.stock })
      ).length === 1,
    giveBack: async (line) =>
      (await db.update(productVariants).set({ stock: sql`least(${productVariants.stock} + ${line.quantity}, ${maxStock})` }).where(at(line)).returning({ stock: productVariants.stock })).length === 1,
  };
}
