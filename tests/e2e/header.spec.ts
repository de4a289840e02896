import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminToken, apiAs, categoryWithProduct, signUp, uniqueEmail } from './support.js';

// Issue 33, points 5 and 6: the shop's header on a phone (360 and 390 px) and a laptop (1366 px), in
// English and Bengali. One row for the shop's name, the language switch, the cart and the menu button
// (the search on a row of its own below 1100 px), the header no taller than that; the shop's name
// whole; a cart with its count in view without opening the menu, on the cart, checkout and My Orders
// pages too, with the search and the language switch.
const mainNav = (page: Page) => page.getByRole('navigation', { name: /^(Main|প্রধান)$/ });
const names = {
  en: { menu: 'Menu', cart: /^Cart/, lang: 'বাংলা', search: 'Search products', logIn: 'Log in' },
  bn: { menu: 'মেনু', cart: /^কার্ট/, lang: 'English', search: 'পণ্য খুঁজুন', logIn: 'লগ ইন' },
} as const;

const box = async (locator: Locator) => {
  const b = await locator.boundingBox();
  expect(b, `${locator.toString()} has a box`).not.toBeNull();
  return b!;
};
const middle = async (locator: Locator) => {
  const b = await box(locator);
  return b.y + b.height / 2;
};

/** Whether the element shows all of its text: not cut by an ellipsis, nor clipped. */
const whole = (locator: Locator) =>
  locator.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1 && el.clientWidth > 0);

/** How many lines the element's text takes. */
const lines = (locator: Locator) =>
  locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  });

for (const lang of ['en', 'bn'] as const) {
  for (const width of [360, 390]) {
    test(`a ${width} px phone in ${lang}: one row for the name, the language, the cart and the menu`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/?lang=${lang}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const nav = mainNav(page);
      const header = page.locator('header.site-header');
      const toggle = nav.getByRole('button', { name: names[lang].menu });
      const cart = nav.getByRole('link', { name: names[lang].cart });
      const switchLang = nav.getByRole('button', { name: names[lang].lang });
      const brand = nav.locator('.navbar__brand');
      const search = nav.getByRole('searchbox', { name: names[lang].search });
      for (const part of [toggle, cart, switchLang, brand, search]) await expect(part).toBeVisible();
      await expect(page.locator('[data-static-shell]')).toHaveCount(0);

      // One row: the toggle, the cart and the switch beside the name; the search below them.
      const row = await middle(brand);
      for (const part of [toggle, cart, switchLang]) expect(Math.abs((await middle(part)) - row), `${width} ${lang}`).toBeLessThan(8);
      expect((await box(search)).y).toBeGreaterThan((await box(toggle)).y + (await box(toggle)).height - 1);
      // Every part of the row inside the screen.
      for (const part of [toggle, cart, switchLang, brand]) {
        const b = await box(part);
        expect(b.x).toBeGreaterThanOrEqual(0);
        expect(b.x + b.width).toBeLessThanOrEqual(width);
      }
      // The header stays as tall as its two rows (119 px), never a third (167 px).
      expect((await box(header)).height).toBeLessThanOrEqual(125);
      // The shop's name is whole.
      expect(await whole(nav.locator('.navbar__name'))).toBe(true);
      await expect(nav.locator('.navbar__name')).toHaveText('Otaku Card Bazaar');
    });
  }

  test(`a 1366 px screen in ${lang}: one row, the name whole, Log in on one line, the cart in view`, async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto(`/?lang=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator('[data-static-shell]')).toHaveCount(0);
    const nav = mainNav(page);
    const name = nav.locator('.navbar__name');
    const logIn = nav.getByRole('link', { name: names[lang].logIn, exact: true });
    const cart = nav.getByRole('link', { name: names[lang].cart });
    await expect(logIn).toBeVisible();
    await expect(cart).toBeVisible();
    expect(await whole(name)).toBe(true);
    expect(await lines(logIn)).toBe(1);
    expect(await lines(name)).toBe(1);
    const row = await middle(name);
    for (const part of [logIn, cart, nav.getByRole('searchbox'), nav.getByRole('button', { name: names[lang].lang })]) {
      expect(Math.abs((await middle(part)) - row)).toBeLessThan(8);
    }
    expect((await box(page.locator('header.site-header'))).height).toBeLessThanOrEqual(72);
  });
}

test('the static header painted before the app is the header the app draws (the same height)', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  // The app's code held back: only the static shell shows.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto('/');
  const shell = page.locator('[data-static-shell] header.site-header');
  await expect(shell).toBeAttached();
  const staticHeight = (await box(shell)).height;
  expect(staticHeight).toBeLessThanOrEqual(125);
  await expect(shell.locator('a[href="/dashboard/cart"]')).toBeVisible();
});

test('the cart in the header counts what Add to Cart puts in, and the cart, checkout and My Orders pages keep the search and the language switch', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const stamp = `${Date.now() % 1_000_000}`;
  const token = await adminToken(request);
  const id = await categoryWithProduct(request, token, {
    category: `Header Shelf ${stamp}`,
    title: `Header Tote ${stamp}`,
    description: 'A tote that goes in the cart.',
    price: 450,
    image: 'https://images.example.com/header.webp',
    stock: 9,
  });
  await page.route(/^https:\/\/images\.example\.com\//, (route) => route.fulfill({ status: 404, body: '' }));
  try {
    await page.setViewportSize({ width: 390, height: 800 });
    await signUp(page, 'Header Shopper', uniqueEmail('header'));
    await page.goto(`/product/${id}`);
    const cart = mainNav(page).getByRole('link', { name: /^Cart/ });
    await expect(cart).toBeVisible();
    await expect(cart).toHaveAccessibleName('Cart');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.locator('.swal2-title')).toHaveText(/added to your cart/);
    await page.locator('.swal2-confirm').click();
    // Without a reload, without opening the menu.
    await expect(cart).toHaveAccessibleName('Cart (1 item)');
    await expect(cart).toBeVisible();

    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ['/dashboard/cart', '/dashboard/checkout', '/dashboard/orders']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('searchbox', { name: 'Search products' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'বাংলা' })).toBeVisible();
        await expect(page.getByRole('link', { name: 'Cart (1 item)' }).first()).toBeVisible();
      }
    }
    // The switch works there: the cart page in Bengali, the search and the cart named in Bengali.
    await page.goto('/dashboard/cart');
    await page.getByRole('button', { name: 'বাংলা' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await expect(page.getByRole('searchbox', { name: 'পণ্য খুঁজুন' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^কার্ট \(১টি পণ্য\)/ }).first()).toBeVisible();
  } finally {
    await apiAs(request, token, 'delete', `/api/products/${id}`);
  }
});
