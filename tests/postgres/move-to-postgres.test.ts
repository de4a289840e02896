import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOrderLog, describeHead } from '../../src/modules/audit/index.js';
import { openPostgresDatabase, openSqliteDatabase } from '../../src/platform/database.js';
import { adminSession, call, json, signUpCustomer } from '../support/http.js';
import { usePostgres } from '../support/postgres.js';
import { repoRoot } from '../support/server-process.js';
import { createTestApp } from '../support/test-app.js';

// `npm run move-to-postgres` (issue 14) as a process: a SQLite shop built through the real HTTP app
// (so its order log is the real thing: keyed, hash-chained, with status changes) is moved into an
// empty PostgreSQL database. Every row of every table must arrive with the same values, the log
// must verify there with the same head, a shop must run on it, and a second move is refused.
const cluster = usePostgres();
const auditKey = 'move-to-postgres-audit-key-01';
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'shop-move-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function move(env: Record<string, string>, ...args: string[]) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'src', 'cli', 'move-to-postgres.ts'), ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', AUDIT_KEY: auditKey, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    });
  });
}

/** Every table, with the columns that order its rows the same way on both engines (byte order). */
const tables: Record<string, string> = {
  categories: 'id',
  products: 'id',
  users: 'id',
  password_resets: 'token_hash',
  cart_lines: 'id',
  coupons: 'id',
  sliders: 'id',
  orders: 'id',
  order_requests: 'user_id, key',
  blocked_phones: 'phone',
  order_messages: 'id',
  phone_checks: 'user_id, phone',
  sms_sends: 'id',
  sales_days: 'day, kind',
  product_sales_days: 'day, product_id',
  product_variants: 'product_id, size, color',
  order_events: 'id',
  order_log_head: 'id',
  parcel_bookings: 'id',
  parcels: 'order_id',
  payment_holds: 'order_id',
  payment_attempts: 'id',
  courier_records: 'phone, source',
  customers: 'id',
};

/** SQLite's rows as SQLite holds them. */
const sqliteRows = (file: string, table: string) => {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(`select * from ${table} order by ${tables[table]}`).all() as Array<Record<string, unknown>>;
  } finally {
    db.close();
  }
};

/** PostgreSQL's rows put back into SQLite's forms: times in ms, booleans 0/1, JSON as its text. */
async function postgresRows(client: pg.Client, table: string) {
  const columns = await client.query<{ column_name: string; data_type: string }>(
    "select column_name, data_type from information_schema.columns where table_schema = 'public' and table_name = $1 order by ordinal_position",
    [table],
  );
  // products.search is PostgreSQL's own, derived by a trigger (decision 027), not copied.
  const select = columns.rows.filter((r) => r.data_type !== 'tsvector').map(({ column_name: c, data_type: type }) => {
    if (type === 'timestamp with time zone') return `(extract(epoch from ${c}) * 1000)::bigint::text as ${c}`;
    if (type === 'boolean') return `${c}::int as ${c}`;
    if (type === 'json' || type === 'bigint') return `${c}::text as ${c}`;
    return c;
  });
  const numeric = new Set(columns.rows.filter((r) => ['timestamp with time zone', 'bigint'].includes(r.data_type)).map((r) => r.column_name));
  // Ordered by the table's own columns (qualified): an output column cast to text (a bigint id) would sort 10 before 2.
  const order = tables[table]!.split(', ').map((column) => `${table}.${column}`).join(', ');
  const result = await client.query<Record<string, unknown>>(`select ${select.join(', ')} from ${table} order by ${order}`);
  return result.rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, numeric.has(k) && v !== null ? Number(v) : v])));
}

