import { drizzle } from 'drizzle-orm/better-sqlite3';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDatabase, runMigrations, type DbHandle } from '../../../../platform/sqlite.js';
import { createSqliteProductStore } from './product-store.js';

// A cart's products at once (issue 40): byIds finds each by its key and reads their variants by
// theirs, never scanning products or product_variants, however many ids it is given.
let handle: DbHandle;
let queries: string[];
beforeEach(() => {
  handle = openDatabase(':memory:');
  runMigrations(handle);
  queries = [];
});
afterEach(() => handle.close());

const planOf = (query: string, params: unknown[]) => (handle.sqlite.prepare(`explain query plan ${query}`).all(...params) as Array<{ detail: string }>).map((r) => r.detail).join(' | ');

it('reads the products of many ids, and their variants, by key', async () => {
  handle.sqlite.exec(`insert into categories (id, name, name_key, created_at) values ('c1', 'Shirts', 'shirts', 0)`);
  const db = drizzle(handle.sqlite, { logger: { logQuery: (query, params) => void queries.push(JSON.stringify([query, params])) } });
  const products = createSqliteProductStore({ read: db, writer: db, write: async <T>(fn: () => T) => fn() });
  for (const id of ['p1', 'p2', 'p3']) {
    await products.insert({ id, title: id, description: '', categoryId: 'c1', price: 100, sizes: ['S'], colors: ['Red'], images: ['https://img.test/a.webp'], createdAt: new Date(0), variants: [{ size: 'S', color: 'Red', stock: 3 }] });
  }
  queries = [];
  const found = await products.byIds(['p1', 'p3', 'p1', 'nope']);
  expect(found.map((p) => [p.id, p.variants]).sort()).toEqual([
    ['p1', [{ size: 'S', color: 'Red', stock: 3 }]],
    ['p3', [{ size: 'S', color: 'Red', stock: 3 }]],
  ]);
  // One statement for the products, one for their variants.
  expect(queries).toHaveLength(2);
  const [rows, variants] = queries.map((q) => planOf(...(JSON.parse(q) as [string, unknown[]])));
  expect(rows).toMatch(/SEARCH products USING INDEX sqlite_autoindex_products_1 \(id=\?\)/);
  expect(variants).toMatch(/SEARCH product_variants USING (COVERING )?INDEX \S+ \(product_id=\?\)/);
  for (const plan of [rows, variants]) expect(plan).not.toMatch(/SCAN (products|product_variants)\b/);
});
