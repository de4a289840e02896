import { sql } from 'drizzle-orm';
import { roles } from '../../../../shared/permissions.js';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const users = sqliteTable(
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
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
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

export const passwordResets = sqliteTable('password_resets', {
  /** SHA-256 of the token sent by mail; the token itself is never stored. */
  tokenHash: text('token_hash').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  usedAt: integer('used_at', { mode: 'timestamp_ms' }),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
});
