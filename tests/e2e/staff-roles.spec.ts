import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page, type Response } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.js';
import { adminToken as logInAdmin, apiAs, categoryWithProduct, confirmDialog, dialog, logIn, password, placeOrder, uniqueEmail } from './support.js';

// Issue 36, the web app shows each person only what they may use: an admin gives a person the order
// desk's role on the users page (a dialog says what the role may do; the last-admin refusal is a
// dialog too); that person, on a phone (375 x 812), lands on the orders, sees the desk's menu without
// Products, Sales or Users, and a products page opened by its address says "Not allowed" without
// logging them out (no call of theirs is answered 401 or 403); a packer lands on the packing page,
// whose Confirmed order shows who, where and what, and no price anywhere; they print its packing slip
// and book it with the local Steadfast.
test.describe.configure({ mode: 'serial' });

const stamp = `${Date.now() % 1_000_000}`;
const category = `Roles ${stamp}`;
const title = `Roles Shiba Keyring ${stamp}`;
// Written with a thousands separator wherever the shop shows it: no phone number or stamp holds it.
const price = 9870;
const buyer = `Roles Buyer ${stamp}`;
const desk = { name: `Desk Rupa ${stamp}`, email: uniqueEmail('desk-role') };
const packer = { name: `Packer Jamal ${stamp}`, email: uniqueEmail('packer-role') };
// Never fetched by the server (it stores the URL); the browser's requests for it are answered below.
const image = 'https://images.example.com/roles.webp';

let adminToken = '';
let productId = '';
let orderNumber = 0;
let packerId = '';

const api = <T>(request: APIRequestContext, method: 'get' | 'post' | 'patch' | 'delete', path: string, data?: unknown) =>
  apiAs<T>(request, adminToken, method, path, data);

