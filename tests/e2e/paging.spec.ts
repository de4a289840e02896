import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.js';
import { logIn } from './support.js';

// Issue 12: every list is paged (50 a page, the total in X-Total-Count) and the pages page through it,
// the page kept in the URL (?page=2) so that reload and Back keep it. More than one page of coupons
// and of one category's products is made through the API, then paged through in the browser.
const stamp = `${Date.now() % 1_000_000}`;
const category = `Paging ${stamp}`;
const PRODUCTS = 55;
const COUPONS = 55;
// Never fetched by the server (it stores the URL); the browser's requests for it are answered below.
const image = 'https://images.example.com/paging.webp';

type Json = Record<string, unknown>;

async function api(request: APIRequestContext, method: 'post' | 'get' | 'delete', path: string, token?: string, data?: unknown) {
  const res = await request[method](path, { headers: token ? { authorization: `Bearer ${token}` } : {}, ...(data === undefined ? {} : { data }) });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res;
}

/** X-Total-Count of a list, as the server counts it. */
async function totalOf(request: APIRequestContext, path: string, token?: string): Promise<number> {
  const res = await api(request, 'get', path, token);
  const total = Number(res.headers()['x-total-count']);
  expect(Number.isSafeInteger(total), `${path}: X-Total-Count`).toBe(true);
  return total;
}

/** The Previous or Next control of a pager, whether it is drawn as a link or a button. */
const pagerControl = (pager: Locator, name: 'Previous' | 'Next') =>
  pager.getByRole('link', { name, exact: true }).or(pager.getByRole('button', { name, exact: true }));

const showing = (first: number, last: number, total: number) => `Showing ${first}–${last} of ${total}`;

let adminToken = '';
const productIds: string[] = [];
const couponIds: string[] = [];

test.beforeAll(async ({ request }) => {
  adminToken = ((await (await api(request, 'post', '/api/auth/login', undefined, e2eAdmin)).json()) as Json).token as string;
  await api(request, 'post', '/api/categories', adminToken, { category });
  for (let i = 0; i < PRODUCTS; i++) {
    const res = await api(request, 'post', '/api/products', adminToken, {
      title: `Paged Card ${stamp} #${String(i).padStart(2, '0')}`,
      description: 'One of many.',
      category,
      price: 100 + i,
      sizes: [],
      colors: [],
      images: [image],
    });
    productIds.push(((await res.json()) as Json).insertedId as string);
  }
  for (let i = 0; i < COUPONS; i++) {
    const res = await api(request, 'post', '/api/coupons', adminToken, { code: `PG${stamp}X${i}`, discountPercent: 5 });
    couponIds.push(((await res.json()) as Json).insertedId as string);
  }
});

// The journeys after this one (shell, xss) expect the demo catalogue's home page: take the rows away again.
test.afterAll(async ({ request }) => {
  for (const id of productIds) await api(request, 'delete', `/api/products/${id}`, adminToken);
  for (const id of couponIds) await api(request, 'delete', `/api/coupons/${id}`, adminToken);
});

