import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { deliveryZones } from '../../../../shared/money.js';

// The customers module's SQLite table (issue 36, decision 064).

/**
 * A person the shop knows by a phone number (normalised, +8801XXXXXXXXX): the orders its staff take
 * for them without an account are this record's (`customer:<id>` owns them in the order log). The
 * name and address are the latest the staff wrote ('' for a record a proven phone made before any
 * staff order). `user_id` is the account that proved the phone with a checkout code and so sees
 * those orders (null: nobody yet); it is set once and never moved.
 */
export const customers = sqliteTable(
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
    claimedAt: integer('claimed_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('customers_phone').on(t.phone), index('customers_user').on(t.userId)],
);
