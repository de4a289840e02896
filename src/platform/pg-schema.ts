import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// What several shop processes share besides the modules' data (issue 14), on PostgreSQL only: on
// SQLite one process serves the shop and keeps these in memory (decisions 013 and 026), so this
// file has no SQLite twin (tests/postgres/schema-parity.test.ts lists it as PostgreSQL-only).

/**
 * Fixed-window counters of the rate and sign-in limits (src/platform/shared-limits.ts). `key` is
 * the SHA-256 of the caller's key (an email, an address), so a row has a bounded size whatever a
 * stranger sends; windows past their end are deleted in bounded batches as limits are hit.
 */
export const limitWindows = pgTable(
  'limit_windows',
  {
    /** Which limiter: a short fixed name from the code. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, precision: 3 }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ name: 'limit_windows_pkey', columns: [t.scope, t.key] }), index('limit_windows_expiry').on(t.scope, t.windowStart)],
);

/**
 * Change counters behind the ETags and the response cache (src/platform/change-versions.ts): a
 * writer increments its row in the transaction of its write, and every process polls it.
 */
export const changeVersions = pgTable('change_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
