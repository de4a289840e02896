import type { Page, Paged } from '../../shared/page.js';
import type { OrderState } from '../ordering/index.js';
import type { SalesDayRow } from './domain/sales.js';

/** A product's sales over some days (Pending and Confirmed orders), its title the latest of those days. */
export type ProductSales = { productId: string; title: string; orders: number; quantity: number; revenue: number };

/**
 * The sales projection (issue 17, decision 033): sales_days and product_sales_days. `record` adds
 * salesDelta(before, after) in the unit of work of every event; the reads serve the admins' stats.
 */
export type SalesProjection = {
  record(before: OrderState | null, after: OrderState): Promise<void>;
  /** The (day, kind) cells of the days from `from` to `to`, both included. */
  days(from: string, to: string): Promise<SalesDayRow[]>;
  /** Products with Pending or Confirmed orders in the days, most units first, then most revenue, then by id. */
  topProducts(from: string, to: string, page: Page): Promise<Paged<ProductSales>>;
};
