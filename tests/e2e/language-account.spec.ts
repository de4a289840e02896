import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { e2eAdmin } from '../../playwright.config.js';
import { pdfPages, visualOrder } from '../support/pdf-text.js';
import { chooseArea, latinWordsLeft, password, uniqueEmail } from './support.js';

// Issue 18: the shopper's account and ordering pages in Bengali (?lang=bn): sign up, log in, reset
// password, the profile, the cart, checkout with its dialogs, and My Orders (status "অপেক্ষমাণ", timeline, Invoice).
// Prices in Bengali digits; in <main>, no English word is left but data (the product's title, the
// shopper's name, address and email). The product and the shopper are the test's own.
const stamp = `${Date.now() % 1_000_000}`;
const category = `Bhasha Account ${stamp}`;
const title = `Bhasha${stamp} Fox Mug`;
const name = 'Rina Akter';
const address = 'House 5, Road 2, Dhanmondi, Dhaka';
const email = uniqueEmail('bhasha');
const data = [title, category, name, address, email];
// Never fetched by the server (it stores the URL); the browser's requests for it are answered below.
const image = 'https://images.example.com/language-account.webp';

let adminToken = '';
let productId = '';

async function api(request: APIRequestContext, method: 'post' | 'delete', path: string, body?: unknown) {
  const res = await request[method](path, { headers: { authorization: `Bearer ${adminToken}` }, ...(body === undefined ? {} : { data: body }) });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json() as Promise<unknown>;
}

test.beforeAll(async ({ request }) => {
  adminToken = ((await (await request.post('/api/auth/login', { data: e2eAdmin })).json()) as { token: string }).token;
  await api(request, 'post', '/api/categories', { category });
  const created = (await api(request, 'post', '/api/products', {
    title,
    description: 'A mug for two languages.',
    category,
    price: 4500,
    sizes: [],
    colors: [],
    images: [image],
    variants: [{ size: '', color: '', stock: 10 }],
  })) as { insertedId: string };
  productId = created.insertedId;
});

// Other journeys count the catalogue's products: take this one away again.
test.afterAll(async ({ request }) => {
  if (productId) await api(request, 'delete', `/api/products/${productId}`);
});

