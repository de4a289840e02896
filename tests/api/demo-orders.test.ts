import { afterEach, describe, expect, it } from 'vitest';
import { demoCatalogue } from '../../src/modules/catalogue/domain/demo-catalogue.js';
import { auditOrderLog } from '../../src/modules/audit/index.js';
import { demoCustomers } from '../../src/modules/order-import/index.js';
import { adminSession, call, json, signUpCustomer } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 17: a demo shop's first start places 28 days of demo orders from demo customers through
// the real ordering path, marked as demo in the log, sending nothing.
const dayMs = 24 * 3_600_000;
// The shop's real limits (the test app's are high by default), so the plan is seen to keep to them.
const placementLimits = { maxPending: 5, maxPendingPerPhone: 3, perHour: 20, codBlockAfterCancels: 3 };
// ~100 orders and their changes, one transaction each: ~3 s on PostgreSQL, more on a busy machine.
const seeding = { timeout: 90_000 };

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A fresh demo shop as main.ts makes it at a first start, at 18:00 Dhaka time. */
async function demoShop(env: Record<string, string> = {}) {
  t = await createTestApp({ placementLimits, env });
  t.time.advance(12 * 3_600_000);
  await t.ensureDemoAdmin();
  expect(await t.seedDemo()).toEqual({ categories: 6, products: 40 });
  return t;
}

