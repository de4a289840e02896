import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { migrationsDir } from '../../src/platform/paths.js';
import { openDatabase, runMigrations } from '../../src/platform/sqlite.js';

// Issue 20, migration sqlite 0023: a shop upgraded with products in it gets products_search
// rebuilt with each product's created_at (the search ranks and orders its page there), and the
// triggers keep writing it.
const dir = mkdtempSync(join(tmpdir(), 'shop-search-upgrade-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The migrations up to 0022, before the search index kept created_at. */
function migrationsBefore0023(): string {
  const folder = join(dir, 'migrations-0022');
  cpSync(migrationsDir(), folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ idx: number }> };
  journal.entries = journal.entries.filter((e) => e.idx <= 22);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

it('fills created_at for the products there were, and for those added or changed after', () => {
  const handle = openDatabase(join(dir, 'shop.db'));
  try {
    runMigrations(handle, migrationsBefore0023());
    const { sqlite } = handle;
    sqlite.prepare("insert into categories (id, name, name_key, created_at) values ('c1', 'Figures', 'figures', 1)").run();
    const insert = sqlite.prepare(
      "insert into products (id, title, description, category_id, price, sizes, colors, images, created_at, updated_at) values (?, ?, 'Old.', 'c1', 100, '[]', '[]', '[\"https://img.test/a.webp\"]', ?, ?)",
    );
    insert.run('p1', 'Dragon Figure', 1000, 1000);
    insert.run('p2', 'Dragon Plush', 2000, 2000);
    runMigrations(handle);
    insert.run('p3', 'Dragon Mug', 3000, 3000);
    sqlite.prepare("update products set title = 'Dragon Cup' where id = 'p1'").run();
    const rows = sqlite.prepare('select product_id, created_at from products_search order by product_id').all();
    expect(rows).toEqual([
      { product_id: 'p1', created_at: 1000 },
      { product_id: 'p2', created_at: 2000 },
      { product_id: 'p3', created_at: 3000 },
    ]);
    const ranked = sqlite.prepare("select product_id from products_search where products_search match '\"dragon\"*' order by bm25(products_search, 0, 10.0, 4.0, 1.0, 0), created_at desc").all();
    expect(ranked).toEqual([{ product_id: 'p3' }, { product_id: 'p2' }, { product_id: 'p1' }]);
  } finally {
    handle.close();
  }
});
