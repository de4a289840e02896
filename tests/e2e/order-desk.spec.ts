import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.js';
import { confirmDialog, dialog, fillCheckout, logIn, logOut, signUp, uniqueEmail } from './support.js';

// Issue 16, the admins' orders desk: a shopper reads her order's number in My Orders; an admin finds
// it by that number on All Orders (and by phone, status and day), opens its page (lines, totals,
// timeline, the phone's history, the messages about it) and confirms it from a phone-sized screen; the shopper sees
// Confirmed. At 1366 x 768 the desk shows the status and the buttons without sideways scrolling.
test.describe.configure({ mode: 'serial' });

const stamp = `${Date.now() % 1_000_000}`;
const category = `Desk ${stamp}`;
const title = `Desk Tanuki Plush ${stamp}`;
const customer = { name: `Nusrat Jahan ${stamp}`, email: uniqueEmail('desk') };
// A phone of this journey alone, so that its history counts this order only.
const phone = `0195${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
// Never fetched by the server (it stores the URL); the browser's requests for it are answered below.
const image = 'https://images.example.com/desk.webp';
/** Today in Dhaka (UTC+6), the shop's days. */
const today = new Date(Date.now() + 6 * 3600_000).toISOString().slice(0, 10);

let adminToken = '';
let productId = '';
let orderNumber = '';

async function api(request: APIRequestContext, method: 'post' | 'delete', path: string, data?: unknown) {
  const res = await request[method](path, { headers: { authorization: `Bearer ${adminToken}` }, ...(data === undefined ? {} : { data }) });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as Record<string, unknown>;
}

async function asAdmin(page: Page) {
  await page.goto('/login');
  await logIn(page, e2eAdmin.email, e2eAdmin.password);
}

const rows = (page: Page) => page.getByTestId('admin-order');
/** This journey's order on the desk. */
const ours = (page: Page) => rows(page).filter({ has: page.getByTestId('order-number').getByText(`Order ${orderNumber}`, { exact: true }) });

/**
 * A search by digits finds an order by its number or by part of its phone (decision 030): this
 * journey's order once, and any other row only because its phone holds the digits (the shop's
 * other orders, the demo's and other journeys', have random phones that may).
 */
async function expectFoundBy(page: Page, digits: string) {
  // The desk keeps the rows it shows until the search's answer has come (a page change is a
  // transition), and our order may be among them already (after Show all orders it is): wait for the
  // rows to be the search's, not only for our order to be there.
  const others = () =>
    rows(page).evaluateAll(
      (trs, { digits, number }) =>
        trs
          .filter((tr) => tr.querySelector('[data-testid="order-number"]')?.textContent !== `Order ${number}`)
          .filter((tr) => ![...tr.querySelectorAll('.order-desk__line')].some((line) => (line.textContent ?? '').replace(/\D/g, '').includes(digits)))
          .map((tr) => tr.textContent),
      { digits, number: orderNumber },
    );
  await expect.poll(others, { message: 'rows that neither are the order nor hold the digits in their phone' }).toEqual([]);
  await expect(ours(page)).toHaveCount(1);
  await expect(page.getByTestId('orders-total')).toHaveText(`Total Orders: ${await rows(page).count()}`);
}

/** Nothing on the page, nor in the table's own region, scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => {
    const region = document.querySelector('.table-scroll');
    return {
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      table: region ? region.scrollWidth - region.clientWidth : 0,
    };
  });
  expect(widths).toEqual({ page: 0, table: 0 });
}

async function expectInViewport(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, 'not rendered').not.toBeNull();
  expect(box!.x, 'left of the viewport').toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, 'right of the viewport').toBeLessThanOrEqual(viewport.width);
}

async function expectAxeClean(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${what}: ${v.id} ${v.help} (${v.nodes.length})`)).toEqual([]);
}

