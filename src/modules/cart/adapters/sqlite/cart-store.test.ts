import { drizzle } from 'drizzle-orm/better-sqlite3';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDatabase, runMigrations, type DbHandle } from '../../../../platform/sqlite.js';
import { createSqliteCartStore } from './cart-store.js';

// A cart's reads (issue 40): its newest lines and its count each read over cart_lines_user, never
// scanning cart_lines, and the lines' page never sorted whole (its products: catalogue/adapters/sqlite/product-store.test.ts).
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

it("reads a cart's lines and its count over an index", async () => {
  const db = drizzle(handle.sqlite, { logger: { logQuery: (query) => void queries.push(query) } });
  const side = { read: db, writer: db, write: async <T>(fn: () => T) => fn() };
  const cart = createSqliteCartStore(side);
  await cart.listFor('u1', 50);
  await cart.count('u1');
  expect(queries).toHaveLength(2);
  const [list, count] = queries.map(planOf);
  expect(list).toMatch(/SEARCH cart_lines USING INDEX cart_lines_user \(user_id=\?\)/);
  // Read newest first in the index; only lines added at the same millisecond are put in id order.
  expect(list).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
  expect(count).toMatch(/SEARCH cart_lines USING COVERING INDEX cart_lines_user \(user_id=\?\)/);
  for (const plan of [list, count]) expect(plan).not.toMatch(/SCAN cart_lines\b/);
});
