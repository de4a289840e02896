import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatMoney, formatNumber } from '../../src/shared/locale-format.js';
import { e2eAdmin } from '../../playwright.config.js';
import { adminToken as logInAdmin, apiAs, categoryWithProduct, dialog, logIn, placeOrder } from './support.js';

// Issue 18, the admin's pages in Bengali (?lang=bn). The Overview: headings, cards, range controls,
// the chart's legend and summary, the sales table, top products and low stock in Bengali, money and
// numbers in Bengali digits as GET /api/stats/summary answers them. All Orders: its controls, columns,
// buttons and the Confirm and Delete dialogs. No English word is left on either page but data (product
// titles, sizes and colors, customers) and the shared parts (pager, order lines, status badge).
// The product and its orders are the test's own.
const stamp = `${Date.now() % 1_000_000}`;
const category = `Bhasha Insight ${stamp}`;
const title = `Bhasha Tanuki ${stamp}`;
const image = 'https://images.example.com/bhasha-insight.webp';

type Figures = { orders: number; amount: number };
type Summary = { periods: { today: { confirmed: Figures; pending: Figures } } };

let adminToken = '';
let productId = '';
let pendingNumber = 0;
const buyer = `Bhasha Buyer ${stamp}`;

/** The admin's call of the API (the journey's own setup). */
const api = <T>(request: APIRequestContext, method: 'get' | 'post' | 'patch' | 'delete', path: string, data?: unknown) =>
  apiAs<T>(request, adminToken, method, path, data);

test.beforeAll(async ({ request }) => {
  adminToken = await logInAdmin(request);
  const variant = { size: 'XL', color: 'Teal' };
  productId = await categoryWithProduct(request, adminToken, { category, title, description: 'Counted by the Bengali overview.', price: 1250, image, ...variant, stock: 4 });
  const placed = await placeOrder(request, adminToken, { buyer, productId, quantity: 2, ...variant });
  await api(request, 'patch', `/api/orders/${placed.insertedId}`, { status: 'Confirmed' });
  // Left Pending, for the desk's Confirm.
  const pending = await placeOrder(request, adminToken, { buyer, productId, quantity: 1, ...variant });
  pendingNumber = pending.order.orderNumber;
});

