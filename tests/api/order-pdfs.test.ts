import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, call, json, signUpCustomer } from '../support/http.js';
import { embeddedFonts, overlaps, pdfPages, placedTexts, visualOrder } from '../support/pdf-text.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 17, decision 034: an order's invoice for its owner and admins, packing slips for admins,
// read back with pdf.js. Runs on SQLite and (vitest.postgres.config.ts) on PostgreSQL.
let t: TestApp;
let admin: string;
type Who = { token: string; email: string };
let rahim: Who;
let other: Who;
let figure = '';
let plush = '';
let bengaliOrder = { id: '', number: 0 };
let canceledOrder = { id: '', number: 0 };

const bengaliName = 'রহিম উদ্দিন';
const bengaliAddress = 'বাড়ি ১২, রোড ৫, ধানমন্ডি, ঢাকা';

beforeAll(async () => {
  t = await createTestApp({ shopName: 'Invoice Test Shop' });
  admin = (await adminSession(t)).token;
  expect((await call(t, 'POST', '/api/categories', { token: admin, body: { category: 'Figures' } })).status).toBe(201);
  const product = async (body: Record<string, unknown>) => {
    const res = await call(t, 'POST', '/api/products', { token: admin, body: { description: '', category: 'Figures', images: ['https://img.test/f.webp'], ...body } });
    expect(res.status).toBe(201);
    return (await json(res)).insertedId as string;
  };
  figure = await product({ title: 'Kitsune Figure', price: 1500, sizes: ['M'], colors: ['Red'], variants: [{ size: 'M', color: 'Red', stock: 1000 }] });
  plush = await product({ title: 'Tanuki Plush', price: 750, sizes: [], colors: [], variants: [{ size: '', color: '', stock: 1000 }] });
  expect((await call(t, 'POST', '/api/coupons', { token: admin, body: { code: 'EID10', discountPercent: 10 } })).status).toBe(201);
  const r = await signUpCustomer(t, 'Rahim Uddin', 'rahim@example.com');
  rahim = { token: r.token, email: r.user.email };
  const o = await signUpCustomer(t, 'Other Buyer', 'other@example.com');
  other = { token: o.token, email: o.user.email };

  // Two lines through the cart, a coupon, a Bengali name and address.
  for (const body of [
    { productId: figure, quantity: 2, size: 'M', color: 'Red' },
    { productId: plush, quantity: 1, size: '', color: '' },
  ]) expect((await call(t, 'POST', '/api/carts', { token: rahim.token, body })).status).toBe(201);
  const placed = await json(
    await call(t, 'POST', '/api/orders', {
      token: rahim.token,
      body: { name: bengaliName, phone: '01712345678', address: bengaliAddress, deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery', appliedCoupon: 'EID10' },
    }),
  );
  bengaliOrder = { id: placed.insertedId, number: placed.order.orderNumber };
  const second = await json(await orderNow(rahim, { name: 'Rahim Uddin', address: 'House 7, Road 3, Banani' }));
  canceledOrder = { id: second.insertedId, number: second.order.orderNumber };
  expect((await call(t, 'DELETE', `/api/orders/${canceledOrder.id}`, { token: rahim.token })).status).toBe(200);
});
afterAll(() => t.close());

function orderNow(who: Who, over: Record<string, unknown> = {}) {
  return call(t, 'POST', '/api/orders', {
    token: who.token,
    body: { name: 'Buyer', phone: '01812345678', address: 'House 1, Road 1, Mirpur', deliveryLocation: 'Outside Dhaka', paymentMethod: 'Cash On Delivery', items: [{ productId: plush, size: '', color: '', quantity: 1 }], ...over },
  });
}

const pdfOf = async (res: Response) => {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  return { bytes, pages: await pdfPages(bytes), disposition: res.headers.get('content-disposition') };
};

describe('GET /api/orders/:id/invoice.pdf', () => {
  it("the owner's invoice: number, customer, lines, totals in BDT and the amount to collect", async () => {
    const { pages, disposition } = await pdfOf(await call(t, 'GET', `/api/orders/${bengaliOrder.id}/invoice.pdf`, { token: rahim.token }));
    expect(bengaliOrder.number).toBe(10001);
    expect(disposition).toBe('attachment; filename="invoice-10001.pdf"');
    expect(pages).toHaveLength(1);
    const text = pages[0]!;
    // 2 x 1500 + 750 = 3750; 10% off = 375; Inside Dhaka 60: 3435.
    for (const expected of [
      'Invoice Test Shop',
      'Invoice',
      'Order 10001',
      '(Dhaka time)',
      'Status: Pending',
      'Phone: +8801712345678',
      'Email: rahim@example.com',
      'Delivery zone: Inside Dhaka',
      'Kitsune Figure',
      'Size M, Color Red',
      '2 1,500 BDT 3,000 BDT',
      'Tanuki Plush',
      '1 750 BDT 750 BDT',
      'Subtotal 3,750 BDT',
      'Discount (EID10, 10%) -375 BDT',
      'Delivery fee (Inside Dhaka) 60 BDT',
      'Total 3,435 BDT',
      'Cash On Delivery: collect 3,435 BDT',
    ]) expect(text, expected).toContain(expected);
  });

  it('prints a Bengali name and address shaped, in the embedded Bengali font', async () => {
    const { bytes, pages } = await pdfOf(await call(t, 'GET', `/api/orders/${bengaliOrder.id}/invoice.pdf`, { token: rahim.token }));
    expect(embeddedFonts(bytes)).toEqual(expect.arrayContaining(['NotoSans-Regular', 'NotoSansBengali-Regular']));
    // The PDF's text is its glyphs in drawing order: the shaped রহিম reads back as রিহম (see visualOrder).
    const text = pages[0]!;
    expect(text).toContain(visualOrder(bengaliName));
    expect(text).toContain(`Address: ${visualOrder(bengaliAddress)}`);
    expect(visualOrder(bengaliName)).not.toBe(bengaliName);
  });

  it('no two runs of a line overlap, in either language, on the invoice and the packing slip (issue 33: "WALK10" over "ছাড় (১০%)")', async () => {
    for (const lang of ['en', 'bn']) {
      for (const path of [`/api/orders/${bengaliOrder.id}/invoice.pdf?lang=${lang}`, `/api/orders/packing-slips.pdf?ids=${bengaliOrder.id}&lang=${lang}`]) {
        const { bytes, pages } = await pdfOf(await call(t, 'GET', path, { token: admin }));
        const placed = await placedTexts(bytes);
        expect(placed.length, path).toBeGreaterThan(20);
        expect(overlaps(placed), path).toEqual([]);
        if (path.includes('invoice')) expect(pages[0], path).toContain('EID10');
      }
    }
  });

  it('a canceled order says so, with no amount to collect', async () => {
    const { pages } = await pdfOf(await call(t, 'GET', `/api/orders/${canceledOrder.id}/invoice.pdf`, { token: admin }));
    expect(pages[0]).toContain(`Order ${canceledOrder.number}`);
    expect(pages[0]).toContain('Status: Canceled by the customer');
    expect(pages[0]).toContain('This order is canceled: nothing to collect.');
    expect(pages[0]).not.toContain('collect ');
  });

  it('an admin prints any order; a visitor gets 401, another customer 404, a bad or unknown id 404', async () => {
    await pdfOf(await call(t, 'GET', `/api/orders/${bengaliOrder.id}/invoice.pdf`, { token: admin }));
    expect((await call(t, 'GET', `/api/orders/${bengaliOrder.id}/invoice.pdf`)).status).toBe(401);
    const stranger = await call(t, 'GET', `/api/orders/${bengaliOrder.id}/invoice.pdf`, { token: other.token });
    expect(stranger.status).toBe(404);
    expect((await json(stranger)).error.code).toBe('ordering/order-not-found');
    expect((await call(t, 'GET', '/api/orders/not-an-id/invoice.pdf', { token: rahim.token })).status).toBe(404);
    expect((await call(t, 'GET', '/api/orders/0123456789abcdef01234567/invoice.pdf', { token: admin })).status).toBe(404);
  });
});

describe('GET /api/orders/packing-slips.pdf', () => {
  const slips = (ids: string[], token: string | undefined = admin) => call(t, 'GET', `/api/orders/packing-slips.pdf?ids=${ids.join(',')}`, { token });

  it('one page per order, in the order asked: who, where, the lines with a box and what to collect, no prices', async () => {
    const later = await json(await orderNow(other));
    const { pages, disposition } = await pdfOf(await slips([later.insertedId, bengaliOrder.id, bengaliOrder.id]));
    expect(disposition).toBe(`attachment; filename="packing-slips-10001-${later.order.orderNumber}.pdf"`);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain(`Packing slip\nOrder ${later.order.orderNumber}`);
    expect(pages[0]).toContain('Cash On Delivery: collect 850 BDT');
    const slip = pages[1]!;
    for (const expected of ['Packing slip', 'Order 10001', visualOrder(bengaliName), 'Phone: +8801712345678', `Address: ${visualOrder(bengaliAddress)}`, 'Kitsune Figure Size M, Color Red 2', 'Tanuki Plush - 1', '3 items in 2 lines', 'Cash On Delivery: collect 3,435 BDT']) {
      expect(slip, expected).toContain(expected);
    }
    expect(slip).not.toContain('1,500 BDT');
    expect(slip).not.toContain('Subtotal');
  });

  it('a canceled order gets no packing slip (issue 33): 409 ordering/order-canceled naming every canceled one, no file', async () => {
    const res = await slips([bengaliOrder.id, canceledOrder.id]);
    expect(res.status).toBe(409);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect((await json(res)).error).toEqual({ code: 'ordering/order-canceled', message: `Order ${canceledOrder.number} is canceled: it gets no packing slip. Unselect it and print again.` });
    const canceledNow = await json(await orderNow(other));
    expect((await call(t, 'PATCH', `/api/orders/${canceledNow.insertedId}`, { token: admin, body: { status: 'Canceled' } })).status).toBe(200);
    const both = await json(await slips([canceledOrder.id, bengaliOrder.id, canceledNow.insertedId]));
    expect(both.error.message).toBe(`Orders ${canceledOrder.number}, ${canceledNow.order.orderNumber} are canceled: they get no packing slip. Unselect them and print again.`);
  });

  it('admins only: a visitor gets 401, a customer 403', async () => {
    expect((await slips([bengaliOrder.id], '')).status).toBe(401);
    const customer = await slips([bengaliOrder.id], rahim.token);
    expect(customer.status).toBe(403);
    expect((await json(customer)).error.code).toBe('auth/forbidden');
  });

  it('1 to 50 ids: none, a bad one or 51 is a 400; an unknown one a 404 that names nothing', async () => {
    for (const query of ['', '?ids=', '?ids=,', `?ids=${bengaliOrder.id},nope`]) {
      const res = await call(t, 'GET', `/api/orders/packing-slips.pdf${query}`, { token: admin });
      expect(res.status, query).toBe(400);
      expect((await json(res)).error.code).toBe('http/validation');
    }
    const many = await slips(Array.from({ length: 51 }, () => bengaliOrder.id));
    expect(many.status).toBe(400);
    expect((await json(many)).error.message).toContain('At most 50');
    const unknown = '0123456789abcdef01234567';
    const res = await slips([bengaliOrder.id, unknown]);
    expect(res.status).toBe(404);
    const body = await json(res);
    expect(body.error.code).toBe('ordering/order-not-found');
    expect(JSON.stringify(body)).not.toContain(unknown);
  });

  it('prints 50 orders, one page each', async () => {
    const ids = [bengaliOrder.id];
    let last = 0;
    while (ids.length < 50) {
      const res = await orderNow(other);
      expect(res.status).toBe(201);
      const placed = await json(res);
      ids.push(placed.insertedId);
      last = placed.order.orderNumber;
    }
    const { pages, disposition } = await pdfOf(await slips(ids));
    expect(pages).toHaveLength(50);
    expect(disposition).toBe(`attachment; filename="packing-slips-10001-${last}.pdf"`);
    expect(pages[49]).toContain(`Order ${last}`);
    expect(pages[49]).toContain('Cash On Delivery: collect 850 BDT');
  });
});
