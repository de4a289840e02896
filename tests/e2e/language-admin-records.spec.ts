import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.js';
import { adminToken as logInAdmin, apiAs, categoryWithProduct, confirmDialog, placeOrder, dialog, latinWordsLeft, logIn, password, uniqueEmail } from './support.js';

// Issue 18, the admin's records in Bengali (?lang=bn): All Users (columns, role names, Make Admin and
// Delete with their dialogs) and Blocked Phones (form, checks, columns, Block and Unblock dialogs).
// Counts and row numbers in Bengali digits; no English word is left but data (names, emails, phone
// numbers, reasons) and the shared pager. The user and the phone number are the test's own.
const stamp = `${Date.now() % 1_000_000}`;
const customerName = `Bhasha Rekha ${stamp}`;
const customerEmail = uniqueEmail('bhasha-records');
const phone = `0181${stamp.padStart(7, '0')}`;
const listed = `+88${phone}`;
const reason = `Bhasha prank ${stamp}`;

/** The table's data cells (names, emails, phones, reasons, who blocked) and the shared pager. */
const dataParts = 'tbody th, tbody td:nth-child(3), tbody small, [data-testid="pager"]';
const englishLeft = (page: Page) => latinWordsLeft(page, [customerName, customerEmail, e2eAdmin.email, listed, reason], dataParts);

const category = `Bhasha Records ${stamp}`;
const title = `Bhasha Ledger ${stamp}`;
const buyer = `Bhasha Kobir ${stamp}`;
let adminToken = '';
let productId = '';
let orderId = '';

/** The admin's call of the API (the journey's own setup). */
const api = <T>(request: APIRequestContext, method: 'get' | 'post' | 'patch' | 'delete', path: string, data?: unknown) =>
  apiAs<T>(request, adminToken, method, path, data);

test.beforeAll(async ({ request }) => {
  const res = await request.post('/api/auth/signup', { data: { name: customerName, email: customerEmail, password } });
  expect(res.ok(), await res.text()).toBe(true);
  adminToken = await logInAdmin(request);
  const image = 'https://images.example.com/bhasha-records.webp';
  productId = await categoryWithProduct(request, adminToken, { category, title, description: 'Its order is read in Bengali.', price: 1250, image });
  orderId = (await placeOrder(request, adminToken, { buyer, productId, quantity: 2 })).insertedId;
});

