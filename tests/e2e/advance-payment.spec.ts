import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { e2eAdmin, e2ePorts } from '../../playwright.config.js';
import type { BkashFakePayment } from '../support/payments/bkash-server.mjs';
import { adminToken, apiAs, confirmDialog, dialog, fillCheckout, logIn, signUp, uniqueEmail } from './support.js';

// Issue 35's advance by bKash, in Chromium, on the "advance" shop (ADVANCE_PAYMENT=delivery-fee,
// ADVANCE_ESCROW, a one-minute hold, the local bKash of tests/support/payments/bkash-server.mjs):
// (a) a shopper sees the advance at checkout, pays it on bKash's page and lands on the pay page; My
//     Orders has the order Pending, paid by bKash;
// (b) a second order canceled on bKash's page: the pay page says so, Try again leads to bKash again,
//     My Orders does not list it, and once the hold has run out the product's stock is back;
// (c) an admin sees the advance on the desk and the order page, cancels the paid order and refunds it
//     by bKash; the local bKash has the refund; the timeline shows bKash's transactions;
// (d) the order page shows the phone's delivery record (the local Steadfast's fraud check) as advice.
// (c) and (d) run while (b)'s hold runs out, so the journey waits the hold once.
const stamp = `${Date.now() % 1_000_000}`;
const category = `Advance ${stamp}`;
const title = `Advance Tanuki Lamp ${stamp}`;
const price = 1000;
const stock = 5;
/** A number of this run alone: 0181 and the clock's last seven digits. */
const phone = `0181${String(Date.now()).slice(-7)}`;
const bkash = `http://127.0.0.1:${e2ePorts.bkash}`;

let token = '';
let productId = '';

test.beforeAll(async ({ request }) => {
  token = await adminToken(request);
  await apiAs(request, token, 'post', '/api/categories', { category });
  ({ insertedId: productId } = await apiAs<{ insertedId: string }>(request, token, 'post', '/api/products', {
    title,
    description: 'Ordered by the advance payment journey.',
    category,
    price,
    sizes: [],
    colors: [],
    images: ['https://images.example.com/advance.webp'],
    variants: [{ size: '', color: '', stock }],
  }));
  // The phone's record at the local Steadfast (its fraud check): 12 of 15 parcels delivered.
  const res = await fetch(`http://127.0.0.1:${e2ePorts.steadfast}/_control/record`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, total: 15, delivered: 12, cancelled: 3 }),
  });
  expect(res.ok).toBe(true);
});

