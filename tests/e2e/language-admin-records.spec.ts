import { expect, test, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.js';
import { confirmDialog, dialog, latinWordsLeft, logIn, password, uniqueEmail } from './support.js';

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

test.beforeAll(async ({ request }) => {
  const res = await request.post('/api/auth/signup', { data: { name: customerName, email: customerEmail, password } });
  expect(res.ok(), await res.text()).toBe(true);
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
