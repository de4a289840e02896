import { expect, test, type APIRequestContext } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.js';
import { logIn } from './support.js';

// Issue 12, the web side: the admin's Manage Products table pages (?page= kept over reload, the pager
// usable from the keyboard), and the home page asks exactly the first page of products, the request
// public/prefetch.js starts, so that the app takes the prefetched answer instead of asking twice.
const stamp = `${Date.now() % 1_000_000}`;
const category = `Admin Paging ${stamp}`;
const PRODUCTS = 55;
const image = 'https://images.example.com/admin-paging.webp';

let adminToken = '';
const productIds: string[] = [];

async function call(request: APIRequestContext, method: 'post' | 'get' | 'delete', path: string, data?: unknown) {
  const res = await request[method](path, { headers: { authorization: `Bearer ${adminToken}` }, ...(data === undefined ? {} : { data }) });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res;
}

test.beforeAll(async ({ request }) => {
  const login = await request.post('/api/auth/login', { data: e2eAdmin });
  adminToken = ((await login.json()) as { token: string }).token;
  await call(request, 'post', '/api/categories', { category });
  for (let i = 0; i < PRODUCTS; i++) {
    const res = await call(request, 'post', '/api/products', {
      title: `Admin Paged ${stamp} #${String(i).padStart(2, '0')}`,
      description: 'One of many.',
      category,
      price: 200 + i,
      sizes: [],
      colors: [],
      images: [image],
    });
    productIds.push(((await res.json()) as { insertedId: string }).insertedId);
  }
});

// Later journeys expect the demo catalogue: take the rows away again.
test.afterAll(async ({ request }) => {
  for (const id of productIds) await call(request, 'delete', `/api/products/${id}`);
});

test.beforeEach(async ({ page }) => {
  await page.route(/^https:\/\/images\.example\.com\//, (route) => route.fulfill({ status: 404, body: '' }));
});

test('Manage Products pages through every product; the page survives a reload; the pager works from the keyboard', async ({ page, request }) => {
  const total = Number((await call(request, 'get', '/api/products?limit=1')).headers()['x-total-count']);
  expect(total).toBeGreaterThan(50);
  await page.goto('/login');
  await logIn(page, e2eAdmin.email, e2eAdmin.password);

  await page.goto('/dashboard/manageproducts');
  await expect(page.getByTestId('products-total')).toHaveText(`Total Products: ${total}`);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(50);
  const pager = page.getByRole('navigation', { name: 'Pages' });
  await expect(pager.getByTestId('pager-status')).toHaveText(`Showing 1–50 of ${total}`);
  // Newest first: the last product made heads the first page.
  await expect(rows.first()).toContainText(`Admin Paged ${stamp} #${PRODUCTS - 1}`);

  // Keyboard only: focus Next and press Enter.
  await pager.getByRole('link', { name: 'Next', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/manageproducts\?page=2$/);
  const lastOnPage2 = Math.min(100, total);
  await expect(pager.getByTestId('pager-status')).toHaveText(`Showing 51–${lastOnPage2} of ${total}`);
  await expect(rows).toHaveCount(lastOnPage2 - 50);
  await expect(rows.first().locator('td').first()).toHaveText('51');

  await page.reload();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(pager.getByTestId('pager-status')).toHaveText(`Showing 51–${lastOnPage2} of ${total}`);
  await expect(rows).toHaveCount(lastOnPage2 - 50);

  await pager.getByRole('link', { name: 'Previous', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/manageproducts$/);
  await expect(rows).toHaveCount(50);
});

test('the home page asks for the first page of products once: the prefetched request is the one the app takes', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname === '/api/products') asked.push(url.pathname + url.search);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Discover Our Products' })).toBeVisible();
  // The newest products (these) are on the first page, grouped under their category.
  await expect(page.getByRole('heading', { level: 3, name: category })).toBeVisible();
  expect(asked).toEqual(['/api/products?limit=50&offset=0']);
});
