import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/sqlite.js';
import { categoryKey } from '../domain/category.js';
import type { CategoryStore } from '../ports.js';
import { categories } from './schema.js';

const columns = { id: categories.id, name: categories.name, createdAt: categories.createdAt };

export function createSqliteCategoryStore(db: Db): CategoryStore {
  // Prepared once: the list is read on every page view (footer, home).
  const listQuery = db.select(columns).from(categories).orderBy(desc(categories.createdAt), desc(categories.id)).prepare();
  const countQuery = db.select({ n: count() }).from(categories).prepare();
  const byKeyQuery = db.select(columns).from(categories).where(eq(categories.nameKey, sql.placeholder('key'))).prepare();

  return {
    list: () => listQuery.all(),
    count: () => countQuery.get()?.n ?? 0,
    byName: (name) => byKeyQuery.get({ key: categoryKey(name) }) ?? null,
    insert: (c) => {
      db.insert(categories).values({ ...c, nameKey: categoryKey(c.name) }).run();
    },
    insertMany: (rows) => {
      if (rows.length === 0) return;
      db.insert(categories)
        .values(rows.map((c) => ({ ...c, nameKey: categoryKey(c.name) })))
        .run();
    },
  };
}
