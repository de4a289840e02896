import { count, desc, eq } from 'drizzle-orm';
import type { PgQueryable } from '../../../platform/database.js';
import { categoryKey } from '../domain/category.js';
import type { CategoryStore } from '../ports.js';
import { categories } from './pg-schema.js';

const columns = { id: categories.id, name: categories.name, createdAt: categories.createdAt };

/**
 * PostgreSQL's unique violation (23505; Drizzle wraps the driver's error) rethrown with the code
 * SQLite's adapter throws, so callers that recognise a duplicate by its code do on both engines.
 */
function asSqliteUniqueError(e: unknown): unknown {
  const cause = (e as { cause?: { code?: unknown; constraint?: unknown } } | null)?.cause;
  if (cause?.code !== '23505') return e;
  const primaryKey = typeof cause.constraint === 'string' && cause.constraint.endsWith('_pkey');
  return Object.assign(new Error((cause as Error).message, { cause: e }), { code: primaryKey ? 'SQLITE_CONSTRAINT_PRIMARYKEY' : 'SQLITE_CONSTRAINT_UNIQUE' });
}

export function createPgCategoryStore(db: PgQueryable): CategoryStore {
  return {
    list: async () => db.select(columns).from(categories).orderBy(desc(categories.createdAt), desc(categories.id)),
    count: async () => (await db.select({ n: count() }).from(categories))[0]?.n ?? 0,
    byName: async (name) => (await db.select(columns).from(categories).where(eq(categories.nameKey, categoryKey(name))))[0] ?? null,
    insert: async (c) =>
      (await db
        .insert(categories)
        .values({ ...c, nameKey: categoryKey(c.name) })
        .onConflictDoNothing()
        .returning({ id: categories.id })).length === 1,
    async insertMany(rows) {
      if (rows.length === 0) return;
      try {
        await db.insert(categories).values(rows.map((c) => ({ ...c, nameKey: categoryKey(c.name) })));
      } catch (e) {
        throw asSqliteUniqueError(e);
      }
    },
  };
}
