import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSalesProjection } from '../../src/modules/sales/index.js';
import { adminSession, call, json, signUpCustomer, strongPassword } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 17, decision 033: the sales projection, written in every order's unit of work, and the
// admins' stats read from it. Runs on SQLite and (vitest.postgres.config.ts) on PostgreSQL.
let t: TestApp;
let admin = '';
let buyer = { token: '', email: '' };
let fox = '';
let owl = '';
type Figure = { orders: number; amount: number };
const zero: Figure = { orders: 0, amount: 0 };

/** Sessions last an hour in tests: after moving the clock, sign in again. */
async function signInAgain() {
  admin = (await adminSession(t)).token;
  const res = await call(t, 'POST', '/api/auth/login', { body: { email: buyer.email, password: strongPassword } });
  buyer = { ...buyer, token: (await json(res)).token };
}
/** Moves the test clock to 06:00 of a Dhaka day (00:00 UTC). */
async function moveTo(day: string) {
  const target = Date.parse(`${day}T00:00:00Z`);
  const now = t.time.clock.now().getTime();
  if (target < now) throw new Error(`the clock only goes forward: ${day}`);
  t.time.advance(target - now);
  await signInAgain();
}

/** One item: Order Now; several: through the cart, which the order empties. */
async function place(items: Array<{ productId: string; quantity: number }>, who = buyer) {
  if (items.length > 1) {
    for (const item of items) expect((await call(t, 'POST', '/api/carts', { token: who.token, body: { ...item, size: '', color: '' } })).status).toBe(201);
  }
  const res = await call(t, 'POST', '/api/orders', {
    token: who.token,
    body: { name: 'Rina Akter', phone: '01712345678', address: 'House 5, Road 2, Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery', ...(items.length === 1 ? { items: items.map((i) => ({ ...i, size: '', color: '' })) } : {}) },
  });
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(201);
  return { id: body.insertedId as string, amount: body.order.amount as number };
}
const setStatus = async (id: string, status: 'Confirmed' | 'Canceled') => (await call(t, 'PATCH', `/api/orders/${id}`, { token: admin, body: { status } })).status;
const remove = async (id: string, token = admin) => (await call(t, 'DELETE', `/api/orders/${id}`, { token })).status;
const get = async (path: string, token = admin) => {
  const res = await call(t, 'GET', path, { token });
  return { status: res.status, total: res.headers.get('x-total-count'), body: await json(res) };
};

beforeAll(async () => {
  t = await createTestApp();
  admin = (await adminSession(t)).token;
  expect((await call(t, 'POST', '/api/categories', { token: admin, body: { category: 'Stats Plush' } })).status).toBe(201);
  const product = async (title: string, price: number) => {
    const res = await call(t, 'POST', '/api/products', {
      token: admin,
      body: { title, description: '', category: 'Stats Plush', price, sizes: [], colors: [], images: ['https://img.test/s.webp'], variants: [{ size: '', color: '', stock: 100_000 }] },
    });
    return (await json(res)).insertedId as string;
  };
  fox = await product('Stats Fox', 500);
  owl = await product('Stats Owl', 800);
  const c = await signUpCustomer(t, 'Rina Akter', 'rina.stats@example.com');
  buyer = { token: c.token, email: c.user.email };
});
afterAll(() => t.close());

const amounts: Record<string, number> = {};
const sum = (...names: string[]) => names.reduce((s, n) => s + amounts[n]!, 0);

