import { expect, test, type Page } from '@playwright/test';
import { adminToken, apiAs, signUp, uniqueEmail } from './support.js';

// Issue 33, "also expected": the categories in the header's menu, the delivery charge on the product
// and cart pages (the fees checkout charges, src/shared/money.ts), and the product gallery's
// thumbnails, in English and Bengali, at 390 and 1366 px.
const stamp = `${Date.now() % 1_000_000}`;
const category = `Front Shelf ${stamp}`;
const categoryBn = `সামনের তাক ${stamp}`;
const title = `Front Poster ${stamp}`;
const images = ['https://images.example.com/front-1.webp', 'https://images.example.com/front-2.webp', 'https://images.example.com/front-3.webp'];
let token = '';
let productId = '';

const mainNav = (page: Page) => page.getByRole('navigation', { name: /^(Main|প্রধান)$/ });

test.beforeAll(async ({ request }) => {
  token = await adminToken(request);
  await apiAs(request, token, 'post', '/api/categories', { category, categoryBn });
  const created = await apiAs<{ insertedId: string }>(request, token, 'post', '/api/products', {
    title,
    description: 'Three photos of one poster.',
    category,
    price: 350,
    sizes: [],
    colors: [],
    images,
    variants: [{ size: '', color: '', stock: 4 }],
  });
  productId = created.insertedId;
});

test.afterAll(async ({ request }) => {
  if (productId) await apiAs(request, token, 'delete', `/api/products/${productId}`);
});

test.beforeEach(async ({ page }) => {
  // Each photo answers a tiny PNG, so that the gallery shows it.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
  await page.route(/^https:\/\/images\.example\.com\//, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: png }));
});

const menuTexts = {
  en: { menu: 'Menu', categories: 'Categories', label: category, delivery: /^Delivery: 60 BDT inside Dhaka, 80 BDT in Dhaka's suburbs, 100 BDT outside Dhaka/ },
  bn: { menu: 'মেনু', categories: 'ক্যাটাগরি', label: categoryBn, delivery: /^ডেলিভারি: ঢাকার ভিতরে ৬০ টাকা, ঢাকার আশেপাশে ৮০ টাকা, ঢাকার বাইরে ১০০ টাকা/ },
} as const;

for (const lang of ['en', 'bn'] as const) {
  for (const width of [390, 1366]) {
    test(`the header's menu lists the categories, each to its page (${lang}, ${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/?lang=${lang}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const nav = mainNav(page);
      if (width < 861) await nav.getByRole('button', { name: menuTexts[lang].menu }).click();
      const categories = nav.getByRole('button', { name: menuTexts[lang].categories });
      await categories.click();
      await expect(categories).toHaveAttribute('aria-expanded', 'true');
      const link = nav.getByRole('link', { name: menuTexts[lang].label, exact: true });
      await expect(link).toHaveAttribute('href', `/category/${encodeURIComponent(category)}`);
      // Never more than the menu holds (12 categories, then All Products).
      expect(await nav.getByTestId('menu-categories').getByRole('link').count()).toBeLessThanOrEqual(13);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/category/${encodeURIComponent(category).replaceAll('%', '\\%')}`));
      await expect(page.getByRole('heading', { level: 1 })).toContainText(menuTexts[lang].label);
    });

    test(`the product page shows the delivery charge and the photos' thumbnails (${lang}, ${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/product/${productId}?lang=${lang}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByTestId('delivery-fees')).toHaveText(menuTexts[lang].delivery);

      const thumbs = page.getByTestId('gallery-thumbnails').getByRole('button');
      await expect(thumbs).toHaveCount(3);
      await expect(thumbs.nth(0)).toHaveAttribute('aria-pressed', 'true');
      // The photo in the gallery's frame (the carousel's other slides lie beside it).
      const shown = () =>
        page.locator('.gallery').evaluate((gallery) => {
          const frame = gallery.getBoundingClientRect();
          const inFrame = [...gallery.querySelectorAll('img')].find((img) => Math.abs(img.getBoundingClientRect().left - frame.left) < 3);
          return inFrame?.getAttribute('src') ?? '';
        });
      await thumbs.nth(2).click();
      await expect(thumbs.nth(2)).toHaveAttribute('aria-pressed', 'true');
      await expect(thumbs.nth(0)).toHaveAttribute('aria-pressed', 'false');
      await expect.poll(shown).toContain('front-3');
      // By the keyboard: focus the second thumbnail, Enter.
      await thumbs.nth(1).focus();
      await page.keyboard.press('Enter');
      await expect(thumbs.nth(1)).toHaveAttribute('aria-pressed', 'true');
      await expect.poll(shown).toContain('front-2');
    });
  }
}

test('the cart page shows the delivery charge under its total, in English and Bengali', async ({ page }) => {
  await signUp(page, 'Front Shopper', uniqueEmail('front'));
  const shopper = await page.evaluate(() => localStorage.getItem('access-token'));
  await apiAs(page.request, shopper!, 'post', '/api/carts', { productId, quantity: 1, size: '', color: '' });
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/dashboard/cart?lang=en');
    await expect(page.getByTestId('delivery-fees')).toHaveText(menuTexts.en.delivery);
    await page.goto('/dashboard/cart?lang=bn');
    await expect(page.getByTestId('delivery-fees')).toHaveText(menuTexts.bn.delivery);
  }
});
