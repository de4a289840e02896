import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.js';
import { adminToken, apiAs, categoryWithProduct, chooseArea, confirmDialog, dialog, logIn, password, uniqueEmail } from './support.js';

// Issue 36, order edits: a shopper orders 2 of a plush; at her call an admin, on a 390 px phone,
// opens the order, makes it 3, adds a tee in L, moves the address to Savar (the zone and fee follow)
// and says why; the form shows the new total before saving, the page the new lines and total after,
// the timeline the change and its reason; the stock moved by the difference; the shopper's My Orders
// shows the new total. A change made meanwhile by someone else is refused and the order reloaded.

const stamp = `${Date.now() % 1_000_000}`;
const plush = `Edit Fox Plush ${stamp}`;
const tee = `Edit Pikachu Tee ${stamp}`;
const customer = { name: `Sadia Islam ${stamp}`, email: uniqueEmail('edit') };
const image = 'https://images.example.com/edit.webp';
const reason = 'Customer called: one more plush, a tee in L, new address';

let admin = '';
let shopper = '';
let plushId = '';
let teeId = '';
const productIds: string[] = [];

type Variant = { size: string; color: string; stock: number };
const stockOf = async (request: APIRequestContext, id: string, size = '') =>
  (await apiAs<{ variants: Variant[] }>(request, admin, 'get', `/api/products/${id}`)).variants.find((v) => v.size === size)?.stock;

test.beforeAll(async ({ request }) => {
  admin = await adminToken(request);
  plushId = await categoryWithProduct(request, admin, { category: `Edit ${stamp}`, title: plush, description: 'Changed in the journey.', price: 500, image, stock: 10 });
  teeId = (
    await apiAs<{ insertedId: string }>(request, admin, 'post', '/api/products', {
      title: tee,
      description: 'Added in the journey.',
      category: `Edit ${stamp}`,
      price: 800,
      sizes: ['M', 'L'],
      colors: [],
      images: [image],
      variants: [
        { size: 'M', color: '', stock: 5 },
        { size: 'L', color: '', stock: 5 },
      ],
    })
  ).insertedId;
  productIds.push(plushId, teeId);
  const signedUp = await request.post('/api/auth/signup', { data: { name: customer.name, email: customer.email, password } });
  expect(signedUp.ok()).toBe(true);
  shopper = ((await signedUp.json()) as { token: string }).token;
});

// Other journeys look at the newest products: take these away again.
test.afterAll(async ({ request }) => {
  for (const id of productIds) await apiAs(request, await adminToken(request), 'delete', `/api/products/${id}`);
});

