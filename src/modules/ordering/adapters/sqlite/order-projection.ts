import { and, asc, count, desc, eq, getTableColumns, gt, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { SqliteSide } from '../../../../platform/database.js';
import type { ListedOrder, OrderCursor, OrderProjection, OrdersBy } from '../../ports.js';
import { toRow, toState } from '../order-rows.js';
import { notCanceledByCustomer, orderFilterWhere, sqliteContains, sqlitePhoneContains } from '../order-filter.js';
import { orders, orderStatusCounts } from './schema.js';

type Row = typeof orders.$inferSelect;

/** The FTS5 trigram table over the orders' phones (migration 0022; Drizzle cannot declare it, so not in schema.ts). */
const ordersPhoneSearch = sqliteTable('orders_phone_search', { orderId: text('order_id').notNull(), phone: text('phone').notNull() });
/**
 * Past this many orders with the phone substring, the desk scans its listing instead (see
 * sqlitePhoneContains): at ~10 us per id looked up, 5,000 cost the page and its count ~100 ms,
 * against ~400-650 ms for the scan's count over 500,000 orders. Last 4 digits match ~400 of them.
 */
const phoneIdsCap = 5_000;

/**
 * A list's columns (issue 40): the order's first `lines` lines, cut by SQLite's JSON functions, so
 * that an order stored before MAX_ORDER_LINES with thousands of lines never reaches JavaScript
 * whole; and how many it holds. json_each walks an array in its order (no ORDER BY: it would sort).
 */
const listedColumns = (lines: SQL | Placeholder | number) => ({
  ...getTableColumns(orders),
  items: sql<string>`case when json_array_length(${orders.items}) <= ${lines} then ${orders.items} else (select json_group_array(json(first.value)) from (select value from json_each(${orders.items}) limit ${lines}) first) end`,
  lineCount: sql<number>`json_array_length(${orders.items})`,
});
const toListed = (row: Row & { lineCount: number }): ListedOrder => ({ ...toState(row), lineCount: row.lineCount });

export function createSqliteOrderProjection({ read: db, writer, write }: SqliteSide): OrderProjection {
  const byId = db.select().from(orders).where(eq(orders.id, sql.placeholder('id'))).prepare();
  const listedFields = listedColumns(sql.placeholder('lines'));
  const listedById = db.select(listedFields).from(orders).where(eq(orders.id, sql.placeholder('id'))).prepare();
  // Lists read one page over an index (orders_owner, orders_listed) and count over the same one.
  // A customer's own: listed (not deleted), and not canceled by them (issue 33: kept on the desk
  // only). orders_owner ranges over the first two; the few rows of a customer are then tested.
  const mine = and(eq(orders.ownerUserId, sql.placeholder('userId')), eq(orders.removed, false), notCanceledByCustomer(orders));
  const listed = eq(orders.removed, false);
  const pageFor = db
    .select(listedFields)
    .from(orders)
    .where(mine)
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare();
  const countFor = db.select({ n: count() }).from(orders).where(mine).prepare();
  const pageAll = db
    .select(listedFields)
    .from(orders)
    .where(listed)
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare();
  // The desk's X-Total-Count for no filter or a status alone (issue 20): the counts the triggers on
  // orders keep (migration 0022), O(1) where counting ~360,000 index entries took 16-53 ms.
  const countAll = db.select({ n: sql<number>`coalesce(sum(${orderStatusCounts.orders}), 0)`.mapWith(Number) }).from(orderStatusCounts).prepare();
  const countOfStatus = db.select({ n: orderStatusCounts.orders }).from(orderStatusCounts).where(eq(orderStatusCounts.status, sql.placeholder('status'))).prepare();
  const phoneIds = db
    .select({ id: ordersPhoneSearch.orderId })
    .from(ordersPhoneSearch)
    .where(sql`${ordersPhoneSearch.phone} like ${sql.placeholder('pattern')}`)
    .limit(phoneIdsCap + 1)
    .prepare();
  const phoneContains = sqlitePhoneContains(orders, (digits) => {
    const ids = phoneIds.all({ pattern: `%${digits}%` }).map((r) => r.id);
    return ids.length > phoneIdsCap ? undefined : ids;
  });
  // The export's keyset pages (pageAfter): a range of orders_listed from the last row read.
  const olderThan = (after: OrderCursor) => sql`(${orders.placedAt}, ${orders.id}) < (${sql.param(after.placedAt, orders.placedAt)}, ${after.id})`;
  const firstListed = db.select().from(orders).where(listed).orderBy(desc(orders.placedAt), desc(orders.id)).limit(sql.placeholder('limit')).prepare();
  const nextListed = db
    .select()
    .from(orders)
    .where(and(listed, sql`(${orders.placedAt}, ${orders.id}) < (${sql.placeholder('at')}, ${sql.placeholder('id')})`))
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(sql.placeholder('limit'))
    .prepare();

  // The placement limits (decision 015), run inside every order's unit of work: prepared, and
  // each served by an index (orders_owner_status, orders_phone_status, orders_owner, orders_phone_placed).
  const pending = (column: typeof orders.ownerUserId | typeof orders.phone) =>
    db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(column, sql.placeholder('key')), eq(orders.status, 'Pending'), eq(orders.removed, false), eq(orders.imported, false)))
      .prepare();
  // `removed in (0, 1)` is every row; it lets SQLite range over placed_at inside orders_owner
  // (owner, removed, placed_at, id) instead of reading all of the customer's orders.
  const inWindow = (column: typeof orders.ownerUserId | typeof orders.phone) =>
    and(eq(column, sql.placeholder('key')), ...(column === orders.ownerUserId ? [sql`${orders.removed} in (0, 1)`] : []), gt(orders.placedAt, sql.placeholder('since')));
  const placedSince = (column: typeof orders.ownerUserId | typeof orders.phone) => db.select({ n: count() }).from(orders).where(inWindow(column)).prepare();
  const placedAt = (column: typeof orders.ownerUserId | typeof orders.phone) =>
    db
      .select({ at: orders.placedAt })
      .from(orders)
      .where(inWindow(column))
      .orderBy(asc(orders.placedAt))
      .limit(1)
      .offset(sql.placeholder('skip'))
      .prepare();
  const limits = {
    owner: { pending: pending(orders.ownerUserId), placedSince: placedSince(orders.ownerUserId), placedAt: placedAt(orders.ownerUserId) },
    phone: { pending: pending(orders.phone), placedSince: placedSince(orders.phone), placedAt: placedAt(orders.phone) },
  };
  const statementsOf = (by: OrdersBy) => ('ownerUserId' in by ? { ...limits.owner, key: by.ownerUserId } : { ...limits.phone, key: by.phone });
  // Prepared once (it runs for every order placed): every column a placeholder, an update takes them all.
  const columns = Object.entries(getTableColumns(orders));
  const upsert = writer
    .insert(orders)
    // canceled_at may be null, which Drizzle's timestamp mapping of a placeholder cannot take: it is
    // passed as milliseconds (or null) through a plain placeholder instead.
    .values(Object.fromEntries(columns.map(([key]) => [key, key === 'canceledAt' ? sql`${sql.placeholder(key)}` : sql.placeholder(key)])) as unknown as Row)
    .onConflictDoUpdate({ target: orders.id, set: Object.fromEntries(columns.filter(([key]) => key !== 'id' && key !== 'orderNumber').map(([key, column]) => [key, sql`excluded.${sql.identifier(column.name)}`])) })
    .prepare();
  const history = db
    .select({
        placed: count(),
        pending: sql<number>`coalesce(sum(case when ${orders.status} = 'Pending' and not ${orders.removed} then 1 else 0 end), 0)`.mapWith(Number),
        confirmed: sql<number>`coalesce(sum(case when ${orders.status} = 'Confirmed' then 1 else 0 end), 0)`.mapWith(Number),
        canceledByShop: sql<number>`coalesce(sum(case when ${orders.canceledBy} = 'shop' then 1 else 0 end), 0)`.mapWith(Number),
        canceledByCustomer: sql<number>`coalesce(sum(case when ${orders.canceledBy} = 'customer' then 1 else 0 end), 0)`.mapWith(Number),
        delivered: sql<number>`coalesce(sum(case when ${orders.deliveryStatus} in ('delivered', 'partly_delivered') then 1 else 0 end), 0)`.mapWith(Number),
        returned: sql<number>`coalesce(sum(case when ${orders.deliveryStatus} = 'returned' then 1 else 0 end), 0)`.mapWith(Number),
      })
    .from(orders)
    .where(eq(orders.phone, sql.placeholder('phone')))
    .prepare();
  // COD_BLOCK_AFTER_CANCELS, in every order's unit of work: a range of orders_phone_canceled.
  const shopCancels = db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.phone, sql.placeholder('phone')), eq(orders.canceledBy, 'shop'), sql`${orders.canceledAt} > ${sql.placeholder('since')}`))
    .prepare();
  const lastNumber = db.select({ n: sql<number | null>`max(${orders.orderNumber})` }).from(orders).prepare();
  return {
    lastNumber: async () => lastNumber.get()?.n ?? null,
    save: (state) =>
      write(() => {
        const row = toRow(state);
        upsert.run({ ...row, canceledAt: row.canceledAt?.getTime() ?? null });
      }),
    byId: async (id) => {
      const row = byId.get({ id });
      return row ? toState(row) : null;
    },
    byNumber: async (orderNumber) => {
      const row = db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).get();
      return row ? toState(row) : null;
    },
    numbersOf: async (ids) => {
      if (ids.length === 0) return new Map();
      const rows = db.select({ id: orders.id, n: orders.orderNumber }).from(orders).where(inArray(orders.id, [...ids])).all();
      return new Map(rows.flatMap((r) => (r.n === null ? [] : [[r.id, r.n] as const])));
    },
    listedById: async (id, lines) => {
      const row = listedById.get({ id, lines });
      return row ? toListed(row) : null;
    },
    pageFor: async ([userId, ...claimed], page, lines) => {
      if (claimed.length === 0) return { items: pageFor.all({ userId, ...page, lines }).map(toListed), total: countFor.get({ userId })?.n ?? 0 };
      // With the customer records the account claimed (issue 36): a range of orders_owner per owner (at most 21), merged.
      const theirs = and(inArray(orders.ownerUserId, [userId, ...claimed]), eq(orders.removed, false), notCanceledByCustomer(orders));
      const items = db.select(listedColumns(lines)).from(orders).where(theirs).orderBy(desc(orders.placedAt), desc(orders.id)).limit(page.limit).offset(page.offset).all();
      return { items: items.map(toListed), total: db.select({ n: count() }).from(orders).where(theirs).get()?.n ?? 0 };
    },
    // Without a filter, the prepared list over orders_listed; with one, built for it (an admin's search).
    pageAll: async (page, filter, lines) => {
      if (!filter.q && !filter.status && !filter.from && !filter.to && !filter.delivery) return { items: pageAll.all({ ...page, lines }).map(toListed), total: countAll.get()?.n ?? 0 };
      const where = orderFilterWhere(orders, filter, sqliteContains, phoneContains);
      const items = db.select(listedColumns(lines)).from(orders).where(where).orderBy(desc(orders.placedAt), desc(orders.id)).limit(page.limit).offset(page.offset).all();
      const statusAlone = filter.status && !filter.q && !filter.from && !filter.to && !filter.delivery;
      const total = statusAlone ? (countOfStatus.get({ status: filter.status })?.n ?? 0) : (db.select({ n: count() }).from(orders).where(where).get()?.n ?? 0);
      return { items: items.map(toListed), total };
    },
    // Without a filter, prepared; with one, built for it like pageAll's. Each page is its own
    // statement run to the end, so no read stays open between pages (WAL checkpoints go on).
    pageAfter: async (filter, after, limit) => {
      if (!filter.q && !filter.status && !filter.from && !filter.to && !filter.delivery) {
        const rows = after ? nextListed.all({ at: after.placedAt.getTime(), id: after.id, limit }) : firstListed.all({ limit });
        return rows.map(toState);
      }
      const where = and(orderFilterWhere(orders, filter, sqliteContains, phoneContains), after ? olderThan(after) : undefined);
      return db.select().from(orders).where(where).orderBy(desc(orders.placedAt), desc(orders.id)).limit(limit).all().map(toState);
    },
    historyOf: async (phone) => history.get({ phone }) ?? { placed: 0, pending: 0, confirmed: 0, canceledByShop: 0, canceledByCustomer: 0, delivered: 0, returned: 0 },
    async limitCounts(ownerUserId, phone, since, daySince) {
      const at = since.getTime();
      const dayAt = daySince.getTime();
      return {
        pendingByCustomer: limits.owner.pending.get({ key: ownerUserId })?.n ?? 0,
        pendingByPhone: limits.phone.pending.get({ key: phone })?.n ?? 0,
        placedByCustomer: limits.owner.placedSince.get({ key: ownerUserId, since: at })?.n ?? 0,
        placedByPhone: limits.phone.placedSince.get({ key: phone, since: at })?.n ?? 0,
        // The same ranges of orders_owner and orders_phone_placed over 24 hours (issue 40).
        placedByCustomerToday: limits.owner.placedSince.get({ key: ownerUserId, since: dayAt })?.n ?? 0,
        placedByPhoneToday: limits.phone.placedSince.get({ key: phone, since: dayAt })?.n ?? 0,
      };
    },
    async placedSinceAt(by, since, skip) {
      const { placedAt, key } = statementsOf(by);
      return placedAt.get({ key, since: since.getTime(), skip })?.at ?? null;
    },
    shopCancelsSince: async (phone, since) => shopCancels.get({ phone, since: since.getTime() })?.n ?? 0,
  };
}
