import { count, desc, eq, sql } from 'drizzle-orm';
import type { SqliteSide } from '../../../../platform/database.js';
import { categoryKey } from '../../domain/category.js';
import type { CategoryStore } from '../../ports.js';
import { categoryColumns, categoryRow } from '../category-query.js';
import { categories } from './schema.js';

const columns = categoryColumns(categories);

export function createSqliteCategoryStore({ read, writer, write }: SqliteSide): CategoryStore {
  // Prepared once: the list is read on every page view (footer, home).
  const listQuery = read.select(columns).from(categories).orderBy(desc(categories.createdAt), desc(categories.id)).prepare();
  const countQuery = read.select({ n: count() }).from(categories).prepare();
  const byKeyQuery = read.select(columns).from(categories).where(eq(categories.nameKey, sql.placeholder('key'))).prepare();

  return {
    list: async () => listQuery.all(),
    count: async () => countQuery.get()?.n ?? 0,
    byName: async (name) => byKeyQuery.get({ key: categoryKey(name) }) ?? null,
    insert: (c) => write(() => writer.insert(categories).values(categoryRow(c)).onConflictDoNothing().run().changes === 1),
    insertMany: (rows) =>
      write(() => {
        if (rows.length === 0) return;
        writer.insert(categories)
          .values(rows.map(categoryRow))
          .run();
      }),
  };
}
