import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, call, json, signUpCustomer } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 40, decision 047: CPU and memory by construction on the heavy answers. Invoices and
// packing slips of bounded orders, a few at once per customer and per shop. Runs on SQLite.
let t: TestApp;
let admin: string;
let rahim: string;
let product = '';
let small = '';
let large = '';

const maxOrderLines = 50;

beforeAll(async () => {
  t = await createTestApp({ env: { MAX_ORDER_LINES: String(maxOrderLines) } });
  admin = (await adminSession(t)).token;
  expect((await call(t, 'POST', '/api/categories', { token: admin, body: { category: 'Heavy' } })).status).toBe(201);
  const res = await call(t, 'POST', '/api/products', {
    token: admin,
    body: { title: 'Heavy Mug', description: '', category: 'Heavy', price: 500, sizes: [], colors: [], images: ['https://img.test/m.webp'], variants: [{ size: '', color: '', stock: 100_000 }] },
  });
  product = (await json(res)).insertedId as string;
  rahim = (await signUpCustomer(t, 'Rahim Uddin', 'rahim@example.com')).token;
  const place = async () => {
    const placed = await call(t, 'POST', '/api/orders', {
      token: rahim,
      body: { name: 'Rahim Uddin', phone: '01712345678', address: 'House 5, Road 2, Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery', items: [{ productId: product, size: '', color: '', quantity: 1 }] },
    });
    expect(placed.status).toBe(201);
    return (await json(placed)).insertedId as string;
  };
  small = await place();
  large = await place();
  // An order from before the limits (or imported): 5,000 lines in its projection row, which the
  // documents read. Drawing it took seconds of the event loop per 100 lines before issue 40.
  const [row] = await t.query<{ items: string }>('select items from orders where id = ?', large);
  const [line] = JSON.parse(row!.items) as Array<Record<string, unknown>>;
  const lines = Array.from({ length: 5_000 }, (_, i) => ({ ...line, title: `Heavy Mug ${i + 1}` }));
  await t.query('update orders set items = ? where id = ?', JSON.stringify(lines), large);
});
afterAll(() => t.close());

const read = async (res: Response) => new Uint8Array(await res.arrayBuffer());

describe('invoices and packing slips (issue 40)', () => {
  it('an order of more lines than MAX_ORDER_LINES gets no PDF: 409 ordering/document-too-large, the admin is sent to the CSV export', async () => {
    const mine = await call(t, 'GET', `/api/orders/${large}/invoice.pdf`, { token: rahim });
    expect(mine.status).toBe(409);
    const body = await json(mine);
    expect(body.error.code).toBe('ordering/document-too-large');
    expect(body.error.message).toContain('5000 lines');
    const theirs = await json(await call(t, 'GET', `/api/orders/${large}/invoice.pdf`, { token: admin }));
    expect(theirs.error.code).toBe('ordering/document-too-large');
    expect(theirs.error.message).toContain('CSV export');
    const slips = await call(t, 'GET', `/api/orders/packing-slips.pdf?ids=${small},${large}`, { token: admin });
    expect(slips.status).toBe(409);
    expect((await json(slips)).error.code).toBe('ordering/document-too-large');
    // The order itself is still there; its neighbour still prints.
    const fine = await call(t, 'GET', `/api/orders/${small}/invoice.pdf`, { token: rahim });
    expect(fine.status).toBe(200);
    expect(Buffer.from((await read(fine)).subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  });

  it('one customer has at most 2 PDFs in progress: the third answers 429 ordering/documents-in-progress with Retry-After; read, they may ask again', async () => {
    const held = await Promise.all([1, 2].map(() => call(t, 'GET', `/api/orders/${small}/invoice.pdf`, { token: rahim })));
    expect(held.map((r) => r.status)).toEqual([200, 200]);
    const third = await call(t, 'GET', `/api/orders/${small}/invoice.pdf`, { token: rahim });
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toMatch(/^[0-9]+$/);
    expect((await json(third)).error.code).toBe('ordering/documents-in-progress');
    // Someone else is not held up by Rahim's.
    const theirs = await call(t, 'GET', `/api/orders/packing-slips.pdf?ids=${small}`, { token: admin });
    expect(theirs.status).toBe(200);
    await read(theirs);
    for (const res of held) await read(res);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await call(t, 'GET', `/api/orders/${small}/invoice.pdf`, { token: rahim });
    expect(again.status).toBe(200);
    await read(again);
  });
});
