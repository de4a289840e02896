import { sql } from 'drizzle-orm';
import { roles } from '../../../../shared/permissions.js';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The PostgreSQL twin of ../sqlite/schema.ts (decision 022): the same tables, columns, indexes and checks;
// tests/postgres/schema-parity.test.ts keeps the two from drifting apart.

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** normalizeEmail(): lower-case, trimmed. */
    email: text('email').notNull().unique(),
    role: text('role', { enum: roles }).notNull().default('customer'),
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
    /**
     * emailSkeleton(email) (issue 40): one key for every address that looks like this one, so a
     * sign-up can be refused for a look-alike of an existing account. Set by the store on insert;
     * null for rows from before migration 0027 (SQLite) / 0017 (PostgreSQL) whose email is not
     * ASCII: identity fills those before its first look-alike check.
     */
    emailSkeleton: text('email_skeleton'),
  },
  (t) => [
    index('users_created_at').on(t.createdAt),
    index('users_email_skeleton').on(t.emailSkeleton),
    check('users_role_valid', sql`${t.role} in (${sql.raw(roles.map((r) => `'${r}'`).join(', '))})`),
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