test.beforeEach(async ({ page }) => {
  await page.route(/^https:\/\/images\.example\.com\//, (route) => route.fulfill({ status: 404, body: '' }));
});

async function asAdmin(page: Page) {
  await page.goto('/login');
  await logIn(page, e2eAdmin.email, e2eAdmin.password);
}

test('an admin pages through the coupons; the page stays in the URL over a reload and Back', async ({ page, request }) => {
  const total = await totalOf(request, '/api/coupons?limit=1', adminToken);
  expect(total).toBeGreaterThan(50);
  expect(total).toBeLessThanOrEqual(100);
  await asAdmin(page);

  await page.goto('/dashboard/managecoupons');
  await expect(page.getByTestId('coupons-total')).toHaveText(`Total Coupons: ${total}`);
  const rows = page.getByTestId('coupon-row');
  await expect(rows).toHaveCount(50);
  const pager = page.getByRole('navigation', { name: /pages/i });
  await expect(pager).toContainText(showing(1, 50, total));
  const firstPage = await rows.locator('th').allTextContents();
  // Newest first: the last coupon made is the first row.
  expect(firstPage[0]).toBe(`PG${stamp}X${COUPONS - 1}`);

  await pagerControl(pager, 'Next').click();
  await expect(page).toHaveURL(/\/dashboard\/managecoupons\?page=2$/);
  await expect(pager).toContainText(showing(51, total, total));
  await expect(rows).toHaveCount(total - 50);
  // The numbering goes on from the first page.
  await expect(rows.first().locator('td').first()).toHaveText('51');
  const secondPage = await rows.locator('th').allTextContents();
  expect(secondPage.filter((code) => firstPage.includes(code))).toEqual([]);

  await page.reload();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(page.getByTestId('coupons-total')).toHaveText(`Total Coupons: ${total}`);
  await expect(pager).toContainText(showing(51, total, total));
  await expect(rows).toHaveCount(total - 50);

  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\/managecoupons$/);
  await expect(pager).toContainText(showing(1, 50, total));
  await expect(rows).toHaveCount(50);
});

test('a category with more than one page of products pages through all of them, newest first', async ({ page, request }) => {
  expect(await totalOf(request, `/api/products?category=${encodeURIComponent(category)}&limit=1`)).toBe(PRODUCTS);

  await page.goto(`/category/${encodeURIComponent(category)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(category);
  const cards = page.getByTestId('product-card');
  await expect(cards).toHaveCount(50);
  const pager = page.getByRole('navigation', { name: /pages/i });
  await expect(pager).toContainText(showing(1, 50, PRODUCTS));
  await expect(cards.first()).toContainText(`Paged Card ${stamp} #${PRODUCTS - 1}`);

  await pagerControl(pager, 'Next').click();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(pager).toContainText(showing(51, PRODUCTS, PRODUCTS));
  await expect(cards).toHaveCount(PRODUCTS - 50);
  // The oldest five, the last of them last.
  await expect(cards.last()).toContainText(`Paged Card ${stamp} #00`);

  await page.reload();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(cards).toHaveCount(PRODUCTS - 50);
  await expect(pager).toContainText(showing(51, PRODUCTS, PRODUCTS));

  await pagerControl(pager, 'Previous').click();
  await expect(page).toHaveURL(new RegExp(`/category/${encodeURIComponent(category)}$`));
  await expect(cards).toHaveCount(50);

  // All products holds the demo catalogue and these: more than one page as well.
  const allTotal = await totalOf(request, '/api/products?limit=1');
  await page.goto('/allproductandcategories?page=2');
  await expect(pager).toContainText(showing(51, Math.min(100, allTotal), allTotal));
  await expect(cards).toHaveCount(Math.min(50, allTotal - 50));
});

// Issue 33: on a phone, Next kept the scroll where the pager was (in the footer, 1,535 px down).
// Another page of a list starts at the top, in English and Bengali, on the shop and on the dashboard.
test('at 390 px, Next and Previous start the other page at the top (category in English, coupons in Bengali)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`/category/${encodeURIComponent(category)}`);
  const cards = page.getByTestId('product-card');
  await expect(cards).toHaveCount(50);
  const pager = page.getByRole('navigation', { name: /pages/i });
  await pagerControl(pager, 'Next').scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  await pagerControl(pager, 'Next').click();
  await expect(pager).toContainText(showing(51, PRODUCTS, PRODUCTS));
  await expect(cards).toHaveCount(PRODUCTS - 50);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await pagerControl(pager, 'Previous').scrollIntoViewIfNeeded();
  await pagerControl(pager, 'Previous').click();
  await expect(cards).toHaveCount(50);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await asAdmin(page);
  await page.goto('/dashboard/managecoupons?lang=bn');
  const rows = page.getByTestId('coupon-row');
  await expect(rows).toHaveCount(50);
  const next = page.getByRole('navigation', { name: 'পাতা' }).getByRole('link', { name: 'পরের পাতা' });
  await next.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  await next.click();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(rows.first().locator('td').first()).toHaveText('৫১');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
