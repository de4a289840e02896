import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// The PostgreSQL twin of ../sqlite/schema.ts (decision 022): the same tables, columns and indexes.

/** The phone blocklist the admins keep (issue 16), as schema.ts has it. */
export const blockedPhones = pgTable(
  'blocked_phones',
  {
    phone: text('phone').primaryKey(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    createdBy: text('created_by').notNull(),
  },
  (t) => [index('blocked_phones_created').on(t.createdAt, t.phone)],
);

/**
 * Checkout phone codes (CHECKOUT_OTP, decision 032): one row per customer and phone number. The
 * code is kept as an HMAC only; `tries` counts wrong answers to the current code; `sends` counts
 * the codes sent since `window_start` (resends are limited); `verified_at` is when the phone was
 * proven. Rows of a customer not used for a day are removed when they ask for a new code.
 */
export const phoneChecks = pgTable(
  'phone_checks',
  {
    userId: text('user_id').notNull(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    tries: integer('tries').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, precision: 3 }).notNull(),
    sends: integer('sends').notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true, precision: 3 }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.phone] }), index('phone_checks_user_sent').on(t.userId, t.lastSentAt)],
);
