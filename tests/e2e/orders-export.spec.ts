import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.js';
import { parseCsv } from '../support/parse-csv.js';
import { logIn, password, uniqueEmail } from './support.js';

// Issue 17, the orders CSV: an admin narrows the desk to one customer's name, clicks Export CSV,
// and the downloaded file holds exactly the orders the desk shows (byte order mark, header, quoting).
const stamp = `${Date.now() % 1_000_000}`;
const category = `Export ${stamp}`;
const title = `Export Kitsune Mug ${stamp}`;
// A name of this journey alone: the desk's filter by it shows this journey's orders only.
const customerName = `Farzana Export${stamp}`;
const image = 'https://images.example.com/export.webp';

let adminToken = '';
let productId = '';
const placed: number[] = [];

async function call(request: APIRequestContext, method: 'post' | 'delete', path: string, token: string, data?: unknown) {
  const res = await request[method](path, { headers: { authorization: `Bearer ${token}` }, ...(data === undefined ? {} : { data }) });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as Record<string, unknown>;
}

test.beforeAll(async ({ request }) => {
  adminToken = ((await (await request.post('/api/auth/login', { data: e2eAdmin })).json()) as { token: string }).token;
  await call(request, 'post', '/api/categories', adminToken, { category });
  const created = await call(request, 'post', '/api/products', adminToken, {
    title,
    description: 'Exported by the CSV journey.',
    category,
    price: 450,
    sizes: [],
    colors: [],
    images: [image],
    variants: [{ size: '', color: '', stock: 50 }],
  });
  productId = created.insertedId as string;
  const signedUp = await request.post('/api/auth/signup', { data: { name: customerName, email: uniqueEmail('export'), password } });
  expect(signedUp.status()).toBe(201);
  const shopper = ((await signedUp.json()) as { token: string }).token;
  const order = async (name: string, address: string, quantity: number) => {
    const phone = `0196${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const body = { name, phone, address, deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery', items: [{ productId, size: '', color: '', quantity }] };
    return ((await call(request, 'post', '/api/orders', shopper, body)).order as { orderNumber: number }).orderNumber;
  };
  placed.push(await order(customerName, 'বাড়ি ৭, রোড ১২, "Lake View", Dhanmondi', 1));
  placed.push(await order(customerName, '=Road 3\nBanani', 3));
  // The same customer under another name: not in the filtered desk, so not in the file.
  await order(`Someone Else ${stamp}`, 'Road 9, Uttara', 2);
});

test.afterAll(async ({ request }) => {
  if (productId) await call(request, 'delete', `/api/products/${productId}`, adminToken);
});

test('an admin filters the desk by a name and exports exactly those orders as CSV', async ({ page, context }) => {
  await context.route(/^https:\/\/images\.example\.com\//, (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/login');
  await logIn(page, e2eAdmin.email, e2eAdmin.password);
  await page.goto('/dashboard/allorders');
  await page.getByLabel('Search orders').fill(customerName);
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByTestId('admin-order')).toHaveCount(2);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...records] = parseCsv(bytes.subarray(3).toString('utf8'));
  const column = (name: string) => header!.indexOf(name);
  expect(records.map((r) => Number(r[column('Order number')]))).toEqual([...placed].reverse());
  expect(records.map((r) => r[column('Customer name')])).toEqual([customerName, customerName]);
  expect(records.map((r) => r[column('Address')])).toEqual(["'=Road 3\nBanani", 'বাড়ি ৭, রোড ১২, "Lake View", Dhanmondi']);
  expect(records.map((r) => r[column('Lines')])).toEqual([`3 x ${title} @ 450`, `1 x ${title} @ 450`]);
  expect(records.map((r) => r[column('Total (BDT)')])).toEqual(['1410', '510']);
  expect(records.map((r) => r[column('Status')])).toEqual(['Pending', 'Pending']);
});