test.beforeEach(async ({ context }) => {
  await context.route(/^https:\/\/images\.example\.com\//, (route) => route.fulfill({ status: 404, body: '' }));
});

/** The product's stock, as the API says it. */
async function stockNow(request: APIRequestContext): Promise<number> {
  const res = await request.get(`/api/products/${productId}`);
  expect(res.ok()).toBe(true);
  const product = (await res.json()) as { variants: Array<{ stock: number }> };
  return product.variants[0]?.stock ?? -1;
}

/** The payments the local bKash keeps. */
async function bkashPayments(): Promise<BkashFakePayment[]> {
  return (await (await fetch(`${bkash}/_control/payments`)).json()) as BkashFakePayment[];
}

/** Order Now of the product, the checkout filled (Dhanmondi: Inside Dhaka, 60 BDT), up to the advance shown. */
async function checkoutWithAdvance(page: Page, axe = false) {
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Order Now' }).click();
  await expect(page).toHaveURL(/\/dashboard\/checkout$/);
  await fillCheckout(page, phone);
  const box = page.getByTestId('checkout-advance');
  await expect(box).toContainText('Advance by bKash: 60 BDT now, 1,000 BDT on delivery.');
  await expect(box).toContainText('Unpaid orders are released after 1 minute.');
  await expect(box).toHaveAttribute('aria-busy', 'false');
  if (axe) await expectAxeClean(page, 'checkout with an advance');
  await page.getByRole('button', { name: 'Confirm and pay by bKash' }).click();
  await expect(dialog(page)).toContainText('You will be sent to bKash to pay 60 BDT now');
  await page.locator('.swal2-popup').getByRole('button', { name: 'Yes, pay by bKash!' }).click();
  await expect(page).toHaveURL(new RegExp(`^${bkash}/checkout/pay\\?paymentID=`));
}

async function expectAxeClean(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${what}: ${v.id} ${v.help} (${v.nodes.length})`)).toEqual([]);
}

/** The order id of the pay page the browser is on. */
const payPageOrder = (page: Page) => /\/pay\/([^/?]+)/.exec(page.url())?.[1] ?? '';

test('an advance by bKash: paid, canceled and lapsed, refunded; the delivery record at the desk', async ({ page, browser, baseURL, request }) => {
  test.setTimeout(150_000);
  const started = Date.now();
  let paidId = '';
  let paidNumber = '';
  let lapsingAt = 0;
  let lapsingId = '';

  await test.step('(a) the advance at checkout, paid on bKash, the order in My Orders', async () => {
    await signUp(page, 'Tahmina Akter', uniqueEmail('advance'));
    await checkoutWithAdvance(page, true);
    await page.locator('#pay').click();
    await expect(page).toHaveURL(/\/pay\/[^/?]+\?result=paid$/);
    paidId = payPageOrder(page);
    const message = page.getByTestId('pay-message');
    await expect(message).toHaveText(/^Payment received: your order \d+ is placed\.$/);
    paidNumber = /order (\d+)/.exec((await message.textContent()) ?? '')?.[1] ?? '';
    await expect(page.getByTestId('pay-advance')).toHaveText('60 BDT');
    await expect(page.getByTestId('pay-on-delivery')).toHaveText('1,000 BDT');
    await expectAxeClean(page, 'the pay page');
    expect(await stockNow(request)).toBe(stock - 1);

    await page.getByRole('link', { name: 'Go to My Orders' }).click();
    await expect(page).toHaveURL(/\/dashboard\/orders$/);
    const order = page.locator(`[data-testid="order"][data-order-id="${paidId}"]`);
    await expect(order.getByTestId('order-status')).toHaveText('Pending');
    await expect(order.getByTestId('order-advance')).toContainText(/Paid by bKash: 60 BDT \(trx \w+\)/);
    await expect(order.getByTestId('order-advance')).toContainText('To pay on delivery: 1,000 BDT');
    await expect(page.getByTestId('orders-total')).toHaveText('Total Orders: 1');
  });

  await test.step('(b) another order canceled on bKash: not placed, Try again leads to bKash again', async () => {
    await checkoutWithAdvance(page);
    lapsingAt = Date.now() + 60_000;
    expect(await stockNow(request)).toBe(stock - 2);
    await page.locator('#cancel').click();
    await expect(page).toHaveURL(/\/pay\/[^/?]+\?result=canceled$/);
    lapsingId = payPageOrder(page);
    expect(lapsingId).not.toBe(paidId);
    await expect(page.getByTestId('pay-message')).toContainText(/^You canceled the payment on bKash\. Your order is not placed yet: pay by .+ to keep it\.$/);
    // The same page in Bengali: its words, money and digits.
    await page.evaluate(() => window.localStorage.setItem('shop.lang', 'bn'));
    await page.reload();
    await expect(page.getByTestId('pay-message')).toContainText('আপনি বিকাশে পেমেন্ট বাতিল করেছেন।');
    await expect(page.getByTestId('pay-advance')).toHaveText('৬০ টাকা');
    await expect(page.getByTestId('pay-on-delivery')).toHaveText('১,০০০ টাকা');
    await expect(page.getByRole('button', { name: 'আবার চেষ্টা করুন' })).toBeVisible();
    await page.evaluate(() => window.localStorage.setItem('shop.lang', 'en'));
    await page.reload();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page).toHaveURL(new RegExp(`^${bkash}/checkout/pay\\?paymentID=`));
    await page.locator('#cancel').click();
    await expect(page.getByTestId('pay-message')).toContainText('You canceled the payment on bKash.');
    await page.goto('/dashboard/orders');
    await expect(page.getByTestId('orders-total')).toHaveText('Total Orders: 1');
    await expect(page.getByTestId('order')).toHaveCount(1);
  });

  const context = await browser.newContext({ baseURL });
  await context.route(/^https:\/\/images\.example\.com\//, (route) => route.fulfill({ status: 404, body: '' }));
  const admin = await context.newPage();

  await test.step('(d) the desk shows the advance; the order page the phone\'s delivery record, as advice', async () => {
    await admin.goto('/login');
    await logIn(admin, e2eAdmin.email, e2eAdmin.password);
    await admin.goto(`/dashboard/allorders?q=${phone}`);
    const row = admin.locator(`[data-testid="admin-order"][data-order-id="${paidId}"]`);
    await expect(row.getByTestId('advance-badge')).toHaveText('bKash 60');
    await expect(admin.getByTestId('admin-order')).toHaveCount(1);

    await row.getByRole('link', { name: `Order ${paidNumber}` }).click();
    await expect(admin.getByTestId('order-number')).toHaveText(`Order ${paidNumber}`);
    const panel = admin.getByTestId('advance-panel');
    await expect(panel.getByTestId('advance-status')).toHaveText('Paid');
    await expect(panel.getByTestId('advance-amount')).toHaveText('60 BDT');
    await expect(panel.getByTestId('advance-on-delivery')).toHaveText('1,000 BDT');
    await expect(panel.getByRole('button', { name: 'Refund by bKash' })).toHaveCount(0);

    const record = admin.getByTestId('delivery-record');
    await expect(record.getByTestId('record-advice')).toHaveText('Good record');
    await expect(record).toContainText('Advice only: the shop never refuses an order for its record.');
    await expect(record.getByTestId('record-own')).toHaveText('No parcel delivered or returned yet');
    await expect(record.getByTestId('record-source')).toContainText('Steadfast (fraud check) 12 of 15 parcels delivered, 3 returned (80%)');
  });

  await test.step('(c) the admin cancels the paid order and refunds its advance by bKash', async () => {
    const panel = admin.getByTestId('advance-panel');
    const trx = (await panel.getByTestId('advance-trx').textContent()) ?? '';
    expect(trx).toMatch(/^\w+$/);
    await admin.getByRole('button', { name: 'Cancel', exact: true }).click();
    await confirmDialog(admin, 'Success: Order marked as Canceled');
    // Canceled, the paid order gave its one back; the unpaid one still holds its own (unless its hold ran out already).
    if (Date.now() < lapsingAt - 3_000) expect(await stockNow(request)).toBe(stock - 1);
    await panel.getByRole('button', { name: 'Refund by bKash' }).click();
    await expect(dialog(admin).locator('.swal2-title')).toHaveText('Refund the advance by bKash?');
    await expect(dialog(admin).getByLabel('Amount (BDT)')).toHaveValue('60');
    // The reason is required.
    await dialog(admin).getByRole('button', { name: 'Refund' }).click();
    await expect(dialog(admin)).toContainText('Please say why you refund.');
    await dialog(admin).getByLabel('Reason').fill('Out of stock at the warehouse');
    await dialog(admin).getByRole('button', { name: 'Refund' }).click();
    await expect(dialog(admin)).toContainText(/bKash refunded 60 BDT: transaction \w+\./);
    await confirmDialog(admin, 'Refunded');
    await expect(panel.getByTestId('advance-status')).toHaveText('Refunded');
    await expect(panel.getByTestId('advance-refund')).toContainText('60 BDT, transaction');
    await expect(panel.getByTestId('advance-refund')).toContainText('Reason: Out of stock at the warehouse');
    await expectAxeClean(admin, 'the order page with its advance refunded');

    // The local bKash made the refund of that payment.
    const paid = (await bkashPayments()).find((p) => p.trxID === trx);
    expect(paid?.refunds).toEqual([expect.objectContaining({ amount: expect.stringMatching(/^60(\.00)?$/), reason: 'Out of stock at the warehouse' })]);

    // The timeline: paid by the shop itself with bKash's transaction, refunded by the admin with bKash's refund transaction.
    const events = admin.getByTestId('timeline-event');
    await expect(events.filter({ hasText: 'Advance paid by bKash' })).toContainText(`by the shop (bKash)`);
    await expect(events.filter({ hasText: 'Advance paid by bKash' })).toContainText(`Paid 60 BDT by bKash, transaction ${trx}`);
    await expect(events.filter({ hasText: 'Advance refunded by bKash' })).toContainText(`by ${e2eAdmin.email} (admin)`);
    await expect(events.filter({ hasText: 'Advance refunded by bKash' })).toContainText(/Refunded 60 BDT by bKash, refund transaction \w+ · Reason: Out of stock at the warehouse/);

    await admin.goto(`/dashboard/allorders?q=${phone}`);
    await expect(admin.locator(`[data-testid="admin-order"][data-order-id="${paidId}"]`).getByTestId('advance-badge')).toHaveText('bKash refunded');
  });
  await context.close();

  await test.step('(b) once the hold has run out, the unpaid order gave its stock back', async () => {
    // The hold (one minute) and a look of the worker (every 2 s) after it.
    await expect.poll(() => stockNow(request), { timeout: Math.max(10_000, lapsingAt - Date.now() + 20_000), intervals: [1_000] }).toBe(stock);
    expect(Date.now()).toBeGreaterThan(lapsingAt - 5_000);
    await page.goto(`/pay/${lapsingId}`);
    await expect(page.getByTestId('pay-message')).toHaveText('The time to pay ran out: the items went back on sale. Please order again.');
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await page.goto('/dashboard/orders');
    await expect(page.getByTestId('orders-total')).toHaveText('Total Orders: 1');
  });

  test.info().annotations.push({ type: 'duration', description: `${Math.round((Date.now() - started) / 1000)} s` });
});
