import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminToken, apiAs, categoryWithProduct, chooseArea, confirmDialog, dialog, logIn, password, smsTo, uniqueEmail } from './support.js';

// Issue 36, the whole journey: an admin makes a person the order desk; a caller without an account
// phones the shop. The desk person, on a 375 px phone, opens Take an Order from the dashboard's menu
// (Products and the sales overview are not in it, and not open to them), types the number first (a
// new one: the shop knows nothing of it), the name and address and area, adds a plush and a tee in L
// from the catalogue (the stock shows), gives 100 taka off with a reason; the summary is the server's
// price; a discount past the desk's limit (300 taka by default) is refused in a dialog; taken, the
// order's page shows the channel, the discount and its reason, the stock moved and the caller gets the
// SMS. The caller phones again: the desk changes the tee's size and the address; the caller gets an
// SMS of the change, the log names the desk for both, and the order log still verifies. Looked up
// again, the phone fills the name and address in.

const stamp = `${Date.now() % 1_000_000}`;
const plush = `Desk Fox Plush ${stamp}`;
const tee = `Desk Pikachu Tee ${stamp}`;
const image = 'https://images.example.com/desk.webp';
// A number no other journey uses: its customer record is made here.
const phone = `0161${String(Date.now() % 10_000_000).padStart(7, '0')}`;
const normalised = `+88${phone}`;

let admin = '';
const desk = { name: `Desk Nila ${stamp}`, email: uniqueEmail('desk-take') };
let plushId = '';
let teeId = '';

type Variant = { size: string; color: string; stock: number };
const stockOf = async (request: APIRequestContext, id: string, size = '') =>
  (await apiAs<{ variants: Variant[] }>(request, admin, 'get', `/api/products/${id}`)).variants.find((v) => v.size === size)?.stock;

