import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.js';
import { adminToken as logInAdmin, apiAs, categoryWithProduct, logIn, placeOrder, logOut, signUp, uniqueEmail } from './support.js';

// Issue 17, the admin's dashboard home: /dashboard shows an admin today's, 7 and 30 days' figures
// exactly as GET /api/stats/summary answers them (and an order confirmed now moves today's), the
// sales chart (uPlot, on a canvas) with its table, top products and low stock; at 390 px nothing
// scrolls sideways; uPlot is fetched by that page only; a customer at /dashboard lands on the profile.
// Demo orders may be there too: the figures are compared with the API's, never with fixed numbers.
test.describe.configure({ mode: 'serial' });

const stamp = `${Date.now() % 1_000_000}`;
const category = `Insight ${stamp}`;
const title = `Insight Kitsune Mug ${stamp}`;
// Never fetched by the server (it stores the URL); the browser's requests for it are answered below.
const image = 'https://images.example.com/insight.webp';

type Figures = { orders: number; amount: number };
type Period = { from: string; to: string; confirmed: Figures; pending: Figures; canceled: Figures; canceledShare: number };
type Summary = { today: string; periods: { today: Period; last7Days: Period; last30Days: Period } };

let adminToken = '';
let productId = '';

/** The admin's call of the API (the journey's own setup). */
const api = <T>(request: APIRequestContext, method: 'get' | 'post' | 'patch' | 'delete', path: string, data?: unknown) =>
  apiAs<T>(request, adminToken, method, path, data);

const summaryNow = (request: APIRequestContext) => api<Summary>(request, 'get', '/api/stats/summary');

/** The page's way of writing figures (web/src/features/insights/figures.ts). */
const taka = (amount: number) => `${amount.toLocaleString('en-US')} BDT`;
const orders = (count: number) => `${count} ${count === 1 ? 'order' : 'orders'}`;
const share = (value: number) => `${Math.round(value * 1000) / 10}%`;

/** The uPlot chunk or the dashboard page's own code. */
const isDashboardCode = (request: Request) => /\/assets\/(uPlot|dashboard-home-page)[^/]*\.js$/.test(request.url());

async function asAdmin(page: Page) {
  await page.goto('/login');
  await logIn(page, e2eAdmin.email, e2eAdmin.password);
}

test.beforeAll(async ({ request }) => {
  adminToken = await logInAdmin(request);
  productId = await categoryWithProduct(request, adminToken, { category, title, description: 'Counted by the dashboard journey.', price: 700, image, stock: 4 });
});

