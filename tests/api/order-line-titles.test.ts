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
