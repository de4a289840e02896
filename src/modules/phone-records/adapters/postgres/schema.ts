import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// The PostgreSQL twin of ../sqlite/schema.ts (decision 022).

/**
 * The couriers' records of phone numbers, as each source last answered (JSON CourierRecord), kept
 * a day: a look-up older than that asks the source again, and rows older than that are deleted as
 * new ones come in (`courier_records_fetched`), so the table holds about a day of look-ups.
 */
export const courierRecords = pgTable(
  'courier_records',
  {
    phone: text('phone').notNull(),
    source: text('source').notNull(),
    record: text('record').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.phone, t.source] }), index('courier_records_fetched').on(t.fetchedAt)],
);