describe('demo orders at a first start', () => {
  it('places weeks of demo orders: marked demo in the log, spread over 28 days, mixed statuses, no messages, low stock untouched, audit verified', seeding, async () => {
    const shop = await demoShop();
    const stockBefore = await shop.query<{ product_id: string; size: string; color: string; stock: number }>('select product_id, size, color, stock from product_variants');
    const started = performance.now();
    const seeded = await shop.seedDemoOrders();
    const ms = performance.now() - started;
    expect(seeded?.skipped).toEqual([]);
    expect(seeded?.days).toBe(28);
    const placed = seeded?.placed ?? 0;
    expect(placed).toBeGreaterThan(40);
    console.info(`demo orders: ${placed} in ${Math.round(ms)} ms`);

    // Every Placed event is marked demo, by a demo customer, at a time in the past.
    const events = await shop.query<{ order_id: string; type: string; payload: string; actor: string; at: number | Date }>('select order_id, type, payload, actor, at from order_events order by id');
    const placedEvents = events.filter((e) => e.type === 'Placed');
    expect(placedEvents).toHaveLength(placed);
    const emails = new Set(demoCustomers.map((c) => c.email));
    for (const e of placedEvents) {
      expect(JSON.parse(e.payload).demo).toBe(true);
      expect(emails.has(JSON.parse(e.actor).email)).toBe(true);
    }
    const times = events.map((e) => new Date(e.at).getTime());
    const now = shop.clock.now().getTime();
    expect(Math.max(...times)).toBeLessThanOrEqual(now);
    expect(now - Math.min(...times)).toBeGreaterThan(26 * dayMs);
    expect(now - Math.min(...times)).toBeLessThan(28 * dayMs);
    const admins = events.filter((e) => e.type === 'Confirmed' || e.type === 'Canceled').map((e) => JSON.parse(e.actor).email);
    expect(new Set(admins)).toEqual(new Set(['admin@shop.local']));

    // The desk: mixed statuses, the customer-canceled ones gone from the list.
    const admin = (await adminSession(shop)).token;
    const count = async (query: string) => Number((await call(shop, 'GET', `/api/allOrders?limit=1${query}`, { token: admin })).headers.get('x-total-count'));
    const [all, pending, confirmed, canceled] = await Promise.all([count(''), count('&status=Pending'), count('&status=Confirmed'), count('&status=Canceled')]);
    expect(pending + confirmed + canceled).toBe(all);
    expect(confirmed / all).toBeGreaterThan(0.5);
    expect(pending).toBeGreaterThan(0);
    expect(canceled).toBeGreaterThan(0);
    expect(events.some((e) => e.type === 'CanceledByCustomer')).toBe(true);
    // The customers' cancels stay on the desk (issue 33); only an admin's delete takes an order off it.
    expect(all).toBe(placed - events.filter((e) => e.type === 'Deleted').length);
    // One order through the API: its events, in the past, with the stock it took.
    const [first] = await json(await call(shop, 'GET', '/api/allOrders?limit=1', { token: admin }));
    const trail = await json(await call(shop, 'GET', `/api/orders/${first._id}/events`, { token: admin }));
    expect(trail[0]).toMatchObject({ seq: 1, type: 'Placed', actor: { role: 'customer' } });
    expect(new Date(trail[0].at).getTime()).toBeLessThanOrEqual(now);

    // Nothing to send about them, to anybody.
    expect(await shop.value('select count(*) as count from order_messages')).toBe(0);

    // The log verifies, in full and through the admins' audit page.
    const report = await auditOrderLog(shop.database);
    expect(report).toMatchObject({ verified: true, eventCount: events.length, orderCount: placed, problem: null });
    expect(await json(await call(shop, 'GET', '/api/audit', { token: admin }))).toMatchObject({ verified: true });

    // The stock taken is real, never from a low line, at most 8 units of a variant (and given back when a Pending order was canceled).
    const stockAfter = new Map((await shop.query<{ product_id: string; size: string; color: string; stock: number }>('select product_id, size, color, stock from product_variants')).map((v) => [`${v.product_id}/${v.size}/${v.color}`, Number(v.stock)]));
    let moved = 0;
    for (const v of stockBefore) {
      const after = stockAfter.get(`${v.product_id}/${v.size}/${v.color}`) ?? -1;
      if (Number(v.stock) < 30) expect(after).toBe(Number(v.stock));
      expect(Number(v.stock) - after).toBeGreaterThanOrEqual(0);
      expect(Number(v.stock) - after).toBeLessThanOrEqual(8);
      moved += Number(v.stock) - after;
    }
    expect(moved).toBeGreaterThan(0);
    // The catalogue answers say so (its cache was told).
    const lowOnes = demoCatalogue.flatMap((c) => c.products).filter((p) => p.stock);
    const booster = (await json(await call(shop, 'GET', '/api/products?q=Booster'))).find((p: { title: string }) => p.title.startsWith('Spirit Duel Booster Box'));
    expect(lowOnes.length).toBeGreaterThan(0);
    expect(booster.variants).toEqual([expect.objectContaining({ stock: 1 })]);

    // The demo customers exist to own the orders: nobody can sign in as them with a guess.
    expect((await call(shop, 'POST', '/api/auth/login', { body: { email: demoCustomers[0]!.email, password: 'Sakura#2026' } })).status).toBe(401);

    // A second start: the catalogue is not seeded again, and an order log with orders gets no demo ones.
    expect(await shop.seedDemo()).toEqual({ categories: 0, products: 0 });
    expect(await shop.seedDemoOrders()).toMatchObject({ placed: 0 });
    expect(await shop.value('select count(*) as count from order_events')).toBe(events.length);
  });

  it('DEMO_ORDERS=false leaves them out, with the demo catalogue in', async () => {
    const shop = await demoShop({ DEMO_ORDERS: 'false' });
    expect(await shop.seedDemoOrders()).toBeNull();
    expect(await shop.value('select count(*) as count from order_events')).toBe(0);
  });

  it("a refused step is skipped and answered, never thrown: a demo customer's number on the blocklist loses that customer's orders only", seeding, async () => {
    const shop = await demoShop();
    const admin = (await adminSession(shop)).token;
    expect((await call(shop, 'POST', '/api/blocked-phones', { token: admin, body: { phone: demoCustomers[0]!.phone, reason: 'test' } })).status).toBe(201);
    const seeded = await shop.seedDemoOrders();
    expect(seeded?.skipped.length).toBeGreaterThan(0);
    expect(new Set(seeded?.skipped.map((s) => s.code))).toEqual(new Set(['ordering/phone-blocked']));
    expect(seeded?.placed).toBeGreaterThan(30);
    expect(await shop.value('select count(*) as count from order_events where type = ?', 'Placed')).toBe(seeded?.placed);
    expect(await auditOrderLog(shop.database)).toMatchObject({ verified: true });
  });

  it('a shop that already has orders gets no demo orders; nor does a customer who sends demo: true get a demo order', async () => {
    const shop = await demoShop();
    const customer = await signUpCustomer(shop, 'Rina', 'rina@example.com');
    const [product] = await json(await call(shop, 'GET', '/api/products?limit=1'));
    const res = await call(shop, 'POST', '/api/orders', {
      token: customer.token,
      body: { name: 'Rina', phone: '01711111111', address: 'Road 1', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery', items: [{ productId: product._id, size: product.sizes[0], color: product.colors[0], quantity: 1 }], demo: true },
    });
    expect(res.status).toBe(201);
    expect(await shop.seedDemoOrders()).toMatchObject({ placed: 0 });
    const [placed] = await shop.query<{ payload: string }>('select payload from order_events');
    expect(JSON.parse(placed!.payload).demo).toBeUndefined();
    // Its messages were queued as for any order.
    expect(await shop.value('select count(*) as count from order_messages')).toBeGreaterThan(0);
  });
});
