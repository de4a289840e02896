import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.js';
import { readFileSync } from 'node:fs';
import { adminToken as logInAdmin, apiAs, categoryWithProduct, latinWordsLeft, placeOrder } from './support.js';

// Issue 18: every route of the web app (routes.ts's table of pages, each parameter filled with the test's own
// product, category and order) opened in Bengali, as a visitor and then as an admin: <html lang="bn">,
// a Bengali document title, and no English word left on the page (header, page and footer) but data:
// the shop's name, product and category names, e-mail addresses, table rows, form values.
const stamp = `${Date.now() % 1_000_000}`;
const category = `Bhasha Route ${stamp}`;
const title = `Bhasha Walker ${stamp}`;
const buyer = `Bhasha Pothik ${stamp}`;
const shopName = 'Otaku Card Bazaar';
let adminToken = '';
let productId = '';
let orderId = '';

/** Data shown as it is stored, in any language. */
const dataParts = [
  '.product-card__title',
  '.product-card__category-link',
  'a[href^="/category/"]',
  'a[href^="/product/"]',
  'a[href^="mailto:"]',
  'a[href^="tel:"]',
  'a[href^="https://"]',
  'tbody',
  // Category names: the footer's list and the home page's groups (other journeys add categories too).
  '[data-testid="footer-categories"]',
  '.category-group__title',
  // Orders' lines and their delivery (the admin's own orders of other journeys show in My Orders).
  '.order-items__title',
  '.order-items__details',
  '.order-card__delivery',
  'select',
  'textarea',
  '.product-page__title',
  '.product-page__description',
  '[data-testid="product-title"]',
  // The SMS and emails as they were sent (an order placed in English gets English messages).
  '.order-messages__body',
  // A parcel's tracking code, as its courier wrote it (issue 34).
  '.parcel-facts__code',
  // The packing page's names, addresses and tracking codes, as typed and as the courier wrote them (issue 36).
  '.packing-order__data',
  // Text marked as English on purpose: the language switch names English in English.
  '[lang="en"]',
].join(', ');
// (A retry runs beforeAll again with a new stamp: earlier runs' names stay in the lists.)
const description = 'Walks every route in Bengali.';
/** The admin's name as the shop created it (ADMIN_NAME unset). */
const adminName = 'Admin';
const deliveryAddress = 'House 5, Road 2, Dhanmondi, Dhaka';
/** The words searched for, which the search page repeats. */
const searched = 'Bhasha';
const known = () => [shopName, title, description, category, buyer, deliveryAddress, e2eAdmin.email, adminName, 'Bhasha Route', 'Bhasha Walker', 'Bhasha Pothik', searched];

/** The admin's call of the API (the journey's own setup). */
const api = <T>(request: APIRequestContext, method: 'get' | 'post' | 'patch' | 'delete', path: string, data?: unknown) =>
  apiAs<T>(request, adminToken, method, path, data);

test.beforeAll(async ({ request }) => {
  adminToken = await logInAdmin(request);
  const image = 'https://images.example.com/bhasha-route.webp';
  productId = await categoryWithProduct(request, adminToken, { category, title, description, price: 123450, image });
  orderId = (await placeOrder(request, adminToken, { buyer, productId, quantity: 1, address: deliveryAddress })).insertedId;
});

test.afterAll(async ({ request }) => {
  if (productId) await api(request, 'delete', `/api/products/${productId}`);
});

test.beforeEach(async ({ context }) => {
  await context.route(/^https:\/\/images\.example\.com\//, (route) => route.fulfill({ status: 404, body: '' }));
  // Bengali chosen earlier (the switch remembers it here), before any script of the page runs.
  await context.addInitScript(() => window.localStorage.setItem('shop.lang', 'bn'));
});

/** A page's address with its parameters filled. */
function address(path: string): string {
  return path
    .replace(':id', path.startsWith('/dashboard/allorders') ? orderId : productId)
    .replace(':categoryName', encodeURIComponent(category))
    .replace('/dashboard/*', '/dashboard/no-such-page')
    .replace(/^\*$/, '/no-such-page');
}

async function expectBengali(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.locator('h1').first(), path).toBeVisible();
  // Every request of the page answered (lazy parts, the footer, the catalogue's Bengali messages).
  await page.waitForLoadState('networkidle');
  const pageTitle = await page.title();
  const titleLeft = known().reduce((text, item) => text.split(item).join(' '), pageTitle).match(/[A-Za-z]{3,}/g) ?? [];
  expect(titleLeft, `${path}: the title "${pageTitle}"`).toEqual([]);
  expect(await latinWordsLeft(page, known(), dataParts, 'body'), `${path}: English left`).toEqual([]);
}

/**
 * Every path of the web app's table of pages, read as text (it is the web's code): the pages of
 * src/shared/page-paths.ts (decision 054) and the not-found routes of web/src/app/routes.ts.
 */
const read = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
const allPaths = [
  ...new Set([...read('../../src/shared/page-paths.ts').matchAll(/^ {2}\w+: '([^']+)',$/gm), ...read('../../web/src/app/routes.ts').matchAll(/path: '([^']+)'/g)].map((m) => m[1]!)),
];
const visitorPaths = ['/', '/about', '/contact', '/product/:id', '/category/:categoryName', '/allproductandcategories', '/search', '/policy', '/login', '/signup', '/reset-password', '/track', '/checkout', '*'];
const signedInPaths = allPaths.filter((path) => !visitorPaths.includes(path));

test('the walk knows every page', () => {
  expect(allPaths.length).toBeGreaterThan(30);
  for (const path of visitorPaths) expect(allPaths).toContain(path);
  expect(signedInPaths).toContain('/dashboard/allorders/:id');
});

test('every page a visitor can open is in Bengali', async ({ page }) => {
  test.setTimeout(90_000);
  for (const path of visitorPaths) await expectBengali(page, address(path) + (path === '/search' ? `?q=${searched}` : ''));
});

test('every page of a signed-in admin is in Bengali', async ({ page, context }) => {
  test.setTimeout(120_000);
  await context.addInitScript((token) => window.localStorage.setItem('access-token', token), adminToken);
  for (const path of signedInPaths) await expectBengali(page, address(path));
});
