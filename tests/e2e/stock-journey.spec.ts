import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.js';
import { confirmDialog, dialog, fillCheckout, signUp, uniqueEmail } from './support.js';

// Issue 15's "done means", in Chromium: a shopper searches "dragon", sorts by price, filters to a
// category and a price range, pages, opens a product, sees its stock, orders the last one, and a
// second shopper (who put it in their cart while there was one) cannot. The products are this
// spec's own (the servers share one database across specs), and go again at the end.
const stamp = `${Date.now() % 1_000_000}`;
const category = `Dragon Hoard ${stamp}`;
const CARDS = 55;
/** The card with the last one in stock: on page 2 once sorted by price. */
const LAST = 52;
const titleOf = (i: number) => `Dragon Hoard Card ${String(i).padStart(2, '0')} ${stamp}`;
const priceOf = (i: number) => 3000 + i;
// Never fetched by the server (it stores the URL); the browser's requests for it are answered below.
const image = 'https://images.example.com/hoard.webp';

type Json = Record<string, unknown>;
let adminToken = '';
const ids: string[] = [];

async function api(request: APIRequestContext, method: 'get' | 'post' | 'delete', path: string, data?: unknown) {
  const res = await request[method](path, { headers: { authorization: `Bearer ${adminToken}` }, ...(data === undefined ? {} : { data }) });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res;
}

test.beforeAll(async ({ request }) => {
  adminToken = ((await (await request.post('/api/auth/login', { data: e2eAdmin })).json()) as Json).token as string;
  await api(request, 'post', '/api/categories', { category });
  for (let i = 0; i < CARDS; i++) {
    const res = await api(request, 'post', '/api/products', {
      title: titleOf(i),
      description: 'A dragon from the hoard.',
      category,
      price: priceOf(i),
      sizes: [],
      colors: [],
      images: [image],
      variants: [{ size: '', color: '', stock: i === LAST ? 1 : 8 }],
    });
    ids.push(((await res.json()) as Json).insertedId as string);
  }
  // One outside the price range the shopper picks.
  const dear = await api(request, 'post', '/api/products', { title: `Dragon Hoard Crown ${stamp}`, description: '', category, price: 90000, sizes: [], colors: [], images: [image] });
  ids.push(((await dear.json()) as Json).insertedId as string);
});

test.afterAll(async ({ request }) => {
  for (const id of ids) await api(request, 'delete', `/api/products/${id}`);
});

test.beforeEach(async ({ context }) => {
  await context.route(/^https:\/\/images\.example\.com\//, (route) => route.fulfill({ status: 404, body: '' }));
});

const cards = (page: Page) => page.getByTestId('product-card');
const pager = (page: Page) => page.getByRole('navigation', { name: 'Product pages' });

async function confirmPlacing(page: Page) {
  await page.getByRole('button', { name: 'Place Order' }).click();
  await confirmDialog(page, 'Confirm Placing the order?', 'Yes, place it!');
}

test('search, sort, filter, page, see the stock, order the last one; a second shopper cannot', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const last = titleOf(LAST);

  // The second shopper puts the last one in their cart while it is there.
  const other = await browser.newContext({ baseURL });
  await other.route(/^https:\/\/images\.example\.com\//, (route) => route.fulfill({ status: 404, body: '' }));
  const second = await other.newPage();
  await signUp(second, 'Sumon Ahmed', uniqueEmail('second-shopper'));
  await second.goto(`/product/${ids[LAST]}`);
  await expect(second.getByRole('heading', { level: 1, name: last })).toBeVisible();
  await expect(second.getByText('Only 1 left')).toBeVisible();
  await second.getByRole('button', { name: 'Add to Cart' }).click();
  await confirmDialog(second, `${last} added to your cart`);

  // The first shopper finds it.
  await signUp(page, 'Rina Akter', uniqueEmail('first-shopper'));
  await page.goto('/');
  await page.getByRole('search').getByLabel('Search products').fill('dragon');
  await page.getByRole('search').getByLabel('Search products').press('Enter');
  await expect(page).toHaveURL(/\/search\?q=dragon$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “dragon”');

  await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/sort=price_asc/);
  await page.getByLabel('Category').selectOption(category);
  await expect(page).toHaveURL(/category=/);
  await page.getByLabel('Min price (BDT)').fill(String(priceOf(0)));
  await page.getByLabel('Max price (BDT)').fill(String(priceOf(CARDS - 1)));
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`minPrice=${priceOf(0)}&maxPrice=${priceOf(CARDS - 1)}`));
  await expect(page.getByTestId('product-count')).toHaveText(`${CARDS} products`);
  await expect(cards(page).first()).toContainText(titleOf(0));
  await expect(cards(page).filter({ hasText: 'Dragon Hoard Crown' })).toHaveCount(0);

  await pager(page).getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(cards(page)).toHaveCount(CARDS - 50);
  await cards(page).filter({ hasText: last }).getByRole('link', { name: last }).click();

  await expect(page.getByRole('heading', { level: 1, name: last })).toBeVisible();
  await expect(page.getByText('Only 1 left')).toBeVisible();
  await page.getByRole('button', { name: 'Order Now' }).click();
  await expect(page).toHaveURL(/\/dashboard\/checkout$/);
  await expect(page.locator('#checkout-title')).toBeVisible();
  await fillCheckout(page);
  await confirmPlacing(page);
  await confirmDialog(page, 'Order Placed');
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
  await expect(page.getByTestId('order').first()).toContainText(last);

  // The product page says so now.
  await page.goto(`/product/${ids[LAST]}`);
  await expect(page.getByText('Sold out').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Order Now' })).toBeDisabled();

  // The second shopper's cart still holds it; ordering it is refused with the reason.
  await second.goto('/dashboard/cart');
  await expect(second.getByText(last)).toBeVisible();
  await second.goto('/dashboard/checkout');
  await expect(second.locator('#checkout-title')).toBeVisible();
  await fillCheckout(second);
  await confirmPlacing(second);
  await expect(dialog(second)).toContainText('Not enough stock');
  await expect(dialog(second)).toContainText(`${last} is sold out. Change the quantity in your cart, then order again.`);
  await second.getByRole('button', { name: 'OK' }).click();
  await second.goto('/dashboard/orders');
  await expect(second.getByTestId('order')).toHaveCount(0);
  await other.close();
});