async function search(page: Page, q: string) {
  await page.getByLabel('Search orders').fill(q);
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(q)}`));
}

test.beforeAll(async ({ request }) => {
  adminToken = ((await (await request.post('/api/auth/login', { data: e2eAdmin })).json()) as { token: string }).token;
  await api(request, 'post', '/api/categories', { category });
  const created = await api(request, 'post', '/api/products', {
    title,
    description: 'Ordered from the desk journey.',
    category,
    price: 650,
    sizes: [],
    colors: [],
    images: [image],
    variants: [{ size: '', color: '', stock: 5 }],
  });
  productId = created.insertedId as string;
});

test.afterAll(async ({ request }) => {
  if (productId) await api(request, 'delete', `/api/products/${productId}`);
});

test.beforeEach(async ({ context }) => {
  await context.route(/^https:\/\/images\.example\.com\//, (route) => route.fulfill({ status: 404, body: '' }));
});

test('a shopper places an order and reads its number in the Order Placed dialog and in My Orders', async ({ page }) => {
  await signUp(page, customer.name, customer.email);
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByLabel('Quantity').fill('2');
  await page.getByRole('button', { name: 'Order Now' }).click();
  await expect(page.locator('#checkout-title')).toBeVisible();
  await fillCheckout(page);
  await page.getByLabel('Full Name').fill(customer.name);
  await page.getByLabel('Phone Number').fill(phone);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await confirmDialog(page, 'Confirm Placing the order?', 'Yes, place it!');
  await expect(dialog(page).locator('.swal2-title')).toHaveText('Order Placed');
  const said = (await dialog(page).locator('.order-placed__number').textContent()) ?? '';
  expect(said).toMatch(/^Your order number: \d{5,}$/);
  await confirmDialog(page, 'Order Placed');
  await expect(page).toHaveURL(/\/dashboard\/orders$/);

  const mine = page.getByTestId('order').filter({ hasText: title });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('Pending');
  orderNumber = ((await mine.getByTestId('order-number').textContent()) ?? '').replace(/^Order /, '');
  expect(orderNumber).toMatch(/^\d{5,}$/);
  expect(said).toBe(`Your order number: ${orderNumber}`);
  await logOut(page);
});

test('at 1366 x 768 the desk shows every column of a row, with no sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await asAdmin(page);
  await page.goto('/dashboard/allorders');
  const first = rows(page).first();
  await expect(first).toBeVisible();
  for (const name of ['Total', 'Status', 'Actions']) await expectInViewport(page, page.getByRole('columnheader', { name }));
  await expectInViewport(page, first.getByTestId('order-total'));
  await expectInViewport(page, first.getByTestId('order-status'));
  for (const name of ['Confirm', 'Cancel', 'Delete']) await expectInViewport(page, first.getByRole('button', { name }));
  await expectNoSidewaysScroll(page);
  await expectAxeClean(page, 'the desk');
});

test('the admin finds the order by its number, phone, status and day; the filters live in the URL', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await asAdmin(page);
  await page.goto('/dashboard/allorders');
  await search(page, orderNumber);
  await expectFoundBy(page, orderNumber);
  await expect(ours(page)).toContainText(customer.name);
  await expect(ours(page)).toContainText(phone);

  // Status: applied at once, back to page 1, kept in the URL.
  await page.getByLabel('Status').selectOption('Confirmed');
  await expect(page).toHaveURL(/status=Confirmed/);
  await expect(ours(page)).toHaveCount(0);
  await page.getByLabel('Status').selectOption('Pending');
  await expect(page).toHaveURL(/status=Pending/);
  await expectFoundBy(page, orderNumber);

  // Reload and Back keep them.
  await page.reload();
  await expect(page.getByLabel('Search orders')).toHaveValue(orderNumber);
  await expect(page.getByLabel('Status')).toHaveValue('Pending');
  await expectFoundBy(page, orderNumber);
  await page.goBack();
  await expect(page).toHaveURL(/status=Confirmed/);
  await expect(page.getByLabel('Status')).toHaveValue('Confirmed');
  await expect(ours(page)).toHaveCount(0);
  await page.getByLabel('Status').selectOption('');
  await expect(page).not.toHaveURL(/status=/);

  // Days placed, both included.
  await page.getByLabel('From').fill(today);
  await page.getByLabel('To').fill(today);
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}`));
  await expectFoundBy(page, orderNumber);
  await page.getByLabel('From').fill('2001-01-01');
  await page.getByLabel('To').fill('2001-01-31');
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/from=2001-01-01&to=2001-01-31/);
  await expect(page.getByText('No orders match.')).toBeVisible();

  // A part of the phone number finds it too; Show all orders clears everything.
  await page.getByRole('button', { name: 'Show all orders' }).click();
  await expect(page).toHaveURL(/\/dashboard\/allorders$/);
  await search(page, phone.slice(-7));
  await expectFoundBy(page, phone.slice(-7));
});