test.beforeEach(async ({ context }) => {
  await context.route(/^https:\/\/images\.example\.com\//, (route) => route.fulfill({ status: 404, body: '' }));
});

test.afterAll(async ({ request }) => {
  if (productId) await api(request, 'delete', `/api/products/${productId}`);
});

test("an admin's dashboard shows the API's figures, and an order confirmed now moves today's", async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const requested: Request[] = [];
  page.on('request', (r) => requested.push(r));

  // The shop's home page, signed in as an admin: no dashboard code, no uPlot.
  await asAdmin(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(requested.filter(isDashboardCode).map((r) => r.url())).toEqual([]);

  const before = await summaryNow(request);
  const placed = await placeOrder(request, adminToken, { buyer: `Insight Buyer ${stamp}`, productId, quantity: 2 });
  await api(request, 'patch', `/api/orders/${placed.insertedId}`, { status: 'Confirmed' });
  const after = await summaryNow(request);
  expect(after.periods.today.confirmed.orders).toBe(before.periods.today.confirmed.orders + 1);
  expect(after.periods.today.confirmed.amount).toBe(before.periods.today.confirmed.amount + placed.order.amount);
  expect(after.periods.last7Days.confirmed.orders).toBe(before.periods.last7Days.confirmed.orders + 1);

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link').first()).toHaveText('Overview');
  for (const [testId, key] of [
    ['period-today', 'today'],
    ['period-7-days', 'last7Days'],
    ['period-30-days', 'last30Days'],
  ] as const) {
    const card = page.getByTestId(testId);
    const period = after.periods[key];
    await expect(card.getByTestId('confirmed-amount')).toHaveText(taka(period.confirmed.amount));
    await expect(card.getByTestId('confirmed-orders')).toHaveText(orders(period.confirmed.orders));
    await expect(card.getByTestId('pending-orders')).toHaveText(orders(period.pending.orders));
    await expect(card.getByTestId('pending-amount')).toHaveText(taka(period.pending.amount));
    await expect(card.getByTestId('canceled-orders')).toHaveText(orders(period.canceled.orders));
    await expect(card.getByTestId('canceled-share')).toHaveText(share(period.canceledShare));
  }

  // The chart (a canvas, named for screen readers) and its table: the last 30 days by day, today last.
  const chart = page.getByTestId('sales-chart');
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(chart).toHaveAttribute('aria-label', /^Confirmed revenue by day from /);
  const salesRows = page.getByTestId('sales-row');
  await expect(salesRows).toHaveCount(30);
  await expect(salesRows.last().getByTestId('sales-confirmed-amount')).toHaveText(taka(after.periods.today.confirmed.amount));
  expect(requested.filter(isDashboardCode).length, 'the dashboard fetched its code and uPlot').toBeGreaterThanOrEqual(2);

  // Top products as the API ranks them; the product left with 2 is low on stock, linked to its update page.
  const top = await api<Array<{ title: string }>>(request, 'get', `/api/stats/top-products?from=${after.periods.last30Days.from}&to=${after.today}&limit=10`);
  await expect(page.getByTestId('top-product').first()).toContainText(top[0]!.title);
  const low = page.getByTestId('low-stock-product').filter({ hasText: title });
  await expect(low.getByRole('link', { name: title })).toHaveAttribute('href', `/dashboard/updateproduct/${productId}`);
  await expect(low).toContainText('2 left');

  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id} ${v.help} (${v.nodes.length})`)).toEqual([]);

  // 12 months: by month, kept in the URL.
  await page.getByRole('button', { name: '12 months' }).click();
  await expect(page).toHaveURL(/[?&]range=12m/);
  await expect(page.getByLabel('Group by')).toHaveValue('month');
  await expect(salesRows).toHaveCount(12);
  await page.reload();
  await expect(page.getByRole('button', { name: '12 months' })).toHaveAttribute('aria-pressed', 'true');
  await expect(salesRows).toHaveCount(12);
});

test('on a 390 px phone the cards stack and nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await asAdmin(page);
  await page.goto('/dashboard');
  await expect(page.getByTestId('sales-chart').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('low-stock-product').first()).toBeVisible();
  const [today, week] = await Promise.all([page.getByTestId('period-today').boundingBox(), page.getByTestId('period-7-days').boundingBox()]);
  expect(week!.y).toBeGreaterThan(today!.y + today!.height - 1);
  const canvas = await page.getByTestId('sales-chart').locator('canvas').boundingBox();
  expect(canvas!.x + canvas!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  // Nor do the tables in their own boxes: each row fits the phone's width.
  const tables = await page.evaluate(() => [...document.querySelectorAll('.insights .table-scroll')].map((region) => region.scrollWidth - region.clientWidth));
  expect(tables).toEqual([0, 0, 0]);
});

test('a customer at /dashboard lands on the profile, without the dashboard code', async ({ page }) => {
  const requested: Request[] = [];
  page.on('request', (r) => requested.push(r));
  await signUp(page, 'Insight Customer', uniqueEmail('insight'));
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link')).toHaveText(['Home', 'Cart', 'Orders']);
  expect(requested.filter(isDashboardCode).map((r) => r.url())).toEqual([]);
  await logOut(page);
});
