import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { e2eAdmin, e2ePorts } from '../../playwright.config.js';
import { adminToken as logInAdmin, apiAs, categoryWithProduct, confirmDialog, dialog, latinWordsLeft, logIn, password, uniqueEmail } from './support.js';

// Issue 34, what an admin sees, in Chromium against the built shop and the local Steadfast
// (tests/support/couriers/steadfast-server.mjs): a customer's three orders confirmed on the desk and
// booked with Steadfast in one go (ticks, Book with courier, the results dialog); Steadfast's webhooks
// say one was delivered, one partly delivered (cash 50) and one returned; the desk's Delivery filter
// and the order pages show it; the returned parcel and what came back of the partial one go back to
// stock; the courier cash page shows what Steadfast owes and, after a payout, what is settled; a
// booking canceled in Steadfast's portal and one recorded by hand; the log verifies; Bengali texts.
test.describe.configure({ mode: 'serial' });

const stamp = `${Date.now() % 1_000_000}`;
const category = `Parcel ${stamp}`;
const title = `Parcel Shiba Figure ${stamp}`;
const image = 'https://images.example.com/parcel.webp';
// A phone of this journey alone: the desk's search by it shows this journey's orders only.
const phone = `0196${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
const customer = { name: `Parcel Buyer ${stamp}`, email: uniqueEmail('parcel') };
const reference = `SF-PAY-${stamp}`;

type Placed = { id: string; number: number; amount: number };
type OrderJson = { _id: string; orderNumber: number; delivery: null | { consignmentId: string; trackingCode: string; status: string } };
type CashRow = { courier: string; heldParcels: number; heldAmount: number; settledParcels: number; settledAmount: number; settledFees: number; returnedParcels: number; returnsReceived: number };

let adminToken = '';
let customerToken = '';
let productId = '';
/** Delivered, partly delivered, returned: in the order placed. */
let orders: Placed[] = [];
/** Steadfast's row of the cash report before its webhooks came. */
let cashBefore: CashRow | undefined;

const api = <T>(request: APIRequestContext, method: 'get' | 'post' | 'patch' | 'delete', path: string, data?: unknown) => apiAs<T>(request, adminToken, method, path, data);
const orderNow = (request: APIRequestContext, order: Placed) => api<OrderJson>(request, 'get', `/api/orders/${order.id}`);
const steadfastCash = async (request: APIRequestContext) => (await api<{ couriers: CashRow[] }>(request, 'get', '/api/stats/courier-cash')).couriers.find((c) => c.courier === 'steadfast');
const stockNow = async (request: APIRequestContext) => (await api<{ variants: Array<{ stock: number }> }>(request, 'get', `/api/products/${productId}`)).variants[0]!.stock;
/** How the English pages write taka: "2,060 BDT". */
const taka = (amount: number) => `${amount.toLocaleString('en-US')} BDT`;

/** A Dhanmondi order of two figures by the journey's customer, placed through the API. */
async function placeOrder(request: APIRequestContext): Promise<Placed> {
  const placed = await apiAs<{ insertedId: string; order: { orderNumber: number; amount: number } }>(request, customerToken, 'post', '/api/orders', {
    name: customer.name,
    phone,
    address: 'House 12, Road 7',
    district: 'Dhaka',
    thana: 'Dhanmondi',
    deliveryLocation: 'Inside Dhaka',
    paymentMethod: 'Cash On Delivery',
    items: [{ productId, quantity: 2, size: '', color: '' }],
  });
  return { id: placed.insertedId, number: placed.order.orderNumber, amount: placed.order.amount };
}

/** The local Steadfast moves a parcel and sends its webhook to the shop. */
async function steadfastSays(baseURL: string, consignmentId: string, body: Record<string, unknown>) {
  const res = await fetch(`http://127.0.0.1:${e2ePorts.steadfast}/_control/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ consignmentId: Number(consignmentId), deliveryCharge: 60, webhookUrl: `${baseURL}/api/couriers/steadfast/webhook`, ...body }),
  });
  expect(res.status).toBe(200);
  expect(((await res.json()) as { webhookStatus: number }).webhookStatus).toBe(200);
}

