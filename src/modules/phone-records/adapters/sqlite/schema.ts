import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

// The phone-records module's SQLite table (issue 35, decision 061).

/**
 * The couriers' records of phone numbers, as each source last answered (JSON CourierRecord), kept
 * a day: a look-up older than that asks the source again, and rows older than that are deleted as
 * new ones come in (`courier_records_fetched`), so the table holds about a day of look-ups.
 */
export const courierRecords = sqliteTable(
  'courier_records',
  {
    phone: text('phone').notNull(),
    source: text('source').notNull(),
    record: text('record').notNull(),
    fetchedAt: integer('fetched_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.phone, t.source] }), index('courier_records_fetched').on(t.fetchedAt)],
);
