import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.js';
import { toBengaliDigits } from '../../src/shared/locale-format.js';
import { pdfPages } from '../support/pdf-text.js';
import { logIn, logOut, password, uniqueEmail } from './support.js';

// Issue 17, invoices and packing slips: a customer downloads an order's invoice from My Orders; an
// admin ticks two orders on the desk and downloads their packing slips; both PDFs are read back.
const stamp = `${Date.now() % 1_000_000}`;
const category = `Slips ${stamp}`;
const title = `Slip Tanuki Figure ${stamp}`;
const customerName = `Nasrin Slip${stamp}`;
const customerEmail = uniqueEmail('slips');

let adminToken = '';
let productId = '';
const placed: Array<{ id: string; number: number }> = [];

async function call(request: APIRequestContext, method: 'post' | 'delete', path: string, token: string, data?: unknown) {
  const res = await request[method](path, { headers: { authorization: `Bearer ${token}` }, ...(data === undefined ? {} : { data }) });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as Record<string, unknown>;
}

test.beforeAll(async ({ request }) => {
  adminToken = ((await (await request.post('/api/auth/login', { data: e2eAdmin })).json()) as { token: string }).token;
  await call(request, 'post', '/api/categories', adminToken, { category });
  const created = await call(request, 'post', '/api/products', adminToken, {
    title,
    description: 'Packed by the PDF journey.',
    category,
    price: 1200,
    sizes: [],
    colors: [],
    images: ['https://images.example.com/slips.webp'],
    variants: [{ size: '', color: '', stock: 50 }],
  });
  productId = created.insertedId as string;
  const signedUp = await request.post('/api/auth/signup', { data: { name: customerName, email: customerEmail, password } });
  expect(signedUp.status()).toBe(201);
  const shopper = ((await signedUp.json()) as { token: string }).token;
  for (const quantity of [1, 2]) {
    const phone = `0197${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const body = { name: customerName, phone, address: 'বাড়ি ১২, রোড ৫, ধানমন্ডি, ঢাকা', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery', items: [{ productId, size: '', color: '', quantity }] };
    const answer = await call(request, 'post', '/api/orders', shopper, body);
    placed.push({ id: answer.insertedId as string, number: (answer.order as { orderNumber: number }).orderNumber });
  }
});

test.afterAll(async ({ request }) => {
  if (productId) await call(request, 'delete', `/api/products/${productId}`, adminToken);
});

/** Clicks `button`, waits for the download and answers its name and each page's text. */
async function download(page: Page, click: () => Promise<void>) {
  const downloading = page.waitForEvent('download');
  await click();
  const file = await downloading;
  const bytes = await readFile((await file.path())!);
  return { name: file.suggestedFilename(), pages: await pdfPages(new Uint8Array(bytes)) };
}

test('a customer downloads an invoice; an admin downloads the packing slips of two ticked orders', async ({ page, context }) => {
  await context.route(/^https:\/\/images\.example\.com\//, (route) => route.fulfill({ status: 404, body: '' }));
  const [first, second] = placed as [{ id: string; number: number }, { id: string; number: number }];

  await page.goto('/login');
  await logIn(page, customerEmail);
  await page.goto('/dashboard/orders');
  const card = page.locator(`[data-testid="order"][data-order-id="${first.id}"]`);
  const invoice = await download(page, () => card.getByRole('button', { name: 'Invoice' }).click());
  expect(invoice.name).toBe(`invoice-${first.number}.pdf`);
  expect(invoice.pages).toHaveLength(1);
  expect(invoice.pages[0]).toContain(`Order ${first.number}`);
  expect(invoice.pages[0]).toContain(customerName);
  expect(invoice.pages[0]).toContain(`${title} 1 1,200 BDT 1,200 BDT`);
  expect(invoice.pages[0]).toContain('Cash On Delivery: collect 1,260 BDT');
  await logOut(page);

  await page.goto('/login');
  await logIn(page, e2eAdmin.email, e2eAdmin.password);
  await page.goto(`/dashboard/allorders?q=${encodeURIComponent(customerName)}`);
  await expect(page.getByTestId('admin-order')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Packing slips (0)' })).toBeDisabled();
  await page.getByLabel(`Select order ${first.number} for packing slips`).check();
  await page.getByLabel(`Select order ${second.number} for packing slips`).check();
  const slips = await download(page, () => page.getByRole('button', { name: 'Packing slips (2)' }).click());
  expect(slips.name).toBe(`packing-slips-${first.number}-${second.number}.pdf`);
  expect(slips.pages).toHaveLength(2);
  expect(slips.pages[0]).toContain(`Order ${first.number}`);
  expect(slips.pages[1]).toContain(`Order ${second.number}`);
  expect(slips.pages[1]).toContain('Cash On Delivery: collect 2,460 BDT');
});

// Issue 33: a canceled order gets no packing slip. Ticked on the desk with another, the file is
// refused and the error dialog says why (the server's words in English, its code's in Bengali).
const canceledCases = [
  { lang: 'en', width: 1366, pick: (n: number) => `Select order ${n} for packing slips`, button: 'Packing slips (2)', title: 'Download failed' },
  { lang: 'bn', width: 390, pick: (n: number) => `প্যাকিং স্লিপের জন্য অর্ডার ${toBengaliDigits(String(n))} বাছুন`, button: 'প্যাকিং স্লিপ (২)', title: 'ডাউনলোড হয়নি' },
] as const;
for (const { lang, width, pick, button, title: dialogTitle } of canceledCases) {
  test(`a canceled order ticked on the desk: no packing slips, a dialog says why (${lang}, ${width} px)`, async ({ page, context, request }) => {
    await page.setViewportSize({ width, height: 800 });
    const [first] = placed as [{ id: string; number: number }];
    const phone = `0197${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const body = { name: customerName, phone, address: 'House 3, Road 9, Uttara', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery', items: [{ productId, size: '', color: '', quantity: 1 }] };
    const answer = await call(request, 'post', '/api/orders', adminToken, body);
    const canceled = { id: answer.insertedId as string, number: (answer.order as { orderNumber: number }).orderNumber };
    const patched = await request.patch(`/api/orders/${canceled.id}`, { headers: { authorization: `Bearer ${adminToken}` }, data: { status: 'Canceled' } });
    expect(patched.status()).toBe(200);

    await context.addInitScript((token) => window.localStorage.setItem('access-token', token), adminToken);
    await page.goto(`/dashboard/allorders?q=${encodeURIComponent(customerName)}&lang=${lang}`);
    await page.getByLabel(pick(first.number)).check();
    await page.getByLabel(pick(canceled.number)).check();
    let downloaded = false;
    page.on('download', () => (downloaded = true));
    await page.getByRole('button', { name: button }).click();
    const dialog = page.locator('.swal2-popup:not(.swal2-hide)');
    await expect(dialog.locator('.swal2-title')).toHaveText(dialogTitle);
    await expect(dialog).toContainText(
      lang === 'en'
        ? `Order ${canceled.number} is canceled: it gets no packing slip. Unselect it and print again.`
        : 'বাতিল করা অর্ডারের প্যাকিং স্লিপ হয় না। বাতিল অর্ডারগুলো বাদ দিয়ে আবার প্রিন্ট করুন।',
    );
    expect(downloaded).toBe(false);
  });
}
