import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const sliders = sqliteTable(
  'sliders',
  {
    id: text('id').primaryKey(),
    image: text('image').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    /** What the banner links to (issue 33): a category (by name), a product (by id), or nothing (null). */
    linkKind: text('link_kind', { enum: ['category', 'product'] }),
    /** The category's name or the product's id; null with no link. */
    linkTarget: text('link_target'),
    /** The picture's alt text, English and Bengali; null for banners from before (the page says "Banner N"). */
    altEn: text('alt_en'),
    altBn: text('alt_bn'),
  },
  // No CHECK on the new columns: on SQLite one would rebuild the table (its API checks them).
  (t) => [index('sliders_created_at').on(t.createdAt)],
);

export const coupons = sqliteTable(
  'coupons',
  {
    id: text('id').primaryKey(),
    /** normalizeCouponCode(): trimmed, upper-case; unique. */
    code: text('code').notNull().unique(),
    /** 1 % to 100 % as 100 to 10000 basis points. */
    discountBasisPoints: integer('discount_bp').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    /** Issue 33, each optional (null: none). The first instant the code no longer works (the start of the day after its last day, Dhaka time). */
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
    /** The smallest subtotal (goods before the discount, without delivery) in taka the code takes. */
    minOrder: integer('min_order'),
    /** How many orders may use the code. */
    maxUses: integer('max_uses'),
    /** How many orders used it: counted in the transaction that places the order (decision 059). */
    uses: integer('uses').notNull().default(0),
  },
  // No CHECK on the new columns: on SQLite one would rebuild the table (its API checks them).
  (t) => [
    // The admins' list, newest first, one page at a time (issue 12).
    index('coupons_created_at').on(t.createdAt, t.id),
    check('coupons_discount_range', sql`${t.discountBasisPoints} between 100 and 10000`),
  ],
);
