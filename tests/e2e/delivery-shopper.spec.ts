import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { e2ePorts } from '../../playwright.config.js';
import { adminToken as logInAdmin, apiAs, areaLabels, categoryWithProduct, confirmDialog, signUp, uniqueEmail } from './support.js';

// Issue 34, what a shopper sees of delivery, in English and in Bengali, on a phone (390 px) and a
// laptop (1366 px): at checkout the District and Thana / Upazila are required, and the delivery zone
// and fee follow from the thana (Savar: Suburbs Dhaka, 80 BDT), sent with the order. The admin
// confirms and books the order with Steadfast (the API, the local Steadfast of playwright.config.ts),
// whose control route then delivers it and sends the shop its webhook: My Orders shows the parcel
// (courier, tracking code, status, the courier's words) and links to the tracking page, which
// answers the order's number with the right phone (Bengali digits too) and refuses a wrong one.
const stamp = `${Date.now() % 1_000_000}`;
const category = `Parcel Post ${stamp}`;
const title = `Parcel Tanuki Mug ${stamp}`;
const price = 1500;
// Never fetched by the server (it stores the URL); the browser's requests for it are answered below.
const image = 'https://images.example.com/parcel-tanuki.webp';
const steadfastControl = `http://127.0.0.1:${e2ePorts.steadfast}/_control`;

let adminToken = '';
let productId = '';

const texts = {
  en: {
    orderNow: 'Order Now',
    name: 'Full Name',
    phone: 'Phone Number',
    address: 'Address',
    zone: 'Delivery Location',
    payment: 'Payment Method',
    cod: 'Cash On Delivery',
    place: 'Place Order',
    confirm: 'Confirm Placing the order?',
    yes: 'Yes, place it!',
    placed: 'Order Placed',
    districtRequired: 'Please select your district.',
    thanaRequired: 'Please select your thana or upazila.',
    suburbs: 'Suburbs Dhaka (80 BDT)',
    fee: '80 BDT',
    total: '1,580 BDT',
    courier: 'Steadfast',
    booked: 'Booked with the courier',
    delivered: 'Delivered',
    trackLink: 'Track this parcel',
    orderNumber: 'Order Number',
    trackPhone: 'Phone Number',
    track: 'Track',
    order: (n: string) => `Order ${n}`,
    confirmed: 'Confirmed',
    notBooked: 'Not booked with a courier yet.',
    notFound: 'No order with this number was placed with this phone number.',
    tooMany: 'Too many look-ups from here. Try again in a few minutes.',
    orderDigits: 'An order number has only digits, e.g. 10001.',
    digits: (n: string) => n,
  },
  bn: {
    orderNow: 'এখনই অর্ডার করুন',
    name: 'পুরো নাম',
    phone: 'ফোন নম্বর',
    address: 'ঠিকানা',
    zone: 'ডেলিভারির এলাকা',
    payment: 'পেমেন্ট পদ্ধতি',
    cod: 'ক্যাশ অন ডেলিভারি',
    place: 'অর্ডার করুন',
    confirm: 'অর্ডারটি করবেন?',
    yes: 'হ্যাঁ, অর্ডার করুন!',
    placed: 'অর্ডার হয়েছে',
    districtRequired: 'আপনার জেলা বেছে নিন।',
    thanaRequired: 'আপনার থানা বা উপজেলা বেছে নিন।',
    suburbs: 'ঢাকার আশেপাশে (৮০ টাকা)',
    fee: '৮০ টাকা',
    total: '১,৫৮০ টাকা',
    courier: 'স্টেডফাস্ট',
    booked: 'কুরিয়ারে বুক করা হয়েছে',
    delivered: 'ডেলিভারি হয়েছে',
    trackLink: 'পার্সেলটি ট্র্যাক করুন',
    orderNumber: 'অর্ডার নম্বর',
    trackPhone: 'ফোন নম্বর',
    track: 'ট্র্যাক করুন',
    order: (n: string) => `অর্ডার ${n}`,
    confirmed: 'নিশ্চিত',
    notBooked: 'এখনও কোনো কুরিয়ারে বুক করা হয়নি।',
    notFound: 'এই নম্বরের কোনো অর্ডার এই ফোন নম্বর দিয়ে করা হয়নি।',
    tooMany: 'এখান থেকে অনেকবার খোঁজা হয়েছে। কয়েক মিনিট পর আবার চেষ্টা করুন।',
    orderDigits: 'অর্ডার নম্বরে শুধু অঙ্ক থাকে, যেমন ১০০০১।',
    digits: (n: string) => n.replace(/\d/g, (d) => String.fromCharCode(0x09e6 + Number(d))),
  },
} as const;

type Parcel = { courier: string; consignmentId: string; trackingCode: string; status: string } | null;

