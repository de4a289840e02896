import { and, asc, count, desc, eq, getTableColumns, gt, inArray, sql } from 'drizzle-orm';
import type { PgQueryable } from '../../../../platform/database.js';
import type { ListedOrder, OrderProjection, OrdersBy } from '../../ports.js';
import { toRow, toState } from '../order-rows.js';
import { notCanceledByCustomer, orderFilterWhere, pgContains, pgPhoneContains } from '../order-filter.js';
import { orders, orderStatusCounts } from './schema.js';

const keyOf = (by: OrdersBy) => ('ownerUserId' in by ? eq(orders.ownerUserId, by.ownerUserId) : eq(orders.phone, by.phone));
const newestFirst = [desc(orders.placedAt), desc(orders.id)];
const phoneContains = pgPhoneContains(orders);
// Every column but the id and the order's number (given once, on insert) is rewritten on conflict.
const updateAll = Object.fromEntries(
  Object.entries(getTableColumns(orders))
    .filter(([key]) => key !== 'id' && key !== 'orderNumber')
    .map(([key, column]) => [key, sql`excluded.${sql.identifier(column.name)}`]),
);

/**
 * A list's columns (issue 40): the order's first `lines` lines, cut by PostgreSQL's JSON functions
 * (an order stored before MAX_ORDER_LINES may hold thousands), and how many it holds.
 */
const listedColumns = (lines: number) => ({
  ...getTableColumns(orders),
  items: sql<string>`case when json_array_length(${orders.items}::json) <= ${lines} then ${orders.items} else (select json_agg(first.value order by first.n)::text from (select value, n from json_array_elements(${orders.items}::json) with ordinality as e(value, n) order by n limit ${lines}) first) end`,
  lineCount: sql<number>`json_array_length(${orders.items}::json)`.mapWith(Number),
});
const toListed = (row: typeof orders.$inferSelect & { lineCount: number }): ListedOrder => ({ ...toState(row), lineCount: row.lineCount });

