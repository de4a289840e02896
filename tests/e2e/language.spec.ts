import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.js';
import { logIn } from './support.js';

// Issue 18 (decision 038): the shell in Bengali and English. `?lang=bn` shows the navbar, the home page,
// its cards (prices in Bengali digits with lakh grouping) and the footer in Bengali with <html lang="bn">;
// the choice is remembered; the switch goes back to English with every text as the spec has it; a
// browser in Bengali gets Bengali on its first visit. The product is the test's own (newest, so its
// category heads the home page).
const stamp = `${Date.now() % 1_000_000}`;
const category = `Language Check ${stamp}`;
const title = `Language Fox ${stamp}`;
const year = new Date().getFullYear();
// Never fetched by the server (it stores the URL); the browser's requests for it are answered below.
const image = 'https://images.example.com/language-fox.webp';

let adminToken = '';
let productId = '';

async function api(request: APIRequestContext, method: 'post' | 'delete', path: string, data?: unknown) {
  const res = await request[method](path, { headers: { authorization: `Bearer ${adminToken}` }, ...(data === undefined ? {} : { data }) });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as Record<string, unknown>;
}

test.beforeAll(async ({ request }) => {
  adminToken = ((await (await request.post('/api/auth/login', { data: e2eAdmin })).json()) as { token: string }).token;
  await api(request, 'post', '/api/categories', { category });
  const created = await api(request, 'post', '/api/products', {
    title,
    description: 'A fox that speaks two languages.',
    category,
    price: 123450,
    sizes: [],
    colors: [],
    images: [image],
  });
  productId = created.insertedId as string;
});

// Other journeys count the catalogue's products: take this one away again.
test.afterAll(async ({ request }) => {
  if (productId) await api(request, 'delete', `/api/products/${productId}`);
});

test.beforeEach(async ({ page }) => {
  await page.route(/^https:\/\/images\.example\.com\//, (route) => route.fulfill({ status: 404, body: '' }));
});

const card = (page: Page) => page.getByTestId('product-card').filter({ hasText: title });

async function expectBengali(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  const nav = page.getByRole('navigation', { name: 'প্রধান' });
  for (const name of ['আমাদের সম্পর্কে', 'আমাদের নীতি', 'যোগাযোগ', 'ড্যাশবোর্ড', 'লগ ইন']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole('button', { name: 'English' })).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'আমাদের পণ্য দেখুন' })).toBeVisible();
  await expect(card(page)).toContainText('দাম - ১,২৩,৪৫০ টাকা');
  await expect(card(page)).toContainText(`ক্যাটাগরি - ${category}`);
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('heading', { name: 'আমাদের ফলো করুন' })).toBeVisible();
  await expect(footer).toContainText('সর্বস্বত্ব সংরক্ষিত');
}

async function expectEnglish(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['About Us', 'Our Policy', 'Contact', 'Dashboard', 'Log in']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole('button', { name: 'বাংলা' })).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('heading', { name: 'Discover Our Products' })).toBeVisible();
  await expect(page.getByText('Figures, cards and collectibles by category. Prices in BDT, cash on delivery.')).toBeVisible();
  await expect(card(page).getByText('Price - 123,450 BDT', { exact: true })).toBeVisible();
  await expect(card(page).getByText(`Category - ${category}`, { exact: true })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  for (const name of ['Categories', 'Information', 'Follow Us']) await expect(footer.getByRole('heading', { name, exact: true })).toBeVisible();
  for (const name of ['About Us', 'Contact', 'Our Policy', 'Return & Exchange', 'Order Issues']) {
    await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(footer).toContainText(`© ${year} `);
  await expect(footer).toContainText('. All rights reserved.');
}

test('?lang=bn shows the shell in Bengali and is remembered; the switch goes back to English, as before', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/?lang=bn');
  await expectBengali(page);
  // The choice is remembered, so the parameter is taken out of the address (it would undo a later switch).
  expect(new URL(page.url()).search).toBe('');

  await page.reload();
  await expectBengali(page);

  await page.getByRole('button', { name: 'English' }).click();
  await expectEnglish(page);
  await page.reload();
  await expectEnglish(page);
  // The Bengali files come under the shop's CSP like the rest (the card's example image is answered 404).
  expect(errors.filter((text) => !text.includes('404'))).toEqual([]);
});

test("an admin's dashboard header and menu in Bengali", async ({ page }) => {
  await page.goto('/login');
  await logIn(page, e2eAdmin.email, e2eAdmin.password);
  await page.goto('/dashboard?lang=bn');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  const menu = page.getByRole('navigation', { name: 'ড্যাশবোর্ড' });
  for (const name of ['এক নজরে', 'হোম', 'পণ্য যোগ করুন', 'পণ্য ব্যবস্থাপনা', 'অর্ডার', 'ব্লক করা ফোন']) {
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'লগ আউট' })).toBeVisible();
  await page.goto('/dashboard?lang=en');
  await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Add Products', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
});

test.describe('a browser in Bengali', () => {
  test.use({ locale: 'bn-BD' });

  test('gets Bengali on its first visit; ?lang=en overrides it', async ({ page }) => {
    await page.goto('/');
    await expectBengali(page);
    await page.goto('/?lang=en');
    await expectEnglish(page);
  });
});

test('on a phone (390 px) the switch is in view without opening the menu, and works from the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const toBengali = page.getByRole('button', { name: 'বাংলা' });
  await expect(toBengali).toBeInViewport();
  await toBengali.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  const toEnglish = page.getByRole('button', { name: 'English' });
  await expect(toEnglish).toBeInViewport();
  await expect(toEnglish).toBeFocused();
  await expect(page.getByRole('heading', { name: 'আমাদের পণ্য দেখুন' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
});
