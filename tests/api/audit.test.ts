import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditOrderLog } from '../../src/modules/audit/index.js';
import { adminSession, call, json, signUpCustomer } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// GET /api/audit checks the chain incrementally (decision 014): each event once, then only the
// new ones, and the head every time. The full check (folds, listing table) is audit:verify's.
let t: TestApp;
let admin: string;
let rina: string;
let productId: string;
beforeEach(async () => {
  t = await createTestApp();
  await t.seedDemo();
  admin = (await adminSession(t)).token;
  rina = (await signUpCustomer(t, 'Rina', 'rina@example.com')).token;
  productId = (await json(await call(t, 'GET', '/api/products?limit=1')))[0]._id;
  await placeOrder();
  await placeOrder();
});
afterEach(() => t.close());

async function placeOrder() {
  await call(t, 'POST', '/api/carts', { token: rina, body: { productId, quantity: 1 } });
  const res = await call(t, 'POST', '/api/orders', {
    token: rina,
    body: { name: 'Rina', phone: '01712345678', address: 'Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery' },
  });
  expect(res.status).toBe(201);
}
const audit = async () => json(await call(t, 'GET', '/api/audit', { token: admin }));
/** What an attacker with the database's owner rights does: drops the log's protections, then rewrites it. */
async function tamper(sql: string) {
  const triggers = ['order_events_no_update', 'order_events_no_delete'];
  if (t.database.engine === 'sqlite') t.database.handle.sqlite.exec(`${triggers.map((n) => `drop trigger if exists ${n};`).join(' ')} ${sql}`);
  else await t.database.handle.pool.query(`${triggers.map((n) => `drop trigger if exists ${n} on order_events;`).join(' ')} ${sql}`);
}

describe('GET /api/audit', () => {
  it('follows the log as it grows', async () => {
    expect(await audit()).toMatchObject({ verified: true, eventCount: 2, problem: null });
    await placeOrder();
    expect(await audit()).toMatchObject({ verified: true, eventCount: 3, problem: null });
  });

  it('reads each event once: an old event rewritten after it was verified is left to audit:verify', async () => {
    expect(await audit()).toMatchObject({ verified: true, eventCount: 2 });
    await tamper(`update order_events set payload = replace(payload, '"total":', '"total":1') where id = 1;`);
    await placeOrder();
    // Not read again (the route's cost is the new events, not the whole log) ...
    expect(await audit()).toMatchObject({ verified: true, eventCount: 3 });
    // ... while the full audit, which reads everything, names it.
    expect((await auditOrderLog(t.database)).problem).toMatchObject({ eventId: 1, reason: expect.stringContaining('does not match its hash') });
  });

  it('sees a tail removed behind the server at once, and keeps saying so', async () => {
    expect((await audit()).verified).toBe(true);
    await tamper('delete from order_events where id = 2;');
    const after = await audit();
    expect(after).toMatchObject({ verified: false, problem: { eventId: 2, reason: 'event 2 was removed or rewritten after this server verified it' } });
    expect((await audit()).problem).toEqual(after.problem);
  });

  it('sees a tail removed before it was ever verified: the head still names it', async () => {
    await tamper('delete from order_events where id = 2;');
    expect(await audit()).toMatchObject({ verified: false, problem: { eventId: 2, reason: expect.stringContaining('the log ends at event 1, but its head records 2 events') } });
  });

  it('checks a long log in slices: one call reads a bounded number of events, the rest is checked in the background', async () => {
    await t.close();
    t = await createTestApp({ auditSliceEvents: 3 });
    await t.seedDemo();
    admin = (await adminSession(t)).token;
    rina = (await signUpCustomer(t, 'Rina', 'rina@example.com')).token;
    productId = (await json(await call(t, 'GET', '/api/products?limit=1')))[0]._id;
    for (let i = 0; i < 10; i++) await placeOrder();
    const first = await audit();
    expect(first).toMatchObject({ verified: false, problem: null, eventCount: 3, uncheckedEvents: 7 });
    // The rest is checked in the background, a slice per turn (each turn a round trip on PostgreSQL).
    for (let turn = 0; turn < 200 && (await audit()).uncheckedEvents > 0; turn++) await new Promise((r) => setTimeout(r, 10));
    expect(await audit()).toMatchObject({ verified: true, problem: null, eventCount: 10, uncheckedEvents: 0 });
  });
});
