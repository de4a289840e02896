import { sql } from 'drizzle-orm';
import { check, customType, index, integer, json, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** PostgreSQL's full-text document; written by a trigger (migrations/postgres 0003), never by the shop. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

// The PostgreSQL twin of ../sqlite/schema.ts (decision 022): the same tables, columns, indexes and checks;
// tests/postgres/schema-parity.test.ts keeps the two from drifting apart.

export const categories = pgTable('categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** categoryKey(name): the uniqueness the shop promises (ignoring case and spaces). */
  nameKey: text('name_key').notNull().unique(),
  /** The Bengali display name (issue 18), or null: the English name stays the identity (URLs, uniqueness). */
  nameBn: text('name_bn'),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
});

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Bengali title and description (issue 18), or null: the English ones are shown instead. */
    titleBn: text('title_bn'),
    descriptionBn: text('description_bn'),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    /** Whole taka, at most maxPrice (10,000,000): an integer holds it. */
    price: integer('price').notNull(),
    /** JSON arrays of strings; `json` keeps the text as written, as SQLite's text column does. */
    sizes: json('sizes').$type<string[]>().notNull(),
    colors: json('colors').$type<string[]>().notNull(),
    images: json('images').$type<string[]>().notNull(),
    /** The Bengali names of the sizes and colors by position (issue 33), or null; see the SQLite schema. */
    sizesBn: json('sizes_bn').$type<string[]>(),
    colorsBn: json('colors_bn').$type<string[]>(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull(),
    /**
     * Title (weight A), category name (B) and description (C) for `q` (decision 027), filled by the
     * trigger products_search_document. PostgreSQL only: SQLite's twin is the FTS5 table products_search.
     */
    search: tsvector('search'),
  },
  (t) => [
    index('products_created_at').on(t.createdAt, t.id),
    index('products_category').on(t.categoryId, t.createdAt),
    index('products_price').on(t.price, t.createdAt),
    index('products_category_price').on(t.categoryId, t.price, t.createdAt, t.id),
    index('products_search').using('gin', t.search),
    check('products_price_positive', sql`${t.price} > 0`),
    check('products_images_count', sql`json_array_length(${t.images}) between 1 and 3`),
  ],
);

/** Stock per variant (issue 15, decision 027), as ../sqlite/schema.ts. */
export const productVariants = pgTable(
  'product_variants',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text('size').notNull(),
    color: text('color').notNull(),
    stock: integer('stock').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.size, t.color] }), check('product_variants_stock_not_negative', sql`${t.stock} >= 0`)],
);
