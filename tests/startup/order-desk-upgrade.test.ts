import { drizzle } from 'drizzle-orm/better-sqlite3';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditOrderLog } from '../../src/modules/audit/index.js';
import { fold, type Actor, type OrderEvent, type OrderState, type PlacedSnapshot } from '../../src/modules/ordering/domain/order.js';
import { createSqliteOrderLog } from '../../src/modules/ordering/adapters/sqlite/order-log.js';
import { openDatabase, runMigrations } from '../../src/platform/sqlite.js';
import { migrationsDir } from '../../src/platform/paths.js';
import { adminSession, call, json, signUpCustomer } from '../support/http.js';
import { pdfPages } from '../support/pdf-text.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 16, decision 030: a shop upgraded from before order numbers. Its orders (events without a
// number, listing rows without the new columns) are written at migration 0010 by the same log
// code; the start-up applies 0011, which numbers them in the order of their Placed events and
// records who canceled them. Then the shop numbers on from there, changes an old order without
// losing its number, and the log still verifies.
const dir = mkdtempSync(join(tmpdir(), 'shop-upgrade-'));
let t: TestApp;

const customer: Actor = { userId: 'legacy-user', email: 'old@example.com', role: 'customer' };
const admin: Actor = { userId: 'legacy-admin', email: 'boss@shop.test', role: 'admin' };
const placed = (name: string): PlacedSnapshot => ({
  owner: { userId: customer.userId, email: customer.email },
  name,
  phone: '+8801711111111',
  address: 'Road 1, Dhanmondi',
  deliveryLocation: 'Inside Dhaka',
  paymentMethod: 'Cash On Delivery',
  appliedCoupon: null,
  discountBasisPoints: 0,
  lines: [{ productId: 'p-old', title: 'Old Figure', category: 'Figures', image: '', size: '', color: '', quantity: 1, unitPrice: 900, price: 900 }],
  subtotal: 900,
  discount: 0,
  fee: 60,
  total: 960,
});

/** The migrations as they were before issue 16: 0000 to 0010. */
function migrationsBefore16(): string {
  const folder = join(dir, 'migrations-0010');
  cpSync(migrationsDir(), folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ idx: number }> };
  journal.entries = journal.entries.filter((e) => e.idx <= 10);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

beforeAll(async () => {
  const handle = openDatabase(join(dir, 'shop.db'));
  runMigrations(handle, migrationsBefore16());
  const db = drizzle(handle.sqlite);
  const log = createSqliteOrderLog({ read: db, writer: db, write: async (fn) => fn() }, null);
  const events: Array<{ orderId: string; event: OrderEvent; actor: Actor }> = [
    { orderId: '00000000000000000000000a', event: { type: 'Placed', payload: placed('First') }, actor: customer },
    { orderId: '00000000000000000000000b', event: { type: 'Placed', payload: placed('Second') }, actor: customer },
    { orderId: '00000000000000000000000c', event: { type: 'Placed', payload: placed('Third') }, actor: customer },
    { orderId: '00000000000000000000000b', event: { type: 'Canceled', payload: {} }, actor: admin },
    { orderId: '00000000000000000000000c', event: { type: 'CanceledByCustomer', payload: {} }, actor: customer },
  ];
  const seqs = new Map<string, number>();
  for (const [i, { orderId, event, actor }] of events.entries()) {
    const seq = (seqs.get(orderId) ?? 0) + 1;
    seqs.set(orderId, seq);
    await log.append({ ...event, orderId, seq, actor, at: new Date(Date.UTC(2025, 5, 1, 10, i)) });
  }
  // The listing as 0010 had it.
  const insert = handle.sqlite.prepare(
    `insert into orders (id, owner_user_id, email, name, phone, address, delivery_location, payment_method, applied_coupon, discount_bp,
       subtotal, discount, fee, amount, items, status, removed, placed_at, updated_at, version)
     values (@id, @ownerUserId, @email, @name, @phone, @address, @deliveryLocation, @paymentMethod, @appliedCoupon, @discountBasisPoints,
       @subtotal, @discount, @fee, @amount, @items, @status, @removed, @placedAt, @updatedAt, @version)`,
  );
  for (const id of ['00000000000000000000000a', '00000000000000000000000b', '00000000000000000000000c']) {
    const state = fold(await log.eventsOf(id)) as OrderState;
    const p = state.placed;
    insert.run({
      id,
      ownerUserId: p.owner.userId,
      email: p.owner.email,
      name: p.name,
      phone: p.phone,
      address: p.address,
      deliveryLocation: p.deliveryLocation,
      paymentMethod: p.paymentMethod,
      appliedCoupon: p.appliedCoupon,
      discountBasisPoints: p.discountBasisPoints,
      subtotal: p.subtotal,
      discount: p.discount,
      fee: p.fee,
      amount: p.total,
      items: JSON.stringify(p.lines),
      status: state.status,
      removed: state.removed ? 1 : 0,
      placedAt: state.placedAt.getTime(),
      updatedAt: state.updatedAt.getTime(),
      version: state.version,
    });
  }
  handle.close();
  t = await createTestApp({ env: { DATA_DIR: dir } });
}, 60_000);

afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('numbers the orders of before in the order they were placed, and records who canceled them', async () => {
  const boss = (await adminSession(t)).token;
  const a = await json(await call(t, 'GET', '/api/orders/00000000000000000000000a', { token: boss }));
  const b = await json(await call(t, 'GET', '/api/orders/00000000000000000000000b', { token: boss }));
  const c = await json(await call(t, 'GET', '/api/orders/00000000000000000000000c', { token: boss }));
  expect([a.orderNumber, b.orderNumber, c.orderNumber]).toEqual([10001, 10002, 10003]);
  expect(c).toMatchObject({ removed: true, status: 'Canceled' });
  expect(a.history).toEqual({ placed: 3, pending: 1, confirmed: 0, canceledByShop: 1, canceledByCustomer: 1, delivered: 0, returned: 0 });
  expect((await json(await call(t, 'GET', '/api/allOrders?q=10001', { token: boss }))).map((o: { _id: string }) => o._id)).toEqual(['00000000000000000000000a']);
  // Issue 33 (migration 0028): the order its customer canceled, removed from the listing before, is on the desk, its counts too.
  expect(await json(await call(t, 'GET', '/api/allOrders?q=10003', { token: boss }))).toMatchObject([{ _id: '00000000000000000000000c', canceledBy: 'customer' }]);
  const canceled = await call(t, 'GET', '/api/allOrders?status=Canceled', { token: boss });
  expect((await json(canceled)).map((o: { orderNumber: number }) => o.orderNumber)).toEqual([10003, 10002]);
  expect(canceled.headers.get('x-total-count')).toBe('2');

  // An old order changes and keeps its number; a new one comes after the old ones.
  expect((await call(t, 'PATCH', '/api/orders/00000000000000000000000a', { token: boss, body: { status: 'Confirmed' } })).status).toBe(200);
  expect((await json(await call(t, 'GET', '/api/orders/00000000000000000000000a', { token: boss }))).orderNumber).toBe(10001);
  expect(await t.value("select order_number from orders where id = '00000000000000000000000a'")).toBe(10001);

  await t.seedDemo();
  const rina = await signUpCustomer(t, 'Rina', 'rina@example.com');
  const productId = (await json(await call(t, 'GET', '/api/products?inStock=true&limit=1')))[0]._id;
  const fresh = await call(t, 'POST', '/api/orders', {
    token: rina.token,
    body: { name: 'Rina', phone: '01712345678', address: 'Road 2, Mirpur', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery', items: [{ productId, size: '', color: '', quantity: 1 }] },
  });
  expect(fresh.status).toBe(201);
  expect((await json(fresh)).order.orderNumber).toBe(10004);

  const report = await auditOrderLog(t.database);
  expect(report.problem).toBeNull();
  expect(report.verified).toBe(true);
});

it('an order from before languages (issue 18: no lang in its Placed event, none in its listing row) stays English, its confirmation too; a Bengali request changes nothing', async () => {
  const boss = (await adminSession(t)).token;
  expect(await t.value("select lang from orders where id = '00000000000000000000000a'")).toBeNull();
  const invoice = await call(t, 'GET', '/api/orders/00000000000000000000000a/invoice.pdf', { token: boss, headers: { 'accept-language': 'bn' } });
  expect(invoice.status).toBe(200);
  const [page] = await pdfPages(new Uint8Array(await invoice.arrayBuffer()));
  for (const words of ['Invoice', 'Order 10001', 'Total 960 BDT', 'Cash On Delivery: collect 960 BDT']) expect(page, words).toContain(words);
  const messages = await json(await call(t, 'GET', '/api/orders/00000000000000000000000a/messages', { token: boss }));
  expect(messages.find((m: { channel: string; event: string }) => m.channel === 'sms' && m.event === 'Confirmed')?.body).toBe('Order 10001 confirmed: 960 BDT, cash on delivery. We are sending it to you now. - Test Shop');
  expect((await auditOrderLog(t.database)).problem).toBeNull();
});
