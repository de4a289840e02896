import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The PostgreSQL twin of schema.ts (decision 022): the same tables, columns, indexes and checks;
// tests/postgres/schema-parity.test.ts keeps the two from drifting apart.

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** normalizeEmail(): lower-case, trimmed. */
    email: text('email').notNull().unique(),
    role: text('role', { enum: ['admin', 'customer'] }).notNull().default('customer'),
    provider: text('provider', { enum: ['local', 'firebase'] }).notNull(),
    /** scrypt hash (local provider); null for accounts whose password lives with Firebase. */
    passwordHash: text('password_hash'),
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    /**
     * The language the user last signed in with (issue 18): 'en' or 'bn', from the sign-in request's
     * Accept-Language; for messages not tied to an order or a request. Null: not signed in since (English).
     */
    lang: text('lang', { enum: ['en', 'bn'] }),
  },
  (t) => [
    index('users_created_at').on(t.createdAt),
    check('users_role_valid', sql`${t.role} in ('admin', 'customer')`),
  ],
);

export const passwordResets = pgTable('password_resets', {
  /** SHA-256 of the token sent by mail; the token itself is never stored. */
  tokenHash: text('token_hash').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, precision: 3 }),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
});
