import { drizzle } from 'drizzle-orm/better-sqlite3';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDatabase, runMigrations, type DbHandle } from '../../../../platform/sqlite.js';
import { createSqliteOrderLog } from './order-log.js';
import { createSqliteOrderProjection } from './order-projection.js';

// Paged lists and placement limits read over indexes (decision 015): SQLite's plan for every query
// they run names an index, never scans the orders table and never sorts the whole of a list.
let handle: DbHandle;
let queries: string[];
beforeEach(() => {
  handle = openDatabase(':memory:');
  runMigrations(handle);
  queries = [];
});
afterEach(() => handle.close());

const planOf = (query: string) =>
  (handle.sqlite.prepare(`explain query plan ${query}`).all(...Array<null>((query.match(/\?/g) ?? []).length).fill(null)) as Array<{ detail: string }>).map((r) => r.detail).join(' | ');

it('reads pages, counts and limits over indexes', async () => {
  // The same connection, with Drizzle telling us the SQL it runs.
  const db = drizzle(handle.sqlite, { logger: { logQuery: (query) => void queries.push(query) } });
  const side = { read: db, writer: db, write: async <T>(fn: () => T) => fn() };
  const projection = createSqliteOrderProjection(side);
  const log = createSqliteOrderLog(side, null);
  const page = { limit: 50, offset: 100 };
  const since = new Date(0);
  await projection.pageFor(['u1'], page, 50);
  await projection.pageAll(page, {}, 50);
  await projection.limitCounts('u1', '+8801712345678', since, since);
  for (const by of [{ ownerUserId: 'u1' }, { phone: '+8801712345678' }]) await projection.placedSinceAt(by, since, 3);
  await log.pageOf('o1', page);
  await log.latest(page);
  const listQueries = queries.filter((q) => /from "order(s|_events)"/.test(q));
  expect(listQueries).toHaveLength(14);
  // The desk's count without a filter is kept, not counted (issue 20): one row per status.
  expect(queries.filter((q) => /from "orders_status_counts"/.test(q))).toHaveLength(1);
  for (const query of listQueries) {
    const plan = planOf(query);
    expect(plan, query).not.toMatch(/SCAN orders\b/);
    if (/"orders"/.test(query)) expect(plan, query).toMatch(/USING (COVERING )?INDEX/);
    // A page is read in index order; only the few rows of one hour are sorted (placedSinceAt).
    if (/limit/.test(query) && !/"placed_at" > \?/.test(query)) expect(plan, query).not.toMatch(/TEMP B-TREE/);
    // The limits read only the customer's or the phone's entries: the key leads the index used
    // (an index on removed and status would count every Pending order of the shop).
    if (/"imported" = \?/.test(query)) expect(plan, query).toMatch(/INDEX orders_(owner|phone)_status \((owner_user_id|phone)=\? AND status=\? AND removed=\? AND imported=\?\)/);
    if (/"placed_at" > \?/.test(query)) expect(plan, query).toMatch(/INDEX orders_(owner|phone_placed) \((owner_user_id|phone)=\?.*placed_at>\?\)/);
  }
});
