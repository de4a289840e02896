import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

export const cartLines = sqliteTable(
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
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('cart_lines_same_choice').on(t.userId, t.productId, t.size, t.color),
    index('cart_lines_user').on(t.userId, t.createdAt),
  ],
);
