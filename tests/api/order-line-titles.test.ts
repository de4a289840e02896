import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, call, json, signUpCustomer } from '../support/http.js';
import { pdfPages, visualOrder } from '../support/pdf-text.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 33, point 9: My Orders and the invoice name items in the shopper's language. An order line
// keeps the product's Bengali title as it was when the order was placed (beside the English one it
// always kept), so a later rename changes no past order or invoice. Runs on SQLite and PostgreSQL.
let t: TestApp;
let admin: string;
let rina: string;
let fox = '';
let plain = '';

const foxBn = 'শিয়াল ফিগার';

beforeAll(async () => {
  t = await createTestApp({ shopName: 'Titles Shop' });
  admin = (await adminSession(t)).token;
  expect((await call(t, 'POST', '/api/categories', { token: admin, body: { category: 'Figures' } })).status).toBe(201);
  const product = async (body: Record<string, unknown>) => {
    const res = await call(t, 'POST', '/api/products', { token: admin, body: { description: '', category: 'Figures', images: ['https://img.test/f.webp'], sizes: [], colors: [], variants: [{ size: '', color: '', stock: 100 }], ...body } });
    expect(res.status).toBe(201);
    return (await json(res)).insertedId as string;
  };
  fox = await product({ title: 'Fox Figure', titleBn: foxBn, price: 1200 });
  plain = await product({ title: 'Plain Mug', price: 300 });
  rina = (await signUpCustomer(t, 'Rina', 'rina@example.com')).token;
});
afterAll(() => t.close());

const checkout = { name: 'Rina', phone: '01712345678', address: 'House 5, Road 2, Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery' };

describe('order lines keep both titles', () => {
  it('Order Now and the cart: a line has titleBn when the product has one, none otherwise; a rename later changes neither the order nor its invoice', async () => {
    const now = await json(await call(t, 'POST', '/api/orders', { token: rina, headers: { 'accept-language': 'bn' }, body: { ...checkout, items: [{ productId: fox, size: '', color: '', quantity: 1 }] } }));
    expect(now.order.cartItems[0]).toMatchObject({ title: 'Fox Figure', titleBn: foxBn });

    for (const productId of [fox, plain]) expect((await call(t, 'POST', '/api/carts', { token: rina, body: { productId, quantity: 1, size: '', color: '' } })).status).toBe(201);
    const fromCart = await json(await call(t, 'POST', '/api/orders', { token: rina, headers: { 'accept-language': 'bn' }, body: checkout }));
    const lines = fromCart.order.cartItems as Array<Record<string, unknown>>;
    expect(lines.find((l) => l.title === 'Fox Figure')).toMatchObject({ titleBn: foxBn });
    expect(lines.find((l) => l.title === 'Plain Mug')).not.toHaveProperty('titleBn');

    const renamed = await call(t, 'PATCH', `/api/products/${fox}`, { token: admin, body: { title: 'Fox Figure v2', titleBn: 'নতুন শিয়াল', description: '', category: 'Figures', price: 1200, images: ['https://img.test/f.webp'], sizes: [], colors: [] } });
    expect(renamed.status, await renamed.clone().text()).toBe(200);
    const listed = (await json(await call(t, 'GET', '/api/orders?email=rina@example.com', { token: rina }))) as Array<{ _id: string; cartItems: Array<Record<string, unknown>> }>;
    expect(listed.find((o) => o._id === now.insertedId)?.cartItems[0]).toMatchObject({ title: 'Fox Figure', titleBn: foxBn });

    const pdf = async (lang: string) => {
      const res = await call(t, 'GET', `/api/orders/${fromCart.insertedId}/invoice.pdf?lang=${lang}`, { token: rina });
      expect(res.status).toBe(200);
      return (await pdfPages(new Uint8Array(await res.arrayBuffer())))[0]!;
    };
    const bengali = await pdf('bn');
    expect(bengali).toContain(visualOrder(foxBn));
    expect(bengali).not.toContain('Fox Figure');
    expect(bengali).toContain('Plain Mug');
    const english = await pdf('en');
    expect(english).toContain('Fox Figure');
    expect(english).not.toContain(visualOrder(foxBn));
  });
});

describe('sizes and colors in Bengali (issue 33)', () => {
  it('a product keeps their Bengali names by position; the cart, the order (at order time) and the Bengali invoice show them, the English stays the key', async () => {
    const created = await call(t, 'POST', '/api/products', {
      token: admin,
      body: { title: 'Fox Hoodie', titleBn: 'শিয়াল হুডি', description: '', category: 'Figures', price: 2000, images: ['https://img.test/h.webp'], sizes: ['M', 'L'], sizesBn: ['এম', ''], colors: ['Red'], colorsBn: ['লাল'] },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const id = (await json(created)).insertedId as string;
    const product = await json(await call(t, 'GET', `/api/products/${id}`));
    expect(product).toMatchObject({ sizes: ['M', 'L'], sizesBn: ['এম', ''], colors: ['Red'], colorsBn: ['লাল'] });
    const plainProduct = await json(await call(t, 'GET', `/api/products/${plain}`));
    expect(plainProduct).not.toHaveProperty('sizesBn');

    const tooMany = await call(t, 'PATCH', `/api/products/${id}`, { token: admin, body: { title: 'Fox Hoodie', description: '', category: 'Figures', price: 2000, images: ['https://img.test/h.webp'], sizes: ['M', 'L'], colors: ['Red'], sizesBn: ['এম', 'এল', 'এক্সএল'] } });
    expect(tooMany.status).toBe(400);
    expect((await json(tooMany)).error.code).toBe('http/validation');

    for (const size of ['M', 'L']) expect((await call(t, 'POST', '/api/carts', { token: rina, body: { productId: id, quantity: 1, size, color: 'Red' } })).status).toBe(201);
    const cart = (await json(await call(t, 'GET', '/api/carts?email=rina@example.com', { token: rina }))) as Array<Record<string, unknown>>;
    expect(cart.find((l) => l.size === 'M')).toMatchObject({ sizeBn: 'এম', colorBn: 'লাল' });
    expect(cart.find((l) => l.size === 'L')).not.toHaveProperty('sizeBn');

    const placed = await json(await call(t, 'POST', '/api/orders', { token: rina, headers: { 'accept-language': 'bn' }, body: checkout }));
    const lines = placed.order.cartItems as Array<Record<string, unknown>>;
    expect(lines.find((l) => l.size === 'M')).toMatchObject({ size: 'M', sizeBn: 'এম', color: 'Red', colorBn: 'লাল' });
    const res = await call(t, 'GET', `/api/orders/${placed.insertedId}/invoice.pdf?lang=bn`, { token: rina });
    const [page] = await pdfPages(new Uint8Array(await res.arrayBuffer()));
    expect(page).toContain(visualOrder('সাইজ এম, রং লাল'));
    expect(page).toContain(visualOrder('সাইজ L, রং লাল'));
  });
});
