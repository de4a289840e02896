import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.js';
import { confirmDialog, dialog, signUp, uniqueEmail } from './support.js';

// Issue 15, the cart: a shopper changes a line's quantity in the cart, up to what is in stock (more
// shows the server's 409 message), and on a 390 px wide phone every column of a line stays in view.
const stamp = `${Date.now() % 1_000_000}`;
const category = `Cart ${stamp}`;
const title = `Limited Booster Box ${stamp}`;
// Never fetched by the server (it stores the URL); the browser's requests for it are answered below.
const image = 'https://images.example.com/cart.webp';

let adminToken = '';
let productId = '';

async function api(request: APIRequestContext, token: string, method: 'post' | 'delete', path: string, data?: unknown) {
  const res = await request[method](path, { headers: { authorization: `Bearer ${token}` }, ...(data === undefined ? {} : { data }) });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as Record<string, unknown>;
}

test.beforeAll(async ({ request }) => {
  adminToken = ((await (await request.post('/api/auth/login', { data: e2eAdmin })).json()) as { token: string }).token;
  await api(request, adminToken, 'post', '/api/categories', { category });
  const created = await api(request, adminToken, 'post', '/api/products', {
    title,
    description: 'Three left, and then no more.',
    category,
    price: 700,
    sizes: [],
    colors: [],
    images: [image],
    variants: [{ size: '', color: '', stock: 3 }],
  });
  productId = created.insertedId as string;
});

// Other journeys count the catalogue's products: take this one away again.
test.afterAll(async ({ request }) => {
  if (productId) await api(request, adminToken, 'delete', `/api/products/${productId}`);
});

test.beforeEach(async ({ page }) => {
  await page.route(/^https:\/\/images\.example\.com\//, (route) => route.fulfill({ status: 404, body: '' }));
});

/** A new shopper, signed up through the browser, with one of the product in the cart (added through the API as the shopper). */
/** WCAG 2.1 AA: no serious or critical violation on the page as it is. */
async function expectAccessible(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${where}: ${v.id} ${v.help} (${v.nodes.length})`)).toEqual([]);
}

async function shopperWithTheBox(page: Page) {
  await signUp(page, 'Rina Akter', uniqueEmail('cart'));
  const token = await page.evaluate(() => localStorage.getItem('access-token'));
  expect(token).toBeTruthy();
  await api(page.request, token!, 'post', '/api/carts', { productId, quantity: 1, size: '', color: '' });
  await page.goto('/dashboard/cart');
  const line = page.getByTestId('cart-line').filter({ hasText: title });
  await expect(line).toBeVisible();
  return line;
}

test('a shopper raises a line to what is in stock; one more shows how many are left', async ({ page }) => {
  await signUp(page, 'Rina Akter', uniqueEmail('cart'));
  // A full page load restores the session of the earlier visit: until it is back, the buttons
  // wait (pressed then, a signed-in shopper was told to log in first and sent to /login).
  let restore = () => {};
  const held = new Promise<void>((resolve) => (restore = resolve));
  await page.route('**/api/auth/me', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Order Now' })).toBeDisabled();
  restore();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  await page.unroute('**/api/auth/me');
  await page.getByLabel('Quantity').fill('1');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await confirmDialog(page, `${title} added to your cart`);

  await page.goto('/dashboard/cart');
  const line = page.getByTestId('cart-line').filter({ hasText: title });
  const quantity = line.getByRole('spinbutton', { name: `Quantity of ${title}` });
  await expect(quantity).toHaveValue('1');
  await expect(line.getByTestId('cart-line-stock')).toHaveText('Only 3 left');
  await expect(page.getByTestId('cart-total-price')).toHaveText(/Total Price: 700 BDT/);

  await line.getByRole('button', { name: `One more ${title}` }).click();
  await expect(page.getByTestId('cart-total-items')).toHaveText('Total Items: 2');
  await quantity.fill('3');
  await quantity.press('Enter');
  await expect(page.getByTestId('cart-total-items')).toHaveText('Total Items: 3');
  await expect(page.getByTestId('cart-total-price')).toHaveText(/Total Price: 2,?100 BDT/);
  await expect(line.getByTestId('cart-line-price')).toHaveText(/2,?100 BDT/);

  await quantity.fill('4');
  await quantity.press('Enter');
  await expect(dialog(page)).toContainText(`Only 3 of ${title} are left.`);
  await confirmDialog(page, 'Could not change the quantity');
  await expect(quantity).toHaveValue('3');
  await expect(page.getByTestId('cart-total-price')).toHaveText(/Total Price: 2,?100 BDT/);

  await line.getByRole('button', { name: `One less ${title}` }).click();
  await expect(page.getByTestId('cart-total-items')).toHaveText('Total Items: 2');
  await expect(quantity).toHaveValue('2');
});

test.describe('on a 390 px wide phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('every column of a cart line is in view without scrolling sideways', async ({ page }) => {
    const line = await shopperWithTheBox(page);
    const controls = {
      title: line.getByRole('rowheader'),
      quantity: line.getByRole('spinbutton', { name: `Quantity of ${title}` }),
      more: line.getByRole('button', { name: `One more ${title}` }),
      price: line.getByTestId('cart-line-price'),
      remove: line.getByRole('button', { name: 'Remove' }),
    };
    for (const [name, control] of Object.entries(controls)) {
      await expect(control, name).toBeVisible();
      const box = await control.boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x, `${name} left edge`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `${name} right edge`).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The table's own region does not scroll sideways either.
    const region = page.locator('.table-scroll');
    expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await expect(controls.price).toHaveText(/700 BDT/);
    await expectAccessible(page, '390 px');
    // Nor at the widths where the dashboard menu sits beside the page and leaves the table little room.
    for (const width of [700, 900, 1100]) {
      await page.setViewportSize({ width, height: 844 });
      expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth), `at ${width} px`).toBeLessThanOrEqual(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `at ${width} px`).toBeLessThanOrEqual(width);
    }
    await expectAccessible(page, 'the table at 1100 px');
  });
});
