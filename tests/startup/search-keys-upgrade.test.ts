import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { migrationsDir } from '../../src/platform/paths.js';
import { openDatabase, runMigrations } from '../../src/platform/sqlite.js';

// Issue 20, migration sqlite 0025: the search row of each product is found through
// products_search_keys (its rowid by product id), not by a scan of the FTS5 table. A shop upgraded
// with products (and, should there be any, a search row of a gone product and a second row of one)
// gets one key per product, and every later insert, edit, delete and category rename keeps the
// search table and the keys one to one.
const dir = mkdtempSync(join(tmpdir(), 'shop-search-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function migrationsUpTo(last: number): string {
  const folder = join(dir, `migrations-${last}`);
  cpSync(migrationsDir(), folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ idx: number }> };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

it('maps each product to its one search row, through inserts, edits, deletes and renames', () => {
  const handle = openDatabase(join(dir, 'shop.db'));
  try {
    runMigrations(handle, migrationsUpTo(24));
    const { sqlite } = handle;
    sqlite.prepare("insert into categories (id, name, name_key, created_at) values ('c1', 'Figures', 'figures', 1), ('c2', 'Plush', 'plush', 2)").run();
    const insert = sqlite.prepare(
      "insert into products (id, title, description, category_id, price, sizes, colors, images, created_at, updated_at) values (?, ?, 'Old.', ?, 100, '[]', '[]', '[\"https://img.test/a.webp\"]', ?, ?)",
    );
    insert.run('p1', 'Dragon Figure', 'c1', 1000, 1000);
    insert.run('p2', 'Dragon Plush', 'c2', 2000, 2000);
    insert.run('p3', 'Tiger Figure', 'c1', 3000, 3000);
    // What should never be there, but the migration must not trip on: a row of no product, a second row of p2.
    sqlite.prepare("insert into products_search (product_id, title, category, description, created_at) values ('gone', 'Dragon', '', '', 1), ('p2', 'Dragon Plush', 'Plush', 'Old.', 2000)").run();
    runMigrations(handle);

    const oneToOne = () => {
      const rows = sqlite.prepare('select s.product_id, s.category, k.product_id as keyed from products_search s left join products_search_keys k on k.id = s.rowid order by s.product_id').all() as Array<{ product_id: string; category: string; keyed: string | null }>;
      const products = (sqlite.prepare('select id from products order by id').all() as Array<{ id: string }>).map((p) => p.id);
      expect(rows.map((r) => r.product_id)).toEqual(products);
      for (const r of rows) expect(r.keyed).toBe(r.product_id);
      expect(sqlite.prepare('select count(*) as n from products_search_keys').get()).toEqual({ n: products.length });
      return rows;
    };
    const dragons = () => (sqlite.prepare("select product_id from products_search where products_search match '\"dragon\"*' order by product_id").all() as Array<{ product_id: string }>).map((r) => r.product_id);

    oneToOne();
    expect(dragons()).toEqual(['p1', 'p2']);
    insert.run('p4', 'Dragon Mug', 'c2', 4000, 4000);
    sqlite.prepare("update products set title = 'Phoenix Figure' where id = 'p1'").run();
    sqlite.prepare("delete from products where id = 'p3'").run();
    sqlite.prepare("update categories set name = 'Soft Toys' where id = 'c2'").run();
    const rows = oneToOne();
    expect(dragons()).toEqual(['p2', 'p4']);
    expect(rows.map((r) => [r.product_id, r.category])).toEqual([
      ['p1', 'Figures'],
      ['p2', 'Soft Toys'],
      ['p4', 'Soft Toys'],
    ]);
    // The triggers look the row up by its key: the plan reads no whole table.
    const plan = (sqlite.prepare("explain query plan delete from products_search where rowid = (select id from products_search_keys where product_id = 'p1')").all() as Array<{ detail: string }>).map((r) => r.detail);
    expect(plan.some((d) => /SCAN products_search_keys/.test(d))).toBe(false);
  } finally {
    handle.close();
  }
});
