import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersCsvColumns } from '../../src/modules/documents/domain/orders-csv.js';
import { adminSession, call, json, signUpCustomer, strongPassword } from '../support/http.js';
import { parseCsv } from '../support/parse-csv.js';
import { createTestApp, testEngine, type TestApp } from '../support/test-app.js';

// Issue 17: GET /api/orders/export.csv, the admins' desk as CSV. The same filter as GET
// /api/allOrders, every matching order newest first, read in keyset pages and streamed. Runs on
// SQLite and (vitest.postgres.config.ts) on PostgreSQL.
let t: TestApp;
let admin: string;
let customer: string;
let tee = '';
let box = '';
const dayMs = 24 * 60 * 60 * 1000;

type Csv = { status: number; headers: Headers; bom: boolean; header: string[]; rows: Array<Record<string, string>> };

/** The export, read as bytes (res.text() would drop the byte order mark), parsed by the tests' own RFC 4180 reader. */
const exported = async (query = '', token = admin): Promise<Csv> => {
  const res = await call(t, 'GET', `/api/orders/export.csv${query ? `?${query}` : ''}`, { token });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  if (res.status !== 200) return { status: res.status, headers: res.headers, bom, header: [], rows: [] };
  const [header = [], ...records] = parseCsv(text.slice(bom ? 1 : 0));
  return { status: res.status, headers: res.headers, bom, header, rows: records.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? '']))) };
};

type DeskOrder = { _id: string; orderNumber: number; name: string; email: string; phone: string; address: string; deliveryLocation: string; appliedCoupon: string | null; discountPercent: number; subtotal: number; discount: number; fee: number; amount: number; status: string; orderTime: string; cartItems: Array<{ title: string; size: string; color: string; quantity: number; unitPrice: number }> };

/** Every order the desk lists for a filter, paging through it as the web app does. */
const deskAll = async (query: string): Promise<DeskOrder[]> => {
  const all: DeskOrder[] = [];
  for (let offset = 0; ; offset += 200) {
    const res = await call(t, 'GET', `/api/allOrders?${query}${query ? '&' : ''}limit=200&offset=${offset}`, { token: admin });
    expect(res.status, query).toBe(200);
    const page = (await json(res)) as DeskOrder[];
    all.push(...page);
    if (all.length >= Number(res.headers.get('x-total-count'))) return all;
  }
};

const numbers = (rows: Array<Record<string, string>>) => rows.map((r) => Number(r['Order number']));

