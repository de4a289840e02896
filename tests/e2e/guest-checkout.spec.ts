import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.js';
import { codesTexted, codeTexted, confirmDialog, dialog, fillCheckout, logIn, signUp, smsTo, uniqueEmail } from './support.js';

// Issue 36's guest checkout (GUEST_CHECKOUT=true, with CHECKOUT_OTP=true), in Chromium at a phone's
// size, on the "otp" shop: a visitor who never signed in presses Order Now, lands on /checkout, is
// asked to confirm the phone before Place Order counts, confirms it with the code of the SMS and
// places the order; the order's SMS reaches the phone and the shop sees the order. A person who later
// signs up and proves that phone sees it under My Orders. Add to Cart still asks a visitor to log in.
// Phone numbers and the product are this run's own (checkout-otp.spec.ts uses 0191 and 0171).
const stamp = `${Date.now() % 1_000_000}`;
const category = `Guest Order ${stamp}`;
const title = `Guest Order Fox Plush ${stamp}`;
const phone = `0181${String(Date.now()).slice(-7)}`;
const to = `+88${phone}`;

test.use({ viewport: { width: 375, height: 740 } });
// The later sign-up looks for the order the first journey placed.
test.describe.configure({ mode: 'serial' });

let adminToken = '';
let productId = '';
let orderNumber = '';

async function api(request: APIRequestContext, method: 'get' | 'post' | 'delete', path: string, data?: unknown, token = adminToken) {
  const res = await request[method](path, { headers: { authorization: `Bearer ${token}` }, ...(data === undefined ? {} : { data }) });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json() as Promise<unknown>;
}

/** Every answer of the shop's API to the page: none may be a 401 or 403 (a visitor has no session to lose). */
function apiAnswers(page: Page): Array<{ url: string; status: number }> {
  const seen: Array<{ url: string; status: number }> = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/')) seen.push({ url: response.url(), status: response.status() });
  });
  return seen;
}

test.beforeAll(async ({ request }) => {
  const login = await request.post('/api/auth/login', { data: e2eAdmin });
  adminToken = ((await login.json()) as { token: string }).token;
  await api(request, 'post', '/api/categories', { category });
  const created = (await api(request, 'post', '/api/products', {
    title,
    description: 'Ordered by the guest checkout journey.',
    category,
    price: 740,
    sizes: [],
    colors: [],
    images: ['https://images.example.com/guest-order.webp'],
    variants: [{ size: '', color: '', stock: 10 }],
  })) as { insertedId: string };
  productId = created.insertedId;
});

test.afterAll(async ({ request }) => {
  if (productId) await api(request, 'delete', `/api/products/${productId}`);
});

