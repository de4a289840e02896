import { count, desc, eq } from 'drizzle-orm';
import type { PgQueryable } from '../../../../platform/database.js';
import { categoryKey } from '../../domain/category.js';
import type { CategoryStore } from '../../ports.js';
import { categoryColumns, categoryRow } from '../category-query.js';
import { categories } from './schema.js';

const columns = categoryColumns(categories);

export function createPgCategoryStore(db: PgQueryable): CategoryStore {
  return {
    list: async () => db.select(columns).from(categories).orderBy(desc(categories.createdAt), desc(categories.id)),
    count: async () => (await db.select({ n: count() }).from(categories))[0]?.n ?? 0,
    byName: async (name) => (await db.select(columns).from(categories).where(eq(categories.nameKey, categoryKey(name))))[0] ?? null,
    insert: async (c) =>
      (await db
        .insert(categories)
        .values(categoryRow(c))
        .onConflictDoNothing()
        .returning({ id: categories.id })).length === 1,
    async insertMany(rows) {
      if (rows.length === 0) return;
      await db.insert(categories).values(rows.map(categoryRow));
    },
  };
}
