import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { formatMoney } from '../../src/shared/locale-format.js';
import { e2eAdmin } from '../../playwright.config.js';
import { confirmDialog, latinWordsLeft, logIn } from './support.js';

// Issue 18, the admin's catalogue pages in Bengali (?lang=bn): Add Category, Add Coupon and Manage
// Coupons (with the Delete dialog), Add Slider Image and Manage Slider Images. No English word is
// left on them but data (category names, coupon codes). The category and coupon are the test's own.
const stamp = `${Date.now() % 1_000_000}`;
const category = `Bhasha Shelf ${stamp}`;
const code = `BHASHA${stamp}`;
const title = `Bhasha Otter ${stamp}`;
// Bengali names saved through the admin forms (issue 18).
const categoryBn = `ভাষার তাক ${stamp}`;
const titleBn = `ভোঁদড় ${stamp}`;

test.beforeEach(async ({ context }) => {
  await context.route(/^https:\/\/images\.example\.com\//, (route) => route.fulfill({ status: 404, body: '' }));
});

test('Add Category, coupons and slider pages in Bengali', async ({ page }) => {
  await page.goto('/login');
  await logIn(page, e2eAdmin.email, e2eAdmin.password);

  await page.goto('/dashboard/addcategory?lang=bn');
  await expect(page.getByRole('heading', { level: 1, name: 'ক্যাটাগরি যোগ করুন' })).toBeVisible();
  expect(await latinWordsLeft(page, [], '', '.dashboard-page')).toEqual([]);
  await page.getByLabel('ক্যাটাগরির নাম').fill(category);
  await page.getByLabel('বাংলা নাম (ঐচ্ছিক)').fill(categoryBn);
  await page.getByRole('button', { name: 'ক্যাটাগরি যোগ করুন' }).click();
  await expect(page.locator('.swal2-html-container')).toHaveText(`${category} এখন একটি ক্যাটাগরি।`);
  await confirmDialog(page, 'ক্যাটাগরি যোগ হয়েছে');
  const categories = (await (await page.request.get('/api/categories')).json()) as Array<{ category: string; categoryBn?: string }>;
  expect(categories.find((c) => c.category === category)?.categoryBn).toBe(categoryBn);

  await page.goto('/dashboard/addcoupon');
  await expect(page.getByRole('heading', { level: 1, name: 'কুপন যোগ করুন' })).toBeVisible();
  expect(await latinWordsLeft(page, [], '', '.dashboard-page')).toEqual([]);
  await page.getByLabel('কুপন কোড').fill(code);
  await page.getByLabel('ছাড় (%)').fill('12.5');
  await page.getByRole('button', { name: 'কুপন যোগ করুন' }).click();
  await expect(page.locator('.swal2-html-container')).toHaveText(`${code} কোডে ১২.৫% ছাড়।`);
  await confirmDialog(page, 'কুপন যোগ হয়েছে!');

  await page.goto('/dashboard/managecoupons');
  await expect(page.getByRole('heading', { level: 1, name: 'কুপন ব্যবস্থাপনা' })).toBeVisible();
  await expect(page.getByTestId('coupons-total')).toHaveText(/^মোট কুপন: [০-৯,]+$/);
  const row = page.getByTestId('coupon-row').filter({ hasText: code });
  await expect(row).toContainText('১২.৫%');
  for (const name of ['কোড', 'ছাড়', 'কাজ']) await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
  // Coupon codes are data.
  expect(await latinWordsLeft(page, [], 'th[scope="row"]', '.dashboard-page')).toEqual([]);
  await row.getByRole('button', { name: 'মুছুন' }).click();
  await expect(page.locator('.swal2-html-container')).toHaveText('এটি আর ফেরানো যাবে না!');
  await expect(page.locator('.swal2-cancel')).toHaveText('বাতিল করুন');
  await confirmDialog(page, 'আপনি কি নিশ্চিত?', 'হ্যাঁ, মুছে ফেলুন!');
  await confirmDialog(page, 'মুছে ফেলা হয়েছে!');
  await expect(row).toHaveCount(0);

  await page.goto('/dashboard/addslider');
  await expect(page.getByRole('heading', { level: 1, name: 'স্লাইডারে ছবি যোগ করুন' })).toBeVisible();
  await expect(page.getByLabel('স্লাইডারের ছবি')).toBeVisible();
  expect(await latinWordsLeft(page, [], '', '.dashboard-page')).toEqual([]);
  await page.getByRole('button', { name: 'স্লাইডারে যোগ করুন' }).click();
  await confirmDialog(page, 'ছবি দরকার');

  await page.goto('/dashboard/managesliders');
  await expect(page.getByRole('heading', { level: 1, name: 'স্লাইডারের ছবি ব্যবস্থাপনা' })).toBeVisible();
  await expect(page.getByTestId('sliders-total')).toHaveText(/^মোট স্লাইডারের ছবি: [০-৯,]+$/);
  expect(await latinWordsLeft(page, [], '', '.dashboard-page')).toEqual([]);
});

test('Manage Products, Update Product and Add Products in Bengali: stock marks, Low stock only, the form and the Delete dialog', async ({ page, request }) => {
  const token = ((await (await request.post('/api/auth/login', { data: e2eAdmin })).json()) as { token: string }).token;
  const headers = { authorization: `Bearer ${token}` };
  expect((await request.post('/api/categories', { headers, data: { category } })).status()).toBeLessThan(500);
  const created = await request.post('/api/products', {
    headers,
    data: {
      title,
      description: 'Counted by the Bengali stock column.',
      category,
      price: 4500,
      sizes: ['S', 'M', 'L'],
      colors: [],
      images: ['https://images.example.com/bhasha-otter.webp'],
      variants: [
        { size: 'S', color: '', stock: 3 },
        { size: 'M', color: '', stock: 0 },
        { size: 'L', color: '', stock: 12 },
      ],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);

  await page.goto('/login');
  await logIn(page, e2eAdmin.email, e2eAdmin.password);
  await page.goto('/dashboard/manageproducts?lang=bn&lowStock=true');
  await expect(page.getByRole('heading', { level: 1, name: 'পণ্য ব্যবস্থাপনা' })).toBeVisible();
  await expect(page.getByLabel('শুধু কম স্টকের পণ্য')).toBeChecked();
  await expect(page.getByTestId('products-total')).toHaveText(/^মোট পণ্য: [০-৯,]+$/);
  for (const name of ['ছবি', 'নাম', 'ক্যাটাগরি', 'দাম', 'স্টক', 'কাজ']) await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
  const row = page.getByTestId('product-row').filter({ hasText: title });
  await expect(row).toContainText(formatMoney(4500, 'bn'));
  await expect(row.getByTestId('product-stock')).toHaveText(/^১৫\s*কম\s*১টির স্টক শেষ$/);
  // Product titles and categories are data.
  expect(await latinWordsLeft(page, [], 'th[scope="row"], td:nth-child(4)', '.dashboard-page')).toEqual([]);
  await row.getByRole('link', { name: 'হালনাগাদ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'পণ্য হালনাগাদ' })).toBeVisible();
  await expect(page.locator('.page__lead')).toHaveText(`সম্পাদনা হচ্ছে: ${title}.`);
  for (const label of ['নাম', 'বিবরণ', 'বাংলা নাম (ঐচ্ছিক)', 'বাংলা বিবরণ (ঐচ্ছিক)', 'ক্যাটাগরি', 'দাম (টাকা)', 'সাইজ', 'রং', 'স্টক S', 'স্টক M', 'স্টক L', 'ছবি ১ (আবশ্যক)', 'ছবি ২'])
    await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  await expect(page.getByText('০ (স্টক শেষ) থেকে')).toBeVisible();
  await expect(page.getByRole('button', { name: 'পণ্য হালনাগাদ করুন' })).toBeVisible();
  // Category names in the select and the description are data.
  expect(await latinWordsLeft(page, [title], 'select, textarea', '.dashboard-page')).toEqual([]);
  // The form saves a Bengali title (issue 18); the update form wants a photo, as in English.
  await page.getByLabel('বাংলা নাম (ঐচ্ছিক)', { exact: true }).fill(titleBn);
  const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#8e44ad' } }).png().toBuffer();
  await page.getByLabel('ছবি ১ (আবশ্যক)', { exact: true }).setInputFiles({ name: 'otter.png', mimeType: 'image/png', buffer: photo });
  await page.getByRole('button', { name: 'পণ্য হালনাগাদ করুন' }).click();
  await confirmDialog(page, 'পণ্য হালনাগাদ হয়েছে');
  const saved = (await (await request.get(`/api/products/${((await created.json()) as { insertedId: string }).insertedId}`)).json()) as { title: string; titleBn?: string };
  expect(saved).toMatchObject({ title, titleBn });

  await page.goto('/dashboard/addproducts');
  await expect(page.getByRole('heading', { level: 1, name: 'পণ্য যোগ করুন' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'পণ্য যোগ করুন' })).toBeVisible();
  expect(await latinWordsLeft(page, [], 'select', '.dashboard-page')).toEqual([]);

  await page.goto('/dashboard/manageproducts?lowStock=true');
  await row.getByRole('button', { name: 'মুছুন' }).click();
  await expect(page.locator('.swal2-cancel')).toHaveText('বাতিল করুন');
  await confirmDialog(page, 'আপনি কি নিশ্চিত?', 'হ্যাঁ, মুছে ফেলুন!');
  await expect(page.locator('.swal2-html-container')).toHaveText(`${title} মুছে ফেলা হয়েছে।`);
  await confirmDialog(page, 'মুছে ফেলা হয়েছে');
  await expect(row).toHaveCount(0);
});