test.beforeEach(async ({ context }) => {
  await context.route(/^https:\/\/images\.example\.com\//, (route) => route.fulfill({ status: 404, body: '' }));
});

test.afterAll(async ({ request }) => {
  if (productId) await api(request, 'delete', `/api/products/${productId}`);
});

/** A page's visible text without its data (product titles, sizes and colors, customers) and the shared parts. */
async function textWithoutData(page: Page, selector = '.insights'): Promise<string> {
  return page.locator(selector).evaluate((root) => {
    const copy = root.cloneNode(true) as HTMLElement;
    const data = '.insight-table__name, [data-testid="pager"], .order-desk__customer, .order-desk__items, .order-desk__status';
    for (const part of copy.querySelectorAll(data)) part.remove();
    // "XL, Teal: ২ · আরও ১টি": the names of sizes and colors are data.
    for (const cell of copy.querySelectorAll('.insight-table__low')) cell.textContent = (cell.textContent ?? '').replace(/[^·:]+:/g, '');
    document.body.append(copy);
    const text = copy.innerText;
    copy.remove();
    return text;
  });
}

test("an admin's Overview in Bengali: every text, money and number in Bengali", async ({ page, request }) => {
  const summary = await api<Summary>(request, 'get', '/api/stats/summary');
  const today = summary.periods.today;
  await page.goto('/login');
  await logIn(page, e2eAdmin.email, e2eAdmin.password);
  await page.goto('/dashboard?lang=bn');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('heading', { level: 1, name: 'সারসংক্ষেপ' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'এক নজরে বিক্রি' })).toBeVisible();

  const card = page.getByTestId('period-today');
  await expect(card.getByRole('heading', { name: 'আজ' })).toBeVisible();
  await expect(card.getByTestId('confirmed-amount')).toHaveText(formatMoney(today.confirmed.amount, 'bn'));
  await expect(card.getByTestId('confirmed-orders')).toHaveText(`${formatNumber(today.confirmed.orders, 'bn')}টি অর্ডার`);
  await expect(card.getByTestId('pending-amount')).toHaveText(formatMoney(today.pending.amount, 'bn'));
  await expect(card).toContainText('বাতিলের হার');

  for (const name of ['৭ দিন', '৩০ দিন', '৯০ দিন', '১২ মাস', 'দেখুন']) await expect(page.getByRole('main').getByRole('button', { name, exact: true })).toBeVisible();
  const chart = page.getByTestId('sales-chart');
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(chart).toHaveAttribute('aria-label', /দিন অনুযায়ী নিশ্চিত আয়: মোট [০-৯,]+ টাকা/);
  await expect(chart).toContainText('নিশ্চিত অর্ডারের আয়');
  await expect(page.getByTestId('sales-total')).toContainText('মোট');
  await expect(page.getByTestId('sales-row').last().getByTestId('sales-confirmed-amount')).toHaveText(formatMoney(today.confirmed.amount, 'bn'));

  await expect(page.getByRole('heading', { name: 'সেরা পণ্য' })).toBeVisible();
  // The demo orders may outsell this product: the first row's units and revenue in Bengali digits.
  await expect(page.getByTestId('top-product').first().locator('td').last()).toHaveText(/^[০-৯,]+ টাকা$/);
  await expect(page.getByTestId('top-product').first().locator('td').first()).toHaveText(/^[০-৯,]+$/);
  await expect(page.getByRole('heading', { name: 'স্টক কম' })).toBeVisible();
  // Stock 4, less the two orders' 2 and 1.
  await expect(page.getByTestId('low-stock-product').filter({ hasText: title }).locator('.insight-table__low')).toHaveText('XL, Teal: ১');

  const text = await textWithoutData(page);
  expect(text.match(/[A-Za-z]{2,}/g) ?? [], text).toEqual([]);
  expect(text.match(/[0-9]/g) ?? [], text).toEqual([]);

  // By week: the table's rows name each week in Bengali.
  await page.getByRole('combobox', { name: 'ভাগ করুন' }).selectOption('week');
  await expect(page.getByTestId('sales-row').first().getByRole('rowheader')).toHaveText(/^[০-৯]+ \S+, [০-৯]{4} থেকে সপ্তাহ$/);
  await expect(chart).toHaveAttribute('aria-label', /সপ্তাহ অনুযায়ী/);
  const weekly = await textWithoutData(page);
  expect(weekly.match(/[A-Za-z]{2,}/g) ?? [], weekly).toEqual([]);

  // And back in English, as before.
  await page.goto('/dashboard?lang=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(page.getByTestId('period-today').getByTestId('confirmed-amount')).toHaveText(`${today.confirmed.amount.toLocaleString('en-US')} BDT`);
});

test('All Orders in Bengali: controls, columns, buttons and the Confirm and Delete dialogs', async ({ page }) => {
  await page.goto('/login');
  await logIn(page, e2eAdmin.email, e2eAdmin.password);
  await page.goto(`/dashboard/allorders?lang=bn&q=${encodeURIComponent(buyer)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'সব অর্ডার' })).toBeVisible();
  await expect(page.getByTestId('orders-total')).toHaveText('মোট অর্ডার: ২');
  for (const name of ['খুঁজুন', 'সিএসভি ডাউনলোড', 'প্যাকিং স্লিপ (০)', 'সব অর্ডার দেখুন']) await expect(page.getByRole('main').getByRole('button', { name, exact: true })).toBeVisible();
  const rows = page.getByTestId('admin-order');
  await expect(rows).toHaveCount(2);
  const pendingRow = rows.filter({ has: page.getByRole('link', { name: `অর্ডার ${formatNumber(pendingNumber, 'bn').replace(/,/g, '')}`, exact: true }) });
  await expect(pendingRow.getByTestId('order-total')).toHaveText(/^[০-৯,]+ টাকা$/);
  await expect(pendingRow).toContainText('ঢাকার ভিতরে');
  await expect(pendingRow.locator('time')).toHaveText(/^[০-৯]+ \S+, [০-৯]{4}, [০-৯]{2}:[০-৯]{2}$/);

  const text = await textWithoutData(page, '.order-desk');
  expect(text.match(/[A-Za-z]{2,}/g) ?? [], text).toEqual([]);
  expect(text.match(/[0-9]/g) ?? [], text).toEqual([]);

  await pendingRow.getByRole('button', { name: 'নিশ্চিত করুন' }).click();
  await expect(dialog(page)).toContainText('সফল: অর্ডার নিশ্চিত করা হয়েছে');
  await dialog(page).getByRole('button', { name: 'ঠিক আছে' }).click();

  await pendingRow.getByRole('button', { name: 'মুছুন' }).click();
  await expect(dialog(page)).toContainText('চিরতরে মুছবেন?');
  await expect(dialog(page).getByRole('button', { name: 'না, থাক' })).toBeVisible();
  await dialog(page).getByRole('button', { name: 'হ্যাঁ, মুছুন!' }).click();
  await expect(dialog(page)).toContainText(`${buyer}-এর অর্ডার মুছে ফেলা হয়েছে।`);
  await expect(page.getByTestId('orders-total')).toHaveText('মোট অর্ডার: ১');
  // Its button is sweetalert2's own "OK" (web/src/lib/dialog.ts's confirmThenRun takes no text for it yet).
  await dialog(page).locator('.swal2-confirm').click();
  await expect(dialog(page)).toBeHidden();

  // The order left, on its own page: the page's own texts in Bengali (lines, totals, timeline and
  // messages are shared components, translated with the customer's pages).
  await rows.first().getByTestId('order-number').click();
  await expect(page.getByTestId('order-page')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^অর্ডার [০-৯]+$/);
  await expect(page.getByRole('link', { name: 'সব অর্ডারে ফিরে যান' })).toBeVisible();
  for (const name of ['ক্রেতা', 'পণ্য', 'অর্ডারের ধাপ', 'বার্তা']) await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  const customer = page.getByTestId('order-customer');
  for (const term of ['নাম', 'ইমেইল', 'ফোন', 'ঠিকানা', 'ডেলিভারি এলাকা', 'ঢাকার ভিতরে']) await expect(customer).toContainText(term);
  await expect(page.locator('.page__lead')).toHaveText(/^অর্ডারের সময় [০-৯]+ \S+, [০-৯]{4}, [০-৯]{2}:[০-৯]{2} · ক্যাশ অন ডেলিভারি$/);
  await expect(page.getByTestId('phone-history')).toContainText('এই ফোনের অর্ডার: মোট');
  const own = await page.locator('.order-page h1, .order-page h2, .order-page dt, .order-page .page__lead, .order-page__back, [data-testid="phone-history"]').allInnerTexts();
  expect(own.join(' ').match(/[A-Za-z]{2,}|[0-9]/g) ?? [], own.join(' | ')).toEqual([]);
  await expect(page.getByRole('button', { name: 'মুছুন' })).toBeVisible();
});
