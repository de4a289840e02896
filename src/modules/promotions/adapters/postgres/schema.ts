import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The PostgreSQL twin of ../sqlite/schema.ts (decision 022): the same tables, columns, indexes and checks;
// tests/postgres/schema-parity.test.ts keeps the two from drifting apart.

export const sliders = pgTable(
  'sliders',
  {
    id: text('id').primaryKey(),
    image: text('image').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [index('sliders_created_at').on(t.createdAt)],
);

export const coupons = pgTable(
  'coupons',
  {
    id: text('id').primaryKey(),
    /** normalizeCouponCode(): trimmed, upper-case; unique. */
    code: text('code').notNull().unique(),
    /** 1 % to 100 % as 100 to 10000 basis points. */
    discountBasisPoints: integer('discount_bp').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    // The admins' list, newest first, one page at a time (issue 12).
    index('coupons_created_at').on(t.createdAt, t.id),
    check('coupons_discount_range', sql`${t.discountBasisPoints} between 100 and 10000`),
  ],
);
