import Database from 'better-sqlite3';
import fc from 'fast-check';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { GroupCommitOptions } from '../../src/modules/ordering/index.js';
import { adminSession, call, json, signUpCustomer } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Group commit (decisions 009, 024) through the real HTTP app on a real database. Most tests run the
 * batches by hand (the schedule is injected), so "these requests share one transaction" is a fact
 * of the test, not a matter of timing.
 */

type Customer = { token: string; email: string };
const checkout = { name: 'Rina Akter', phone: '01712345678', address: 'House 5, Road 2, Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery' };

let t: TestApp;
afterEach(() => t?.close());

/** A schedule the test releases by hand. */
function byHand() {
  const due: Array<() => void> = [];
  const schedule: NonNullable<GroupCommitOptions['schedule']> = (flush) => void due.push(flush);
  return { schedule, release: () => due.splice(0).forEach((flush) => flush()) };
}

async function shop(options: { hand?: ReturnType<typeof byHand> } = {}) {
  t = await createTestApp(options.hand ? { orderCommits: { schedule: options.hand.schedule } } : {});
  await t.seedDemo();
  const listed = (await json(await call(t, 'GET', '/api/products?limit=100'))) as Array<{ _id: string; title: string; price: number; variants: Array<{ stock: number }> }>;
  // Products with stock for every order here (the demo has low and sold-out lines too).
  const products = listed.filter((p) => p.variants.every((v) => v.stock >= 20));
  return { products, admin: (await adminSession(t)).token };
}

async function customers(n: number): Promise<Customer[]> {
  const all: Customer[] = [];
  for (let i = 0; i < n; i++) {
    const c = await signUpCustomer(t, `Buyer ${i}`, `buyer${i}@example.com`);
    all.push({ token: c.token, email: c.user.email });
  }
  return all;
}

const addToCart = (who: Customer, productId: string, quantity: number) => call(t, 'POST', '/api/carts', { token: who.token, body: { productId, quantity } });
const order = (who: Customer, body: Record<string, unknown> = {}, key?: string) =>
  call(t, 'POST', '/api/orders', { token: who.token, body: { ...checkout, ...body }, headers: key ? { 'idempotency-key': key } : {} });
const cartOf = async (who: Customer) => json(await call(t, 'GET', `/api/carts?email=${who.email}`, { token: who.token }));
const count = (table: string) => t.value(`select count(*) from ${table}`);
/** The first column of every row. */
const column = async (sql: string) => (await t.query(sql)).map((row) => Object.values(row)[0]);

/**
 * Runs a test's own SQL, written once per engine: triggers are SQL on SQLite and a plpgsql
 * function plus a trigger on PostgreSQL.
 */
const onEngine = (sql: { sqlite: string; postgres: string }) =>
  t.database.engine === 'sqlite' ? void t.database.handle.sqlite.exec(sql.sqlite) : t.database.handle.pool.query(sql.postgres).then(() => undefined);

/** A second, independent connection, which sees committed rows only. */
function committedReader(): { ordersWithId(id: string): Promise<number>; close(): void } {
  if (t.database.engine === 'postgres') {
    const pool = t.database.handle.pool;
    return { ordersWithId: async (id) => Number((await pool.query<{ n: string }>('select count(*) as n from orders where id = $1', [id])).rows[0]?.n), close: () => {} };
  }
  const reader = new Database(join(t.dir, 'shop.db'), { readonly: true });
  const committed = reader.prepare('select count(*) from orders where id = ?').pluck();
  return { ordersWithId: async (id) => committed.get(id) as number, close: () => reader.close() };
}

