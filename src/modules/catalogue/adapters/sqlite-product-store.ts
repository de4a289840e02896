import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { SqliteSide } from '../../../platform/database.js';
import { categoryKey } from '../domain/category.js';
import type { ProductFilter, ProductStore } from '../ports.js';
import { likePattern } from './like-pattern.js';
import { categories, products } from './schema.js';

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
  if (filter.q) parts.push(sql`${products.title} like ${likePattern(filter.q)} escape '\\'`);
  return parts.length ? and(...parts) : undefined;
}

export function createSqliteProductStore({ read, writer, write }: SqliteSide): ProductStore {
  const base = () => read.select(columns).from(products).innerJoin(categories, eq(products.categoryId, categories.id));
  const newestFirst = [desc(products.createdAt), desc(products.id)] as const;

  // The storefront's hot reads, prepared once: the query builder would otherwise run on every read.
  const all = base().orderBy(...newestFirst).prepare();
  const page = base()
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare();
  const byId = base().where(eq(products.id, sql.placeholder('id'))).prepare();
  const countAll = read.select({ n: count() }).from(products).prepare();

  return {
    async list(filter) {
      const where = conditions(filter);
      const limit = filter.limit ?? -1; // SQLite: a negative LIMIT means none
      const offset = filter.offset ?? 0;
      if (!where) return filter.limit === undefined && offset === 0 ? all.all() : page.all({ limit, offset });
      return base()
        .where(where)
        .orderBy(...newestFirst)
        .limit(limit)
        .offset(offset)
        .all();
    },
    async count(filter) {
      const where = conditions(filter);
      if (!where) return countAll.get()?.n ?? 0;
      return (
        read
          .select({ n: count() })
          .from(products)
          .innerJoin(categories, eq(products.categoryId, categories.id))
          .where(where)
          .get()?.n ?? 0
      );
    },
    byId: async (id) => byId.get({ id }) ?? null,
    insert: (p) =>
      write(() => {
        writer.insert(products)
          .values({ ...p, updatedAt: p.createdAt })
          .run();
      }),
    update: (id, p) => write(() => writer.update(products).set(p).where(eq(products.id, id)).run().changes),
    delete: (id) => write(() => writer.delete(products).where(eq(products.id, id)).run().changes),
  };
}
