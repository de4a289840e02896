import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { salesKinds } from '../../domain/sales.js';

// The PostgreSQL twin of ../sqlite/schema.ts (decision 022): the same tables, columns and keys; money is bigint like an order's.

/** The sales projection (decision 033), as schema.ts has it; money is bigint like an order's. */
export const salesDays = pgTable(
  'sales_days',
  {
    day: text('day').notNull(),
    kind: text('kind', { enum: salesKinds }).notNull(),
    orders: integer('orders').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind] })],
);

export const productSalesDays = pgTable(
  'product_sales_days',
  {
    day: text('day').notNull(),
    productId: text('product_id').notNull(),
    title: text('title').notNull(),
    orders: integer('orders').notNull(),
    quantity: integer('quantity').notNull(),
    revenue: bigint('revenue', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.productId] })],
);