async function signUpByApi(request: APIRequestContext, person: { name: string; email: string }): Promise<string> {
  const res = await request.post('/api/auth/signup', { data: { ...person, password } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { user: { _id: string } }).user._id;
}

/** Every answer of the API the page got that would end a session (the app logs out on 401 and 403). */
function refusals(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (response: Response) => {
    if (response.url().includes('/api/') && (response.status() === 401 || response.status() === 403)) seen.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return seen;
}

async function signIn(page: Page, email: string, pass = password) {
  await page.goto('/login');
  await logIn(page, email, pass);
}

/** The dashboard's menu on a phone: opened with its toggle, its links' names. */
async function phoneMenu(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(menu).toBeVisible();
  const names = await menu.getByRole('link').allTextContents();
  await page.keyboard.press('Escape');
  return names;
}

async function expectNoSeriousAxe(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id} ${v.help} (${v.nodes.length})`)).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
}

test.beforeAll(async ({ request }) => {
  adminToken = await logInAdmin(request);
  productId = await categoryWithProduct(request, adminToken, { category, title, description: 'Packed by the staff roles journey.', price, image, size: 'M', color: 'Red', stock: 10 });
  const placed = await placeOrder(request, adminToken, { buyer, productId, quantity: 2, size: 'M', color: 'Red' });
  orderNumber = placed.order.orderNumber;
  await api(request, 'patch', `/api/orders/${placed.insertedId}`, { status: 'Confirmed' });
  await signUpByApi(request, desk);
  packerId = await signUpByApi(request, packer);
  await api(request, 'patch', `/api/users/${packerId}/role`, { role: 'packing' });
});

test.beforeEach(async ({ context }) => {
  await context.route(/^https:\/\/images\.example\.com\//, (route) => route.fulfill({ status: 404, body: '' }));
});

test.afterAll(async ({ request }) => {
  if (productId) await api(request, 'delete', `/api/products/${productId}`);
});

test('an admin makes a person the order desk on the users page; the last-admin refusal is a dialog', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, e2eAdmin.email, e2eAdmin.password);
  await page.goto(`/dashboard/users?q=${encodeURIComponent(desk.email)}`);
  const row = page.getByTestId('user-row').filter({ hasText: desk.email });
  const role = row.getByRole('combobox', { name: `Role of ${desk.name}` });
  await expect(role).toHaveValue('customer');
  // What each role may do, on the page and in the dialog.
  await page.getByTestId('role-descriptions').getByText('What each role may do').click();
  const packing = page.getByTestId('role-descriptions').locator('div').filter({ has: page.getByRole('term').getByText('Packing', { exact: true }) });
  await expect(packing.getByRole('definition')).toHaveText('Confirmed orders without prices: packing slips and courier bookings.');

  await role.selectOption('desk');
  await expect(dialog(page)).toContainText('Orders: confirm, cancel, change and delete them');
  await confirmDialog(page, `Give ${desk.name} the role Order desk?`, 'Yes, change the role');
  await confirmDialog(page, `The role of ${desk.name} is now Order desk`);
  await expect(role).toHaveValue('desk');
  // Make Admin stays beside the role (the spec's one press to an admin).
  await expect(row.getByRole('button', { name: 'Make Admin' })).toBeVisible();
  // One's own role is not a choice here.
  await page.goto(`/dashboard/users?q=${encodeURIComponent(e2eAdmin.email)}`);
  const own = page.getByTestId('user-row').filter({ hasText: e2eAdmin.email });
  await expect(own).toContainText('Admin');
  await expect(own.getByRole('combobox')).toHaveCount(0);

  // The server keeps the last admin (409 users/last-admin): its refusal reaches the admin as a dialog.
  // Here the answer is the server's own words, made for a user the shop has other admins beside.
  await page.goto(`/dashboard/users?q=${encodeURIComponent(packer.email)}`);
  await page.route(`**/api/users/${packerId}/role`, (route) =>
    route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: { code: 'users/last-admin', message: 'The last admin cannot lose the role.' } }) }),
  );
  const packerRole = page.getByTestId('user-row').filter({ hasText: packer.email }).getByRole('combobox');
  await expect(packerRole).toHaveValue('packing');
  await packerRole.selectOption('customer');
  await confirmDialog(page, `Give ${packer.name} the role Customer?`, 'Yes, change the role');
  await expect(dialog(page)).toContainText('The last admin cannot lose the role.');
  await confirmDialog(page, 'Role not changed');
  await expect(packerRole).toHaveValue('packing');
  await page.unroute(`**/api/users/${packerId}/role`);
});

test('the order desk, on a phone, sees its menu and pages only; a products page says Not allowed and keeps them signed in', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const refused = refusals(page);
  await signIn(page, desk.email);

  // /dashboard takes the desk to its orders.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/allorders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All Orders' })).toBeVisible();
  expect(await phoneMenu(page)).toEqual(['Home', 'Orders', 'Packing', 'Take an Order', 'Blocked Phones']);
  // The desk confirms and cancels (orders.manage) and books (orders.pack).
  const ours = page.getByTestId('admin-order').filter({ hasText: buyer });
  await page.goto(`/dashboard/allorders?q=${encodeURIComponent(buyer)}`);
  await expect(ours).toHaveCount(1);
  await expect(ours.getByRole('button', { name: 'Confirm' })).toBeVisible();
  await expect(ours.getByTestId('book-order')).toBeVisible();
  await expectNoSidewaysScroll(page);

  // A page of the catalogue, opened by its address: not allowed, said plainly, still signed in.
  await page.goto('/dashboard/manageproducts');
  const notAllowed = page.getByTestId('not-allowed');
  await expect(notAllowed.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
  await expect(notAllowed).toContainText('Your role (Order desk) does not open this page.');
  await expect(page).toHaveURL(/\/dashboard\/manageproducts$/);
  await expect(page.getByTestId('dashboard-user')).toContainText(desk.name);
  expect(await page.evaluate(() => localStorage.getItem('access-token'))).not.toBeNull();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousAxe(page);
  // The sales overview and the users are not theirs either.
  for (const path of ['/dashboard/couriercash', '/dashboard/users', '/dashboard/audit']) {
    await page.goto(path);
    await expect(page.getByTestId('not-allowed')).toBeVisible();
  }
  // In Bengali too.
  await page.goto('/dashboard/addproducts?lang=bn');
  await expect(page.getByRole('heading', { level: 1, name: 'অনুমতি নেই' })).toBeVisible();
  await expect(page.getByTestId('not-allowed')).toContainText('আপনার ভূমিকা (অর্ডার ডেস্ক)');
  await page.getByRole('link', { name: 'আমার ড্যাশবোর্ডে যান' }).click();
  await expect(page).toHaveURL(/\/dashboard\/allorders$/);
  await page.goto('/dashboard/profile?lang=en');
  await expect(page.getByTestId('profile-role')).toHaveText('Order desk');

  expect(refused, 'answers that would have logged the desk out').toEqual([]);
});

test('a packer sees the packing page, with no price on it, prints the packing slip and books the order', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const refused = refusals(page);
  await signIn(page, packer.email);

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/packing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Packing' })).toBeVisible();
  expect(await phoneMenu(page)).toEqual(['Home', 'Packing']);

  // Only those not booked yet, found by the buyer's name.
  const main = page.getByRole('main');
  await main.getByRole('combobox', { name: 'Delivery' }).selectOption('unbooked');
  await expect(page).toHaveURL(/[?&]delivery=unbooked/);
  await main.getByRole('searchbox', { name: 'Search orders' }).fill(buyer);
  await main.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  const order = page.getByTestId('packing-order');
  await expect(order).toHaveCount(1);
  await expect(order).toContainText(`Order ${orderNumber}`);
  await expect(order).toContainText(buyer);
  await expect(order).toContainText('1712345678');
  await expect(order).toContainText('House 5, Road 2, Dhanmondi, Dhaka');
  await expect(order).toContainText('Not booked yet');
  const line = order.getByTestId('order-item');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(title);
  await expect(line).toContainText('Size: M');
  await expect(line).toContainText('Color: Red');
  await expect(line).toContainText('Qty: 2');
  await expect(line.locator('img')).toHaveCount(1);

  // No price anywhere on the page: no taka sign, no BDT, no amount of the order.
  const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
  for (const money of ['৳', 'BDT', 'Tk', 'টাকা', price.toLocaleString('en-US'), (price * 2).toLocaleString('en-US'), 'Total', 'Price']) {
    expect(text, `"${money}" on the packing page`).not.toContain(money);
  }
  await expectNoSidewaysScroll(page);
  await expectNoSeriousAxe(page);

  // Its packing slip, then its booking with Steadfast.
  await page.getByTestId('pick-packing-order').check();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Packing slips (1)' }).click();
  expect((await download).suggestedFilename()).toBe(`packing-slips-${orderNumber}.pdf`);
  await page.getByRole('button', { name: 'Book with courier (1)' }).click();
  await expect(dialog(page).locator('.swal2-title')).toHaveText('Book 1 order with');
  await dialog(page).getByRole('button', { name: 'Book 1 order' }).click();
  await expect(dialog(page).locator('.swal2-title')).toHaveText('1 of 1 booked', { timeout: 30_000 });
  await confirmDialog(page, '1 of 1 booked');
  // Booked now: gone from those to book, shown with its parcel among the booked.
  await expect(page.getByTestId('empty-state')).toHaveText('No Confirmed order matches.');
  await main.getByRole('combobox', { name: 'Delivery' }).selectOption('booked');
  await expect(order).toHaveCount(1);
  await expect(order.getByTestId('parcel')).toContainText('Parcel: Booked');

  // The desk's pages are not theirs: the orders with their prices, the order page.
  await page.goto('/dashboard/allorders');
  await expect(page.getByTestId('not-allowed')).toContainText('Your role (Packing) does not open this page.');

  expect(refused, 'answers that would have logged the packer out').toEqual([]);
});
