import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

// The order defences' SQLite tables: the phone blocklist and the checkout phone codes (moved from ordering's schema, decision 050).

/**
 * The phone blocklist the admins keep (issue 16): an order carrying one of these numbers
 * (normalised, +8801XXXXXXXXX) is refused. `created_by` is the admin's email.
 */
export const blockedPhones = sqliteTable(
  'blocked_phones',
  {
    phone: text('phone').primaryKey(),
    reason: text('reason').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    createdBy: text('created_by').notNull(),
  },
  // The admins' list, newest first, a page at a time.
  (t) => [index('blocked_phones_created').on(t.createdAt, t.phone)],
);

/**
 * Checkout phone codes (CHECKOUT_OTP, decision 032): one row per customer and phone number. The
 * code is kept as an HMAC only; `tries` counts wrong answers to the current code; `sends` counts
 * the codes sent since `window_start` (resends are limited); `verified_at` is when the phone was
 * proven. Rows of a customer not used for a day are removed when they ask for a new code.
 */
export const phoneChecks = sqliteTable(
  'phone_checks',
  {
    userId: text('user_id').notNull(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    tries: integer('tries').notNull(),
    windowStart: integer('window_start', { mode: 'timestamp_ms' }).notNull(),
    sends: integer('sends').notNull(),
    lastSentAt: integer('last_sent_at', { mode: 'timestamp_ms' }).notNull(),
    verifiedAt: integer('verified_at', { mode: 'timestamp_ms' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.phone] }), index('phone_checks_user_sent').on(t.userId, t.lastSentAt)],
);