test.beforeEach(async ({ context }) => {
  await context.route(/^https:\/\/images\.example\.com\//, (route) => route.fulfill({ status: 404, body: '' }));
});

type Placed = { insertedId: string; order: { orderNumber: number; amount: number } };

/** The shopper's order of `quantity` plushes, as the checkout places it: Dhanmondi, Dhaka (Inside Dhaka), cash on delivery. */
const orderPlush = (request: APIRequestContext, quantity: number) =>
  apiAs<Placed>(request, shopper, 'post', '/api/orders', {
    name: customer.name,
    phone: '01712345678',
    address: 'House 5, Road 2, Dhanmondi, Dhaka',
    district: 'Dhaka',
    thana: 'Dhanmondi',
    deliveryLocation: 'Inside Dhaka',
    paymentMethod: 'Cash On Delivery',
    items: [{ productId: plushId, size: '', color: '', quantity }],
  });

async function openOrderAsAdmin(page: Page, orderId: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await logIn(page, e2eAdmin.email, e2eAdmin.password);
  await page.goto(`/dashboard/allorders/${orderId}`);
  await expect(page.getByTestId('order-page')).toBeVisible();
}

test('an admin on a phone changes a quantity, adds a product in a size and moves the address; the stock, timeline and My Orders follow', async ({ page, browser, request }) => {
  const placed = await orderPlush(request, 2);
  expect(placed.order.amount).toBe(1060);
  expect(await stockOf(request, plushId)).toBe(8);

  await openOrderAsAdmin(page, placed.insertedId);
  await page.getByRole('button', { name: 'Change order' }).click();
  const form = page.getByTestId('order-edit');
  await expect(form.getByRole('heading', { name: `Change order ${placed.order.orderNumber}` })).toBeFocused();

  const lines = form.getByTestId('edit-line');
  await expect(lines).toHaveCount(1);
  await lines.first().getByLabel('Quantity').fill('3');

  await form.getByLabel('Add a product').fill(tee);
  const match = form.getByTestId('edit-product-matches').getByRole('listitem').filter({ hasText: tee });
  await match.getByRole('button', { name: 'Add' }).click();
  await expect(lines).toHaveCount(2);
  const added = lines.nth(1);
  await expect(added.getByLabel('Size')).toBeFocused();
  await added.getByLabel('Size').selectOption('L');
  await expect(added).toContainText('5 more in stock');
  await expect(added).toContainText("800 BDT each (today's price)");

  await form.getByLabel('Address').fill('House 9, Road 12, Savar, Dhaka');
  await chooseArea(page, 'Dhaka', 'Savar');
  await expect(form.getByTestId('order-edit-zone')).toHaveValue('Suburbs Dhaka');
  // 3 x 500 + 1 x 800 + 80 (Suburbs Dhaka), before saving.
  await expect(form.getByTestId('edit-total')).toHaveText('2,380 BDT');
  await expect(form).toContainText('before: 1,060 BDT');

  // Why is required.
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByLabel('Why')).toBeFocused();
  await expect(form.getByText('Please say why the order is changed.')).toBeVisible();
  await form.getByLabel('Why').fill(reason);

  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  const axe = await new AxeBuilder({ page }).include('[data-testid="order-edit"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} ${v.help}`)).toEqual([]);

  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog(page).locator('.swal2-html-container')).toHaveText(`Order ${placed.order.orderNumber} now totals 2,380 BDT. The customer is told of the change.`);
  await confirmDialog(page, 'Order changed');
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Change order' })).toBeFocused();

  // The page: the new lines, address, zone and total.
  const items = page.getByRole('region', { name: 'Items' }).getByTestId('order-item');
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: plush })).toContainText('Qty: 3');
  await expect(items.filter({ hasText: tee })).toContainText('Size: L · Qty: 1');
  await expect(page.getByRole('region', { name: 'Items' }).getByTestId('order-total')).toHaveText('2,380 BDT');
  await expect(page.getByTestId('order-customer')).toContainText('House 9, Road 12, Savar, Dhaka');
  await expect(page.getByTestId('order-customer')).toContainText('Suburbs Dhaka');

  // The timeline: who changed it and why, and what changed.
  const edited = page.getByTestId('timeline-event').filter({ hasText: 'Changed by the shop' });
  await expect(edited).toHaveCount(1);
  await expect(edited.getByTestId('edit-reason')).toHaveText(`Changed by ${e2eAdmin.email}: ${reason}`);
  const changes = edited.getByTestId('edit-changes').getByRole('listitem');
  await expect(changes).toHaveText([
    'Address: House 5, Road 2, Dhanmondi, Dhaka → House 9, Road 12, Savar, Dhaka',
    'Thana / Upazila: Dhanmondi → Savar',
    'Delivery zone: Inside Dhaka → Suburbs Dhaka',
    `${plush} 2 → 3`,
    `+ ${tee} (L) × 1`,
    'Delivery fee: 60 BDT → 80 BDT',
    'Total: 1,060 BDT → 2,380 BDT',
  ]);
  await expect(edited).toContainText(`Stock taken: ${plush} × 1; ${tee} (L) × 1`);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);

  // The stock moved by the difference: one more plush, one tee in L, none in M.
  expect([await stockOf(request, plushId), await stockOf(request, teeId, 'L'), await stockOf(request, teeId, 'M')]).toEqual([7, 4, 5]);

  // The shopper's My Orders shows the order as it is now.
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin });
  await context.route(/^https:\/\/images\.example\.com\//, (route) => route.fulfill({ status: 404, body: '' }));
  const mine = await context.newPage();
  await mine.goto('/login');
  await logIn(mine, customer.email);
  await mine.goto('/dashboard/orders');
  const card = mine.getByTestId('order').filter({ hasText: `Order ${placed.order.orderNumber}` });
  await expect(card.getByTestId('order-total')).toHaveText('2,380 BDT');
  await expect(card).toContainText(tee);
  await context.close();
});

test('a change made meanwhile by someone else is refused, and the order is shown as it is now', async ({ page, request }) => {
  const placed = await orderPlush(request, 1);
  const shelf = await stockOf(request, plushId);
  await openOrderAsAdmin(page, placed.insertedId);
  await page.getByRole('button', { name: 'Change order' }).click();
  const form = page.getByTestId('order-edit');
  await form.getByTestId('edit-line').first().getByLabel('Quantity').fill('2');
  await form.getByLabel('Why').fill('Two after all');

  // Another admin changes the address first.
  await apiAs(request, admin, 'patch', `/api/orders/${placed.insertedId}/lines`, { reason: 'New road', address: 'House 1, Road 1, Dhanmondi, Dhaka' });

  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog(page).locator('.swal2-html-container')).toContainText('The order changed after you opened the form.');
  await confirmDialog(page, 'Someone changed this order');
  await expect(form).toHaveCount(0);
  await expect(page.getByTestId('order-customer')).toContainText('House 1, Road 1, Dhanmondi, Dhaka');
  await expect(page.getByRole('region', { name: 'Items' }).getByTestId('order-item')).toContainText('Qty: 1');
  expect(await stockOf(request, plushId)).toBe(shelf);
});
