import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.js';
import { latinWordsLeft, signUp, uniqueEmail } from './support.js';

// Issue 18: the storefront's browsing pages in Bengali (?lang=bn): the product page (price, stock,
// purchase buttons, the log-in dialog), a category, all products, search with its controls and the
// pager, About Us, Our Policy, Contact Us and the not-found page. Numbers and prices in Bengali digits;
// in <main>, no English word is left but data (product titles, categories, descriptions, the
// contact details, the social networks' names). The products are the test's own.
const stamp = `${Date.now() % 1_000_000}`;
const word = `bhasha${stamp}`;
const category = `Bhasha Shelf ${stamp}`;
const lowTitle = `Bhasha${stamp} Fox Tee`;
// Its Bengali title and description, and the category's Bengali name (issue 18): shown in Bengali only.
const lowTitleBn = `শিয়াল টি-শার্ট ${stamp}`;
const descriptionBn = 'দুই ভাষার জন্য একটি শিয়াল টি-শার্ট।';
const categoryBn = `ভাষার তাক ${stamp}`;
const goneTitle = `Bhasha${stamp} Owl Box`;
const description = 'A fox tee for two languages.';
const image = 'https://images.example.com/language-storefront.webp';

let adminToken = '';
const ids: string[] = [];
/** Data shown on the pages (kept as it is in Bengali): every category, the products, the contact details. */
const data: string[] = [`nothing${word}`, word, lowTitle, goneTitle, description, 'Facebook', 'Instagram', 'YouTube'];

async function api(request: APIRequestContext, method: 'get' | 'post' | 'delete', path: string, body?: unknown) {
  const res = await request[method](path, { headers: { authorization: `Bearer ${adminToken}` }, ...(body === undefined ? {} : { data: body }) });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json() as Promise<unknown>;
}

test.beforeAll(async ({ request }) => {
  adminToken = ((await (await request.post('/api/auth/login', { data: e2eAdmin })).json()) as { token: string }).token;
  await api(request, 'post', '/api/categories', { category, categoryBn });
  const product = (title: string, price: number, variants: unknown[], bengali = {}) =>
    api(request, 'post', '/api/products', { title, description, category, price, sizes: ['S', 'M'], colors: [], images: [image, image], variants, ...bengali });
  const low = (await product(lowTitle, 123450, [{ size: 'S', color: '', stock: 2 }, { size: 'M', color: '', stock: 0 }], { titleBn: lowTitleBn, descriptionBn })) as { insertedId: string };
  const gone = (await product(goneTitle, 4500, [{ size: 'S', color: '', stock: 0 }, { size: 'M', color: '', stock: 0 }])) as { insertedId: string };
  ids.push(low.insertedId, gone.insertedId);
  const categories = (await api(request, 'get', '/api/categories')) as Array<{ category: string; label?: string }>;
  for (const c of categories) data.push(c.category, ...(c.label ? [c.label] : []));
  const config = (await (await request.get('/api/config')).json()) as { contact?: { email?: string; phone?: string }; shopName?: string };
  data.push(...[config.contact?.email, config.contact?.phone, config.shopName].filter((text): text is string => Boolean(text)));
});

// Other journeys count the catalogue's products: take these away again.
test.afterAll(async ({ request }) => {
  for (const id of ids) await api(request, 'delete', `/api/products/${id}`);
});

test.beforeEach(async ({ page }) => {
  await page.route(/^https:\/\/images\.example\.com\//, (route) => route.fulfill({ status: 404, body: '' }));
});

/** The Latin words left in <main> once data (cards' titles and categories, category links, known data) is taken out. */
const englishLeft = (page: Page) =>
  latinWordsLeft(page, data, '.product-card__title, .product-card__category-link, a[href^="/category/"], a[href^="mailto:"], a[href^="tel:"]');

test('the product page in Bengali: Bengali title, price, stock, sizes, buttons and the log-in dialog', async ({ page }) => {
  await page.goto(`/product/${ids[0]}?lang=bn`);
  // Its Bengali title, description and category name (issue 18); the other product has none: its English shows.
  await expect(page.locator('#product-title')).toHaveText(lowTitleBn);
  await expect(page.locator('.product-detail__description')).toContainText(descriptionBn);
  await expect(page.locator('.product-detail__facts')).toContainText(categoryBn);
  await expect(page.getByTestId('product-price')).toHaveText('দাম: ১,২৩,৪৫০ টাকা');
  const form = page.getByRole('form', { name: 'পণ্যটি কিনুন' });
  await expect(form.getByTestId('stock')).toHaveText('মাত্র ২টি বাকি');
  await expect(form.getByLabel('সাইজ', { exact: true }).locator('option', { hasText: 'M (স্টক শেষ)' })).toBeDisabled();
  await expect(page.getByText('পণ্যের ধরন:')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'বিবরণ' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'ফিরে যান' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'সব পণ্য' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'এখনই অর্ডার করুন' })).toBeEnabled();
  expect(await englishLeft(page)).toEqual([]);

  await form.getByRole('button', { name: 'কার্টে যোগ করুন' }).click();
  await expect(page.locator('.swal2-title')).toHaveText('আগে লগ ইন করুন');
  await expect(page.locator('.swal2-html-container')).toHaveText('কার্টে পণ্য যোগ করতে বা অর্ডার করতে লগ ইন করুন।');

  await page.goto(`/product/${ids[1]}?lang=bn`);
  await expect(page.getByRole('form', { name: 'পণ্যটি কিনুন' }).getByTestId('stock')).toHaveText('স্টক শেষ');
  await expect(page.locator('#product-title')).toHaveText(goneTitle);

  // In English, the English title, description and category name.
  await page.goto(`/product/${ids[0]}?lang=en`);
  await expect(page.locator('#product-title')).toHaveText(lowTitle);
  await expect(page.locator('.product-detail__description')).toContainText(description);
  await expect(page.locator('.product-detail__facts')).toContainText(category);
});

