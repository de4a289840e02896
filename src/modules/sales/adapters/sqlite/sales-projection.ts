import { asc, between, gt, sql } from 'drizzle-orm';
import type { SqliteSide } from '../../../../platform/database.js';
import { salesDelta, type SalesDayRow } from '../../domain/sales.js';
import type { SalesProjection } from '../../ports.js';
import { latestTitle, plusExcluded } from '../sales-query.js';
import { productSalesDays, salesDays } from './schema.js';

/**
 * The sales projection on SQLite (decision 033). `record` runs in every order's unit of work:
 * prepared upserts, one per changed cell (a Confirmed changes two day cells; a Placed one day cell
 * and one per product). The reads range over the primary keys, which start with the day.
 */
export function createSqliteSalesProjection({ read: db, writer, write }: SqliteSide): SalesProjection {
  const addDay = writer
    .insert(salesDays)
    .values({ day: sql.placeholder('day'), kind: sql.placeholder('kind'), orders: sql.placeholder('orders'), amount: sql.placeholder('amount') } as unknown as typeof salesDays.$inferInsert)
    .onConflictDoUpdate({ target: [salesDays.day, salesDays.kind], set: { orders: plusExcluded('sales_days', 'orders'), amount: plusExcluded('sales_days', 'amount') } })
    .prepare();
  const addProduct = writer
    .insert(productSalesDays)
    .values({
      day: sql.placeholder('day'),
      productId: sql.placeholder('productId'),
      title: sql.placeholder('title'),
      orders: sql.placeholder('orders'),
      quantity: sql.placeholder('quantity'),
      revenue: sql.placeholder('revenue'),
    } as unknown as typeof productSalesDays.$inferInsert)
    .onConflictDoUpdate({
      target: [productSalesDays.day, productSalesDays.productId],
      set: {
        title: latestTitle,
        orders: plusExcluded('product_sales_days', 'orders'),
        quantity: plusExcluded('product_sales_days', 'quantity'),
        revenue: plusExcluded('product_sales_days', 'revenue'),
      },
    })
    .prepare();
  const reads = salesReads(db);
  const days = reads.days.prepare();
  const top = reads.top.prepare();
  const topCount = reads.topCount.prepare();
  return {
    record: (before, after) =>
      write(() => {
        const delta = salesDelta(before, after);
        for (const row of delta.days) addDay.run(row);
        for (const row of delta.products) addProduct.run(row);
      }),
    days: async (from, to) => days.all({ from, to }) as SalesDayRow[],
    topProducts: async (from, to, page) => {
      const rows = top.all({ from, to, ...page });
      // A page past the end has no row to carry the total.
      const total = rows[0]?.total ?? (page.offset > 0 ? (topCount.get({ from, to })?.n ?? 0) : 0);
      return { items: rows.map(({ latest: _, total: __, ...p }) => p), total };
    },
  };
}

/**
 * The stats' reads, unprepared (placeholders from, to, limit, offset): the adapter prepares them;
 * bench/stats.ts asks SQLite for their plans (they read the projection tables only).
 */
export function salesReads(db: SqliteSide['read']) {
  const range = between(salesDays.day, sql.placeholder('from'), sql.placeholder('to'));
  const days = db.select().from(salesDays).where(range).orderBy(asc(salesDays.day));
  const inDays = between(productSalesDays.day, sql.placeholder('from'), sql.placeholder('to'));
  const sold = sql<number>`sum(${productSalesDays.orders})`;
  const quantity = sql<number>`sum(${productSalesDays.quantity})`;
  const revenue = sql<number>`sum(${productSalesDays.revenue})`;
  const top = db
    .select({
      productId: productSalesDays.productId,
      // SQLite takes a bare column from the row of the only max(): the title of the latest day.
      title: productSalesDays.title,
      latest: sql<string>`max(${productSalesDays.day})`,
      orders: sold,
      quantity,
      revenue,
      // The products of the range, counted over the grouped rows: one pass, not a second query.
      total: sql<number>`count(*) over ()`,
    })
    .from(productSalesDays)
    .where(inDays)
    .groupBy(productSalesDays.productId)
    .having(gt(sold, 0))
    .orderBy(sql`${quantity} desc`, sql`${revenue} desc`, asc(productSalesDays.productId))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  const topCount = db
    .select({ n: sql<number>`count(*)` })
    .from(db.select({ id: productSalesDays.productId }).from(productSalesDays).where(inDays).groupBy(productSalesDays.productId).having(gt(sold, 0)).as('sold'));
  return { days, top, topCount };
}
