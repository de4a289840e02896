import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.js';
import { confirmDialog, dialog, fillCheckout, password, signUp, smsTo, uniqueEmail } from './support.js';

// Issue 16's fake-order defences at their defaults, in Chromium, on the "guarded" shop (the other
// shops loosen them for the journeys that share one phone number): three Pending orders with one
// phone number go through, whoever placed them, and a fourth is turned away with a dialog that says
// why (MAX_PENDING_PER_PHONE=3); once the shop has canceled those three, the phone cannot order
// cash on delivery any more and the shopper is asked to call the shop (COD_BLOCK_AFTER_CANCELS=3).
// Another phone number still orders. Customers, phones and the product are this run's own.
const stamp = `${Date.now() % 1_000_000}`;
const category = `Defences ${stamp}`;
const title = `Defences Fox Mug ${stamp}`;
/** Numbers of this run alone: 0181 / 0161 and the clock's last seven digits. */
const digits = String(Date.now()).slice(-7);
const phone = `0181${digits}`;
const otherPhone = `0161${digits}`;
/** SHOP_PHONE's default: the guarded shop does not set it. */
const shopPhone = '+880 1700-000000';
const image = 'https://images.example.com/defences.webp';

type Json = Record<string, unknown>;
let adminToken = '';
let productId = '';

async function api(request: APIRequestContext, method: 'get' | 'post' | 'patch' | 'delete', path: string, data?: unknown, token = adminToken) {
  const res = await request[method](path, { headers: { authorization: `Bearer ${token}` }, ...(data === undefined ? {} : { data }) });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res;
}

const body = async (res: { json(): Promise<unknown> }) => (await res.json()) as Json;

/** The desk's orders with this phone number. */
async function ordersWith(request: APIRequestContext, number: string) {
  return (await (await api(request, 'get', `/api/allOrders?q=${number}`)).json()) as Array<{ _id: string; orderNumber: number; status: string }>;
}

async function placeOrder(page: Page) {
  await page.getByRole('button', { name: 'Place Order' }).click();
  await confirmDialog(page, 'Confirm Placing the order?', 'Yes, place it!');
}

test.beforeAll(async ({ request }) => {
  adminToken = (await body(await request.post('/api/auth/login', { data: e2eAdmin }))).token as string;
  await api(request, 'post', '/api/categories', { category });
  const created = await body(
    await api(request, 'post', '/api/products', {
      title,
      description: 'Ordered by the defences journey.',
      category,
      price: 480,
      sizes: [],
      colors: [],
      images: [image],
      variants: [{ size: '', color: '', stock: 20 }],
    }),
  );
  productId = created.insertedId as string;
});

test.afterAll(async ({ request }) => {
  if (productId) await api(request, 'delete', `/api/products/${productId}`);
});

test.beforeEach(async ({ context }) => {
  await context.route(/^https:\/\/images\.example\.com\//, (route) => route.fulfill({ status: 404, body: '' }));
});

test('a phone with three Pending orders is turned away; once the shop canceled them, it cannot order cash on delivery', async ({ page, request }) => {
  // A first customer places three orders with the phone (through the API).
  const first = uniqueEmail('defences-first');
  const token = (await body(await api(request, 'post', '/api/auth/signup', { name: 'Rakib Hasan', email: first, password }, ''))).token as string;
  for (let i = 0; i < 3; i++) {
    await api(
      request,
      'post',
      '/api/orders',
      { name: 'Rakib Hasan', phone, address: 'House 3, Road 7, Banani, Dhaka', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery', items: [{ productId, size: '', color: '', quantity: 1 }] },
      token,
    );
  }
  const placed = await ordersWith(request, phone);
  expect(placed.map((o) => o.status)).toEqual(['Pending', 'Pending', 'Pending']);

  // Another shopper orders with the same phone in the browser: the fourth Pending order is refused.
  await signUp(page, 'Rina Akter', uniqueEmail('defences-second'));
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await confirmDialog(page, `${title} added to your cart`);
  await page.goto('/dashboard/checkout');
  await fillCheckout(page, phone);
  await placeOrder(page);
  await expect(dialog(page)).toContainText(
    'This phone number already has 3 orders waiting for confirmation. Please wait until we confirm them before ordering again with it.',
  );
  await confirmDialog(page, 'Error');
  await expect(page).toHaveURL(/\/dashboard\/checkout$/);
  expect(await ordersWith(request, phone)).toHaveLength(3);

  // The shop calls the number, finds the orders fake and cancels all three.
  for (const order of placed) await api(request, 'patch', `/api/orders/${order._id}`, { status: 'Canceled' });
  expect((await ordersWith(request, phone)).map((o) => o.status)).toEqual(['Canceled', 'Canceled', 'Canceled']);

  // No order of that phone is Pending now, but three were canceled by the shop: no more cash on delivery.
  await placeOrder(page);
  await expect(dialog(page)).toContainText(
    `We cannot take cash on delivery orders for this phone number at the moment. Please call us at ${shopPhone} to order.`,
  );
  await expect(dialog(page)).not.toContainText(/block/i);
  await confirmDialog(page, 'Error');
  expect(await ordersWith(request, phone)).toHaveLength(3);

  // The defences are the phone's: the same shopper orders with another number.
  await page.getByLabel('Phone Number').fill(otherPhone);
  await placeOrder(page);
  await confirmDialog(page, 'Order Placed');
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
  expect((await ordersWith(request, otherPhone)).map((o) => o.status)).toEqual(['Pending']);

  // The customer heard of each cancel by SMS (the local gateway caught them).
  await expect
    .poll(async () => (await smsTo(`+88${phone}`)).filter((m) => / was canceled by the shop\./.test(m.message)).length, { timeout: 15_000 })
    .toBe(3);
});
