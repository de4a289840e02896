import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgQueryable } from '../../../platform/database.js';
import { categoryKey } from '../domain/category.js';
import type { ProductFilter, ProductStore } from '../ports.js';
import { likePattern } from './like-pattern.js';
import { categories, products } from './pg-schema.js';

const columns = {
  id: products.id,
  title: products.title,
  description: products.description,
  category: categories.name,
  price: products.price,
  sizes: products.sizes,
  colors: products.colors,
  images: products.images,
  createdAt: products.createdAt,
};


function conditions(filter: ProductFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.category !== undefined) parts.push(eq(categories.nameKey, categoryKey(filter.category)));
  // SQLite's LIKE ignores ASCII case only; ILIKE under the database's C locale (decision 022) does the same.
  if (filter.q) parts.push(sql`${products.title} ilike ${likePattern(filter.q)} escape '\\'`);
  return parts.length ? and(...parts) : undefined;
}

const newestFirst = [desc(products.createdAt), desc(products.id)] as const;

export function createPgProductStore(db: PgQueryable): ProductStore {
  const base = () => db.select(columns).from(products).innerJoin(categories, eq(products.categoryId, categories.id)).$dynamic();

  return {
    async list(filter) {
      let query = base().where(conditions(filter)).orderBy(...newestFirst);
      // SQLite reads a negative LIMIT as none and a negative OFFSET as 0; PostgreSQL refuses both.
      if (filter.limit !== undefined && filter.limit >= 0) query = query.limit(filter.limit);
      if (filter.offset !== undefined && filter.offset > 0) query = query.offset(filter.offset);
      return query;
    },
    async count(filter) {
      const where = conditions(filter);
      const query = where
        ? db.select({ n: count() }).from(products).innerJoin(categories, eq(products.categoryId, categories.id)).where(where)
        : db.select({ n: count() }).from(products);
      return (await query)[0]?.n ?? 0;
    },
    byId: async (id) => (await base().where(eq(products.id, id)))[0] ?? null,
    async insert(p) {
      await db.insert(products).values({ ...p, updatedAt: p.createdAt });
    },
    update: async (id, p) => (await db.update(products).set(p).where(eq(products.id, id)).returning({ id: products.id })).length,
    delete: async (id) => (await db.delete(products).where(eq(products.id, id)).returning({ id: products.id })).length,
  };
}