/** Waits (by turns of the event loop, not by time) until n orders are queued for the next batch. */
async function queued(n: number) {
  for (let turns = 0; t.ordering.orderBatches().pending < n; turns++) {
    if (turns > 100_000) throw new Error(`only ${t.ordering.orderBatches().pending} of ${n} orders were queued`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Sends the requests one after another, each queued before the next is sent (so the queue order
 * is the array's), checks nobody was answered, then runs them as ONE batch.
 */
async function oneBatch(hand: ReturnType<typeof byHand>, requests: Array<() => Response | Promise<Response>>) {
  const before = t.ordering.orderBatches();
  const answered: boolean[] = requests.map(() => false);
  const pending: Array<Promise<Response>> = [];
  for (const [i, send] of requests.entries()) {
    pending.push(Promise.resolve(send()).then((res) => ((answered[i] = true), res)));
    await queued(before.pending + i + 1);
  }
  expect(answered.some(Boolean), 'a request was answered before its batch ran').toBe(false);
  hand.release();
  const responses = await Promise.all(pending);
  const after = t.ordering.orderBatches();
  expect({ batches: after.batches - before.batches, units: after.units - before.units }).toEqual({ batches: 1, units: requests.length });
  return responses;
}

async function auditOk(admin: string, events: number) {
  expect(await json(await call(t, 'GET', '/api/audit', { token: admin }))).toMatchObject({ verified: true, eventCount: events, problem: null });
}

describe('group commit of orders', () => {
  it('many customers ordering at once share one transaction; each gets its own order, committed before the answer, and the chain verifies', async () => {
    const hand = byHand();
    const { products, admin } = await shop({ hand });
    const buyers = await customers(24);
    for (const [i, buyer] of buyers.entries()) await addToCart(buyer, products[i % products.length]!._id, (i % 3) + 1);
    const expectedTotal = (i: number) => products[i % products.length]!.price * ((i % 3) + 1) + 60;

    // A second, independent connection: an answered order must already be visible there (committed).
    const reader = committedReader();
    try {
      const visibleAtAnswer: number[] = [];
      const responses = await oneBatch(
        hand,
        buyers.map((buyer, i) => async () => {
          const res = await order(buyer, { name: `Buyer ${i}`, amount: expectedTotal(i) }, `checkout-${i}-0001`);
          const body = await json(res.clone());
          visibleAtAnswer[i] = await reader.ordersWithId(body.insertedId);
          return res;
        }),
      );
      for (const [i, res] of responses.entries()) {
        expect(res.status).toBe(201);
        const { insertedId, order: placed } = await json(res);
        expect(placed).toMatchObject({ _id: insertedId, email: buyers[i]!.email, name: `Buyer ${i}`, amount: expectedTotal(i), status: 'Pending' });
        expect(visibleAtAnswer[i]).toBe(1);
        expect(await cartOf(buyers[i]!)).toEqual([]);
      }
    } finally {
      reader.close();
    }
    expect(new Set(await column('select id from orders')).size).toBe(24);
    // Event ids are bigint on PostgreSQL, which node-postgres gives as text.
    expect((await column('select id from order_events order by id')).map(Number)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    await auditOk(admin, 24);
  });

  it('one bad order in a batch of good ones fails alone, with its own error, even when it fails after writing', async () => {
    const hand = byHand();
    const { products, admin } = await shop({ hand });
    const [a, b, stale, coupon, empty, poisoned, c, d] = await customers(8);
    const [fox, cards] = products;
    for (const buyer of [a, b, stale, coupon, poisoned, c, d]) await addToCart(buyer!, fox!._id, 1);
    const { insertedId: couponId } = await json(await call(t, 'POST', '/api/coupons', { token: admin, body: { code: 'GONE20', discountPercent: 20 } }));
    await call(t, 'DELETE', `/api/coupons/${couponId}`, { token: admin });
    // This customer's order fails after its event, projection and cart removal were written:
    // the database refuses its idempotency row. Only its savepoint may be undone.
    await onEngine({
      sqlite: "create trigger test_refuse_key before insert on order_requests when new.key = 'poisoned-key-1' begin select raise(abort, 'refused by the test'); end",
      postgres: `create function test_refuse_key() returns trigger language plpgsql as $$
          begin if new.key = 'poisoned-key-1' then raise exception 'refused by the test'; end if; return new; end $$;
        create trigger test_refuse_key before insert on order_requests for each row execute function test_refuse_key();`,
    });

    const responses = await oneBatch(hand, [
      () => order(a!),
      () => order(stale!, { amount: 1 }),
      () => order(b!, {}, 'good-key-0001'),
      () => order(coupon!, { appliedCoupon: 'GONE20' }),
      () => order(empty!),
      () => order(poisoned!, {}, 'poisoned-key-1'),
      () => order(c!, { items: [{ productId: cards!._id, quantity: 2 }] }),
      () => order(d!),
    ]);
    const outcome = await Promise.all(responses.map(async (r) => [r.status, (await json(r)).error?.code ?? null]));
    expect(outcome).toEqual([
      [201, null],
      [409, 'ordering/total-changed'],
      [201, null],
      [400, 'ordering/coupon-invalid'],
      [400, 'ordering/cart-empty'],
      [500, 'http/internal'],
      [201, null],
      [201, null],
    ]);
    for (const failed of [stale, coupon, poisoned]) expect(await cartOf(failed!)).toHaveLength(1);
    expect(await cartOf(c!)).toHaveLength(1); // Order Now leaves the cart alone
    for (const placed of [a, b, d]) expect(await cartOf(placed!)).toHaveLength(0);
    const owners = await column('select email from orders order by email');
    expect(owners).toEqual([a, b, c, d].map((x) => x!.email).sort());
    expect(await count('order_events')).toBe(4);
    expect(await count('order_requests')).toBe(1);
    await auditOk(admin, 4);
  });

  it('the same Idempotency-Key several times in one batch makes one order; a different body with it is 422', async () => {
    const hand = byHand();
    const { products, admin } = await shop({ hand });
    const [rina, bob] = await customers(2);
    await addToCart(rina!, products[0]!._id, 1);
    await addToCart(bob!, products[1]!._id, 1);

    const responses = await oneBatch(hand, [
      ...Array.from({ length: 5 }, () => () => order(rina!, {}, 'double-click-0001')),
      () => order(rina!, { name: 'Someone Else' }, 'double-click-0001'),
      () => order(bob!, {}, 'double-click-0001'),
    ]);
    expect(responses.map((r) => r.status)).toEqual([201, 200, 200, 200, 200, 422, 201]);
    const ids = await Promise.all(responses.slice(0, 5).map(async (r) => (await json(r)).insertedId));
    expect(new Set(ids).size).toBe(1);
    expect((await json(responses[6]!)).insertedId).not.toBe(ids[0]);
    expect(await count('orders')).toBe(2);
    await auditOk(admin, 2);
  });

  it('when the COMMIT fails, no order of the batch is acknowledged and nothing is stored; the same keys then succeed', async () => {
    const hand = byHand();
    const { products, admin } = await shop({ hand });
    const buyers = await customers(5);
    for (const buyer of buyers) await addToCart(buyer, products[2]!._id, 1);
    // A deferred foreign key is only checked at COMMIT: an order named "Break The Commit" makes
    // the COMMIT of its whole batch fail, after every unit of it succeeded.
    await onEngine({
      sqlite: `
        create table test_commit_breaker (order_id text references orders(id) deferrable initially deferred);
        create trigger test_break_commit after insert on orders when new.name = 'Break The Commit'
          begin insert into test_commit_breaker (order_id) values ('no such order'); end;`,
      postgres: `
        create table test_commit_breaker (order_id text references orders(id) deferrable initially deferred);
        create function test_break_commit() returns trigger language plpgsql as $$
          begin if new.name = 'Break The Commit' then insert into test_commit_breaker (order_id) values ('no such order'); end if; return new; end $$;
        create trigger test_break_commit after insert on orders for each row execute function test_break_commit();`,
    });

    const send = (i: number, name: string) => () => order(buyers[i]!, { name }, `commit-fail-${i}-key`);
    const responses = await oneBatch(hand, [send(0, 'Buyer 0'), send(1, 'Buyer 1'), send(2, 'Break The Commit'), send(3, 'Buyer 3'), send(4, 'Buyer 4')]);
    for (const res of responses) {
      expect(res.status).toBe(500);
      expect((await json(res)).error.code).toBe('http/internal');
    }
    for (const table of ['orders', 'order_events', 'order_requests', 'test_commit_breaker']) expect(await count(table), table).toBe(0);
    for (const buyer of buyers) expect(await cartOf(buyer)).toHaveLength(1);

    // Nothing was half-written: the keys were not remembered, so a retry places each order once.
    const retried = await oneBatch(hand, [send(0, 'Buyer 0'), send(1, 'Buyer 1'), send(3, 'Buyer 3'), send(4, 'Buyer 4')]);
    expect(retried.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(await count('orders')).toBe(4);
    await auditOk(admin, 4);
  });

  it('with the default schedule, concurrent orders, status changes and cancels all land correctly and the chain verifies', async () => {
    const { products, admin } = await shop();
    const buyers = await customers(30);
    const first = await Promise.all(buyers.slice(0, 10).map((buyer, i) => order(buyer, { items: [{ productId: products[i]!._id, quantity: 1 }] })));
    const firstIds = await Promise.all(first.map(async (r) => (expect(r.status).toBe(201), (await json(r)).insertedId as string)));

    const mixed = await Promise.all([
      ...buyers.map((buyer, i) => order(buyer, { items: [{ productId: products[i % products.length]!._id, quantity: 2 }] }, `mixed-${i}-key`)),
      ...firstIds.slice(0, 5).map((id) => call(t, 'PATCH', `/api/orders/${id}`, { token: admin, body: { status: 'Confirmed' } })),
      ...firstIds.slice(5).map((id, i) => call(t, 'DELETE', `/api/orders/${id}`, { token: buyers[5 + i]!.token })),
    ]);
    expect(mixed.map((r) => r.status)).toEqual([...Array(30).fill(201), ...Array(10).fill(200)]);
    const placed = await Promise.all(mixed.slice(0, 30).map(async (r) => (await json(r)).order));
    placed.forEach((o, i) => expect(o).toMatchObject({ email: buyers[i]!.email, subtotal: products[i % products.length]!.price * 2 }));
    expect(await count('order_events')).toBe(10 + 30 + 10);
    await auditOk(admin, 50);
    expect(t.ordering.orderBatches()).toMatchObject({ pending: 0, units: 40 });
  });

  it('property: any mix of good, stale, empty-cart and repeated-key orders in one batch answers each as if it had been alone, in queue order', async () => {
    const hand = byHand();
    const { products, admin } = await shop({ hand });
    const buyers = await customers(4);
    let events = 0;
    let round = 0;
    type Kind = 'order-now' | 'cart' | 'stale' | 'repeat-key';
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.constantFrom<Kind>('order-now', 'cart', 'stale', 'repeat-key'), fc.integer({ min: 0, max: 3 })), { minLength: 1, maxLength: 12 }), async (plan) => {
        round++;
        // Each customer's cart holds one line at the start of the batch.
        for (const buyer of buyers) if ((await cartOf(buyer)).length === 0) await addToCart(buyer, products[0]!._id, 1);
        const cartFull = buyers.map(() => true);
        const keysUsed = new Set<string>();
        const expected: number[] = [];
        const requests = plan.map(([kind, who]) => {
          const buyer = buyers[who]!;
          const key = `round-${round}-buyer-${who}`;
          if (kind === 'order-now') expected.push(201);
          else if (kind === 'stale') expected.push(409);
          else if (kind === 'cart') expected.push(cartFull[who] ? 201 : 400);
          else expected.push(keysUsed.has(key) ? 200 : cartFull[who] ? 201 : 400);
          if ((kind === 'cart' || (kind === 'repeat-key' && !keysUsed.has(key))) && cartFull[who]) cartFull[who] = false;
          if (kind === 'repeat-key' && expected.at(-1) !== 400) keysUsed.add(key);
          if (kind === 'order-now') return () => order(buyer, { items: [{ productId: products[1]!._id, quantity: 1 }] });
          if (kind === 'stale') return () => order(buyer, { items: [{ productId: products[1]!._id, quantity: 1 }], amount: 1 });
          if (kind === 'cart') return () => order(buyer);
          return () => order(buyer, {}, key);
        });
        const statuses = (await oneBatch(hand, requests)).map((r) => r.status);
        expect(statuses).toEqual(expected);
        events += expected.filter((s) => s === 201).length;
        expect(await count('order_events')).toBe(events);
      }),
      { numRuns: 15 },
    );
    await auditOk(admin, events);
  });
});
