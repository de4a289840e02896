import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const sliders = sqliteTable(
  'sliders',
  {
    id: text('id').primaryKey(),
    image: text('image').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
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
  },
  (t) => [
    // The admins' list, newest first, one page at a time (issue 12).
    index('coupons_created_at').on(t.createdAt, t.id),
    check('coupons_discount_range', sql`${t.discountBasisPoints} between 100 and 10000`),
  ],
);