test.beforeEach(async ({ page }) => {
  await page.route(/^https:\/\/images\.example\.com\//, (route) => route.fulfill({ status: 404, body: '' }));
});

/** The Latin words left in <main> once the known data is taken out. */
const englishLeft = (page: Page) => latinWordsLeft(page, data);

const popup = (page: Page) => page.locator('.swal2-popup:not(.swal2-hide)');

/** The open dialog has this title; its button `button` (else its confirm button) closes it. */
async function answer(page: Page, title: string, button?: string) {
  await expect(popup(page).locator('.swal2-title')).toHaveText(title);
  await (button ? popup(page).getByRole('button', { name: button }) : popup(page).locator('.swal2-confirm')).click();
}

test('sign up, log in, cart, checkout and My Orders in Bengali', async ({ page }) => {
  await page.goto('/reset-password?lang=bn');
  await expect(page.getByRole('heading', { name: 'নতুন পাসওয়ার্ড দিন' })).toBeVisible();
  expect(await englishLeft(page)).toEqual([]);

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'লগ ইন' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'পাসওয়ার্ড ভুলে গেছেন?' })).toBeVisible();
  expect(await englishLeft(page)).toEqual([]);

  await page.getByRole('link', { name: 'অ্যাকাউন্ট খুলুন' }).click();
  await expect(page.getByRole('heading', { name: 'সাইন আপ' })).toBeVisible();
  expect(await englishLeft(page)).toEqual([]);
  await page.getByLabel('নাম').fill(name);
  await page.getByLabel('ইমেইল', { exact: true }).fill(email);
  await page.getByLabel('পাসওয়ার্ড', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'সাইন আপ' }).click();
  await expect(popup(page)).toContainText('কমপক্ষে ৮ অক্ষরের');
  await answer(page, 'পাসওয়ার্ড গ্রহণযোগ্য নয়');
  await page.getByLabel('পাসওয়ার্ড', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'সাইন আপ' }).click();
  await answer(page, 'সাইন আপ সফল হয়েছে।');

  await page.goto('/dashboard/profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`স্বাগতম, ${name}!`);
  await expect(page.getByText('ক্রেতা', { exact: true })).toBeVisible();
  expect(await englishLeft(page)).toEqual([]);

  await page.goto(`/product/${productId}`);
  // The line is stored before the cart is opened (leaving at once could abort the call).
  const added = page.waitForResponse((res) => res.url().endsWith('/api/carts') && res.request().method() === 'POST');
  await page.getByRole('form', { name: 'পণ্যটি কিনুন' }).getByRole('button', { name: 'কার্টে যোগ করুন' }).click();
  await popup(page).locator('.swal2-confirm').click();
  expect((await added).ok()).toBe(true);

  await page.goto('/dashboard/cart');
  await expect(page.getByRole('heading', { name: 'আমার কার্ট' })).toBeVisible();
  await expect(page.getByTestId('cart-total-items')).toHaveText('মোট পণ্য: ১');
  await expect(page.getByTestId('cart-total-price')).toHaveText('মোট দাম: ৪,৫০০ টাকা');
  await expect(page.getByTestId('cart-line-price')).toHaveText('৪,৫০০ টাকা');
  expect(await englishLeft(page)).toEqual([]);

  await page.getByRole('link', { name: 'চেকআউট' }).click();
  await expect(page.getByRole('heading', { name: 'ডেলিভারির তথ্য' })).toBeVisible();
  await expect(page.getByTestId('summary-total')).toHaveText('৪,৬০০ টাকা');
  expect(await englishLeft(page)).toEqual([]);
  await page.getByRole('button', { name: 'প্রয়োগ করুন' }).click();
  await answer(page, 'আগে একটি কুপন কোড লিখুন!');
  await page.getByLabel('পুরো নাম').fill(name);
  await page.getByLabel('ফোন নম্বর').fill('01712345678');
  await page.getByLabel('ঠিকানা').fill(address);
  await chooseArea(page, 'Dhaka', 'Dhanmondi', 'bn');
  await expect(page.getByTestId('summary-total')).toHaveText('৪,৫৬০ টাকা');
  await page.getByLabel('পেমেন্ট পদ্ধতি').selectOption('Cash On Delivery');
  await answer(page, 'ক্যাশ অন ডেলিভারি');
  await page.getByRole('button', { name: 'অর্ডার করুন' }).click();
  await answer(page, 'অর্ডারটি করবেন?', 'হ্যাঁ, অর্ডার করুন!');
  await expect(popup(page)).toContainText('আপনার অর্ডার নম্বর:');
  await answer(page, 'অর্ডার হয়েছে');

  await expect(page).toHaveURL(/\/dashboard\/orders$/);
  const order = page.getByTestId('order').first();
  await expect(order.getByTestId('order-status')).toHaveText('অপেক্ষমাণ');
  await expect(order.getByTestId('order-total')).toHaveText('৪,৫৬০ টাকা');
  await expect(order.getByTestId('timeline-event').first()).toContainText('অর্ডার করা হয়েছে');
  // Dates in Bengali digits, Dhaka time: "২১ নভে, ২০২৫, ১৩:৪৯".
  await expect(order.locator('time').first()).toHaveText(/^[০-৯]{1,2} \S+, [০-৯]{4}, [০-৯]{2}:[০-৯]{2}$/);
  await expect(order.getByRole('button', { name: 'ইনভয়েস' })).toBeVisible();
  expect(await englishLeft(page)).toEqual([]);
  // The order was placed in Bengali (the app sends Accept-Language): its invoice is in Bengali.
  const downloading = page.waitForEvent('download');
  await order.getByRole('button', { name: 'ইনভয়েস' }).click();
  const [invoice] = await pdfPages(new Uint8Array(await readFile((await (await downloading).path())!)));
  expect(invoice).toContain(visualOrder('ক্যাশ অন ডেলিভারি: ৪,৫৬০ টাকা আদায় করুন'));
  await order.getByRole('button', { name: 'অর্ডার বাতিল করুন' }).click();
  await answer(page, 'আপনি কি নিশ্চিত?', 'না, রেখে দিন');
});
