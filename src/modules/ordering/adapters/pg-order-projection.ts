import { and, asc, count, desc, eq, getTableColumns, gt, sql } from 'drizzle-orm';
import type { PgQueryable } from '../../../platform/database.js';
import type { OrderProjection, OrdersBy } from '../ports.js';
import { toRow, toState } from './order-rows.js';
import { orders } from './pg-schema.js';

const keyOf = (by: OrdersBy) => ('ownerUserId' in by ? eq(orders.ownerUserId, by.ownerUserId) : eq(orders.phone, by.phone));
const newestFirst = [desc(orders.placedAt), desc(orders.id)];
// Every column but the id is rewritten on conflict: a save writes the whole state.
const updateAll = Object.fromEntries(
  Object.entries(getTableColumns(orders))
    .filter(([key]) => key !== 'id')
    .map(([key, column]) => [key, sql`excluded.${sql.identifier(column.name)}`]),
);

/** The listing table on PostgreSQL; each read is served by the same index as on SQLite (pg-schema.ts). */
export function createPgOrderProjection(db: PgQueryable): OrderProjection {
  const mine = (userId: string) => and(eq(orders.ownerUserId, userId), eq(orders.removed, false));
  const listed = eq(orders.removed, false);
  const total = async (where: ReturnType<typeof and>) => (await db.select({ n: count() }).from(orders).where(where))[0]?.n ?? 0;
  return {
    async save(state) {
      await db.insert(orders).values(toRow(state)).onConflictDoUpdate({ target: orders.id, set: updateAll });
    },
    async byId(id) {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      return row ? toState(row) : null;
    },
    async pageFor(userId, page) {
      const items = await db.select().from(orders).where(mine(userId)).orderBy(...newestFirst).limit(page.limit).offset(page.offset);
      return { items: items.map(toState), total: await total(mine(userId)) };
    },
    async pageAll(page) {
      const items = await db.select().from(orders).where(listed).orderBy(...newestFirst).limit(page.limit).offset(page.offset);
      return { items: items.map(toState), total: await total(listed) };
    },
    pendingCount: (by) => total(and(keyOf(by), eq(orders.status, 'Pending'), eq(orders.removed, false))),
    placedSinceCount: (by, since) => total(and(keyOf(by), gt(orders.placedAt, since))),
    async placedSinceAt(by, since, skip) {
      const [row] = await db
        .select({ at: orders.placedAt })
        .from(orders)
        .where(and(keyOf(by), gt(orders.placedAt, since)))
        .orderBy(asc(orders.placedAt))
        .limit(1)
        .offset(skip);
      return row?.at ?? null;
    },
  };
}
