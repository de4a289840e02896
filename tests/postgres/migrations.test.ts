import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { categories, products } from '../../src/modules/catalogue/adapters/postgres/schema.js';
import * as cart from '../../src/modules/cart/adapters/postgres/schema.js';
import * as catalogue from '../../src/modules/catalogue/adapters/postgres/schema.js';
import * as customers from '../../src/modules/customers/adapters/postgres/schema.js';
import * as delivery from '../../src/modules/delivery/adapters/postgres/schema.js';
import * as payments from '../../src/modules/payments/adapters/postgres/schema.js';
import * as phoneRecords from '../../src/modules/phone-records/adapters/postgres/schema.js';
import * as identity from '../../src/modules/identity/adapters/postgres/schema.js';
import * as messages from '../../src/modules/messages/adapters/postgres/schema.js';
import * as orderDefences from '../../src/modules/order-defences/adapters/postgres/schema.js';
import * as ordering from '../../src/modules/ordering/adapters/postgres/schema.js';
import * as sales from '../../src/modules/sales/adapters/postgres/schema.js';
import { orderEvents, orders } from '../../src/modules/ordering/adapters/postgres/schema.js';
import * as promotions from '../../src/modules/promotions/adapters/postgres/schema.js';
import * as shared from '../../src/platform/pg-schema.js';
import { openPostgres, runPostgresMigrations, type PostgresHandle } from '../../src/platform/postgres.js';
import { usePostgres } from '../support/postgres.js';

// The committed PostgreSQL migrations (decision 022) against a real server: they build what the
// PostgreSQL schema files declare, a second run changes nothing, processes starting together apply them
// once, and the stored values come back exactly (the hash chain rehashes what it reads).

const cluster = usePostgres();
const tables = [cart, catalogue, customers, identity, ordering, messages, orderDefences, sales, promotions, delivery, payments, phoneRecords, shared].flatMap((m) => Object.values(m) as PgTable[]).map((t) => getTableConfig(t));

async function withDatabase<T>(fn: (db: PostgresHandle) => Promise<T>): Promise<T> {
  const handle = openPostgres(await cluster().createDatabase());
  try {
    return await fn(handle);
  } finally {
    await handle.close();
  }
}

/** The committed migrations (drizzle-kit's journal). */
const journal = JSON.parse(readFileSync(join(import.meta.dirname, '../../migrations/postgres/meta/_journal.json'), 'utf8')) as { entries: unknown[] };

const rows = async <T>(h: PostgresHandle, sql: string, params: unknown[] = []) => (await h.pool.query(sql, params)).rows as T[];

