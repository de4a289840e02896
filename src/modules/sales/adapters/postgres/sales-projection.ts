import { asc, between, gt, sql } from 'drizzle-orm';
import type { PgQueryable } from '../../../../platform/database.js';
import { salesDelta, type SalesDayRow } from '../../domain/sales.js';
import type { SalesProjection } from '../../ports.js';
import { productSalesDays, salesDays } from './schema.js';
import { latestTitle, plusExcluded } from '../sales-query.js';

/**
 * The sales projection on PostgreSQL (decision 033): `record` is at most two statements, one
 * multi-row upsert per table (a delta names each cell once).
 */
export function createPgSalesProjection(db: PgQueryable): SalesProjection {
  const sold = sql<number>`sum(${productSalesDays.orders})`;
  const quantity = sql<number>`sum(${productSalesDays.quantity})`;
  const revenue = sql<number>`sum(${productSalesDays.revenue})`;
  const inDays = (from: string, to: string) => between(productSalesDays.day, from, to);
  return {
    async record(before, after) {
      const delta = salesDelta(before, after);
      if (delta.days.length) {
        await db
          .insert(salesDays)
          .values(delta.days)
          .onConflictDoUpdate({ target: [salesDays.day, salesDays.kind], set: { orders: plusExcluded('sales_days', 'orders'), amount: plusExcluded('sales_days', 'amount') } });
      }
      if (delta.products.length) {
        await db
          .insert(productSalesDays)
          .values(delta.products)
          .onConflictDoUpdate({
            target: [productSalesDays.day, productSalesDays.productId],
            set: {
              title: latestTitle,
              orders: plusExcluded('product_sales_days', 'orders'),
              quantity: plusExcluded('product_sales_days', 'quantity'),
              revenue: plusExcluded('product_sales_days', 'revenue'),
            },
          });
      }
    },
    async days(from, to) {
      return (await db.select().from(salesDays).where(between(salesDays.day, from, to)).orderBy(asc(salesDays.day))) as SalesDayRow[];
    },
    async topProducts(from, to, page) {
      const items = await db
        .select({
          productId: productSalesDays.productId,
          title: sql<string>`(array_agg(${productSalesDays.title} order by ${productSalesDays.day} desc))[1]`,
          orders: sold.mapWith(Number),
          quantity: quantity.mapWith(Number),
          revenue: revenue.mapWith(Number),
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(productSalesDays)
        .where(inDays(from, to))
        .groupBy(productSalesDays.productId)
        .having(gt(sold, 0))
        .orderBy(sql`${quantity} desc`, sql`${revenue} desc`, asc(productSalesDays.productId))
        .limit(page.limit)
        .offset(page.offset);
      // The total rides on each row (a window over the groups); a page past the end counts apart.
      let total = items[0]?.total ?? 0;
      if (items.length === 0 && page.offset > 0) {
        const sub = db.select({ id: productSalesDays.productId }).from(productSalesDays).where(inDays(from, to)).groupBy(productSalesDays.productId).having(gt(sold, 0)).as('sold');
        total = (await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(sub))[0]?.n ?? 0;
      }
      return { items: items.map(({ total: _, ...p }) => p), total };
    },
  };
}