/** A phone of this test alone, so that the tracking page finds only its order by it. */
const freshPhone = () => `0171${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

test.beforeAll(async ({ request }) => {
  adminToken = await logInAdmin(request);
  productId = await categoryWithProduct(request, adminToken, { category, title, description: 'A mug that travels by courier.', price, image, stock: 50 });
});

test.afterAll(async ({ request }) => {
  if (productId) await apiAs(request, adminToken, 'delete', `/api/products/${productId}`);
});

test.beforeEach(async ({ context }) => {
  await context.route(/^https:\/\/images\.example\.com\//, (route) => route.fulfill({ status: 404, body: '' }));
});

/** The admin books the order with Steadfast: the parcel as the order then has it (the courier may take a moment). */
async function confirmAndBook(request: APIRequestContext, orderId: string): Promise<NonNullable<Parcel>> {
  await apiAs(request, adminToken, 'patch', `/api/orders/${orderId}`, { status: 'Confirmed' });
  const booked = await apiAs<{ results: Array<{ outcome: string; message: string | null }> }>(request, adminToken, 'post', '/api/shipments', { orderIds: [orderId], courier: 'steadfast' });
  expect(['booked', 'queued'], booked.results[0]?.message ?? '').toContain(booked.results[0]?.outcome);
  let parcel: Parcel = null;
  await expect
    .poll(async () => (parcel = (await apiAs<{ delivery: Parcel }>(request, adminToken, 'get', `/api/orders/${orderId}`)).delivery), { timeout: 20_000 })
    .not.toBeNull();
  return parcel!;
}

/** The local Steadfast delivers the parcel and sends the shop its webhook (with the right token). */
async function deliver(baseURL: string, consignmentId: string, collected: number) {
  const res = await fetch(`${steadfastControl}/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ consignmentId: Number(consignmentId), status: 'delivered', collected, deliveryCharge: 80, message: 'Handed to the customer at the door', webhookUrl: `${baseURL}/api/couriers/steadfast/webhook` }),
  });
  expect(res.ok, `advance: ${res.status}`).toBe(true);
  expect(((await res.json()) as { webhookStatus: number }).webhookStatus).toBe(200);
}

