import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { salesKinds } from '../../domain/sales.js';

// The sales module's SQLite tables: the sales projection (moved from ordering's schema, decision 050).

/**
 * The sales projection (issue 17, decision 033): per Dhaka day (YYYY-MM-DD) and kind ('pending',
 * 'confirmed', 'canceled', 'deleted'), the orders placed that day and their totals in taka, as they
 * stand now. Changed by salesDelta() in the unit of work of every order event; the migration that
 * made it filled it from the listing. The admins' stats read only this and product_sales_days.
 */
export const salesDays = sqliteTable(
  'sales_days',
  {
    day: text('day').notNull(),
    kind: text('kind', { enum: salesKinds }).notNull(),
    orders: integer('orders').notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind] })],
);

/**
 * Per Dhaka day and product, the Pending and Confirmed orders placed that day holding it, their
 * units and line prices in taka; `title` is the latest an order gave it. A range of days is read
 * over the primary key.
 */
export const productSalesDays = sqliteTable(
  'product_sales_days',
  {
    day: text('day').notNull(),
    productId: text('product_id').notNull(),
    title: text('title').notNull(),
    orders: integer('orders').notNull(),
    quantity: integer('quantity').notNull(),
    revenue: integer('revenue').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.productId] })],
);
