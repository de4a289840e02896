import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { deliveryZones } from '../../../../shared/money.js';

// The PostgreSQL twin of ../sqlite/schema.ts (decision 022).

/**
 * A person the shop knows by a phone number (normalised, +8801XXXXXXXXX): the orders its staff take
 * for them without an account are this record's (`customer:<id>` owns them in the order log). The
 * name and address are the latest the staff wrote ('' for a record a proven phone made before any
 * staff order). `user_id` is the account that proved the phone with a checkout code and so sees
 * those orders (null: nobody yet); it is set once and never moved.
 */
export const customers = pgTable(
  'customers',
  {
    id: text('id').primaryKey(),
    phone: text('phone').notNull(),
    name: text('name').notNull().default(''),
    address: text('address').notNull().default(''),
    district: text('district'),
    thana: text('thana'),
    deliveryLocation: text('delivery_location', { enum: deliveryZones }),
    userId: text('user_id'),
    claimedAt: timestamp('claimed_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [uniqueIndex('customers_phone').on(t.phone), index('customers_user').on(t.userId)],
);
