import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.js';
import { chooseArea, confirmDialog, dialog, logIn, logOut, password, uniqueEmail } from './support.js';

// Stored XSS: product titles and descriptions, category names, customer names and addresses
// holding markup must render as text on every page that shows them, in dialogs too. Any of the
// payloads that ran would set window.__xss; an alert() or a left-over element would show as well.
const stamp = `${Date.now() % 1_000_000}`;
const img = `<img src=x onerror="window.__xss=1">`;
const script = `<script>window.__xss=1</script>`;
const svg = `"><svg onload="window.__xss=1">`;
const title = `XSS ${img}${svg} ${stamp}`;
const description = `${script}${img}${svg} described`;
const category = `C${stamp} ${img}`;
const customerName = `Rina ${img}${svg}`;
const address = `${script} ${svg} Road 5 ${stamp}`;

const dialogs: string[] = [];

async function api(request: APIRequestContext, method: 'post' | 'get', path: string, token?: string, data?: unknown) {
  const res = await request[method](path, { headers: token ? { authorization: `Bearer ${token}` } : {}, ...(data === undefined ? {} : { data }) });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/** Nothing ran, no alert, and none of the markup became an element. */
async function expectInert(page: Page, where: string) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss), where).toBeUndefined();
  expect(dialogs, where).toEqual([]);
  await expect(page.locator('img[src="x"], svg[onload], [onerror], [onload]'), where).toHaveCount(0);
}

async function expectText(page: Page, text: string, where: string) {
  await expect(page.getByText(text).first(), where).toBeVisible();
  await expectInert(page, where);
}

test('markup in titles, descriptions, categories, names and addresses is shown as text everywhere', async ({ page, request }) => {
  test.setTimeout(120_000);
  page.on('dialog', (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });

  // The data, through the API: an admin's category and product, a customer and an order.
  const admin = (await api(request, 'post', '/api/auth/login', undefined, e2eAdmin)).token as string;
  await api(request, 'post', '/api/categories', admin, { category });
  // A picture of the demo catalogue (drawn just after the server starts listening).
  let demo: { images: string[] } | undefined;
  await expect
    .poll(async () => (demo = ((await api(request, 'get', '/api/products?limit=1')) as Array<{ images: string[] }>)[0]), { timeout: 60_000 })
    .toBeDefined();
  const { insertedId: productId } = (await api(request, 'post', '/api/products', admin, {
    title,
    description,
    category,
    price: 777,
    sizes: [],
    colors: [],
    images: demo?.images.slice(0, 1),
  })) as { insertedId: string };
  const email = uniqueEmail('xss');
  const customer = (await api(request, 'post', '/api/auth/signup', undefined, { name: customerName, email, password })).token as string;
  await api(request, 'post', '/api/orders', customer, {
    name: customerName,
    phone: '01712345678',
    address,
    deliveryLocation: 'Inside Dhaka',
    paymentMethod: 'Cash On Delivery',
    items: [{ productId, size: '', color: '', quantity: 1 }],
  });

  // A visitor: home, the product page, all products, the category page.
  await page.goto('/');
  await expectText(page, title, 'home: product card');
  await expectText(page, category, 'home: category section');
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expectText(page, description, 'product page: description');
  await page.goto('/allproductandcategories');
  await expectText(page, title, 'all products');
  await page.goto(`/category/${encodeURIComponent(category)}`);
  await expectText(page, title, 'category page');

  // The customer: add to cart (its dialog names the product), cart, checkout, orders, profile.
  await page.goto('/login');
  await logIn(page, email);
  await page.goto(`/product/${productId}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(dialog(page).locator('.swal2-title')).toHaveText(`${title} added to your cart`);
  await expectInert(page, 'add-to-cart dialog');
  await confirmDialog(page, `${title} added to your cart`);
  await page.goto('/dashboard/cart');
  await expectText(page, title, 'cart');
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/dashboard\/checkout$/);
  await expectText(page, title, 'checkout summary');
  await page.getByLabel('Full Name').fill(customerName);
  await page.getByLabel('Phone Number').fill('01712345678');
  await page.getByLabel('Address').fill(address);
  await chooseArea(page);
  await page.getByLabel('Payment Method').selectOption('Cash On Delivery');
  await confirmDialog(page, 'Cash On Delivery');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await confirmDialog(page, 'Confirm Placing the order?', 'Yes, place it!');
  await confirmDialog(page, 'Order Placed');
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
  await expect(page.getByTestId('order')).toHaveCount(2);
  await expectText(page, title, 'my orders');
  await page.goto('/dashboard/profile');
  await expectText(page, customerName, 'profile');
  await logOut(page);

  // The admin: all orders (names, addresses), users (and the make-admin question naming the
  // user, answered No), products.
  await page.goto('/login');
  await logIn(page, e2eAdmin.email, e2eAdmin.password);
  await page.goto('/dashboard/allorders');
  const orders = page.getByTestId('admin-order').filter({ hasText: email });
  await expect(orders).toHaveCount(2);
  await expect(orders.first()).toContainText(customerName);
  await expect(orders.first()).toContainText(address);
  await expectInert(page, 'all orders');
  await page.goto('/dashboard/users');
  const row = page.getByTestId('user-row').filter({ hasText: email });
  await expect(row).toContainText(customerName);
  await expectInert(page, 'users');
  await row.getByRole('button', { name: 'Make Admin' }).click();
  await expect(dialog(page).locator('.swal2-title')).toHaveText(`Make ${customerName} an admin?`);
  await expectInert(page, 'make-admin question');
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await page.goto('/dashboard/manageproducts');
  await expectText(page, title, 'manage products');
  await page.goto(`/dashboard/updateproduct/${productId}`);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await expectInert(page, 'update product form');
  await page.goto('/dashboard/audit');
  await expectText(page, email, 'audit log');
});
