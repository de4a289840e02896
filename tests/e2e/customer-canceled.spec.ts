import { expect, test, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.js';
import { adminToken, apiAs, categoryWithProduct, logIn, password, placeOrder, uniqueEmail } from './support.js';

// Issue 33, points 3 and 8. A customer cancels her Pending order (the spec's customer delete): it is
// gone from her My Orders, but the shop still finds it on the desk by its number and under Canceled,
// marked as canceled by the customer (beside one the shop canceled), in English and Bengali, on a
// phone and a laptop. The audit page names the orders by their numbers, linked to their pages, and
// the events in the page's language.

const stamp = `${Date.now() % 1_000_000}`;
const title = `Canceled Kitsune Mug ${stamp}`;
const customer = { name: `Farzana Akter ${stamp}`, email: uniqueEmail('canceled') };
const image = 'https://images.example.com/canceled.webp';
const bn = (n: number) => String(n).replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!);

let byCustomer = { id: '', number: 0 };
let byShop = { id: '', number: 0 };
let productId = '';

test.beforeAll(async ({ request }) => {
  const admin = await adminToken(request);
  productId = await categoryWithProduct(request, admin, { category: `Canceled ${stamp}`, title, description: 'Canceled in the journey.', price: 450, image, stock: 10 });
  const signedUp = await request.post('/api/auth/signup', { data: { name: customer.name, email: customer.email, password } });
  expect(signedUp.ok()).toBe(true);
  const token = ((await signedUp.json()) as { token: string }).token;
  const first = await placeOrder(request, token, { buyer: customer.name, productId, quantity: 1 });
  const second = await placeOrder(request, token, { buyer: customer.name, productId, quantity: 2 });
  byCustomer = { id: first.insertedId, number: first.order.orderNumber };
  byShop = { id: second.insertedId, number: second.order.orderNumber };
  await apiAs(request, token, 'delete', `/api/orders/${byCustomer.id}`);
  await apiAs(request, admin, 'patch', `/api/orders/${byShop.id}`, { status: 'Canceled' });
});

// Other journeys look at the newest products (and load their pictures): take this one away again.
test.afterAll(async ({ request }) => {
  if (productId) await apiAs(request, await adminToken(request), 'delete', `/api/products/${productId}`);
});

test.beforeEach(async ({ context }) => {
  await context.route(/^https:\/\/images\.example\.com\//, (route) => route.fulfill({ status: 404, body: '' }));
});

const row = (page: Page, id: string) => page.locator(`[data-testid="admin-order"][data-order-id="${id}"]`);

async function asAdmin(page: Page) {
  await page.goto('/login');
  await logIn(page, e2eAdmin.email, e2eAdmin.password);
}

test("the customer's My Orders keeps the spec: the order she canceled is gone", async ({ page }) => {
  await page.goto('/login');
  await logIn(page, customer.email);
  await page.goto('/dashboard/orders');
  await expect(page.getByTestId('order').filter({ hasText: `Order ${byShop.number}` })).toHaveCount(1);
  await expect(page.getByTestId('order').filter({ hasText: `Order ${byCustomer.number}` })).toHaveCount(0);
});

for (const [width, height] of [
  [1366, 768],
  [390, 844],
] as const) {
  test(`at ${width} px the desk finds the order by its number and under Canceled, canceled by the customer`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await asAdmin(page);
    await page.goto(`/dashboard/allorders?q=${byCustomer.number}`);
    await expect(row(page, byCustomer.id)).toBeVisible();
    await expect(page.getByTestId('orders-total')).toHaveText('Total Orders: 1');
    await expect(row(page, byCustomer.id).getByTestId('canceled-by')).toHaveText('Canceled by the customer');
    await expect(row(page, byCustomer.id).getByRole('button', { name: 'Delete' })).toBeEnabled();

    await page.goto(`/dashboard/allorders?q=${encodeURIComponent(customer.email)}&status=Canceled`);
    await expect(page.getByTestId('orders-total')).toHaveText('Total Orders: 2');
    await expect(row(page, byCustomer.id).getByTestId('canceled-by')).toHaveText('Canceled by the customer');
    await expect(row(page, byShop.id).getByTestId('canceled-by')).toHaveText('Canceled by the shop');

    // The same in Bengali.
    await page.goto(`/dashboard/allorders?lang=bn&q=${encodeURIComponent(customer.email)}&status=Canceled`);
    await expect(page.getByTestId('orders-total')).toHaveText('মোট অর্ডার: ২');
    await expect(row(page, byCustomer.id).getByTestId('canceled-by')).toHaveText('ক্রেতা বাতিল করেছেন');
    await expect(row(page, byShop.id).getByTestId('canceled-by')).toHaveText('দোকান বাতিল করেছে');
    await expect(row(page, byCustomer.id).getByTestId('order-number')).toHaveText(`অর্ডার ${bn(byCustomer.number)}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);

    // Its own page tells the admin who canceled it.
    await row(page, byCustomer.id).getByTestId('order-number').click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/allorders/${byCustomer.id}`));
    await expect(page.getByTestId('order-page').getByTestId('canceled-by')).toHaveText('ক্রেতা বাতিল করেছেন');
    await expect(page.getByTestId('order-canceled-by-customer')).toBeVisible();
    await expect(page.getByTestId('order-page').getByRole('button', { name: 'মুছুন' })).toBeEnabled();
  });

  test(`at ${width} px the audit page names orders by number, linked, and events in the page's language`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await asAdmin(page);
    await page.goto('/dashboard/audit');
    const events = page.getByTestId('audit-event');
    await expect(events.first()).toBeVisible();
    const ours = events.filter({ has: page.getByRole('link', { name: `Order ${byCustomer.number}`, exact: true }) });
    await expect(ours).toHaveCount(2);
    await expect(ours.getByTestId('audit-type')).toHaveText(['Canceled by the customer', 'Order placed']);
    // No internal id shown anywhere in the rows.
    await expect(page.locator('tbody')).not.toContainText(byCustomer.id);
    await expect(page.locator('tbody')).not.toContainText(byShop.id);

    await page.goto('/dashboard/audit?lang=bn');
    const oursBn = page.getByTestId('audit-event').filter({ has: page.getByRole('link', { name: `অর্ডার ${bn(byCustomer.number)}`, exact: true }) });
    await expect(oursBn).toHaveCount(2);
    await expect(oursBn.getByTestId('audit-type')).toHaveText(['ক্রেতা বাতিল করেছেন', 'অর্ডার করা হয়েছে']);
    const shop = page.getByTestId('audit-event').filter({ has: page.getByRole('link', { name: `অর্ডার ${bn(byShop.number)}`, exact: true }) });
    await expect(shop.getByTestId('audit-type')).toHaveText(['শপ বাতিল করেছে', 'অর্ডার করা হয়েছে']);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);

    await oursBn.first().getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/allorders/${byCustomer.id}`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(bn(byCustomer.number));
  });
}