const order = async (token: string, over: Record<string, unknown>, items = [{ productId: tee, size: 'M', color: 'Red', quantity: 2 }]) => {
  const res = await call(t, 'POST', '/api/orders', {
    token,
    body: { name: 'Rina Akter', phone: '01712345678', address: 'House 5, Road 2, Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery', items, ...over },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).order as DeskOrder;
};

const nasty = [
  { name: '=HYPERLINK("http://evil.test","Click")', address: 'Road 1, "Block C", Mirpur' },
  { name: '+cmd|\' /C calc\'!A0', address: '@SUM(1+1)*cmd|\' /C calc\'!A0' },
  { name: 'রহিমা খাতুন', address: 'বাড়ি ১২, রোড ৩,\nধানমন্ডি, ঢাকা' },
  { name: '-Nadia, "Nadi"', address: 'Flat 3B\r\nGulshan 2' },
  { name: 'Tanvir\tAhmed', address: '\tTab Street' },
];

beforeAll(async () => {
  t = await createTestApp();
  admin = (await adminSession(t)).token;
  customer = (await signUpCustomer(t, 'Export Shopper', 'export-shopper@example.com')).token;
  expect((await call(t, 'POST', '/api/categories', { token: admin, body: { category: 'Tees' } })).status).toBe(201);
  const product = async (title: string, sizes: string[], colors: string[]) => {
    const variants = sizes.length ? sizes.flatMap((size) => colors.map((color) => ({ size, color, stock: 100_000 }))) : [{ size: '', color: '', stock: 100_000 }];
    const res = await call(t, 'POST', '/api/products', { token: admin, body: { title, description: '', category: 'Tees', price: 1200, sizes, colors, images: ['https://img.test/t.webp'], variants } });
    expect(res.status).toBe(201);
    return (await json(res)).insertedId as string;
  };
  tee = await product('Fox Tee', ['M', 'L'], ['Red']);
  box = await product('Booster, "Box"', [], []);
  // Three days of orders (the test clock starts 2026-01-01 00:00 UTC = 06:00 in Dhaka).
  // Sessions last an hour: both sign in again after the clock moves.
  const signIn = async () => {
    const res = await call(t, 'POST', '/api/auth/login', { body: { email: 'export-shopper@example.com', password: strongPassword } });
    customer = (await json(res)).token;
    admin = (await adminSession(t)).token;
  };
  for (const [i, who] of nasty.entries()) {
    await order(customer, { ...who, phone: `0171000000${i}` });
    t.time.advance(dayMs / 2);
    await signIn();
  }
  await order(customer, { name: 'Karim Box', phone: '01812345678', deliveryLocation: 'Outside Dhaka' }, [
    { productId: tee, size: 'L', color: 'Red', quantity: 1 },
  ]);
  await order(customer, { name: 'Karim Box', phone: '01812345678' }, [{ productId: box, size: '', color: '', quantity: 3 }]);
  const listed = await deskAll('');
  const [newest, second] = listed;
  expect((await call(t, 'PATCH', `/api/orders/${newest!._id}`, { token: admin, body: { status: 'Confirmed' } })).status).toBe(200);
  expect((await call(t, 'PATCH', `/api/orders/${second!._id}`, { token: admin, body: { status: 'Canceled' } })).status).toBe(200);
});
afterAll(() => t.close());

describe('GET /api/orders/export.csv', () => {
  it('is a UTF-8 CSV file with a byte order mark, an English header and one record per listed order, as the desk shows them', async () => {
    const csv = await exported();
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="orders-2026-01-03.csv"');
    expect(csv.headers.get('cache-control')).toBe('no-store');
    expect(csv.bom).toBe(true);
    expect(csv.header).toEqual([...ordersCsvColumns]);
    const desk = await deskAll('');
    expect(numbers(csv.rows)).toEqual(desk.map((o) => o.orderNumber));
    const defended = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
    for (const [i, o] of desk.entries()) {
      const placed = new Date(new Date(o.orderTime).getTime() + 6 * 60 * 60 * 1000).toISOString();
      expect(csv.rows[i], String(o.orderNumber)).toEqual({
        'Order number': String(o.orderNumber),
        'Placed at': `${placed.slice(0, 10)} ${placed.slice(11, 16)}`,
        Status: o.status,
        'Canceled by': o.status === 'Canceled' ? 'Shop' : '',
        'Customer name': defended(o.name),
        Email: o.email,
        Phone: defended(o.phone),
        Address: defended(o.address),
        'Delivery zone': o.deliveryLocation,
        'Payment method': 'Cash On Delivery',
        Coupon: o.appliedCoupon ?? '',
        'Discount %': String(o.discountPercent),
        'Subtotal (BDT)': String(o.subtotal),
        'Discount (BDT)': String(o.discount),
        'Delivery fee (BDT)': String(o.fee),
        'Total (BDT)': String(o.amount),
        'Items (count)': String(o.cartItems.reduce((n, l) => n + l.quantity, 0)),
        Lines: o.cartItems.map((l) => `${l.quantity} x ${l.title}${l.size || l.color ? ` (${[l.size, l.color].filter(Boolean).join(', ')})` : ''} @ ${l.unitPrice}`).join('; '),
        'bKash advance (BDT)': '0',
        'bKash trxID': '',
        'Refunded (BDT)': '0',
      });
    }
  });

  it('quotes and defends what customers typed: formulas behind an apostrophe, quotes, commas, line breaks and Bengali intact', async () => {
    const { rows } = await exported();
    const byName = (start: string) => rows.find((r) => r['Customer name']!.includes(start))!;
    expect(byName('HYPERLINK')['Customer name']).toBe(`'=HYPERLINK("http://evil.test","Click")`);
    expect(byName('HYPERLINK').Address).toBe('Road 1, "Block C", Mirpur');
    expect(byName('cmd')['Customer name']).toBe("'+cmd|' /C calc'!A0");
    expect(byName('cmd').Address).toBe("'@SUM(1+1)*cmd|' /C calc'!A0");
    expect(byName('রহিমা')['Customer name']).toBe('রহিমা খাতুন');
    expect(byName('রহিমা').Address).toBe('বাড়ি ১২, রোড ৩,\nধানমন্ডি, ঢাকা');
    expect(byName('Nadia')['Customer name']).toBe(`'-Nadia, "Nadi"`);
    expect(byName('Nadia').Phone).toBe("'+8801710000003");
    const karim = rows.filter((r) => r['Customer name'] === 'Karim Box');
    expect(karim.map((r) => r.Lines)).toEqual(['3 x Booster, "Box" @ 1200', '1 x Fox Tee (L, Red) @ 1200']);
    expect(karim.map((r) => r.Status)).toEqual(['Confirmed', 'Canceled']);
    // No cell of the file starts a formula.
    for (const row of rows) for (const cell of Object.values(row)) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it("takes the desk's filter: the same q, status, from and to give the same orders as GET /api/allOrders paged through", async () => {
    const queries = [
      'q=karim',
      'q=0181-2345',
      'q=%E0%A6%B0%E0%A6%B9%E0%A6%BF%E0%A6%AE%E0%A6%BE',
      'q=export-shopper%40EXAMPLE',
      'status=Pending',
      'status=Confirmed',
      'status=Canceled',
      'from=2026-01-02',
      'to=2026-01-01',
      'from=2026-01-02&to=2026-01-02',
      'from=2026-01-02&status=Pending&q=%2B88017',
      'q=nobody-at-all',
      'q=%25',
    ];
    for (const query of queries) {
      const csv = await exported(query);
      expect(csv.status, query).toBe(200);
      expect(numbers(csv.rows), query).toEqual((await deskAll(query)).map((o) => o.orderNumber));
    }
    expect((await exported('q=nobody-at-all')).header).toEqual([...ordersCsvColumns]);
    expect((await exported('status=Confirmed')).headers.get('content-disposition')).toBe('attachment; filename="orders-confirmed-2026-01-03.csv"');
  });

  it('refuses a bad filter with the same 400 as the list', async () => {
    for (const query of ['status=Shipped', 'from=2026-13-01', 'from=2026-02-30', 'to=yesterday', 'from=2026-01-05&to=2026-01-04', `q=${'x'.repeat(101)}`]) {
      const res = await call(t, 'GET', `/api/orders/export.csv?${query}`, { token: admin });
      const list = await call(t, 'GET', `/api/allOrders?${query}`, { token: admin });
      expect(res.status, query).toBe(400);
      const [a, b] = [await json(res), await json(list)];
      expect(a.error.code, query).toBe('http/validation');
      expect(a.error.message, query).toBe(b.error.message);
    }
  });

  it('is for admins only: a visitor gets 401, a customer 403, and export.csv is never taken for an order id', async () => {
    const visitor = await call(t, 'GET', '/api/orders/export.csv');
    expect(visitor.status).toBe(401);
    expect((await json(visitor)).error.code).toBe('auth/unauthenticated');
    const shopper = await call(t, 'GET', '/api/orders/export.csv', { token: customer });
    expect(shopper.status).toBe(403);
    expect((await json(shopper)).error.code).toBe('auth/forbidden');
    expect((await call(t, 'GET', '/api/orders/export.csvx', { token: admin })).status).toBe(404);
  });

  it('an export of 3,000 orders (many placed in the same millisecond) comes out whole, newest first, each once', async () => {
    // Listing rows written straight into the projection: the export reads nothing else, and placing
    // 3,000 orders through the API would take most of a minute. Groups of 700 share a placed_at, so
    // keyset pages (500 rows) end inside a group and must go on by id.
    const base = Date.parse('2025-06-01T00:00:00Z');
    const total = 3_000;
    const rows = Array.from({ length: total }, (_, i) => {
      const id = `bulk${String(i).padStart(6, '0')}${'x'.repeat(14)}`;
      const at = base + Math.floor(i / 700) * 60_000;
      return [id, 'bulk-owner', `bulk${i}@example.com`, i % 3 ? `Bulk ${i}` : `=Bulk ${i}`, '+8801911000000', `Road ${i}, Dhaka`, 'Inside Dhaka', 'Cash On Delivery', null, 0, 1200, 0, 60, 1260, JSON.stringify([{ productId: 'p', title: 'Fox Tee', category: 'Tees', image: '', size: 'M', color: 'Red', quantity: 1, unitPrice: 1200, price: 1200 }]), 'Pending', testEngine === 'postgres' ? false : 0, at, at, 1, 50_000 + i];
    });
    const columns = 'id, owner_user_id, email, name, phone, address, delivery_location, payment_method, applied_coupon, discount_bp, subtotal, discount, fee, amount, items, status, removed, placed_at, updated_at, version, order_number';
    for (let i = 0; i < total; i += 250) {
      const batch = rows.slice(i, i + 250).map((r) => (testEngine === 'postgres' ? r.map((v, j) => (j === 17 || j === 18 ? new Date(v as number) : v)) : r));
      await t.query(`insert into orders (${columns}) values ${batch.map((r) => `(${r.map(() => '?').join(', ')})`).join(', ')}`, ...batch.flat());
    }
    const csv = await exported('to=2025-06-01');
    expect(csv.status).toBe(200);
    expect(csv.rows).toHaveLength(total);
    const expected = rows.map((r) => ({ at: r[17] as number, id: r[0] as string, n: r[20] as number })).sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1));
    expect(numbers(csv.rows)).toEqual(expected.map((o) => o.n));
    expect(csv.rows.filter((r) => r['Customer name']!.startsWith("'=")).length).toBe(1_000);
    // Without a filter (the prepared statements on SQLite): the bulk rows follow the newer orders, whole and in order.
    const all = await exported();
    expect(numbers(all.rows).slice(-total)).toEqual(expected.map((o) => o.n));
    expect(new Set(numbers(all.rows)).size).toBe(all.rows.length);
    expect(numbers(all.rows)).toEqual((await deskAll('')).map((o) => o.orderNumber));
  }, 60_000);
});
