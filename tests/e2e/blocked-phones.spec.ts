import { expect, test, type APIRequestContext } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.js';
import { chooseArea, confirmDialog, dialog, logIn, logOut, signUp, uniqueEmail } from './support.js';

// Issue 16's phone blocklist, in Chromium: an admin blocks a number on the Blocked Phones page; a
// shopper ordering with it is turned away with a message that asks them to call the shop; the
// admin unblocks it (after a confirmation) and the same order goes through. The product, its
// category and the number are this spec's own (the servers share one database across specs).
const stamp = `${Date.now() % 1_000_000}`;
const category = `Blocklist ${stamp}`;
const title = `Blocklist Figure ${stamp}`;
/** A number no other spec orders with: 0191 and the stamp. */
const phone = `0191${stamp.padStart(7, '0')}`;
const listed = `+88${phone}`;
const image = 'https://images.example.com/blocklist.webp';

type Json = Record<string, unknown>;
let adminToken = '';
let productId = '';

async function api(request: APIRequestContext, method: 'post' | 'delete', path: string, data?: unknown) {
  const res = await request[method](path, { headers: { authorization: `Bearer ${adminToken}` }, ...(data === undefined ? {} : { data }) });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res;
}

test.beforeAll(async ({ request }) => {
  adminToken = ((await (await request.post('/api/auth/login', { data: e2eAdmin })).json()) as Json).token as string;
  await api(request, 'post', '/api/categories', { category });
  const res = await api(request, 'post', '/api/products', {
    title,
    description: 'Only for the blocklist journey.',
    category,
    price: 1500,
    sizes: [],
    colors: [],
    images: [image],
    variants: [{ size: '', color: '', stock: 20 }],
  });
  productId = ((await res.json()) as Json).insertedId as string;
});

test.afterAll(async ({ request }) => {
  await api(request, 'delete', `/api/products/${productId}`);
});

test.beforeEach(async ({ context }) => {
  await context.route(/^https:\/\/images\.example\.com\//, (route) => route.fulfill({ status: 404, body: '' }));
});

test('an admin blocks a phone number; a shopper ordering with it is asked to call the shop; unblocked, the order goes through', async ({ page }) => {
  await page.goto('/login');
  await logIn(page, e2eAdmin.email, e2eAdmin.password);
  await page.goto('/dashboard/profile');
  await page.getByRole('link', { name: 'Blocked Phones' }).click();
  await expect(page).toHaveURL(/\/dashboard\/blockedphones$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Blocked Phones' })).toBeVisible();

  // The page checks the number before sending it.
  await page.getByLabel('Phone Number').fill('12345');
  await page.getByLabel('Reason').fill('Prank orders');
  await page.getByRole('button', { name: 'Block Phone' }).click();
  await expect(page.getByText('Enter a Bangladeshi mobile number such as 01712345678')).toBeVisible();

  await page.getByLabel('Phone Number').fill(phone);
  await page.getByRole('button', { name: 'Block Phone' }).click();
  await expect(dialog(page)).toContainText(`Orders with ${listed} are now refused.`);
  await confirmDialog(page, 'Phone Blocked');
  const row = page.getByTestId('blocked-phone-row').filter({ hasText: listed });
  await expect(row).toContainText('Prank orders');
  await expect(row).toContainText(e2eAdmin.email);

  // The same number again, written another way: the server says it is listed.
  await page.getByLabel('Phone Number').fill(`+88 ${phone.slice(0, 5)}-${phone.slice(5)}`);
  await page.getByLabel('Reason').fill('Again');
  await page.getByRole('button', { name: 'Block Phone' }).click();
  await expect(dialog(page)).toContainText(`${listed} is on the blocklist already.`);
  await confirmDialog(page, 'Already Blocked');
  await logOut(page);

  // A shopper orders with the number.
  const email = uniqueEmail('blocked-shopper');
  await signUp(page, 'Prank Caller', email);
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await confirmDialog(page, `${title} added to your cart`);
  await page.goto('/dashboard/checkout');
  await page.getByLabel('Full Name').fill('Prank Caller');
  await page.getByLabel('Phone Number').fill(phone);
  await page.getByLabel('Address').fill('House 1, Road 1, Mirpur, Dhaka');
  await chooseArea(page, 'Dhaka', 'Mirpur');
  await page.getByLabel('Payment Method').selectOption('Cash On Delivery');
  await confirmDialog(page, 'Cash On Delivery');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await confirmDialog(page, 'Confirm Placing the order?', 'Yes, place it!');
  await expect(dialog(page)).toContainText(/We cannot take orders for this phone number\. Please call us at .+\./);
  await expect(dialog(page)).not.toContainText(/block/i);
  await confirmDialog(page, 'Error');
  // Still signed in, still at checkout, the cart kept.
  await expect(page).toHaveURL(/\/dashboard\/checkout$/);
  await page.goto('/dashboard/cart');
  await expect(page.getByText('Total Items: 1')).toBeVisible();
  await logOut(page);

  // The admin unblocks it, after a confirmation.
  await page.goto('/login');
  await logIn(page, e2eAdmin.email, e2eAdmin.password);
  await page.goto('/dashboard/blockedphones');
  await page.getByTestId('blocked-phone-row').filter({ hasText: listed }).getByRole('button', { name: 'Unblock' }).click();
  await confirmDialog(page, `Unblock ${listed}?`, 'Yes, unblock it!');
  await confirmDialog(page, 'Unblocked!');
  await expect(page.getByTestId('blocked-phone-row').filter({ hasText: listed })).toHaveCount(0);
  await logOut(page);

  // The shopper's order goes through now.
  await page.goto('/login');
  await logIn(page, email);
  await page.goto('/dashboard/checkout');
  await page.getByLabel('Full Name').fill('Prank Caller');
  await page.getByLabel('Phone Number').fill(phone);
  await page.getByLabel('Address').fill('House 1, Road 1, Mirpur, Dhaka');
  await chooseArea(page, 'Dhaka', 'Mirpur');
  await page.getByLabel('Payment Method').selectOption('Cash On Delivery');
  await confirmDialog(page, 'Cash On Delivery');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await confirmDialog(page, 'Confirm Placing the order?', 'Yes, place it!');
  await confirmDialog(page, 'Order Placed');
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
});