test("the order page shows the lines, totals, timeline and the phone's history, and passes axe", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await asAdmin(page);
  await page.goto(`/dashboard/allorders?q=${orderNumber}`);
  await ours(page).getByRole('link', { name: `Order ${orderNumber}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/allorders\/[^/?]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber}`);
  await expect(page.getByTestId('order-status')).toHaveText('Pending');
  await expect(page.getByTestId('order-customer')).toContainText(customer.name);
  await expect(page.getByTestId('order-customer')).toContainText(customer.email);
  await expect(page.getByTestId('order-customer')).toContainText(phone);
  await expect(page.getByTestId('order-customer')).toContainText('Inside Dhaka');
  const items = page.getByRole('region', { name: 'Items' });
  await expect(items.getByTestId('order-item')).toHaveCount(1);
  await expect(items.getByTestId('order-item')).toContainText(title);
  await expect(items.getByTestId('order-item')).toContainText('Qty: 2');
  await expect(items.getByText('Subtotal')).toBeVisible();
  await expect(items.getByTestId('order-total')).toHaveText(/1,?360 BDT/); // 2 x 650 + 60
  const events = page.getByTestId('timeline-event');
  await expect(events).toHaveCount(1);
  await expect(events.first()).toContainText('Order placed');
  await expect(events.first()).toContainText(customer.email);
  await expect(events.first()).toContainText(`Stock taken: ${title} × 2`);
  await expect(page.getByTestId('phone-history')).toContainText(
    'Orders with this phone: 1 placed, 1 pending, 0 confirmed, 0 canceled by the shop, 0 by the customer',
  );
  // The customer's email about the placed order, and its state (the worker sends it soon after).
  const email = page.getByTestId('order-message').filter({ hasText: `Email to ${customer.email}` });
  await expect(email.first()).toContainText('Order placed');
  await expect(email.first().getByTestId('message-state')).toHaveText(/^(Sent|Waiting to be sent|Failed)$/);
  await expectAxeClean(page, 'the order page');

  // The way back leads to the desk as it was left.
  await page.getByRole('link', { name: 'Back to All Orders' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/allorders\\?q=${orderNumber}$`));
  await expectFoundBy(page, orderNumber);
});

test('on a 390 x 844 phone each order is a card; the admin confirms the order from its page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await asAdmin(page);
  await page.goto(`/dashboard/allorders?q=${orderNumber}`);
  const card = ours(page);
  await expect(card).toBeVisible();
  await expectInViewport(page, card.getByTestId('order-status'));
  await expectInViewport(page, card.getByTestId('order-total'));
  for (const name of ['Confirm', 'Cancel', 'Delete']) await expectInViewport(page, card.getByRole('button', { name }));
  await expectNoSidewaysScroll(page);
  await expectAxeClean(page, 'the desk at 390 px');

  await card.getByRole('link', { name: `Order ${orderNumber}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber}`);
  const confirm = page.getByRole('button', { name: 'Confirm' });
  await expectInViewport(page, confirm);
  await confirm.click();
  await confirmDialog(page, 'Success: Order marked as Confirmed');
  await expect(page.getByTestId('order-status')).toHaveText('Confirmed');
  await expect(page.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  await expect(page.getByTestId('timeline-event')).toHaveCount(2);
  await expect(page.getByTestId('timeline-event').nth(1)).toContainText('Confirmed by the shop');
  await expect(page.getByTestId('phone-history')).toContainText('1 placed, 0 pending, 1 confirmed');
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await expectAxeClean(page, 'the order page at 390 px');
  // The shop's header folds its links into a menu on a phone: log out where Log in shows.
  await page.setViewportSize({ width: 1280, height: 720 });
  await logOut(page);

  await page.goto('/login');
  await logIn(page, customer.email);
  await page.goto('/dashboard/orders');
  const mine = page.getByTestId('order').filter({ hasText: `Order ${orderNumber}` });
  await expect(mine).toContainText('Confirmed');
  await expect(mine.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
});