test.beforeAll(async ({ request }) => {
  admin = await adminToken(request);
  // The admin makes a new account the order desk (the Users page does the same: staff-roles.spec.ts).
  const signedUp = await request.post('/api/auth/signup', { data: { ...desk, password } });
  expect(signedUp.ok(), await signedUp.text()).toBe(true);
  const deskId = ((await signedUp.json()) as { user: { _id: string } }).user._id;
  await apiAs(request, admin, 'patch', `/api/users/${deskId}/role`, { role: 'desk' });
  plushId = await categoryWithProduct(request, admin, { category: `Desk ${stamp}`, title: plush, description: 'Taken on the phone.', price: 500, image, stock: 10 });
  teeId = (
    await apiAs<{ insertedId: string }>(request, admin, 'post', '/api/products', {
      title: tee,
      description: 'Taken on the phone.',
      category: `Desk ${stamp}`,
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
});

// Other journeys look at the newest products: take these away again.
test.afterAll(async ({ request }) => {
  for (const id of [plushId, teeId]) await apiAs(request, await adminToken(request), 'delete', `/api/products/${id}`);
});

test.beforeEach(async ({ context }) => {
  await context.route(/^https:\/\/images\.example\.com\//, (route) => route.fulfill({ status: 404, body: '' }));
});

test('on a 375 px phone, the order desk takes an order for a caller without an account, then changes it at their request', async ({ page, request }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/login');
  await logIn(page, desk.email);
  // Not the desk's: the products and the sales figures.
  await page.goto('/dashboard/manageproducts');
  await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
  await page.goto('/dashboard/profile');
  // The dashboard's menu, folded on a phone.
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(menu.getByRole('link', { name: 'Take an Order' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Manage Products' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Overview' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Take an Order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/take-order$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Take an Order' })).toBeVisible();

  // The phone first: a number the shop does not know.
  await page.getByLabel('Phone Number').fill(phone);
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByTestId('take-order-known')).toHaveText('New customer: no order with this phone yet.');
  await page.getByLabel('Full Name').fill('Jamal Hossain');
  await page.getByLabel('Address').fill('House 7, Road 3, Dhanmondi');
  await chooseArea(page, 'Dhaka', 'Dhanmondi');
  await expect(page.getByTestId('take-order-zone')).toHaveValue('Inside Dhaka');

  // The items, from the catalogue, with their stock.
  const search = page.getByLabel('Add a product');
  await search.fill(plush);
  await page.getByTestId('take-order-matches').getByRole('listitem').filter({ hasText: plush }).getByRole('button', { name: 'Add' }).click();
  const lines = page.getByTestId('take-order-line');
  await expect(lines).toHaveCount(1);
  await lines.first().getByLabel('Quantity').fill('2');
  await expect(lines.first().getByTestId('take-order-stock')).toHaveText('10 in stock');
  await search.fill(tee);
  await page.getByTestId('take-order-matches').getByRole('listitem').filter({ hasText: tee }).getByRole('button', { name: 'Add' }).click();
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(1).getByLabel('Size')).toBeFocused();
  await lines.nth(1).getByLabel('Size').selectOption('L');
  await expect(lines.nth(1).getByTestId('take-order-stock')).toHaveText('5 in stock');

  // The server's price: 2 x 500 + 800 + 60.
  const summary = page.getByTestId('take-order-summary');
  await expect(summary.getByTestId('take-order-total')).toHaveText('1,860 BDT');

  // Past the desk's limit (300 taka by default): the summary says so, and so does taking it.
  await page.getByLabel('Came by').selectOption('phone');
  await page.getByLabel('Discount (taka)').fill('400');
  await page.getByLabel('Why the discount').fill('Too generous');
  await expect(summary.getByTestId('take-order-problem')).toContainText('You may give at most 300 BDT on one order');
  await page.getByRole('button', { name: 'Take the order' }).click();
  await expect(dialog(page)).toContainText('You may give at most 300 BDT on one order');
  await confirmDialog(page, 'The order was not taken');

  // A discount within it, with its reason.
  await page.getByLabel('Discount (taka)').fill('100');
  await page.getByLabel('Why the discount').fill('');
  await page.getByRole('button', { name: 'Take the order' }).click();
  await expect(page.getByLabel('Why the discount')).toBeFocused();
  await expect(page.getByText('Say why you give the discount.')).toBeVisible();
  await page.getByLabel('Why the discount').fill('Regular caller');
  await expect(summary).toContainText('Discount from the shop');
  await expect(summary.getByTestId('take-order-total')).toHaveText('1,760 BDT');

  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  const axe = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} ${v.help}`)).toEqual([]);

  await page.getByRole('button', { name: 'Take the order' }).click();
  await expect(dialog(page).locator('.swal2-html-container')).toHaveText('1,760 BDT, cash on delivery. The customer gets an SMS.');
  await confirmDialog(page, /^Order \d+ taken$/);

  // The order's page: the desk's like any order, with where it came from and what was given why.
  await expect(page).toHaveURL(/\/dashboard\/allorders\/[0-9a-f]{24}$/);
  await expect(page.getByTestId('order-customer')).toContainText('Jamal Hossain');
  await expect(page.getByTestId('order-customer')).toContainText(normalised);
  await expect(page.getByTestId('order-taken')).toContainText(`On the phone, by ${desk.email}`);
  await expect(page.getByTestId('order-taken')).toContainText('Regular caller');
  await expect(page.getByRole('region', { name: 'Items' }).getByTestId('order-total')).toHaveText('1,760 BDT');
  await expect(page.getByRole('region', { name: 'Items' })).toContainText('Discount from the shop');
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);

  // The stock moved; the caller got the same SMS as an order placed online.
  expect([await stockOf(request, plushId), await stockOf(request, teeId, 'L'), await stockOf(request, teeId, 'M')]).toEqual([8, 4, 5]);
  await expect.poll(async () => (await smsTo(normalised)).map((m) => m.message).join('\n'), { timeout: 15_000 }).toMatch(/Order \d+ placed: 1,760 BDT, cash on delivery/);

  const orderUrl = page.url();
  const orderId = orderUrl.split('/').pop() ?? '';

  // The caller phones again: the tee in M after all, and another address (the same thana).
  await page.getByRole('button', { name: 'Change order' }).click();
  const form = page.getByTestId('order-edit');
  const editLines = form.getByTestId('edit-line');
  await expect(editLines).toHaveCount(2);
  await editLines.filter({ hasText: tee }).getByLabel('Size').selectOption('M');
  await form.getByLabel('Address').fill('House 12, Road 5, Dhanmondi');
  await form.getByLabel('Why').fill('The caller asked for M and a new address');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await confirmDialog(page, 'Order changed');
  const items = page.getByRole('region', { name: 'Items' }).getByTestId('order-item');
  await expect(items.filter({ hasText: tee })).toContainText('Size: M · Qty: 1');
  await expect(page.getByTestId('order-customer')).toContainText('House 12, Road 5, Dhanmondi');
  await expect(page.getByRole('region', { name: 'Items' }).getByTestId('order-total')).toHaveText('1,760 BDT');
  // The stock follows: the L back, an M taken.
  expect([await stockOf(request, teeId, 'L'), await stockOf(request, teeId, 'M')]).toEqual([5, 4]);

  // The log names the desk for both; the caller heard of both.
  const events = page.getByTestId('timeline-event');
  await expect(events.filter({ hasText: `by the order desk (${desk.email})` }).first()).toBeVisible();
  await expect(events.filter({ hasText: 'Changed by the shop' }).getByTestId('edit-reason')).toHaveText(`Changed by ${desk.email}: The caller asked for M and a new address`);
  const logged = await apiAs<Array<{ type: string; actor: { email: string; role: string } }>>(request, admin, 'get', `/api/orders/${orderId}/events`);
  expect(logged.map((e) => [e.type, e.actor.email, e.actor.role])).toEqual([
    ['Placed', desk.email, 'desk'],
    ['Edited', desk.email, 'desk'],
  ]);
  await expect.poll(async () => (await smsTo(normalised)).map((m) => m.message).join('\n'), { timeout: 15_000 }).toMatch(/Order \d+ was changed: total now 1,760 BDT/);
  await expect
    .poll(async () => {
      const report = await apiAs<{ verified: boolean; problem: unknown; uncheckedEvents?: number }>(request, admin, 'get', '/api/audit?limit=1&offset=0');
      return report.uncheckedEvents ? 'checking' : report.verified && report.problem === null;
    })
    .toBe(true);

  // Looked up again, the phone is known: its name and address fill in.
  await page.goto('/dashboard/take-order');
  await page.getByLabel('Phone Number').fill(phone);
  await page.getByLabel('Phone Number').press('Enter');
  await expect(page.getByTestId('take-order-known')).toContainText('Known customer: 1 order with this phone');
  await expect(page.getByLabel('Full Name')).toHaveValue('Jamal Hossain');
  // The record keeps what the desk typed when taking it (an edit changes the order, not the record).
  await expect(page.getByLabel('Address')).toHaveValue('House 7, Road 3, Dhanmondi');
  await expect(page.getByTestId('take-order-zone')).toHaveValue('Inside Dhaka');
});