/** No serious or critical WCAG 2.1 AA violation on the page. */
async function expectAxeClean(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${what}: ${v.id} ${v.help} (${v.nodes.length})`)).toEqual([]);
}

async function asAdmin(page: Page) {
  await page.goto('/login');
  await logIn(page, e2eAdmin.email, e2eAdmin.password);
}

const rows = (page: Page) => page.getByTestId('admin-order');
const row = (page: Page, order: Placed) => page.locator(`[data-testid="admin-order"][data-order-id="${order.id}"]`);

/** The desk narrowed to this journey's phone and a parcel state ('' for any). */
async function deskShowing(page: Page, delivery: string) {
  await page.goto(`/dashboard/allorders?q=${phone}`);
  await expect(rows(page).first()).toBeVisible();
  if (delivery) {
    await page.getByRole('combobox', { name: /^Delivery/ }).selectOption(delivery);
    await expect(page).toHaveURL(new RegExp(`[?&]delivery=${delivery}`));
  }
}

test.beforeAll(async ({ request }) => {
  adminToken = await logInAdmin(request);
  productId = await categoryWithProduct(request, adminToken, { category, title, description: 'Booked with a courier by the delivery journey.', price: 1000, image, stock: 20 });
  const signedUp = await request.post('/api/auth/signup', { data: { name: customer.name, email: customer.email, password } });
  expect(signedUp.status(), await signedUp.text()).toBe(201);
  customerToken = ((await signedUp.json()) as { token: string }).token;
  orders = [await placeOrder(request), await placeOrder(request), await placeOrder(request)];
});

test.afterAll(async ({ request }) => {
  if (productId) await api(request, 'delete', `/api/products/${productId}`);
});

test.beforeEach(async ({ context }) => {
  await context.route(/^https:\/\/images\.example\.com\//, (route) => route.fulfill({ status: 404, body: '' }));
});

test('an admin confirms three orders and books them with Steadfast in one go from the desk', async ({ page, request }) => {
  await asAdmin(page);
  await deskShowing(page, '');
  await expect(rows(page)).toHaveCount(3);
  for (const order of orders) {
    await row(page, order).getByRole('button', { name: 'Confirm' }).click();
    await confirmDialog(page, 'Success: Order marked as Confirmed');
    await expect(row(page, order).getByTestId('book-order')).toBeVisible();
  }

  // Confirmed and not booked yet: all three, ticked with "select all on this page".
  await page.getByRole('combobox', { name: /^Delivery/ }).selectOption('unbooked');
  await expect(page).toHaveURL(/[?&]delivery=unbooked/);
  await expect(rows(page)).toHaveCount(3);
  await page.getByTestId('book-all').check();
  for (const order of orders) await expect(row(page, order).getByTestId('book-order')).toBeChecked();
  await page.getByRole('button', { name: 'Book with courier (3)' }).click();

  // The courier: Steadfast is set up; Pathao and RedX are not, and say so.
  await expect(dialog(page).locator('.swal2-title')).toHaveText('Book 3 orders with');
  await expect(dialog(page).getByRole('radio', { name: 'Steadfast' })).toBeChecked();
  for (const other of ['Pathao', 'RedX']) {
    const radio = dialog(page).getByRole('radio', { name: new RegExp(other) });
    await expect(radio).toBeDisabled();
    await expect(radio).toHaveAccessibleDescription(/Not set up/);
  }
  await dialog(page).getByRole('button', { name: 'Book 3 orders' }).click();

  // Each order's result: booked, with its tracking code.
  await expect(dialog(page).locator('.swal2-title')).toHaveText('3 of 3 booked', { timeout: 30_000 });
  const results = dialog(page).getByTestId('booking-result');
  await expect(results).toHaveCount(3);
  for (const order of orders) {
    const parcel = (await orderNow(request, order)).delivery;
    expect(parcel).toMatchObject({ status: 'booked' });
    await expect(results.filter({ hasText: `Order ${order.number}: booked, tracking code ${parcel!.trackingCode}.` })).toHaveCount(1);
  }
  await confirmDialog(page, '3 of 3 booked');

  // The list refreshed: none is left to book; as Booked, each shows its parcel and tracking code.
  await expect(page.getByTestId('empty-state')).toHaveText('No orders match.');
  await page.getByRole('combobox', { name: /^Delivery/ }).selectOption('booked');
  await expect(rows(page)).toHaveCount(3);
  for (const order of orders) {
    const parcel = (await orderNow(request, order)).delivery!;
    await expect(row(page, order).getByTestId('parcel')).toContainText('Parcel: Booked');
    await expect(row(page, order).getByTestId('tracking-code')).toHaveText(`Tracking code ${parcel.trackingCode}`);
  }
});

test('Steadfast reports one delivered, one partly delivered (cash 50) and one returned: the desk and the order pages show it', async ({ page, request, baseURL }) => {
  cashBefore = await steadfastCash(request);
  const [delivered, partly, returned] = orders as [Placed, Placed, Placed];
  const ids = await Promise.all(orders.map(async (order) => (await orderNow(request, order)).delivery!.consignmentId));
  await steadfastSays(baseURL!, ids[0]!, { status: 'delivered', collected: delivered.amount });
  await steadfastSays(baseURL!, ids[1]!, { status: 'partial_delivered', collected: 50 });
  await steadfastSays(baseURL!, ids[2]!, { status: 'cancelled', collected: 0 });

  await asAdmin(page);
  for (const [state, label, order] of [
    ['delivered', 'Delivered', delivered],
    ['partly_delivered', 'Partly delivered', partly],
    ['returned', 'Returned', returned],
  ] as const) {
    await deskShowing(page, state);
    await expect(rows(page)).toHaveCount(1);
    await expect(row(page, order).getByTestId('parcel')).toContainText(`Parcel: ${label}`);
  }

  // The partly delivered order's page: its parcel, the cash collected, and the event in the timeline.
  await page.goto(`/dashboard/allorders/${partly.id}`);
  const panel = page.getByTestId('parcel-panel');
  await expect(page.getByRole('heading', { level: 2, name: 'Parcel' })).toBeVisible();
  await expect(panel.getByTestId('parcel-status')).toHaveText('Partly delivered');
  await expect(panel.getByTestId('parcel-courier')).toHaveText('Steadfast');
  await expect(panel.getByTestId('parcel-consignment')).toHaveText(ids[1]!);
  await expect(panel.getByTestId('parcel-cod')).toHaveText(taka(partly.amount));
  await expect(panel.getByTestId('parcel-collected')).toHaveText(taka(50));
  await expect(panel.getByTestId('parcel-charge')).toHaveText(taka(60));
  await expect(panel.getByTestId('parcel-payout')).toHaveText('Not paid out yet');
  await expect(panel.getByTestId('parcel-booking')).toHaveCount(1);
  await expect(panel.getByTestId('parcel-booking')).toContainText('Booked');
  const event = page.getByTestId('timeline-event').filter({ hasText: 'Partly delivered' });
  await expect(event).toContainText('by the courier Steadfast');
  await expect(event.getByTestId('parcel-details')).toContainText(`Cash collected: ${taka(50)}`);
  const booked = page.getByTestId('timeline-event').filter({ hasText: 'Booked with the courier' });
  await expect(booked.getByTestId('parcel-details')).toContainText(`Courier: Steadfast · Consignment ID: ${ids[1]}`);
  await expectAxeClean(page, 'the order page with its parcel');

  // The delivered one: Ask the courier, who says it is delivered.
  await page.goto(`/dashboard/allorders/${delivered.id}`);
  await expect(panel.getByTestId('parcel-status')).toHaveText('Delivered');
  await expect(panel.getByTestId('parcel-collected')).toHaveText(taka(delivered.amount));
  await expect(panel.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Ask the courier' }).click();
  await expect(dialog(page)).toContainText('The parcel: Delivered.');
  await confirmDialog(page, 'Steadfast answered');
});

test('the admin receives the returned parcel, and counts what came back of the partly delivered one: both go back to stock', async ({ page, request }) => {
  const [, partly, returned] = orders as [Placed, Placed, Placed];
  const before = await stockNow(request);
  await asAdmin(page);

  await page.goto(`/dashboard/allorders/${returned.id}`);
  const panel = page.getByTestId('parcel-panel');
  await expect(panel.getByTestId('parcel-status')).toHaveText('Returned');
  await panel.getByRole('button', { name: 'Receive return' }).click();
  await expect(dialog(page)).toContainText('All 2 items of this order go back to stock.');
  await confirmDialog(page, 'Has the parcel come back?', 'Yes, it is back');
  await confirmDialog(page, 'Return received');
  await expect(panel.getByTestId('parcel-return-received')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Receive return' })).toHaveCount(0);
  expect(await stockNow(request)).toBe(before + 2);
  await expect(page.getByTestId('timeline-event').filter({ hasText: 'Return received at the shop' })).toContainText(`Stock given back: ${title} × 2`);

  // One of the two figures of the partial delivery came back: 3 is more than were ordered.
  await page.goto(`/dashboard/allorders/${partly.id}`);
  await panel.getByRole('button', { name: 'Receive return' }).click();
  const form = page.getByTestId('receive-form');
  await form.getByLabel(title).fill('3');
  await form.getByRole('button', { name: 'Receive these items' }).click();
  await expect(form).toContainText('Give a whole number from 0 to 2.');
  await form.getByLabel(title).fill('1');
  await form.getByRole('button', { name: 'Receive these items' }).click();
  await expect(dialog(page)).toContainText('1 item is back in stock.');
  await confirmDialog(page, 'Return received');
  await expect(panel.getByTestId('parcel-return-received')).toBeVisible();
  expect(await stockNow(request)).toBe(before + 3);

  // Manage Products shows the product's stock as the API does.
  await page.goto('/dashboard/manageproducts');
  await expect(page.getByTestId('product-row').filter({ hasText: title }).getByTestId('product-stock')).toContainText(String(before + 3));
});

test('the courier cash page shows what Steadfast owes, and after a payout what is settled', async ({ page, request }) => {
  const [delivered, partly] = orders as [Placed, Placed, Placed];
  const cash = await steadfastCash(request);
  // What Steadfast holds: the delivered order's cash and the 50 of the partial one, more than before its webhooks.
  expect(cash?.heldAmount).toBe((cashBefore?.heldAmount ?? 0) + delivered.amount + 50);
  expect(cash?.heldParcels).toBe((cashBefore?.heldParcels ?? 0) + 2);

  await asAdmin(page);
  await page.goto('/dashboard');
  await expect(page.getByTestId('courier-cash-held')).toContainText(taka(cash!.heldAmount));
  await page.getByRole('link', { name: 'Courier cash: per courier, payouts and returns' }).click();
  await expect(page).toHaveURL(/\/dashboard\/couriercash$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Courier Cash' })).toBeVisible();
  const steadfast = page.locator('[data-testid="courier-cash"][data-courier="steadfast"]');
  await expect(steadfast.getByTestId('held-amount')).toHaveText(taka(cash!.heldAmount));
  await expect(steadfast.getByTestId('held-parcels')).toHaveText(`${cash!.heldParcels} parcels`);
  await expect(steadfast.getByTestId('returned-parcels')).toHaveText(`${cash!.returnedParcels} ${cash!.returnedParcels === 1 ? 'parcel' : 'parcels'}`);
  await expect(steadfast.getByTestId('returns-received')).toHaveText(`Received back: ${cash!.returnsReceived}`);
  await expectAxeClean(page, 'the courier cash page');

  // The same report as CSV.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^courier-cash-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(await readFile((await download.path())!, 'utf8')).toContain(`Steadfast,${cash!.heldParcels},${cash!.heldAmount},`);

  // A payout of the two parcels, its amounts left to their defaults: a reference is asked for first.
  await expect(page.getByRole('combobox', { name: /^Courier/ })).toHaveValue('steadfast');
  for (const order of [delivered, partly]) {
    const parcel = page.locator(`[data-testid="unsettled-parcel"][data-order-id="${order.id}"]`);
    await parcel.getByTestId('pick-parcel').check();
  }
  await page.getByRole('button', { name: 'Record payout (2)' }).click();
  await expect(page.getByText('Give the payout its reference.')).toBeVisible();
  await page.getByLabel('Payout reference').fill(reference);
  await page.getByRole('button', { name: 'Record payout (2)' }).click();
  await expect(dialog(page).getByTestId('payout-result')).toHaveCount(2);
  await confirmDialog(page, '2 of 2 parcels settled');

  const after = await steadfastCash(request);
  // The delivered one pays its cash less the charge (60); the partial one's 50 does not cover its charge.
  expect(after).toMatchObject({ heldAmount: cash!.heldAmount - delivered.amount - 50, settledAmount: cash!.settledAmount + delivered.amount - 60, settledFees: cash!.settledFees + 120 });
  await expect(steadfast.getByTestId('held-amount')).toHaveText(taka(after!.heldAmount));
  await expect(steadfast.getByTestId('settled-amount')).toHaveText(taka(after!.settledAmount));
  await expect(steadfast.getByTestId('settled-fees')).toHaveText(`Fees: ${taka(after!.settledFees)}`);
  await expect(page.locator(`[data-testid="unsettled-parcel"][data-order-id="${delivered.id}"]`)).toHaveCount(0);

  await page.goto(`/dashboard/allorders/${delivered.id}`);
  await expect(page.getByTestId('parcel-payout')).toContainText(`${reference}: ${taka(delivered.amount - 60)} received, fee ${taka(60)}`);
  await expect(page.getByTestId('timeline-event').filter({ hasText: 'Paid out by the courier' }).getByTestId('parcel-details')).toContainText(`Payout ${reference}`);
});

test("a booking made from the order page is canceled in Steadfast's portal, then one is recorded by hand", async ({ page, request }) => {
  const order = await placeOrder(request);
  await api(request, 'patch', `/api/orders/${order.id}`, { status: 'Confirmed' });
  await asAdmin(page);
  await page.goto(`/dashboard/allorders/${order.id}`);
  const panel = page.getByTestId('parcel-panel');
  await expect(panel.getByTestId('parcel-status')).toHaveText('Not booked with a courier yet.');
  await expect(panel.getByRole('button', { name: 'Pathao' })).toBeDisabled();
  await panel.getByRole('button', { name: 'Steadfast' }).click();
  await confirmDialog(page, '1 of 1 booked');
  await expect(panel.getByTestId('parcel-status')).toHaveText('Booked');

  // Steadfast has no cancel call: the dialog says so, and the admin cancels in its portal.
  await panel.getByRole('button', { name: 'Cancel booking' }).click();
  await confirmDialog(page, 'Cancel the booking with Steadfast?', 'Yes, cancel it');
  await expect(dialog(page)).toContainText("Cancel the parcel in Steadfast's merchant portal");
  await confirmDialog(page, 'Steadfast cannot cancel it from here', "I canceled it in the courier's portal");
  await confirmDialog(page, 'Booking canceled');
  await expect(panel.getByTestId('parcel-status')).toHaveText('Not booked with a courier yet.');
  await expect(page.getByTestId('timeline-event').filter({ hasText: 'Courier booking canceled' })).toHaveCount(1);

  // Booked in the portal again, recorded by hand: a missing field is named first.
  await panel.getByText("Record a booking made in the courier's portal").click();
  await panel.getByLabel('Consignment ID').fill(`77${stamp}`);
  await panel.getByRole('button', { name: 'Record booking' }).click();
  await expect(panel.getByText("Give the parcel's tracking code.")).toBeVisible();
  await panel.getByLabel('Tracking code').fill(`HAND${stamp}`);
  await panel.getByRole('button', { name: 'Record booking' }).click();
  await confirmDialog(page, 'Booking recorded');
  await expect(panel.getByTestId('parcel-tracking')).toHaveText(`HAND${stamp}`);
  await expect(panel.getByTestId('parcel-status')).toHaveText('Booked');
});

test('the audit page and GET /api/audit say the log, parcel events and all, verifies', async ({ page, request }) => {
  await expect
    .poll(async () => {
      const report = await api<{ verified: boolean; problem: unknown; uncheckedEvents?: number }>(request, 'get', '/api/audit?limit=1&offset=0');
      return report.uncheckedEvents ? 'checking' : report.verified && report.problem === null;
    })
    .toBe(true);
  await asAdmin(page);
  await page.goto('/dashboard/audit');
  await expect(page.getByTestId('audit-status')).toHaveText('Verified: every event is intact');
});

test('in Bengali: the desk, the parcel panel, the timeline and the courier cash page', async ({ page, context }) => {
  const [, partly] = orders as [Placed, Placed, Placed];
  await context.addInitScript((token) => {
    window.localStorage.setItem('shop.lang', 'bn');
    window.localStorage.setItem('access-token', token);
  }, adminToken);

  await page.goto(`/dashboard/allorders?q=${phone}&delivery=partly_delivered`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('combobox', { name: /^ডেলিভারি/ })).toHaveValue('partly_delivered');
  await expect(row(page, partly).getByTestId('parcel')).toContainText('পার্সেল: আংশিক ডেলিভারি');

  await page.goto(`/dashboard/allorders/${partly.id}`);
  const panel = page.getByTestId('parcel-panel');
  await expect(page.getByRole('heading', { level: 2, name: 'পার্সেল' })).toBeVisible();
  await expect(panel.getByTestId('parcel-status')).toHaveText('আংশিক ডেলিভারি');
  await expect(panel.getByTestId('parcel-courier')).toHaveText('স্টেডফাস্ট');
  await expect(panel.getByTestId('parcel-collected')).toHaveText('৫০ টাকা');
  await expect(panel.getByText('কুরিয়ারে বুকিং')).toBeVisible();
  const event = page.getByTestId('timeline-event').filter({ hasText: 'আংশিক ডেলিভারি হয়েছে' });
  await expect(event.getByTestId('parcel-details')).toContainText('তোলা টাকা: ৫০ টাকা');
  await expect(event).toContainText('কুরিয়ার স্টেডফাস্ট-এর মাধ্যমে');

  await page.goto('/dashboard/couriercash');
  await expect(page.getByRole('heading', { level: 1, name: 'কুরিয়ারের টাকা' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'পরিশোধ লিখে রাখুন' })).toBeVisible();
  await expect(page.locator('[data-testid="courier-cash"][data-courier="steadfast"] th')).toHaveText('স্টেডফাস্ট');
  await page.waitForLoadState('networkidle');
  // No English left but data: the table's rows, the form's values, the words marked English.
  expect(await latinWordsLeft(page, [e2eAdmin.email], 'tbody, select, input, [lang="en"]')).toEqual([]);
});