describe('the sales stats', () => {
  it('count each order once, by the Dhaka day it was placed and what became of it', async () => {
    // Thursday 2026-01-01 in Dhaka.
    const o1 = await place([{ productId: fox, quantity: 2 }]);
    const o2 = await place([{ productId: owl, quantity: 1 }]);
    const o3 = await place([{ productId: fox, quantity: 1 }, { productId: owl, quantity: 1 }]);
    const o4 = await place([{ productId: fox, quantity: 1 }]);
    expect(await setStatus(o1.id, 'Confirmed')).toBe(200);
    expect(await setStatus(o2.id, 'Canceled')).toBe(200);
    expect(await remove(o3.id, buyer.token)).toBe(200); // the customer's cancel: canceled
    expect(await remove(o4.id)).toBe(200); // an admin's delete of a Pending order: deleted
    Object.assign(amounts, { o1: o1.amount, o2: o2.amount, o3: o3.amount, o4: o4.amount });

    await moveTo('2026-01-04'); // a Sunday
    const o5 = await place([{ productId: fox, quantity: 3 }]);
    expect(await setStatus(o5.id, 'Confirmed')).toBe(200);
    await moveTo('2026-01-28');
    const o6 = await place([{ productId: owl, quantity: 2 }]);
    await moveTo('2026-01-30');
    const o7 = await place([{ productId: fox, quantity: 1 }]);
    const o8 = await place([{ productId: owl, quantity: 1 }]);
    expect(await setStatus(o8.id, 'Canceled')).toBe(200);
    Object.assign(amounts, { o5: o5.amount, o6: o6.amount, o7: o7.amount, o8: o8.amount });
  });

  it('summary: today, the last 7 and the last 30 days', async () => {
    const { status, body } = await get('/api/stats/summary');
    expect(status).toBe(200);
    expect(body.today).toBe('2026-01-30');
    expect(body.asOf).toBe('2026-01-30T00:00:00.000Z');
    expect(body.periods.today).toEqual({ from: '2026-01-30', to: '2026-01-30', confirmed: zero, pending: { orders: 1, amount: sum('o7') }, canceled: { orders: 1, amount: sum('o8') }, deleted: zero, canceledShare: 0.5 });
    expect(body.periods.last7Days).toEqual({ from: '2026-01-24', to: '2026-01-30', confirmed: zero, pending: { orders: 2, amount: sum('o6', 'o7') }, canceled: { orders: 1, amount: sum('o8') }, deleted: zero, canceledShare: 1 / 3 });
    expect(body.periods.last30Days).toEqual({
      from: '2026-01-01',
      to: '2026-01-30',
      confirmed: { orders: 2, amount: sum('o1', 'o5') },
      pending: { orders: 2, amount: sum('o6', 'o7') },
      canceled: { orders: 3, amount: sum('o2', 'o3', 'o8') },
      deleted: { orders: 1, amount: sum('o4') },
      canceledShare: 3 / 7,
    });
  });

  it('sales by day: the last 30 days by default, every day present', async () => {
    const { status, body } = await get('/api/stats/sales');
    expect(status).toBe(200);
    expect(body).toMatchObject({ from: '2026-01-01', to: '2026-01-30', bucket: 'day' });
    expect(body.buckets).toHaveLength(30);
    expect(body.buckets.map((b: { start: string }) => b.start).slice(0, 4)).toEqual(['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04']);
    expect(body.buckets[0]).toEqual({ start: '2026-01-01', confirmed: { orders: 1, amount: sum('o1') }, pending: zero, canceled: { orders: 2, amount: sum('o2', 'o3') }, deleted: { orders: 1, amount: sum('o4') } });
    expect(body.buckets[1]).toEqual({ start: '2026-01-02', confirmed: zero, pending: zero, canceled: zero, deleted: zero });
    expect(body.buckets[3].confirmed).toEqual({ orders: 1, amount: sum('o5') });
    expect(body.totals).toEqual({ confirmed: { orders: 2, amount: sum('o1', 'o5') }, pending: { orders: 2, amount: sum('o6', 'o7') }, canceled: { orders: 3, amount: sum('o2', 'o3', 'o8') }, deleted: { orders: 1, amount: sum('o4') } });
  });

  it('sales by week (from Sunday, the first clipped to from) and by month', async () => {
    const weeks = (await get('/api/stats/sales?from=2026-01-01&to=2026-01-30&bucket=week')).body;
    expect(weeks.buckets.map((b: { start: string }) => b.start)).toEqual(['2026-01-01', '2026-01-04', '2026-01-11', '2026-01-18', '2026-01-25']);
    expect(weeks.buckets[1].confirmed).toEqual({ orders: 1, amount: sum('o5') });
    expect(weeks.buckets[2]).toEqual({ start: '2026-01-11', confirmed: zero, pending: zero, canceled: zero, deleted: zero });
    expect(weeks.buckets[4]).toMatchObject({ pending: { orders: 2, amount: sum('o6', 'o7') }, canceled: { orders: 1, amount: sum('o8') } });
    const months = (await get('/api/stats/sales?from=2025-12-15&to=2026-02-10&bucket=month')).body;
    expect(months.buckets.map((b: { start: string }) => b.start)).toEqual(['2025-12-15', '2026-01-01', '2026-02-01']);
    expect(months.buckets[0].pending).toEqual(zero);
    expect(months.buckets[1]).toEqual({ start: '2026-01-01', ...weeks.totals });
    // A range of one day, in the past.
    const one = (await get('/api/stats/sales?from=2026-01-04&to=2026-01-04')).body;
    expect(one.buckets).toEqual([{ start: '2026-01-04', confirmed: { orders: 1, amount: sum('o5') }, pending: zero, canceled: zero, deleted: zero }]);
  });

  it('top products: units of Pending and Confirmed orders, paged with X-Total-Count', async () => {
    const top = await get('/api/stats/top-products');
    expect(top.status).toBe(200);
    expect(top.total).toBe('2');
    expect(top.body).toEqual([
      { productId: fox, title: 'Stats Fox', orders: 3, quantity: 6, revenue: 3000 },
      { productId: owl, title: 'Stats Owl', orders: 1, quantity: 2, revenue: 1600 },
    ]);
    const second = await get('/api/stats/top-products?limit=1&offset=1');
    expect(second.total).toBe('2');
    expect(second.body.map((p: { productId: string }) => p.productId)).toEqual([owl]);
    const past = await get('/api/stats/top-products?limit=1&offset=5');
    expect([past.body, past.total]).toEqual([[], '2']);
    const early = await get('/api/stats/top-products?from=2026-01-01&to=2026-01-01');
    expect(early.body).toEqual([{ productId: fox, title: 'Stats Fox', orders: 1, quantity: 2, revenue: 1000 }]);
    expect((await get('/api/stats/top-products?from=2025-01-01&to=2025-01-31')).body).toEqual([]);
  });

  it('refuses what is not a range with a 400, never a 500', async () => {
    for (const path of [
      '/api/stats/sales?from=2026-01-05&to=2026-01-04',
      '/api/stats/sales?from=2026-02-30',
      '/api/stats/sales?to=yesterday',
      '/api/stats/sales?bucket=year',
      '/api/stats/sales?from=2020-01-01&to=2026-01-01',
      '/api/stats/sales?from=2000-01-01&to=2200-12-31&bucket=week',
      '/api/stats/top-products?limit=0',
      '/api/stats/top-products?limit=51',
      '/api/stats/top-products?offset=-1',
      '/api/stats/top-products?from=2026-01-05&to=2026-01-04',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.error.code, path).toBe('http/validation');
    }
    const tooMany = await get('/api/stats/sales?from=2020-01-01&to=2026-01-01');
    expect(tooMany.body.error.message).toMatch(/At most 400 days/);
    // Six years by month is 73 buckets.
    expect((await get('/api/stats/sales?from=2020-01-01&to=2026-01-01&bucket=month')).body.buckets).toHaveLength(73);
  });

  it('are for admins: customers get 403, visitors 401', async () => {
    for (const path of ['/api/stats/sales', '/api/stats/summary', '/api/stats/top-products']) {
      expect((await get(path, buyer.token)).status, path).toBe(403);
      expect((await call(t, 'GET', path)).status, path).toBe(401);
    }
  });

  it('after a random mix of commands, the projection equals a recomputation from the orders themselves', async () => {
    const seed = Number(process.env.STATS_SEED ?? Date.now() % 100_000);
    let s = seed;
    const random = (n: number) => {
      s = (s * 1103515245 + 12345) % 2147483648;
      return s % n;
    };
    const ids: string[] = [];
    for (const day of ['2026-03-01', '2026-03-02', '2026-03-05']) {
      await moveTo(day);
      // Late in the day too: 23:30 in Dhaka is 17:30 UTC, the same Dhaka day.
      for (let i = 0; i < 12; i++) {
        if (i === 6) {
          t.time.advance(17.5 * 60 * 60 * 1000 - 60_000);
          await signInAgain();
        }
        const items = [{ productId: random(2) ? fox : owl, quantity: 1 + random(3) }];
        if (random(3) === 0) items.push({ productId: items[0]!.productId === fox ? owl : fox, quantity: 1 + random(2) });
        ids.push((await place(items)).id);
        for (let k = random(3); k > 0; k--) {
          const id = ids[random(ids.length)]!;
          const action = random(4);
          // Refusals (illegal transitions, removed orders) are part of the mix: they must change nothing.
          if (action === 0) await setStatus(id, 'Confirmed');
          else if (action === 1) await setStatus(id, 'Canceled');
          else if (action === 2) await remove(id);
          else await remove(id, buyer.token);
        }
      }
    }
    const expected = { confirmed: { ...zero }, pending: { ...zero }, canceled: { ...zero }, deleted: { ...zero } };
    const products = new Map<string, { orders: number; quantity: number; revenue: number }>();
    for (const id of ids) {
      const o = (await get(`/api/orders/${id}`)).body;
      const kind = o.status === 'Canceled' ? 'canceled' : o.removed ? 'deleted' : o.status === 'Confirmed' ? 'confirmed' : 'pending';
      expected[kind as keyof typeof expected].orders++;
      expected[kind as keyof typeof expected].amount += o.amount;
      if (kind !== 'pending' && kind !== 'confirmed') continue;
      const seen = new Set<string>();
      for (const line of o.cartItems as Array<{ productId: string; quantity: number; price: number }>) {
        const p = products.get(line.productId) ?? { orders: 0, quantity: 0, revenue: 0 };
        if (!seen.has(line.productId)) p.orders++;
        seen.add(line.productId);
        p.quantity += line.quantity;
        p.revenue += line.price;
        products.set(line.productId, p);
      }
    }
    const report = (await get('/api/stats/sales?from=2026-03-01&to=2026-03-05&bucket=week')).body;
    expect(report.totals, `seed ${seed}`).toEqual(expected);
    const top = (await get('/api/stats/top-products?from=2026-03-01&to=2026-03-05')).body as Array<{ productId: string; orders: number; quantity: number; revenue: number }>;
    expect(Object.fromEntries(top.map(({ productId, orders, quantity, revenue }) => [productId, { orders, quantity, revenue }])), `seed ${seed}`).toEqual(Object.fromEntries(products));
  });

  it("the migration's backfill from the listing gives the same tables as the events did", async () => {
    const db = t.database;
    const file = db.engine === 'sqlite' ? 'sqlite/0015_sales_projection.sql' : 'postgres/0008_sales_projection.sql';
    const backfill = readFileSync(join(import.meta.dirname, '../../migrations', file), 'utf8')
      .split('--> statement-breakpoint')
      .filter((statement) => /^\s*INSERT/im.test(statement));
    expect(backfill).toHaveLength(2);
    const query = async (text: string) => (db.engine === 'sqlite' ? (db.handle.sqlite.prepare(text).all() as Array<Record<string, unknown>>) : (await db.handle.pool.query(text)).rows as Array<Record<string, unknown>>);
    const run = async (text: string) => void (db.engine === 'sqlite' ? db.handle.sqlite.exec(text) : await db.handle.pool.query(text));
    // Cells a cancel brought back to zero stay as rows; a backfill never writes them.
    const tables = async () => ({
      days: (await query('select day, kind, orders, amount from sales_days where orders <> 0 order by day, kind')).map((r) => ({ ...r, orders: Number(r.orders), amount: Number(r.amount) })),
      products: (await query('select day, product_id, title, orders, quantity, revenue from product_sales_days where orders <> 0 order by day, product_id')).map((r) => ({ ...r, orders: Number(r.orders), quantity: Number(r.quantity), revenue: Number(r.revenue) })),
    });
    const projected = await tables();
    expect(projected.days.length).toBeGreaterThan(5);
    await run('delete from sales_days');
    await run('delete from product_sales_days');
    for (const statement of backfill) await run(statement);
    expect(await tables()).toEqual(projected);
  });

  it("audit:verify's check: the projection matches the listing, and a changed cell is found", async () => {
    const checked = await checkSalesProjection(t.database);
    expect(checked).toMatchObject({ differingDayCells: 0, differingProductCells: 0 });
    expect(checked.dayCells).toBeGreaterThan(5);
    const run = async (text: string) => void (t.database.engine === 'sqlite' ? t.database.handle.sqlite.exec(text) : await t.database.handle.pool.query(text));
    await run("update sales_days set amount = amount + 1 where day = '2026-01-04' and kind = 'confirmed'");
    await run(`update product_sales_days set quantity = quantity + 1 where day = '2026-01-04' and product_id = '${fox}'`);
    expect(await checkSalesProjection(t.database)).toMatchObject({ differingDayCells: 2, differingProductCells: 2 });
    await run("update sales_days set amount = amount - 1 where day = '2026-01-04' and kind = 'confirmed'");
    await run(`update product_sales_days set quantity = quantity - 1 where day = '2026-01-04' and product_id = '${fox}'`);
    expect(await checkSalesProjection(t.database)).toMatchObject({ differingDayCells: 0, differingProductCells: 0 });
  });
});