describe('npm run move-to-postgres', () => {
  let dataDir = '';
  let file = '';
  let url = '';
  let sqliteHead = '';
  /** Rina's orders as the SQLite shop lists them to her. */
  let rinaOrders: Array<{ _id: string; status: string }> = [];
  const listed = (orders: Array<{ _id: string; status: string }>) => orders.map(({ _id, status }) => ({ _id, status }));
  beforeAll(async () => {
    // CHECKOUT_OTP on, so that phone_checks has rows too (the codes go to the log: SMS_PROVIDER none).
    const t = await createTestApp({ auditKey, env: { CHECKOUT_OTP: 'true' } });
    try {
      await t.seedDemo();
      const admin = (await adminSession(t)).token;
      const rina = await signUpCustomer(t, 'Rina', 'rina@example.com');
      const bob = await signUpCustomer(t, 'Bob', 'bob@example.com');
      expect((await call(t, 'POST', '/api/auth/password-reset', { body: { email: 'bob@example.com' } })).status).toBeLessThan(300);
      expect((await call(t, 'POST', '/api/coupons', { token: admin, body: { code: 'MOVE10', discountPercent: 10 } })).status).toBe(201);
      expect((await call(t, 'POST', '/api/sliders', { token: admin, body: { image: 'https://i.ibb.co/abc/banner.webp' } })).status).toBe(201);
      const products = await json(await call(t, 'GET', '/api/products'));
      const [first, second] = products as Array<{ _id: string; sizes: string[]; colors: string[] }>;
      if (!first || !second) throw new Error('the demo catalogue has no products');
      const line = (p: { _id: string; sizes: string[]; colors: string[] }, quantity: number) => ({ productId: p._id, quantity, size: p.sizes[0] ?? '', color: p.colors[0] ?? '' });
      const checkout = { name: 'Rina Akter', phone: '017 1234-5678', address: 'House 5, Road 2, Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery' };
      for (const who of [rina, bob]) {
        expect((await call(t, 'POST', '/api/phone-codes', { token: who.token, body: { phone: checkout.phone } })).status).toBe(201);
        const code = /"message":"(\d{6}) is your/.exec(t.logger.lines.filter((l) => l.includes('sms (not sent')).at(-1) ?? '')?.[1] ?? '';
        expect((await call(t, 'POST', '/api/phone-codes/verify', { token: who.token, body: { phone: checkout.phone, code } })).status).toBe(200);
      }
      const placed: string[] = [];
      for (const [who, p, quantity, coupon] of [
        [rina, first, 2, 'MOVE10'],
        [bob, second, 1, undefined],
        [rina, second, 3, undefined],
        [bob, first, 1, undefined],
      ] as const) {
        expect((await call(t, 'POST', '/api/carts', { token: who.token, body: line(p, quantity) })).status).toBeLessThan(300);
        const res = await call(t, 'POST', '/api/orders', { token: who.token, body: { ...checkout, ...(coupon ? { coupon } : {}) }, headers: { 'idempotency-key': `move-key-${placed.length}` } });
        expect(res.status).toBe(201);
        placed.push((await json(res)).order._id);
      }
      // Status changes, a cancellation by its owner and a deletion: events of every kind in the log.
      expect((await call(t, 'PATCH', `/api/orders/${placed[0]}`, { token: admin, body: { status: 'Confirmed' } })).status).toBe(200);
      expect((await call(t, 'PATCH', `/api/orders/${placed[1]}`, { token: admin, body: { status: 'Canceled' } })).status).toBe(200);
      expect((await call(t, 'DELETE', `/api/orders/${placed[2]}`, { token: rina.token })).status).toBe(200);
      expect((await call(t, 'DELETE', `/api/orders/${placed[1]}`, { token: admin })).status).toBe(200);
      // A parcel (issue 34): the Confirmed order booked by hand with a courier, then delivered; and a booking queued.
      expect((await call(t, 'POST', `/api/orders/${placed[0]}/parcel`, { token: admin, body: { courier: 'steadfast', consignmentId: '70001', trackingCode: 'SFR70001' } })).status).toBe(200);
      await t.query(
        "insert into parcel_bookings (id, order_id, order_number, courier, state, attempts, next_attempt_at, last_error, requested_by, created_at, updated_at) values ('b-move-1', ?, 10001, 'steadfast', 'failed', 2, ?, 'Steadfast: no answer', '{}', ?, ?)",
        placed[0],
        Date.now(),
        Date.now(),
        Date.now(),
      );
      // An advance's hold and its payment at bKash, and a courier's record of a phone (issue 35), as their tables keep them.
      await t.query("insert into payment_holds (order_id, order_number, owner_user_id, provider, amount, state, hold_until, placed_at, trx_id, paid_at, refunded_amount, refunded_at) values (?, 10001, 'u', 'bkash', 60, 'paid', ?, ?, 'TRX1', ?, null, null)", placed[0], Date.now(), Date.now(), Date.now());
      await t.query("insert into payment_attempts (id, order_id, provider, payment_id, invoice, amount, redirect_url, state, message, created_at, updated_at) values ('pa-1', ?, 'bkash', 'TR0011ABC', '10001', 60, 'https://pay.example/x', 'completed', null, ?, ?)", placed[0], Date.now(), Date.now());
      await t.query('insert into courier_records (phone, source, record, fetched_at) values (?, ?, ?, ?)', '+8801712345678', 'steadfast', '{"source":"steadfast","total":3,"delivered":2,"returned":1,"couriers":[]}', Date.now());
      // An order the desk took for a person without an account (issue 36): a customer record, and the listing's `taken`.
      const taken = await call(t, 'POST', '/api/orders/staff', {
        token: admin,
        body: { customer: { name: 'Karim Uddin', phone: '01812345678', address: 'Shop 3, New Market' }, lines: [line(first, 1)], deliveryLocation: 'Outside Dhaka', channel: 'phone', discount: { amount: 50, reason: 'A regular customer' } },
      });
      expect(taken.status).toBe(201);
      rinaOrders = listed(await json(await call(t, 'GET', '/api/orders?email=rina@example.com', { token: rina.token })));
      expect(rinaOrders.length).toBeGreaterThan(0);
      // A blocked phone, and the orders' messages: some sent (a sent_at), the rest still pending.
      expect((await call(t, 'POST', '/api/blocked-phones', { token: admin, body: { phone: '01999999999', reason: 'Prank orders' } })).status).toBe(201);
      expect((await t.messages.runOnce()).sent).toBeGreaterThan(0);
      // A cart line left in the cart.
      expect((await call(t, 'POST', '/api/carts', { token: bob.token, body: line(second, 2) })).status).toBeLessThan(300);

      // A stopped shop: a consistent copy of the file, then the shop closes.
      dataDir = tempDir();
      file = join(dataDir, 'shop.db');
      // An SMS counted against the ceilings (decision 048): SMS_PROVIDER none counts none, so one is written here.
      await t.query("insert into sms_sends (id, phone, address, kind, at) values ('code:move-1', '+8801712345678', '127.0.0.1', 'code', ?)", Date.now());
      await t.query('vacuum into ?', file);
    } finally {
      await t.close();
    }
    const sqlite = openSqliteDatabase(file);
    try {
      const report = await auditOrderLog(sqlite, auditKey);
      expect(report.verified).toBe(true);
      expect(report.eventCount).toBeGreaterThanOrEqual(8);
      sqliteHead = describeHead(report.head);
    } finally {
      await sqlite.close();
    }
    url = await cluster().createDatabase();
  }, 120_000);

  it('refuses while another process has the SQLite file open, and without DATABASE_URL', async () => {
    const open = new Database(file);
    open.pragma('journal_mode = WAL');
    try {
      const busy = await move({ DATA_DIR: dataDir, DATABASE_URL: url });
      expect(busy.code).toBe(1);
      expect(busy.err).toContain('is in use by another process (is the server running?)');
    } finally {
      open.close();
    }
    const noUrl = await move({ DATA_DIR: dataDir });
    expect(noUrl.code).toBe(2);
    expect(noUrl.err).toContain('set DATABASE_URL');
  }, 60_000);

  it('copies every row of every table, and the log verifies on PostgreSQL with the same head', async () => {
    const moved = await move({ DATA_DIR: dataDir, DATABASE_URL: url });
    expect(moved.err).toBe('');
    expect(moved.code).toBe(0);
    expect(moved.out).toContain(`(the same as SQLite's)`);
    expect(moved.out).toContain(sqliteHead);
    expect(moved.out).toContain(`row counts match in all ${Object.keys(tables).length} tables`);

    const client = new pg.Client({ connectionString: url, options: '-c TimeZone=UTC' });
    await client.connect();
    try {
      for (const table of Object.keys(tables)) {
        const before = sqliteRows(file, table);
        if (!['order_log_head'].includes(table)) expect(before.length, table).toBeGreaterThan(0);
        expect(await postgresRows(client, table), table).toEqual(before);
      }
    } finally {
      await client.end();
    }

    // Not copied but counted again by PostgreSQL's triggers as the orders went in (issue 20): the same counts.
    const counts = new Database(file, { readonly: true, fileMustExist: true });
    const check = new pg.Client({ connectionString: url });
    await check.connect();
    try {
      const sqliteCounts = counts.prepare('select status, orders from orders_status_counts where orders > 0 order by status').all();
      expect(sqliteCounts.length).toBeGreaterThan(0);
      expect((await check.query('select status, orders from orders_status_counts where orders > 0 order by status')).rows).toEqual(sqliteCounts);
    } finally {
      counts.close();
      await check.end();
    }

    const postgres = await openPostgresDatabase(url, { max: 2 });
    try {
      const report = await auditOrderLog(postgres, auditKey);
      expect(report.verified).toBe(true);
      expect(describeHead(report.head)).toBe(sqliteHead);
    } finally {
      await postgres.close();
    }
  }, 120_000);

  it('leaves a database a shop runs on: the moved orders are there, and new ones extend the chain', async () => {
    const t = await createTestApp({ auditKey, env: { DATABASE_URL: url } });
    try {
      expect(t.database.engine).toBe('postgres');
      const rina = await call(t, 'POST', '/api/auth/login', { body: { email: 'rina@example.com', password: 'Sakura#2026' } });
      expect(rina.status).toBe(200);
      const token = (await json(rina)).token as string;
      expect(listed(await json(await call(t, 'GET', '/api/orders?email=rina@example.com', { token })))).toEqual(rinaOrders);
      const product = (await json(await call(t, 'GET', '/api/products')))[0] as { _id: string; sizes: string[]; colors: string[] };
      expect((await call(t, 'POST', '/api/carts', { token, body: { productId: product._id, quantity: 1, size: product.sizes[0] ?? '', color: product.colors[0] ?? '' } })).status).toBeLessThan(300);
      const checkout = { name: 'Rina Akter', phone: '017 1234-5678', address: 'House 5, Road 2, Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery' };
      expect((await call(t, 'POST', '/api/orders', { token, body: checkout })).status).toBe(201);
      const report = await auditOrderLog(t.database, auditKey);
      expect(report.verified).toBe(true);
      expect(report.head?.eventCount).toBe(Number(/head (\d+):/.exec(sqliteHead)?.[1]) + 1);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('refuses a second move into the database that now holds the shop, and writes nothing', async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const count = async () => Number((await client.query<{ n: string }>('select count(*) as n from order_events')).rows[0]?.n);
    try {
      const before = await count();
      const again = await move({ DATA_DIR: dataDir, DATABASE_URL: url });
      expect(again.code).toBe(1);
      expect(again.err).toContain('already holds shop data');
      expect(again.err).toContain('Nothing was copied');
      expect(await count()).toBe(before);
    } finally {
      await client.end();
    }
  }, 60_000);
});
