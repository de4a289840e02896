import { asc, count, gt, max, sql } from 'drizzle-orm';
import type { PgQueryable } from '../../../../platform/database.js';
import type { SitemapReader } from '../../ports.js';
import { categories, products } from './schema.js';

/** The sitemap's keyset reads (decision 042) on PostgreSQL. */
export function createPgSitemapReader(db: PgQueryable): SitemapReader {
  const productColumns = { id: products.id, lastModified: products.updatedAt };
  const categoryColumns = {
    name: categories.name,
    key: categories.nameKey,
    lastModified: sql<string>`greatest(${categories.createdAt}, (select max(p.updated_at) from ${products} p where p.category_id = ${categories.id}))`,
  };
  return {
    productCount: async () => (await db.select({ n: count() }).from(products))[0]?.n ?? 0,
    productIdAt: async (offset) => (await db.select({ id: products.id }).from(products).orderBy(asc(products.id)).limit(1).offset(offset))[0]?.id ?? null,
    products: (after, limit) =>
      db
        .select(productColumns)
        .from(products)
        .where(after === null ? undefined : gt(products.id, after))
        .orderBy(asc(products.id))
        .limit(limit),
    categoryCount: async () => (await db.select({ n: count() }).from(categories))[0]?.n ?? 0,
    categoryKeyAt: async (offset) => (await db.select({ key: categories.nameKey }).from(categories).orderBy(asc(categories.nameKey)).limit(1).offset(offset))[0]?.key ?? null,
    categories: async (after, limit) =>
      (
        await db
          .select(categoryColumns)
          .from(categories)
          .where(after === null ? undefined : gt(categories.nameKey, after))
          .orderBy(asc(categories.nameKey))
          .limit(limit)
      ).map((c) => ({ ...c, lastModified: new Date(c.lastModified) })),
    lastProductChange: async () => (await db.select({ at: max(products.updatedAt) }).from(products))[0]?.at ?? null,
  };
}
