import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/env.js';
import { createMemoryLogger } from '../../src/platform/logger.js';
import { createShop, ShopStartError } from '../../src/shop.js';
import { usePostgres } from '../support/postgres.js';

// The head witness on PostgreSQL (decision 049): several shop processes share one log, and each
// appends whole lines with O_APPEND to the witness file of its machine; the file is read as its
// highest head. A database behind the witness (here: another database, as a restore of an older
// dump would leave) is refused at start, and so is one that took another history past it.
const cluster = usePostgres();
const secret = 'witness-postgres-secret-witness-postgres-0001';
const checkout = { name: 'Rina', phone: '01712345678', address: 'Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery' };
const limits = { ORDERS_PER_HOUR: '1000', ORDERS_PER_DAY: '1000', MAX_PENDING_ORDERS: '1000', MAX_PENDING_PER_PHONE: '1000' };
type Shop = Awaited<ReturnType<typeof createShop>>;

let folder: string;
let witness: string;
const opened: Shop[] = [];

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'shop-witness-pg-'));
  witness = join(folder, 'head.witness');
});
afterAll(async () => {
  for (const shop of opened) await shop.close().catch(() => undefined);
  rmSync(folder, { recursive: true, force: true });
});

async function start(url: string) {
  const dataDir = mkdtempSync(join(folder, 'data-'));
  const settings = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: url, SESSION_SECRET: secret, AUDIT_WITNESS_PATH: witness, MESSAGE_POLL_SECONDS: '3600', ...limits });
  if (!settings.ok) throw new Error(settings.message);
  const shop = await createShop({ env: settings.env, logger: createMemoryLogger(), hashCost: { N: 1024, r: 8, p: 1 }, webDistDir: null });
  opened.push(shop);
  return shop;
}

const request = async (shop: Shop, method: string, path: string, body?: unknown, token?: string) => {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await shop.app.request(path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & Array<Record<string, unknown>> };
};

async function customerOf(shop: Shop, email: string) {
  const signUp = await request(shop, 'POST', '/api/auth/signup', { name: 'Rina', email, password: 'Sakura#2026' });
  if (signUp.status === 201) return signUp.body.token as string;
  return (await request(shop, 'POST', '/api/auth/login', { email, password: 'Sakura#2026' })).body.token as string;
}

async function order(shop: Shop, token: string, productId: string) {
  const added = await request(shop, 'POST', '/api/carts', { productId, quantity: 1 }, token);
  const placed = await request(shop, 'POST', '/api/orders', checkout, token);
  expect(placed.status, JSON.stringify([added, placed.body])).toBe(201);
}

const highest = () => Math.max(...readFileSync(witness, 'utf8').split('\n').filter(Boolean).map((line) => Number(line.split(':')[0])));

describe('the head witness on PostgreSQL', () => {
  it('two processes append to one witness; a database behind it, or past it on another history, is refused', async () => {
    const url = cluster().url;
    const a = await start(url);
    const b = await start(url);
    await a.catalogue.seedDemo(async (spec) => `https://img.test/${encodeURIComponent(spec.seed)}.webp`);
    const productId = (await request(a, 'GET', '/api/products?limit=1')).body[0]?._id as string;
    const [ta, tb] = [await customerOf(a, 'rina@example.com'), await customerOf(b, 'sumi@example.com')];
    // Both processes at once: their lines interleave in the file; the highest is the database's head.
    for (let i = 0; i < 2; i++) await Promise.all([order(a, ta, productId), order(b, tb, productId)]);
    if (a.database.engine !== 'postgres') throw new Error('a PostgreSQL shop was expected');
    const [head] = (await a.database.handle.pool.query<{ n: string; hash: string }>('select event_count as n, last_hash as hash from order_log_head')).rows;
    expect(highest()).toBe(4);
    expect(readFileSync(witness, 'utf8')).toContain(`4:${head?.hash} `);
    for (const line of readFileSync(witness, 'utf8').split('\n').filter(Boolean)) expect(line).toMatch(/^\d+:[0-9a-f]{64} \S+$/); // whole lines
    await a.close();
    await b.close();
    opened.length = 0;

    // A database that holds less than the witness saw (as after restoring an older dump): refused.
    const empty = await cluster().createDatabase();
    await expect(start(empty)).rejects.toThrow(ShopStartError);
    await expect(start(empty)).rejects.toThrow(/behind its witness .*the witness saw event 4 .*ends at event 0/);

    // Past the witness but on another history: its event 4 is not the one the witness saw.
    const other = await cluster().createDatabase();
    rmSync(witness);
    const c = await start(other);
    await c.catalogue.seedDemo(async (spec) => `https://img.test/${encodeURIComponent(spec.seed)}.webp`);
    const otherProduct = (await request(c, 'GET', '/api/products?limit=1')).body[0]?._id as string;
    const tc = await customerOf(c, 'rina@example.com');
    for (let i = 0; i < 5; i++) await order(c, tc, otherProduct);
    await c.close();
    opened.length = 0;
    writeFileSync(witness, `4:${head?.hash} 2026-11-28T00:00:00.000Z\n`); // the first database's event 4
    await expect(start(other)).rejects.toThrow(/event 4 has another hash/);
  }, 120_000);
});