/** The listing table on PostgreSQL; each read is served by the same index as on SQLite (../sqlite/schema.ts). */
export function createPgOrderProjection(db: PgQueryable): OrderProjection {
  // A customer's own: listed (not deleted), and not canceled by them (issue 33: kept on the desk only).
  // With the customer records the account claimed (issue 36): its orders and theirs.
  const mine = (owners: readonly string[]) => and(owners.length === 1 ? eq(orders.ownerUserId, owners[0]!) : inArray(orders.ownerUserId, [...owners]), eq(orders.removed, false), notCanceledByCustomer(orders));
  const total = async (where: ReturnType<typeof and>) => (await db.select({ n: count() }).from(orders).where(where))[0]?.n ?? 0;
  return {
    async save(state) {
      await db.insert(orders).values(toRow(state)).onConflictDoUpdate({ target: orders.id, set: updateAll });
    },
    async lastNumber() {
      const [row] = await db.select({ n: sql<number | null>`max(${orders.orderNumber})` }).from(orders);
      return row?.n ?? null;
    },
    async byId(id) {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      return row ? toState(row) : null;
    },
    async byNumber(orderNumber) {
      const [row] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
      return row ? toState(row) : null;
    },
    async numbersOf(ids) {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: orders.id, n: orders.orderNumber }).from(orders).where(inArray(orders.id, [...ids]));
      return new Map(rows.flatMap((r) => (r.n === null ? [] : [[r.id, r.n] as const])));
    },
    async listedById(id, lines) {
      const [row] = await db.select(listedColumns(lines)).from(orders).where(eq(orders.id, id));
      return row ? toListed(row) : null;
    },
    async pageFor(owners, page, lines) {
      const items = await db.select(listedColumns(lines)).from(orders).where(mine(owners)).orderBy(...newestFirst).limit(page.limit).offset(page.offset);
      return { items: items.map(toListed), total: await total(mine(owners)) };
    },
    async pageAll(page, filter, lines) {
      const where = orderFilterWhere(orders, filter, pgContains, phoneContains);
      const items = await db.select(listedColumns(lines)).from(orders).where(where).orderBy(...newestFirst).limit(page.limit).offset(page.offset);
      // No filter or a status alone: the counts the triggers on orders keep (migration 0014), O(1).
      if (!filter.q && !filter.from && !filter.to && !filter.delivery) {
        const [row] = await db
          .select({ n: sql<number>`coalesce(sum(${orderStatusCounts.orders}), 0)`.mapWith(Number) })
          .from(orderStatusCounts)
          .where(filter.status ? eq(orderStatusCounts.status, filter.status) : undefined);
        return { items: items.map(toListed), total: row?.n ?? 0 };
      }
      return { items: items.map(toListed), total: await total(where) };
    },
    async pageAfter(filter, after, limit) {
      // A range of orders_listed from the last row read; the row comparison keeps ties on placed_at in id order.
      const older = after ? sql`(${orders.placedAt}, ${orders.id}) < (${sql.param(after.placedAt, orders.placedAt)}, ${after.id})` : undefined;
      const items = await db.select().from(orders).where(and(orderFilterWhere(orders, filter, pgContains, phoneContains), older)).orderBy(...newestFirst).limit(limit);
      return items.map(toState);
    },
    async historyOf(phone) {
      const [row] = await db.select({
        placed: count(),
        pending: sql<number>`coalesce(sum(case when ${orders.status} = 'Pending' and not ${orders.removed} then 1 else 0 end), 0)`.mapWith(Number),
        confirmed: sql<number>`coalesce(sum(case when ${orders.status} = 'Confirmed' then 1 else 0 end), 0)`.mapWith(Number),
        canceledByShop: sql<number>`coalesce(sum(case when ${orders.canceledBy} = 'shop' then 1 else 0 end), 0)`.mapWith(Number),
        canceledByCustomer: sql<number>`coalesce(sum(case when ${orders.canceledBy} = 'customer' then 1 else 0 end), 0)`.mapWith(Number),
        delivered: sql<number>`coalesce(sum(case when ${orders.deliveryStatus} in ('delivered', 'partly_delivered') then 1 else 0 end), 0)`.mapWith(Number),
        returned: sql<number>`coalesce(sum(case when ${orders.deliveryStatus} = 'returned' then 1 else 0 end), 0)`.mapWith(Number),
      }).from(orders).where(eq(orders.phone, phone));
      return row ?? { placed: 0, pending: 0, confirmed: 0, canceledByShop: 0, canceledByCustomer: 0, delivered: 0, returned: 0 };
    },
    shopCancelsSince: (phone, since) => total(and(eq(orders.phone, phone), eq(orders.canceledBy, 'shop'), gt(orders.canceledAt, since))),
    async limitCounts(ownerUserId, phone, since, daySince) {
      // One statement, six counts: each would be a round trip inside the order's unit.
      const pending = (key: ReturnType<typeof keyOf>) =>
        sql<number>`(${db.select({ n: count() }).from(orders).where(and(key, eq(orders.status, 'Pending'), eq(orders.removed, false), eq(orders.imported, false)))})`.mapWith(Number);
      const placed = (key: ReturnType<typeof keyOf>, after: Date) => sql<number>`(${db.select({ n: count() }).from(orders).where(and(key, gt(orders.placedAt, after)))})`.mapWith(Number);
      const customer = keyOf({ ownerUserId });
      const number = keyOf({ phone });
      const [row] = await db
        .select({
          pendingByCustomer: pending(customer),
          pendingByPhone: pending(number),
          placedByCustomer: placed(customer, since),
          placedByPhone: placed(number, since),
          placedByCustomerToday: placed(customer, daySince),
          placedByPhoneToday: placed(number, daySince),
        })
        .from(sql`(select 1) as one`);
      return row ?? { pendingByCustomer: 0, pendingByPhone: 0, placedByCustomer: 0, placedByPhone: 0, placedByCustomerToday: 0, placedByPhoneToday: 0 };
    },
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
