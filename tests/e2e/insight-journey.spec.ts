import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Download, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.js';
import { parseCsv } from '../support/parse-csv.js';
import { pdfPages, visualOrder } from '../support/pdf-text.js';
import { logIn } from './support.js';

// Issue 17's "done means", in Chromium on the demo shop (its first start placed four weeks of demo
// orders through the ordering path): an admin opens the dashboard and sees the shop's figures and
// chart, then on All Orders narrows the desk to Confirmed orders, downloads the packing slips of the
// first two and the CSV of the filter. The PDF's text and the CSV's rows are checked against the
// orders as the API answers them. Only this shop's own figures are used, never fixed numbers.

type Figures = { orders: number; amount: number };
type Summary = { periods: { last30Days: { confirmed: Figures; pending: Figures; canceled: Figures } } };
type Order = { _id: string; orderNumber: number; name: string; phone: string; address: string; amount: number; status: string; cartItems: Array<{ title: string; quantity: number }> };

let token = '';

async function getJson<T>(request: APIRequestContext, path: string): Promise<{ body: T; total: number }> {
  const res = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), `GET ${path}: ${res.status()}`).toBe(true);
  return { body: (await res.json()) as T, total: Number(res.headers()['x-total-count'] ?? '0') };
}

/** Every Confirmed order the desk lists, newest first, read page by page as the desk does. */
async function confirmedOrders(request: APIRequestContext): Promise<Order[]> {
  const all: Order[] = [];
  for (let offset = 0; ; offset += 200) {
    const { body, total } = await getJson<Order[]>(request, `/api/allOrders?status=Confirmed&limit=200&offset=${offset}`);
    all.push(...body);
    if (all.length >= total || body.length === 0) return all;
  }
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ download: Download; bytes: Buffer }> {
  const downloading = page.waitForEvent('download');
  await click();
  const download = await downloading;
  return { download, bytes: await readFile((await download.path())!) };
}

test.beforeAll(async ({ request }) => {
  token = ((await (await request.post('/api/auth/login', { data: e2eAdmin })).json()) as { token: string }).token;
});

test('an admin sees the demo shop on the dashboard, then downloads packing slips and a CSV that match the orders', async ({ page, request }) => {
  const { body: summary } = await getJson<Summary>(request, '/api/stats/summary');
  const month = summary.periods.last30Days;
  // The demo orders: most confirmed, some pending and canceled.
  expect(month.confirmed.orders).toBeGreaterThan(10);
  expect(month.confirmed.amount).toBeGreaterThan(0);

  await page.goto('/login');
  await logIn(page, e2eAdmin.email, e2eAdmin.password);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  const card = page.getByTestId('period-30-days');
  await expect(card.getByTestId('confirmed-amount')).toHaveText(`${month.confirmed.amount.toLocaleString('en-US')} BDT`);
  await expect(card.getByTestId('confirmed-orders')).toHaveText(`${month.confirmed.orders} orders`);
  await expect(card.getByTestId('canceled-orders')).toContainText(`${month.canceled.orders} order`);
  // The chart is drawn (uPlot's canvas) and its table's total is the 30 days' confirmed revenue.
  await expect(page.getByTestId('sales-chart').locator('canvas').first()).toBeVisible();
  await expect(page.getByTestId('sales-row')).toHaveCount(30);
  await expect(page.getByTestId('sales-total')).toContainText(`${month.confirmed.amount.toLocaleString('en-US')} BDT`);
  await expect(page.getByTestId('top-product').first()).toBeVisible();

  // All Orders, Confirmed only: the first two get their packing slips.
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All Orders' })).toBeVisible();
  await page.getByLabel('Status').selectOption('Confirmed');
  await expect(page).toHaveURL(/[?&]status=Confirmed/);
  const confirmed = await confirmedOrders(request);
  await expect(page.getByTestId('orders-total')).toHaveText(`Total Orders: ${confirmed.length}`);
  const [first, second] = confirmed as [Order, Order];
  await page.getByLabel(`Select order ${first.orderNumber} for packing slips`).check();
  await page.getByLabel(`Select order ${second.orderNumber} for packing slips`).check();
  const slips = await downloaded(page, () => page.getByRole('button', { name: 'Packing slips (2)' }).click());
  const pages = await pdfPages(new Uint8Array(slips.bytes));
  expect(pages).toHaveLength(2);
  // One page per order, by order number; each with who, where and what to collect (compared
  // without white space, which a wrapped line changes; Bengali in the order its glyphs are drawn).
  const squeezed = (text: string) => visualOrder(text).replace(/\s+/g, '');
  for (const order of [first, second]) {
    const text = (pages.find((p) => p.includes(`Order ${order.orderNumber}`)) ?? '').replace(/\s+/g, '');
    expect(text, `the slip of order ${order.orderNumber}`).toContain(squeezed(order.name));
    expect(text).toContain(squeezed(order.address));
    expect(text).toContain(squeezed(order.phone));
    for (const line of order.cartItems) expect(text).toContain(squeezed(line.title));
    expect(text).toContain(squeezed(`Cash On Delivery: collect ${order.amount.toLocaleString('en-US')} BDT`));
  }

  // The CSV of the same filter: every Confirmed order, in the desk's order, with its total.
  const csv = await downloaded(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
  expect(csv.download.suggestedFilename()).toMatch(/^orders-.*\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...rows] = parseCsv(csv.bytes.subarray(3).toString('utf8'));
  const column = (name: string) => {
    const at = header!.indexOf(name);
    expect(at, `column ${name}`).toBeGreaterThanOrEqual(0);
    return at;
  };
  const [numberAt, statusAt, nameAt, totalAt] = [column('Order number'), column('Status'), column('Customer name'), column('Total (BDT)')];
  expect(rows.map((r) => Number(r[numberAt]))).toEqual(confirmed.map((o) => o.orderNumber));
  expect(rows.map((r) => r[totalAt])).toEqual(confirmed.map((o) => String(o.amount)));
  expect(rows.map((r) => r[nameAt])).toEqual(confirmed.map((o) => o.name));
  expect(new Set(rows.map((r) => r[statusAt]))).toEqual(new Set(['Confirmed']));
  expect(rows.reduce((sum, r) => sum + Number(r[totalAt]), 0)).toBeGreaterThanOrEqual(month.confirmed.amount);
});