test.beforeEach(async ({ context }) => {
  await context.route(/^https:\/\/images\.example\.com\//, (route) => route.fulfill({ status: 404, body: '' }));
});

test('a visitor orders with Order Now, confirming the phone by SMS, and the shop sees the order', async ({ page, request }) => {
  const answers = apiAnswers(page);
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Order Now' }).click();

  // The public checkout: the one item, no coupon box (a line says to log in for one), no advance.
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByText('Order Now without an account: only this product is ordered, for cash on delivery.')).toBeVisible();
  await expect(page.getByRole('main')).toContainText(title);
  await expect(page.getByLabel('Coupon Code')).toHaveCount(0);
  await expect(page.getByTestId('coupon-login')).toHaveText('Have a coupon? Log in to use it.');
  await expect(page.getByRole('link', { name: 'Log in to use it' })).toHaveAttribute('href', '/login');
  await expect(page.getByLabel('Full Name')).toHaveValue('');
  await fillCheckout(page, phone);
  // The page fits the phone: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Not confirmed yet: Place Order asks for it first.
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(dialog(page)).toContainText('Please confirm your phone number first: ask for a code and type the 6 digits we send you by SMS.');
  await confirmDialog(page, 'Confirm your phone number');

  // Send code, read it from the SMS, confirm it.
  const before = await codesTexted(to);
  await page.getByRole('button', { name: 'Send code', exact: true }).click();
  await expect(page.getByText(`We sent a 6-digit code to ${phone}. It expires in 5 minutes.`)).toBeVisible();
  const code = await codeTexted(to, before);
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Phone number confirmed')).toBeVisible();

  await page.getByRole('button', { name: 'Place Order' }).click();
  await confirmDialog(page, 'Confirm Placing the order?', 'Yes, place it!');
  const placed = dialog(page);
  await expect(placed.locator('.swal2-title')).toHaveText('Order Placed');
  await expect(placed).toContainText(`An SMS to ${phone} confirms your order.`);
  await expect(placed).toContainText('Find it any time with this number and your phone number: Track Your Order');
  orderNumber = /Your order number: (\d+)/.exec((await placed.textContent()) ?? '')?.[1] ?? '';
  expect(orderNumber).toMatch(/^\d{5,}$/);
  await expect(placed.getByRole('link', { name: 'Track Your Order' })).toHaveAttribute('href', `/track?order=${orderNumber}`);
  await confirmDialog(page, 'Order Placed');
  await expect(page).toHaveURL(/:\d+\/$/);

  // The order's own SMS reaches the phone.
  await expect
    .poll(async () => (await smsTo(to)).map((m) => m.message).find((m) => m.startsWith(`Order ${orderNumber} placed:`)) ?? '', { timeout: 15_000 })
    .toMatch(/cash on delivery/);

  // Never asked what needs a session, and no answer ended one.
  expect(answers.filter((a) => a.url.includes('/api/checkout/advance'))).toEqual([]);
  expect(answers.filter((a) => a.status === 401 || a.status === 403)).toEqual([]);

  // The shop sees it among all orders: Pending, with the visitor's name and phone.
  const found = (await api(request, 'get', `/api/allOrders?q=${orderNumber}`)) as Array<{ orderNumber: number; status: string; name: string; phone: string; amount: number }>;
  expect(found).toHaveLength(1);
  expect(found[0]).toMatchObject({ orderNumber: Number(orderNumber), status: 'Pending', name: 'Rina Akter', amount: 740 + 60 });
  expect(found[0]!.phone).toContain(phone.slice(1));
});

test('the link of Order Placed opens Track Your Order with the number', async ({ page }) => {
  // The dialog's link, as the visitor follows it later: /track finds the order by number and phone.
  await page.goto(`/track?order=${orderNumber}`);
  await expect(page.getByLabel('Order Number')).toHaveValue(orderNumber);
  await page.getByLabel('Phone Number').fill(phone);
  await page.getByRole('button', { name: 'Track', exact: true }).click();
  await expect(page.getByTestId('tracked-order')).toContainText(orderNumber);
});

test("the desk shows the guest's order as placed online without an account, in its row, on its page and in its timeline", async ({ page }) => {
  await page.goto('/login');
  await logIn(page, e2eAdmin.email, e2eAdmin.password);
  await page.goto(`/dashboard/allorders?q=${orderNumber}`);
  await expect(page.getByTestId('order-origin')).toHaveText('Online, without an account');
  await page.getByRole('link', { name: `Order ${orderNumber}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/allorders\/[0-9a-f]{24}$/);
  await expect(page.getByTestId('order-guest')).toContainText('Online, without an account');
  await expect(page.getByTestId('order-taken')).toHaveCount(0);
  await expect(page.getByTestId('timeline-event').first()).toContainText('by the customer, without an account');
});

test('a person who later signs up and proves that phone sees the order under My Orders', async ({ page, request }) => {
  await signUp(page, 'Rina Akter', uniqueEmail('guest-later'));
  const token = (await page.evaluate(() => localStorage.getItem('access-token'))) ?? '';
  expect(token).not.toBe('');
  const before = await codesTexted(to);
  await api(request, 'post', '/api/phone-codes', { phone }, token);
  await api(request, 'post', '/api/phone-codes/verify', { phone, code: await codeTexted(to, before) }, token);

  await page.goto('/dashboard/orders');
  const order = page.getByTestId('order').filter({ has: page.getByTestId('order-number').getByText(`Order ${orderNumber}`, { exact: true }) });
  await expect(order).toHaveCount(1);
  await expect(order.getByTestId('order-status')).toHaveText('Pending');

  // Signed in, the public checkout leads on to the customer's own (coupons, My Orders).
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/dashboard\/checkout$/);
});

test("a visitor's Add to Cart still asks to log in, and /checkout opened directly has nothing to order", async ({ page }) => {
  await page.goto(`/product/${productId}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await confirmDialog(page, 'Please login first');
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByTestId('empty-state')).toHaveText('Nothing to order here yet: open a product and press Order Now.');
  await page.getByRole('link', { name: 'Browse the products' }).click();
  await expect(page).toHaveURL(/\/allproductandcategories$/);
});
