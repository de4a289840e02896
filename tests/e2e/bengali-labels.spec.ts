import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { e2eAdmin } from '../../playwright.config.js';
import { adminToken, apiAs, confirmDialog, logIn } from './support.js';

// Issue 33 point 9: "sizes and colours cannot be translated". The admin writes Bengali names beside
// the sizes and colors in the product form (in either language, on a phone and a laptop); a shopper
// reading Bengali sees them on the product page and in the cart, one reading English the English
// labels, which stay the variant's key (decision 057).
const stamp = `${Date.now() % 1_000_000}`;
const category = `Labels ${stamp}`;
const ids: string[] = [];
let token = '';

const form = {
  en: { title: 'Title', category: 'Category', price: 'Price (BDT)', sizes: 'Sizes', sizesBn: 'Bengali sizes (optional)', colors: 'Colors', colorsBn: 'Bengali colors (optional)', photo: 'Photo 1 (required)', submit: /Add Product/, added: 'Product Added Successfully' },
  bn: { title: 'নাম', category: 'ক্যাটাগরি', price: 'দাম (টাকা)', sizes: 'সাইজ', sizesBn: 'সাইজের বাংলা নাম (ঐচ্ছিক)', colors: 'রং', colorsBn: 'রঙের বাংলা নাম (ঐচ্ছিক)', photo: 'ছবি ১ (আবশ্যক)', submit: /পণ্য যোগ করুন/, added: 'পণ্য যোগ হয়েছে' },
} as const;

const picture = () => sharp({ create: { width: 600, height: 600, channels: 3, background: '#16a085' } }).png().toBuffer();

test.beforeAll(async ({ request }) => {
  token = await adminToken(request);
  await apiAs(request, token, 'post', '/api/categories', { category });
});

// Other journeys look at the newest products: take these away again.
test.afterAll(async ({ request }) => {
  for (const id of ids) await apiAs(request, token, 'delete', `/api/products/${id}`);
});

async function productTitled(request: APIRequestContext, title: string) {
  const list = await apiAs<Array<{ _id: string; title: string; sizes: string[]; sizesBn?: string[]; colorsBn?: string[] }>>(request, token, 'get', `/api/products?category=${encodeURIComponent(category)}`);
  const found = list.find((p) => p.title === title);
  if (!found) throw new Error(`no product ${title}`);
  return found;
}

async function asAdmin(page: Page) {
  await page.goto('/login');
  await logIn(page, e2eAdmin.email, e2eAdmin.password);
}

for (const lang of ['en', 'bn'] as const) {
  for (const width of [390, 1366] as const) {
    test(`${lang} form at ${width} px: Bengali names for sizes and colors, shown to a Bengali reader`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 900 });
      const say = form[lang];
      const title = `Label Tee ${stamp} ${lang}${width}`;
      await asAdmin(page);
      await page.goto(`/dashboard/addproducts?lang=${lang}`);
      await page.getByLabel(say.title, { exact: true }).fill(title);
      await page.getByLabel(say.category, { exact: true }).selectOption(category);
      await page.getByLabel(say.price, { exact: true }).fill('650');
      await page.getByLabel(say.sizes, { exact: true }).fill('S, M');
      await page.getByLabel(say.sizesBn, { exact: true }).fill('ছোট, মাঝারি');
      await page.getByLabel(say.colors, { exact: true }).fill('Red');
      await page.getByLabel(say.colorsBn, { exact: true }).fill('লাল');
      await page.getByLabel(say.photo, { exact: true }).setInputFiles({ name: 'tee.png', mimeType: 'image/png', buffer: await picture() });
      await page.getByRole('button', { name: say.submit }).click();
      await confirmDialog(page, say.added);

      const saved = await productTitled(request, title);
      ids.push(saved._id);
      expect(saved.sizes).toEqual(['S', 'M']);
      expect(saved.sizesBn).toEqual(['ছোট', 'মাঝারি']);
      expect(saved.colorsBn).toEqual(['লাল']);

      // A Bengali reader: the selects name them in Bengali, their values stay the English keys.
      await page.goto(`/product/${saved._id}?lang=bn`);
      const buy = page.getByRole('form', { name: 'পণ্যটি কিনুন' });
      await expect(buy.locator('option[value="M"]')).toHaveText(/^মাঝারি/);
      await expect(buy.locator('option[value="Red"]')).toHaveText(/^লাল/);
      await buy.getByLabel('সাইজ').selectOption('M');
      await buy.getByRole('button', { name: 'কার্টে যোগ করুন' }).click();
      await confirmDialog(page, /কার্টে/);
      await page.goto('/dashboard/cart');
      await expect(page.getByRole('main')).toContainText('মাঝারি');
      await expect(page.getByRole('main')).toContainText('লাল');

      // An English reader sees the labels themselves.
      await page.goto(`/product/${saved._id}?lang=en`);
      await expect(page.getByRole('form', { name: 'Buy this product' }).locator('option[value="M"]')).toHaveText(/^M\b/);
    });
  }
}
