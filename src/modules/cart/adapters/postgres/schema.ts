import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// The PostgreSQL twin of ../sqlite/schema.ts (decision 022): the same tables, columns and indexes;
// tests/postgres/schema-parity.test.ts keeps the two from drifting apart.

export const cartLines = pgTable(
  'cart_lines',
  {
    id: text('id').primaryKey(),
    /** The identity module's user id (modules refer to each other's rows by id only). */
    userId: text('user_id').notNull(),
    /** The catalogue's product id; the product may since have been deleted. */
    productId: text('product_id').notNull(),
    size: text('size').notNull().default(''),
    color: text('color').notNull().default(''),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    uniqueIndex('cart_lines_same_choice').on(t.userId, t.productId, t.size, t.color),
    index('cart_lines_user').on(t.userId, t.createdAt),
  ],
);
