import { asc, count, gt, max, sql } from 'drizzle-orm';
import type { SqliteSide } from '../../../../platform/database.js';
import type { SitemapReader } from '../../ports.js';
import { categories, products } from './schema.js';

/**
 * The sitemap's keyset reads (decision 042), prepared once: a crawler reads the files one after another.
 * A first batch reads after '' (every id and category key is longer, so sorts after it).
 */
export function createSqliteSitemapReader({ read }: SqliteSide): SitemapReader {
  const productCount = read.select({ n: count() }).from(products).prepare();
  const productIdAt = read.select({ id: products.id }).from(products).orderBy(asc(products.id)).limit(1).offset(sql.placeholder('offset')).prepare();
  const productColumns = { id: products.id, lastModified: products.updatedAt };
  const productsAfter = read
    .select(productColumns)
    .from(products)
    .where(gt(products.id, sql.placeholder('after')))
    .orderBy(asc(products.id))
    .limit(sql.placeholder('limit'))
    .prepare();
  const categoryCount = read.select({ n: count() }).from(categories).prepare();
  const categoryKeyAt = read.select({ key: categories.nameKey }).from(categories).orderBy(asc(categories.nameKey)).limit(1).offset(sql.placeholder('offset')).prepare();
  // SQLite's two-argument max() is the later of the two; the products_category index finds a category's products.
  const categoryColumns = {
    name: categories.name,
    key: categories.nameKey,
    lastModified: sql<number>`max(${categories.createdAt}, coalesce((select max(p.updated_at) from ${products} p where p.category_id = ${categories.id}), 0))`,
  };
  const categoriesAfter = read
    .select(categoryColumns)
    .from(categories)
    .where(gt(categories.nameKey, sql.placeholder('after')))
    .orderBy(asc(categories.nameKey))
    .limit(sql.placeholder('limit'))
    .prepare();
  const lastChange = read.select({ at: max(products.updatedAt) }).from(products).prepare();

  return {
    productCount: async () => productCount.get()?.n ?? 0,
    productIdAt: async (offset) => productIdAt.get({ offset })?.id ?? null,
    products: async (after, limit) => productsAfter.all({ after: after ?? '', limit }),
    categoryCount: async () => categoryCount.get()?.n ?? 0,
    categoryKeyAt: async (offset) => categoryKeyAt.get({ offset })?.key ?? null,
    categories: async (after, limit) =>
      categoriesAfter.all({ after: after ?? '', limit }).map((c) => ({ ...c, lastModified: new Date(c.lastModified) })),
    lastProductChange: async () => lastChange.get()?.at ?? null,
  };
}