test('a category, all products and search in Bengali, with their controls and the pager', async ({ page }) => {
  await page.goto(`/category/${encodeURIComponent(category)}?lang=bn`);
  // The category's Bengali name heads its page (its URL keeps the English name); cards show Bengali titles.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(categoryBn);
  // The tab's title names it in Bengali too (the address names it in English).
  await expect(page).toHaveTitle(new RegExp(`^${categoryBn} \\| `));
  const card = page.getByTestId('product-card').filter({ hasText: lowTitleBn });
  await expect(card).toContainText('দাম - ১,২৩,৪৫০ টাকা');
  await expect(card).toContainText(`ক্যাটাগরি - ${categoryBn}`);
  await expect(page.getByText('সাজান', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'সব', exact: true })).toBeVisible();
  expect(await englishLeft(page)).toEqual([]);
  await page.getByLabel('শুধু স্টকে আছে এমন').check();
  await expect(page.getByText('এই ফিল্টারে কোনো পণ্য মেলেনি।')).toHaveCount(0);
  await expect(page.getByTestId('product-card').filter({ hasText: goneTitle })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'ফিল্টার মুছুন' })).toBeVisible();
  expect(await englishLeft(page)).toEqual([]);

  await page.goto(`/allproductandcategories?lang=bn`);
  await expect(page.getByRole('heading', { level: 1, name: 'সব পণ্য' })).toBeVisible();
  await expect(page.getByLabel('সর্বনিম্ন দাম (টাকা)')).toBeVisible();
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  expect(await englishLeft(page)).toEqual([]);

  await page.goto(`/search?q=${word}&lang=bn`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`“${word}”-এর ফলাফল`);
  await expect(page.getByTestId('product-count')).toHaveText('২টি পণ্য');
  await expect(page.getByTestId('product-card').filter({ hasText: lowTitleBn })).toBeVisible();
  await expect(page.getByRole('option', { name: 'সবচেয়ে মিল' })).toBeAttached();
  await expect(page.getByRole('option', { name: 'সব ক্যাটাগরি' })).toBeAttached();
  expect(await englishLeft(page)).toEqual([]);

  // Past the last page: the pager says so, in Bengali digits.
  await page.goto(`/search?q=${word}&page=2&lang=bn`);
  await expect(page.getByTestId('pager-status')).toHaveText('২টির মধ্যে ০টি দেখানো হচ্ছে');
  await expect(page.getByRole('link', { name: 'আগের পাতা' })).toBeVisible();
  expect(await englishLeft(page)).toEqual([]);

  await page.goto(`/search?q=nothing${word}&lang=bn`);
  await expect(page.getByText('আপনার খোঁজার সাথে কোনো পণ্য মেলেনি।')).toBeVisible();
  expect(await englishLeft(page)).toEqual([]);
});

test('About Us, Our Policy, Contact Us and the not-found page in Bengali', async ({ page }) => {
  const pages: Array<[string, string, string]> = [
    ['/about', 'আমাদের কথা', 'যেভাবে অর্ডার করবেন'],
    ['/policy', 'আমাদের নীতি', 'ঢাকার ভিতরে ৬০ টাকা'],
    ['/contact', 'যোগাযোগ', 'সোশ্যাল মিডিয়া'],
    [`/no-such-page-${stamp}`, 'পাতাটি পাওয়া যায়নি', 'হোমে ফিরে যান'],
  ];
  for (const [path, title, text] of pages) {
    await page.goto(`${path}?lang=bn`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(text).first()).toBeVisible();
    expect(await englishLeft(page), path).toEqual([]);
  }
});

test('a signed-in shopper adds to the cart from a Bengali product page: the dialog is in Bengali', async ({ page }) => {
  // Signed up in English (the default), then the product page in Bengali.
  await signUp(page, 'Bhasha Shopper', uniqueEmail('bhasha'));
  await page.goto(`/product/${ids[0]}?lang=bn`);
  await page.getByLabel('সাইজ', { exact: true }).selectOption('S');
  await page.getByRole('button', { name: 'কার্টে যোগ করুন' }).click();
  await expect(page.locator('.swal2-title')).toHaveText(`${lowTitleBn} কার্টে যোগ হয়েছে`);
});
