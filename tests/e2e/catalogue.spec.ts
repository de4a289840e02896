import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { e2eAdmin } from '../../playwright.config.js';
import { confirmDialog, dialog, logIn } from './support.js';

// The storefront and the admin's catalogue work, against the demo catalogue of a first start.
const demoCategories = ['Figures', 'Trading Cards', 'Apparel', 'Posters', 'Keychains', 'Plush'];

async function asAdmin(page: Page) {
  await page.goto('/login');
  await logIn(page, e2eAdmin.email, e2eAdmin.password);
}

const picture = (color: string) => sharp({ create: { width: 900, height: 900, channels: 3, background: color } }).png().toBuffer();

test('the home page shows the banner slider and a section per category with its cards', async ({ page }) => {
  await page.goto('/');
  const slider = page.getByTestId('banner-slider');
  await expect(slider).toBeVisible();
  await expect(slider.getByRole('img', { name: /Banner/ }).first()).toBeVisible();
  const discover = page.getByRole('region', { name: 'Discover Our Products' });
  await expect(discover.getByRole('heading', { level: 2, name: 'Discover Our Products' })).toBeVisible();
  await expect(discover.getByRole('heading', { level: 3 })).toHaveText(demoCategories);
  // Each card: first image, title, category link, price in BDT.
  const firstCard = discover.getByTestId('product-card').first();
  await expect(firstCard.getByRole('img')).toHaveAttribute('width', /\d+/);
  await expect(firstCard.getByText(/^Price - [\d,]+ BDT$/)).toBeVisible();
  await expect(firstCard.getByRole('link', { name: /^Category - / })).toHaveAttribute('href', /^\/category\//);
});

test('a card leads to its product page; a visitor pressing Add to Cart or Order Now is sent to log in', async ({ page }) => {
  await page.goto('/');
  // Hold the product's answer back: the home page stays on screen with the progress bar under the
  // header until the product page can render (decision 044: page changes are transitions).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/products\/[0-9a-f]{24}$/, async (route) => {
    await held;
    await route.continue();
  });
  const card = page.getByTestId('product-card').filter({ hasText: 'Sleepy Spirit Fox Plush' });
  await card.getByRole('link', { name: 'Sleepy Spirit Fox Plush' }).click();
  await expect(page.locator('.navigation-progress')).toBeAttached();
  await expect(page.getByRole('region', { name: 'Discover Our Products' })).toBeVisible();
  release();
  await expect(page).toHaveURL(/\/product\/[0-9a-f]{24}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sleepy Spirit Fox Plush' })).toBeVisible();
  await expect(page.locator('.navigation-progress')).toHaveCount(0);
  await page.unroute(/\/api\/products\/[0-9a-f]{24}$/);
  await expect(page.getByText('Product Type: Plush')).toBeVisible();
  await expect(page.getByText('Price: 1,400 BDT').or(page.getByText('Price: 1400 BDT'))).toBeVisible();
  await expect(page.getByLabel('Quantity')).toHaveValue('1');
  await expect(page.getByRole('heading', { name: 'All Products' })).toBeVisible();
  const productUrl = page.url();

  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await confirmDialog(page, 'Please login first');
  await expect(page).toHaveURL(/\/login$/);

  // Opened directly, as a shared link is (issue 21): the server's preview tags are in the head, and a
  // person sees the same page (the title the app sets, one heading, no tag text on the page).
  // The first render waits for the page's code and the product (main.tsx), so the product's loading
  // fallback never shows (React would then hold the page back 300 ms); the carousel's code is asked for
  // only after the first photo has loaded (product-gallery.tsx).
  await page.addInitScript(() => {
    const seen = { fallback: false, photoLoaded: false, carouselBeforePhoto: false };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    document.addEventListener(
      'load',
      (event) => {
        if (event.target instanceof HTMLImageElement && event.target.matches('.gallery > img.gallery__image')) seen.photoLoaded = true;
      },
      true,
    );
    new MutationObserver(() => {
      if (document.querySelector('[role="status"][aria-label="Loading product"]')) seen.fallback = true;
      if (document.querySelector('.gallery__swiper') && !seen.photoLoaded) seen.carouselBeforePhoto = true;
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(productUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Sleepy Spirit Fox Plush' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Next photo' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __seen: object }).__seen)).toEqual({ fallback: false, photoLoaded: true, carouselBeforePhoto: false });
  await expect(page).toHaveTitle(/^Sleepy Spirit Fox Plush \| /);
  await expect(page.locator('head meta[property="og:title"]')).toHaveAttribute('content', 'Sleepy Spirit Fox Plush');
  await expect(page.locator('head script[type="application/ld+json"]')).toHaveCount(2);
  expect(await page.locator('body').innerText()).not.toMatch(/schema\.org|og:title|"@type"/);
  await page.getByRole('button', { name: 'Order Now' }).click();
  await confirmDialog(page, 'Please login first');
  await expect(page).toHaveURL(/\/login$/);
});

test('a product opened directly on a slow network shows a spinner while it waits, then the product', async ({ page }) => {
  const products = (await (await page.request.get('/api/products?limit=200')).json()) as Array<{ _id: string; title: string }>;
  const fox = products.find((p) => p.title === 'Sleepy Spirit Fox Plush');
  expect(fox).toBeDefined();
  // Its answer held back: the first render waits for it (main.tsx), at most 1.5 s.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/products\/[0-9a-f]{24}$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/product/${fox?._id ?? ''}`);
  // index.html's own spinner, after a moment, while the app has not rendered yet; then the app's.
  await expect(page.locator('[data-static-shell] .spinner--late')).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading product' })).toBeVisible();
  await expect(page.locator('[data-static-shell]')).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Sleepy Spirit Fox Plush' })).toBeVisible();
  await page.unroute(/\/api\/products\/[0-9a-f]{24}$/);
});

test('a missing product shows a not-found message, and the category pages list their products', async ({ page }) => {
  await page.goto('/product/0123456789abcdef01234567');
  // The product's 404 is the route's not-found page inside the layout (decision 044: no loader).
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('Product not found. It may have been removed, or the link may be wrong.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page).toHaveTitle(/^Page not found \| /);
  // The next page change leaves the error page: the home page renders in the same layout.
  await page.getByRole('main').getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toHaveCount(0);

  await page.goto('/category/Keychains');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Keychains');
  await expect(page.getByTestId('product-card')).toHaveCount(7);
  await page.goto('/allproductandcategories');
  await expect(page.getByTestId('product-card')).toHaveCount(40, { timeout: 10_000 });
});

test('an admin adds a category and a product with an uploaded image, sees it on the home page, updates it, deletes it', async ({ page }) => {
  const stamp = Date.now();
  const category = `Badges ${stamp}`;
  const title = `Enamel Fox Badge ${stamp}`;
  await asAdmin(page);

  await page.goto('/dashboard/addcategory');
  await page.getByLabel('Category Name').fill(category);
  await page.getByRole('button', { name: 'Add Category' }).click();
  await confirmDialog(page, 'Category Added Successfully');

  await page.goto('/dashboard/addproducts');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('A shiny enamel badge.');
  await page.getByLabel('Category').selectOption(category);
  await page.getByLabel('Price').fill('350');
  await page.getByLabel('Sizes', { exact: true }).fill('Small, , Large ');
  await page.getByLabel('Colors', { exact: true }).fill('Gold,Silver');
  await page.getByRole('button', { name: /Add Product/ }).click();
  await confirmDialog(page, 'Image Required');
  await page.getByLabel('Photo 1 (required)').setInputFiles({ name: 'badge.png', mimeType: 'image/png', buffer: await picture('#c0392b') });
  await page.getByRole('button', { name: /Add Product/ }).click();
  await confirmDialog(page, 'Product Added Successfully');

  await page.goto('/');
  const section = page.getByRole('region', { name: 'Discover Our Products' });
  await expect(section.getByRole('heading', { level: 3, name: category })).toBeVisible();
  const card = section.getByTestId('product-card').filter({ hasText: title });
  await expect(card.getByText('Price - 350 BDT')).toBeVisible();
  await expect(card.getByRole('img')).toHaveAttribute('src', /^\/uploads\/[0-9a-f]{64}\.webp$/);
  await card.getByRole('link', { name: title }).click();
  await expect(page.getByText('Sizes: Small, Large')).toBeVisible();
  await expect(page.getByText('Colors: Gold, Silver')).toBeVisible();

  await page.goto('/dashboard/manageproducts');
  await page.getByRole('row').filter({ hasText: title }).getByRole('link', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/dashboard\/updateproduct\/[0-9a-f]{24}$/);
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await page.getByLabel('Price').fill('420');
  await page.getByRole('button', { name: /Update Product/ }).click();
  await confirmDialog(page, 'Image Required');
  await page.getByLabel('Photo 1 (required)').setInputFiles({ name: 'badge2.png', mimeType: 'image/png', buffer: await picture('#2980b9') });
  await page.getByRole('button', { name: /Update Product/ }).click();
  await confirmDialog(page, 'Product Updated Successfully');

  await page.goto('/');
  await expect(page.getByTestId('product-card').filter({ hasText: title }).getByText('Price - 420 BDT')).toBeVisible();

  await page.goto('/dashboard/manageproducts');
  await page.getByRole('row').filter({ hasText: title }).getByRole('button', { name: 'Delete' }).click();
  await confirmDialog(page, 'Are you sure?', 'Yes, delete it!');
  await confirmDialog(page, 'Deleted');
  await page.goto('/');
  await expect(page.getByTestId('product-card').filter({ hasText: title })).toHaveCount(0);
});

test('an admin adds and removes a banner', async ({ page }) => {
  await asAdmin(page);
  await page.goto('/dashboard/managesliders');
  const banners = page.getByTestId('slider-item');
  await expect(banners.first()).toBeVisible();
  const before = await banners.count();

  await page.goto('/dashboard/addslider');
  await page.getByLabel('Slider Image').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: await picture('#16a085') });
  await page.getByRole('button', { name: 'Add Slider' }).click();
  await confirmDialog(page, 'Image Added Successfully');

  await page.goto('/dashboard/managesliders');
  await expect(banners).toHaveCount(before + 1);
  await banners.first().getByRole('button', { name: 'Delete' }).click();
  await expect(dialog(page)).toContainText("You won't be able to revert this!");
  await confirmDialog(page, 'Are you sure?', 'Yes, delete it!');
  await confirmDialog(page, 'Deleted');
  await expect(banners).toHaveCount(before);
});