describe('PostgreSQL migrations', () => {
  it('build every table, column, index and constraint of the PostgreSQL schema files on an empty database', async () => {
    await withDatabase(async (h) => {
      await runPostgresMigrations(h);
      const columns = await rows<{ table_name: string; column_name: string; is_nullable: string }>(h, "select table_name, column_name, is_nullable from information_schema.columns where table_schema = 'public'");
      const indexes = await rows<{ tablename: string; indexname: string; indexdef: string }>(h, "select tablename, indexname, indexdef from pg_indexes where schemaname = 'public'");
      const constraints = await rows<{ table: string; name: string }>(h, "select conrelid::regclass::text as table, conname as name from pg_constraint where connamespace = 'public'::regnamespace");

      expect(new Set(columns.map((c) => c.table_name))).toEqual(new Set(tables.map((t) => t.name)));
      for (const t of tables) {
        const mine = columns.filter((c) => c.table_name === t.name);
        expect(mine.map((c) => [c.column_name, c.is_nullable === 'NO']).sort(), t.name).toEqual(t.columns.map((c) => [c.name, c.notNull]).sort());
        for (const i of t.indexes) {
          const found = indexes.find((x) => x.tablename === t.name && x.indexname === i.config.name);
          expect(found?.indexdef, `${t.name}: ${i.config.name}`).toMatch(new RegExp(`^CREATE ${i.config.unique ? 'UNIQUE ' : ''}INDEX .* USING ${i.config.method ?? 'btree'} \\(${i.config.columns.map((c) => ('name' in c ? [c.name, c.indexConfig?.opClass].filter(Boolean).join(' ') : '?')).join(', ')}\\)${i.config.where ? ' WHERE .+' : ''}$`));
        }
        const named = constraints.filter((c) => c.table === t.name).map((c) => c.name);
        for (const c of t.checks) expect(named, t.name).toContain(c.name);
        for (const c of t.columns.filter((c) => c.isUnique)) expect(named, t.name).toContain(c.uniqueName);
      }
      expect(await rows(h, 'select id, event_count, last_id, last_hash from order_log_head')).toEqual([{ id: 1, event_count: '0', last_id: '0', last_hash: '0'.repeat(64) }]);
    });
  });

  it('a second run, and runs from processes starting together, apply nothing again', async () => {
    await withDatabase(async (first) => {
      const second = openPostgres(first.pool.options.connectionString as string);
      try {
        await Promise.all([runPostgresMigrations(first), runPostgresMigrations(second)]);
        const applied = await rows(first, 'select id, hash, created_at from drizzle.__drizzle_migrations order by id');
        expect(applied).toHaveLength(journal.entries.length);
        await first.db.insert(categories).values({ id: 'c'.repeat(24), name: 'Cards', nameKey: 'cards', createdAt: new Date() });
        await runPostgresMigrations(first);
        expect(await rows(first, 'select id, hash, created_at from drizzle.__drizzle_migrations order by id')).toEqual(applied);
        expect(await rows(first, 'select count(*)::int as n from categories')).toEqual([{ n: 1 }]);
      } finally {
        await second.close();
      }
    });
  });

  it('give back what was stored: times to the millisecond, money past 2^31, JSON text byte for byte', async () => {
    await withDatabase(async (h) => {
      await runPostgresMigrations(h);
      const at = new Date('2026-03-14T09:26:53.589Z');
      const payload = '{"note":"নতুন \\u0000 \\ud83c\\udccf","b":1,"a":1e2}';
      await h.db.insert(orderEvents).values({ id: 2 ** 40, orderId: 'o'.repeat(24), seq: 1, type: 'Placed', payload, actor: '{"kind":"customer"}', at, prevHash: '0'.repeat(64), hash: 'f'.repeat(64) });
      const [event] = await h.db.select().from(orderEvents);
      expect(event?.at.getTime()).toBe(at.getTime());
      expect(event?.payload).toBe(payload);
      expect(event?.id).toBe(2 ** 40);

      const big = 3 * 99 * 10_000_000;
      const placedAt = new Date(Date.now());
      await h.db.insert(orders).values({
        id: 'o'.repeat(24), ownerUserId: 'u'.repeat(24), email: 'a@b.test', name: 'A', phone: '+8801712345678', address: 'Dhaka',
        deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery', appliedCoupon: null, discountBasisPoints: 0,
        subtotal: big, discount: 0, fee: 60, amount: big + 60, items: '[]', status: 'Pending', placedAt, updatedAt: placedAt, version: 1,
      });
      const [order] = await h.db.select().from(orders).where(eq(orders.id, 'o'.repeat(24)));
      expect(order).toMatchObject({ subtotal: big, amount: big + 60, removed: false });
      expect(order?.placedAt.getTime()).toBe(placedAt.getTime());

      await h.db.insert(categories).values({ id: 'c'.repeat(24), name: 'Cards', nameKey: 'cards', createdAt: at });
      const lists = { sizes: ['S', 'M'], colors: [], images: ['https://img.test/a.webp'] };
      await h.db.insert(products).values({ id: 'p'.repeat(24), title: 'Deck', categoryId: 'c'.repeat(24), price: 10_000_000, ...lists, createdAt: at, updatedAt: at });
      expect(await h.db.select({ sizes: products.sizes, colors: products.colors, images: products.images }).from(products)).toEqual([lists]);
      await expect(h.db.insert(products).values({ id: 'q'.repeat(24), title: 'No picture', categoryId: 'c'.repeat(24), price: 1, ...lists, images: [], createdAt: at, updatedAt: at })).rejects.toMatchObject({ cause: { constraint: 'products_images_count' } });
    });
  });
});