test.beforeEach(async ({ context }) => {
  await context.route(/^https:\/\/images\.example\.com\//, (route) => route.fulfill({ status: 404, body: '' }));
});

test.afterAll(async ({ request }) => {
  if (productId) await api(request, 'delete', `/api/products/${productId}`);
});

test('All Users and Blocked Phones in Bengali: texts, dialogs and Bengali digits', async ({ page }) => {
  await page.goto('/login');
  await logIn(page, e2eAdmin.email, e2eAdmin.password);

  // All Users.
  await page.goto('/dashboard/users?lang=bn');
  await expect(page.getByRole('heading', { level: 1, name: 'সব ব্যবহারকারী' })).toBeVisible();
  await expect(page.getByTestId('users-total')).toHaveText(/^মোট ব্যবহারকারী: [০-৯,]+$/);
  for (const name of ['নাম', 'ইমেইল', 'ভূমিকা', 'কাজ']) await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
  const row = page.getByTestId('user-row').filter({ hasText: customerEmail });
  await expect(row.locator('td').first()).toHaveText(/^[০-৯]+$/);
  await expect(row).toContainText('ক্রেতা');
  await expect(page.getByTestId('user-row').filter({ hasText: e2eAdmin.email })).toContainText('(আপনি)');
  expect(await englishLeft(page)).toEqual([]);

  await row.getByRole('button', { name: 'অ্যাডমিন করুন' }).click();
  await expect(dialog(page)).toContainText('অ্যাডমিন পণ্য, অর্ডার, কুপন ও ব্যবহারকারী সামলাতে পারেন।');
  await confirmDialog(page, `${customerName} কে অ্যাডমিন করবেন?`, 'হ্যাঁ, অ্যাডমিন করুন');
  await confirmDialog(page, `${customerName} এখন অ্যাডমিন!`);
  await expect(row).toContainText('অ্যাডমিন');

  await row.getByRole('button', { name: 'মুছে ফেলুন' }).click();
  await expect(dialog(page)).toContainText('এটি আর ফেরানো যাবে না!');
  await confirmDialog(page, 'আপনি কি নিশ্চিত?', 'হ্যাঁ, মুছে ফেলুন!');
  await expect(dialog(page)).toContainText(`${customerName} কে মুছে ফেলা হয়েছে।`);
  await confirmDialog(page, 'মুছে ফেলা হয়েছে');
  await expect(row).toHaveCount(0);

  // Blocked Phones.
  await page.goto('/dashboard/blockedphones?lang=bn');
  await expect(page.getByRole('heading', { level: 1, name: 'ব্লক করা ফোন নম্বর' })).toBeVisible();
  await page.getByRole('textbox', { name: 'ফোন নম্বর' }).fill('12345');
  await page.getByRole('button', { name: 'নম্বর ব্লক করুন' }).click();
  await expect(page.getByText('০১৭১২৩৪৫৬৭৮ এর মতো একটি বাংলাদেশি মোবাইল নম্বর দিন')).toBeVisible();
  await expect(page.getByText('কারণ লিখুন')).toBeVisible();
  await page.getByRole('textbox', { name: 'ফোন নম্বর' }).fill(phone);
  await page.getByRole('textbox', { name: 'কারণ', exact: true }).fill(reason);
  await page.getByRole('button', { name: 'নম্বর ব্লক করুন' }).click();
  await expect(dialog(page)).toContainText(`${listed} নম্বরের অর্ডার এখন আর নেওয়া হবে না।`);
  await confirmDialog(page, 'নম্বর ব্লক হয়েছে');

  await expect(page.getByTestId('blocked-phones-total')).toHaveText(/^মোট ব্লক করা নম্বর: [০-৯,]+$/);
  for (const name of ['ফোন', 'কারণ', 'ব্লকের সময়', 'কাজ']) await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
  const blocked = page.getByTestId('blocked-phone-row').filter({ hasText: listed });
  await expect(blocked.locator('td').first()).toHaveText(/^[০-৯]+$/);
  // "২৫ নভে, ২০২৬ ...": the date and time in Bengali digits, then who blocked it.
  await expect(blocked.locator('td').nth(2)).toContainText(/[০-৯]{4}/);
  await expect(blocked.locator('td').nth(2)).not.toContainText(/[0-9]{4}/);
  await expect(blocked.locator('small')).toHaveText(`করেছেন ${e2eAdmin.email}`);
  expect(await englishLeft(page)).toEqual([]);

  await blocked.getByRole('button', { name: 'আনব্লক করুন' }).click();
  await expect(dialog(page)).toContainText('এই নম্বরের অর্ডার আবার নেওয়া হবে।');
  await confirmDialog(page, `${listed} আনব্লক করবেন?`, 'হ্যাঁ, আনব্লক করুন!');
  await expect(dialog(page)).toContainText(`${listed} আবার অর্ডার করতে পারবে।`);
  await confirmDialog(page, 'আনব্লক হয়েছে!');
  await expect(blocked).toHaveCount(0);
});

test("the order page's timeline and messages in Bengali", async ({ page }) => {
  await page.goto('/login');
  await logIn(page, e2eAdmin.email, e2eAdmin.password);
  await page.goto(`/dashboard/allorders/${orderId}?lang=bn`);
  await expect(page.getByTestId('order-page')).toBeVisible();
  const event = page.getByTestId('timeline-event').first();
  await expect(event).toContainText('অর্ডার করা হয়েছে');
  await expect(event).toContainText(`করেছেন ${e2eAdmin.email} (অ্যাডমিন)`);
  await expect(event).toContainText(`স্টক থেকে নেওয়া: ${title} × ২`);
  await expect(event.locator('time')).toHaveText(/[০-৯]{4}/);

  const message = page.getByTestId('order-message').first();
  await expect(message).toBeVisible();
  await expect(message.getByTestId('message-state')).toHaveText(/^(পাঠানোর অপেক্ষায়|পাঠানো হয়েছে|পাঠানো যায়নি)$/);
  await expect(message.locator('.order-messages__what')).toHaveText(/ কে (এসএমএস|ইমেইল)$/);
  await expect(message.locator('.order-messages__meta')).toContainText('অর্ডার করা হয়েছে · লেখা হয়েছে');
  // Recipients, product titles and actors' emails are data; a message's subject, text and the gateway's error are the server's.
  const own = await page
    .locator('[data-testid="order-timeline"], [data-testid="order-messages"]')
    .evaluateAll((roots, known) => {
      const texts = roots.map((root) => {
        const copy = root.cloneNode(true) as HTMLElement;
        for (const part of copy.querySelectorAll('.order-messages__body, .order-messages__error')) part.remove();
        return copy.textContent ?? '';
      });
      let text = texts.join(' ');
      for (const item of known) text = text.split(item).join(' ');
      return text.replace(/\S+@\S+/g, ' ').replace(/\+?\d[\d ]{9,}/g, ' ');
    }, [title, e2eAdmin.email]);
  expect(own.match(/[A-Za-z]{3,}/g) ?? [], own).toEqual([]);
});

test('the Order Audit page in Bengali', async ({ page }) => {
  await page.goto('/login');
  await logIn(page, e2eAdmin.email, e2eAdmin.password);
  await page.goto('/dashboard/audit?lang=bn');
  await expect(page.getByRole('heading', { level: 1, name: 'অর্ডার অডিট' })).toBeVisible();
  await expect(page.getByTestId('audit-status')).toHaveText(/^(যাচাই হয়েছে: সব ঘটনা ঠিক আছে|অর্ডারের খাতা যাচাই হচ্ছে: আর [০-৯,]+টি ঘটনা বাকি…|সমস্যা পাওয়া গেছে.*)/);
  await expect(page.getByTestId('audit-count')).toHaveText(/^ঘটনা: [০-৯,]+$/);
  await expect(page.getByRole('button', { name: /আবার যাচাই করুন|যাচাই হচ্ছে…/ })).toBeVisible();
  for (const name of ['সময়', 'অর্ডার', 'ক্রম', 'ধরন', 'যিনি করেছেন', 'হ্যাশ']) await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
  const first = page.getByTestId('audit-event').first();
  await expect(first.locator('td').nth(2)).toHaveText(/^[০-৯,]+$/);
  await expect(first.locator('time')).toHaveText(/[০-৯]{4}/);
  // The rows' order ids, event types, actors and hashes are the log's data; a problem's reason is the server's.
  expect(await latinWordsLeft(page, [], 'tbody, .audit-problem dd, [data-testid="pager"]')).toEqual([]);
});