/** Nothing on the page scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
}

for (const lang of ['en', 'bn'] as const) {
  for (const width of [390, 1366]) {
    test(`${lang} at ${width} px: district and thana at checkout, the zone and fee follow; the parcel in My Orders and on the tracking page`, async ({ page, request, baseURL }) => {
      test.setTimeout(120_000);
      const l = texts[lang];
      const q = lang === 'bn' ? '?lang=bn' : '';
      const phone = freshPhone();
      await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });

      await signUp(page, 'Parcel Shopper', uniqueEmail(`parcel-${lang}-${width}`));
      await page.goto(`/product/${productId}${q}`);
      await page.getByRole('button', { name: l.orderNow }).click();
      await expect(page.locator('#checkout-title')).toBeVisible();
      await page.getByLabel(l.name).fill('Rina Akter');
      await page.getByLabel(l.phone).fill(phone);
      await page.getByLabel(l.address).fill('House 12, Bank Colony, Savar');
      await page.getByLabel(l.payment).selectOption('Cash On Delivery');
      await confirmDialog(page, l.cod);

      // Neither chosen: the District's clear message; the zone cannot be picked by hand.
      const district = page.getByLabel(areaLabels[lang].district, { exact: true });
      const thana = page.getByLabel(areaLabels[lang].thana, { exact: true });
      const zone = page.getByLabel(l.zone);
      await expect(zone).toBeDisabled();
      await page.getByRole('button', { name: l.place }).click();
      await expect(page.locator('#checkout-district-error')).toHaveText(l.districtRequired);
      await expect(page.locator('#checkout-thana-error')).toHaveText(l.thanaRequired);
      await expect(district).toHaveAttribute('aria-invalid', 'true');

      // Savar (Dhaka district, outside the city): Suburbs Dhaka, 80 BDT.
      await district.selectOption('Dhaka');
      await expect(page.locator('#checkout-district-error')).toHaveCount(0);
      await expect(thana.locator('option', { hasText: lang === 'bn' ? 'সাভার' : 'Savar' })).toHaveCount(1);
      await thana.selectOption('Savar');
      await expect(zone).toHaveValue('Suburbs Dhaka');
      await expect(zone.locator('option:checked')).toHaveText(l.suburbs);
      await expect(zone).toBeDisabled();
      await expect(page.getByTestId('summary-fee')).toHaveText(l.fee);
      await expect(page.getByTestId('summary-total')).toHaveText(l.total);

      const placing = page.waitForResponse((res) => res.url().endsWith('/api/orders') && res.request().method() === 'POST');
      await page.getByRole('button', { name: l.place }).click();
      await confirmDialog(page, l.confirm, l.yes);
      const answer = await placing;
      expect(answer.status()).toBe(201);
      expect(answer.request().postDataJSON()).toMatchObject({ district: 'Dhaka', thana: 'Savar', deliveryLocation: 'Suburbs Dhaka' });
      const { insertedId: orderId, order } = (await answer.json()) as { insertedId: string; order: { orderNumber: number; amount: number; district: string; thana: string; fee: number } };
      expect(order).toMatchObject({ district: 'Dhaka', thana: 'Savar', fee: 80, amount: price + 80 });
      const number = String(order.orderNumber);
      await confirmDialog(page, l.placed);
      await expect(page).toHaveURL(/\/dashboard\/orders/);

      // Not booked: nothing about a parcel in My Orders; the tracking page says so.
      const card = page.getByTestId('order').filter({ has: page.getByTestId('order-number').getByText(l.order(l.digits(number)), { exact: true }) });
      await expect(card).toHaveCount(1);
      await expect(card.getByTestId('parcel-status')).toHaveCount(0);
      await page.goto(`/track?order=${number}`);
      await expect(page.getByLabel(l.orderNumber)).toHaveValue(number);
      await page.getByLabel(l.trackPhone).fill(phone);
      await page.getByRole('button', { name: l.track, exact: true }).click();
      await expect(page.getByTestId('tracked-order')).toContainText(l.order(l.digits(number)));
      await expect(page.getByTestId('track-not-booked')).toHaveText(l.notBooked);

      // The admin confirms and books it with Steadfast.
      const booked = await confirmAndBook(request, orderId);
      await page.goto('/dashboard/orders');
      const parcel = card.getByTestId('parcel-status');
      await expect(parcel.getByTestId('parcel-courier')).toHaveText(l.courier);
      await expect(parcel.getByTestId('parcel-tracking-code')).toHaveText(booked.trackingCode);
      await expect(parcel.getByTestId('parcel-status-text')).toHaveText(l.booked);

      // Steadfast delivers it: My Orders shows it delivered, with the courier's words.
      await deliver(baseURL!, booked.consignmentId, order.amount);
      await expect
        .poll(async () => {
          await page.reload();
          return parcel.getByTestId('parcel-status-text').textContent();
        }, { timeout: 20_000 })
        .toBe(l.delivered);
      await expect(parcel.getByTestId('parcel-message')).toHaveText('Handed to the customer at the door');
      if (width < 800) await expectNoSidewaysScroll(page);

      // The parcel's link: the tracking page with the order's number and phone filled in.
      await parcel.getByRole('link', { name: l.trackLink }).click();
      await expect(page).toHaveURL(new RegExp(`/track\\?order=${number}$`));
      await expect(page.getByLabel(l.orderNumber)).toHaveValue(number);
      await expect(page.getByLabel(l.trackPhone)).toHaveValue(`+88${phone}`);
      await page.getByRole('button', { name: l.track, exact: true }).click();
      const tracked = page.getByTestId('tracked-order');
      await expect(tracked).toContainText(l.order(l.digits(number)));
      await expect(tracked.getByTestId('tracked-order-status')).toHaveText(l.confirmed);
      await expect(tracked.getByTestId('parcel-courier')).toHaveText(l.courier);
      await expect(tracked.getByTestId('parcel-tracking-code')).toHaveText(booked.trackingCode);
      await expect(tracked.getByTestId('parcel-status-text')).toHaveText(l.delivered);
      await expect(tracked.getByTestId('parcel-message')).toHaveText('Handed to the customer at the door');
      if (width < 800) await expectNoSidewaysScroll(page);

      // Signed out, as anyone with the SMS's link: the number typed as a Bengali keyboard types it, a wrong phone refused.
      await page.context().clearCookies();
      await page.evaluate(() => window.localStorage.removeItem('access-token'));
      await page.goto(`/track${q}`);
      await page.getByLabel(l.orderNumber).fill('12a');
      await page.getByLabel(l.trackPhone).fill(phone);
      await page.getByRole('button', { name: l.track, exact: true }).click();
      await expect(page.locator('#track-order-error')).toHaveText(l.orderDigits);
      await page.getByLabel(l.orderNumber).fill(texts.bn.digits(number));
      await page.getByLabel(l.trackPhone).fill(texts.bn.digits(phone));
      await page.getByRole('button', { name: l.track, exact: true }).click();
      await expect(page.getByTestId('tracked-order').getByTestId('parcel-status-text')).toHaveText(l.delivered);
      await page.getByLabel(l.trackPhone).fill(freshPhone());
      await page.getByRole('button', { name: l.track, exact: true }).click();
      await expect(page.getByTestId('track-refused')).toHaveText(l.notFound);
      await expect(page.getByTestId('tracked-order')).toHaveCount(0);

      // Too many look-ups from one address (the server's 429, answered here so that the shop's own limit stays for the other journeys).
      await page.route('**/api/track?**', (route) =>
        route.fulfill({ status: 429, headers: { 'Retry-After': '600' }, contentType: 'application/json', body: JSON.stringify({ error: { code: 'delivery/tracking-limit', message: 'Too many look-ups from here. Try again in a few minutes.' } }) }),
      );
      await page.getByRole('button', { name: l.track, exact: true }).click();
      await expect(page.getByTestId('track-refused')).toHaveText(l.tooMany);
    });
  }
}
