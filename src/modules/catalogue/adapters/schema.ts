import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const categories = sqliteTable('categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** categoryKey(name): the uniqueness the shop promises (ignoring case and spaces). */
  nameKey: text('name_key').notNull().unique(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
});

export const products = sqliteTable(
  'products',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    /** Whole taka. */
    price: integer('price').notNull(),
    /** JSON arrays of strings. */
    sizes: text('sizes', { mode: 'json' }).$type<string[]>().notNull(),
    colors: text('colors', { mode: 'json' }).$type<string[]>().notNull(),
    images: text('images', { mode: 'json' }).$type<string[]>().notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('products_created_at').on(t.createdAt, t.id),
    index('products_category').on(t.categoryId, t.createdAt),
    check('products_price_positive', sql`${t.price} > 0`),
    check('products_images_count', sql`json_array_length(${t.images}) between 1 and 3`),
  ],
);
